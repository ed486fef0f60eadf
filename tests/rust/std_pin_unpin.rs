// Pinning as in the std::pin documentation (library/core/src/pin.rs, the self-referential `Unmovable` example
// with `PhantomPinned`) and std's `Unpin` impls (`impl<T: ?Sized> Unpin for Box<T>`, `&T`, `&mut T`,
// `Pin<P>: Unpin where P: Unpin`).
use std::marker::PhantomPinned;
use std::pin::Pin;
use std::ptr::NonNull;

pub struct Unmovable {
    data: String,
    slice: NonNull<String>,
    _pin: PhantomPinned,
}

impl Unmovable {
    pub fn new(data: String) -> Pin<Box<Self>> {
        let res = Unmovable { data, slice: NonNull::dangling(), _pin: PhantomPinned };
        let mut boxed = Box::pin(res);
        let slice = NonNull::from(&boxed.data);
        unsafe {
            let mut_ref: Pin<&mut Self> = Pin::as_mut(&mut boxed);
            Pin::get_unchecked_mut(mut_ref).slice = slice;
        }
        boxed
    }
}

pub struct Plain {
    data: String,
}

// goal: Unmovable: Unpin
// goal: Plain: Unpin
// goal: Box<Unmovable>: Unpin
// goal: Pin<Box<Unmovable>>: Unpin
// goal: &'static mut Unmovable: Unpin
// goal: Option<Unmovable>: Unpin
// goal: PhantomPinned: Unpin
// goal: Unmovable: Send
// goal: NonNull<u8>: Send
