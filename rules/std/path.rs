// std::path

use crate::ffi::{OsStr, OsString};

pub struct Path { inner: [u8] }
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
impl PartialEq<str> for Path {}
impl<'a> IntoIterator for &'a Path { type Item = &'a OsStr; type IntoIter = Iter<'a>; }
impl<'a> IntoIterator for &'a PathBuf { type Item = &'a OsStr; type IntoIter = Iter<'a>; }
/// std's `path::Iter`: a path's components as `OsStr`s.
pub struct Iter<'a> { path: &'a [u8] }
impl<'a> Iterator for Iter<'a> { type Item = &'a OsStr; }
impl<'a> DoubleEndedIterator for Iter<'a> {}
impl<'a> Clone for Iter<'a> {}
impl<'a> Debug for Iter<'a> {}
impl crate::str::FromStr for PathBuf { type Err = crate::convert::Infallible; }
impl PartialEq<Path> for str {} impl PartialEq<PathBuf> for str {}
impl PartialEq<Path> for String {} impl PartialEq<PathBuf> for String {}
impl PartialEq<String> for Path {}
impl From<PathBuf> for OsString {}
impl From<PathBuf> for Box<Path> {}
// std's `impl_cmp!` and `impl_cmp_os_str!`: `PartialEq` and `PartialOrd` both ways.
macro_rules! cmp_both {
    (<$($life:lifetime),*> $lhs:ty, $rhs:ty) => {
        impl<$($life),*> PartialEq<$rhs> for $lhs {}
        impl<$($life),*> PartialEq<$lhs> for $rhs {}
        impl<$($life),*> PartialOrd<$rhs> for $lhs {}
        impl<$($life),*> PartialOrd<$lhs> for $rhs {}
    };
}
cmp_both!(<> PathBuf, Path);
cmp_both!(<'a> PathBuf, &'a Path);
cmp_both!(<'a> Cow<'a, Path>, Path);
cmp_both!(<'a, 'b> Cow<'a, Path>, &'b Path);
cmp_both!(<'a> Cow<'a, Path>, PathBuf);
cmp_both!(<> PathBuf, OsStr);
cmp_both!(<'a> PathBuf, &'a OsStr);
cmp_both!(<'a> PathBuf, Cow<'a, OsStr>);
cmp_both!(<> PathBuf, OsString);
cmp_both!(<> Path, OsStr);
cmp_both!(<'a> Path, &'a OsStr);
cmp_both!(<'a> Path, Cow<'a, OsStr>);
cmp_both!(<> Path, OsString);
cmp_both!(<'a> &'a Path, OsStr);
cmp_both!(<'a, 'b> &'a Path, Cow<'b, OsStr>);
cmp_both!(<'a> &'a Path, OsString);
cmp_both!(<'a> Cow<'a, Path>, OsStr);
cmp_both!(<'a, 'b> Cow<'a, Path>, &'b OsStr);
cmp_both!(<'a> Cow<'a, Path>, OsString);
impl<'a> From<&'a Path> for Cow<'a, Path> {}
impl<'a> From<PathBuf> for Cow<'a, Path> {}
impl<'a> From<&'a PathBuf> for Cow<'a, Path> {}
impl<'a> From<Cow<'a, Path>> for PathBuf {}
