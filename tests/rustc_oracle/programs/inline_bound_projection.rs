// A parameter bound whose argument is a projection of another parameter (smallvec's
// `impl<A: Array, I: SliceIndex<[A::Item]>> Index<I> for SmallVec<A>`): the projection is
// normalized before the bound is asked.
use std::slice::SliceIndex;
pub trait Array {
    type Item;
}
impl<T> Array for [T; 4] {
    type Item = T;
}
pub struct SV<A: Array> {
    a: A,
}
impl<A: Array, I: SliceIndex<[A::Item]>> std::ops::Index<I> for SV<A> {
    type Output = I::Output;
    fn index(&self, _i: I) -> &I::Output {
        todo!()
    }
}
pub trait Pick<I> {}
impl<A: Array, I: SliceIndex<[A::Item], Output = A::Item>> Pick<I> for SV<A> {}
