trait Foo {}
struct S;
impl Foo S {}
