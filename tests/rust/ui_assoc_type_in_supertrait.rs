// After rustc's tests/ui/traits/assoc-type-in-supertrait.rs (issue #20220): an associated type referenced
// from the trait's own supertrait list (`trait Foo: Iterator<Item = <Self as Foo>::Key>`), written anew.
use std::vec::IntoIter;

pub trait Foo: Iterator<Item = <Self as Foo>::Key> {
    type Key;
}

impl Foo for IntoIter<i32> {
    type Key = i32;
}

pub fn sum_foo<F: Foo<Key = i32>>(f: F) -> i32 {
    f.fold(0, |a, b| a + b)
}

// goal: IntoIter<i32>: Foo
// goal: <IntoIter<i32> as Foo>::Key = i32
// goal: IntoIter<u8>: Foo
// goal: forall<T> { if (T: Foo; T: Sized) { T: Iterator } }
// goal: IntoIter<i32>: Iterator
