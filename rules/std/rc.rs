// std::rc: not Send, not Sync.

pub struct Rc<T: ?Sized> { ptr: *const T }
pub struct Weak<T: ?Sized> { ptr: *const T }

impl<T: ?Sized> !Send for Rc<T> {}
impl<T: ?Sized> !Sync for Rc<T> {}
impl<T: ?Sized> !Send for Weak<T> {}
impl<T: ?Sized> !Sync for Weak<T> {}
impl<T: ?Sized> Clone for Rc<T> {}
impl<T: ?Sized> Clone for Weak<T> {}
impl<T: Default> Default for Rc<T> {}
impl<T: ?Sized + Debug> Debug for Rc<T> {}
impl<T: ?Sized + Display> Display for Rc<T> {}
impl<T: ?Sized + PartialEq> PartialEq for Rc<T> {}
impl<T: ?Sized + Eq> Eq for Rc<T> {}
impl<T: ?Sized + Hash> Hash for Rc<T> {}
impl<T: ?Sized> Deref for Rc<T> { type Target = T; }
impl<T: ?Sized> AsRef<T> for Rc<T> {}
impl<T: ?Sized> Borrow<T> for Rc<T> {}
impl<T> From<T> for Rc<T> {}
impl<T: ?Sized> Unpin for Rc<T> {}
impl<T: ?Sized + PartialOrd> PartialOrd for Rc<T> {}
impl<T: ?Sized + Ord> Ord for Rc<T> {}
impl Default for Rc<str> {}
impl<T> Default for Rc<[T]> {}
impl From<String> for Rc<str> {}
impl From<&str> for Rc<str> {}
impl<T: ?Sized> From<Box<T>> for Rc<T> {}
impl<T> From<Vec<T>> for Rc<[T]> {}
impl<T: Clone> From<&[T]> for Rc<[T]> {}
impl<T> FromIterator<T> for Rc<[T]> {}
impl<'a, B: ToOwned + ?Sized> From<Cow<'a, B>> for Rc<B> where Rc<B>: From<&'a B> + From<<B as ToOwned>::Owned> {}
