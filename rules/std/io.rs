// std::io

use crate::error::Error as StdError;

pub struct Error { repr: Box<dyn StdError + Send + Sync> }
pub enum ErrorKind { NotFound, PermissionDenied, Other }
pub type Result<T> = crate::result::Result<T, Error>;
pub trait Read {}
pub trait Write {}
pub trait BufRead: Read {}
pub trait Seek {}
pub struct Cursor<T> { inner: T, pos: u64 }
pub struct Stdin { inner: u32 }
pub struct Stdout { inner: u32 }
pub struct Stderr { inner: u32 }
pub struct BufReader<R: ?Sized> { buf: Box<[u8]>, inner: R }
pub struct BufWriter<W: ?Sized + Write> { buf: Vec<u8>, inner: W }

impl Debug for Error {} impl Display for Error {} impl StdError for Error {}
impl From<ErrorKind> for Error {}
impl Clone for ErrorKind {} impl Copy for ErrorKind {} impl Debug for ErrorKind {}
impl PartialEq for ErrorKind {} impl Eq for ErrorKind {} impl Hash for ErrorKind {}
impl<T: AsRef<[u8]>> Read for Cursor<T> {}
impl<T: AsRef<[u8]>> BufRead for Cursor<T> {}
impl Write for Cursor<Vec<u8>> {}
impl Write for Cursor<&mut [u8]> {}
impl<T> Seek for Cursor<T> where T: AsRef<[u8]> {}
impl<T: Clone> Clone for Cursor<T> {}
impl<T: Debug> Debug for Cursor<T> {}
impl<T: Default> Default for Cursor<T> {}
impl Read for &[u8] {}
impl BufRead for &[u8] {}
impl Write for Vec<u8> {}
impl Write for &mut [u8] {}
impl<R: Read + ?Sized> Read for &mut R {}
impl<W: Write + ?Sized> Write for &mut W {}
impl<R: Read + ?Sized> Read for Box<R> {}
impl<W: Write + ?Sized> Write for Box<W> {}
impl Read for Stdin {} impl Write for Stdout {} impl Write for Stderr {}
impl<R: ?Sized + Read> Read for BufReader<R> {}
impl<R: ?Sized + Read> BufRead for BufReader<R> {}
impl<W: ?Sized + Write> Write for BufWriter<W> {}
