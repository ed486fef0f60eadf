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

// Lossless conversions between the numeric types (std's `impl_from!`), and the fallible ones between
// every other pair of distinct integer types (`TryFrom`, error `TryFromIntError`).
macro_rules! from_each { ($($s:ty => $($t:ty),+;)*) => { $($(impl From<$s> for $t {})+)* }; }
from_each! {
    u8 => u16, u32, u64, u128, usize, i16, i32, i64, i128, isize, f32, f64, char;
    u16 => u32, u64, u128, usize, i32, i64, i128, f32, f64;
    u32 => u64, u128, i64, i128, f64;
    u64 => u128, i128;
    i8 => i16, i32, i64, i128, isize, f32, f64;
    i16 => i32, i64, i128, isize, f32, f64;
    i32 => i64, i128, f64;
    i64 => i128;
    f32 => f64;
    bool => u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64;
    char => u32, u64, u128;
}
macro_rules! try_from_each {
    ($($s:ty => $($t:ty),+;)*) => {
        $($(impl TryFrom<$s> for $t { type Error = crate::num::TryFromIntError; })+)*
    };
}
try_from_each! {
    u8 => i8, bool;
    u16 => bool; u32 => bool; u64 => bool; u128 => bool;
    i8 => bool; i16 => bool; i32 => bool; i64 => bool; i128 => bool;
    u16 => u8, i8, i16, isize;
    u32 => u8, u16, usize, i8, i16, i32, isize;
    u64 => u8, u16, u32, usize, i8, i16, i32, i64, isize;
    u128 => u8, u16, u32, u64, usize, i8, i16, i32, i64, i128, isize;
    usize => u8, u16, u32, u64, u128, i8, i16, i32, i64, i128, isize;
    i8 => u8, u16, u32, u64, u128, usize;
    i16 => u8, u16, u32, u64, u128, usize, i8;
    i32 => u8, u16, u32, u64, u128, usize, i8, i16, isize;
    i64 => u8, u16, u32, u64, u128, usize, i8, i16, i32, isize;
    i128 => u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, isize;
    isize => u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128;
}

impl Clone for Infallible {} impl Copy for Infallible {} impl Debug for Infallible {}
impl Display for Infallible {} impl PartialEq for Infallible {} impl Eq for Infallible {}
