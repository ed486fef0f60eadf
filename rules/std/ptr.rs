// std::ptr

pub struct NonNull<T: ?Sized> { pointer: *const T }

impl<T: ?Sized> !Send for NonNull<T> {}
impl<T: ?Sized> !Sync for NonNull<T> {}
impl<T: ?Sized> Clone for NonNull<T> {}
impl<T: ?Sized> Copy for NonNull<T> {}
impl<T: ?Sized> Debug for NonNull<T> {}
impl<T: ?Sized> PartialEq for NonNull<T> {}
impl<T: ?Sized> Eq for NonNull<T> {}
impl<T: ?Sized> Hash for NonNull<T> {}
