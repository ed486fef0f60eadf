// The README's cycles section: supertraits are proven, not assumed.
trait Super {}
trait Sub: Super {}
impl<T: Sub> Sub for T {}
