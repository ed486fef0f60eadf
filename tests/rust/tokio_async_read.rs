// From tokio (tokio-rs/tokio): tokio/src/io/async_read.rs (`AsyncRead`, the `deref_async_read!` impls for
// Box<T>, &mut T, Pin<P>, and the impl for &[u8]) and tokio/src/io/read_buf.rs (`ReadBuf`, stand-in here).
// Trimmed: `ReadBuf` is a local stand-in with the real lifetime shape; bodies simplified.
use std::io;
use std::ops::DerefMut;
use std::pin::Pin;
use std::task::{Context, Poll};

pub struct ReadBuf<'a> {
    buf: &'a mut [u8],
    filled: usize,
}

pub trait AsyncRead {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>>;
}

macro_rules! deref_async_read {
    () => {
        fn poll_read(
            mut self: Pin<&mut Self>,
            cx: &mut Context<'_>,
            buf: &mut ReadBuf<'_>,
        ) -> Poll<io::Result<()>> {
            Pin::new(&mut **self).poll_read(cx, buf)
        }
    };
}

impl<T: ?Sized + AsyncRead + Unpin> AsyncRead for Box<T> {
    deref_async_read!();
}

impl<T: ?Sized + AsyncRead + Unpin> AsyncRead for &mut T {
    deref_async_read!();
}

impl<P> AsyncRead for Pin<P>
where
    P: DerefMut,
    P::Target: AsyncRead,
{
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        crate::util::pin_as_deref_mut(self).poll_read(cx, buf)
    }
}

impl AsyncRead for &[u8] {
    fn poll_read(
        mut self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Poll::Ready(Ok(()))
    }
}

mod util {
    use std::ops::DerefMut;
    use std::pin::Pin;
    pub(crate) fn pin_as_deref_mut<P: DerefMut>(ptr: Pin<&mut Pin<P>>) -> Pin<&mut P::Target> {
        unsafe { ptr.get_unchecked_mut() }.as_mut()
    }
}

pub struct TcpStream {
    fd: i32,
}

impl AsyncRead for TcpStream {
    fn poll_read(self: Pin<&mut Self>, _: &mut Context<'_>, _: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        Poll::Pending
    }
}

// goal: TcpStream: AsyncRead
// goal: &'static [u8]: AsyncRead
// goal: Box<TcpStream>: AsyncRead
// goal: Box<&'static [u8]>: AsyncRead
// goal: &'static mut TcpStream: AsyncRead
// goal: Pin<Box<TcpStream>>: AsyncRead
// goal: Pin<&'static mut Box<TcpStream>>: AsyncRead
// goal: Vec<u8>: AsyncRead
// goal: Box<Vec<u8>>: AsyncRead
// goal: TcpStream: Unpin
