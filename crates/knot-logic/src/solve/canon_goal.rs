//! Canonical form of a call, shared by the strategies that cache results per subgoal (`slg`, `recursive`).
//!
//! A call is canonicalized together with its environment (the hypotheses of `=>`) and the universes of
//! its variables: variables are renumbered in order of appearance, and the key is the goal itself when
//! the environment is empty and every variable is in the root universe, else
//! `'$key'(Goal, ['$env'(Hyp, Bound), ...], [Universe, ...])`. Two calls with the same key are variants.
//!
//! Universes are compressed as chalk's u-canonical form does: the universes the call mentions (of its
//! placeholders and of its variables) are renumbered `1, 2, ...` in order, so that a call under
//! `forall` that differs from an earlier one only by *which* fresh universe its placeholders live in is
//! the same key (`forall<X> { X: Bar if forall<Y> { Y: Bar } }` asks `!1: Bar`, then `!2: Bar`, ...:
//! one goal, a cycle). Answers are mapped back to the caller's universes by [`UniverseMap`].

use super::machine::{env_iter, Env, EnvNode, Hyp, Machine, State};
use super::StopReason;
use crate::term::unify::{Ref, VarKind, VarMap};
use crate::term::{syms, Store, TermId, View};
use std::rc::Rc;

/// A call in canonical numbering, before its environment is rebuilt (enough to look it up).
pub struct CanonCall {
    /// The lookup key (see the module documentation).
    pub key: TermId,
    /// The canonical goal (variables `Var(0..n)`).
    pub goal: TermId,
    /// The hypotheses, canonically numbered, with their `forall`-bound variables.
    hyps: Vec<(TermId, Vec<TermId>)>,
    /// Universe of each canonical variable.
    pub universes: Vec<u32>,
    /// Kind of each canonical variable (empty when all are general).
    pub kinds: Vec<VarKind>,
    /// Canonical variable `i` is the caller's slot `map.slots[i]`.
    pub map: VarMap,
    /// The caller's universe of each canonical universe.
    pub umap: UniverseMap,
}

/// The caller's universe of each canonical universe; `None` when they are the same.
pub type UniverseMap = Option<Rc<Universes>>;

/// How a call's canonical universes map back to its caller's.
#[derive(Debug)]
pub struct Universes {
    /// The caller's universe of canonical universe `k + 1` (universe 0 is the root in both).
    map: Box<[u32]>,
    /// The caller's universe when it made the call. A universe the callee created (one past those
    /// the call mentions) is the caller's next one past this, in order, as chalk maps a fresh
    /// universe to "a big enough one" (`map_universe_from_canonical`): never one of the caller's
    /// own placeholders.
    caller: u32,
}

impl Universes {
    /// The caller's universe of canonical universe `u` (> 0).
    fn to_caller(&self, u: u32) -> u32 {
        let n = self.map.len() as u32;
        if u <= n {
            self.map[u as usize - 1]
        } else {
            self.caller + (u - n)
        }
    }
}

/// Answers of a canonical goal as its caller sees them: placeholders renamed to the caller's universes.
pub fn answers_to_caller(
    store: &mut Store,
    umap: &UniverseMap,
    answers: Rc<[TermId]>,
) -> Rc<[TermId]> {
    match umap {
        Some(u) if answers.iter().any(|&t| store.max_universe(t) > 0) => answers
            .iter()
            .map(|&t| value_to_caller(store, u, t))
            .collect(),
        _ => answers,
    }
}

/// One answer value of a canonical goal with its placeholders renamed by `umap` (see [`UniverseMap`]).
pub fn value_to_caller(store: &mut Store, umap: &Universes, t: TermId) -> TermId {
    if store.max_universe(t) == 0 {
        return t;
    }
    store.map_placeholders(t, &mut |s, u, i| s.placeholder(umap.to_caller(u), i))
}

