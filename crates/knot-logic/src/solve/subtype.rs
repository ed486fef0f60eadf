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

use crate::dialect::Generalize;
use crate::program::Variance;
use crate::term::unify::{Bindings, Deref, Ref, UnifyOptions};
use crate::term::{binders, syms, Store, Sym, TermId, View};
use rustc_hash::FxHashMap;

/// What relating needs to know.
pub struct Relate<'a> {
    pub store: &'a mut Store,
    pub b: &'a mut Bindings,
    pub variances: &'a FxHashMap<Sym, Vec<Variance>>,
    pub opts: UnifyOptions,
    /// Pairs `(a, b)` of variables with `a <: b` still to prove.
    pub deferred: Vec<(Ref, Ref)>,
    /// The current universe: instantiating a binder universally creates the next one.
    pub universe: u32,
}

/// One step of relating.
enum Task {
    /// Relate two terms under a variance.
    Rel(Variance, Ref, Ref),
    /// The covariant pass of relating two binder types (after the contravariant one).
    Covariant(Ref, Ref),
    /// The covariant pass of relating the bound lists of two `dyn` types.
    DynCovariant(Ref, Ref),
}

/// The variance of each argument of a constructor, relative to the constructor's own.
fn arg_variances(
    store: &Store,
    variances: &FxHashMap<Sym, Vec<Variance>>,
    f: Sym,
    n: usize,
) -> Vec<Variance> {
    use Variance::*;
    match store.roles().constructors.get(&f) {
        Some(c) if c.arity.is_none() => vec![c.relate[0]; n],
        Some(c) if c.arity == Some(n) => c.relate.to_vec(),
        _ => match variances.get(&f) {
            Some(v) if v.len() == n => v.clone(),
            _ => vec![Invariant; n],
        },
    }
}

