trait Foo {}
struct S;
impl Foo for S where S: Baz {}
