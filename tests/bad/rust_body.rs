// Pasted from a real crate: `use` lines, attributes, doc comments and fn bodies with braces
// inside strings, chars, comments and closures must all be skipped.
use std::fmt::{self, Debug};

/// A wrapper.
#[derive(Default)]
pub struct Wrapper<T> {
    pub inner: T,
}

pub trait Describe {
    fn describe(&self) -> String {
        format!("{{ default }}")
    }
}

impl<T: Debug> Describe for Wrapper<T> {
    fn describe(&self) -> String {
        let open = '{';
        let close = '}';
        // an unbalanced } in a comment
        /* and { in a block comment */
        let f = |x: u32| { if x > 0 { x } else { 0 } };
        let _ = f(1);
        format!("{}{:?}{} \"}}\"", open, self.inner, close)
    }
}

impl<T> Debug for Wrapper<T> where T: Debug {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Wrapper").field("inner", &self.inner).finish()
    }
}