impl Relate<'_> {
    /// Relate `a` and `b` so that, covariantly, `a <: b`. False when they cannot be related.
    pub fn relate(&mut self, variance: Variance, a: Ref, b: Ref) -> bool {
        self.run(vec![Task::Rel(variance, a, b)])
    }

    /// Relate two types at least one of which has a `'$for'` binder (or two `dyn` types), left by
    /// unification: chalk's `relate_binders` under `variance`.
    pub fn relate_pending(&mut self, variance: Variance, a: Ref, b: Ref) -> bool {
        let mut work = Vec::new();
        if !self.binders_or_dyn(variance, a, b, &mut work) {
            return false;
        }
        self.run(work)
    }

    fn run(&mut self, mut tasks: Vec<Task>) -> bool {
        let mut work: Vec<(Variance, Ref, Ref)> = Vec::new();
        loop {
            let (v, a, b) = match work.pop() {
                Some(x) => x,
                None => match tasks.pop() {
                    None => return true,
                    Some(Task::Rel(v, a, b)) => (v, a, b),
                    Some(Task::Covariant(a, b)) => {
                        let bu = self.universally(b);
                        let ae = self.existentially(a);
                        (Variance::Covariant, ae, bu)
                    }
                    Some(Task::DynCovariant(xs, ys)) => {
                        self.universe += 1;
                        if !self.dyn_bounds(Variance::Covariant, xs, ys, &mut tasks) {
                            return false;
                        }
                        continue;
                    }
                },
            };
            if !self.binder_free(v, a, b) {
                // A binder type: relating it queues more tasks, which run before the rest.
                let mut more = Vec::new();
                if !self.binders_or_dyn(v, a, b, &mut more) {
                    return false;
                }
                // Anything already queued in `work` belongs to an enclosing relation: keep it
                // for after.
                for w in work.drain(..) {
                    tasks.push(Task::Rel(w.0, w.1, w.2));
                }
                tasks.extend(more);
                continue;
            }
            if v == Variance::Invariant {
                if !self.b.unify(self.store, a, b, self.opts) {
                    return false;
                }
                continue;
            }
            match (self.b.deref(self.store, a), self.b.deref(self.store, b)) {
                (Deref::Unbound(x), Deref::Unbound(y)) if x != y => {
                    let general = |s: u32| self.b.kind(s) == crate::term::unify::VarKind::General;
                    if !(general(x) && general(y)) {
                        // An integer or float variable has no subtypes: unified, as chalk does.
                        if !self.b.unify(self.store, a, b, self.opts) {
                            return false;
                        }
                    } else {
                        let (p, q) = if v == Variance::Covariant {
                            (a, b)
                        } else {
                            (b, a)
                        };
                        self.deferred.push((p, q));
                    }
                }
                (Deref::Unbound(_), Deref::Unbound(_)) => {}
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
    }

    /// False when `a` and `b` are two distinct types one of which has a binder, or two `dyn` types
    /// (related by [`Relate::binders_or_dyn`]), under a variance that is not invariant (an invariant
    /// pair goes through unification, which leaves such pairs to the machine).
    fn binder_free(&self, v: Variance, a: Ref, b: Ref) -> bool {
        if v == Variance::Invariant {
            return true;
        }
        let (Deref::Term(x), Deref::Term(y)) =
            (self.b.deref(self.store, a), self.b.deref(self.store, b))
        else {
            return true;
        };
        if x.term == y.term && (x.base == y.base || self.store.is_ground(x.term)) {
            return true;
        }
        let (vx, vy) = (self.store.view(x.term), self.store.view(y.term));
        let binder = |v: View<'_>| matches!(v, View::App(syms::BINDER, _));
        let existential = self.store.roles().existential;
        let dyn_ = |v: View<'_>| matches!(v, View::App(f, [_, _]) if Some(f) == existential);
        !(binder(vx) || binder(vy) || (dyn_(vx) && dyn_(vy)))
    }

    /// Queue the relation of two binder types (chalk's `relate_binders`: contravariantly, `a`'s
    /// lifetimes become placeholders of a new universe and `b`'s fresh regions; covariantly the
    /// other way round; invariantly both, the contravariant pass first) or of two `dyn` types.
    fn binders_or_dyn(&mut self, v: Variance, a: Ref, b: Ref, tasks: &mut Vec<Task>) -> bool {
        let (Deref::Term(x), Deref::Term(y)) =
            (self.b.deref(self.store, a), self.b.deref(self.store, b))
        else {
            return self.b.unify(self.store, a, b, self.opts);
        };
        let existential = self.store.roles().existential;
        let is_dyn = |t: TermId| matches!(self.store.view(t), View::App(f, [_, _]) if Some(f) == existential);
        if is_dyn(x.term) && is_dyn(y.term) {
            return self.dyn_types(v, x, y, tasks);
        }
        self.binders(v, x, y, tasks);
        true
    }

    fn binders(&mut self, v: Variance, x: Ref, y: Ref, tasks: &mut Vec<Task>) {
        if matches!(v, Variance::Invariant | Variance::Covariant) {
            tasks.push(Task::Covariant(x, y));
        }
        if matches!(v, Variance::Invariant | Variance::Contravariant) {
            let au = self.universally(x);
            let be = self.existentially(y);
            tasks.push(Task::Rel(Variance::Contravariant, au, be));
        }
    }

    /// Two `dyn` types: their bound lists under the (invariant) binder of the hidden self type, a
    /// new universe per pass as chalk instantiates it, each bound related under its own binder;
    /// then their regions, contravariantly.
    fn dyn_types(&mut self, v: Variance, x: Ref, y: Ref, tasks: &mut Vec<Task>) -> bool {
        let (xa, ya) = (
            self.store.args(x.term).to_vec(),
            self.store.args(y.term).to_vec(),
        );
        let (xs, ys) = (Ref::new(xa[0], x.base), Ref::new(ya[0], y.base));
        tasks.push(Task::Rel(
            v.xform(Variance::Contravariant),
            Ref::new(xa[1], x.base),
            Ref::new(ya[1], y.base),
        ));
        tasks.push(Task::DynCovariant(xs, ys));
        self.universe += 1;
        self.dyn_bounds(Variance::Contravariant, xs, ys, tasks)
    }

    /// Queue, first to last, the relation of two bound lists element by element under `v`.
    fn dyn_bounds(&mut self, v: Variance, xs: Ref, ys: Ref, tasks: &mut Vec<Task>) -> bool {
        let (Some(xs), Some(ys)) = (self.items(xs), self.items(ys)) else {
            return false;
        };
        if xs.len() != ys.len() {
            return false;
        }
        let pairs: Vec<(Ref, Ref)> = xs.into_iter().zip(ys).collect();
        // First to last: each bound is related under its own binder when it is reached, so the
        // universes of its placeholders come in order.
        for (ex, ey) in pairs.into_iter().rev() {
            tasks.push(Task::Rel(v, ex, ey));
        }
        true
    }

    /// The items of a list (its elements as refs), or `None` when it is not a proper list.
    fn items(&self, mut r: Ref) -> Option<Vec<Ref>> {
        let mut out = Vec::new();
        loop {
            match self.b.deref(self.store, r) {
                Deref::Term(t) => match self.store.view(t.term) {
                    View::App(syms::CONS, [h, tl]) => {
                        out.push(Ref::new(*h, t.base));
                        r = Ref::new(*tl, t.base);
                    }
                    View::Atom(syms::NIL) => return Some(out),
                    _ => return None,
                },
                Deref::Unbound(_) => return None,
            }
        }
    }

    /// `r` with the lifetimes of its binder (if any) replaced by placeholders of a new universe.
    fn universally(&mut self, r: Ref) -> Ref {
        let t = self.b.resolve_absolute(self.store, r);
        match binders::split(self.store, t) {
            Some((n, body)) if n > 0 => {
                self.universe += 1;
                let vals: Vec<TermId> = (0..n)
                    .map(|i| self.store.placeholder(self.universe, i))
                    .collect();
                Ref::new(binders::instantiate(self.store, n, body, &vals), 0)
            }
            Some((_, body)) => Ref::new(body, 0),
            None => Ref::new(t, 0),
        }
    }

    /// `r` with the lifetimes of its binder (if any) replaced by fresh inference regions of the
    /// current universe.
    fn existentially(&mut self, r: Ref) -> Ref {
        let t = self.b.resolve_absolute(self.store, r);
        match binders::split(self.store, t) {
            Some((n, body)) if n > 0 => {
                let s = self.b.alloc(n, self.universe);
                let vals: Vec<TermId> = (0..n).map(|i| self.store.var(s + i)).collect();
                Ref::new(binders::instantiate(self.store, n, body, &vals), 0)
            }
            Some((_, body)) => Ref::new(body, 0),
            None => Ref::new(t, 0),
        }
    }

    /// Argument variances, with a `fn` pointer's argument tuple contravariant.
    fn fn_or_arg_variances(&self, f: Sym, xs: &[TermId]) -> Vec<Variance> {
        if Some(f) == self.store.roles().fn_ptr {
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

    /// Two regions `R(p)` (`a`) and `R(q)` (`b`) under `variance` (never fails).
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
                        let roles = self.store.roles();
                        let opaque = [roles.alias, roles.existential, roles.fn_ptr];
                        if opaque.contains(&Some(f)) || f == syms::BINDER {
                            out.push(t);
                            continue;
                        }
                        let args = args.to_vec();
                        let generalize = |g: &Generalize| match *g {
                            Generalize::Composed(x) => v.xform(x),
                            Generalize::Fixed(x) => x,
                        };
                        let vs: Vec<Variance> = match roles.constructors.get(&f) {
                            Some(c) if c.arity.is_none() => {
                                vec![generalize(&c.generalize[0]); args.len()]
                            }
                            Some(c) => c.generalize.iter().map(generalize).collect(),
                            None if v == Variance::Invariant => {
                                vec![Variance::Invariant; args.len()]
                            }
                            None => arg_variances(self.store, self.variances, f, args.len()),
                        };
                        work.push(W::Build(f, args.len()));
                        for (i, &a) in args.iter().enumerate().rev() {
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
