// From futures-rs (rust-lang/futures-rs): futures-core/src/stream.rs (`Stream`, impls for &mut S, Pin<P>,
// Box<S>; `FusedStream`; the `TryStream` blanket impl over `Stream<Item = Result<T, E>>`).
use core::ops::DerefMut;
use core::pin::Pin;
use core::task::{Context, Poll};

pub trait Stream {
    type Item;
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>>;
    fn size_hint(&self) -> (usize, Option<usize>) {
        (0, None)
    }
}

impl<S: ?Sized + Stream + Unpin> Stream for &mut S {
    type Item = S::Item;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        S::poll_next(Pin::new(&mut **self), cx)
    }
}

impl<P> Stream for Pin<P>
where
    P: DerefMut + Unpin,
    P::Target: Stream,
{
    type Item = <P::Target as Stream>::Item;
    fn poll_next(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        self.get_mut().as_mut().poll_next(cx)
    }
}

impl<S: ?Sized + Stream + Unpin> Stream for Box<S> {
    type Item = S::Item;
    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Pin::new(&mut **self).poll_next(cx)
    }
}

pub trait FusedStream: Stream {
    fn is_terminated(&self) -> bool;
}

impl<F: ?Sized + FusedStream + Unpin> FusedStream for &mut F {
    fn is_terminated(&self) -> bool {
        <F as FusedStream>::is_terminated(&**self)
    }
}

mod private_try_stream {
    use super::Stream;
    pub trait Sealed {}
    impl<S, T, E> Sealed for S where S: ?Sized + Stream<Item = Result<T, E>> {}
}

pub trait TryStream: Stream + private_try_stream::Sealed {
    type Ok;
    type Error;
}

impl<S, T, E> TryStream for S
where
    S: ?Sized + Stream<Item = Result<T, E>>,
{
    type Ok = T;
    type Error = E;
}

pub struct Ticks;
impl Stream for Ticks {
    type Item = u64;
    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<u64>> {
        Poll::Pending
    }
}

pub struct Lines;
impl Stream for Lines {
    type Item = Result<String, std::io::Error>;
    fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        Poll::Pending
    }
}

// goal: Ticks: Stream
// goal: Box<Ticks>: Stream
// goal: <Box<Ticks> as Stream>::Item = u64
// goal: Pin<Box<Ticks>>: Stream
// goal: &'static mut Lines: Stream
// goal: Lines: TryStream
// goal: <Lines as TryStream>::Ok = String
// goal: Ticks: TryStream
// goal: Ticks: FusedStream
// goal: Box<Box<Lines>>: TryStream
