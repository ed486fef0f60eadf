//! The Datalog sub-engine of `slg`: a tabled call to a predicate whose closure is pure Datalog
//! (`analysis.rs`) is answered by semi-naive bottom-up evaluation (`eval.rs`) of the closure's
//! magic-set rewriting for the call (`magic.rs`), with hash joins over indexed relations (`rel.rs`),
//! instead of resolution step by step. SLG keeps its semantics at the boundary: the answers become
//! the call's table, complete from the start (a pure Datalog closure calls no table outside it, so
//! it depends on nothing incomplete), and consumers, negation and the cache of completed tables see
//! an ordinary complete table. Step, time, memory and cancellation limits are checked per row a
//! join visits (`Machine::tick`); a search stopped there is stopped as any other. `--stats` counts
//! the tables made this way and the rows they derived.

mod analysis;
mod eval;
mod magic;
mod pages;
mod radix;
mod rel;

/// A deterministic xorshift generator for this module's tests: each call `next(m)` gives a number
/// below `m`.
#[cfg(test)]
fn test_rng(seed: u64) -> impl FnMut(u32) -> u32 {
    let mut x = seed;
    move |m| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % u64::from(m)) as u32
    }
}

use super::answers::{record_distinct, AnswerSet};
use super::machine::Machine;
use crate::program::{Generation, Pred};
use crate::term::{TermId, View};
use analysis::Closure;
use eval::{Arg, Eval};
use magic::RelKey;
use rel::Rel;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What the sub-engine keeps across calls over one program: which predicates are pure Datalog, the
/// relations (the facts', with the indexes built on them, shared by every evaluation), and each
/// evaluation by call pattern (predicate, bound arguments), so that calls differing only in their
/// constants share one fixpoint: each adds its magic fact and resumes it.
#[derive(Default)]
pub struct Cache {
    program: Option<Generation>,
    table_all: bool,
    closures: FxHashMap<Pred, Option<Rc<Closure>>>,
    rels: Vec<Rel>,
    edb: FxHashMap<Pred, usize>,
    evals: FxHashMap<(Pred, u64), Evaluation>,
}

/// One call pattern's evaluation.
struct Evaluation {
    eval: Eval,
    /// The magic relation a call's bound arguments go into.
    seed: Option<usize>,
    /// The bound positions of the seed row, in the call (empty when the pattern is evaluated whole).
    seed_mask: u64,
    /// The relation of the answers.
    query: usize,
}

impl Cache {
    fn for_program(&mut self, g: Generation, table_all: bool) {
        if self.program != Some(g) || self.table_all != table_all {
            *self = Cache {
                program: Some(g),
                table_all,
                ..Cache::default()
            };
        }
    }

    /// The relation of an extensional predicate's facts, stored in the order of column `col()` when
    /// it is made here (a relation made for an earlier call pattern is shared as it is); `None` when
    /// a fact is not ground and atomic.
    fn edb(
        &mut self,
        m: &Machine<'_>,
        q: Pred,
        col: impl FnOnce() -> Option<usize>,
    ) -> Option<usize> {
        if let Some(&r) = self.edb.get(&q) {
            return Some(r);
        }
        let rel = analysis::edb_rel(m.store, m.program, q, col())?;
        self.rels.push(rel);
        self.edb.insert(q, self.rels.len() - 1);
        Some(self.rels.len() - 1)
    }

    /// The evaluation of `p` for calls binding the positions of `alpha`, set up if new.
    fn evaluation(
        &mut self,
        m: &Machine<'_>,
        closure: &Closure,
        p: Pred,
        call: &[Arg],
        alpha: u64,
    ) -> Option<&mut Evaluation> {
        if !self.evals.contains_key(&(p, alpha)) {
            let rw = magic::rewrite(closure, p, call);
            let mut global = Vec::with_capacity(rw.keys.len());
            for (k, key) in rw.keys.iter().enumerate() {
                global.push(match *key {
                    RelKey::Edb(q) => self.edb(m, q, || eval::first_probe_column(&rw.rules, k))?,
                    _ => {
                        self.rels.push(Rel::new(rw.arity(k)));
                        self.rels.len() - 1
                    }
                });
            }
            let mut rules = rw.rules;
            for r in &mut rules {
                r.head.rel = global[r.head.rel];
                for a in &mut r.body {
                    a.rel = global[a.rel];
                }
            }
            let seed_mask = match rw.seed.as_ref().map(|(r, _)| rw.keys[*r]) {
                Some(RelKey::Magic(_, mask)) => mask,
                _ => 0,
            };
            let eval = Eval::new(rules);
            self.evals.insert(
                (p, alpha),
                Evaluation {
                    eval,
                    seed: rw.seed.map(|(r, _)| global[r]),
                    seed_mask,
                    query: global[rw.query],
                },
            );
        }
        self.evals.get_mut(&(p, alpha))
    }
}

