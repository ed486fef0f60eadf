trait Foo {}
struct S<T {}
