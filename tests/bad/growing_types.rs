trait Foo {}
struct S<T>(T);
impl<T> Foo for S<T> where S<S<T>>: Foo {}
