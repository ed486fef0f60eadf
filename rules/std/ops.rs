// std::ops

// `#[fundamental]` as in core: no crate may add an impl of them for a type it did not define, so
// coherence may rely on `char: !Fn(char) -> bool`.
#[lang(fn_once)]
#[fundamental]
pub trait FnOnce<Args> { type Output; }
#[lang(fn_mut)]
#[fundamental]
pub trait FnMut<Args>: FnOnce<Args> {}
#[lang(fn)]
#[fundamental]
pub trait Fn<Args>: FnMut<Args> {}

pub trait Deref { type Target: ?Sized; }
pub trait DerefMut: Deref {}
pub trait Drop {}
pub trait Index<Idx: ?Sized> { type Output: ?Sized; }
pub trait IndexMut<Idx: ?Sized>: Index<Idx> {}

pub trait Add<Rhs = Self> { type Output; }
pub trait Sub<Rhs = Self> { type Output; }
pub trait Mul<Rhs = Self> { type Output; }
pub trait Div<Rhs = Self> { type Output; }
pub trait Rem<Rhs = Self> { type Output; }
pub trait Neg { type Output; }
pub trait Not { type Output; }
pub trait BitAnd<Rhs = Self> { type Output; }
pub trait BitOr<Rhs = Self> { type Output; }
pub trait BitXor<Rhs = Self> { type Output; }
pub trait Shl<Rhs = Self> { type Output; }
pub trait Shr<Rhs = Self> { type Output; }
pub trait AddAssign<Rhs = Self> {}
pub trait SubAssign<Rhs = Self> {}
pub trait MulAssign<Rhs = Self> {}
pub trait DivAssign<Rhs = Self> {}
pub trait RemAssign<Rhs = Self> {}
pub trait BitAndAssign<Rhs = Self> {}
pub trait BitOrAssign<Rhs = Self> {}
pub trait BitXorAssign<Rhs = Self> {}
pub trait ShlAssign<Rhs = Self> {}
pub trait ShrAssign<Rhs = Self> {}

pub struct Range<Idx> { pub start: Idx, pub end: Idx }
pub struct RangeInclusive<Idx> { start: Idx, end: Idx }

impl<T: ?Sized> Deref for &T { type Target = T; }
impl<T: ?Sized> Deref for &mut T { type Target = T; }
impl<T: ?Sized> DerefMut for &mut T {}

