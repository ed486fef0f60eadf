//! Integer and float inference variables (`exists<int T>`, `exists<float T>`), as chalk has them: such a
//! variable unifies only with an integer (resp. float) scalar type, or with another such variable.
//!
//! The goal `exists<int T> { G }` lowers to `exists([T], (G, (nonvar(T) -> '$int_scalar'(T) ; true)))`:
//! once `G` is proved, `T` is either still unbound (an integer variable it stays) or bound, and then it
//! must be an integer scalar (`'$int_scalar'/1` and `'$float_scalar'/1` are facts of
//! `rules/builtin.pl`). An integer and a float variable of the same binder may not have become one
//! variable (`exists<int I, float F> { I = F }` has no solution): `I \== F` ([`distinct`]). The
//! checks are plain clause language, so `knot lower`'s output loads back.

use super::types::Cx;
use crate::term::{syms, TermId};

/// The check on the numeric variable `v` (a float variable when `float`).
pub(super) fn check(cx: &mut Cx<'_>, v: TermId, float: bool) -> TermId {
    let kind = cx.app(
        if float {
            "$float_scalar"
        } else {
            "$int_scalar"
        },
        &[v],
    );
    let bound = cx.store.app(syms::NONVAR, &[v]);
    let then = cx.store.app(syms::ARROW, &[bound, kind]);
    let yes = cx.store.atom(syms::TRUE);
    cx.store.app(syms::SEMI, &[then, yes])
}

/// The check that an integer variable and a float variable were not unified with each other.
pub(super) fn distinct(cx: &mut Cx<'_>, int: TermId, float: TermId) -> TermId {
    let ne = cx.store.sym("\\==");
    cx.store.app(ne, &[int, float])
}
