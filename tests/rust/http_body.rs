// From http-body (hyperium/http-body): http-body/src/lib.rs (`Body { type Data: Buf; type Error; }`, the
// impls for &mut T, Pin<P>, Box<T>, String) with `Buf` and `Frame` as local stand-ins for the bytes and
// http-body types.
use std::ops::DerefMut;
use std::pin::Pin;
use std::task::{Context, Poll};

pub trait Buf {}
impl Buf for std::io::Cursor<Vec<u8>> {}
impl Buf for &'static [u8] {}

pub struct Frame<T>(T);

pub trait Body {
    type Data: Buf;
    type Error;
    fn poll_frame(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>>;
}

impl<T: Body + Unpin + ?Sized> Body for &mut T {
    type Data = T::Data;
    type Error = T::Error;
    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut **self).poll_frame(cx)
    }
}

impl<P> Body for Pin<P>
where
    P: Unpin + DerefMut,
    P::Target: Body,
{
    type Data = <<P as std::ops::Deref>::Target as Body>::Data;
    type Error = <<P as std::ops::Deref>::Target as Body>::Error;
    fn poll_frame(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::get_mut(self).as_mut().poll_frame(cx)
    }
}

impl<T: Body + Unpin + ?Sized> Body for Box<T> {
    type Data = T::Data;
    type Error = T::Error;
    fn poll_frame(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Pin::new(&mut **self).poll_frame(cx)
    }
}

impl Body for &'static str {
    type Data = &'static [u8];
    type Error = std::convert::Infallible;
    fn poll_frame(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Poll::Ready(None)
    }
}

pub struct Empty;
impl Body for Empty {
    type Data = std::io::Cursor<Vec<u8>>;
    type Error = String;
    fn poll_frame(self: Pin<&mut Self>, _cx: &mut Context<'_>) -> Poll<Option<Result<Frame<Self::Data>, Self::Error>>> {
        Poll::Ready(None)
    }
}

// goal: Empty: Body
// goal: Box<Empty>: Body
// goal: <Box<Empty> as Body>::Error = String
// goal: Pin<Box<Empty>>: Body
// goal: &'static mut &'static str: Body
// goal: <&'static mut Box<&'static str> as Body>::Data = &'static [u8]
// goal: String: Body
// goal: Box<dyn Body<Data = &'static [u8], Error = String> + Unpin>: Body
