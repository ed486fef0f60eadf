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