/// The answers of the canonical call `goal` (its variables numbered `0..nvars` in order of first
/// occurrence), when its predicate's closure is pure Datalog; `None` otherwise (SLG resolves it).
pub fn answer(
    cache: &mut Cache,
    m: &mut Machine<'_>,
    goal: TermId,
    nvars: u32,
    table_all: bool,
) -> Option<AnswerSet> {
    cache.for_program(m.program.generation(), table_all);
    let p = m.store.functor(goal)?;
    let call = match m.store.view(goal) {
        View::Atom(_) => Vec::new(),
        View::App(_, args) => args
            .iter()
            .map(|&a| analysis::arg(m.store, a))
            .collect::<Option<Vec<Arg>>>()?,
        _ => return None,
    };
    let closure = match cache.closures.get(&p) {
        Some(c) => c.clone()?,
        None => {
            let c = analysis::closure(m.store, m.program, table_all, p).map(Rc::new);
            cache.closures.insert(p, c.clone());
            c?
        }
    };
    let consts: Vec<(usize, u32)> = call
        .iter()
        .enumerate()
        .filter_map(|(i, a)| match a {
            Arg::Const(c) => Some((i, *c)),
            Arg::Var(_) => None,
        })
        .collect();
    let alpha = consts.iter().fold(0u64, |m, &(i, _)| m | 1 << i);
    let Some(ev) = cache.evaluation(m, &closure, p, &call, alpha) else {
        cache.closures.insert(p, None);
        return None;
    };
    let (seed, seed_mask, query) = (ev.seed, ev.seed_mask, ev.query);
    let mut eval = std::mem::replace(&mut ev.eval, Eval::new(Vec::new()));
    let rels = &mut cache.rels;
    if let Some(r) = seed {
        let row: Vec<u32> = consts
            .iter()
            .filter(|(i, _)| seed_mask & (1 << i) != 0)
            .map(|&(_, c)| c)
            .collect();
        rels[r].insert(&row);
    }
    let before: u64 = rels.iter().map(|r| r.len() as u64).sum();
    let done = eval.run(rels, &mut |bytes| {
        if bytes == 0 {
            m.tick()
        } else {
            m.room_for(bytes)
        }
    });
    let after: u64 = rels.iter().map(|r| r.len() as u64).sum();
    m.out.stats.datalog_tables += 1;
    m.out.stats.datalog_rows += after - before;
    // The call's answers: the rows of its constants (an index probe), its variables in order.
    let key: Vec<u32> = consts.iter().map(|&(_, c)| c).collect();
    // Stopped by a limit (the memory budget, most often: a join deriving billions of rows): its
    // partial rows are not copied into a table, which would hold them twice past the budget.
    let rows: Vec<u32> = if !done {
        Vec::new()
    } else if alpha == 0 {
        (0..rels[query].len() as u32).collect()
    } else {
        let ix = rels[query].index(alpha);
        rels[query].probe(ix, &key).to_vec()
    };
    // A table's tuples are the call's variables and then its region constraints (none here: a
    // Datalog closure has no lifetimes), as every SLG table's are.
    let mut set = AnswerSet::for_goal(nvars);
    let mut vals = vec![TermId(0); set.width()];
    vals[nvars as usize] = m.store.atom(crate::term::syms::NIL);
    let mut got = vec![false; nvars as usize];
    'rows: for &i in &rows {
        let row = rels[query].row(i);
        got.iter_mut().for_each(|g| *g = false);
        for (c, a) in call.iter().enumerate() {
            match *a {
                Arg::Const(k) if row[c] != k => continue 'rows,
                Arg::Const(_) => {}
                Arg::Var(v) if !got[v as usize] => {
                    vals[v as usize] = TermId(row[c]);
                    got[v as usize] = true;
                }
                Arg::Var(v) if vals[v as usize] != TermId(row[c]) => continue 'rows,
                Arg::Var(_) => {}
            }
        }
        // Distinct rows give distinct tuples (a row is its tuple with the call's constants), and the
        // table is frozen before anything else is added.
        if !record_distinct(m, &mut set, &vals) && m.stopped() {
            break;
        }
    }
    if done {
        if let Some(ev) = cache.evals.get_mut(&(p, alpha)) {
            ev.eval = eval;
        }
    } else {
        // Stopped inside a round: the relations are not a fixpoint of anything; start afresh.
        let (g, t) = (cache.program, cache.table_all);
        *cache = Cache::default();
        cache.program = g;
        cache.table_all = t;
    }
    Some(set)
}
