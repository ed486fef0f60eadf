trait Foo {}
struct S;
impl Foo for S {
    fn f() -> &'static str { "oops }
}
