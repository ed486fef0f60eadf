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
