// std's forwarding impls of `Read`/`Write` (library/std/src/io/impls.rs: `impl<R: Read + ?Sized> Read for &mut R`,
// `impl<R: Read + ?Sized> Read for Box<R>`, `impl Read for &[u8]`, `impl Write for Vec<u8>`) probed
// through a local reader, and a generic function bound like `io::copy`'s.
use std::io::{self, BufRead, BufReader, Cursor, Read, Write};

pub struct Zeros;

impl Read for Zeros {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        for b in buf.iter_mut() {
            *b = 0;
        }
        Ok(buf.len())
    }
}

pub fn pump<R: Read + ?Sized, W: Write + ?Sized>(r: &mut R, w: &mut W) -> io::Result<u64> {
    io::copy(r, w)
}

// goal: Zeros: Read
// goal: &'static mut Zeros: Read
// goal: Box<Zeros>: Read
// goal: Box<dyn Read>: Read
// goal: &'static [u8]: Read
// goal: Vec<u8>: Read
// goal: Vec<u8>: Write
// goal: Cursor<Vec<u8>>: BufRead
// goal: BufReader<Zeros>: BufRead
// goal: Zeros: BufRead
// goal: Cursor<Vec<u8>>: Write
