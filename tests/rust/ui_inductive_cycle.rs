// After rustc's tests/ui/traits/next-solver/cycles/inductive-cycle-but-ok.rs and inductive-not-on-stack.rs,
// written anew without `#[rustc_coinductive]` (stable rustc): impls whose where-clauses cycle through an
// inductive trait overflow (E0275), while a cycle through an auto trait (`Send` of a recursive type) holds.
pub trait Trait {}

pub struct A<T>(T);
pub struct B<T>(T);

impl<T> Trait for A<T> where B<T>: Trait {}
impl<T> Trait for B<T> where A<T>: Trait {}

pub struct List<T> {
    head: T,
    tail: Option<Box<List<T>>>,
}

pub struct Tree {
    children: Vec<Tree>,
    label: String,
}

pub trait Eventually {}
impl Eventually for u8 {}
impl<T: Eventually> Eventually for Vec<T> {}

// goal: A<u8>: Trait
// goal: B<u8>: Trait
// goal: List<u8>: Send
// goal: List<std::rc::Rc<u8>>: Send
// goal: Tree: Sync
// goal: Vec<Vec<u8>>: Eventually
// goal: Vec<Vec<u16>>: Eventually
