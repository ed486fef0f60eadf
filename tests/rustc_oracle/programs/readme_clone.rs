// rustc's reading of the README's first Rust example (`struct Vec<T> {}` needs a field using T).
trait Clone {}
struct Vec<T>(std::marker::PhantomData<T>);
struct Foo {}
impl<T> Clone for Vec<T> where T: Clone {}
