trait Foo {}
struct S { f: Box<dyn Foo> }
