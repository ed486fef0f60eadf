// From num-traits (rust-num/num-traits): src/bounds.rs (`Bounded`, `LowerBounded`, `UpperBounded`, the
// blanket impls from `Bounded`, the `bounded_impl!` macro and the tuple impls).
// Trimmed: fewer integer types, tuples up to three.
pub trait Bounded {
    fn min_value() -> Self;
    fn max_value() -> Self;
}

pub trait LowerBounded {
    fn min_value() -> Self;
}

impl<T: Bounded> LowerBounded for T {
    fn min_value() -> T {
        Bounded::min_value()
    }
}

pub trait UpperBounded {
    fn max_value() -> Self;
}

impl<T: Bounded> UpperBounded for T {
    fn max_value() -> T {
        Bounded::max_value()
    }
}

macro_rules! bounded_impl {
    ($t:ty, $min:expr, $max:expr) => {
        impl Bounded for $t {
            #[inline]
            fn min_value() -> $t {
                $min
            }
            #[inline]
            fn max_value() -> $t {
                $max
            }
        }
    };
}

bounded_impl!(usize, usize::MIN, usize::MAX);
bounded_impl!(u8, u8::MIN, u8::MAX);
bounded_impl!(i32, i32::MIN, i32::MAX);
bounded_impl!(f64, f64::MIN, f64::MAX);

macro_rules! for_each_tuple_ {
    ( $m:ident !! ) => (
        $m! { }
    );
    ( $m:ident !! $h:ident, $($t:ident,)* ) => (
        $m! { $h $($t)* }
        for_each_tuple_! { $m !! $($t,)* }
    );
}
macro_rules! for_each_tuple {
    ($m:ident) => {
        for_each_tuple_! { $m !! A, B, C, }
    };
}

macro_rules! bounded_tuple {
    ( $($name:ident)* ) => (
        impl<$($name: Bounded,)*> Bounded for ($($name,)*) {
            #[inline]
            fn min_value() -> Self {
                ($($name::min_value(),)*)
            }
            #[inline]
            fn max_value() -> Self {
                ($($name::max_value(),)*)
            }
        }
    );
}

for_each_tuple!(bounded_tuple);

// goal: u8: Bounded
// goal: i32: LowerBounded
// goal: (u8, f64): Bounded
// goal: (u8, i32, usize): UpperBounded
// goal: (u8, String): Bounded
// goal: String: LowerBounded
// goal: (): Bounded
