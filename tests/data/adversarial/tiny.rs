#[derive(Clone)]
struct Foo;
