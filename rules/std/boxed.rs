// std::boxed

#[fundamental]
pub struct Box<T: ?Sized> { value: T }

impl<T: ?Sized> Deref for Box<T> { type Target = T; }
impl<T: ?Sized> DerefMut for Box<T> {}
impl<T: Clone> Clone for Box<T> {}
impl Clone for Box<str> {}
impl<T: Default> Default for Box<T> {}
impl<T: ?Sized + Debug> Debug for Box<T> {}
impl<T: ?Sized + Display> Display for Box<T> {}
impl<T: ?Sized + PartialEq> PartialEq for Box<T> {}
impl<T: ?Sized + Eq> Eq for Box<T> {}
impl<T: ?Sized + Hash> Hash for Box<T> {}
impl<T> From<T> for Box<T> {}
impl<I: Iterator + ?Sized> Iterator for Box<I> { type Item = <I as Iterator>::Item; }
impl<Args, F: FnOnce<Args> + ?Sized> FnOnce<Args> for Box<F> { type Output = <F as FnOnce<Args>>::Output; }
impl<Args, F: FnMut<Args> + ?Sized> FnMut<Args> for Box<F> {}
impl<Args, F: Fn<Args> + ?Sized> Fn<Args> for Box<F> {}
impl<T: ?Sized> Unpin for Box<T> {}
impl<T: ?Sized + PartialOrd> PartialOrd for Box<T> {}
impl<T: ?Sized + Ord> Ord for Box<T> {}
impl<T: ?Sized> AsRef<T> for Box<T> {}
impl<T: ?Sized> AsMut<T> for Box<T> {}
impl<T: ?Sized> Borrow<T> for Box<T> {}
impl<T: ?Sized> BorrowMut<T> for Box<T> {}
impl<T: Clone> Clone for Box<[T]> {}
impl<T> Default for Box<[T]> {}
impl Default for Box<str> {}
impl From<String> for Box<str> {}
impl From<&str> for Box<str> {}
impl<'a> From<Cow<'a, str>> for Box<str> {}
impl<T> From<Vec<T>> for Box<[T]> {}
impl<T: Clone> From<&[T]> for Box<[T]> {}
impl<T, const N: usize> From<[T; N]> for Box<[T]> {}
impl<'a, T: Clone> From<Cow<'a, [T]>> for Box<[T]> {}
impl<T> FromIterator<T> for Box<[T]> {}
impl FromIterator<char> for Box<str> {}
impl<'a> FromIterator<&'a str> for Box<str> {}
impl FromIterator<String> for Box<str> {}
impl<T> IntoIterator for Box<[T]> { type Item = T; type IntoIter = crate::vec::IntoIter<T>; }
impl<'a, T> IntoIterator for &'a Box<[T]> { type Item = &'a T; type IntoIter = crate::slice::Iter<'a, T>; }
impl From<Box<str>> for Box<[u8]> {}
