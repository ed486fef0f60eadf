//! Which predicates the Datalog sub-engine may answer: a predicate whose every clause, and every
//! clause of every predicate it calls, is pure Datalog — arguments that are variables, integers or
//! atoms; bodies that are conjunctions of calls to predicates of the program (no built-in, control
//! construct, negation, foreign, coinductive or non-enumerable predicate); every head variable
//! occurring in the body (so answers are ground). Predicates with rules must be tabled (an untabled
//! one is resolved depth-first, and may not terminate where the least model is finite); predicates
//! with facts only are extensional and become relations directly.

use super::eval::Arg;
use super::rel::Rel;
use crate::program::{Pred, Program};
use crate::term::{Store, TermId, View};
use rustc_hash::{FxHashMap, FxHashSet};

/// A clause as a rule over predicates.
pub struct SRule {
    pub head: Vec<Arg>,
    pub body: Vec<(Pred, Vec<Arg>)>,
    pub nvars: u32,
}

/// A predicate and everything it calls, all pure Datalog.
pub struct Closure {
    /// Predicates with rules, and their clauses.
    pub idb: FxHashMap<Pred, Vec<SRule>>,
    /// Predicates with facts only.
    pub edb: Vec<Pred>,
}

/// A term as a rule argument: a variable or an atomic constant.
pub fn arg(store: &Store, t: TermId) -> Option<Arg> {
    match store.view(t) {
        View::Var(v) => Some(Arg::Var(v)),
        View::Int(_) | View::Atom(_) => Some(Arg::Const(t.0)),
        _ => None,
    }
}

fn atom(store: &Store, t: TermId) -> Option<(Pred, Vec<Arg>)> {
    match store.view(t) {
        View::Atom(s) => Some(((s, 0), Vec::new())),
        View::App(f, args) => {
            let a = args
                .iter()
                .map(|&x| arg(store, x))
                .collect::<Option<Vec<Arg>>>()?;
            Some(((f, args.len() as u32), a))
        }
        _ => None,
    }
}

/// May a call of `p` be answered from the program's clauses as a relation?
fn callable(store: &Store, program: &Program, p: Pred) -> bool {
    let name = store.name(p.0);
    p.1 <= 64
        && !name.starts_with('$')
        && !crate::solve::machine::builtins::is_builtin(name, p.1)
        && !crate::program::is_control(p.0, p.1)
        && !matches!(
            (name, p.1),
            ("true", 0) | ("fail", 0) | ("false", 0) | ("!", 0) | ("call", _) | ("not", 1)
        )
        && !program.foreign.0.contains_key(&p)
        && !program.coinductive.contains(&p)
        && !program.non_enumerable.contains(&p)
        && (!program.clauses_of(p).is_empty() || program.declared.contains(&p))
}

/// The clause bodies' goals, `true` left out.
fn body_goals<'a>(store: &'a Store, body: &'a [TermId]) -> impl Iterator<Item = TermId> + 'a {
    body.iter()
        .copied()
        .filter(move |&g| !matches!(store.view(g), View::Atom(s) if store.name(s) == "true"))
}

/// The facts of an extensional predicate as a relation (the rows the program tracked while loading);
/// `None` when a fact is not ground and atomic.
pub fn edb_rel(store: &Store, program: &Program, p: Pred, col: Option<usize>) -> Option<Rel> {
    let runs = program.fact_rows(store, p)?;
    if p.1 == 0 {
        let mut rel = Rel::new(0);
        rel.push_rows(std::iter::empty(), program.clauses_of(p).len());
        rel.freeze();
        return Some(rel);
    }
    let runs: Vec<&[TermId]> = runs.collect();
    Some(Rel::frozen_from_runs(p.1 as usize, &runs, col))
}

/// The rules of `p`, if each is pure Datalog and range-restricted.
fn rules(store: &Store, program: &Program, p: Pred) -> Option<Vec<SRule>> {
    let mut out = Vec::new();
    for &c in program.clauses_of(p) {
        let cl = program.clause(c);
        let (_, head) = atom(store, cl.head)?;
        let body = body_goals(store, cl.body())
            .map(|g| atom(store, g))
            .collect::<Option<Vec<_>>>()?;
        let in_body: FxHashSet<u32> = body
            .iter()
            .flat_map(|(_, a)| a.iter())
            .filter_map(|a| match a {
                Arg::Var(v) => Some(*v),
                Arg::Const(_) => None,
            })
            .collect();
        if head
            .iter()
            .any(|a| matches!(a, Arg::Var(v) if !in_body.contains(v)))
        {
            return None;
        }
        let nvars = head
            .iter()
            .chain(body.iter().flat_map(|(_, a)| a.iter()))
            .filter_map(|a| match a {
                Arg::Var(v) => Some(v + 1),
                Arg::Const(_) => None,
            })
            .max()
            .unwrap_or(0);
        out.push(SRule { head, body, nvars });
    }
    Some(out)
}

/// The closure of `p` if it is pure Datalog (see the module's text).
pub fn closure(store: &Store, program: &Program, table_all: bool, p: Pred) -> Option<Closure> {
    let mut cl = Closure {
        idb: FxHashMap::default(),
        edb: Vec::new(),
    };
    let mut seen = FxHashSet::default();
    seen.insert(p);
    let mut work = vec![p];
    while let Some(q) = work.pop() {
        if !callable(store, program, q) {
            return None;
        }
        if !program.has_rules(q) {
            cl.edb.push(q);
            continue;
        }
        if !(table_all || program.is_tabled(q)) {
            return None;
        }
        let rs = rules(store, program, q)?;
        for (b, _) in rs.iter().flat_map(|r| r.body.iter()) {
            if seen.insert(*b) {
                work.push(*b);
            }
        }
        cl.idb.insert(q, rs);
    }
    Some(cl)
}
