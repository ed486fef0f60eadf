trait Foo {}
struct S;
impl Foo for S {}
