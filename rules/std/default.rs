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
impl<A: Default, B: Default> Default for (A, B) {}
impl<A: Default, B: Default, C: Default> Default for (A, B, C) {}
