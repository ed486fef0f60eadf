// std::iter

pub trait Iterator { type Item; }
pub trait IntoIterator { type Item; type IntoIter: Iterator<Item = Self::Item>; }
pub trait FromIterator<A>: Sized {}
pub trait Extend<A> {}
pub trait DoubleEndedIterator: Iterator {}
pub trait ExactSizeIterator: Iterator {}

impl<I: Iterator> IntoIterator for I { type Item = <I as Iterator>::Item; type IntoIter = I; }
impl<I: Iterator + ?Sized> Iterator for &mut I { type Item = <I as Iterator>::Item; }
impl<A: Step> Iterator for Range<A> { type Item = A; }

pub trait Step: Clone + PartialOrd + Sized {}
impl Step for u8 {} impl Step for u16 {} impl Step for u32 {} impl Step for u64 {} impl Step for usize {}
impl Step for i8 {} impl Step for i16 {} impl Step for i32 {} impl Step for i64 {} impl Step for isize {}
impl Step for char {}

pub struct Fuse<I> { iter: Option<I> }
pub struct Copied<I> { it: I }
pub struct Cloned<I> { it: I }
pub struct Map<I, F> { iter: I, f: F }
pub struct Filter<I, P> { iter: I, predicate: P }
pub struct Chain<A, B> { a: Option<A>, b: Option<B> }
pub struct Peekable<I: Iterator> { iter: I, peeked: Option<Option<<I as Iterator>::Item>> }
pub struct Rev<T> { iter: T }
pub struct Take<I> { iter: I, n: usize }
pub struct Skip<I> { iter: I, n: usize }
pub struct Enumerate<I> { iter: I, count: usize }
pub struct Zip<A, B> { a: A, b: B }
pub struct Empty<T> { _t: crate::marker::PhantomData<fn() -> T> }
pub struct Once<T> { inner: Option<T> }

impl<I: Iterator> Iterator for Fuse<I> { type Item = <I as Iterator>::Item; }
impl<'a, T: 'a + Copy, I: Iterator<Item = &'a T>> Iterator for Copied<I> { type Item = T; }
impl<'a, T: 'a + Clone, I: Iterator<Item = &'a T>> Iterator for Cloned<I> { type Item = T; }
impl<B, I: Iterator, F: FnMut(<I as Iterator>::Item) -> B> Iterator for Map<I, F> { type Item = B; }
impl<I: Iterator, P: FnMut(&<I as Iterator>::Item) -> bool> Iterator for Filter<I, P> { type Item = <I as Iterator>::Item; }
impl<A: Iterator, B: Iterator<Item = <A as Iterator>::Item>> Iterator for Chain<A, B> { type Item = <A as Iterator>::Item; }
impl<I: Iterator> Iterator for Peekable<I> { type Item = <I as Iterator>::Item; }
impl<I: DoubleEndedIterator> Iterator for Rev<I> { type Item = <I as Iterator>::Item; }
impl<I: Iterator> Iterator for Take<I> { type Item = <I as Iterator>::Item; }
impl<I: Iterator> Iterator for Skip<I> { type Item = <I as Iterator>::Item; }
impl<I: Iterator> Iterator for Enumerate<I> { type Item = (usize, <I as Iterator>::Item); }
impl<A: Iterator, B: Iterator> Iterator for Zip<A, B> { type Item = (<A as Iterator>::Item, <B as Iterator>::Item); }
impl<T> Iterator for Empty<T> { type Item = T; }
impl<T> Iterator for Once<T> { type Item = T; }
impl<I: Clone> Clone for Fuse<I> {}
impl<I: Clone> Clone for Copied<I> {}
impl<I: Clone> Clone for Cloned<I> {}
impl<I: Clone, F: Clone> Clone for Map<I, F> {}
impl<I: Debug> Debug for Fuse<I> {}
