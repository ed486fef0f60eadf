trait Foo {}
struct S {
