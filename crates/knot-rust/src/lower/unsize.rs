//! The program-specific facts behind the built-in `Unsize` rules of `rules/unsize.pl` (chalk's
//! `builtin_traits/unsize.rs`, rustc's unsizing candidates): what a `dyn` type's bounds are, and
//! which parameters of a struct its tail field may unsize.
//!
//! Clauses produced:
//! - per trait `Tr<P..>`: `'$dyn_holds'('Tr'('$self', P..), S) :- 'Tr'(S, P..).` and
//!   `'$with_self'('Tr'('$self', P..), S, 'Tr'(S, P..)).` (a `dyn` bound applied to a type);
//!   `'$auto_trait'('Tr').` for an auto trait, `'$object_safe'('Tr').` for an `#[object_safe]` one;
//!   `'$super_trait'('Tr'('$self', P..), 'Sup'('$self', X..)).` for each bound `Self: Sup<X..>`
//!   (a higher-ranked one, in a `.chalk` program, under its binder: `'$for'(N, 'Sup'(..))`; in a
//!   `.rs` program with its lifetimes left free).
//! - per struct `S<P..>` whose last field mentions type or const parameters `U` that no other field
//!   mentions: `'$unsize_to'('S'(B..), 'S'(A..)) :- '$unsize_from'(Tail(A), Tail(B)).` where
//!   `Bi = Ai` for every parameter not in `U`.

use super::items::Out;
use super::names::Names;
use super::types::Cx;
use crate::error::{Result, Span};
use crate::syntax::ast::{AdtDef, ParamKind};
use crate::term::{syms, Store, TermId, View};

/// `'$unsize_from'(Source, Target)`: the built-in `Source: Unsize<Target>` (rules/unsize.pl); the
/// lang-item bridge of `#[lang(unsize)]` calls it.
pub const UNSIZE_FROM: &str = "$unsize_from";
/// `'$unsize_to'(Target, Source)`: the same, indexed (and non-enumerable) by the target.
const UNSIZE_TO: &str = "$unsize_to";
/// `'$object_safe'(TraitName)`: the trait is dyn compatible (`#[object_safe]`); `ObjectSafe(Tr)`.
pub const OBJECT_SAFE: &str = "$object_safe";

/// The predicates of the facts this module produces (a program may have none of some).
pub const FACT_PREDICATES: [(&str, u32); 6] = [
    ("$dyn_holds", 2),
    ("$with_self", 3),
    ("$auto_trait", 1),
    (OBJECT_SAFE, 1),
    ("$super_trait", 2),
    (UNSIZE_TO, 2),
];

/// The facts of trait `tr` (`'Tr'(Self, P..)` with `self_v` for `Self`); `bounds` are the trait's
/// implied bounds as lowered goals (a higher-ranked one wrapped in `forall/2`).
pub fn trait_facts(
    cx: &mut Cx<'_>,
    tr: TermId,
    bounds: &[TermId],
    auto: bool,
    object_safe: bool,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let (f, _) = cx.store.functor(tr).expect("a trait reference");
    let name = cx.store.name(f).to_string();
    if object_safe {
        let name_atom = cx.store.atom_named(&name);
        let head = cx.app(OBJECT_SAFE, &[name_atom]);
        out.clause(cx, head, &[], span)?;
    }
    if !has_unsize(cx.names) {
        return Ok(());
    }
    let self_v = cx.store.args(tr)[0];
    let me = cx.store.atom_named("$self");
    let listed = with_self(cx.store, tr, me);
    let s = cx.fresh("S");
    let applied = with_self(cx.store, tr, s);
    let head = cx.app("$dyn_holds", &[listed, s]);
    out.clause(cx, head, &[applied], span)?;
    let head = cx.app("$with_self", &[listed, s, applied]);
    out.clause(cx, head, &[], span)?;
    let name_atom = cx.store.atom_named(&name);
    if auto {
        let head = cx.app("$auto_trait", &[name_atom]);
        out.clause(cx, head, &[], span)?;
    }
    for &b in bounds {
        let (g, bound_vars) = if cx.store.functor(b).map(|(f, _)| f) == Some(syms::FORALL) {
            (
                cx.store.args(b)[1],
                cx.store.list_items(cx.store.args(b)[0]),
            )
        } else {
            (b, Vec::new())
        };
        let Some((gf, _)) = cx.store.functor(g) else {
            continue;
        };
        if cx.store.args(g).first() != Some(&self_v)
            || !cx.names.traits.contains_key(cx.store.name(gf))
        {
            continue;
        }
        let mut sup = with_self(cx.store, g, me);
        if !cx.names.rust_rules && !bound_vars.is_empty() {
            // `forall<'a> Self: Sup<'a>` keeps its binder, as chalk's elaborated supertraits do:
            // `'$for'(N, 'Sup'('$self', '$lt'('$bv'(0, I))))`, so that upcasting to it relates
            // the binder (rules/unsize.pl).
            sup = close_over(cx.store, sup, &bound_vars);
        }
        let head = cx.app("$super_trait", &[listed, sup]);
        out.clause(cx, head, &[], span)?;
    }
    Ok(())
}

