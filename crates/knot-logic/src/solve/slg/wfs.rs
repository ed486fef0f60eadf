//! The well-founded semantics for clause programs whose tables negate each other
//! (a *negative cycle*: `p :- tnot(q). q :- tnot(p).`).
//!
//! A run of the ordinary engine decides a negation of a tabled goal once its table is complete.
//! When a table negates a table of its own strongly connected group, that cannot happen; the run
//! reports a negative cycle. The goal is then answered by the alternating fixpoint (Van Gelder's
//! construction of the well-founded model) over whole runs of the engine: in each run every
//! negation of a tabled goal is decided at once by an *interpretation* — which tables have an
//! answer, as the previous run found them — instead of waiting for the table, which is evaluated
//! all the same.
//!
//! - An *under* run decides `\+ t` true only when `t` had no answer in the previous *over* run
//!   (at first: never). What it derives is true in the well-founded model.
//! - An *over* run decides `\+ t` true when `t` had no answer in the previous *under* run. What it
//!   derives is true or undefined.
//!
//! Under runs only grow and over runs only shrink; when an under run finds what the one before it
//! found, the last over run is the model: an atom is true when the under run derives it,
//! undefined when only the over run does, false otherwise. The goal's output and answers are those
//! of that last over run, where an undefined atom succeeds and so does its negation, as XSB and
//! SWI-Prolog answer a goal that tests an undefined atom both ways; when an answer of it is not an
//! answer of the under run, the outcome says `negative_cycle` (undefined).
//!
//! A first run holds back its output and its first [`HOLD_ANSWERS`] answers, so that a goal can be
//! run again from the start when it finds a negative cycle; past them it commits to streaming
//! (and a negative cycle found later is reported as before: undefined, answers possibly missing).
//! A table whose answers depend on a decided negation is not kept in the cross-goal cache.

use super::{cacheable, run, Assumptions, TableCache};
use crate::program::Program;
use crate::solve::machine::builtins::write;
use crate::solve::{Answer, AnswerRef, Goal, Limits, OnAnswer, Outcome, StopReason};
use crate::term::{Store, TermId};
use rustc_hash::{FxHashMap, FxHashSet};
use std::ops::ControlFlow;

/// How a run decides negations of tabled goals: by whether the table has an answer.
pub(super) struct Interp {
    pub has: FxHashMap<TermId, bool>,
    /// For a table the interpretation does not know.
    pub default_has: bool,
    /// The goals of the tables earlier runs negated: the run evaluates them too.
    pub warm: Vec<(TermId, u32)>,
}

/// Which tables of a run had an answer.
#[derive(Default)]
pub(super) struct Seen {
    pub has: FxHashMap<TermId, bool>,
    /// The tables the run negated: key, goal, variables.
    pub negated: Vec<(TermId, TermId, u32)>,
}

/// Answers a first run holds back before it commits to streaming.
const HOLD_ANSWERS: usize = 256;

/// Clause programs with tables (not lowered programs: chalk's semantics keep their negative
/// cycles as they are) whose own clauses (not knot's library's) negate (`\+`, `tnot/1`): only
/// those can meet a negative cycle. The others answer, and write, as they go, without a run held
/// back.
pub(super) fn eligible(store: &Store, program: &Program, limits: &Limits) -> bool {
    program.dialect.unknown_error
        && !program.dialect.chalk_guidance
        && program.coinductive.is_empty()
        && (!program.tabled.is_empty() || limits.table_all)
        && program_negates(store, program)
}

/// Whether a clause read from the program's files (knot's library's clauses have no place in
/// them) has a negation in its body.
fn program_negates(store: &Store, program: &Program) -> bool {
    let library = crate::syntax::library::LISTS.0;
    program
        .clauses()
        .iter()
        .any(|c| c.span().is_some_and(|s| &*s.file != library) && negates(store, c.body_term))
}

/// Whether a goal has a negation (`\+`, or a call of `tnot/1` or `not/1`) anywhere in it.
fn negates(store: &Store, goal: TermId) -> bool {
    let mut stack = vec![goal];
    while let Some(g) = stack.pop() {
        match store.view(g) {
            crate::term::View::App(f, args) => {
                if f == crate::term::syms::NOT
                    || (args.len() == 1 && matches!(store.name(f), "tnot" | "not" | "$naf"))
                    || (args.len() == 2 && store.name(f) == "$naf")
                {
                    return true;
                }
                stack.extend_from_slice(args);
            }
            _ => continue,
        }
    }
    false
}

/// Write out held output and answers in order, up to the caller's stop.
fn release(
    store: &mut Store,
    items: Vec<(String, Answer)>,
    tail: &str,
    on_answer: &mut OnAnswer<'_>,
    out: &mut Outcome,
) {
    for (text, a) in items {
        write::emit_text(&text);
        let values: Vec<TermId> = store.args(a.values).to_vec();
        let r = AnswerRef {
            values: &values,
            ambiguous: a.ambiguous,
        };
        if on_answer(store, r).is_break() {
            out.stopped_by_caller = true;
            return;
        }
    }
    write::emit_text(tail);
}

