// From core (rust-lang/rust): library/core/src/iter/adapters/map.rs, filter.rs, chain.rs and
// library/core/src/iter/traits/double_ended.rs, exact_size.rs: the adapter structs and their
// `Iterator`/`DoubleEndedIterator`/`ExactSizeIterator` impls, restated on local traits (`Iter`, `DoubleEnded`,
// `ExactSize`) so that they compile beside std's.
pub trait Iter {
    type Item;
    fn next(&mut self) -> Option<Self::Item>;
}

pub trait DoubleEnded: Iter {
    fn next_back(&mut self) -> Option<Self::Item>;
}

pub trait ExactSize: Iter {
    fn len(&self) -> usize {
        0
    }
}

#[derive(Clone)]
pub struct Map<I, F> {
    iter: I,
    f: F,
}

impl<B, I: Iter, F> Iter for Map<I, F>
where
    F: FnMut(I::Item) -> B,
{
    type Item = B;
    fn next(&mut self) -> Option<B> {
        self.iter.next().map(&mut self.f)
    }
}

impl<B, I: DoubleEnded, F> DoubleEnded for Map<I, F>
where
    F: FnMut(I::Item) -> B,
{
    fn next_back(&mut self) -> Option<B> {
        self.iter.next_back().map(&mut self.f)
    }
}

impl<B, I: ExactSize, F> ExactSize for Map<I, F> where F: FnMut(I::Item) -> B {}

#[derive(Clone)]
pub struct Chain<A, B> {
    a: Option<A>,
    b: Option<B>,
}

impl<A, B> Iter for Chain<A, B>
where
    A: Iter,
    B: Iter<Item = A::Item>,
{
    type Item = A::Item;
    fn next(&mut self) -> Option<A::Item> {
        None
    }
}

pub struct Range {
    start: u32,
    end: u32,
}

impl Iter for Range {
    type Item = u32;
    fn next(&mut self) -> Option<u32> {
        if self.start < self.end {
            self.start += 1;
            Some(self.start - 1)
        } else {
            None
        }
    }
}

impl DoubleEnded for Range {
    fn next_back(&mut self) -> Option<u32> {
        None
    }
}

impl ExactSize for Range {}

pub struct Letters;

impl Iter for Letters {
    type Item = char;
    fn next(&mut self) -> Option<char> {
        None
    }
}

// goal: Map<Range, fn(u32) -> u8>: Iter
// goal: <Map<Range, fn(u32) -> u8> as Iter>::Item = u8
// goal: Map<Range, fn(u32) -> u8>: DoubleEnded
// goal: Map<Letters, fn(char) -> u8>: DoubleEnded
// goal: Map<Range, fn(char) -> u8>: Iter
// goal: Chain<Range, Range>: Iter
// goal: Chain<Range, Letters>: Iter
// goal: Chain<Range, Map<Letters, fn(char) -> u32>>: Iter
// goal: Map<Range, fn(u32) -> u8>: ExactSize
// goal: Map<Range, u8>: Iter
