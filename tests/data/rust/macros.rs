// macro_rules! by example: recursive tuple impls, a type-list macro with a trailing separator, a macro
// local to a module. Verdicts asked of rustc 1.95 (the goals in tests/rust_frontend.rs).
trait Tr {}
macro_rules! tuples {
    ( $m:ident !! ) => ( $m! { } );
    ( $m:ident !! $h:ident, $($t:ident,)* ) => ( $m! { $h $($t)* } tuples! { $m !! $($t,)* } );
}
macro_rules! tup { ( $($n:ident)* ) => ( impl<$($n: Tr,)*> Tr for ($($n,)*) {} ); }
tuples! { tup !! A, B, C, }
macro_rules! prims { ($($t:ty),+ $(,)?) => { $(impl Tr for $t {})+ }; }
prims!(u8, Vec<u16>, &'static str,);
mod m {
    macro_rules! local { ($i:ident) => { pub struct $i; impl super::Tr for $i {} }; }
    local!(Local);
}
