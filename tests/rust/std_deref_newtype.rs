// The newtype pattern of the Rust book, ch. 19/20 (rust-lang/book, "Using the Newtype Pattern to Implement
// External Traits"), with the std::ops::Deref documentation's `DerefExample<T>` (library/core/src/ops/deref.rs).
use std::fmt;
use std::ops::{Deref, DerefMut};

struct Wrapper(Vec<String>);

impl fmt::Display for Wrapper {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "[{}]", self.0.join(", "))
    }
}

impl Deref for Wrapper {
    type Target = Vec<String>;
    fn deref(&self) -> &Vec<String> {
        &self.0
    }
}

struct DerefExample<T> {
    value: T,
}

impl<T> Deref for DerefExample<T> {
    type Target = T;
    fn deref(&self) -> &Self::Target {
        &self.value
    }
}

impl<T> DerefMut for DerefExample<T> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.value
    }
}

// goal: Wrapper: Deref
// goal: <Wrapper as Deref>::Target = Vec<String>
// goal: Wrapper: DerefMut
// goal: DerefExample<char>: DerefMut
// goal: <DerefExample<u8> as Deref>::Target = u8
// goal: <DerefExample<u8> as Deref>::Target = u16
// goal: Wrapper: ToString
// goal: Box<Wrapper>: Deref
// goal: <Box<Wrapper> as Deref>::Target = Wrapper
