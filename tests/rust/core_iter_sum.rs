// From core (rust-lang/rust): library/core/src/iter/traits/accum.rs (`Sum`, `Product`, the
// `integer_sum_product!` macro, the impls for references and for Option), restated as local traits.
use std::ops::{Add, Mul};

pub trait Sum<A = Self>: Sized {
    fn sum<I: Iterator<Item = A>>(iter: I) -> Self;
}

pub trait Product<A = Self>: Sized {
    fn product<I: Iterator<Item = A>>(iter: I) -> Self;
}

macro_rules! integer_sum_product {
    ($($a:ty)*) => ($(
        impl Sum for $a {
            fn sum<I: Iterator<Item=Self>>(iter: I) -> Self {
                iter.fold(0, |a, b| a + b)
            }
        }

        impl Product for $a {
            fn product<I: Iterator<Item=Self>>(iter: I) -> Self {
                iter.fold(1, |a, b| a * b)
            }
        }

        impl<'a> Sum<&'a $a> for $a {
            fn sum<I: Iterator<Item=&'a Self>>(iter: I) -> Self {
                iter.fold(0, |a, b| a + b)
            }
        }

        impl<'a> Product<&'a $a> for $a {
            fn product<I: Iterator<Item=&'a Self>>(iter: I) -> Self {
                iter.fold(1, |a, b| a * b)
            }
        }
    )*);
}

integer_sum_product! { i8 i32 u64 usize }

impl<T, U> Sum<Option<U>> for Option<T>
where
    T: Sum<U>,
{
    fn sum<I>(iter: I) -> Option<T>
    where
        I: Iterator<Item = Option<U>>,
    {
        None
    }
}

// goal: i32: Sum
// goal: u64: Sum<&'static u64>
// goal: usize: Product<&'static usize>
// goal: Option<i8>: Sum<Option<i8>>
// goal: Option<i8>: Sum<Option<&'static i8>>
// goal: Option<Option<u64>>: Sum<Option<Option<u64>>>
// goal: u8: Sum
// goal: i32: Sum<u64>
// goal: Option<i32>: Sum<i32>
