// std::cmp

pub trait PartialEq<Rhs: ?Sized = Self> {}
pub trait Eq: PartialEq<Self> {}
pub trait PartialOrd<Rhs: ?Sized = Self>: PartialEq<Rhs> {}
pub trait Ord: Eq + PartialOrd<Self> {}

pub enum Ordering { Less, Equal, Greater }

impl PartialEq for () {} impl Eq for () {} impl PartialOrd for () {} impl Ord for () {}
impl PartialEq for bool {} impl Eq for bool {} impl PartialOrd for bool {} impl Ord for bool {}
impl PartialEq for char {} impl Eq for char {} impl PartialOrd for char {} impl Ord for char {}
impl PartialEq for str {} impl Eq for str {} impl PartialOrd for str {} impl Ord for str {}
impl PartialEq for u8 {} impl Eq for u8 {} impl PartialOrd for u8 {} impl Ord for u8 {}
impl PartialEq for u16 {} impl Eq for u16 {} impl PartialOrd for u16 {} impl Ord for u16 {}
impl PartialEq for u32 {} impl Eq for u32 {} impl PartialOrd for u32 {} impl Ord for u32 {}
impl PartialEq for u64 {} impl Eq for u64 {} impl PartialOrd for u64 {} impl Ord for u64 {}
impl PartialEq for u128 {} impl Eq for u128 {} impl PartialOrd for u128 {} impl Ord for u128 {}
impl PartialEq for usize {} impl Eq for usize {} impl PartialOrd for usize {} impl Ord for usize {}
impl PartialEq for i8 {} impl Eq for i8 {} impl PartialOrd for i8 {} impl Ord for i8 {}
impl PartialEq for i16 {} impl Eq for i16 {} impl PartialOrd for i16 {} impl Ord for i16 {}
impl PartialEq for i32 {} impl Eq for i32 {} impl PartialOrd for i32 {} impl Ord for i32 {}
impl PartialEq for i64 {} impl Eq for i64 {} impl PartialOrd for i64 {} impl Ord for i64 {}
impl PartialEq for i128 {} impl Eq for i128 {} impl PartialOrd for i128 {} impl Ord for i128 {}
impl PartialEq for isize {} impl Eq for isize {} impl PartialOrd for isize {} impl Ord for isize {}
impl PartialEq for f32 {} impl PartialOrd for f32 {}
impl PartialEq for f64 {} impl PartialOrd for f64 {}
impl<'a, A: ?Sized + PartialEq<B>, B: ?Sized> PartialEq<&'a B> for &'a A {}
impl<'a, A: ?Sized + Eq> Eq for &'a A {}
impl<T: PartialEq> PartialEq for [T] {}
impl<T: Eq> Eq for [T] {}
impl<'a, 'b, A: ?Sized + PartialOrd<B>, B: ?Sized> PartialOrd<&'b B> for &'a A {}
impl<'a, A: ?Sized + Ord> Ord for &'a A {}
impl<'a, 'b, A: ?Sized + PartialEq<B>, B: ?Sized> PartialEq<&'b mut B> for &'a mut A {}
impl<'a, A: ?Sized + Eq> Eq for &'a mut A {}
impl<'a, 'b, A: ?Sized + PartialOrd<B>, B: ?Sized> PartialOrd<&'b mut B> for &'a mut A {}
impl<'a, A: ?Sized + Ord> Ord for &'a mut A {}
impl<T: PartialOrd> PartialOrd for [T] {}
impl<T: Ord> Ord for [T] {}
impl<T: PartialEq, const N: usize> PartialEq for [T; N] {}
impl<T: Eq, const N: usize> Eq for [T; N] {}
impl<T: PartialOrd, const N: usize> PartialOrd for [T; N] {}
impl<T: Ord, const N: usize> Ord for [T; N] {}
impl<T: PartialEq, const N: usize> PartialEq<[T]> for [T; N] {}
impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for [T] {}
// Tuples up to 12, as std's `tuple_impls!`.
macro_rules! cmp_tuples {
    ( $m:ident !! ) => ();
    ( $m:ident !! $h:ident, $($t:ident,)* ) => ( $m! { $h $($t)* } cmp_tuples! { $m !! $($t,)* } );
}
macro_rules! cmp_tuple {
    ( $($n:ident)* ) => (
        impl<$($n: PartialEq),*> PartialEq for ($($n,)*) {}
        impl<$($n: Eq),*> Eq for ($($n,)*) {}
        impl<$($n: PartialOrd),*> PartialOrd for ($($n,)*) {}
        impl<$($n: Ord),*> Ord for ($($n,)*) {}
    );
}
cmp_tuples! { cmp_tuple !! A, B, C, D, E, F, G, H, I, J, K, L, }
impl PartialEq for Ordering {} impl Eq for Ordering {}
// Raw pointers compare by address.
impl<T: ?Sized> PartialEq for *const T {} impl<T: ?Sized> Eq for *const T {}
impl<T: ?Sized> PartialOrd for *const T {} impl<T: ?Sized> Ord for *const T {}
impl<T: ?Sized> PartialEq for *mut T {} impl<T: ?Sized> Eq for *mut T {}
impl<T: ?Sized> PartialOrd for *mut T {} impl<T: ?Sized> Ord for *mut T {}
