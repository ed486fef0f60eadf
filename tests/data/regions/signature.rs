struct Foo<'a> { x: &'a u8 }
trait Tr<'b> {}
impl<'b> Tr<'b> for Foo<'b> {}
