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
impl<T: Hash, const N: usize> Hash for [T; N] {}
impl<T: ?Sized> Hash for *const T {}
impl<T: ?Sized> Hash for *mut T {}

// Tuples up to 12, as std's `impl_hash_tuple!`.
macro_rules! hash_tuples {
    ( $m:ident !! ) => ();
    ( $m:ident !! $h:ident, $($t:ident,)* ) => ( $m! { $h $($t)* } hash_tuples! { $m !! $($t,)* } );
}
macro_rules! hash_tuple { ( $($n:ident)* ) => ( impl<$($n: Hash),*> Hash for ($($n,)*) {} ); }
hash_tuples! { hash_tuple !! A, B, C, D, E, F, G, H, I, J, K, L, }

/// std's default hasher and its builder.
pub struct DefaultHasher(u64);
impl Hasher for DefaultHasher {}
impl Clone for DefaultHasher {} impl Default for DefaultHasher {} impl Debug for DefaultHasher {}
impl BuildHasher for crate::collections::RandomState { type Hasher = DefaultHasher; }
