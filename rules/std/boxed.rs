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
