// std::sync

pub struct Arc<T: ?Sized> { ptr: *const T }
pub struct Weak<T: ?Sized> { ptr: *const T }
pub struct Mutex<T: ?Sized> { poison: bool, data: UnsafeCell<T> }
pub struct MutexGuard<'a, T: ?Sized + 'a> { lock: &'a Mutex<T> }
pub struct RwLock<T: ?Sized> { poison: bool, data: UnsafeCell<T> }
pub struct Condvar { inner: u32 }
pub struct Once { inner: u32 }
pub struct OnceLock<T> { once: Once, value: UnsafeCell<Option<T>> }

unsafe impl<T: ?Sized + Sync + Send> Send for Arc<T> {}
unsafe impl<T: ?Sized + Sync + Send> Sync for Arc<T> {}
unsafe impl<T: ?Sized + Sync + Send> Send for Weak<T> {}
unsafe impl<T: ?Sized + Sync + Send> Sync for Weak<T> {}
unsafe impl<T: ?Sized + Send> Send for Mutex<T> {}
unsafe impl<T: ?Sized + Send> Sync for Mutex<T> {}
impl<T: ?Sized> !Send for MutexGuard<'_, T> {}
unsafe impl<T: ?Sized + Sync> Sync for MutexGuard<'_, T> {}
unsafe impl<T: ?Sized + Send> Send for RwLock<T> {}
unsafe impl<T: ?Sized + Send + Sync> Sync for RwLock<T> {}
unsafe impl<T: Sync + Send> Sync for OnceLock<T> {}
unsafe impl<T: Send> Send for OnceLock<T> {}

impl<T: ?Sized> Clone for Arc<T> {}
impl<T: ?Sized> Clone for Weak<T> {}
impl<T: Default> Default for Arc<T> {}
impl<T: ?Sized + Debug> Debug for Arc<T> {}
impl<T: ?Sized + Display> Display for Arc<T> {}
impl<T: ?Sized + PartialEq> PartialEq for Arc<T> {}
impl<T: ?Sized + Eq> Eq for Arc<T> {}
impl<T: ?Sized + Hash> Hash for Arc<T> {}
impl<T: ?Sized> Deref for Arc<T> { type Target = T; }
impl<T: ?Sized> AsRef<T> for Arc<T> {}
impl<T: ?Sized> Borrow<T> for Arc<T> {}
impl<T> From<T> for Arc<T> {}
impl<T: ?Sized> Unpin for Arc<T> {}
impl<T: ?Sized + Debug> Debug for Mutex<T> {}
impl<T: Default> Default for Mutex<T> {}
impl<T> From<T> for Mutex<T> {}
impl<T: ?Sized + Debug> Debug for RwLock<T> {}
impl<T: Default> Default for RwLock<T> {}
impl<T: ?Sized> Deref for MutexGuard<'_, T> { type Target = T; }
