//! Coroutines of chalk's test syntax:
//! `coroutine static? g<P>[resume = R, yield = Y] -> Ret { upvars [U..] witnesses exists<'a..> [W..] }`.
//! Each is a type of its own, named like a struct (`'g'(P)`).
//!
//! Clauses produced:
//! - `'$coroutine'('g'(P), R, Y, Ret).` (`Ret` is `()` when not written), which the bridge of
//!   `lang.rs` turns into the `#[lang(coroutine)] trait Coroutine<R> { type Yield; type Return; }` impl;
//! - `well_formed_ty('g'(P)).`, `'$lang_sized'('g'(P)).`, `'$discriminant'('g'(P), u32).`;
//! - for each auto trait `A`: `'A'('g'(P)) :- 'A'(U).., 'A'(W)..` over the upvars and the witnesses
//!   (the witnesses' lifetimes bound by `exists<..>` are fresh variables of the clause), except
//!   `#[lang(unpin)]`: a movable coroutine is `Unpin` whatever it holds, a `static` one never is. The
//!   resume and yield types do not matter for auto traits (values passed in and out are not held).

use super::items::Out;
use super::names::Names;
use super::types::Cx;
use crate::error::{Result, Span};
use crate::syntax::ast::{CoroutineDef, LifetimeKind};
use crate::term::{Store, TermId};

/// The clauses of a coroutine.
pub fn coroutine(
    store: &mut Store,
    names: &Names,
    c: &CoroutineDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&c.name.name, &c.params);
    let resume = cx.ty(&c.resume)?;
    let yield_ty = cx.ty(&c.yield_ty)?;
    let ret = match &c.output {
        Some(t) => cx.ty(t)?,
        None => cx.app("$tuple", &[]),
    };
    let pre: Vec<TermId> = std::mem::take(&mut cx.pending);
    let head = cx.app("$coroutine", &[self_ty, resume, yield_ty, ret]);
    out.clause(&mut cx, head, &pre, span)?;
    for (pred, extra) in [
        ("well_formed_ty", None),
        ("$lang_sized", None),
        ("$discriminant", Some("u32")),
    ] {
        let mut args = vec![self_ty];
        if let Some(a) = extra {
            args.push(cx.store.atom_named(a));
        }
        let head = cx.app(pred, &args);
        out.clause(&mut cx, head, &[], span)?;
    }
    let upvars: Vec<TermId> = c.upvars.iter().map(|t| cx.ty(t)).collect::<Result<_>>()?;
    let mark = cx.mark();
    // The witnesses' `exists<'a, ..>` lifetimes are unknown to the auto-trait impl: it must hold
    // for all of them (placeholders), as chalk instantiates the witness binder universally.
    let mut witness_vars = Vec::new();
    for l in &c.witness_lifetimes {
        if let LifetimeKind::Named(n) = &l.kind {
            witness_vars.push(cx.bind(n));
        }
    }
    let witnesses: Vec<TermId> = c
        .witnesses
        .iter()
        .map(|t| cx.ty(t))
        .collect::<Result<_>>()?;
    cx.restore(mark);
    let pre: Vec<TermId> = std::mem::take(&mut cx.pending);
    for t in &names.trait_order {
        let info = &names.traits[t];
        if !info.auto {
            continue;
        }
        let tsym = cx.store.sym(t);
        let head = cx.store.app(tsym, &[self_ty]);
        let body: Vec<TermId> = if info.lang.as_deref() == Some("unpin") {
            if c.is_static {
                continue;
            }
            Vec::new()
        } else {
            let mut b = pre.clone();
            b.extend(upvars.iter().map(|&u| cx.store.app(tsym, &[u])));
            let ws: Vec<TermId> = witnesses
                .iter()
                .map(|&u| cx.store.app(tsym, &[u]))
                .collect();
            if witness_vars.is_empty() || ws.is_empty() {
                b.extend(ws);
            } else {
                let body = cx.conj(&ws);
                let vars = cx.store.list(&witness_vars, None);
                b.push(cx.store.app(crate::term::syms::FORALL, &[vars, body]));
            }
            b
        };
        out.clause(&mut cx, head, &body, span)?;
    }
    Ok(())
}
