#[derive(PartialEq, Default)]
enum E<T> { #[default] A, B(T) }
struct NoDefault;
#[derive(PartialEq)]
struct P { x: u8 }
