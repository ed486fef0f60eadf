// std::cell: Send when the contents are, never Sync.


pub struct UnsafeCell<T: ?Sized> { value: T }
pub struct Cell<T: ?Sized> { value: UnsafeCell<T> }
pub struct RefCell<T: ?Sized> { borrow: Cell<isize>, value: UnsafeCell<T> }
pub struct OnceCell<T> { inner: UnsafeCell<Option<T>> }

impl<T: ?Sized> !Sync for UnsafeCell<T> {}
unsafe impl<T: ?Sized + Send> Send for Cell<T> {}
impl<T: ?Sized> !Sync for Cell<T> {}
unsafe impl<T: ?Sized + Send> Send for RefCell<T> {}
impl<T: ?Sized> !Sync for RefCell<T> {}
impl<T> !Sync for OnceCell<T> {}

impl<T: Copy> Clone for Cell<T> {}
impl<T: Default> Default for Cell<T> {}
impl<T: Copy + Debug> Debug for Cell<T> {}
impl<T: PartialEq + Copy> PartialEq for Cell<T> {}
impl<T: Eq + Copy> Eq for Cell<T> {}
impl<T: Clone> Clone for RefCell<T> {}
impl<T: Default> Default for RefCell<T> {}
impl<T: ?Sized + Debug> Debug for RefCell<T> {}
impl<T: ?Sized + PartialEq> PartialEq for RefCell<T> {}
impl<T: ?Sized + Eq> Eq for RefCell<T> {}
impl<T> From<T> for Cell<T> {}
impl<T> From<T> for RefCell<T> {}
impl<T: Clone> Clone for OnceCell<T> {}
impl<T> Default for OnceCell<T> {}
impl<T: Debug> Debug for OnceCell<T> {}
impl<T: PartialOrd + Copy> PartialOrd for Cell<T> {}
impl<T: Ord + Copy> Ord for Cell<T> {}
impl<T: ?Sized + PartialOrd> PartialOrd for RefCell<T> {}
impl<T: ?Sized + Ord> Ord for RefCell<T> {}
