// std::ffi

pub struct OsStr { inner: [u8] }
pub struct OsString { inner: Vec<u8> }
pub struct CStr { inner: [u8] }
pub struct CString { inner: Box<[u8]> }

impl AsRef<OsStr> for OsStr {} impl AsRef<OsStr> for OsString {} impl AsRef<OsStr> for str {}
impl AsRef<OsStr> for String {}
impl Debug for OsStr {} impl PartialEq for OsStr {} impl Eq for OsStr {} impl Hash for OsStr {}
impl ToOwned for OsStr { type Owned = OsString; }
impl Clone for OsString {} impl Debug for OsString {} impl Default for OsString {}
impl PartialEq for OsString {} impl Eq for OsString {} impl Hash for OsString {}
impl Deref for OsString { type Target = OsStr; }
impl Borrow<OsStr> for OsString {}
impl From<String> for OsString {}
impl<T: ?Sized + AsRef<OsStr>> From<&T> for OsString {}
impl Debug for CStr {} impl PartialEq for CStr {} impl Eq for CStr {} impl Hash for CStr {}
impl ToOwned for CStr { type Owned = CString; }
impl Clone for CString {} impl Debug for CString {} impl PartialEq for CString {} impl Eq for CString {}
impl Hash for CString {} impl Deref for CString { type Target = CStr; }
impl PartialOrd for OsStr {} impl Ord for OsStr {}
impl PartialOrd for OsString {} impl Ord for OsString {}
impl PartialEq<str> for OsString {}
impl<'a> PartialEq<&'a str> for OsString {}
impl PartialEq<str> for OsStr {}
impl crate::fmt::Write for OsString {}
impl crate::str::FromStr for OsString { type Err = crate::convert::Infallible; }
impl PartialEq<OsStr> for str {} impl PartialEq<OsString> for str {}
impl<'a> PartialEq<OsString> for &'a str {}
impl PartialOrd<str> for OsStr {} impl PartialOrd<str> for OsString {}
macro_rules! os_cmp_both {
    (<$($life:lifetime),*> $lhs:ty, $rhs:ty) => {
        impl<$($life),*> PartialEq<$rhs> for $lhs {}
        impl<$($life),*> PartialEq<$lhs> for $rhs {}
        impl<$($life),*> PartialOrd<$rhs> for $lhs {}
        impl<$($life),*> PartialOrd<$lhs> for $rhs {}
    };
}
os_cmp_both!(<> OsString, OsStr);
os_cmp_both!(<'a> OsString, &'a OsStr);
os_cmp_both!(<'a> Cow<'a, OsStr>, OsStr);
os_cmp_both!(<'a, 'b> Cow<'a, OsStr>, &'b OsStr);
os_cmp_both!(<'a> Cow<'a, OsStr>, OsString);
impl<'a> From<&'a OsStr> for Cow<'a, OsStr> {}
impl<'a> From<OsString> for Cow<'a, OsStr> {}
impl<'a> From<&'a OsString> for Cow<'a, OsStr> {}
impl<'a> From<Cow<'a, OsStr>> for OsString {}
