//! Opaque types (`opaque type O<P>: Bounds where WC = Hidden;`, Rust's `impl Trait` in return position).
//!
//! Outside of `Reveal` mode an opaque type is a rigid type known only through its bounds, which is how
//! chalk treats its placeholder `!O<..>`; knot names it `'O'(P)`, like a struct. Clauses produced:
//! - each bound `B<A, Item = X>`: `'B'('O'(P), A).`, `from_env('B'('O'(P), A)).` (so the bound's
//!   supertraits hold too) and `normalize('$assoc'('B'('O'(P), A), 'Item'), X).`
//! - well-formedness: `well_formed_ty('O'(P)) :- WC.`
//! - each auto trait `A` without an impl of its own for `O`: `'A'('O'(P)) :- 'A'(Hidden).` (an opaque type
//!   leaks its auto traits).
//!
//! Not modelled: `Reveal` (which would equate `O<..>` with its hidden type).

use super::items::Out;
use super::names::Names;
use super::types::Cx;
use crate::error::{Result, Span};
use crate::syntax::ast::{self, Bound, ItemKind, OpaqueTyDef, TyKind};
use crate::term::{Store, TermId};

/// `Reveal` (chalk's mode in which opaque types may be revealed): the hypothesis atom. A `Reveal`
/// goal holds only where it is assumed; the hidden types themselves are not equated.
pub const REVEAL: &str = "$reveal";

/// The clauses of one opaque type.
pub fn opaque_type(
    store: &mut Store,
    names: &Names,
    prog: &ast::Program,
    o: &OpaqueTyDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&o.name.name, &o.params);
    for b in &o.bounds {
        let Bound::Trait(tb) = b else { continue };
        let (tr, eqs) = cx.trait_ref(self_ty, tb)?;
        let pre: Vec<TermId> = std::mem::take(&mut cx.pending);
        out.clause(&mut cx, tr, &pre, span)?;
        let fe = cx.app("from_env", &[tr]);
        out.clause(&mut cx, fe, &pre, span)?;
        for eq in eqs {
            // `alias_eq(Assoc, X)` as a bound is a known normalization of the rigid type.
            let args = cx.store.args(eq).to_vec();
            let nz = cx.app("normalize", &args);
            out.clause(&mut cx, nz, &pre, span)?;
        }
    }
    let mut wc_goals = Vec::new();
    for wc in &o.where_clauses {
        wc_goals.extend(cx.where_clause(wc)?);
    }
    wc_goals.extend(cx.param_bounds(&o.params)?);
    let head = cx.app("well_formed_ty", &[self_ty]);
    out.clause(&mut cx, head, &wc_goals, span)?;
    let hidden = cx.ty(&o.hidden)?;
    let pre: Vec<TermId> = std::mem::take(&mut cx.pending);
    for t in &names.trait_order {
        if !names.traits[t].auto || has_own_impl(prog, t, &o.name.name) {
            continue;
        }
        let tsym = cx.store.sym(t);
        let head = cx.store.app(tsym, &[self_ty]);
        let mut body = pre.clone();
        body.push(cx.store.app(tsym, &[hidden]));
        out.clause(&mut cx, head, &body, span)?;
    }
    Ok(())
}

/// True when the program has an impl of trait `t` for the type named `ty` (any arguments).
pub fn has_own_impl(prog: &ast::Program, t: &str, ty: &str) -> bool {
    prog.items.iter().any(|it| match &it.kind {
        ItemKind::Impl(i) => {
            i.trait_ref.bound.name.name == t
                && matches!(&i.trait_ref.self_ty.kind, TyKind::Named { name, .. } if name.name == ty)
        }
        _ => false,
    })
}
