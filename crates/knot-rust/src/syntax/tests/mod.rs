//! The parsers' own tests (they exercise internals: the ASTs, the clause parser's items, the surface
//! parser's entry points), kept inside the crate so that the crate's API stays small.

mod rust_fast;
mod rust_file_text;
mod surface_parse;

/// A tiny deterministic generator (xorshift) for the tests' random text: a case is its seed, so a
/// failure is reproduced (and proptest shrinks) by the seed alone.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// A number below `n` (0 when `n` is 0).
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }

    /// One of `xs`.
    fn pick<'a>(&mut self, xs: &[&'a str]) -> &'a str {
        xs[self.below(xs.len())]
    }
}
