// std::panic: the unwind-safety auto traits.

pub auto trait UnwindSafe {}
pub auto trait RefUnwindSafe {}
pub struct AssertUnwindSafe<T>(pub T);

impl<T: ?Sized> !UnwindSafe for &mut T {}
impl<T: RefUnwindSafe + ?Sized> UnwindSafe for &T {}
impl<T: RefUnwindSafe + ?Sized> UnwindSafe for *const T {}
impl<T: RefUnwindSafe + ?Sized> UnwindSafe for *mut T {}
impl<T> UnwindSafe for AssertUnwindSafe<T> {}
impl<T> RefUnwindSafe for AssertUnwindSafe<T> {}
impl<T: ?Sized> !RefUnwindSafe for crate::cell::UnsafeCell<T> {}
impl<T: ?Sized> UnwindSafe for crate::sync::Mutex<T> {}
impl<T: ?Sized> RefUnwindSafe for crate::sync::Mutex<T> {}
impl<T: ?Sized> UnwindSafe for crate::sync::RwLock<T> {}
impl<T: ?Sized> RefUnwindSafe for crate::sync::RwLock<T> {}
impl<T: RefUnwindSafe + ?Sized> UnwindSafe for crate::sync::Arc<T> {}
impl<T: RefUnwindSafe + ?Sized> UnwindSafe for crate::rc::Rc<T> {}
