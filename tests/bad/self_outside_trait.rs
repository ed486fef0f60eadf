trait Foo {}
impl Foo for Self {}
