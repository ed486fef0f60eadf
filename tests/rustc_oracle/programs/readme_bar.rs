// The README's cycles section: `impl<T> Bar for T where T: Bar {}` with no other impl.
trait Bar {}
impl<T> Bar for T where T: Bar {}
