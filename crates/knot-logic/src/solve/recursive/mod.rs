//! `recursive`: a search graph in the style of rustc's next-generation trait solver (and chalk's
//! recursive solver).
//!
//! Every call to a tabled predicate (or to any predicate with `table_all`) is canonicalized as in
//! `slg` and *solved to completion* before the caller continues: the goal's clauses are run by the
//! machine (nested tabled calls are solved first, in turn) and the caller then tries each of the goal's
//! answers. Calls to other predicates are resolved inline.
//!
//! There is no Rust recursion per nested goal: a caller that meets an unsolved goal is suspended (a copy
//! of its state with the call in front) in its frame's task, the goal is pushed on an explicit stack, and
//! once it is finished the caller is resumed and its call finds the answers in a cache. The stack is
//! bounded by `max_depth`.
//!
//! Cycles, provisional results, fixpoint iteration and the caches are described in `search_graph.rs`.
//! A negation `\+ G` solves G's canonical goal to completion first; a cycle through a negation sets
//! [`Outcome::negative_cycle`](super::Outcome) and fails the branch.

mod search_graph;

use super::answers::AnswerSet;
use super::answers::{record, RootSink};
use super::canon_goal::{answers_to_caller, canonicalize_call, is_root_goal, CanonGoal};
use super::machine::{cons, CallAction, Env, GoalKind, Hooks, Machine, NotAction, State};
use super::trace::{self, Event, Link};
use super::{Goal, Limits, OnAnswer, Outcome, StopReason, Strategy};
use crate::program::{Pred, Program};
use crate::term::unify::Ref;
use crate::term::{Store, TermId};
use rustc_hash::FxHashMap;
use search_graph::{freeze, identity, same_answers, Frame, Hit, SearchGraph, Task, Waiting};
use std::ops::ControlFlow;

/// How many re-runs of cycle heads one search may make per unit of [`Limits::max_iterations`].
const ROUNDS_PER_ITERATION: u64 = 128;

/// The search-graph strategy. Completed results stay in its global cache across goals solved over
/// the same program (an `Engine` reuses its strategy): a later goal that meets them is a cache hit.
#[derive(Default)]
pub struct Recursive {
    global: FxHashMap<TermId, search_graph::Answers>,
    /// The generation of the program the cache was filled from.
    program: Option<crate::program::Generation>,
    /// The version of its dynamic database then (`Program::db`).
    db: u64,
}

impl std::fmt::Debug for Recursive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Recursive({} cached goals)", self.global.len())
    }
}

impl Strategy for Recursive {
    fn name(&self) -> &'static str {
        "recursive"
    }

    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome {
        let id = program.generation();
        let db = program.db.version();
        if self.program != Some(id) || self.db != db {
            self.global.clear();
            self.program = Some(id);
            self.db = db;
        }
        let mut m = Machine::new(store, program, limits);
        m.apply_ambiguous = true;
        m.constraints_deduplicated = program.dialect.chalk_guidance;
        m.retry_ambiguous = program.dialect.chalk_guidance;
        let mut solver = Solver {
            g: SearchGraph {
                global: std::mem::take(&mut self.global),
                ..SearchGraph::default()
            },
            program,
            table_all: limits.table_all,
            root: RootSink::new(goal.nvars, !program.dialect.unknown_error, on_answer),
            vals: Vec::new(),
            query_called: false,
            monotone: true,
        };
        solver.solve(&mut m, goal);
        // Keep the completed results for the next goal, unless a limit cut this search short.
        // (Results read from the dynamic database hold only for the database they read.)
        if m.out.overflow().is_none()
            && m.out.error.is_none()
            && !m.out.stopped_by_caller
            && program.db.version() == db
        {
            self.global = std::mem::take(&mut solver.g.global);
        }
        m.out.aggregation.differing_answers_unguided = true;
        m.out
    }
}

struct Solver<'a, 'b> {
    g: SearchGraph,
    program: &'a Program,
    table_all: bool,
    /// Where the query's own answers go (deduplicated).
    root: RootSink<'a, 'b>,
    /// Reused buffer for answer values.
    vals: Vec<TermId>,
    /// The query has made a call (see [`canonicalize_call`]'s `root_goal`).
    query_called: bool,
    /// No default answer (`'$fallback'`) was ranked since the stack was last empty: results only
    /// grow with what they assume, so discarded ones may seed later iterations.
    monotone: bool,
}

