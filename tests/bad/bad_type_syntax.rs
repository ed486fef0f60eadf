trait Foo {}
struct S;
impl Foo for Vec<S {}
