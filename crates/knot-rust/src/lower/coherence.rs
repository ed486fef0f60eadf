//! The coherence predicates of chalk's orphan rules: which types are local to the crate being checked,
//! which come from upstream crates, which are fully visible (contain no type parameter), and where a
//! local impl of a trait is allowed.
//!
//! `#[upstream]` marks an item of another crate; `#[fundamental]` a type (like `Box<T>`) that is as local
//! as its parameter. Clauses produced, for `struct S<T..>` with type parameters `T..`:
//! - `is_fully_visible('S'(T..)) :- is_fully_visible(T)..`
//! - local `S`: `is_local('S'(T..)).`
//! - `#[upstream] #[fundamental] S<T>`: `is_local('S'(T)) :- is_local(T).` and
//!   `is_upstream('S'(T)) :- is_upstream(T).`
//! - `#[upstream]` (not fundamental): `is_upstream('S'(T..)).`
//! - `#[fundamental]`: `downstream_type('S'(T)) :- downstream_type(T).`
//!
//! and for `trait Tr<P..>` with type parameters `Self, P1..Pn`:
//! - local `Tr`: `local_impl_allowed('Tr'(Self, P..)).`
//! - `#[upstream] Tr`: for each i, `local_impl_allowed('Tr'(Self, P..)) :- is_fully_visible(P0..Pi-1),
//!   is_local(Pi).` (the first local type may only be preceded by fully visible types).
//!
//! Built-in types (scalars, tuples, references, ...) are upstream and fully visible when their
//! components are. The type predicates flounder on an unbound type (`non_enumerable`), as chalk's
//! do: which types are local cannot be listed.
//!
//! A `.rs` program follows rustc's orphan rule (RFC 2451) instead of chalk's: before the first local
//! type argument, a type may not be an *uncovered* type parameter (one not under some
//! non-fundamental type constructor); chalk asks for *fully visible* types there, which is stricter
//! (`impl<K, V> FromIterator<(K, V)> for Local` leaves `(K, V): Into<Local>` to an upstream crate
//! in chalk's rule, not in rustc's). So for `.rs`: `is_covered(T)` holds for every type but a
//! parameter and a fundamental type (`&T`, `&mut T`, `Box<T>`, `Pin<T>`) over an uncovered one, and
//! `local_impl_allowed('Tr'(Self, P..)) :- is_covered(P0..Pi-1), is_local(Pi).` In the open world
//! (`knot check`), an upstream crate may add an impl for a trait reference this crate could not
//! write (rustc's `trait_ref_is_knowable`): one whose arguments, up to an uncovered parameter
//! (`is_uncovered`) or to the end, are all foreign and covered (`is_remote_covered`).

use super::items::Out;
use super::names::Names;
use super::types::{Cx, SCALARS};
use crate::error::{Result, Span};
use crate::syntax::ast::{self, GenericParam, ItemKind, ParamKind};
use crate::term::{Store, TermId};

/// The coherence predicates, with their arity.
pub const PREDICATES: [(&str, u32); 8] = [
    ("is_local", 1),
    ("is_upstream", 1),
    ("is_fully_visible", 1),
    ("is_covered", 1),
    ("is_remote_covered", 1),
    ("is_uncovered", 1),
    ("downstream_type", 1),
    ("local_impl_allowed", 1),
];

/// What may precede the first local type argument of an impl of an upstream trait: chalk's
/// `is_fully_visible`, or rustc's `is_covered` in a `.rs` program (see the module documentation).
fn before_local(names: &Names) -> &'static str {
    if names.rust_rules {
        "is_covered"
    } else {
        "is_fully_visible"
    }
}

/// The type parameters among `vars` (bound for `params`), in order.
fn type_params(params: &[GenericParam], vars: &[TermId]) -> Vec<TermId> {
    params
        .iter()
        .zip(vars)
        .filter(|(p, _)| p.kind == ParamKind::Type)
        .map(|(_, &v)| v)
        .collect()
}

