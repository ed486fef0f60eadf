//! What a Rust program (a `.rs` file, lowered with the std prelude) decides as rustc does rather
//! than as chalk's test harness does.

use super::Names;
use crate::program::Program;
use crate::term::Store;

/// rustc never lists the types that implement a trait: a trait goal whose self type is still an
/// inference variable is ambiguous (`?T: Clone`), whatever the impls. Every trait of a Rust program
/// is therefore non-enumerable: such a call is moved behind the rest of its conjunction (which may
/// bind the type) and flounders if it is still unbound, so `exists<T> { T: Clone }` answers
/// Ambiguous at once instead of enumerating `Vec<Vec<..>>` without end.
pub fn self_type_ambiguous(store: &mut Store, names: &Names, program: &mut Program) {
    for t in &names.trait_order {
        let n = names.traits.get(t).map(|i| i.params.len()).unwrap_or(0) as u32 + 1;
        program.non_enumerable.insert((store.sym(t), n));
    }
}
