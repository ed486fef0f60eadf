//! Predicates that no derivation can prove from the program's clauses alone.
//!
//! A lowered program has predicates whose every clause needs another of their kind:
//! `from_env('Sized'(X)) :- from_env('From'(X, T))`, and so on for each supertrait. They can hold
//! only through a hypothesis (`if (T: From<U>) { .. }`). Outside any hypothesis such a call is a
//! definite failure, yet tabling it costs a table and a completion per call, and with the std model
//! loaded a plain `S: Sized` opened 63 tables this way.
//!
//! [`compute`] finds them as the complement of the least fixpoint of "some clause has every body
//! goal possibly provable". It is conservative: a built-in, a control construct (negation,
//! disjunction, `->`, `call/N`), a foreign predicate, a predicate without clauses in a clause program
//! (the call raises an existence error), one that is declared coinductive (a cycle of coinductive
//! goals holds with no base case) or non-enumerable (a call on an unbound type flounders: unknown,
//! not false) counts as provable. (In a lowered program, a
//! predicate without clauses, such as `from_env_ty/1`, fails.)
//! The machine fails a call of an unprovable predicate at once, and only when the environment has
//! no hypotheses.

use crate::program::{is_control, Pred, Program};
use crate::term::{syms, Store, View};
use rustc_hash::{FxHashMap, FxHashSet};

/// The predicates with clauses that no derivation without hypotheses can prove.
/// `builtin(f)` says whether some built-in predicate is named `f` (any arity).
pub fn compute(
    store: &Store,
    program: &Program,
    builtin: &dyn Fn(crate::term::Sym) -> bool,
) -> FxHashSet<Pred> {
    let mut live: FxHashSet<Pred> = FxHashSet::default();
    let mut queue: Vec<Pred> = Vec::new();
    // For each clause still waiting: its head's predicate and how many of its body's predicates
    // are not yet known to be provable.
    let mut missing: Vec<(Pred, usize)> = Vec::new();
    let mut waiting: FxHashMap<Pred, Vec<usize>> = FxHashMap::default();
    let mut deps: Vec<Pred> = Vec::new();
    for pred in program.predicate_keys() {
        if may_hold_without_clauses(program, pred) {
            live.insert(pred);
            queue.push(pred);
            continue;
        }
        for &c in program.clauses_of(pred) {
            deps.clear();
            for &g in program.clause(c).body() {
                let Some(d) = analysed_call(store, program, builtin, g) else {
                    continue;
                };
                if !deps.contains(&d) {
                    deps.push(d);
                }
            }
            if deps.is_empty() {
                live.insert(pred);
                queue.push(pred);
                break;
            }
            let id = missing.len();
            missing.push((pred, deps.len()));
            for &d in &deps {
                waiting.entry(d).or_default().push(id);
            }
        }
    }
    while let Some(p) = queue.pop() {
        let Some(cs) = waiting.remove(&p) else {
            continue;
        };
        for id in cs {
            let (head, n) = &mut missing[id];
            *n -= 1;
            if *n == 0 && live.insert(*head) {
                queue.push(*head);
            }
        }
    }
    // Every predicate with clauses, and every one without clauses that a body calls, that is not
    // provable.
    program
        .predicate_keys()
        .chain(waiting.keys().copied())
        .filter(|p| !live.contains(p))
        .collect()
}

/// The predicate a body goal calls, when its provability is that predicate's: a plain call of a
/// predicate that is neither built in nor foreign. `None` for everything else, which
/// counts as provable.
fn analysed_call(
    store: &Store,
    program: &Program,
    builtin: &dyn Fn(crate::term::Sym) -> bool,
    g: crate::term::TermId,
) -> Option<Pred> {
    let (f, n) = match store.view(g) {
        View::App(f, args) => (f, args.len() as u32),
        View::Atom(f) => (f, 0),
        _ => return None,
    };
    if is_control(f, n) || f == syms::NAF || builtin(f) {
        return None;
    }
    let pred = (f, n);
    if program.foreign.0.contains_key(&pred) || may_hold_without_clauses(program, pred) {
        return None;
    }
    // A call of a predicate without clauses fails, unless it raises an existence error (clause
    // programs: ISO's `unknown` flag).
    if program.clauses_of(pred).is_empty() && program.dialect.unknown_error {
        return None;
    }
    Some(pred)
}

/// A coinductive predicate holds through a cycle with no base case; a non-enumerable one flounders
/// (an unknown, not a failure) when called on an unbound type, such as coherence's
/// `downstream_type(_)`.
fn may_hold_without_clauses(program: &Program, pred: Pred) -> bool {
    program.coinductive.contains(&pred) || program.non_enumerable.contains(&pred)
}
