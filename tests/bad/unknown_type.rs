trait Foo {}
impl Foo for Nope {}
