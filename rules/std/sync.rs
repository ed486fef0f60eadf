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

pub mod mpsc {
    pub struct Sender<T> { inner: *const T }
    pub struct SyncSender<T> { inner: *const T }
    pub struct Receiver<T> { inner: *const T }
    pub struct SendError<T>(pub T);
    pub struct RecvError;

    unsafe impl<T: Send> Send for Sender<T> {}
    unsafe impl<T: Send> Sync for Sender<T> {}
    unsafe impl<T: Send> Send for SyncSender<T> {}
    unsafe impl<T: Send> Sync for SyncSender<T> {}
    unsafe impl<T: Send> Send for Receiver<T> {}
    impl<T> !Sync for Receiver<T> {}
    impl<T> Clone for Sender<T> {}
    impl<T> Clone for SyncSender<T> {}
    impl<T> Debug for Sender<T> {}
    impl<T> Debug for Receiver<T> {}
    impl<T> Iterator for crate::sync::mpsc::IntoIter<T> { type Item = T; }
    pub struct IntoIter<T> { rx: Receiver<T> }
    impl<T> IntoIterator for Receiver<T> { type Item = T; type IntoIter = IntoIter<T>; }
    impl<T: Clone> Clone for SendError<T> {}
    impl<T> Debug for SendError<T> {}
    impl<T> Display for SendError<T> {}
    impl<T> crate::error::Error for SendError<T> {}
    impl Clone for RecvError {} impl Copy for RecvError {} impl Debug for RecvError {}
    impl Display for RecvError {} impl crate::error::Error for RecvError {}
}
impl<T: ?Sized + PartialOrd> PartialOrd for Arc<T> {}
impl<T: ?Sized + Ord> Ord for Arc<T> {}
impl Default for Arc<str> {}
impl<T> Default for Arc<[T]> {}
impl From<String> for Arc<str> {}
impl From<&str> for Arc<str> {}
impl<T: ?Sized> From<Box<T>> for Arc<T> {}
impl<T> From<Vec<T>> for Arc<[T]> {}
impl<T: Clone> From<&[T]> for Arc<[T]> {}
impl<T> FromIterator<T> for Arc<[T]> {}
impl<T> From<T> for RwLock<T> {}
impl<'a, B: ToOwned + ?Sized> From<Cow<'a, B>> for Arc<B> where Arc<B>: From<&'a B> + From<<B as ToOwned>::Owned> {}
