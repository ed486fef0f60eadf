// std::hash

pub trait Hash {}
pub trait Hasher {}
pub trait BuildHasher { type Hasher: Hasher; }

impl Hash for () {} impl Hash for bool {} impl Hash for char {} impl Hash for str {}
impl Hash for u8 {} impl Hash for u16 {} impl Hash for u32 {} impl Hash for u64 {} impl Hash for u128 {}
impl Hash for usize {}
impl Hash for i8 {} impl Hash for i16 {} impl Hash for i32 {} impl Hash for i64 {} impl Hash for i128 {}
impl Hash for isize {}
impl<T: ?Sized + Hash> Hash for &T {}
impl<T: ?Sized + Hash> Hash for &mut T {}
impl<T: Hash> Hash for [T] {}
impl<A: Hash, B: Hash> Hash for (A, B) {}
impl<A: Hash, B: Hash, C: Hash> Hash for (A, B, C) {}
