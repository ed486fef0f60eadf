// From ndarray (rust-ndarray/ndarray): src/dimension/dimension_trait.rs (`Dimension: Clone + Eq + Debug + Send +
// Sync + Default + ...` with `type Pattern`, `type Smaller: Dimension`, `type Larger: Dimension`) and
// src/dimension/dim.rs (`Dim<I>`, the `Ix0`..`Ix2` aliases), trimmed to three dimensions and a few items.
use std::fmt::Debug;

#[derive(Copy, Clone, PartialEq, Eq, Hash, Default, Debug)]
pub struct Dim<I: ?Sized> {
    index: I,
}

pub type Ix = usize;
pub type Ix0 = Dim<[Ix; 0]>;
pub type Ix1 = Dim<[Ix; 1]>;
pub type Ix2 = Dim<[Ix; 2]>;

pub trait RemoveAxis: Dimension {}

pub trait Dimension: Clone + Eq + Debug + Send + Sync + Default {
    const NDIM: Option<usize>;
    type Pattern: Clone + Debug + PartialEq + Eq + Default;
    type Smaller: Dimension;
    type Larger: Dimension + RemoveAxis;
}

impl Dimension for Dim<[Ix; 0]> {
    const NDIM: Option<usize> = Some(0);
    type Pattern = ();
    type Smaller = Self;
    type Larger = Ix1;
}

impl Dimension for Dim<[Ix; 1]> {
    const NDIM: Option<usize> = Some(1);
    type Pattern = Ix;
    type Smaller = Ix0;
    type Larger = Ix2;
}

impl Dimension for Dim<[Ix; 2]> {
    const NDIM: Option<usize> = Some(2);
    type Pattern = (Ix, Ix);
    type Smaller = Ix1;
    type Larger = Ix2;
}

impl RemoveAxis for Dim<[Ix; 1]> {}
impl RemoveAxis for Dim<[Ix; 2]> {}

// goal: Ix1: Dimension
// goal: <Ix2 as Dimension>::Pattern = (usize, usize)
// goal: <<Ix2 as Dimension>::Smaller as Dimension>::Pattern = usize
// goal: <Ix0 as Dimension>::Larger: RemoveAxis
// goal: Ix0: RemoveAxis
// goal: Dim<[usize; 3]>: Dimension
// goal: Ix2: std::hash::Hash
// goal: forall<T> { if (T: Dimension; T: Sized) { <T as Dimension>::Smaller: Dimension } }
// goal: forall<T> { if (T: Dimension; T: Sized) { T: Send } }
