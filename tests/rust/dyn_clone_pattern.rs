// The boxed-clone pattern of dyn-clone (dtolnay/dyn-clone, src/lib.rs: `DynClone` with the blanket impl for
// `T: Clone`, and `clone_trait_object!`'s `impl Clone for Box<dyn Trait>`), written out by hand.
pub trait DynClone {
    fn clone_box(&self) -> Box<dyn Shape>;
}

pub trait Shape: DynClone {
    fn area(&self) -> f64;
}

impl<T> DynClone for T
where
    T: Shape + Clone + 'static,
{
    fn clone_box(&self) -> Box<dyn Shape> {
        Box::new(self.clone())
    }
}

impl Clone for Box<dyn Shape> {
    fn clone(&self) -> Box<dyn Shape> {
        self.clone_box()
    }
}

#[derive(Clone)]
pub struct Square(f64);
impl Shape for Square {
    fn area(&self) -> f64 {
        self.0 * self.0
    }
}

pub struct Blob;

// goal: Box<dyn Shape>: Clone
// goal: Vec<Box<dyn Shape>>: Clone
// goal: Square: DynClone
// goal: Blob: DynClone
// goal: Box<Square>: Clone
// goal: dyn Shape: DynClone
// goal: Option<Box<dyn Shape>>: Clone
