trait Foo {}
impl<T> Foo for T where T: Iterator<Itm = u8> {}
