// What `#[derive(Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]` gives generic types
// (the bounds the built-in derives put on every type parameter, library/core/src/clone.rs etc.), with
// std's impls for tuples and arrays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pair<T> {
    a: T,
    b: T,
}

#[derive(Clone, Debug, Default)]
pub struct Tagged<T, U> {
    tag: U,
    value: Option<T>,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dir {
    North,
    South,
}

pub struct NoDerives;

// goal: Pair<u8>: Copy
// goal: Pair<String>: Copy
// goal: Pair<String>: Clone
// goal: Pair<NoDerives>: Default
// goal: Pair<(u8, char)>: Ord
// goal: Pair<f32>: Eq
// goal: Tagged<NoDerives, u8>: Default
// goal: Tagged<NoDerives, u8>: Clone
// goal: Dir: Default
// goal: (Dir, Dir): Copy
// goal: [Dir; 4]: Copy
// goal: [Pair<u8>; 3]: Default
// goal: (u8, String, Pair<u8>): Default
