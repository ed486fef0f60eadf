// rustc's reading of programs/vec_clone.rs: `struct Vec<T> {}` needs a field using T.
trait Clone {}
struct Vec<T>(std::marker::PhantomData<T>);
struct Foo {}
struct Bar {}
impl<T> Clone for Vec<T> where T: Clone {}
impl Clone for Bar {}
