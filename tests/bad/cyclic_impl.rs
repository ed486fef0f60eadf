trait Foo {}
impl<T> Foo for T where T: Foo {}
