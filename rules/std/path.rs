// std::path

use crate::ffi::{OsStr, OsString};

pub struct Path { inner: OsStr }
pub struct PathBuf { inner: OsString }

impl AsRef<Path> for Path {} impl AsRef<Path> for PathBuf {} impl AsRef<Path> for str {}
impl AsRef<Path> for String {} impl AsRef<Path> for OsStr {} impl AsRef<Path> for OsString {}
impl<'a> AsRef<Path> for Cow<'a, OsStr> {}
impl AsRef<OsStr> for Path {} impl AsRef<OsStr> for PathBuf {}
impl Debug for Path {} impl PartialEq for Path {} impl Eq for Path {} impl Hash for Path {}
impl PartialOrd for Path {} impl Ord for Path {}
impl ToOwned for Path { type Owned = PathBuf; }
impl Clone for PathBuf {} impl Debug for PathBuf {} impl Default for PathBuf {}
impl PartialEq for PathBuf {} impl Eq for PathBuf {} impl Hash for PathBuf {}
impl PartialOrd for PathBuf {} impl Ord for PathBuf {}
impl Deref for PathBuf { type Target = Path; }
impl Borrow<Path> for PathBuf {}
impl<T: ?Sized + AsRef<OsStr>> From<&T> for PathBuf {}
impl From<String> for PathBuf {} impl From<OsString> for PathBuf {} impl From<Box<Path>> for PathBuf {}
impl PartialEq<str> for PathBuf {}
impl PartialEq<String> for PathBuf {}
impl<'a> PartialEq<&'a str> for Path {}
impl PartialEq<str> for Path {}
impl<'a> IntoIterator for &'a Path { type Item = &'a OsStr; type IntoIter = crate::vec::IntoIter<&'a OsStr>; }
impl<'a> IntoIterator for &'a PathBuf { type Item = &'a OsStr; type IntoIter = crate::vec::IntoIter<&'a OsStr>; }
impl crate::str::FromStr for PathBuf { type Err = crate::convert::Infallible; }