/// The placeholder universes in `t`, appended to `out` (possibly more than once each). Terms are
/// shared: past a few nodes, each distinct subterm is visited once, so a term whose tree is
/// exponentially larger than its graph (`Slot<Slot<T, T>, Slot<T, T>>` nested) costs its graph.
fn placeholder_universes(store: &Store, t: TermId, out: &mut Vec<u32>) {
    const SMALL: usize = 64;
    let mut stack = vec![t];
    let mut visits = 0usize;
    let mut seen: rustc_hash::FxHashSet<TermId> = Default::default();
    while let Some(x) = stack.pop() {
        if store.max_universe(x) == 0 {
            continue;
        }
        visits += 1;
        if visits > SMALL && !seen.insert(x) {
            continue;
        }
        match store.view(x) {
            View::Placeholder(u, _) => out.push(u),
            _ => stack.extend_from_slice(store.args(x)),
        }
    }
}

/// Renumber the universes the call mentions `1, 2, ...` in order (see the module documentation).
/// Returns the caller's universe of each canonical one, `None` when nothing changes.
fn compress_universes(
    store: &mut Store,
    goal: &mut TermId,
    hyps: &mut [(TermId, Vec<TermId>)],
    universes: &mut [u32],
    caller: u32,
) -> UniverseMap {
    let mut used: Vec<u32> = universes.iter().copied().filter(|&u| u > 0).collect();
    placeholder_universes(store, *goal, &mut used);
    for (h, _) in hyps.iter() {
        placeholder_universes(store, *h, &mut used);
    }
    used.sort_unstable();
    used.dedup();
    let caller = caller.max(used.last().copied().unwrap_or(0));
    if used.iter().enumerate().all(|(k, &u)| u == k as u32 + 1) {
        if caller <= used.len() as u32 {
            return None;
        }
        return Some(Rc::new(Universes {
            map: used.into(),
            caller,
        }));
    }
    let rank = |u: u32| -> u32 {
        if u == 0 {
            0
        } else {
            used.binary_search(&u).map_or(u, |k| k as u32 + 1)
        }
    };
    let rename =
        |s: &mut Store, t: TermId| s.map_placeholders(t, &mut |s, u, i| s.placeholder(rank(u), i));
    *goal = rename(store, *goal);
    for (h, _) in hyps.iter_mut() {
        *h = rename(store, *h);
    }
    for u in universes.iter_mut() {
        *u = rank(*u);
    }
    Some(Rc::new(Universes {
        map: used.into(),
        caller,
    }))
}

/// Everything needed to evaluate a canonical goal on its own.
#[derive(Debug, Clone)]
pub struct CanonGoal {
    /// The lookup key.
    pub key: TermId,
    /// The goal, variables `Var(0..nvars)`.
    pub goal: TermId,
    /// Its environment, in canonical numbering (slot `k` = variable `k`).
    pub env: Env,
    /// How many variables.
    pub nvars: u32,
    /// Universe of each variable.
    pub universes: Vec<u32>,
    /// Kind of each variable (empty when all are general).
    pub kinds: Vec<VarKind>,
    /// Highest universe mentioned.
    pub universe: u32,
}

/// The size of a call for truncation: its largest argument, in nodes; an argument that is a goal of
/// the program is measured by its own largest argument, and a goal nested deeper inside an argument
/// (a trait reference in a projection) adds no node of its own (see [`Limits::max_term_size`]).
///
/// [`Limits::max_term_size`]: super::Limits::max_term_size
fn call_size(store: &Store, program: &crate::program::Program, goal: TermId, limit: u32) -> u32 {
    if store.size(goal) <= limit {
        return store.size(goal);
    }
    largest_type(store, program, goal, &|a, is_goal| {
        measured_size(store, a, is_goal)
    })
}

/// How [`largest_type`] measures one type, given the test for a nested goal.
type TypeSize<'a> = dyn Fn(TermId, &dyn Fn(TermId) -> bool) -> u32 + 'a;