/// The coherence clauses of every ADT and trait of `prog`, and of the built-in types.
pub fn coherence_rules(
    store: &mut Store,
    names: &Names,
    prog: &ast::Program,
    out: &mut Out<'_>,
    builtin_types: bool,
) -> Result<()> {
    for item in &prog.items {
        let upstream = item.attr("upstream").is_some();
        let fundamental = item.attr("fundamental").is_some();
        match &item.kind {
            ItemKind::Struct(a) | ItemKind::Enum(a) => {
                let mut cx = Cx::new(store, names);
                let vars = cx.bind_params(&a.params);
                let name = cx.store.sym(&a.name.name);
                let ty = cx.store.app(name, &vars);
                let tys = type_params(&a.params, &vars);
                adt_rules(&mut cx, ty, &tys, upstream, fundamental, &item.span, out)?;
            }
            ItemKind::ForeignType(id) => {
                let mut cx = Cx::new(store, names);
                let ty = cx.store.atom_named(&id.name);
                adt_rules(&mut cx, ty, &[], upstream, false, &item.span, out)?;
            }
            // An unseen type whose path tells its crate: local or foreign (and then taken as not
            // fundamental: knot models the fundamental types of std).
            ItemKind::External(e) if e.local.is_some() => {
                let mut cx = Cx::new(store, names);
                let vars: Vec<TermId> = (0..e.arity).map(|i| cx.fresh(&format!("T{i}"))).collect();
                let f = cx.store.sym(&e.name.name);
                let ty = cx.store.app(f, &vars);
                let foreign = e.local == Some(false);
                adt_rules(&mut cx, ty, &vars, foreign, false, &item.span, out)?;
            }
            ItemKind::Trait(t) => {
                let mut cx = Cx::new(store, names);
                let tr = cx.trait_self_ref(t);
                let vars: Vec<TermId> = cx.store.args(tr).to_vec();
                let self_v = vars[0];
                let mut tys = vec![self_v];
                tys.extend(type_params(&t.params, &vars[1..]));
                let drop = item
                    .attr("lang")
                    .and_then(|a| a.args.as_ref())
                    .is_some_and(|a| a.iter().any(|i| i.name == "drop"));
                // chalk's future-compatible mode: chalk programs only (`compatible { }` goals).
                if !drop && !names.rust_rules {
                    compatible_rules(&mut cx, tr, &tys, &item.span, out)?;
                }
                if !upstream && names.rust_rules && item.attr("auto").is_none() {
                    // rustc: a trait object whose principal trait is local is a local type
                    // (`impl Debug for dyn MyTrait`).
                    let mut args = vec![cx.store.atom_named("$self")];
                    args.extend_from_slice(&vars[1..]);
                    let f = cx.store.functor(tr).expect("a trait reference").0;
                    let bound = cx.store.app(f, &args);
                    let (bs, l) = (cx.fresh("Bs"), cx.fresh("L"));
                    let dyn_ty = cx.app("$dyn", &[bs, l]);
                    let head = cx.app("is_local", &[dyn_ty]);
                    let body = cx.app("$dyn_bound", &[bs, bound]);
                    out.clause(&mut cx, head, &[body], &item.span)?;
                }
                let head = cx.app("local_impl_allowed", &[tr]);
                if !upstream {
                    if names.intercrate {
                        let mut tys = vec![self_v];
                        tys.extend(type_params(&t.params, &vars[1..]));
                        intercrate_rules(&mut cx, tr, &tys, item, out)?;
                    }
                    out.clause(&mut cx, head, &[], &item.span)?;
                    continue;
                }
                let mut tys = vec![self_v];
                tys.extend(type_params(&t.params, &vars[1..]));
                if names.intercrate {
                    intercrate_rules(&mut cx, tr, &tys, item, out)?;
                }
                let before = before_local(names);
                for i in 0..tys.len() {
                    let mut body: Vec<TermId> =
                        tys[..i].iter().map(|&p| cx.app(before, &[p])).collect();
                    body.push(cx.app("is_local", &[tys[i]]));
                    out.clause(&mut cx, head, &body, &item.span)?;
                }
            }
            _ => {}
        }
    }
    if !builtin_types {
        return Ok(());
    }
    builtin_type_rules(store, names, out)?;
    if names.intercrate {
        // References are fundamental (rustc's `#[fundamental]` on `&T` and `&mut T`).
        for ctor in ["$ref", "$refmut"] {
            let mut cx = Cx::new(store, names);
            let (l, t) = (cx.fresh("L"), cx.fresh("T"));
            let ty = cx.app(ctor, &[l, t]);
            for pred in ["downstream_type", "is_local"] {
                let head = cx.app(pred, &[ty]);
                let body = cx.app(pred, &[t]);
                out.clause(&mut cx, head, &[body], &Span::default())?;
            }
        }
    }
    Ok(())
}