/// The state that starts the evaluation of a canonical goal: its clauses, directly.
fn start_state(g: &CanonGoal) -> State {
    let mut st = State::start(
        GoalKind::Direct(Ref::new(g.goal, 0)),
        g.env.clone(),
        g.nvars,
        &g.universes,
        &g.kinds,
    );
    st.universe = st.universe.max(g.universe);
    st
}

impl Solver<'_, '_> {
    fn solve(&mut self, m: &mut Machine<'_>, goal: &Goal) {
        let st = State::for_query(m.store, goal);
        self.g.root.work.push(st);
        // Each round counts as a step, so time and step limits hold even when no goal is resolved
        // (answers fed from caches, fixpoint rounds).
        while !m.stopped() && m.tick() {
            if let Some(mut st) = self.g.task().work.pop() {
                let _ = m.run(&mut st, self);
                continue;
            }
            if let Some(w) = self.g.task().pop_pending() {
                self.start_goal(m, w);
                continue;
            }
            if self.g.stack.is_empty() {
                break;
            }
            self.finish_top(m);
        }
    }

    /// Solve a goal the current task waits for: push it, unless it was solved meanwhile.
    fn start_goal(&mut self, m: &mut Machine<'_>, w: Waiting) {
        let key = w.goal.key;
        let hit = self.g.lookup(key);
        if !matches!(hit, Hit::Miss) {
            // Solved meanwhile (by another goal's evaluation): the callers find it when resumed.
            let negs = w.negations;
            self.g.task().work.extend(w.consumers);
            for mut st in negs {
                let hit = self.g.lookup(key);
                if let Some(taint) = self.negation_holds(m, hit) {
                    st.taint |= taint;
                    self.g.task().work.push(st);
                }
            }
            return;
        }
        let depth = self.g.stack.len();
        if depth >= m.limits.max_depth as usize {
            m.halt(StopReason::Depth(m.limits.max_depth));
            return;
        }
        if self.g.entries() >= m.limits.max_tables {
            m.halt(StopReason::Tables(m.limits.max_tables));
            return;
        }
        let coinductive = m
            .store
            .functor(w.goal.goal)
            .is_some_and(|p| self.program.coinductive.contains(&p));
        let below = self.g.stack.last().map_or(0, |f| f.inductive_below);
        let mut task = Task::default();
        task.work.push(start_state(&w.goal));
        self.g.on_stack.insert(key, depth);
        m.out.stats.tables += 1;
        self.g.stack.push(Frame {
            answers: AnswerSet::for_goal(w.goal.nvars),
            fallback: AnswerSet::for_goal(w.goal.nvars),
            maybe: 0,
            goal: w.goal.clone(),
            coinductive,
            inductive_below: below + usize::from(!coinductive),
            assumed_co: None,
            assumed_ind: match self.g.seeds.get(&key) {
                Some(a) if !coinductive && self.seeds_valid(m) => a.clone(),
                _ => search_graph::Answers::none(),
            },
            used_co: false,
            used_ind: false,
            head: usize::MAX,
            coinductive_dep: false,
            iterations: 0,
            rounds: 0,
            prov_start: self.g.prov.len(),
            entries_max_head: None,
            entries_all_coinductive: true,
            task,
            callers: w,
        });
        let goal = self.g.stack[depth].goal.goal;
        trace::emit(|| Event::Open {
            key,
            goal,
            coinductive,
        });
    }

