// std's conversion traits as documented in library/core/src/convert/mod.rs (`AsRef` example
// `is_hello<T: AsRef<str>>`) and library/core/src/borrow.rs (`Borrow`), with a local key type that
// borrows as str the way HashMap lookups need.
use std::borrow::{Borrow, Cow};
use std::path::{Path, PathBuf};

fn is_hello<T: AsRef<str>>(s: T) -> bool {
    "hello" == s.as_ref()
}

#[derive(PartialEq, Eq, Hash)]
pub struct Key(String);

impl Borrow<str> for Key {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl AsRef<[u8]> for Key {
    fn as_ref(&self) -> &[u8] {
        self.0.as_bytes()
    }
}

// goal: String: AsRef<str>
// goal: &'static str: AsRef<str>
// goal: String: AsRef<[u8]>
// goal: String: AsRef<Path>
// goal: PathBuf: AsRef<Path>
// goal: Key: Borrow<str>
// goal: Key: Borrow<Key>
// goal: Key: AsRef<str>
// goal: Cow<'static, str>: AsRef<str>
// goal: Vec<u8>: Borrow<[u8]>
// goal: u8: AsRef<u8>