/// The largest `size` of the types a goal's arguments hold (an argument that is a goal itself is
/// looked into): chalk measures each outermost type on its own. `size` is given the test for a
/// nested goal. Iterative.
fn largest_type(
    store: &Store,
    program: &crate::program::Program,
    goal: TermId,
    size: &TypeSize<'_>,
) -> u32 {
    let is_goal = |t: TermId| {
        store
            .functor(t)
            .is_some_and(|p| p.1 > 0 && program.is_known(p))
    };
    let mut largest = 0;
    let mut stack = vec![goal];
    while let Some(t) = stack.pop() {
        for &a in store.args(t) {
            if is_goal(a) {
                stack.push(a);
                continue;
            }
            largest = largest.max(size(a, &is_goal));
        }
    }
    largest
}

/// The size of an environment hypothesis for truncation: chalk measures a subgoal together with its
/// environment, each outermost type on its own, so a hypothesis with a large type truncates every
/// call made under it. A variable the hypothesis defines by the vocabulary's `alias_eq(A(Tr, Item),
/// V)` (a projection the lowering named) counts as chalk's projection type: one node and the trait
/// reference's parameters.
fn hyp_size(store: &Store, program: &crate::program::Program, hyp: TermId) -> u32 {
    let mut t = hyp;
    while let View::App(syms::FORALL, [_, body]) = store.view(t) {
        t = *body;
    }
    let (head, body) = match store.view(t) {
        View::App(syms::NECK, [h, b]) => (*h, Some(*b)),
        _ => (t, None),
    };
    // The projections the body names: variable -> its size as a projection type.
    let mut aliases: Vec<(TermId, u32)> = Vec::new();
    let mut conj = body.into_iter().collect::<Vec<_>>();
    while let Some(g) = conj.pop() {
        match store.view(g) {
            View::App(syms::COMMA, [a, b]) => conj.extend([*a, *b]),
            View::App(f, [assoc, v]) if Some(f) == store.roles().alias_eq => {
                if let (View::Var(_), View::App(_, [tr, _])) = (store.view(*v), store.view(*assoc))
                {
                    let params: u32 = store
                        .args(*tr)
                        .iter()
                        .map(|&a| measured_size(store, a, &|_| false))
                        .sum();
                    aliases.push((*v, 1 + params));
                }
            }
            _ => {}
        }
    }
    largest_type(store, program, head, &|a, is_goal| {
        let mut size = measured_size(store, a, is_goal);
        if !aliases.is_empty() {
            let mut inner = vec![a];
            while let Some(x) = inner.pop() {
                if let Some(&(_, k)) = aliases.iter().find(|(v, _)| *v == x) {
                    size = size.saturating_add(k - 1);
                }
                inner.extend_from_slice(store.args(x));
            }
        }
        size
    })
}

