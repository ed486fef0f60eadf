// After rustc's tests/ui/associated-types tests on normalizing projections through impls and where-clauses
// (e.g. associated-types-normalize-in-bounds.rs), written anew.
pub trait Container {
    type Item;
    type Iter: Iterator<Item = Self::Item>;
}

pub struct Stack<T> {
    items: Vec<T>,
}

impl<T> Container for Stack<T> {
    type Item = T;
    type Iter = std::vec::IntoIter<T>;
}

pub trait Get {
    type Value;
}
impl Get for u8 {
    type Value = u16;
}
impl Get for u16 {
    type Value = u32;
}
impl<T: Get> Get for Vec<T> {
    type Value = Vec<T::Value>;
}

pub trait Twice {
    type Out;
}
impl<T> Twice for T
where
    T: Get,
    T::Value: Get,
{
    type Out = <T::Value as Get>::Value;
}

// goal: <Stack<u8> as Container>::Item = u8
// goal: <<Stack<u8> as Container>::Iter as Iterator>::Item = u8
// goal: <Vec<u8> as Get>::Value = Vec<u16>
// goal: <u8 as Twice>::Out = u32
// goal: u16: Twice
// goal: <Vec<Vec<u8>> as Twice>::Out = Vec<Vec<u32>>
// goal: <u8 as Twice>::Out = u16
// goal: forall<T> { if (T: Container; T: Sized) { <T as Container>::Iter: Iterator } }
