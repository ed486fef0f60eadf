//! Mode-directed tabling (answer subsumption, as SWI-Prolog documents it): a table declared
//! `:- table path(_, _, min)` keeps, per binding of its indexed arguments (`_`, `index`, `+`),
//! one answer whose moded arguments aggregate every answer derived for that binding (`min`,
//! `max`, `first`, `last`, `sum`, `lattice(PI)`: `call(PI, Old, New, Joined)`, `po(PI)`: the old
//! value stays while `call(PI, Old, New)` holds).
//!
//! The table's answer set stays append-only: an improved answer is added and the one it replaces
//! marked superseded; consumers inside the evaluation may still be fed a superseded answer (what
//! they derive from it is subsumed in turn), and the table is compacted to the live answers when
//! it completes. The query itself waits for the table's completion (`Table::recall`), so it
//! never sees a superseded answer.

use crate::program::{Program, TableMode};
use crate::solve::answers::AnswerSet;
use crate::solve::machine::builtins::arith::{add, Num};
use crate::solve::machine::builtins::compare_terms;
use crate::solve::machine::Machine;
use crate::solve::Goal;
use crate::term::{Store, TermId, View};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Ordering;

/// The aggregation state of one mode-directed table.
#[derive(Debug, Default)]
pub struct Moded {
    /// The answer positions (the canonical goal's variables) of the moded arguments, with their
    /// modes.
    vars: Vec<(usize, TableMode)>,
    /// The live answer of each binding of the other positions.
    best: FxHashMap<Box<[TermId]>, usize>,
    /// Superseded answers.
    pub dead: FxHashSet<usize>,
}

/// The aggregation state for a table of `goal` (canonical), when its predicate is mode-directed
/// and each moded argument is a variable of its own in the call.
pub fn for_goal(store: &Store, program: &Program, goal: TermId) -> Option<Box<Moded>> {
    if program.table_modes.is_empty() {
        return None;
    }
    let pred = store.functor(goal)?;
    let modes = program.table_modes.get(&pred)?;
    let args = store.args(goal);
    let mut vars = Vec::new();
    for (i, m) in modes.iter().enumerate() {
        if *m == TableMode::Index {
            continue;
        }
        let View::Var(k) = store.view(*args.get(i)?) else {
            // Bound in the call: a variant table of that value.
            continue;
        };
        let shared = args
            .iter()
            .enumerate()
            .any(|(j, &a)| j != i && store.var_count(a) > 0 && mentions(store, a, k));
        if shared {
            return None;
        }
        vars.push((k as usize, *m));
    }
    (!vars.is_empty()).then(|| {
        Box::new(Moded {
            vars,
            ..Moded::default()
        })
    })
}

fn mentions(store: &Store, t: TermId, k: u32) -> bool {
    let mut stack = vec![t];
    while let Some(t) = stack.pop() {
        match store.view(t) {
            View::Var(v) if v == k => return true,
            View::App(_, a) => stack.extend_from_slice(a),
            _ => {}
        }
    }
    false
}

impl Moded {
    fn key(&self, ans: &[TermId]) -> Box<[TermId]> {
        ans.iter()
            .enumerate()
            .filter(|(i, _)| !self.vars.iter().any(|(k, _)| k == i))
            .map(|(_, &v)| v)
            .collect()
    }

    /// What to record for a new answer `ans`: `None` when it changes nothing; otherwise the
    /// answer to add and the one it supersedes.
    pub fn merge(
        &self,
        m: &mut Machine<'_>,
        answers: &AnswerSet,
        ans: &[TermId],
    ) -> Option<(Vec<TermId>, Option<usize>)> {
        let Some(&old) = self.best.get(&self.key(ans)) else {
            return Some((ans.to_vec(), None));
        };
        let before = answers.get(old).to_vec();
        let mut joined = before.clone();
        for &(k, mode) in &self.vars {
            joined[k] = join(m, mode, before[k], ans[k])?;
        }
        (joined != before).then_some((joined, Some(old)))
    }

    /// `vals` was recorded as answer `idx`, superseding `old`.
    pub fn recorded(&mut self, vals: &[TermId], idx: usize, old: Option<usize>) {
        if let Some(o) = old {
            self.dead.insert(o);
        }
        self.best.insert(self.key(vals), idx);
    }

    /// The live answers (the table once complete).
    pub fn compact(&self, answers: &AnswerSet) -> AnswerSet {
        let mut out = AnswerSet::new(answers.width());
        for i in (0..answers.len()).filter(|i| !self.dead.contains(i)) {
            out.insert(answers.get(i));
        }
        out
    }
}

/// The aggregate of an old and a new value under `mode` (`None`: keep the old one).
fn join(m: &mut Machine<'_>, mode: TableMode, old: TermId, new: TermId) -> Option<TermId> {
    let store = &*m.store;
    Some(match mode {
        TableMode::Index | TableMode::First => old,
        TableMode::Last => new,
        TableMode::Min => match compare_terms(store, new, old) {
            Ordering::Less => new,
            _ => old,
        },
        TableMode::Max => match compare_terms(store, new, old) {
            Ordering::Greater => new,
            _ => old,
        },
        TableMode::Sum => {
            let s = add(Num::of(store, old)?, Num::of(store, new)?)?;
            s.term(m.store)
        }
        TableMode::Lattice(f) => {
            let x = m.store.var(0);
            let g = m.store.app(f, &[old, new, x]);
            first_value(m, g, 1)?
        }
        TableMode::Po(f) => {
            let g = m.store.app(f, &[old, new]);
            match first_value(m, g, 0) {
                Some(_) => old,
                None => new,
            }
        }
    })
}

/// The first answer of `goal` (its first variable's value, or the goal itself when it has none),
/// by a nested search under the caller's remaining limits.
fn first_value(m: &mut Machine<'_>, goal: TermId, nvars: u32) -> Option<TermId> {
    let limits = m.remaining_limits();
    let g = Goal { term: goal, nvars };
    let (found, _) = crate::solve::first_answer(m.store, m.program, &g, &limits);
    let vals = found?;
    Some(if nvars == 0 { goal } else { *vals.first()? })
}
