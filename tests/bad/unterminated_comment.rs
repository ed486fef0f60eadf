trait Foo {}
/* never closed
struct S;
