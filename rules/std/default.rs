// std::default

pub trait Default {}

impl Default for () {}
impl Default for bool {}
impl Default for char {}
impl Default for u8 {} impl Default for u16 {} impl Default for u32 {} impl Default for u64 {}
impl Default for u128 {} impl Default for usize {}
impl Default for i8 {} impl Default for i16 {} impl Default for i32 {} impl Default for i64 {}
impl Default for i128 {} impl Default for isize {}
impl Default for f32 {} impl Default for f64 {}
impl Default for &str {}
impl<T> Default for &[T] {}
// The null pointer (std: `T: ?Sized + Thin`; modelled for sized `T`, every one of which is thin).
impl<T> Default for *const T {} impl<T> Default for *mut T {}
// Arrays up to 32 (std's `array_impl_default!`: `[T; 0]` needs nothing of `T`) and tuples up to 12.
impl<T> Default for [T; 0] {}
macro_rules! default_arrays { ($($n:literal)*) => { $(impl<T: Default> Default for [T; $n] {})* }; }
default_arrays! { 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 }
macro_rules! default_tuples {
    ( $m:ident !! ) => ();
    ( $m:ident !! $h:ident, $($t:ident,)* ) => ( $m! { $h $($t)* } default_tuples! { $m !! $($t,)* } );
}
macro_rules! default_tuple { ( $($n:ident)* ) => ( impl<$($n: Default),*> Default for ($($n,)*) {} ); }
default_tuples! { default_tuple !! A, B, C, D, E, F, G, H, I, J, K, L, }
impl Default for &mut str {}
impl<T> Default for &mut [T] {}
