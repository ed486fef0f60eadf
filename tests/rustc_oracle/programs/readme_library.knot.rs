trait Clone {} struct Vec<T> {} struct Foo {}
impl<T> Clone for Vec<T> where T: Clone {}
impl Clone for Foo {}
