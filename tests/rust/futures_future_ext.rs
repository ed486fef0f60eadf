// From futures-rs (rust-lang/futures-rs): futures-util/src/future/future/mod.rs (`FutureExt` and its blanket
// impl) and futures-util/src/future/future/map.rs (the `Map` future), plus futures-core/src/future.rs
// (`FusedFuture`, `TryFuture` blanket). `pin_project` replaced by a hand-written projection.
use core::future::Future;
use core::pin::Pin;
use core::task::{Context, Poll};

pub trait FusedFuture: Future {
    fn is_terminated(&self) -> bool;
}

pub trait TryFuture: Future {
    type Ok;
    type Error;
}

impl<F, T, E> TryFuture for F
where
    F: ?Sized + Future<Output = Result<T, E>>,
{
    type Ok = T;
    type Error = E;
}

pub struct Map<Fut, F> {
    future: Fut,
    f: Option<F>,
}

impl<Fut, F, T> Future for Map<Fut, F>
where
    Fut: Future,
    F: FnOnce(Fut::Output) -> T,
{
    type Output = T;
    fn poll(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<T> {
        Poll::Pending
    }
}

impl<Fut, F, T> FusedFuture for Map<Fut, F>
where
    Fut: Future,
    F: FnOnce(Fut::Output) -> T,
{
    fn is_terminated(&self) -> bool {
        self.f.is_none()
    }
}

pub trait FutureExt: Future {
    fn map<U, F>(self, f: F) -> Map<Self, F>
    where
        F: FnOnce(Self::Output) -> U,
        Self: Sized,
    {
        Map { future: self, f: Some(f) }
    }
}

impl<T: ?Sized> FutureExt for T where T: Future {}

pub struct Ready<T>(Option<T>);

impl<T> Unpin for Ready<T> {}

impl<T> Future for Ready<T> {
    type Output = T;
    fn poll(mut self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<T> {
        Poll::Ready(self.0.take().expect("Ready polled after completion"))
    }
}

// goal: Ready<u8>: Future
// goal: Ready<u8>: FutureExt
// goal: Map<Ready<u8>, fn(u8) -> String>: Future
// goal: <Map<Ready<u8>, fn(u8) -> String> as Future>::Output = String
// goal: Map<Ready<u8>, fn(u16) -> String>: Future
// goal: Ready<Result<u8, String>>: TryFuture
// goal: <Ready<Result<u8, String>> as TryFuture>::Error = String
// goal: Ready<u8>: TryFuture
// goal: Ready<std::rc::Rc<u8>>: Unpin
// goal: Map<Ready<u8>, fn(u8) -> u8>: FusedFuture
// goal: Pin<Box<Ready<u8>>>: Future
