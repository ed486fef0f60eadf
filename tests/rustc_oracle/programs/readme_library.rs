// rustc's reading of the README's library example.
trait Clone {} struct Vec<T>(std::marker::PhantomData<T>); struct Foo {}
impl<T> Clone for Vec<T> where T: Clone {}
impl Clone for Foo {}