/// `Compatible` (chalk's future-compatible mode, assumed by `compatible { G }`): the hypothesis atom.
pub const COMPATIBLE: &str = "$compatible";

/// In future-compatible mode a downstream crate may implement the trait for its own types: for each
/// type argument `Pi` (`Self` first), `'Tr'(Self, P..) :- '$compatible', is_fully_visible(P0..Pi-1),
/// downstream_type(Pi), downstream_type(_).` — unknown, never true (the last call flounders, as
/// chalk's `CannotProve`). Not for `Drop`, whose impls follow the type's own genericity.
fn compatible_rules(
    cx: &mut Cx<'_>,
    tr: TermId,
    tys: &[TermId],
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    for i in 0..tys.len() {
        let mut body = vec![cx.store.atom_named(COMPATIBLE)];
        body.extend(tys[..i].iter().map(|&p| cx.app("is_fully_visible", &[p])));
        body.push(cx.app("downstream_type", &[tys[i]]));
        let any = cx.fresh("_");
        body.push(cx.app("downstream_type", &[any]));
        out.clause(cx, tr, &body, span)?;
    }
    Ok(())
}

/// Open-world coherence (`knot check`, rustc's intercrate mode), for the trait reference `tr` whose
/// type arguments are `tys` (`Self` first):
/// - a downstream crate may implement any trait for its own types, and for fundamental types over
///   them: `'Tr'(Self, P..) :- downstream_type(Pi).` for each type argument; `downstream_type` of an
///   unbound type flounders, so such a goal is unknown (the impls may overlap), never false;
/// - an upstream crate may add an impl of its own (non-fundamental) trait for any trait reference
///   this crate could not implement: `'Tr'(Self, P..) :- \+ local_impl_allowed('Tr'(Self, P..)),
///   downstream_type(_).` (unknown rather than true: the last call flounders);
/// - neither for a trait only built-in rules implement ([`super::lang::CLOSED`]: `FnPtr`, `Tuple`).
fn intercrate_rules(
    cx: &mut Cx<'_>,
    tr: TermId,
    tys: &[TermId],
    item: &ast::Item,
    out: &mut Out<'_>,
) -> Result<()> {
    let lang = |pred: &dyn Fn(&str) -> bool| {
        item.attr("lang")
            .and_then(|a| a.args.as_ref())
            .is_some_and(|a| a.iter().any(|i| pred(&i.name)))
    };
    if lang(&|l| super::lang::CLOSED.contains(&l)) {
        return Ok(());
    }
    for &p in tys {
        let body = cx.app("downstream_type", &[p]);
        out.clause(cx, tr, &[body], &item.span)?;
    }
    // And the impl a downstream crate may write gives the trait's associated types their values:
    // a projection on such a type is unknown too, not the rigid alias (rustc's intercrate mode
    // cannot normalize `<Box<U> as WithAssoc<'a>>::Assoc`, so the where-clause it is in does not
    // rule an overlap out).
    if let ItemKind::Trait(t) = &item.kind {
        for a in &t.assoc_types {
            let mark = cx.mark();
            let qs = cx.bind_params(&a.params);
            let name = cx.store.sym(&a.name.name);
            let assoc_item = cx.store.app(name, &qs);
            let assoc = cx.app("$assoc", &[tr, assoc_item]);
            let value = cx.fresh("U");
            let head = cx.app("normalize", &[assoc, value]);
            for &p in tys {
                let body = cx.app("downstream_type", &[p]);
                out.clause(cx, head, &[body], &a.span)?;
            }
            cx.restore(mark);
        }
    }
    let fundamental = item.attr("fundamental").is_some() || lang(&|l| l == "sized");
    if item.attr("upstream").is_some() && !fundamental && cx.names.rust_rules {
        // rustc: the trait reference is not knowable when its arguments are foreign and covered up
        // to an uncovered parameter, or to the end. Unknown rather than true, as below.
        for i in 0..=tys.len() {
            let mut body: Vec<TermId> = tys[..i]
                .iter()
                .map(|&p| cx.app("is_remote_covered", &[p]))
                .collect();
            if let Some(&p) = tys.get(i) {
                body.push(cx.app("is_uncovered", &[p]));
            }
            let any = cx.fresh("_");
            body.push(cx.app("downstream_type", &[any]));
            out.clause(cx, tr, &body, &item.span)?;
        }
    } else if item.attr("upstream").is_some() && !fundamental {
        // Unknown rather than true: `downstream_type` of a fresh variable flounders, so an answer
        // of the overlap goal is always a real overlap of the program's own impls.
        let allowed = cx.app("local_impl_allowed", &[tr]);
        let not_allowed = cx.store.app(crate::term::syms::NOT, &[allowed]);
        let any = cx.fresh("_");
        let unknown = cx.app("downstream_type", &[any]);
        out.clause(cx, tr, &[not_allowed, unknown], &item.span)?;
    }
    Ok(())
}

