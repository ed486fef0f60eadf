// Operator overloading as in the std::ops documentation (library/core/src/ops/arith.rs, the `Add` example
// with `Point`, and the "Add for references" pattern) with a generic `Vector2<T>`.
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

#[derive(Debug, Copy, Clone, PartialEq, Default)]
pub struct Vector2<T> {
    pub x: T,
    pub y: T,
}

impl<T: Add<Output = T>> Add for Vector2<T> {
    type Output = Self;
    fn add(self, other: Self) -> Self::Output {
        Self { x: self.x + other.x, y: self.y + other.y }
    }
}

impl<'a, T> Add<&'a Vector2<T>> for &'a Vector2<T>
where
    T: Add<Output = T> + Copy,
{
    type Output = Vector2<T>;
    fn add(self, other: &'a Vector2<T>) -> Vector2<T> {
        Vector2 { x: self.x + other.x, y: self.y + other.y }
    }
}

impl<T: Sub<Output = T>> Sub for Vector2<T> {
    type Output = Self;
    fn sub(self, other: Self) -> Self {
        Self { x: self.x - other.x, y: self.y - other.y }
    }
}

impl<T: Mul<Output = T> + Copy> Mul<T> for Vector2<T> {
    type Output = Self;
    fn mul(self, k: T) -> Self {
        Self { x: self.x * k, y: self.y * k }
    }
}

impl<T: Neg<Output = T>> Neg for Vector2<T> {
    type Output = Self;
    fn neg(self) -> Self {
        Self { x: -self.x, y: -self.y }
    }
}

impl<T: AddAssign> AddAssign for Vector2<T> {
    fn add_assign(&mut self, other: Self) {
        self.x += other.x;
        self.y += other.y;
    }
}

// goal: Vector2<f32>: Add
// goal: <Vector2<f32> as Add>::Output = Vector2<f32>
// goal: &'static Vector2<i32>: Add<&'static Vector2<i32>>
// goal: Vector2<u32>: Neg
// goal: Vector2<i64>: Neg
// goal: Vector2<f64>: Mul<f64>
// goal: Vector2<f64>: Mul<f32>
// goal: Vector2<String>: Add
// goal: &'static Vector2<String>: Add<&'static Vector2<String>>
// goal: Vector2<u8>: AddAssign
// goal: Vector2<u8>: Copy
// goal: Vector2<String>: Copy
// goal: Vector2<String>: Default
