// From num-traits (rust-num/num-traits): src/cast.rs (`ToPrimitive`, `FromPrimitive`, `NumCast`, `AsPrimitive`)
// Trimmed: each trait keeps its required methods; impls for a few types through a macro.
pub trait ToPrimitive {
    fn to_i64(&self) -> Option<i64>;
    fn to_u64(&self) -> Option<u64>;
}

pub trait FromPrimitive: Sized {
    fn from_i64(n: i64) -> Option<Self>;
    fn from_u64(n: u64) -> Option<Self>;
}

pub trait NumCast: Sized + ToPrimitive {
    fn from<T: ToPrimitive>(n: T) -> Option<Self>;
}

pub trait AsPrimitive<T>: 'static + Copy
where
    T: 'static + Copy,
{
    fn as_(self) -> T;
}

macro_rules! impl_to_primitive {
    ($($T:ident)*) => {$(
        impl ToPrimitive for $T {
            fn to_i64(&self) -> Option<i64> { Some(*self as i64) }
            fn to_u64(&self) -> Option<u64> { Some(*self as u64) }
        }
        impl FromPrimitive for $T {
            fn from_i64(n: i64) -> Option<$T> { Some(n as $T) }
            fn from_u64(n: u64) -> Option<$T> { Some(n as $T) }
        }
        impl NumCast for $T {
            fn from<N: ToPrimitive>(n: N) -> Option<$T> { n.to_i64().map(|x| x as $T) }
        }
    )*};
}
impl_to_primitive!(u8 u16 i32 i64 f64);

macro_rules! impl_as_primitive {
    ($T:ty => $($U:ty),*) => {$(
        impl AsPrimitive<$U> for $T {
            #[inline]
            fn as_(self) -> $U { self as $U }
        }
    )*};
}
impl_as_primitive!(u8 => u8, u16, i32, f64);
impl_as_primitive!(i32 => u8, i64);

// goal: u8: NumCast
// goal: f64: FromPrimitive
// goal: u8: AsPrimitive<f64>
// goal: i32: AsPrimitive<i64>
// goal: i32: AsPrimitive<u16>
// goal: bool: ToPrimitive
// goal: String: NumCast