/// The clauses of one ADT (see the module documentation).
fn adt_rules(
    cx: &mut Cx<'_>,
    ty: TermId,
    tys: &[TermId],
    upstream: bool,
    fundamental: bool,
    span: &Span,
    out: &mut Out<'_>,
) -> Result<()> {
    let visible: Vec<TermId> = tys
        .iter()
        .map(|&p| cx.app("is_fully_visible", &[p]))
        .collect();
    let head = cx.app("is_fully_visible", &[ty]);
    out.clause(cx, head, &visible, span)?;
    // A fundamental type is as local as its first type parameter (chalk allows exactly one).
    let inner = tys.first().copied().filter(|_| fundamental);
    if cx.names.rust_rules {
        let head = cx.app("is_covered", &[ty]);
        let body: Vec<TermId> = inner.iter().map(|&p| cx.app("is_covered", &[p])).collect();
        out.clause(cx, head, &body, span)?;
        if upstream && cx.names.intercrate {
            // Foreign: remote, and covered unless it is fundamental over what is not.
            let head = cx.app("is_remote_covered", &[ty]);
            let body: Vec<TermId> = inner
                .iter()
                .map(|&p| cx.app("is_remote_covered", &[p]))
                .collect();
            out.clause(cx, head, &body, span)?;
        }
        if let Some(p) = inner.filter(|_| cx.names.intercrate) {
            let head = cx.app("is_uncovered", &[ty]);
            let body = cx.app("is_uncovered", &[p]);
            out.clause(cx, head, &[body], span)?;
        }
    }
    if !upstream {
        let head = cx.app("is_local", &[ty]);
        out.clause(cx, head, &[], span)?;
    } else if let Some(p) = inner {
        for pred in ["is_local", "is_upstream"] {
            let head = cx.app(pred, &[ty]);
            let body = cx.app(pred, &[p]);
            out.clause(cx, head, &[body], span)?;
        }
    } else {
        let head = cx.app("is_upstream", &[ty]);
        out.clause(cx, head, &[], span)?;
    }
    if let Some(p) = inner {
        let head = cx.app("downstream_type", &[ty]);
        let body = cx.app("downstream_type", &[p]);
        out.clause(cx, head, &[body], span)?;
    }
    Ok(())
}

