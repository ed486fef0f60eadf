// std::option

pub enum Option<T> { None, Some(T) }

impl<T: Clone> Clone for Option<T> {}
impl<T: Copy> Copy for Option<T> {}
impl<T> Default for Option<T> {}
impl<T: Debug> Debug for Option<T> {}
impl<T: PartialEq> PartialEq for Option<T> {}
impl<T: Eq> Eq for Option<T> {}
impl<T: PartialOrd> PartialOrd for Option<T> {}
impl<T: Ord> Ord for Option<T> {}
impl<T: Hash> Hash for Option<T> {}
impl<T> From<T> for Option<T> {}
impl<T> IntoIterator for Option<T> { type Item = T; type IntoIter = IntoIter<T>; }
impl<A, V: FromIterator<A>> FromIterator<Option<A>> for Option<V> {}

pub struct IntoIter<A> { inner: Option<A> }
impl<A> Iterator for IntoIter<A> { type Item = A; }
impl<A> DoubleEndedIterator for IntoIter<A> {} impl<A> ExactSizeIterator for IntoIter<A> {}
impl<A: Clone> Clone for IntoIter<A> {} impl<A: Debug> Debug for IntoIter<A> {}