    /// The top frame has no work left: its evaluation is finished. Re-evaluate it if it is a cycle head
    /// whose result differs from one it assumed; else pop it and resume its callers.
    ///
    /// The two assumptions nest as a least fixpoint over inductive cycles around a greatest fixpoint
    /// over coinductive ones: the coinductive assumption is iterated (down from "the goal holds") to
    /// a fixpoint first; only then is the inductive assumption (up from "no answer") replaced by the
    /// result, and the coinductive one starts again from the top. A result that rests on a cycle
    /// through an inductive goal is thus never assumed before it is derived without that cycle.
    fn finish_top(&mut self, m: &mut Machine<'_>) {
        let depth = self.g.stack.len() - 1;
        let f = self.g.stack.last_mut().expect("non-empty stack");
        if f.merge_fallback(m.store) {
            // A default answer may be dropped later, when an ordinary one covers it: from here on
            // a result is no lower bound of a later one.
            self.monotone = false;
            self.g.seeds.clear();
        }
        if self.program.dialect.chalk_guidance && !f.coinductive {
            f.combine(m.store);
        }
        if f.used() {
            let co_stable = !f.used_co
                || same_answers(
                    &f.answers,
                    f.maybe,
                    f.assumed_co.as_ref().expect("a used assumption exists"),
                );
            let ind_stable = !f.used_ind || same_answers(&f.answers, f.maybe, &f.assumed_ind);
            if !co_stable || !ind_stable {
                let counter = if co_stable {
                    &mut f.rounds
                } else {
                    &mut f.iterations
                };
                // Each head iterates at most `max_iterations` times, and the whole search re-runs
                // heads at most `max_iterations * ROUNDS_PER_ITERATION` times: nested heads that
                // each iterate re-run the heads inside them, which grows exponentially with their
                // nesting (a goal that grows without end, under coinduction, nests one head per
                // level). chalk's whole suite re-runs a head fewer than 100 times in a query.
                if *counter >= m.limits.max_iterations
                    || m.out.stats.iterations
                        >= u64::from(m.limits.max_iterations) * ROUNDS_PER_ITERATION
                {
                    m.halt(StopReason::Iterations(m.limits.max_iterations));
                    return;
                }
                *counter += 1;
                m.out.stats.iterations += 1;
                let result = freeze(m.store, &f.answers, f.maybe);
                trace::emit(|| Event::Round {
                    key: f.goal.key,
                    round: *counter,
                    coinductive: !co_stable,
                    result: result.tuples.to_vec(),
                    width: f.goal.nvars as usize + 1,
                });
                if co_stable {
                    f.assumed_ind = result;
                    f.assumed_co = None;
                    f.iterations = 0;
                } else {
                    f.assumed_co = Some(result);
                }
                let st = start_state(&f.goal);
                f.restart(st);
                let start = f.prov_start;
                let seed = self.seeds_valid(m);
                m.out.stats.provisional[2] += self.g.discard_from(start, seed);
                return;
            }
        }
        let f = self.g.stack.pop().expect("non-empty stack");
        self.g.on_stack.remove(&f.goal.key);
        if self.g.stack.is_empty() {
            // No cycle is open: every result from here on is final.
            self.g.seeds.clear();
            self.monotone = true;
        }
        let result = freeze(m.store, &f.answers, f.maybe);
        let provisional = f.head < depth;
        trace::emit(|| Event::Done {
            key: f.goal.key,
            result: result.tuples.to_vec(),
            width: f.goal.nvars as usize + 1,
            provisional,
        });
        if provisional {
            // Entries computed during its evaluation now depend on its head, through the frames
            // from that head up to their old one (nothing to do, and no scan, when none depends on
            // a higher head and none lacks the coinductive mark).
            let scan = f.entries_max_head.is_some_and(|h| h > f.head)
                || (f.coinductive_dep && !f.entries_all_coinductive);
            if scan {
                for i in f.prov_start..self.g.prov.len() {
                    let (head, path) = (self.g.prov[i].head, self.g.prov[i].path);
                    if f.head < head {
                        let below = self.g.all_coinductive(f.head, head - 1);
                        let e = &mut self.g.prov[i];
                        e.head = f.head;
                        e.path = below && path;
                    }
                    self.g.prov[i].coinductive |= f.coinductive_dep;
                }
            }
            // What the caller's frame now holds among its entries: these and this goal's own.
            if let Some(parent) = self.g.stack.last_mut() {
                parent.entries_max_head =
                    Some(parent.entries_max_head.map_or(f.head, |h| h.max(f.head)));
                // Its entries all carry the mark now when this goal's own does.
                parent.entries_all_coinductive &= f.coinductive_dep;
            }
            let path = self.g.all_coinductive(f.head, depth - 1) && f.coinductive;
            self.g.prov_index.insert(f.goal.key, self.g.prov.len());
            self.g.prov.push(search_graph::ProvEntry {
                key: f.goal.key,
                answers: result.clone(),
                head: f.head,
                coinductive: f.coinductive_dep,
                path,
                self_coinductive: f.coinductive,
            });
            m.out.stats.provisional[0] += 1;
            self.g.depend(f.head, f.coinductive_dep);
            self.g.task().delivered.insert(f.goal.key, result.clone());
        } else {
            m.out.stats.provisional[1] += self.g.promote_from(f.prov_start);
            self.g.global.insert(f.goal.key, result.clone());
            m.out.stats.completed += 1;
        }
        let Waiting {
            consumers,
            negations,
            ..
        } = f.callers;
        let task = self.g.task();
        task.work.extend(consumers);
        for st in negations {
            if provisional {
                // The negated goal depends on a goal on the stack, which depends on the negation.
                m.out.negative_cycle = true;
            } else if !result.certain {
                // No certain answer: the negation holds, only possibly when the goal may hold.
                let mut st = st;
                st.taint |= result.maybe;
                task.work.push(st);
            }
        }
    }

