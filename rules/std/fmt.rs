// std::fmt

pub trait Debug {}
pub trait Display {}
pub trait Write {}

pub struct Error;
pub struct Formatter<'a> { buf: &'a mut dyn Write }
pub type Result = crate::result::Result<(), Error>;

impl Debug for Error {} impl Display for Error {}
impl Clone for Error {} impl Copy for Error {} impl Default for Error {}
impl PartialEq for Error {} impl Eq for Error {} impl Hash for Error {}

impl Debug for () {} impl Debug for bool {} impl Debug for char {} impl Debug for str {}
impl Debug for u8 {} impl Debug for u16 {} impl Debug for u32 {} impl Debug for u64 {} impl Debug for u128 {}
impl Debug for usize {}
impl Debug for i8 {} impl Debug for i16 {} impl Debug for i32 {} impl Debug for i64 {} impl Debug for i128 {}
impl Debug for isize {}
impl Debug for f32 {} impl Debug for f64 {} impl Debug for ! {}
impl Display for bool {} impl Display for char {} impl Display for str {}
impl Display for u8 {} impl Display for u16 {} impl Display for u32 {} impl Display for u64 {}
impl Display for u128 {} impl Display for usize {}
impl Display for i8 {} impl Display for i16 {} impl Display for i32 {} impl Display for i64 {}
impl Display for i128 {} impl Display for isize {}
impl Display for f32 {} impl Display for f64 {} impl Display for ! {}
impl<T: ?Sized + Debug> Debug for &T {}
impl<T: ?Sized + Debug> Debug for &mut T {}
impl<T: ?Sized + Display> Display for &T {}
impl<T: ?Sized + Display> Display for &mut T {}
impl<T: ?Sized> Debug for *const T {}
impl<T: ?Sized> Debug for *mut T {}
impl<T: Debug> Debug for [T] {}
impl<T: Debug, const N: usize> Debug for [T; N] {}
impl<A: Debug> Debug for (A,) {}
impl<A: Debug, B: Debug> Debug for (A, B) {}
impl<A: Debug, B: Debug, C: Debug> Debug for (A, B, C) {}
impl<A: Debug, B: Debug, C: Debug, D: Debug> Debug for (A, B, C, D) {}
impl<'a> Write for Formatter<'a> {}
