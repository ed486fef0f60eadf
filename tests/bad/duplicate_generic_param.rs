trait Foo {}
impl<T, T> Foo for T {}
