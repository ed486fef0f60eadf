//! Integer and float inference variables (`exists<int T>`, `exists<float T>`), as chalk has them: such a
//! variable unifies only with an integer (resp. float) scalar type, or with another variable, which
//! then becomes of its kind.
//!
//! The goal `exists<int T> { G }` lowers to `exists([T], ('$int_var'(T), G))`: the built-in
//! `'$int_var'/1` (`syms::INT_VAR`) makes `T` an integer variable before `G` runs, so the unifier
//! refuses any other value for it (`term::unify::VarKind`), and `T: Tr` with `Tr` non-enumerable lists
//! the impls that could match rather than floundering. The rules give such a variable the impls every
//! integer type has (`'$numeric_var'/1` in `rules/lang.pl`: `Copy`, `Clone`, `Sized`).

use super::types::Cx;
use crate::term::{syms, TermId};

/// The goal that makes `v` an integer variable (a float variable when `float`).
pub fn kind_goal(cx: &mut Cx<'_>, v: TermId, float: bool) -> TermId {
    let kind = if float {
        syms::FLOAT_VAR
    } else {
        syms::INT_VAR
    };
    cx.store.app(kind, &[v])
}
