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
