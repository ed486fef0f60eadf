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
mod rel;

use super::answers::{record, AnswerSet};
use super::machine::Machine;
use crate::program::{Generation, Pred};
use crate::term::{TermId, View};
use analysis::Closure;
use eval::Arg;
use magic::RelKey;
use rel::Rel;
use rustc_hash::FxHashMap;
use std::rc::Rc;

/// What the sub-engine keeps across calls over one program: which predicates are pure Datalog, and
/// the extensional relations (with the indexes built on them).
#[derive(Default)]
pub(crate) struct Cache {
    program: Option<Generation>,
    table_all: bool,
    closures: FxHashMap<Pred, Option<Rc<Closure>>>,
    edb: FxHashMap<Pred, Rel>,
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
}

/// The answers of the canonical call `goal` (its variables numbered `0..nvars` in order of first
/// occurrence), when its predicate's closure is pure Datalog; `None` otherwise (SLG resolves it).
pub(crate) fn answer(
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
    let closure = cache
        .closures
        .entry(p)
        .or_insert_with(|| analysis::closure(m.store, m.program, table_all, p).map(Rc::new))
        .clone()?;
    for &q in &closure.edb {
        if !cache.edb.contains_key(&q) {
            let r = analysis::edb_rel(m.store, m.program, q);
            match r {
                Some(r) => {
                    cache.edb.insert(q, r);
                }
                None => {
                    cache.closures.insert(p, None);
                    return None;
                }
            }
        }
    }
    let rw = magic::rewrite(&closure, p, &call);
    let mut rels: Vec<Rel> = (0..rw.keys.len())
        .map(|k| match rw.keys[k] {
            RelKey::Edb(q) => cache.edb.remove(&q).expect("built above"),
            _ => Rel::new(rw.arity(k)),
        })
        .collect();
    if let Some((r, row)) = &rw.seed {
        rels[*r].insert(row);
    }
    let done = eval::run(&mut rels, &rw.rules, &mut || m.tick());
    m.out.stats.datalog_tables += 1;
    m.out.stats.datalog_rows += rels
        .iter()
        .zip(&rw.keys)
        .filter(|(_, k)| !matches!(k, RelKey::Edb(_)))
        .map(|(r, _)| r.len() as u64)
        .sum::<u64>();
    let mut set = AnswerSet::new(nvars as usize);
    let mut vals = vec![TermId(0); nvars as usize];
    let mut got = vec![false; nvars as usize];
    let ans = &rels[rw.query];
    'rows: for i in 0..ans.len() as u32 {
        let row = ans.row(i);
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
        if !record(m, &mut set, &vals) && m.stopped() {
            break;
        }
    }
    for (k, r) in rw.keys.iter().zip(rels) {
        if let RelKey::Edb(q) = k {
            cache.edb.insert(*q, r);
        }
    }
    let _ = done; // a stopped evaluation leaves the machine stopped: its answers are partial
    Some(set)
}
