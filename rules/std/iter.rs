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
impl<A: Step> DoubleEndedIterator for Range<A> {}
impl ExactSizeIterator for Range<u8> {} impl ExactSizeIterator for Range<u16> {}
impl ExactSizeIterator for Range<u32> {} impl ExactSizeIterator for Range<usize> {}
impl ExactSizeIterator for Range<i8> {} impl ExactSizeIterator for Range<i16> {}
impl ExactSizeIterator for Range<i32> {} impl ExactSizeIterator for Range<isize> {}
impl<A: Step> Iterator for crate::ops::RangeInclusive<A> { type Item = A; }
impl<A: Step> DoubleEndedIterator for crate::ops::RangeInclusive<A> {}
impl<I: DoubleEndedIterator + ?Sized> DoubleEndedIterator for &mut I {}
impl<I: ExactSizeIterator + ?Sized> ExactSizeIterator for &mut I {}
impl<I: DoubleEndedIterator + ?Sized> DoubleEndedIterator for Box<I> {}
impl<I: ExactSizeIterator + ?Sized> ExactSizeIterator for Box<I> {}
impl<I: DoubleEndedIterator> DoubleEndedIterator for Rev<I> {}
impl<I: DoubleEndedIterator + ExactSizeIterator> ExactSizeIterator for Rev<I> {}
impl<'a, T: 'a + Copy, I: DoubleEndedIterator<Item = &'a T>> DoubleEndedIterator for Copied<I> {}
impl<'a, T: 'a + Clone, I: DoubleEndedIterator<Item = &'a T>> DoubleEndedIterator for Cloned<I> {}
impl<B, I: DoubleEndedIterator, F: FnMut(<I as Iterator>::Item) -> B> DoubleEndedIterator for Map<I, F> {}
impl<B, I: ExactSizeIterator, F: FnMut(<I as Iterator>::Item) -> B> ExactSizeIterator for Map<I, F> {}
impl<I: ExactSizeIterator> ExactSizeIterator for Enumerate<I> {}
impl<I: DoubleEndedIterator + ExactSizeIterator> DoubleEndedIterator for Enumerate<I> {}
impl<I: ExactSizeIterator> ExactSizeIterator for Take<I> {}
impl<I: ExactSizeIterator> ExactSizeIterator for Skip<I> {}
impl<A: ExactSizeIterator, B: ExactSizeIterator> ExactSizeIterator for Zip<A, B> {}
impl ExactSizeIterator for crate::ops::RangeInclusive<u8> {} impl ExactSizeIterator for crate::ops::RangeInclusive<u16> {}
impl ExactSizeIterator for crate::ops::RangeInclusive<i8> {} impl ExactSizeIterator for crate::ops::RangeInclusive<i16> {}
impl<T: Clone> Clone for Rev<T> {} impl<T: Debug> Debug for Rev<T> {} impl<T: Default> Default for Rev<T> {}
impl<I: Clone> Clone for Enumerate<I> {} impl<I: Debug> Debug for Enumerate<I> {} impl<I: Default> Default for Enumerate<I> {}
impl<I: Clone> Clone for Take<I> {} impl<I: Debug> Debug for Take<I> {}
impl<I: Clone> Clone for Skip<I> {} impl<I: Debug> Debug for Skip<I> {}
impl<A: Clone, B: Clone> Clone for Zip<A, B> {} impl<A: Debug, B: Debug> Debug for Zip<A, B> {}
impl<A: Clone, B: Clone> Clone for Chain<A, B> {} impl<A: Debug, B: Debug> Debug for Chain<A, B> {}
impl<I: Debug, F> Debug for Map<I, F> {}
impl<I: Clone, P: Clone> Clone for Filter<I, P> {} impl<I: Debug, P> Debug for Filter<I, P> {}
impl<I: Default> Default for Fuse<I> {}
impl<I: Debug> Debug for Copied<I> {} impl<I: Debug> Debug for Cloned<I> {}
// Found by the std sweep's iterator list: the adapters' other impls, as std writes them.
impl<I: DoubleEndedIterator> DoubleEndedIterator for Fuse<I> {}
impl<I: ExactSizeIterator> ExactSizeIterator for Fuse<I> {}
impl<I: DoubleEndedIterator> DoubleEndedIterator for Peekable<I> {}
impl<I: ExactSizeIterator> ExactSizeIterator for Peekable<I> {}
impl<I: Clone + Iterator> Clone for Peekable<I> where <I as Iterator>::Item: Clone {}
impl<I: Debug + Iterator> Debug for Peekable<I> where <I as Iterator>::Item: Debug {}
impl<I: DoubleEndedIterator + ExactSizeIterator> DoubleEndedIterator for Take<I> {}
impl<I: DoubleEndedIterator + ExactSizeIterator> DoubleEndedIterator for Skip<I> {}
impl<A: DoubleEndedIterator + ExactSizeIterator, B: DoubleEndedIterator + ExactSizeIterator> DoubleEndedIterator for Zip<A, B> {}
impl<A: DoubleEndedIterator, B: DoubleEndedIterator<Item = <A as Iterator>::Item>> DoubleEndedIterator for Chain<A, B> {}
impl<A: Default, B: Default> Default for Chain<A, B> {}
impl<I: DoubleEndedIterator, P: FnMut(&<I as Iterator>::Item) -> bool> DoubleEndedIterator for Filter<I, P> {}
impl<T> DoubleEndedIterator for Once<T> {} impl<T> ExactSizeIterator for Once<T> {}
impl<T: Clone> Clone for Once<T> {} impl<T: Debug> Debug for Once<T> {}
impl<T> DoubleEndedIterator for Empty<T> {} impl<T> ExactSizeIterator for Empty<T> {}
impl<T> Clone for Empty<T> {} impl<T> Debug for Empty<T> {} impl<T> Default for Empty<T> {}
impl<'a, T: 'a + Copy, I: ExactSizeIterator<Item = &'a T>> ExactSizeIterator for Copied<I> {}
impl<'a, T: 'a + Clone, I: ExactSizeIterator<Item = &'a T>> ExactSizeIterator for Cloned<I> {}
impl<I: Default> Default for Copied<I> {} impl<I: Default> Default for Cloned<I> {}
