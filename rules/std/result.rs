// std::result

pub enum Result<T, E> { Ok(T), Err(E) }

impl<T: Clone, E: Clone> Clone for Result<T, E> {}
impl<T: Copy, E: Copy> Copy for Result<T, E> {}
impl<T: Debug, E: Debug> Debug for Result<T, E> {}
impl<T: PartialEq, E: PartialEq> PartialEq for Result<T, E> {}
impl<T: Eq, E: Eq> Eq for Result<T, E> {}
impl<T: Hash, E: Hash> Hash for Result<T, E> {}
impl<A, E, V: FromIterator<A>> FromIterator<Result<A, E>> for Result<V, E> {}
impl<T: PartialOrd, E: PartialOrd> PartialOrd for Result<T, E> {}
impl<T: Ord, E: Ord> Ord for Result<T, E> {}
pub struct IntoIter<T> { inner: Option<T> }
impl<T, E> IntoIterator for Result<T, E> { type Item = T; type IntoIter = IntoIter<T>; }
impl<T> Iterator for IntoIter<T> { type Item = T; }
