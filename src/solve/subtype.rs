//! `'$subtype'(A, B)`: relating two types with variance, as chalk's unifier relates them.
//!
//! Type constructors relate their arguments with their variance (`program::Variance`): a tuple, a
//! slice and an array are covariant in their elements, `&'a T` is contravariant in `'a` and covariant
//! in `T`, `&'a mut T` and `*mut T` are invariant in `T`, a `fn` pointer is contravariant in its
//! arguments and covariant in its result, an ADT follows its `#[variance(..)]` (invariant when it
//! has none). Regions are never decided: a relation between two regions that cannot simply be
//! unified is recorded as outlives constraints (`a: b` when `a` must outlive `b`).
//!
//! A variable related to a type is bound to its *generalization* (the type's outermost structure
//! with fresh variables where the variance lets the two differ, chalk's `generalize_ty`), which is
//! then related to the type: `&'a u32 <: ?U` binds `?U := &'?0 u32` with `'a: '?0`. Two variables
//! related co- or contravariantly are left as a goal for later (`deferred`).

use crate::program::Variance;
use crate::term::unify::{Bindings, Deref, Ref, UnifyOptions};
use crate::term::{syms, Store, Sym, TermId, View};
use rustc_hash::FxHashMap;

/// What relating needs to know.
pub(crate) struct Relate<'a> {
    pub store: &'a mut Store,
    pub b: &'a mut Bindings,
    pub variances: &'a FxHashMap<Sym, Vec<Variance>>,
    pub opts: UnifyOptions,
    /// Pairs `(a, b)` of variables with `a <: b` still to prove.
    pub deferred: Vec<(Ref, Ref)>,
}

/// The variance of each argument of a constructor, relative to the constructor's own.
fn arg_variances(
    store: &Store,
    variances: &FxHashMap<Sym, Vec<Variance>>,
    f: Sym,
    n: usize,
) -> Vec<Variance> {
    use Variance::*;
    match (store.name(f), n) {
        ("$tuple" | "$slice", _) => vec![Covariant; n],
        ("$array", 2) => vec![Covariant, Invariant],
        ("$ref", 2) => vec![Contravariant, Covariant],
        ("$refmut", 2) => vec![Contravariant, Invariant],
        ("$ptr", 1) => vec![Covariant],
        ("$ptrmut", 1) => vec![Invariant],
        _ => match variances.get(&f) {
            Some(v) if v.len() == n => v.clone(),
            _ => vec![Invariant; n],
        },
    }
}

