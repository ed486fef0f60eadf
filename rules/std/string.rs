// std::string

pub struct String { vec: Vec<u8> }
pub trait ToString { }

impl<T: Display + ?Sized> ToString for T {}
impl Clone for String {}
impl Default for String {}
impl Debug for String {}
impl Display for String {}
impl PartialEq for String {} impl Eq for String {} impl PartialOrd for String {} impl Ord for String {}
impl PartialEq<str> for String {}
impl<'a> PartialEq<&'a str> for String {}
impl Hash for String {}
impl Deref for String { type Target = str; }
impl DerefMut for String {}
impl AsRef<str> for String {}
impl AsRef<[u8]> for String {}
impl Borrow<str> for String {}
impl From<&str> for String {}
impl From<char> for String {}
impl From<Box<str>> for String {}
impl<'a> From<Cow<'a, str>> for String {}
impl FromIterator<char> for String {}
impl<'a> FromIterator<&'a str> for String {}
impl FromIterator<String> for String {}
impl Extend<char> for String {}
impl Add<&str> for String { type Output = String; }
impl PartialEq<String> for str {}
impl<'a> PartialEq<String> for &'a str {}
impl<'a> PartialEq<Cow<'a, str>> for String {}
impl<'a> PartialEq<Cow<'a, str>> for str {}
impl<'a, 'b> PartialEq<Cow<'a, str>> for &'b str {}
impl Index<Range<usize>> for String { type Output = str; }
impl Index<crate::ops::RangeInclusive<usize>> for String { type Output = str; }
impl AsMut<str> for String {}
impl BorrowMut<str> for String {}
impl From<&String> for String {}
impl From<&mut str> for String {}
impl<'a> FromIterator<&'a char> for String {}
impl FromIterator<Box<str>> for String {}
impl<'a> FromIterator<Cow<'a, str>> for String {}
impl<'a> Extend<&'a char> for String {}
impl<'a> Extend<&'a str> for String {}
impl Extend<String> for String {}
impl crate::fmt::Write for String {}
impl crate::str::FromStr for String { type Err = crate::convert::Infallible; }
