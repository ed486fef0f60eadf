// std::str

use crate::num::{ParseFloatError, ParseIntError};

pub trait FromStr: Sized { type Err; }
pub struct ParseBoolError { kind: u8 }
pub struct Utf8Error { valid_up_to: usize }
pub struct Chars<'a> { s: &'a str }
pub struct Bytes<'a> { s: &'a str }
pub struct Lines<'a> { s: &'a str }

macro_rules! from_str_int { ($($t:ty)*) => { $(impl FromStr for $t { type Err = ParseIntError; })* }; }
from_str_int! { u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
impl FromStr for f32 { type Err = ParseFloatError; }
impl FromStr for f64 { type Err = ParseFloatError; }
impl FromStr for bool { type Err = ParseBoolError; }
impl FromStr for char { type Err = ParseCharError; }
pub struct ParseCharError { kind: u8 }
impl Debug for ParseCharError {} impl Display for ParseCharError {} impl Clone for ParseCharError {}
impl PartialEq for ParseCharError {} impl Eq for ParseCharError {} impl crate::error::Error for ParseCharError {}
impl Debug for ParseBoolError {} impl Display for ParseBoolError {} impl Clone for ParseBoolError {}
impl PartialEq for ParseBoolError {} impl Eq for ParseBoolError {} impl crate::error::Error for ParseBoolError {}
impl Debug for Utf8Error {} impl Display for Utf8Error {} impl Clone for Utf8Error {} impl Copy for Utf8Error {}
impl PartialEq for Utf8Error {} impl Eq for Utf8Error {} impl crate::error::Error for Utf8Error {}
impl<'a> Iterator for Chars<'a> { type Item = char; }
impl<'a> DoubleEndedIterator for Chars<'a> {}
impl<'a> Clone for Chars<'a> {} impl<'a> Debug for Chars<'a> {}
impl<'a> Iterator for Bytes<'a> { type Item = u8; }
impl<'a> DoubleEndedIterator for Bytes<'a> {}
impl<'a> ExactSizeIterator for Bytes<'a> {}
impl<'a> Clone for Bytes<'a> {} impl<'a> Debug for Bytes<'a> {}
impl<'a> Iterator for Lines<'a> { type Item = &'a str; }
impl<'a> DoubleEndedIterator for Lines<'a> {}
impl<'a> Clone for Lines<'a> {} impl<'a> Debug for Lines<'a> {}