/// The unsizing clause of struct `a`, when its tail field may unsize (chalk's struct-tail rules).
pub fn struct_clause(
    store: &mut Store,
    names: &Names,
    a: &AdtDef,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    if !has_unsize(names) {
        return Ok(());
    }
    let Some(fields) = a.variants.first().map(|v| &v.fields) else {
        return Ok(());
    };
    if fields.is_empty() {
        return Ok(());
    }
    let mut cx = Cx::new(store, names);
    let src = cx.item_type(&a.name.name, &a.params);
    let params: Vec<TermId> = cx.store.args(src).to_vec();
    // The variables each field mentions (its type and the alias equalities of its projections).
    let mut mentions: Vec<Vec<u32>> = Vec::new();
    let mut tail = None;
    for (i, f) in fields.iter().enumerate() {
        let t = cx.ty(&f.ty)?;
        let pending: Vec<TermId> = std::mem::take(&mut cx.pending);
        let mut vs = Vec::new();
        for &x in std::iter::once(&t).chain(pending.iter()) {
            collect_vars(cx.store, x, &mut vs);
        }
        mentions.push(vs);
        if i + 1 == fields.len() {
            tail = Some((t, pending));
        }
    }
    let Some((tail, tail_pending)) = tail else {
        return Ok(());
    };
    let (last, others) = mentions.split_last().expect("at least one field");
    let mut unsize = Vec::new();
    for (p, &v) in a.params.iter().zip(&params) {
        let View::Var(i) = cx.store.view(v) else {
            continue;
        };
        if matches!(p.kind, ParamKind::Lifetime) || !last.contains(&i) {
            continue;
        }
        if others.iter().any(|o| o.contains(&i)) {
            return Ok(());
        }
        unsize.push(i);
    }
    if unsize.is_empty() {
        return Ok(());
    }
    // The target: the unsized parameters replaced by fresh variables, the others shared.
    let mut renamed: Vec<(u32, TermId)> = Vec::new();
    for &i in &unsize {
        let v = cx.fresh("U");
        renamed.push((i, v));
    }
    let mut rename = |s: &mut Store, i: u32| match renamed.iter().find(|(j, _)| *j == i) {
        Some(&(_, v)) => v,
        None => s.var(i),
    };
    let target = cx.store.map_vars(src, &mut rename);
    let tail_b = cx.store.map_vars(tail, &mut rename);
    let mut body: Vec<TermId> = tail_pending.clone();
    for &g in &tail_pending {
        let g2 = cx.store.map_vars(g, &mut rename);
        if g2 != g {
            body.push(g2);
        }
    }
    body.push(cx.app(UNSIZE_FROM, &[tail, tail_b]));
    let head = cx.app(UNSIZE_TO, &[target, src]);
    out.clause(&mut cx, head, &body, span)
}

/// Whether the program declares a `#[lang(unsize)]` trait (else no Unsize facts are needed).
pub fn has_unsize(names: &Names) -> bool {
    names.unsize
}

/// The variable indices in `t`, added to `out` (each once).
fn collect_vars(store: &mut Store, t: TermId, out: &mut Vec<u32>) {
    store.map_vars(t, &mut |s, i| {
        if !out.contains(&i) {
            out.push(i);
        }
        s.var(i)
    });
}

/// The trait reference `t` with `s` for its self type (first argument).
fn with_self(store: &mut Store, t: TermId, s: TermId) -> TermId {
    let (f, _) = store.functor(t).expect("a trait reference");
    let mut a = store.args(t).to_vec();
    a[0] = s;
    store.app(f, &a)
}

/// `'$for'(N, T)`: `t` with each region `'$lt'(V)` of a variable `V` among `vars` (the `I`-th)
/// written as the bound lifetime `'$lt'('$bv'(D, I))` of a new outermost binder.
fn close_over(store: &mut Store, t: TermId, vars: &[TermId]) -> TermId {
    let body = crate::term::binders::rewrite(store, t, &mut |store, sub, depth| {
        let View::App(syms::REGION, [v]) = store.view(sub) else {
            return None;
        };
        let i = vars.iter().position(|&x| x == *v || x == sub)?;
        let (d, i) = (store.int(depth as i64), store.int(i as i64));
        let bv = store.app(syms::BOUND, &[d, i]);
        Some(store.app(syms::REGION, &[bv]))
    });
    let n = store.int(vars.len() as i64);
    store.app(syms::BINDER, &[n, body])
}