/// The size of `t` for truncation: its nodes, not counting those `skip` names (goals nested in an
/// argument), region wrappers ([`syms::REGION`]), outlives pairs, nor the cells of lists (a list is how an encoding groups a variable number of parts,
/// such as a `dyn` type's bounds: not a level of the term a user wrote). Iterative.
pub fn measured_size(store: &Store, t: TermId, skip: &dyn Fn(TermId) -> bool) -> u32 {
    // An existential's bound (the vocabulary's `existential_bound`, `B('Tr'(Self, P..), Binds)`) counts as chalk counts its where-clauses:
    // the self type and parameters of the trait reference (neither the wrapper nor the reference is a
    // node of the type), and each binding `Eq(Item, V)` as a projection on the same reference
    // (`Eq` and `Item` for the alias, then the reference's self type and parameters, then `V`).
    let bound = store.roles().existential_bound.map(|b| (b, 2));
    // A function pointer `P(Args, Ret)` (or `P(Sig, Args, Ret)`, the vocabulary's `fn_ptr`) counts as
    // chalk counts it: one node and its argument and return types (the tuple or `variadic` grouping the
    // arguments and the signature are encoding).
    let fn_sym = store.roles().fn_ptr;
    let variadic = store.roles().variadic;
    let mut n = 0u32;
    let mut inner = vec![t];
    while let Some(x) = inner.pop() {
        let f = store.functor(x);
        if let (Some((fs, k @ (2 | 3))), Some(fn_s)) = (f, fn_sym) {
            if fs == fn_s {
                if !skip(x) {
                    n = n.saturating_add(1);
                }
                let args = store.args(x);
                let (mut params, ret) = (args[k as usize - 2], args[k as usize - 1]);
                if variadic.is_some() && store.functor(params).map(|p| p.0) == variadic {
                    params = store.args(params)[0];
                }
                inner.extend_from_slice(store.args(params));
                inner.push(ret);
                continue;
            }
        }
        // A binder `'$for'(N, T)` is encoding (chalk's binders are no node), a bound lifetime
        // `'$bv'(D, I)` one node.
        if f == Some((syms::BINDER, 2)) {
            inner.push(store.args(x)[1]);
            continue;
        }
        if f == Some((syms::BOUND, 2)) {
            n = n.saturating_add(1);
            continue;
        }
        if f.is_some() && f == bound {
            let args = store.args(x);
            let tr_args = store.args(args[0]);
            inner.extend_from_slice(tr_args);
            let mut binds = args[1];
            while store.functor(binds) == Some((syms::CONS, 2)) {
                let cell = store.args(binds);
                inner.push(cell[0]);
                inner.extend_from_slice(tr_args);
                binds = cell[1];
            }
            continue;
        }
        // Region wrappers and outlives pairs are encoding too: a lifetime counts as one node.
        let cell = matches!(store.view(x), View::Atom(syms::NIL))
            || matches!(
                f,
                Some((syms::CONS, 2) | (syms::REGION, 1) | (syms::OUTLIVES, 2))
            );
        if !skip(x) && !cell {
            n = n.saturating_add(1);
        }
        inner.extend_from_slice(store.args(x));
    }
    n
}

/// Whether a call the query itself makes (`from_query`) in `st` is the query's one goal, under its
/// quantifiers and hypotheses (`called`: the query has made a call before; updated): chalk's root
/// table, which is not truncated by its environment (see [`canonicalize_call`]).
pub fn is_root_goal(from_query: bool, st: &State, called: &mut bool) -> bool {
    let root = from_query && st.goals.is_none() && !*called;
    *called |= from_query;
    root
}

