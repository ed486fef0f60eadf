// After rustc's tests/ui/traits/object tests (impls on trait objects, supertraits of `dyn Trait`, auto
// traits in an object type), written anew.
use std::fmt::Debug;

pub trait Shape: Debug {
    fn area(&self) -> f64;
}

pub trait Describe {
    fn describe(&self) -> String;
}

impl Describe for dyn Shape {
    fn describe(&self) -> String {
        format!("{:?}", self)
    }
}

impl Describe for dyn Shape + Send {
    fn describe(&self) -> String {
        format!("{:?} (Send)", self)
    }
}

impl<T: Describe + ?Sized> Describe for Box<T> {
    fn describe(&self) -> String {
        (**self).describe()
    }
}

#[derive(Debug)]
pub struct Circle(f64);
impl Shape for Circle {
    fn area(&self) -> f64 {
        3.14 * self.0 * self.0
    }
}

// goal: dyn Shape: Describe
// goal: dyn Shape + Send: Describe
// goal: Box<dyn Shape>: Describe
// goal: dyn Shape: Debug
// goal: dyn Shape + Sync: Describe
// goal: Circle: Describe
// goal: dyn Shape: Send
// goal: dyn Shape + Send: Send
// goal: Box<dyn Shape + Send>: Send
// goal: dyn Shape: Shape
