// Closures and fn pointers against the Fn traits, as in the Rust book ch. 13 (rust-lang/book,
// src/ch13-01-closures.md, `unwrap_or_else` and the `FnOnce`/`FnMut`/`Fn` hierarchy) and std's
// impls of the Fn traits for &F and Box<F> (library/core/src/ops/function.rs, library/alloc/src/boxed.rs).
pub struct Cacher<T>
where
    T: Fn(u32) -> u32,
{
    calculation: T,
    value: Option<u32>,
}

impl<T> Cacher<T>
where
    T: Fn(u32) -> u32,
{
    pub fn new(calculation: T) -> Cacher<T> {
        Cacher { calculation, value: None }
    }
}

pub trait Callback {
    fn call(&self);
}

impl<F: Fn()> Callback for F {
    fn call(&self) {
        self()
    }
}

// goal: fn(u32) -> u32: Fn(u32) -> u32
// goal: fn(u32) -> u32: FnOnce(u32) -> u32
// goal: fn(u32) -> u8: Fn(u32) -> u32
// goal: fn(): Callback
// goal: fn(u8): Callback
// goal: &'static fn(): Callback
// goal: Box<dyn Fn()>: Callback
// goal: Box<dyn FnMut()>: Callback
// goal: fn(u32) -> u32: Copy
// goal: fn(&'static str) -> usize: Send
