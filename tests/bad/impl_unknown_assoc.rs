trait Foo { type Out; }
struct S;
impl Foo for S { type Other = u8; }