/// One run holding back its output and answers.
#[allow(clippy::too_many_arguments)]
fn held_run(
    store: &mut Store,
    program: &Program,
    goal: &Goal,
    limits: &Limits,
    known: &FxHashMap<TermId, crate::solve::answers::AnswerSet>,
    dl: &mut crate::solve::datalog::Cache,
    interp: &Interp,
) -> (Outcome, Seen, Vec<(String, Answer)>, String) {
    write::hold_output();
    let mut items: Vec<(String, Answer)> = Vec::new();
    let mut cb = |s: &mut Store, a: AnswerRef<'_>| -> ControlFlow<()> {
        items.push((write::take_held(), a.intern(s)));
        ControlFlow::Continue(())
    };
    let assume = Assumptions::default();
    let (out, _, _, seen) = run(
        store,
        program,
        goal,
        limits,
        &assume,
        known,
        dl,
        &mut cb,
        Some(interp),
    );
    let tail = write::end_hold();
    (out, seen, items, tail)
}

/// `Slg::solve` for an eligible program (see the module's comment).
pub(super) fn solve(
    store: &mut Store,
    program: &Program,
    goal: &Goal,
    limits: &Limits,
    c: &mut TableCache,
    dl: &mut crate::solve::datalog::Cache,
    on_answer: &mut OnAnswer<'_>,
) -> Outcome {
    let db = program.db.version();
    write::hold_output();
    let mut items: Vec<(String, Answer)> = Vec::new();
    let mut committed = false;
    let mut stopped = false;
    let (mut out, done) = {
        let mut cb = |s: &mut Store, a: AnswerRef<'_>| -> ControlFlow<()> {
            if committed {
                return on_answer(s, a);
            }
            items.push((write::take_held(), a.intern(s)));
            if items.len() < HOLD_ANSWERS {
                return ControlFlow::Continue(());
            }
            committed = true;
            let tail = write::end_hold();
            let mut o = Outcome::default();
            release(s, std::mem::take(&mut items), &tail, on_answer, &mut o);
            if o.stopped_by_caller {
                stopped = true;
                return ControlFlow::Break(());
            }
            ControlFlow::Continue(())
        };
        let assume = Assumptions::default();
        let (out, _, done, _) = run(
            store, program, goal, limits, &assume, &c.tables, dl, &mut cb, None,
        );
        (out, done)
    };
    out.stopped_by_caller |= stopped;
    let rerun = !committed && out.negative_cycle && out.error.is_none() && out.stop.is_none();
    if !committed {
        let tail = write::end_hold();
        if !rerun {
            release(
                store,
                std::mem::take(&mut items),
                &tail,
                on_answer,
                &mut out,
            );
        }
    }
    if !rerun {
        if cacheable(&out, program, db) {
            c.tables.extend(done);
        }
        return out;
    }
    // The alternating fixpoint.
    let max = limits.max_iterations.max(8);
    let mut over = Interp {
        has: FxHashMap::default(),
        default_has: true,
        warm: Vec::new(),
    };
    // Every table a run negated, evaluated by the runs after it.
    let mut warm_keys: FxHashSet<TermId> = FxHashSet::default();
    let mut warm: Vec<(TermId, u32)> = Vec::new();
    let mut add_warm = |seen: &Seen, warm: &mut Vec<(TermId, u32)>| {
        for &(k, g, n) in &seen.negated {
            if warm_keys.insert(k) {
                warm.push((g, n));
            }
        }
    };
    let mut prev_under: Option<FxHashMap<TermId, bool>> = None;
    for _ in 0..max {
        let (uo, us, ua, utail) = held_run(store, program, goal, limits, &c.tables, dl, &over);
        if uo.error.is_some() || uo.stop.is_some() {
            let mut uo = uo;
            release(store, ua, &utail, on_answer, &mut uo);
            return uo;
        }
        let under_grew = us.negated.iter().any(|(k, _, _)| !over.has.contains_key(k));
        add_warm(&us, &mut warm);
        let under = Interp {
            has: us.has,
            default_has: false,
            warm: warm.clone(),
        };
        let (mut oo, os, oa, otail) = held_run(store, program, goal, limits, &c.tables, dl, &under);
        let grew = os
            .negated
            .iter()
            .any(|(k, _, _)| !under.has.contains_key(k));
        add_warm(&os, &mut warm);
        let settled = !grew && !under_grew && prev_under.as_ref() == Some(&under.has);
        if settled || oo.error.is_some() || oo.stop.is_some() {
            let truth: FxHashSet<TermId> = ua.iter().map(|(_, a)| a.values).collect();
            oo.negative_cycle = oa.iter().any(|(_, a)| !truth.contains(&a.values));
            release(store, oa, &otail, on_answer, &mut oo);
            return oo;
        }
        prev_under = Some(under.has);
        over = Interp {
            has: os.has,
            default_has: true,
            warm: warm.clone(),
        };
    }
    Outcome {
        stop: Some(StopReason::Iterations(max)),
        ..Outcome::default()
    }
}
