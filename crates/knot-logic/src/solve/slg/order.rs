//! The order in which `slg` takes up the parts of a lowered program's goal, as chalk's SLG solver does.
//!
//! chalk simplifies a goal with a stack: the conjuncts of `A, B, C` are pushed in order and taken back
//! last first. A relation (`X = Y`, `Subtype(X, Y)`) is done when it is taken, so relations run right
//! to left, before anything else; the other conjuncts become subgoals, selected first to last. Which
//! relation binds a shared variable first shows in the answer (`exists<U> { Subtype(Foo<&'a u32>,
//! Foo<U>), Subtype(Foo<&'b u32>, Foo<U>) }` gives `U := &'b u32`). Only the goal's top conjunction
//! (under its quantifiers and `if`s) is reordered.

use crate::term::{syms, Store, TermId, View};

/// `goal` with the relations of its top conjunction first, last to first, then its other parts in
/// their order.
pub fn chalk_order(store: &mut Store, goal: TermId) -> TermId {
    // The quantifiers and implications above the conjunction, outermost first.
    let mut wrappers: Vec<(crate::term::Sym, TermId)> = Vec::new();
    let mut body = goal;
    while let View::App(f @ (syms::FORALL | syms::EXISTS | syms::IMPLIES), [x, g]) =
        store.view(body)
    {
        wrappers.push((f, *x));
        body = *g;
    }
    let parts = crate::program::conjuncts(store, body);
    let is_relation =
        |t: TermId| matches!(store.view(t), View::App(syms::EQ | syms::SUBTYPE, [_, _]));
    let mut ordered: Vec<TermId> = parts
        .iter()
        .rev()
        .copied()
        .filter(|&t| is_relation(t))
        .collect();
    if ordered.is_empty() || parts.len() < 2 {
        return goal;
    }
    ordered.extend(parts.iter().copied().filter(|&t| !is_relation(t)));
    let mut t = *ordered.last().expect("at least two parts");
    for &p in ordered.iter().rev().skip(1) {
        t = store.app(syms::COMMA, &[p, t]);
    }
    for &(f, x) in wrappers.iter().rev() {
        t = store.app(f, &[x, t]);
    }
    t
}
