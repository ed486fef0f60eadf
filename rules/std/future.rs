// std::future

#[lang(future)]
pub trait Future { type Output; }
pub trait IntoFuture { type Output; type IntoFuture: Future<Output = Self::Output>; }

impl<F: Future + ?Sized + Unpin> Future for &mut F { type Output = <F as Future>::Output; }
impl<P: DerefMut> Future for Pin<P> where <P as Deref>::Target: Future {
    type Output = <<P as Deref>::Target as Future>::Output;
}
impl<F: Future + ?Sized + Unpin> Future for Box<F> { type Output = <F as Future>::Output; }
impl<F: Future> IntoFuture for F { type Output = <F as Future>::Output; type IntoFuture = F; }

pub struct Ready<T>(Option<T>);
pub struct Pending<T> { _data: crate::marker::PhantomData<fn() -> T> }
impl<T> Future for Ready<T> { type Output = T; }
impl<T> Future for Pending<T> { type Output = T; }
impl<T> Unpin for Ready<T> {}
impl<T: Clone> Clone for Ready<T> {}
impl<T: Debug> Debug for Ready<T> {}
