//! Function definitions (`fn foo<T>(x: T) -> R where WC;`) and closures
//! (`closure c<P>(&self, a: A) -> R { Upvar; .. }`): each is a type of its own, named like a struct
//! (`'foo'(T)`), that can be called.
//!
//! Clauses produced (`'$callable'(F, Args, Ret, Kind)` feeds the Fn-family bridges of `lang.rs`;
//! `Kind` is `fn`, `fn_mut` or `fn_once`: the strongest Fn trait it implements):
//! - `fn foo<P>(A..) -> R where WC;`: `'$callable'('foo'(P), '$tuple'(A..), R, fn) :- WC.` (not for
//!   `unsafe` or variadic ones), `well_formed_ty('foo'(P)) :- WC.`, `from_env(WCi) :- from_env_ty('foo'(P)).`,
//!   Sized, Copy, Clone, and every auto trait.
//! - `closure c<P>(self|&mut self|&self, A..) -> R { U.. }`: `'$callable'('c'(P), '$tuple'(A..), R, K).`,
//!   `well_formed_ty('c'(P)).`, Sized; Copy, Clone and each auto trait when every upvar `U` has it.

use super::items::Out;
use super::names::Names;
use super::types::Cx;
use crate::error::{Result, Span};
use crate::syntax::ast::{ClosureDef, ClosureKind, FnDef};
use crate::term::{Store, TermId};

/// The clauses of a function definition.
pub fn fn_def(
    store: &mut Store,
    names: &Names,
    f: &FnDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&f.name.name, &f.params);
    let mut wc = Vec::new();
    for w in &f.where_clauses {
        wc.extend(cx.where_clause(w)?);
    }
    wc.extend(cx.param_bounds(&f.params)?);
    wc.extend(cx.implicit_sized(&f.params, &f.where_clauses));
    let inputs: Vec<TermId> = f.inputs.iter().map(|t| cx.ty(t)).collect::<Result<_>>()?;
    let ret = match &f.output {
        Some(t) => cx.ty(t)?,
        None => cx.app("$tuple", &[]),
    };
    let mut body: Vec<TermId> = std::mem::take(&mut cx.pending);
    body.extend(wc.iter().copied());
    let callable = !f.is_unsafe && !f.variadic && matches!(f.abi.as_deref(), None | Some("Rust"));
    if callable {
        let args = cx.app("$tuple", &inputs);
        let kind = cx.store.atom_named("fn");
        let head = cx.app("$callable", &[self_ty, args, ret, kind]);
        out.clause(&mut cx, head, &body, span)?;
    }
    let head = cx.app("well_formed_ty", &[self_ty]);
    out.clause(&mut cx, head, &wc, span)?;
    let fe = cx.app("from_env_ty", &[self_ty]);
    for &g in &wc {
        if let Some((f, _)) = cx.store.functor(g) {
            if cx.names.traits.contains_key(cx.store.name(f)) {
                let h = cx.app("from_env", &[g]);
                out.clause(&mut cx, h, &[fe], span)?;
            }
        }
    }
    for lang in ["$lang_sized", "$lang_copy", "$lang_clone"] {
        let head = cx.app(lang, &[self_ty]);
        out.clause(&mut cx, head, &[], span)?;
    }
    auto_traits(&mut cx, names, self_ty, &[], span, out)
}

/// The clauses of a closure.
pub fn closure(
    store: &mut Store,
    names: &Names,
    c: &ClosureDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let mut cx = Cx::new(store, names);
    let self_ty = cx.item_type(&c.name.name, &c.params);
    let inputs: Vec<TermId> = c.inputs.iter().map(|t| cx.ty(t)).collect::<Result<_>>()?;
    let ret = match &c.output {
        Some(t) => cx.ty(t)?,
        None => cx.app("$tuple", &[]),
    };
    let upvars: Vec<TermId> = c.upvars.iter().map(|t| cx.ty(t)).collect::<Result<_>>()?;
    let pre: Vec<TermId> = std::mem::take(&mut cx.pending);
    let args = cx.app("$tuple", &inputs);
    let kind = cx.store.atom_named(match c.kind {
        ClosureKind::Fn => "fn",
        ClosureKind::FnMut => "fn_mut",
        ClosureKind::FnOnce => "fn_once",
    });
    let head = cx.app("$callable", &[self_ty, args, ret, kind]);
    out.clause(&mut cx, head, &pre, span)?;
    let head = cx.app("well_formed_ty", &[self_ty]);
    out.clause(&mut cx, head, &[], span)?;
    let head = cx.app("$lang_sized", &[self_ty]);
    out.clause(&mut cx, head, &[], span)?;
    for (lang, bridge) in [("$lang_copy", "$copy"), ("$lang_clone", "$clone")] {
        let mut body = pre.clone();
        body.extend(upvars.iter().map(|&u| cx.app(bridge, &[u])));
        let head = cx.app(lang, &[self_ty]);
        out.clause(&mut cx, head, &body, span)?;
    }
    auto_traits(&mut cx, names, self_ty, &upvars, span, out)
}

/// `'A'(Self) :- 'A'(U)..` for every auto trait `A` (no condition for a function definition).
fn auto_traits(
    cx: &mut Cx<'_>,
    names: &Names,
    self_ty: TermId,
    parts: &[TermId],
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    for t in &names.trait_order {
        if !names.traits[t].auto {
            continue;
        }
        let tsym = cx.store.sym(t);
        let head = cx.store.app(tsym, &[self_ty]);
        let body: Vec<TermId> = parts.iter().map(|&u| cx.store.app(tsym, &[u])).collect();
        out.clause(cx, head, &body, span)?;
    }
    Ok(())
}
