// std::marker: the auto traits and markers, with std's own impls for the built-in types.

#[lang(sized)]
pub trait Sized {}

pub unsafe auto trait Send {}
pub unsafe auto trait Sync {}
pub auto trait Unpin {}

#[lang(copy)]
pub trait Copy: Clone {}

// Every function pointer type implements `FnPtr` (by the compiler; no impl can be written), and std
// compares, orders, hashes and prints function pointers through it.
#[lang(fn_ptr_trait)]
pub trait FnPtr: Copy + Clone {}
impl<F: FnPtr> PartialEq for F {}
impl<F: FnPtr> Eq for F {}
impl<F: FnPtr> PartialOrd for F {}
impl<F: FnPtr> Ord for F {}
impl<F: FnPtr> Hash for F {}
impl<F: FnPtr> Debug for F {}

pub struct PhantomData<T: ?Sized> { _marker: T }
pub struct PhantomPinned;

// References: `&T` is Send when `T` is Sync; `&mut T` when `T` is Send.
unsafe impl<T: Sync + ?Sized> Send for &T {}
unsafe impl<T: Send + ?Sized> Send for &mut T {}
// Raw pointers are neither Send nor Sync.
impl<T: ?Sized> !Send for *const T {}
impl<T: ?Sized> !Send for *mut T {}
impl<T: ?Sized> !Sync for *const T {}
impl<T: ?Sized> !Sync for *mut T {}
impl !Unpin for PhantomPinned {}
// References and raw pointers are Unpin whatever they point to.
impl<T: ?Sized> Unpin for &T {}
impl<T: ?Sized> Unpin for &mut T {}
impl<T: ?Sized> Unpin for *const T {}
impl<T: ?Sized> Unpin for *mut T {}

impl<T: ?Sized> Clone for PhantomData<T> {}
impl<T: ?Sized> Copy for PhantomData<T> {}
impl<T: ?Sized> Default for PhantomData<T> {}
impl<T: ?Sized> Debug for PhantomData<T> {}
impl<T: ?Sized> PartialEq for PhantomData<T> {}
impl<T: ?Sized> Eq for PhantomData<T> {}
impl<T: ?Sized> Hash for PhantomData<T> {}
impl<T: ?Sized> PartialOrd for PhantomData<T> {}
impl<T: ?Sized> Ord for PhantomData<T> {}
