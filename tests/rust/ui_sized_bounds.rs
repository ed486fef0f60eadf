// After rustc's tests/ui/traits and tests/ui/unsized tests on implicit `Sized` (a type parameter is Sized
// unless it says `?Sized`; `Self` in a trait is not), written anew.
pub trait Tr {}
impl Tr for str {}
impl Tr for [u8] {}
impl<T: Tr> Tr for Box<T> {}

pub trait Relaxed {}
impl Relaxed for str {}
impl<T: Relaxed + ?Sized> Relaxed for Box<T> {}
impl<'a, T: Relaxed + ?Sized> Relaxed for &'a T {}

pub trait Base {}
impl Base for str {}
impl Base for u8 {}
pub trait Mark {}
impl<T: Base> Mark for T {}

pub struct Holder<T: ?Sized> {
    len: usize,
    data: T,
}

// goal: Box<str>: Tr
// goal: Box<[u8]>: Tr
// goal: Box<str>: Relaxed
// goal: &'static str: Relaxed
// goal: &'static Box<str>: Relaxed
// goal: str: Mark
// goal: u8: Mark
// goal: str: Sized
// goal: [u8]: Sized
// goal: Holder<[u8]>: Send
// goal: Box<Holder<str>>: Sync