    /// The trace event of a call (or a negation) of `key` that found `hit`.
    fn trace_call(&self, key: TermId, hit: &Hit, negation: bool) -> Event {
        let link = match hit {
            _ if negation => Link::Negation,
            Hit::Cycle(h) => Link::Cycle {
                coinductive: self.g.coinductive_path(*h),
            },
            Hit::Global(_) => Link::Complete,
            Hit::Delivered(_) | Hit::Provisional(_) => Link::Provisional,
            Hit::Miss => Link::New,
        };
        Event::Call {
            from: self.g.stack.last().map(|f| f.goal.key),
            key,
            goal: None,
            link,
        }
    }

    /// Whether discarded provisional results may seed re-evaluations (see
    /// [`SearchGraph::discard_from`]): only where iteration is monotone, so not under chalk's
    /// combination of answers into one ambiguous answer (`.chalk`), nor once a cycle went through a
    /// negation, nor since a default answer was ranked (`monotone`).
    /// Evaluate `goal` (not in the search graph yet) to its result from a run that cannot be
    /// suspended (see [`Hooks::call_complete`]): its frame and those it opens are run here, above
    /// the frames in progress, until it is finished. An error raised inside drops the frames it
    /// opened.
    fn evaluate_nested(&mut self, m: &mut Machine<'_>, goal: CanonGoal) {
        let d = self.g.stack.len();
        self.start_goal(
            m,
            Waiting {
                goal,
                consumers: Vec::new(),
                negations: Vec::new(),
            },
        );
        while !m.stopped() && self.g.stack.len() > d && m.tick() {
            if let Some(mut st) = self.g.task().work.pop() {
                let _ = m.run(&mut st, self);
                continue;
            }
            if let Some(w) = self.g.task().pop_pending() {
                self.start_goal(m, w);
                continue;
            }
            self.finish_top(m);
        }
        while self.g.stack.len() > d {
            let f = self.g.stack.pop().expect("non-empty stack");
            self.g.on_stack.remove(&f.goal.key);
        }
    }

    fn seeds_valid(&self, m: &Machine<'_>) -> bool {
        self.monotone && !self.program.dialect.chalk_guidance && !m.out.negative_cycle
    }

    /// Decide `\+ G` from what a lookup of G found (not `Miss`): `Some(taint)` when it holds —
    /// G has no certain answer — with the taint to give the branch (G may hold: it is undecided).
    fn negation_holds(&mut self, m: &mut Machine<'_>, hit: Hit) -> Option<u8> {
        match hit {
            Hit::Global(a) => (!a.certain).then_some(a.maybe),
            Hit::Cycle(h) => {
                m.out.negative_cycle = true;
                self.g.depend(h, false);
                None
            }
            Hit::Delivered(_) => {
                m.out.negative_cycle = true;
                None
            }
            Hit::Provisional(i) => {
                m.out.negative_cycle = true;
                let h = self.g.prov[i].head;
                self.g.depend(h, false);
                None
            }
            Hit::Miss => None,
        }
    }
}

impl Hooks for Solver<'_, '_> {
    fn is_tabled(&self, pred: Pred) -> bool {
        self.table_all || self.program.is_tabled(pred)
    }

    fn ranks_defaults(&self) -> bool {
        true
    }

