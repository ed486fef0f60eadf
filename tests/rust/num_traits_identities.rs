// From num-traits (rust-num/num-traits): src/identities.rs (`Zero`, `One`, the `zero_impl!`/`one_impl!`
// macros) and src/lib.rs (`Num`, `NumOps`, the blanket impl of `NumOps`).
// Trimmed: Wrapping impls and the float impls beyond f64 dropped; `Num::from_str_radix` kept.
use core::ops::{Add, Div, Mul, Rem, Sub};

pub trait Zero: Sized + Add<Self, Output = Self> {
    fn zero() -> Self;
    fn is_zero(&self) -> bool;
}

pub trait One: Sized + Mul<Self, Output = Self> {
    fn one() -> Self;
}

macro_rules! zero_impl {
    ($t:ty, $v:expr) => {
        impl Zero for $t {
            #[inline]
            fn zero() -> $t {
                $v
            }
            #[inline]
            fn is_zero(&self) -> bool {
                *self == $v
            }
        }
    };
}

zero_impl!(usize, 0);
zero_impl!(u8, 0);
zero_impl!(u32, 0);
zero_impl!(i64, 0);
zero_impl!(f64, 0.0);

macro_rules! one_impl {
    ($t:ty, $v:expr) => {
        impl One for $t {
            #[inline]
            fn one() -> $t {
                $v
            }
        }
    };
}

one_impl!(usize, 1);
one_impl!(u8, 1);
one_impl!(u32, 1);
one_impl!(i64, 1);
one_impl!(f64, 1.0);

pub trait NumOps<Rhs = Self, Output = Self>:
    Add<Rhs, Output = Output>
    + Sub<Rhs, Output = Output>
    + Mul<Rhs, Output = Output>
    + Div<Rhs, Output = Output>
    + Rem<Rhs, Output = Output>
{
}

impl<T, Rhs, Output> NumOps<Rhs, Output> for T where
    T: Add<Rhs, Output = Output>
        + Sub<Rhs, Output = Output>
        + Mul<Rhs, Output = Output>
        + Div<Rhs, Output = Output>
        + Rem<Rhs, Output = Output>
{
}

pub trait Num: PartialEq + Zero + One + NumOps {
    type FromStrRadixErr;
    fn from_str_radix(str: &str, radix: u32) -> Result<Self, Self::FromStrRadixErr>;
}

macro_rules! int_trait_impl {
    ($name:ident for $($t:ty)*) => ($(
        impl $name for $t {
            type FromStrRadixErr = ::core::num::ParseIntError;
            #[inline]
            fn from_str_radix(s: &str, radix: u32) -> Result<Self, ::core::num::ParseIntError> {
                <$t>::from_str_radix(s, radix)
            }
        }
    )*)
}
int_trait_impl!(Num for usize u8 u32 i64);

// goal: u32: Zero
// goal: f64: One
// goal: u8: Num
// goal: i64: NumOps
// goal: String: Zero
// goal: bool: NumOps
// goal: u16: Num
// goal: <u8 as Num>::FromStrRadixErr = core::num::ParseIntError
// goal: forall<T> { if (T: Num; T: Sized) { T: Zero } }
// goal: forall<T> { if (T: Num; T: Sized) { T: PartialEq } }
