// From bytes (tokio-rs/bytes): src/buf/buf_impl.rs (`Buf`, the `deref_forward_buf!` impls for &mut T and
// Box<T>, the impl for &[u8], VecDeque<u8>) and src/buf/buf_mut.rs (`BufMut` for Vec<u8>, &mut [u8]),
// trimmed to the required methods.
use std::collections::VecDeque;

pub trait Buf {
    fn remaining(&self) -> usize;
    fn chunk(&self) -> &[u8];
    fn advance(&mut self, cnt: usize);
    fn has_remaining(&self) -> bool {
        self.remaining() > 0
    }
}

macro_rules! deref_forward_buf {
    () => {
        #[inline]
        fn remaining(&self) -> usize {
            (**self).remaining()
        }
        #[inline]
        fn chunk(&self) -> &[u8] {
            (**self).chunk()
        }
        #[inline]
        fn advance(&mut self, cnt: usize) {
            (**self).advance(cnt)
        }
    };
}

impl<T: Buf + ?Sized> Buf for &mut T {
    deref_forward_buf!();
}

impl<T: Buf + ?Sized> Buf for Box<T> {
    deref_forward_buf!();
}

impl Buf for &[u8] {
    #[inline]
    fn remaining(&self) -> usize {
        self.len()
    }
    #[inline]
    fn chunk(&self) -> &[u8] {
        self
    }
    #[inline]
    fn advance(&mut self, cnt: usize) {
        *self = &self[cnt..];
    }
}

impl Buf for VecDeque<u8> {
    fn remaining(&self) -> usize {
        self.len()
    }
    fn chunk(&self) -> &[u8] {
        let (s1, _) = self.as_slices();
        s1
    }
    fn advance(&mut self, cnt: usize) {
        self.drain(..cnt);
    }
}

pub unsafe trait BufMut {
    fn remaining_mut(&self) -> usize;
}

unsafe impl BufMut for Vec<u8> {
    fn remaining_mut(&self) -> usize {
        isize::MAX as usize - self.len()
    }
}

unsafe impl BufMut for &mut [u8] {
    fn remaining_mut(&self) -> usize {
        self.len()
    }
}

unsafe impl<T: BufMut + ?Sized> BufMut for Box<T> {
    fn remaining_mut(&self) -> usize {
        (**self).remaining_mut()
    }
}

// goal: &'static [u8]: Buf
// goal: Box<&'static [u8]>: Buf
// goal: &'static mut VecDeque<u8>: Buf
// goal: Vec<u8>: Buf
// goal: Vec<u8>: BufMut
// goal: Box<Vec<u8>>: BufMut
// goal: &'static mut [u8]: BufMut
// goal: VecDeque<u16>: Buf
// goal: [u8]: Buf