    fn call_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &State,
        goal: Ref,
        env: &Env,
    ) -> CallAction {
        let Some(c) = canonicalize_call(m, st, goal, env, false) else {
            return CallAction::Suspend;
        };
        if matches!(self.g.lookup(c.key), Hit::Miss) {
            let g = c.into_goal(m.store).0;
            self.evaluate_nested(m, g);
            if m.stopped() {
                return CallAction::Suspend;
            }
        }
        self.call(m, st, goal, env)
    }

    fn negation_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
    ) -> Option<NotAction> {
        let Some(c) = canonicalize_call(m, st, goal, env, false) else {
            return Some(NotAction::Fails);
        };
        let key = c.key;
        if matches!(self.g.lookup(key), Hit::Miss) {
            let g = c.into_goal(m.store).0;
            self.evaluate_nested(m, g);
            if m.stopped() {
                return Some(NotAction::Fails);
            }
        }
        Some(match self.g.lookup(key) {
            Hit::Miss => NotAction::Fails,
            hit => match self.negation_holds(m, hit) {
                Some(taint) => {
                    st.taint |= taint;
                    NotAction::Holds
                }
                None => NotAction::Fails,
            },
        })
    }

    fn call(&mut self, m: &mut Machine<'_>, st: &State, goal: Ref, env: &Env) -> CallAction {
        let root_goal = is_root_goal(self.g.stack.is_empty(), st, &mut self.query_called);
        let Some(c) = canonicalize_call(m, st, goal, env, root_goal) else {
            return CallAction::Suspend;
        };
        let hit = self.g.lookup(c.key);
        trace::emit(|| self.trace_call(c.key, &hit, false));
        let answers = match hit {
            Hit::Cycle(h) => {
                // The path from the head to this call decides which assumption applies: a cycle
                // through an inductive goal may not assume what a coinductive one may.
                let coinductive = self.g.coinductive_path(h);
                let head = &mut self.g.stack[h];
                let answers = if coinductive {
                    head.used_co = true;
                    let nvars = head.goal.nvars;
                    head.assumed_co
                        .get_or_insert_with(|| identity(m.store, nvars))
                        .clone()
                } else {
                    head.used_ind = true;
                    head.assumed_ind.clone()
                };
                self.g.depend(h, coinductive);
                answers
            }
            Hit::Global(a) => {
                m.out.stats.cache_hits += 1;
                a
            }
            Hit::Delivered(a) => a,
            Hit::Provisional(i) => {
                m.out.stats.cache_hits += 1;
                let e = &self.g.prov[i];
                let (a, h) = (e.answers.clone(), e.head);
                // Not derived from a coinductive assumption: valid on any path (see `lookup`).
                self.g.stack[h].used_ind = true;
                self.g.depend(h, false);
                a
            }
            Hit::Miss if self.g.stack.len() >= m.limits.max_depth as usize => {
                // Too deep to open: the call overflows, which makes it undecided, not the whole
                // search (as rustc's solver gives an overflowing goal an ambiguous result): the
                // caller goes on past it, tainted, and a conjunct that fails still fails for
                // certain.
                m.truncated_call = true;
                m.out
                    .truncated_by
                    .get_or_insert(StopReason::Depth(m.limits.max_depth));
                return CallAction::Suspend;
            }
            Hit::Miss => {
                // Suspend the caller with the call in front; solve the goal once the task is idle.
                let mut resumed = st.clone();
                resumed.goals = cons(GoalKind::Call(goal), env, 0, st.goals.clone());
                let key = c.key;
                let store = &mut *m.store;
                let w = self.g.task().wait(key, || c.into_goal(store).0);
                w.consumers.push(resumed);
                m.out.stats.consumers += 1;
                return CallAction::Suspend;
            }
        };
        let answers = answers_to_caller(m.store, &c.umap, answers.tuples);
        CallAction::Answers(answers, c.map.slots.into())
    }

    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        let Some(f) = self.g.stack.last_mut() else {
            return self.root.success(m, st);
        };
        // A possible answer, not a certain one, is recorded marked ambiguous (with its
        // substitution): a caller applies it and goes on tainted, as chalk's recursive solver
        // applies an ambiguous result's definite substitution (a caller that fails anyway fails
        // for certain).
        f.maybe |= st.taint;
        m.answer_values(st, f.goal.nvars, &mut self.vals);
        let set = if st.fallback {
            &mut f.fallback
        } else {
            &mut f.answers
        };
        if record(m, set, &self.vals) {
            let (key, values) = (f.goal.key, self.vals.clone());
            trace::emit(|| Event::Answer { key, values });
        }
        m.flow()
    }

    fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
        _depth: u32,
    ) -> NotAction {
        let Some(c) = canonicalize_call(m, st, goal, env, false) else {
            return NotAction::Fails;
        };
        let hit = self.g.lookup(c.key);
        trace::emit(|| self.trace_call(c.key, &hit, true));
        match hit {
            Hit::Miss => {
                let key = c.key;
                let store = &mut *m.store;
                let w = self.g.task().wait(key, || c.into_goal(store).0);
                w.negations.push(st.clone());
                NotAction::Suspend
            }
            hit => match self.negation_holds(m, hit) {
                Some(taint) => {
                    st.taint |= taint;
                    NotAction::Holds
                }
                None => NotAction::Fails,
            },
        }
    }
}
