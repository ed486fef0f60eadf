// std::convert: the blanket impls people meet.

pub trait From<T>: Sized {}
pub trait Into<T>: Sized {}
pub trait TryFrom<T>: Sized { type Error; }
pub trait TryInto<T>: Sized { type Error; }
pub trait AsRef<T: ?Sized> {}
pub trait AsMut<T: ?Sized> {}
pub enum Infallible {}

impl<T> From<T> for T {}
impl<T, U: From<T>> Into<U> for T {}
impl<T, U: Into<T>> TryFrom<U> for T { type Error = Infallible; }
impl<T, U: TryFrom<T>> TryInto<U> for T { type Error = <U as TryFrom<T>>::Error; }
impl<T: ?Sized, U: ?Sized> AsRef<U> for &T where T: AsRef<U> {}
impl<T: ?Sized, U: ?Sized> AsRef<U> for &mut T where T: AsRef<U> {}
impl<T> AsRef<[T]> for [T] {}
impl AsRef<str> for str {}
impl AsRef<[u8]> for str {}

impl From<u8> for u16 {} impl From<u8> for u32 {} impl From<u8> for u64 {} impl From<u8> for u128 {}
impl From<u8> for usize {} impl From<u16> for u32 {} impl From<u16> for u64 {} impl From<u16> for usize {}
impl From<u32> for u64 {} impl From<u32> for u128 {} impl From<u64> for u128 {}
impl From<i8> for i16 {} impl From<i8> for i32 {} impl From<i8> for i64 {} impl From<i16> for i32 {}
impl From<i16> for i64 {} impl From<i32> for i64 {} impl From<i64> for i128 {}
impl From<u8> for char {} impl From<bool> for u8 {} impl From<f32> for f64 {}

impl Clone for Infallible {} impl Copy for Infallible {} impl Debug for Infallible {}
impl Display for Infallible {} impl PartialEq for Infallible {} impl Eq for Infallible {}
