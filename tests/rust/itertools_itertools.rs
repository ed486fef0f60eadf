// From itertools (rust-itertools/itertools): src/lib.rs (`Itertools: Iterator` with the blanket impl for
// every Iterator), src/adaptors/mod.rs (`Interleave<I, J>` and its Iterator impl over
// `J: Iterator<Item = I::Item>`) and src/either_or_both.rs (`EitherOrBoth<L, R>` with its derives), trimmed.
use std::iter::Fuse;

pub trait Itertools: Iterator {
    fn interleave<J>(self, other: J) -> Interleave<Self, J::IntoIter>
    where
        J: IntoIterator<Item = Self::Item>,
        Self: Sized,
    {
        Interleave { a: self.fuse(), b: other.into_iter().fuse(), flag: false }
    }
}

impl<T> Itertools for T where T: Iterator + ?Sized {}

#[derive(Clone, Debug)]
#[must_use = "iterator adaptors are lazy and do nothing unless consumed"]
pub struct Interleave<I, J> {
    a: Fuse<I>,
    b: Fuse<J>,
    flag: bool,
}

impl<I, J> Iterator for Interleave<I, J>
where
    I: Iterator,
    J: Iterator<Item = I::Item>,
{
    type Item = I::Item;
    #[inline]
    fn next(&mut self) -> Option<Self::Item> {
        self.flag = !self.flag;
        if self.flag {
            match self.a.next() {
                None => self.b.next(),
                r => r,
            }
        } else {
            match self.b.next() {
                None => self.a.next(),
                r => r,
            }
        }
    }
}

#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum EitherOrBoth<L, R = L> {
    Both(L, R),
    Left(L),
    Right(R),
}

// goal: std::vec::IntoIter<u8>: Itertools
// goal: Interleave<std::vec::IntoIter<u8>, std::vec::IntoIter<u8>>: Iterator
// goal: Interleave<std::vec::IntoIter<u8>, std::vec::IntoIter<u16>>: Iterator
// goal: Interleave<std::vec::IntoIter<u8>, std::vec::IntoIter<u8>>: Itertools
// goal: EitherOrBoth<u8>: std::hash::Hash
// goal: EitherOrBoth<u8, f32>: Eq
// goal: EitherOrBoth<u8, f32>: Clone
// goal: Vec<u8>: Itertools
