//! Type checks, the standard order of terms (`compare/3`, `@<`, sorting), and term construction
//! (`functor/3`, `arg/3`, `=..`, `copy_term/2`, `term_variables/2`), `subsumes_term/2`, `succ/2`,
//! `plus/3`.

use super::super::{Machine, State};
use super::arith::{self, Num};
use super::Err;
use crate::term::unify::{Deref, Ref, VarMap};
use crate::term::{syms, Store, TermId, View};
use num_bigint::BigInt;
use num_traits::{Signed, Zero};
use std::cmp::Ordering;

/// The rank of a term's type in the standard order as SWI-Prolog 9 sorts:
/// Var < Number < String < Atom < Compound.
fn rank(v: &View<'_>) -> u8 {
    match v {
        View::Var(_) => 0,
        View::Int(_) | View::Big(_) | View::Float(_) => 1,
        View::Str(_) => 2,
        View::Placeholder(..) | View::Atom(_) => 3,
        View::App(..) => 5,
    }
}

/// The standard order of two terms that may be cyclic, walked under the bindings (unbound slots
/// ordered by slot, i.e. by age). Iterative.
fn compare_cyclic(st: &State, store: &Store, x: Ref, y: Ref) -> Ordering {
    let mut seen: rustc_hash::FxHashSet<(Ref, Ref)> = rustc_hash::FxHashSet::default();
    let mut work = vec![(x, y)];
    while let Some((x, y)) = work.pop() {
        let o = match (st.b.deref(store, x), st.b.deref(store, y)) {
            (Deref::Unbound(a), Deref::Unbound(b)) => a.cmp(&b),
            (Deref::Unbound(_), Deref::Term(_)) => Ordering::Less,
            (Deref::Term(_), Deref::Unbound(_)) => Ordering::Greater,
            (Deref::Term(p), Deref::Term(q)) => {
                if p == q {
                    continue;
                }
                if store.is_ground(p.term) && store.is_ground(q.term) {
                    compare_terms(store, p.term, q.term)
                } else {
                    match (store.view(p.term), store.view(q.term)) {
                        (View::App(f, xs), View::App(g, ys)) => {
                            let o = xs
                                .len()
                                .cmp(&ys.len())
                                .then_with(|| store.name(f).cmp(store.name(g)));
                            if o == Ordering::Equal && seen.insert((p, q)) {
                                for (&a, &b) in xs.iter().zip(ys).rev() {
                                    work.push((Ref::new(a, p.base), Ref::new(b, q.base)));
                                }
                            }
                            o
                        }
                        // A compound against an atomic term: decided by their types.
                        _ => compare_terms(store, p.term, q.term),
                    }
                }
            }
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Compare two resolved terms (sharing one variable numbering) in the standard order of terms.
pub fn compare_terms(store: &Store, a: TermId, b: TermId) -> Ordering {
    let mut stack = vec![(a, b)];
    while let Some((a, b)) = stack.pop() {
        if a == b {
            continue;
        }
        let (va, vb) = (store.view(a), store.view(b));
        let (ra, rb) = (rank(&va), rank(&vb));
        if ra != rb {
            return ra.cmp(&rb);
        }
        let o = match (va, vb) {
            (View::Var(x), View::Var(y)) => x.cmp(&y),
            (View::App(f, xs), View::App(g, ys)) => {
                let o = xs
                    .len()
                    .cmp(&ys.len())
                    .then_with(|| store.name(f).cmp(store.name(g)));
                if o == Ordering::Equal {
                    for (&x, &y) in xs.iter().zip(ys).rev() {
                        stack.push((x, y));
                    }
                    continue;
                }
                o
            }
            (View::Atom(x), View::Atom(y)) => store.name(x).cmp(store.name(y)),
            (View::Str(x), View::Str(y)) => store.name(x).cmp(store.name(y)),
            (View::Placeholder(u, i), View::Placeholder(v, j)) => (u, i).cmp(&(v, j)),
            (View::Placeholder(..), _) => Ordering::Less,
            (_, View::Placeholder(..)) => Ordering::Greater,
            _ => match (Num::of(store, a), Num::of(store, b)) {
                (Some(x), Some(y)) => arith::standard_order(&x, &y),
                _ => a.cmp(&b),
            },
        };
        if o != Ordering::Equal {
            return o;
        }
    }
    Ordering::Equal
}

/// Sort resolved terms in the standard order (stable); drop duplicates when `dedup`.
pub fn sort_terms(store: &Store, v: &mut Vec<TermId>, dedup: bool) {
    v.sort_by(|&a, &b| compare_terms(store, a, b));
    if dedup {
        v.dedup();
    }
}

impl Machine<'_> {
    fn type_check(&self, st: &State, name: &str, x: Ref) -> Option<bool> {
        let t = match st.b.deref(self.store, x) {
            Deref::Unbound(_) => return Some(name == "var"),
            Deref::Term(t) => t,
        };
        let v = self.store.view(t.term);
        Some(match name {
            "var" => false,
            "atom" => matches!(v, View::Atom(_)),
            "number" => matches!(v, View::Int(_) | View::Big(_) | View::Float(_)),
            "integer" => matches!(v, View::Int(_) | View::Big(_)),
            "float" => matches!(v, View::Float(_)),
            "atomic" => !matches!(v, View::App(..)),
            "compound" => matches!(v, View::App(..)),
            "callable" => matches!(v, View::App(..) | View::Atom(_)),
            "string" => matches!(v, View::Str(_)),
            "is_list" => self.proper_list(st, t).is_ok(),
            "ground" => st.b.is_ground(self.store, t),
            "cyclic_term" => st.b.is_cyclic(self.store, t),
            "acyclic_term" => !st.b.is_cyclic(self.store, t),
            _ => return None,
        })
    }

    /// The standard order of two terms under the bindings; a cyclic one (rational tree) is compared
    /// by walking both, a pair of compounds met again counting as equal.
    pub fn compare_refs(&mut self, st: &State, x: Ref, y: Ref) -> Ordering {
        if st.b.may_cycle() && (st.b.is_cyclic(self.store, x) || st.b.is_cyclic(self.store, y)) {
            return compare_cyclic(st, self.store, x, y);
        }
        let mut map = VarMap::new();
        let x = st.b.resolve(self.store, x, &mut map);
        let y = st.b.resolve(self.store, y, &mut map);
        compare_terms(self.store, x, y)
    }

    fn int_arg(&self, st: &State, x: Ref) -> Result<Option<i64>, Err> {
        match st.b.deref(self.store, x) {
            Deref::Unbound(_) => Ok(None),
            Deref::Term(t) => match self.store.view(t.term) {
                View::Int(i) => Ok(Some(i)),
                _ => Err(Err::TypeTerm("integer", t)),
            },
        }
    }

    pub fn term_builtin(
        &mut self,
        st: &mut State,
        name: &str,
        args: &[Ref],
    ) -> Option<Result<bool, Err>> {
        let a = |i: usize| args[i];
        if args.len() == 1 {
            if let Some(ok) = self.type_check(st, name, a(0)) {
                return Some(Ok(ok));
            }
        }
        Some(match (name, args.len()) {
            ("compare", 3) => {
                if let Some(o) = self.bound(st, a(0)) {
                    match self.store.view(o.term) {
                        View::Atom(s) if matches!(self.store.name(s), "<" | "=" | ">") => {}
                        View::Atom(_) => return Some(Err(Err::Domain("order", o))),
                        _ => return Some(Err(Err::TypeTerm("atom", o))),
                    }
                }
                let o = match self.compare_refs(st, a(1), a(2)) {
                    Ordering::Less => "<",
                    Ordering::Equal => "=",
                    Ordering::Greater => ">",
                };
                let t = self.store.atom_named(o);
                Ok(st.b.unify(self.store, a(0), Ref::new(t, 0), self.opts))
            }
            ("@<" | "@>" | "@=<" | "@>=", 2) => {
                let o = self.compare_refs(st, a(0), a(1));
                Ok(match name {
                    "@<" => o == Ordering::Less,
                    "@>" => o == Ordering::Greater,
                    "@=<" => o != Ordering::Greater,
                    _ => o != Ordering::Less,
                })
            }
            ("msort" | "sort" | "keysort", 2) | ("sort", 4) => self.sort(st, name, args),
            ("=@=" | "\\=@=", 2) => {
                // Variants: equal up to a renaming of variables.
                if st.b.may_cycle() {
                    return Some(Ok(st.b.variant(self.store, a(0), a(1)) == (name == "=@=")));
                }
                let (x, _) = self.resolved(st, a(0));
                let (y, _) = self.resolved(st, a(1));
                Ok((x == y) == (name == "=@="))
            }
            ("functor", 3) => self.functor(st, args),
            ("$skip_list", 3) => {
                let (n, tail) = self.skip_list(st, a(1));
                let n = self.store.int(n as i64);
                Ok(st.b.unify(self.store, a(0), Ref::new(n, 0), self.opts)
                    && st.b.unify(self.store, a(2), tail, self.opts))
            }
            ("arg", 3) => {
                let n = match self.int_arg(st, a(0)) {
                    Ok(Some(n)) => n,
                    Ok(None) => {
                        // arg(-N, +T, ?A): each argument in turn (SWI-Prolog).
                        return Some(match self.bound(st, a(1)) {
                            Some(t) => match self.store.view(t.term) {
                                View::App(_, xs) => {
                                    let k = xs.len();
                                    let rows = (1..=k as i64).map(|i| vec![self.store.int(i)]);
                                    let rows = rows.collect();
                                    let s = &mut *self.store;
                                    let vars = [s.var(0), s.var(1), s.var(2)];
                                    let f = s.sym("arg");
                                    let then = s.app(f, &vars);
                                    Ok(self.alternatives(st, &[a(0), a(1), a(2)], rows, Some(then)))
                                }
                                _ => Err(Err::TypeTerm("compound", t)),
                            },
                            None => Err(Err::Instantiation),
                        });
                    }
                    Err(e) => return Some(Err(e)),
                };
                match self.bound(st, a(1)).map(|t| (t, self.store.view(t.term))) {
                    Some((_, View::App(..))) if n < 0 => {
                        Err(Err::Domain("not_less_than_zero", a(0)))
                    }
                    Some((t, View::App(_, xs))) => {
                        if n < 1 || n as usize > xs.len() {
                            Ok(false)
                        } else {
                            let x = Ref::new(xs[n as usize - 1], t.base);
                            Ok(st.b.unify(self.store, a(2), x, self.opts))
                        }
                    }
                    Some((t, _)) => Err(Err::TypeTerm("compound", t)),
                    None => Err(Err::Instantiation),
                }
            }
            ("=..", 2) => match self.bound(st, a(0)) {
                Some(t) if matches!(self.store.view(t.term), View::App(_, [])) => {
                    Err(Err::Domain("compound_non_zero_arity", t))
                }
                Some(t) => {
                    let (tt, map) = self.resolved(st, t);
                    let items: Vec<TermId> = match self.store.view(tt) {
                        View::App(f, xs) => {
                            let xs = xs.to_vec();
                            let mut v = vec![self.store.atom(f)];
                            v.extend(xs);
                            v
                        }
                        _ => vec![tt],
                    };
                    let l = self.store.list(&items, None);
                    Ok(self.unify_mapped(st, a(1), l, &map))
                }
                None => match self.proper_list(st, a(1)) {
                    Ok(items) if !items.is_empty() => {
                        let mut map = VarMap::new();
                        let ts: Vec<TermId> = items
                            .iter()
                            .map(|&r| st.b.resolve(self.store, r, &mut map))
                            .collect();
                        let t = match self.store.view(ts[0]) {
                            View::Var(_) => return Some(Err(Err::Instantiation)),
                            View::Atom(f) => self.store.app(f, &ts[1..]),
                            View::App(..) if ts.len() == 1 => {
                                return Some(Err(Err::TypeTerm("atomic", items[0])))
                            }
                            _ if ts.len() == 1 => ts[0],
                            _ => return Some(Err(Err::TypeTerm("atom", items[0]))),
                        };
                        Ok(self.unify_mapped(st, a(0), t, &map))
                    }
                    Ok(_) => Err(Err::Domain("non_empty_list", a(1))),
                    Err(true) => Err(Err::Instantiation),
                    Err(false) => Err(Err::TypeTerm("list", a(1))),
                },
            },
            ("copy_term", 2) => {
                let (t, _) = self.resolved(st, a(0));
                Ok(self.unify_fresh(st, a(1), t))
            }
            ("term_variables", 2) => {
                let (_, map) = self.resolved(st, a(0));
                let vars: Vec<TermId> = (0..map.len() as u32).map(|i| self.store.var(i)).collect();
                let l = self.store.list(&vars, None);
                Ok(self.unify_mapped(st, a(1), l, &map))
            }
            ("numbervars", 3) => {
                // Bind each variable of the term, in order of appearance, to `'$VAR'(N)`.
                let start = match self.bound(st, a(1)).map(|t| self.store.view(t.term)) {
                    None => return Some(Err(Err::Instantiation)),
                    Some(View::Int(i)) => i,
                    Some(_) => return Some(Err(Err::TypeTerm("integer", a(1)))),
                };
                let (_, map) = self.resolved(st, a(0));
                let n = map.len() as u32;
                let s = &mut *self.store;
                let vars: Vec<TermId> = (0..n).map(|i| s.var(i)).collect();
                let f = s.sym("$VAR");
                let vals: Vec<TermId> = (0..n as i64)
                    .map(|i| {
                        let k = s.int(start + i);
                        s.app(f, &[k])
                    })
                    .collect();
                let l = s.list(&vars, None);
                let v = s.list(&vals, None);
                let end = s.int(start + n as i64);
                Ok(self.unify_mapped(st, Ref::new(v, 0), l, &map)
                    && st.b.unify(self.store, a(2), Ref::new(end, 0), self.opts))
            }
            ("succ", 2) => self.succ(st, a(0), a(1)),
            ("unify_with_occurs_check", 2) => {
                let mut opts = self.opts;
                opts.occurs_check = true;
                Ok(st.b.unify(self.store, a(0), a(1), opts))
            }
            ("subsumes_term", 2) => {
                // ISO: unifiable without binding a variable of the specific term (nor making two
                // of them one); the bindings are undone.
                let (_, vars) = self.resolved(st, a(1));
                let mark = st.b.mark();
                let mut ok = st.b.unify(self.store, a(0), a(1), self.opts);
                if ok {
                    let mut seen = rustc_hash::FxHashSet::default();
                    for &slot in &vars.slots {
                        let v = self.store.var(0);
                        ok &= match st.b.deref(self.store, Ref::new(v, slot)) {
                            Deref::Unbound(s) => seen.insert(s),
                            Deref::Term(_) => false,
                        };
                    }
                }
                st.b.undo(mark);
                Ok(ok)
            }
            ("plus", 3) => {
                for i in 0..3 {
                    if let Some(t) = self.bound(st, a(i)) {
                        if !matches!(self.store.view(t.term), View::Int(_) | View::Big(_)) {
                            return Some(Err(Err::TypeTerm("integer", t)));
                        }
                    }
                }
                let vals: Vec<Option<Num>> = (0..3)
                    .map(|i| {
                        self.bound(st, a(i))
                            .and_then(|t| Num::of(self.store, t.term))
                    })
                    .collect();
                let (target, e) = match (&vals[0], &vals[1], &vals[2]) {
                    (Some(_), Some(_), _) => (2, ("+", 0, 1)),
                    (Some(_), None, Some(_)) => (1, ("-", 2, 0)),
                    (None, Some(_), Some(_)) => (0, ("-", 2, 1)),
                    _ => return Some(Err(Err::Instantiation)),
                };
                let s = &mut *self.store;
                let x = vals[e.1].clone().map(|v| v.term(s));
                let y = vals[e.2].clone().map(|v| v.term(s));
                let (Some(x), Some(y)) = (x, y) else {
                    return Some(Err(Err::Instantiation));
                };
                let f = s.sym(e.0);
                let ex = s.app(f, &[x, y]);
                match self.eval(&State::default(), Ref::new(ex, 0)) {
                    Ok(v) => {
                        let t = v.term(self.store);
                        Ok(st.b.unify(self.store, a(target), Ref::new(t, 0), self.opts))
                    }
                    Err(e) => Err(e),
                }
            }
            _ => return None,
        })
    }

    /// `succ(?X, ?Y)`: Y is X + 1, both natural numbers (SWI-Prolog's errors).
    fn succ(&mut self, st: &mut State, x: Ref, y: Ref) -> Result<bool, Err> {
        let nat = |m: &Self, r: Ref| -> Result<Option<BigInt>, Err> {
            match st.b.deref(m.store, r) {
                Deref::Unbound(_) => Ok(None),
                Deref::Term(t) => match Num::of(m.store, t.term) {
                    Some(Num::Int(i)) if i < 0 => Err(Err::Domain("not_less_than_zero", t)),
                    Some(Num::Big(b)) if b.is_negative() => {
                        Err(Err::Domain("not_less_than_zero", t))
                    }
                    Some(Num::Int(i)) => Ok(Some(BigInt::from(i))),
                    Some(Num::Big(b)) => Ok(Some(b)),
                    _ => Err(Err::TypeTerm("integer", t)),
                },
            }
        };
        let (vx, vy) = (nat(self, x)?, nat(self, y)?);
        let (target, value) = match (vx, vy) {
            (Some(vx), _) => (y, vx + 1),
            (None, Some(vy)) if vy.is_zero() => return Ok(false),
            (None, Some(vy)) => (x, vy - 1),
            (None, None) => return Err(Err::Instantiation),
        };
        let t = self.store.bigint(&value);
        Ok(st.b.unify(self.store, target, Ref::new(t, 0), self.opts))
    }

    fn functor(&mut self, st: &mut State, args: &[Ref]) -> Result<bool, Err> {
        match self.bound(st, args[0]) {
            Some(t) => {
                let (name, n) = match self.store.view(t.term) {
                    View::App(_, []) => return Err(Err::Domain("compound_non_zero_arity", t)),
                    View::App(f, xs) => (Some(f), xs.len() as i64),
                    _ => (None, 0),
                };
                let name = match name {
                    Some(f) => self.store.atom(f),
                    None => t.term,
                };
                let n = self.store.int(n);
                Ok(st
                    .b
                    .unify(self.store, args[1], Ref::new(name, t.base), self.opts)
                    && st.b.unify(self.store, args[2], Ref::new(n, 0), self.opts))
            }
            None => {
                let name = self.bound(st, args[1]).ok_or(Err::Instantiation)?;
                let n = self.int_arg(st, args[2])?.ok_or(Err::Instantiation)?;
                if n == 0 {
                    return Ok(st.b.unify(self.store, args[0], name, self.opts));
                }
                let f = match self.store.view(name.term) {
                    View::Atom(f) => f,
                    View::App(..) => return Err(Err::TypeTerm("atomic", name)),
                    _ => return Err(Err::TypeTerm("atom", name)),
                };
                if n < 0 {
                    return Err(Err::Domain("not_less_than_zero", args[2]));
                }
                if n > 1024 {
                    return Err(Err::Resource);
                }
                let vars: Vec<TermId> = (0..n as u32).map(|i| self.store.var(i)).collect();
                let t = self.store.app(f, &vars);
                Ok(self.unify_fresh(st, args[0], t))
            }
        }
    }

    /// The elements of the cells of a cyclic list, each cell once; `None` when `r` is no cyclic list.
    fn cyclic_list(&self, st: &State, r: Ref) -> Option<Vec<Ref>> {
        let mut cells: rustc_hash::FxHashSet<Ref> = rustc_hash::FxHashSet::default();
        let mut out = Vec::new();
        let mut cur = r;
        loop {
            let Deref::Term(t) = st.b.deref(self.store, cur) else {
                return None;
            };
            match self.store.view(t.term) {
                View::App(syms::CONS, xs) if xs.len() == 2 => {
                    if !cells.insert(t) {
                        return Some(out);
                    }
                    out.push(Ref::new(xs[0], t.base));
                    cur = Ref::new(xs[1], t.base);
                }
                _ => return None,
            }
        }
    }

    fn sort(&mut self, st: &mut State, name: &str, args: &[Ref]) -> Result<bool, Err> {
        let (list, out) = if args.len() == 4 {
            (args[2], args[3])
        } else {
            (args[0], args[1])
        };
        let items = match self.proper_list(st, list) {
            Ok(v) => v,
            Err(true) => return Err(Err::Instantiation),
            // sort/2 of a cyclic list sorts the elements of its cells (SWI-Prolog).
            Err(false) if name == "sort" && args.len() == 2 => match self.cyclic_list(st, list) {
                Some(v) => v,
                None => return Err(Err::TypeTerm("list", list)),
            },
            Err(false) => return Err(Err::TypeTerm("list", list)),
        };
        let mut map = VarMap::new();
        let mut ts: Vec<TermId> = items
            .iter()
            .map(|&r| st.b.resolve(self.store, r, &mut map))
            .collect();
        let store = &*self.store;
        match (name, args.len()) {
            ("msort", _) => sort_terms(store, &mut ts, false),
            ("sort", 2) => sort_terms(store, &mut ts, true),
            ("keysort", _) => {
                for (&t, &r) in ts.iter().zip(&items) {
                    match store.view(t) {
                        View::App(f, xs) if xs.len() == 2 && store.name(f) == "-" => {}
                        View::Var(_) => return Err(Err::Instantiation),
                        _ => return Err(Err::TypeTerm("pair", r)),
                    }
                }
                ts.sort_by(|&a, &b| compare_terms(store, store.args(a)[0], store.args(b)[0]));
            }
            _ => {
                // sort/4: Key 0 (the element), N (its N-th argument) or a list of them (a path of
                // arguments); Order one of @<, @=<, @>, @>= (SWI-Prolog's errors).
                let key = self.bound(st, args[0]).ok_or(Err::Instantiation)?;
                let path: Vec<usize> = match self.store.view(key.term) {
                    View::Int(0) => Vec::new(),
                    View::Int(i) if i > 0 => vec![i as usize],
                    View::Atom(k) if k != syms::NIL => {
                        // A dict key: knot has no dicts, so an element is never one.
                        return match items.first() {
                            Some(&e) => Err(Err::TypeTerm("dict", e)),
                            None => {
                                let nil = Ref::new(self.store.atom(syms::NIL), 0);
                                Ok(st.b.unify(self.store, out, nil, self.opts))
                            }
                        };
                    }
                    View::App(syms::CONS, _) => match self.proper_list(st, key) {
                        Ok(ks) => {
                            let mut p = Vec::new();
                            for k in ks {
                                match self.bound(st, k).map(|k| self.store.view(k.term)) {
                                    Some(View::Int(i)) if i > 0 => p.push(i as usize),
                                    _ => return Err(Err::TypeTerm("sort_key", key)),
                                }
                            }
                            p
                        }
                        Err(_) => return Err(Err::TypeTerm("sort_key", key)),
                    },
                    _ => return Err(Err::TypeTerm("sort_key", key)),
                };
                let order_ref = self.bound(st, args[1]).ok_or(Err::Instantiation)?;
                let order = match self.store.view(order_ref.term) {
                    View::Atom(o) => self.store.name(o).to_string(),
                    _ => return Err(Err::TypeTerm("atom", order_ref)),
                };
                if !matches!(order.as_str(), "@<" | "@=<" | "@>" | "@>=") {
                    return Err(Err::Domain("order", order_ref));
                }
                let mut keys: Vec<TermId> = Vec::with_capacity(items.len());
                for &item in &items {
                    let mut cur = item;
                    for &i in &path {
                        let t = match st.b.deref(self.store, cur) {
                            Deref::Unbound(_) => return Err(Err::Instantiation),
                            Deref::Term(t) => t,
                        };
                        match self.store.view(t.term) {
                            View::App(_, xs) if xs.len() >= i => {
                                cur = Ref::new(xs[i - 1], t.base);
                            }
                            View::App(..) => return Err(Err::ExistenceArg(i as i64, t)),
                            _ => return Err(Err::TypeTerm("compound", t)),
                        }
                    }
                    keys.push(st.b.resolve(self.store, cur, &mut map));
                }
                let store = &*self.store;
                let mut idx: Vec<usize> = (0..ts.len()).collect();
                let desc = order.starts_with("@>");
                idx.sort_by(|&i, &j| {
                    let o = compare_terms(store, keys[i], keys[j]);
                    if desc {
                        o.reverse()
                    } else {
                        o
                    }
                });
                if order == "@<" || order == "@>" {
                    idx.dedup_by(|a, b| {
                        compare_terms(store, keys[*a], keys[*b]) == Ordering::Equal
                    });
                }
                ts = idx.iter().map(|&i| ts[i]).collect();
            }
        }
        let l = self.store.list(&ts, None);
        let _ = syms::NIL;
        Ok(self.unify_mapped(st, out, l, &map))
    }
}
