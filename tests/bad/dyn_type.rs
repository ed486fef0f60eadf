trait Foo {}
struct S { f: Box<dyn forall<'a> Foo> }