/// Canonicalize `goal` (called under `env` in `st`; `root_goal`: the query is this one call, under
/// its quantifiers and hypotheses). `None` when the goal (or, but for the root goal, a hypothesis
/// of its environment) is larger than `max_term_size` (truncated) or nested deeper than `max_term_depth` (the search is halted with
/// [`StopReason::TermDepth`]).
pub fn canonicalize_call(
    m: &mut Machine<'_>,
    st: &State,
    goal: Ref,
    env: &Env,
    root_goal: bool,
) -> Option<CanonCall> {
    let mut map = VarMap::new();
    let mut goal_c = st.b.resolve(m.store, goal, &mut map);
    let mut hyps = Vec::new();
    for h in env_iter(env) {
        let term = st.b.resolve(m.store, Ref::new(h.term, 0), &mut map);
        let bound: Vec<TermId> = h.bound.iter().map(|&s| m.store.var(map.index(s))).collect();
        hyps.push((term, bound));
    }
    // (A query that is one call, under its quantifiers and hypotheses, is chalk's root table,
    // which is not truncated: its test harness peels those off the goal. The calls of a query
    // that is a conjunction are subgoals of the root table.)
    if m.limits.max_term_size.is_some_and(|n| {
        call_size(m.store, m.program, goal_c, n) > n
            || (!root_goal
                && hyps
                    .iter()
                    .any(|(h, _)| hyp_size(m.store, m.program, *h) > n))
    }) {
        // Truncated, as chalk's SLG does above its maximum term size: the subgoal is floundered (the
        // branch goes on past it, tainted: its answer is ambiguous, with what the branch found).
        m.truncated_call = true;
        return None;
    }
    if m.store.depth(goal_c) > m.limits.max_term_depth {
        // Deeper than the term-depth limit: the machine goes on past the call with the branch
        // tainted (its answers become ambiguous; if a later conjunct fails, the branch fails for
        // certain), and the limit is named in the answer.
        m.truncated_call = true;
        m.out
            .truncated_by
            .get_or_insert(StopReason::TermDepth(m.limits.max_term_depth));
        return None;
    }
    let mut universes: Vec<u32> = map.slots.iter().map(|&s| st.b.universe(s)).collect();
    let umap = compress_universes(m.store, &mut goal_c, &mut hyps, &mut universes, st.universe);
    let mut kinds: Vec<VarKind> = map.slots.iter().map(|&s| st.b.kind(s)).collect();
    if kinds.iter().all(|&k| k == VarKind::General) {
        kinds.clear();
    }
    let key = if hyps.is_empty() && universes.iter().all(|&u| u == 0) && kinds.is_empty() {
        goal_c
    } else {
        let mut hs = Vec::with_capacity(hyps.len());
        for (t, b) in &hyps {
            let bl = m.store.list(b, None);
            hs.push(m.store.app(syms::ENV, &[*t, bl]));
        }
        let env_l = m.store.list(&hs, None);
        let us: Vec<TermId> = universes.iter().map(|&u| m.store.int(u as i64)).collect();
        let us = m.store.list(&us, None);
        if kinds.is_empty() {
            m.store.app(syms::KEY, &[goal_c, env_l, us])
        } else {
            // Integer and float variables: a call about `{integer}` is not one about `?T`.
            let ks: Vec<TermId> = kinds.iter().map(|&k| m.store.int(k as i64)).collect();
            let ks = m.store.list(&ks, None);
            m.store.app(syms::KEY, &[goal_c, env_l, us, ks])
        }
    };
    Some(CanonCall {
        key,
        goal: goal_c,
        hyps,
        universes,
        kinds,
        map,
        umap,
    })
}

impl CanonCall {
    /// The canonical goal, with its environment rebuilt in canonical numbering, and the variable map.
    pub fn into_goal(self, store: &mut Store) -> (CanonGoal, VarMap) {
        let mut env_c: Env = None;
        for (term, bound) in self.hyps.into_iter().rev() {
            let bound: Rc<[u32]> = bound
                .iter()
                .filter_map(|&v| match store.view(v) {
                    View::Var(i) => Some(i),
                    _ => None,
                })
                .collect();
            env_c = Some(Rc::new(EnvNode {
                hyp: Hyp { term, bound },
                next: env_c,
            }));
        }
        let universe = store
            .max_universe(self.key)
            .max(self.universes.iter().copied().max().unwrap_or(0));
        (
            CanonGoal {
                key: self.key,
                goal: self.goal,
                env: env_c,
                nvars: self.map.len() as u32,
                universes: self.universes,
                kinds: self.kinds,
                universe,
            },
            self.map,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A term whose tree doubles at each level (`s(X, X)` nested 64 deep: 2^64 leaves) but whose
    /// graph has 65 nodes: its placeholder universes are found by visiting the graph.
    #[test]
    fn universes_of_a_shared_term_visit_its_graph() {
        let mut store = Store::new();
        let s = store.sym("s");
        let mut t = store.placeholder(3, 0);
        for _ in 0..64 {
            t = store.app(s, &[t, t]);
        }
        let mut out = Vec::new();
        placeholder_universes(&store, t, &mut out);
        out.sort_unstable();
        out.dedup();
        assert_eq!(out, vec![3]);
    }
}
