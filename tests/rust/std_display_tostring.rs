// The std::fmt::Display documentation example (library/core/src/fmt/mod.rs, `Position`) with std's blanket
// `impl<T: fmt::Display + ?Sized> ToString for T` (library/alloc/src/string.rs).
use std::fmt;

struct Position {
    longitude: f32,
    latitude: f32,
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.longitude, self.latitude)
    }
}

#[derive(Debug)]
struct Opaque;

struct Wrapper<T>(T);

impl<T: fmt::Display> fmt::Display for Wrapper<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}]", self.0)
    }
}

// goal: Position: ToString
// goal: Opaque: ToString
// goal: Wrapper<Position>: ToString
// goal: Wrapper<Opaque>: fmt::Display
// goal: Wrapper<Wrapper<u8>>: ToString
// goal: str: ToString
// goal: &'static Position: ToString
// goal: Opaque: fmt::Debug
// goal: Position: fmt::Debug
