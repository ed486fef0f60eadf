// `Vec<Foo>: Clone` fails because `Foo` is not `Clone`; `Vec<Bar>: Clone` holds.
// Try: knot query programs/vec_clone.rs --goal 'Vec<Foo>: Clone' --explain
trait Clone {}

struct Vec<T> {}
struct Foo {}
struct Bar {}

impl<T> Clone for Vec<T> where T: Clone {}
impl Clone for Bar {}