/// Built-in types belong to the standard library: upstream, and fully visible when their
/// components are.
fn builtin_type_rules(store: &mut Store, names: &Names, out: &mut Out<'_>) -> Result<()> {
    let span = Span::default();
    let mut cx = Cx::new(store, names);
    let covered = names.rust_rules.then_some("is_covered");
    // (The open world's predicates only when it is lowered.)
    let remote = (names.rust_rules && names.intercrate).then_some("is_remote_covered");
    for s in SCALARS.iter().chain(["str", "!"].iter()) {
        let ty = cx.store.atom_named(s);
        for pred in ["is_upstream", "is_fully_visible"]
            .into_iter()
            .chain(covered)
            .chain(remote)
        {
            let head = cx.app(pred, &[ty]);
            out.clause(&mut cx, head, &[], &span)?;
        }
    }
    // (constructor, arity, which arguments are types)
    let ctors: [(&str, u32, &[usize]); 8] = [
        ("$fn", 2, &[0, 1]),
        ("$fn", 3, &[1, 2]),
        ("$ref", 2, &[1]),
        ("$refmut", 2, &[1]),
        ("$ptr", 1, &[0]),
        ("$ptrmut", 1, &[0]),
        ("$slice", 1, &[0]),
        ("$array", 2, &[0]),
    ];
    let tuples: Vec<(String, u32, Vec<usize>)> = (0..=8u32)
        .map(|n| ("$tuple".to_string(), n, (0..n as usize).collect()))
        .chain(
            ctors
                .iter()
                .map(|&(c, n, tys)| (c.to_string(), n, tys.to_vec())),
        )
        .collect();
    for (ctor, n, tys) in tuples {
        let mut cx = Cx::new(store, names);
        let vs: Vec<TermId> = (0..n).map(|i| cx.fresh(&format!("T{i}"))).collect();
        let c = cx.store.sym(&ctor);
        let ty = cx.store.app(c, &vs);
        let head = cx.app("is_upstream", &[ty]);
        out.clause(&mut cx, head, &[], &span)?;
        let body: Vec<TermId> = tys
            .iter()
            .map(|&i| cx.app("is_fully_visible", &[vs[i]]))
            .collect();
        let head = cx.app("is_fully_visible", &[ty]);
        out.clause(&mut cx, head, &body, &span)?;
        if names.rust_rules {
            // References are fundamental: `&T` is (remote and) covered when `T` is, uncovered
            // when `T` is; the other built-in types cover their arguments.
            let reference = ctor == "$ref" || ctor == "$refmut";
            for pred in ["is_covered"].into_iter().chain(remote) {
                let body: Vec<TermId> = if reference {
                    vec![cx.app(pred, &[vs[1]])]
                } else {
                    Vec::new()
                };
                let head = cx.app(pred, &[ty]);
                out.clause(&mut cx, head, &body, &span)?;
            }
            if reference && remote.is_some() {
                let head = cx.app("is_uncovered", &[ty]);
                let body = cx.app("is_uncovered", &[vs[1]]);
                out.clause(&mut cx, head, &[body], &span)?;
            }
        }
    }
    if names.rust_rules {
        // A trait object covers what it names (taken as foreign: at worst an upstream impl is
        // thought possible where it is not, which leaves an overlap undecided, never missed).
        let mut cx = Cx::new(store, names);
        let vs = [cx.fresh("B"), cx.fresh("L")];
        let ty = cx.app("$dyn", &vs);
        for pred in ["is_covered"].into_iter().chain(remote) {
            let head = cx.app(pred, &[ty]);
            out.clause(&mut cx, head, &[], &span)?;
        }
    }
    Ok(())
}
