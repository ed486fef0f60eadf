// std::vec

pub struct Vec<T> { buf: Box<[T]>, len: usize }
pub struct IntoIter<T> { buf: Box<[T]> }

impl<T: Clone> Clone for Vec<T> {}
impl<T> Default for Vec<T> {}
impl<T: Debug> Debug for Vec<T> {}
impl<T: PartialEq> PartialEq for Vec<T> {}
impl<T: Eq> Eq for Vec<T> {}
impl<T: PartialOrd> PartialOrd for Vec<T> {}
impl<T: Ord> Ord for Vec<T> {}
impl<T: Hash> Hash for Vec<T> {}
impl<T> Deref for Vec<T> { type Target = [T]; }
impl<T> DerefMut for Vec<T> {}
impl<T> AsRef<[T]> for Vec<T> {}
impl<T> AsRef<Vec<T>> for Vec<T> {}
impl<T> Borrow<[T]> for Vec<T> {}
impl<T> IntoIterator for Vec<T> { type Item = T; type IntoIter = IntoIter<T>; }
impl<'a, T> IntoIterator for &'a Vec<T> { type Item = &'a T; type IntoIter = crate::slice::Iter<'a, T>; }
impl<T> Iterator for IntoIter<T> { type Item = T; }
impl<T> FromIterator<T> for Vec<T> {}
impl<T> Extend<T> for Vec<T> {}
impl<T: Clone> From<&[T]> for Vec<T> {}
impl<T, const N: usize> From<[T; N]> for Vec<T> {}
impl<T> From<Box<[T]>> for Vec<T> {}
impl<T, I: crate::ops::SliceIndex<[T]>> Index<I> for Vec<T> { type Output = <I as crate::ops::SliceIndex<[T]>>::Output; }
impl<T, I: crate::ops::SliceIndex<[T]>> IndexMut<I> for Vec<T> {}
impl<T> AsMut<[T]> for Vec<T> {}
impl<T> BorrowMut<[T]> for Vec<T> {}
impl<T: Clone> From<&mut [T]> for Vec<T> {}
impl From<&str> for Vec<u8> {}
impl From<String> for Vec<u8> {}
impl<'a, T: Clone> From<Cow<'a, [T]>> for Vec<T> {}
impl<T> From<crate::collections::VecDeque<T>> for Vec<T> {}
impl<'a, T> IntoIterator for &'a mut Vec<T> { type Item = &'a mut T; type IntoIter = crate::slice::IterMut<'a, T>; }
impl<'a, T: Copy + 'a> Extend<&'a T> for Vec<T> {}
impl<T> DoubleEndedIterator for IntoIter<T> {}
impl<T> ExactSizeIterator for IntoIter<T> {}
impl<T: Clone> Clone for IntoIter<T> {}
impl<T: Debug> Debug for IntoIter<T> {}
impl<T> Default for IntoIter<T> {}
impl<T> AsRef<[T]> for IntoIter<T> {}
impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for Vec<T> {}
impl<T: PartialEq> PartialEq<[T]> for Vec<T> {}
impl<'a, T: PartialEq> PartialEq<&'a [T]> for Vec<T> {}
impl<T: PartialEq> PartialEq<Vec<T>> for [T] {}
impl<'a, T: PartialEq> PartialEq<Vec<T>> for &'a [T] {}
impl<'a, T: PartialEq> PartialEq<Vec<T>> for &'a mut [T] {}
impl<'a, T: PartialEq> PartialEq<&'a mut [T]> for Vec<T> {}
impl<'a, T: PartialEq, const N: usize> PartialEq<&'a [T; N]> for Vec<T> {}
impl<'a, T: Clone, const N: usize> From<&'a [T; N]> for Vec<T> {}
impl<'a, T: Clone, const N: usize> From<&'a mut [T; N]> for Vec<T> {}
impl<'a, T: PartialEq> PartialEq<Vec<T>> for Cow<'a, [T]> where T: Clone {}
impl<'a, 'b, T: PartialEq + Clone> PartialEq<&'b [T]> for Cow<'a, [T]> {}
impl<'a, 'b, T: PartialEq + Clone> PartialEq<&'b mut [T]> for Cow<'a, [T]> {}
impl<'a, T: Clone, const N: usize> From<&'a [T; N]> for Cow<'a, [T]> {}
