// std::slice

pub struct Iter<'a, T> { ptr: &'a [T] }
pub struct IterMut<'a, T> { ptr: &'a mut [T] }

impl<'a, T> Iterator for Iter<'a, T> { type Item = &'a T; }
impl<'a, T> Iterator for IterMut<'a, T> { type Item = &'a mut T; }
impl<'a, T> Clone for Iter<'a, T> {}
impl<'a, T> IntoIterator for &'a [T] { type Item = &'a T; type IntoIter = Iter<'a, T>; }
impl<'a, T> IntoIterator for &'a mut [T] { type Item = &'a mut T; type IntoIter = IterMut<'a, T>; }
impl<'a, T> DoubleEndedIterator for Iter<'a, T> {}
impl<'a, T> ExactSizeIterator for Iter<'a, T> {}
impl<'a, T> DoubleEndedIterator for IterMut<'a, T> {}
impl<'a, T> ExactSizeIterator for IterMut<'a, T> {}
impl<'a, T> Default for Iter<'a, T> {}
impl<'a, T: Debug> Debug for Iter<'a, T> {}
impl<'a, T> AsRef<[T]> for Iter<'a, T> {}
impl<'a, T, const N: usize> IntoIterator for &'a [T; N] { type Item = &'a T; type IntoIter = Iter<'a, T>; }
impl<'a, T, const N: usize> IntoIterator for &'a mut [T; N] { type Item = &'a mut T; type IntoIter = IterMut<'a, T>; }
impl<T, const N: usize> AsRef<[T]> for [T; N] {}
impl<T, const N: usize> AsMut<[T]> for [T; N] {}
impl<T, const N: usize> Borrow<[T]> for [T; N] {}
impl<T> AsRef<[T]> for [T] {}
impl<T> AsMut<[T]> for [T] {}
// Arrays by value (edition 2021).
pub struct ArrayIntoIter<T, const N: usize> { data: [T; N], alive: Range<usize> }
impl<T, const N: usize> IntoIterator for [T; N] { type Item = T; type IntoIter = ArrayIntoIter<T, N>; }
impl<T, const N: usize> Iterator for ArrayIntoIter<T, N> { type Item = T; }
impl<T, const N: usize> DoubleEndedIterator for ArrayIntoIter<T, N> {}
impl<T, const N: usize> ExactSizeIterator for ArrayIntoIter<T, N> {}
impl<T: Clone, const N: usize> Clone for ArrayIntoIter<T, N> {}
impl<T: Debug, const N: usize> Debug for ArrayIntoIter<T, N> {}
impl<'a, T: PartialEq, const N: usize> PartialEq<[T; N]> for &'a [T] {}
impl<'a, T: PartialEq, const N: usize> PartialEq<[T; N]> for &'a mut [T] {}
impl<'a, T: PartialEq, const N: usize> PartialEq<&'a [T]> for [T; N] {}
impl<'a, T: PartialEq, const N: usize> PartialEq<&'a mut [T]> for [T; N] {}
