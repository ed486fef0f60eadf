trait Foo<T> {}
struct S;
impl Foo for S {}