// The arithmetic of the numeric types, as std's `add_impl!`, `forward_ref_binop!`, ...: `T op T`,
// `T op &T`, `&T op T` and `&T op &T` all give `T`; the compound assignments take `T` and `&T`.
macro_rules! binop {
    ($Tr:ident, $Assign:ident: $($t:ty)*) => {$(
        impl $Tr for $t { type Output = $t; }
        impl<'a> $Tr<&'a $t> for $t { type Output = $t; }
        impl<'a> $Tr<$t> for &'a $t { type Output = $t; }
        impl<'a, 'b> $Tr<&'a $t> for &'b $t { type Output = $t; }
        impl $Assign for $t {}
        impl<'a> $Assign<&'a $t> for $t {}
    )*};
}
binop! { Add, AddAssign: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 }
binop! { Sub, SubAssign: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 }
binop! { Mul, MulAssign: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 }
binop! { Div, DivAssign: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 }
binop! { Rem, RemAssign: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize f32 f64 }
binop! { BitAnd, BitAndAssign: bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
binop! { BitOr, BitOrAssign: bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
binop! { BitXor, BitXorAssign: bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
macro_rules! unop {
    ($Tr:ident: $($t:ty)*) => {$(
        impl $Tr for $t { type Output = $t; }
        impl<'a> $Tr for &'a $t { type Output = $t; }
    )*};
}
unop! { Neg: i8 i16 i32 i64 i128 isize f32 f64 }
unop! { Not: bool u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
// Shifts: every integer type by every integer type (`shl_impl_all!`).
macro_rules! shift {
    ($($t:ty)*) => {$(
        shift_by! { $t: u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
    )*};
}
macro_rules! shift_by {
    ($t:ty: $($r:ty)*) => {$(
        impl Shl<$r> for $t { type Output = $t; }
        impl Shr<$r> for $t { type Output = $t; }
        impl ShlAssign<$r> for $t {}
        impl ShrAssign<$r> for $t {}
    )*};
}
shift! { u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }
// std also writes each shift with either side by reference (`forward_ref_binop!`): 1,152 impls more,
// which cost every `.rs` load a third more instructions. The model says the same in 96 over
// `ShiftBy`, a trait of its own that the twelve integer types alone implement. It is not std's: knot
// does not check visibility, so a program naming `std::ops::ShiftBy` finds it where rustc would not.
trait ShiftBy {}
macro_rules! shift_ref {
    ($($t:ty)*) => {$(
        impl ShiftBy for $t {}
        impl<'a, R: ShiftBy> Shl<&'a R> for $t { type Output = $t; }
        impl<'a, R: ShiftBy> Shl<R> for &'a $t { type Output = $t; }
        impl<'a, 'b, R: ShiftBy> Shl<&'a R> for &'b $t { type Output = $t; }
        impl<'a, R: ShiftBy> Shr<&'a R> for $t { type Output = $t; }
        impl<'a, R: ShiftBy> Shr<R> for &'a $t { type Output = $t; }
        impl<'a, 'b, R: ShiftBy> Shr<&'a R> for &'b $t { type Output = $t; }
        impl<'a, R: ShiftBy> ShlAssign<&'a R> for $t {}
        impl<'a, R: ShiftBy> ShrAssign<&'a R> for $t {}
    )*};
}
shift_ref! { u8 u16 u32 u64 u128 usize i8 i16 i32 i64 i128 isize }

impl<Idx: Clone> Clone for Range<Idx> {}
impl<Idx: Debug> Debug for Range<Idx> {}
impl<Idx: PartialEq> PartialEq for Range<Idx> {}
impl<Idx: Eq> Eq for Range<Idx> {}
impl<Idx: Hash> Hash for Range<Idx> {}

// Calling through a reference (core::ops::function's impls for `&F` and `&mut F`).
impl<A, F: Fn<A> + ?Sized> FnOnce<A> for &F { type Output = <F as FnOnce<A>>::Output; }
impl<A, F: Fn<A> + ?Sized> FnMut<A> for &F {}
impl<A, F: Fn<A> + ?Sized> Fn<A> for &F {}
impl<A, F: FnMut<A> + ?Sized> FnOnce<A> for &mut F { type Output = <F as FnOnce<A>>::Output; }
impl<A, F: FnMut<A> + ?Sized> FnMut<A> for &mut F {}
// Ranges iterate from `Step` types (`iter.rs`); `Range<u64>` and wider are no `ExactSizeIterator`
// (a length may not fit a `usize` on every target), as in std's `range_exact_iter_impl!`.
impl<Idx: Default> Default for Range<Idx> {}
impl<Idx: Clone> Clone for RangeInclusive<Idx> {}
impl<Idx: Debug> Debug for RangeInclusive<Idx> {}
impl<Idx: PartialEq> PartialEq for RangeInclusive<Idx> {}
impl<Idx: Eq> Eq for RangeInclusive<Idx> {}
impl<Idx: Hash> Hash for RangeInclusive<Idx> {}
// Indexing, as std's `SliceIndex`: a slice (array, `Vec`) by a position or a range, `str` and
// `String` by a range.
pub trait SliceIndex<T: ?Sized> { type Output: ?Sized; }
impl<T> SliceIndex<[T]> for usize { type Output = T; }
impl<T> SliceIndex<[T]> for Range<usize> { type Output = [T]; }
impl<T> SliceIndex<[T]> for RangeInclusive<usize> { type Output = [T]; }
impl SliceIndex<str> for Range<usize> { type Output = str; }
impl SliceIndex<str> for RangeInclusive<usize> { type Output = str; }
impl<T, I: SliceIndex<[T]>> Index<I> for [T] { type Output = <I as SliceIndex<[T]>>::Output; }
impl<T, I: SliceIndex<[T]>> IndexMut<I> for [T] {}
impl<T, I: SliceIndex<[T]>, const N: usize> Index<I> for [T; N] { type Output = <I as SliceIndex<[T]>>::Output; }
impl<T, I: SliceIndex<[T]>, const N: usize> IndexMut<I> for [T; N] {}
impl<I: SliceIndex<str>> Index<I> for str { type Output = <I as SliceIndex<str>>::Output; }
impl<I: SliceIndex<str>> IndexMut<I> for str {}