impl Relate<'_> {
    /// Relate `a` and `b` so that, covariantly, `a <: b`. False when they cannot be related.
    pub fn relate(&mut self, variance: Variance, a: Ref, b: Ref) -> bool {
        let mut work = vec![(variance, a, b)];
        while let Some((v, a, b)) = work.pop() {
            if v == Variance::Invariant {
                if !self.b.unify(self.store, a, b, self.opts) {
                    return false;
                }
                continue;
            }
            match (self.b.deref(self.store, a), self.b.deref(self.store, b)) {
                (Deref::Unbound(x), Deref::Unbound(y)) => {
                    if x != y {
                        let (p, q) = if v == Variance::Covariant {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        self.deferred.push((p, q));
                    }
                }
                (Deref::Unbound(x), Deref::Term(t)) => {
                    if !self.relate_var(v, x, t, &mut work) {
                        return false;
                    }
                }
                (Deref::Term(t), Deref::Unbound(y)) => {
                    if !self.relate_var(v.invert(), y, t, &mut work) {
                        return false;
                    }
                }
                (Deref::Term(x), Deref::Term(y)) => {
                    if x.term == y.term && (x.base == y.base || self.store.is_ground(x.term)) {
                        continue;
                    }
                    match (self.store.view(x.term), self.store.view(y.term)) {
                        (View::App(syms::REGION, [p]), View::App(syms::REGION, [q])) => {
                            let (p, q) = (Ref::new(*p, x.base), Ref::new(*q, y.base));
                            self.relate_regions(v, x, p, y, q);
                        }
                        (View::App(f, xs), View::App(g, ys)) => {
                            if f != g || xs.len() != ys.len() {
                                return false;
                            }
                            let (xs, ys) = (xs.to_vec(), ys.to_vec());
                            let vs = self.fn_or_arg_variances(f, &xs);
                            for i in (0..xs.len()).rev() {
                                let pa = Ref::new(xs[i], x.base);
                                let pb = Ref::new(ys[i], y.base);
                                work.push((v.xform(vs[i]), pa, pb));
                            }
                        }
                        _ => {
                            if !self.b.unify(self.store, a, b, self.opts) {
                                return false;
                            }
                        }
                    }
                }
            }
        }
        true
    }

    /// Argument variances, with a `fn` pointer's argument tuple contravariant.
    fn fn_or_arg_variances(&self, f: Sym, xs: &[TermId]) -> Vec<Variance> {
        if self.store.name(f) == "$fn" {
            let mut v = vec![Variance::Contravariant; xs.len()];
            if let Some(last) = v.last_mut() {
                *last = Variance::Covariant;
            }
            if xs.len() == 3 {
                v[0] = Variance::Invariant;
            }
            return v;
        }
        arg_variances(self.store, self.variances, f, xs.len())
    }

    /// Two regions `'$lt'(p)` (`a`) and `'$lt'(q)` (`b`) under `variance` (never fails).
    fn relate_regions(&mut self, v: Variance, a: Ref, p: Ref, b: Ref, q: Ref) {
        match (self.b.deref(self.store, p), self.b.deref(self.store, q)) {
            (Deref::Unbound(_), Deref::Unbound(_)) => {
                let _ = self.b.unify(self.store, a, b, self.opts);
            }
            (Deref::Unbound(_), Deref::Term(_)) => self.outlives(v, a, b),
            (Deref::Term(_), Deref::Unbound(_)) => self.outlives(v.invert(), b, a),
            (Deref::Term(s), Deref::Term(t)) => {
                if !(s.term == t.term && self.store.is_ground(s.term)) {
                    self.outlives(v, a, b);
                }
            }
        }
    }

    /// `a` related to `b` under `variance`: covariantly `b: a` (a subtype's region is shorter),
    /// contravariantly `a: b`, both when invariant.
    fn outlives(&mut self, v: Variance, a: Ref, b: Ref) {
        if matches!(v, Variance::Invariant | Variance::Contravariant) {
            self.b.push_constraint(a, b);
        }
        if matches!(v, Variance::Invariant | Variance::Covariant) {
            self.b.push_constraint(b, a);
        }
    }

    /// Slot `x` related to the type `t`: bind `x` to `t`'s generalization, then relate that to `t`.
    fn relate_var(
        &mut self,
        v: Variance,
        x: u32,
        t: Ref,
        work: &mut Vec<(Variance, Ref, Ref)>,
    ) -> bool {
        let u = self.b.universe(x);
        let abs = self.b.resolve_absolute(self.store, t);
        let g = self.generalize(abs, u, v);
        let slot = Bindings::slot_ref(self.store, x);
        if !self.b.unify(self.store, slot, Ref::new(g, 0), self.opts) {
            return false;
        }
        work.push((v, Ref::new(g, 0), Ref::new(abs, 0)));
        true
    }

    /// A fresh variable (absolute numbering) in universe `u`.
    fn fresh(&mut self, u: u32) -> TermId {
        let s = self.b.alloc(1, u);
        self.store.var(s)
    }

    /// chalk's generalization of `t` (absolute numbering) for a variable of universe `u`.
    /// Iterative: the result is built bottom-up.
    fn generalize(&mut self, t: TermId, u: u32, variance: Variance) -> TermId {
        enum W {
            Visit(TermId, Variance),
            Build(Sym, usize),
        }
        let mut work = vec![W::Visit(t, variance)];
        let mut out: Vec<TermId> = Vec::new();
        while let Some(w) = work.pop() {
            match w {
                W::Visit(t, v) => match self.store.view(t) {
                    View::Var(_) => {
                        if v == Variance::Invariant {
                            out.push(t);
                        } else {
                            let f = self.fresh(u);
                            out.push(f);
                        }
                    }
                    View::App(syms::REGION, [_]) => {
                        if v == Variance::Invariant {
                            out.push(t);
                        } else {
                            let f = self.fresh(u);
                            let r = self.store.app(syms::REGION, &[f]);
                            out.push(r);
                        }
                    }
                    View::App(f, args) => {
                        let name = self.store.name(f);
                        if name == "$alias" || name == "$dyn" || name == "$fn" {
                            out.push(t);
                            continue;
                        }
                        let args = args.to_vec();
                        let vs: Vec<Variance> = match name {
                            "$ref" => vec![v.xform(Variance::Contravariant), Variance::Covariant],
                            "$refmut" => {
                                vec![v.xform(Variance::Contravariant), Variance::Invariant]
                            }
                            "$ptr" => vec![Variance::Covariant],
                            "$ptrmut" => vec![Variance::Invariant],
                            "$tuple" | "$slice" => vec![v; args.len()],
                            "$array" => vec![v, Variance::Covariant],
                            _ if v == Variance::Invariant => vec![Variance::Invariant; args.len()],
                            _ => arg_variances(self.store, self.variances, f, args.len()),
                        };
                        work.push(W::Build(f, args.len()));
                        for (i, &a) in args.iter().enumerate().rev() {
                            if name == "$array" && i == 1 {
                                // The length: a fresh variable, as chalk generalizes a constant.
                                work.push(W::Visit(a, Variance::Covariant));
                                continue;
                            }
                            work.push(W::Visit(a, vs[i]));
                        }
                    }
                    _ => out.push(t),
                },
                W::Build(f, n) => {
                    let s = out.len() - n;
                    let t = self.store.app(f, &out[s..]);
                    out.truncate(s);
                    out.push(t);
                }
            }
        }
        out.pop().unwrap_or(t)
    }
}
