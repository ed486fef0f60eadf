//! Canonicalization: materialize terms with their unbound variables renumbered `Var(0)`, `Var(1)`, ... in
//! order of first appearance, so that `p(X, Y, X)` and `p(A, B, A)` give the same interned term and share
//! a table.

use super::unify::{Bindings, Ref, VarMap};
use super::{Store, TermId};

/// The canonical forms of `refs` (numbered together) and the slots of their variables, in order.
#[allow(dead_code)] // unused since the modules are private; kept for the strategies
pub fn canonicalize(store: &mut Store, b: &Bindings, refs: &[Ref]) -> (Vec<TermId>, VarMap) {
    let mut map = VarMap::new();
    let terms = refs
        .iter()
        .map(|&r| b.resolve(store, r, &mut map))
        .collect();
    (terms, map)
}

/// The canonical form of one term.
pub fn canonical(store: &mut Store, b: &Bindings, r: Ref) -> (TermId, VarMap) {
    let mut map = VarMap::new();
    let t = b.resolve(store, r, &mut map);
    (t, map)
}
