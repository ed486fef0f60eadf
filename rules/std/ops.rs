// std::ops

#[lang(fn_once)]
pub trait FnOnce<Args> { type Output; }
#[lang(fn_mut)]
pub trait FnMut<Args>: FnOnce<Args> {}
#[lang(fn)]
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

pub struct Range<Idx> { pub start: Idx, pub end: Idx }
pub struct RangeInclusive<Idx> { start: Idx, end: Idx }

impl<T: ?Sized> Deref for &T { type Target = T; }
impl<T: ?Sized> Deref for &mut T { type Target = T; }
impl<T: ?Sized> DerefMut for &mut T {}

impl Add for u8 { type Output = u8; } impl Add for u16 { type Output = u16; }
impl Add for u32 { type Output = u32; } impl Add for u64 { type Output = u64; }
impl Add for usize { type Output = usize; } impl Add for i8 { type Output = i8; }
impl Add for i16 { type Output = i16; } impl Add for i32 { type Output = i32; }
impl Add for i64 { type Output = i64; } impl Add for isize { type Output = isize; }
impl Add for f32 { type Output = f32; } impl Add for f64 { type Output = f64; }
impl Sub for u8 { type Output = u8; } impl Sub for u16 { type Output = u16; }
impl Sub for u32 { type Output = u32; } impl Sub for u64 { type Output = u64; }
impl Sub for usize { type Output = usize; } impl Sub for i8 { type Output = i8; }
impl Sub for i16 { type Output = i16; } impl Sub for i32 { type Output = i32; }
impl Sub for i64 { type Output = i64; } impl Sub for isize { type Output = isize; }
impl Sub for f32 { type Output = f32; } impl Sub for f64 { type Output = f64; }
impl Mul for u8 { type Output = u8; } impl Mul for u16 { type Output = u16; }
impl Mul for u32 { type Output = u32; } impl Mul for u64 { type Output = u64; }
impl Mul for usize { type Output = usize; } impl Mul for i8 { type Output = i8; }
impl Mul for i16 { type Output = i16; } impl Mul for i32 { type Output = i32; }
impl Mul for i64 { type Output = i64; } impl Mul for isize { type Output = isize; }
impl Mul for f32 { type Output = f32; } impl Mul for f64 { type Output = f64; }
impl Div for u32 { type Output = u32; } impl Div for u64 { type Output = u64; }
impl Div for usize { type Output = usize; } impl Div for i32 { type Output = i32; }
impl Div for i64 { type Output = i64; } impl Div for f32 { type Output = f32; }
impl Div for f64 { type Output = f64; }
impl Neg for i8 { type Output = i8; } impl Neg for i16 { type Output = i16; }
impl Neg for i32 { type Output = i32; } impl Neg for i64 { type Output = i64; }
impl Neg for isize { type Output = isize; } impl Neg for f32 { type Output = f32; }
impl Neg for f64 { type Output = f64; }
impl Not for bool { type Output = bool; }
impl<Idx: Clone> Clone for Range<Idx> {}
impl<Idx: Debug> Debug for Range<Idx> {}
impl<Idx: PartialEq> PartialEq for Range<Idx> {}
impl<Idx: Eq> Eq for Range<Idx> {}
impl<Idx: Hash> Hash for Range<Idx> {}
