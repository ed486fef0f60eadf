//! `slg`: tabled resolution.
//!
//! Each call to a tabled predicate is canonicalized (variables renumbered, environment included) and
//! names a `Table` (`table.rs`). The first call creates the table and schedules its evaluation; every call
//! becomes a *consumer* of the table: a suspended copy of the caller's state, resumed once per answer.
//! Tables sit on a completion stack with Tarjan-style numbers; when the topmost strongly connected group of
//! tables has no work left and depends on nothing below it, it is complete (its answers are final). This
//! makes left recursion terminate with each answer once, and negation wait for the table it negates.

mod assume;
mod chalk;
pub mod local;
mod moded;
mod order;
mod table;
mod wfs;

use super::answers::AnswerSet;
use super::answers::{record, RootSink};
use super::canon_goal::{
    answers_to_caller, canonicalize_call, is_root_goal, value_to_caller, UniverseMap,
};
use super::machine::{
    CallAction, Env, GoalKind, Hooks, Machine, NotAction, State, TAINT_TRUNCATED,
};
use super::trace;
use super::{Answer, AnswerRef, Goal, Limits, OnAnswer, Outcome, StopReason, Strategy};
use crate::program::{Pred, Program};
use crate::term::unify::{Ref, VarMap};
use crate::term::{syms, Store, TermId, View};
use assume::{Assumptions, Verdict};
use rustc_hash::FxHashMap;
use std::ops::ControlFlow;
use std::rc::Rc;
use table::{Consumer, Owner, Table, TableId, Waiter};
use wfs::{Interp, Seen};

/// The tabling strategy.
///
/// Completed tables of goals asked over the same program stay in a cache across goals (as a Prolog
/// system keeps its tables): a later goal that calls one finds it complete. Only the tables of a run
/// with no coinductive assumption, no overflow, no floundering and no negative cycle are kept, and the
/// cache is dropped when the program or the limits that shape answers change.
#[derive(Default)]
pub struct Slg {
    cache: TableCache,
    /// The Datalog sub-engine's analysis and relations for the program (`solve/datalog`).
    datalog: super::datalog::Cache,
}

/// Completed tables by canonical key, for one program under one set of answer-shaping limits.
#[derive(Default)]
struct TableCache {
    tables: FxHashMap<TermId, AnswerSet>,
    /// The generation of the program the cache was filled from.
    program: Option<crate::program::Generation>,
    /// The version of its dynamic database then (`Program::db`).
    db: u64,
    limits: (Option<u32>, u32, bool),
}

impl std::fmt::Debug for Slg {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Slg({} cached tables)", self.cache.tables.len())
    }
}

impl Strategy for Slg {
    fn name(&self) -> &'static str {
        "slg"
    }

    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome {
        // A lowered program's goal is taken up in chalk's order (`order.rs`).
        let reordered;
        let goal = if program.dialect.chalk_goal_order {
            reordered = Goal {
                term: order::chalk_order(store, goal.term),
                nvars: goal.nvars,
            };
            &reordered
        } else {
            goal
        };
        if program.coinductive.is_empty() {
            let assume = Assumptions::default();
            let shape = (
                limits.max_term_size,
                limits.max_term_depth,
                limits.table_all,
            );
            let id = program.generation();
            let db = program.db.version();
            let c = &mut self.cache;
            if c.program != Some(id)
                || c.db != db
                || c.limits != shape
                || c.tables.len() > limits.max_tables
            {
                c.tables.clear();
                c.program = Some(id);
                c.db = db;
                c.limits = shape;
            }
            let dl = &mut self.datalog;
            if wfs::eligible(store, program, limits) {
                return wfs::solve(store, program, goal, limits, c, dl, on_answer);
            }
            let (out, _, done, _) = run(
                store, program, goal, limits, &assume, &c.tables, dl, on_answer, None,
            );
            if cacheable(&out, program, db) {
                c.tables.extend(done);
            }
            return out;
        }
        // With coinductive predicates, a run may assume what a cycle gives and find at completion that
        // the assumption does not hold (`assume.rs`). Answers derived from it cannot be taken back, so
        // the run's answers are held back; the query runs again with refined assumptions until a run
        // confirms them all (at most `max_iterations` runs per kind of refinement).
        let mut assume = Assumptions::default();
        let (mut inner, mut outer) = (0, 0);
        loop {
            let mut held: Vec<Answer> = Vec::new();
            let mut hold = |s: &mut Store, a: AnswerRef<'_>| {
                held.push(a.intern(s));
                ControlFlow::Continue(())
            };
            let none = FxHashMap::default();
            let dl = &mut self.datalog;
            let (out, verdict, _, _) = run(
                store, program, goal, limits, &assume, &none, dl, &mut hold, None,
            );
            let settled = verdict.unconfirmed.is_empty() && verdict.views.is_empty();
            if settled || out.overflow().is_some() {
                for a in &held {
                    let values: Vec<TermId> = store.args(a.values).to_vec();
                    let r = AnswerRef {
                        values: &values,
                        ambiguous: a.ambiguous,
                    };
                    if on_answer(store, r).is_break() {
                        break;
                    }
                }
                return out;
            }
            trace::emit(|| trace::Event::Rerun {
                run: inner + outer + 1,
            });
            let counter = if verdict.unconfirmed.is_empty() {
                // Every coinductive assumption holds: feed the inductive views what was derived,
                // and assume the coinductive goals again from the top.
                assume.ind.extend(verdict.views);
                assume.co.clear();
                inner = 0;
                &mut outer
            } else {
                assume.co.extend(verdict.unconfirmed);
                &mut inner
            };
            *counter += 1;
            if *counter > limits.max_iterations {
                return Outcome {
                    stop: Some(StopReason::Iterations(limits.max_iterations)),
                    ..Outcome::default()
                };
            }
        }
    }
}

/// The query variables that stand for regions: those the goal wraps as regions ([`syms::REGION`]).
fn region_vars(store: &Store, goal: &Goal) -> Vec<u32> {
    let mut out = Vec::new();
    let mut stack = vec![goal.term];
    let mut seen = rustc_hash::FxHashSet::default();
    while let Some(t) = stack.pop() {
        if store.is_ground(t) || !seen.insert(t) {
            continue;
        }
        match store.view(t) {
            View::App(syms::REGION, [r]) => {
                if let View::Var(i) = store.view(*r) {
                    if i < goal.nvars && !out.contains(&i) {
                        out.push(i);
                    }
                }
            }
            View::App(_, args) => stack.extend_from_slice(args),
            _ => {}
        }
    }
    out.sort_unstable();
    out
}

/// A run's completed tables may serve the next goals: it ended without a limit, an error, a
/// floundered goal or a negative cycle, was not stopped by its caller, and left the database
/// (version `db` when it began) unchanged.
fn cacheable(out: &Outcome, program: &Program, db: u64) -> bool {
    out.overflow().is_none()
        && out.error.is_none()
        && !out.floundered
        && !out.negative_cycle
        && !out.stopped_by_caller
        && program.db.version() == db
}

/// One SLG run under `assume`; also returns which assumptions it did not confirm.
#[allow(clippy::too_many_arguments)]
fn run(
    store: &mut Store,
    program: &Program,
    goal: &Goal,
    limits: &Limits,
    assume: &Assumptions,
    known: &FxHashMap<TermId, AnswerSet>,
    datalog: &mut super::datalog::Cache,
    on_answer: &mut OnAnswer<'_>,
    wfs: Option<&Interp>,
) -> (Outcome, Verdict, Vec<(TermId, AnswerSet)>, Seen) {
    let mut m = Machine::new(store, program, limits);
    m.constraints_reversed = program.dialect.chalk_guidance;
    // chalk's order of strands (`chalk.rs`); coinduction keeps knot's own scheduling (`assume.rs`).
    // Only under chalk's truncation (a term-size limit, as chalk's harness sets): chalk's order
    // starts again from the query after every failure, which costs the depth of the table stack
    // each time, and only the size limit keeps that stack shallow. Without it (`knot query`), a
    // recursion thousands of tables deep would take quadratic time, so knot's completion stack
    // (linear in the depth) schedules the tables.
    let chalk_order = program.dialect.chalk_guidance
        && program.coinductive.is_empty()
        && limits.max_term_size.is_some();
    m.chalk_clause_order = chalk_order;
    let root = RootSink::new(goal.nvars, !program.dialect.unknown_error, on_answer);
    let mut engine = Engine::new(
        program,
        limits,
        assume,
        known,
        datalog,
        root,
        chalk_order,
        wfs,
    );
    engine.solve(&mut m, goal);
    // Under the well-founded reruns: which tables have an answer, for the next run's negations.
    let seen = match wfs {
        Some(_) => Seen {
            has: engine
                .tables
                .iter()
                .filter(|t| t.complete && !t.abandoned)
                .map(|t| (t.key, !t.answers.is_empty()))
                .collect(),
            negated: engine
                .negated
                .iter()
                .map(|&t| &engine.tables[t as usize])
                .filter(|t| t.env.is_none())
                .map(|t| (t.key, t.goal, t.nvars))
                .collect(),
        },
        None => Seen::default(),
    };
    let mut out = m.out;
    out.aggregation.chalk_order = engine.chalk;
    out.stats.tables = engine.tables.len() as u64;
    if out.aggregation.chalk_guidance {
        out.aggregation.region_vars = region_vars(store, goal);
    }
    // The tables this run completed (not those it found complete), for the next goals.
    let done = engine
        .tables
        .into_iter()
        .filter(|t| {
            t.complete
                && !t.provisional
                && !t.abandoned
                && t.maybe == 0
                && !known.contains_key(&t.key)
        })
        .map(|t| (t.key, t.answers))
        .collect();
    (out, engine.verdict, done, seen)
}

/// The answer of a goal with `nvars` variables that binds none of them, ambiguous for a truncation
/// (see [`Engine::add_answer`]).
fn truncated_answer(m: &mut Machine<'_>, nvars: u32) -> Vec<TermId> {
    let mut vals: Vec<TermId> = (0..nvars).map(|i| m.store.var(i)).collect();
    let bits = m.store.int(TAINT_TRUNCATED as i64);
    let marker = m.store.app(syms::AMBIGUOUS, &[bits]);
    vals.push(m.store.list(&[marker], None));
    vals
}

/// The taint of an answer whose constraint list `last` holds no region constraint: 0 for `[]`, the
/// marker's bits for `['$ambiguous'(Bits)]`; `None` for any other list.
fn plain_answer_taint(store: &crate::term::Store, last: TermId) -> Option<u8> {
    let is_nil = |t: TermId| matches!(store.view(t), View::Atom(syms::NIL));
    if is_nil(last) {
        return Some(0);
    }
    match store.view(last) {
        View::App(syms::CONS, [_, rest]) if is_nil(*rest) => {
            super::machine::answer_taint(store, last)
        }
        _ => None,
    }
}

/// Do the two terms (variables of each numbered apart from the other's) unify? The tables
/// `abolish_table_call/1` abolishes are those whose call unifies with its argument, as SWI's.
fn unifiable(store: &Store, a: TermId, b: TermId) -> bool {
    let na = store.var_count(a);
    let mut bs = crate::term::unify::Bindings::new();
    bs.alloc(na + store.var_count(b), 0);
    bs.unify(store, Ref::new(a, 0), Ref::new(b, na), Default::default())
}

/// A call's variables are the query's `nvars` variables, in order.
fn identity_slots(slots: &[u32], nvars: u32) -> bool {
    slots.len() == nvars as usize && slots.iter().enumerate().all(|(j, &s)| s == j as u32)
}

/// Work waiting for an owner.
enum Work {
    /// Evaluate the table's clauses.
    Start,
    /// Feed a consumer the answers it has not seen.
    Feed(TableId, usize),
    /// Resume a state (a negation that turned out to hold).
    Resume(State),
}

struct Engine<'a, 'b> {
    tables: Vec<Table>,
    index: FxHashMap<TermId, TableId>,
    /// The completion stack: incomplete tables, oldest first.
    stack: Vec<TableId>,
    next_dfn: u32,
    /// Stack positions of tables that were given work (lazily cleaned: a position whose table has no
    /// work left is dropped when met), so the topmost table with work is found without scanning.
    busy: std::collections::BinaryHeap<usize>,
    /// Stack positions of the tables that may still be the root of a strongly connected group: their
    /// lowlink is still their own dfn and no table above them depends on a table below them. The
    /// topmost one is the root of the topmost group, so completion needs no scan of the stack.
    roots: std::collections::BTreeSet<usize>,
    /// Union-find over tables: tables on coinductive cycles found so far, joined. Two incomplete tables
    /// in one set reach each other through incomplete coinductive tables, so a call between them closes
    /// a coinductive cycle without searching for it again.
    cyclic: Vec<TableId>,
    /// Whose derivation is running (answers go there).
    current: Owner,
    /// The query has made a call (see [`canonicalize_call`]'s `root_goal`).
    query_called: bool,
    /// Where the query's own answers go (deduplicated).
    root: RootSink<'a, 'b>,
    /// Reused buffer for answer values.
    vals: Vec<TermId>,
    root_work: Vec<Work>,
    program: &'a Program,
    table_all: bool,
    /// A state reused when feeding consumers (saves an allocation per answer).
    scratch: State,
    /// What this run assumes of cycles.
    assume: &'a Assumptions,
    /// Tables completed by earlier goals over the same program.
    known: &'a FxHashMap<TermId, AnswerSet>,
    /// The Datalog sub-engine, when on: answers pure Datalog calls as complete tables.
    datalog: Option<&'a mut super::datalog::Cache>,
    /// Which of those assumptions the run did not confirm.
    verdict: Verdict,
    /// Tables are pursued in chalk's order (`chalk.rs`).
    chalk: bool,
    /// The dynamic database's version and events this run has taken into account
    /// ([`Engine::db_events`]).
    db_version: u64,
    db_seen: usize,
    /// Keys of tables abolished in this run: not taken from `known` again.
    abolished: rustc_hash::FxHashSet<TermId>,
    /// chalk order: the tables being pursued, the query's first.
    frames: Vec<chalk::Frame>,
    /// chalk order: the stack time.
    clock: u64,
    /// chalk order: the query's strands.
    root_strands: std::collections::VecDeque<chalk::Queued>,
    /// chalk order: the query takes ambiguous answers now (see `Table::ambiguous_mode`).
    root_ambiguous_mode: bool,
    /// The query is one call of a tabled predicate: its answers are exactly its table's (see
    /// [`Engine::answer_straight`]).
    query_is_one_call: bool,
    /// chalk order: what the strand being followed came to.
    event: Option<chalk::Event>,
    /// A run of the well-founded reruns (`wfs.rs`): how negations of tabled goals are decided.
    wfs: Option<&'a Interp>,
    /// Under a well-founded rerun: the tables whose negation it decided.
    negated: Vec<TableId>,
}

impl<'a, 'b> Engine<'a, 'b> {
    /// An engine with no tables yet; the query's answers go to `root`.
    #[allow(clippy::too_many_arguments)]
    fn new(
        program: &'a Program,
        limits: &Limits,
        assume: &'a Assumptions,
        known: &'a FxHashMap<TermId, AnswerSet>,
        datalog: &'a mut super::datalog::Cache,
        root: RootSink<'a, 'b>,
        chalk: bool,
        wfs: Option<&'a Interp>,
    ) -> Self {
        Engine {
            tables: Vec::new(),
            index: FxHashMap::default(),
            stack: Vec::new(),
            next_dfn: 1,
            busy: std::collections::BinaryHeap::new(),
            roots: std::collections::BTreeSet::new(),
            cyclic: Vec::new(),
            current: Owner::Root,
            query_called: false,
            root,
            vals: Vec::new(),
            root_work: Vec::new(),
            program,
            table_all: limits.table_all,
            scratch: State::default(),
            assume,
            verdict: Verdict::default(),
            known,
            // The sub-engine reads the facts as loaded: not with a dynamic database.
            datalog: (!program.top_down_only
                && !program.db.active()
                && program.declared.is_empty()
                && program.table_modes.is_empty())
            .then_some(datalog),
            db_version: program.db.version(),
            db_seen: program.db.events_len(),
            abolished: Default::default(),
            chalk,
            frames: Vec::new(),
            clock: 0,
            root_strands: std::collections::VecDeque::new(),
            root_ambiguous_mode: false,
            query_is_one_call: false,
            event: None,
            wfs,
            negated: Vec::new(),
        }
    }
}

impl Engine<'_, '_> {
    /// The key of the table whose derivation runs (`None`: the query's).
    fn owner_key(&self) -> Option<TermId> {
        match self.current {
            Owner::Table(o) => Some(self.tables[o as usize].key),
            Owner::Root => None,
        }
    }

    /// The trace event of a call (or a negation) of table `t`.
    fn trace_call(&self, t: TableId, fresh: bool, negation: bool) -> trace::Event {
        let tb = &self.tables[t as usize];
        let link = match (negation, fresh, tb.complete) {
            (true, _, _) => trace::Link::Negation,
            (_, true, _) => trace::Link::New,
            (_, _, true) => trace::Link::Complete,
            _ => trace::Link::Incomplete,
        };
        trace::Event::Call {
            from: self.owner_key(),
            key: tb.key,
            goal: Some(tb.goal),
            link,
        }
    }

    fn solve(&mut self, m: &mut Machine<'_>, goal: &Goal) {
        if self.chalk {
            self.solve_chalk(m, goal);
            return;
        }
        if let Some(w) = self.wfs {
            // The tables earlier runs negated are evaluated in this one too, so that the next
            // run's interpretation knows them (see `wfs.rs`).
            for &(g, nvars) in &w.warm {
                let st = State::for_query(m.store, &Goal { term: g, nvars });
                self.current = Owner::Root;
                let _ = self.table_for(m, &st, Ref::new(g, 0), &None, false);
            }
        }
        let mut st = State::for_query(m.store, goal);
        self.current = Owner::Root;
        self.query_is_one_call = m
            .store
            .functor(goal.term)
            .is_some_and(|p| self.is_tabled(p));
        if m.run(&mut st, self).is_break() {
            return;
        }
        while !m.stopped() {
            if let Some(w) = self.root_work.pop() {
                self.current = Owner::Root;
                self.process(m, w);
                continue;
            }
            // The topmost table with work; the tables above it are idle.
            let i = self.topmost_busy().map_or(0, |p| p + 1);
            if i < self.stack.len() && self.try_complete(m, i) {
                continue;
            }
            if i == 0 {
                if self.stack.is_empty() {
                    break;
                }
                // Nothing can produce answers any more: everything on the stack is complete.
                self.complete_from(m, 0);
                continue;
            }
            let t = self.stack[i - 1];
            let w = self.tables[t as usize].work.pop().expect("non-empty");
            self.current = Owner::Table(t);
            self.process(m, w);
        }
    }

    fn process(&mut self, m: &mut Machine<'_>, w: Work) {
        match w {
            Work::Start => {
                let Owner::Table(t) = self.current else {
                    return;
                };
                let mut st = self.start_state(t);
                let _ = m.run(&mut st, self);
            }
            Work::Resume(mut st) => {
                let _ = m.run(&mut st, self);
            }
            Work::Feed(t, c) => loop {
                let assume = self.assume;
                let tb = &mut self.tables[t as usize];
                let cons = &mut tb.consumers[c];
                // An inductive consumer is fed the answers from before the table became provisional,
                // then the table's view.
                let limit = match tb.prov_from {
                    Some(p) if cons.inductive => p,
                    _ => tb.answers.len(),
                };
                self.vals.clear();
                if cons.seen < limit {
                    self.vals.extend_from_slice(tb.answers.get(cons.seen));
                    cons.seen += 1;
                } else {
                    let view = match tb.prov_from {
                        Some(_) if cons.inductive => assume.ind.get(&tb.key),
                        _ => None,
                    };
                    let width = tb.answers.width();
                    let next = view.and_then(|v| assume::tuples(v, width).nth(cons.view_seen));
                    let Some(tuple) = next else {
                        cons.queued = false;
                        if tb.prov_from.is_some() && cons.inductive {
                            tb.view_used = true;
                        }
                        break;
                    };
                    cons.view_seen += 1;
                    tb.view_used = true;
                    self.vals.extend_from_slice(tuple);
                }
                if !m.tick() {
                    return;
                }
                if let Some(u) = &cons.umap {
                    for v in &mut self.vals {
                        *v = value_to_caller(m.store, u, *v);
                    }
                }
                if let Some(taint) = Self::straight_to_query(m, cons, &self.vals, self.root.nvars())
                {
                    if self.root.emit_values(m, &self.vals, taint).is_break() {
                        return;
                    }
                    continue;
                }
                let mut st = std::mem::take(&mut self.scratch);
                st.b.clone_from(&cons.state.b);
                st.goals.clone_from(&cons.state.goals);
                st.universe = cons.state.universe;
                st.taint = cons.state.taint;
                st.fallback = cons.state.fallback;
                let slots = cons.slots.clone();
                self.current = cons.owner;
                let ans = std::mem::take(&mut self.vals);
                let unified = m.unify_answer(&mut st, &slots, &ans);
                self.vals = ans;
                let brk = unified && m.run(&mut st, self).is_break();
                self.scratch = st;
                if brk {
                    return;
                }
                if m.stopped() {
                    return;
                }
            },
        }
    }

    /// A query that is exactly the tabled call `cons` consumes: the table's answers are the query's
    /// answers, already distinct, so an answer `vals` of it goes straight out without resuming a
    /// copy of the query. (An ambiguous answer of that table is an ambiguous answer of the query,
    /// with its substitution: that table is chalk's root table.) `Some(taint)` (0: certain) when
    /// `vals` goes out so (`nvars`: the query's variables).
    fn straight_to_query(
        m: &mut Machine<'_>,
        cons: &Consumer,
        vals: &[crate::term::TermId],
        nvars: u32,
    ) -> Option<u8> {
        let taint = plain_answer_taint(m.store, *vals.last()?)?;
        (cons.owner == Owner::Root
            && cons.state.goals.is_none()
            && cons.state.b.constraints().is_empty()
            && cons.state.taint == 0
            && identity_slots(&cons.slots, nvars))
        .then_some(taint)
    }

    /// The complete table's `answers` are the query's (it is one call of a tabled predicate, made
    /// in `st`): when each is a plain answer (see [`plain_answer_taint`]) and the call's variables
    /// are the query's in order, they are reported as they are, without unifying each with the query
    /// nor deduplicating them again (a table's answers are distinct). False when that does not
    /// apply.
    fn answer_straight(
        &mut self,
        m: &mut Machine<'_>,
        st: &State,
        answers: &[TermId],
        slots: &[u32],
    ) -> bool {
        let nvars = self.root.nvars();
        let width = super::answers::answer_width(nvars);
        let last = nvars as usize;
        let plain = identity_slots(slots, nvars)
            && st.b.constraints().is_empty()
            && st.taint == 0
            && answers.len() % width == 0
            && answers
                .chunks_exact(width)
                .all(|a| plain_answer_taint(m.store, a[last]).is_some());
        if !plain {
            return false;
        }
        for a in answers.chunks_exact(width) {
            let taint = plain_answer_taint(m.store, a[last]).unwrap_or(0);
            if !m.tick() || self.root.emit_values(m, a, taint).is_break() {
                break;
            }
        }
        true
    }

    /// The state that evaluates table `t`'s clauses.
    fn start_state(&self, t: TableId) -> State {
        let tb = &self.tables[t as usize];
        let mut st = State::start(
            GoalKind::Direct(Ref::new(tb.goal, 0)),
            tb.env.clone(),
            tb.nvars,
            &tb.universes,
            &tb.kinds,
        );
        st.universe = st.universe.max(tb.universe);
        st
    }

    /// The stack position of the topmost table with work.
    fn topmost_busy(&mut self) -> Option<usize> {
        while let Some(&p) = self.busy.peek() {
            if p < self.stack.len() && !self.tables[self.stack[p] as usize].work.is_empty() {
                return Some(p);
            }
            self.busy.pop();
        }
        None
    }

    /// Complete the topmost strongly connected group of tables if the tables from `idle_from` up are idle
    /// and it depends on nothing below it. Returns true when something completed.
    fn try_complete(&mut self, m: &mut Machine<'_>, idle_from: usize) -> bool {
        match self.roots.last() {
            Some(&r) if r >= idle_from => {
                self.complete_from(m, r);
                true
            }
            _ => false,
        }
    }

    /// Mark every table from stack position `k` up complete.
    fn complete_from(&mut self, m: &mut Machine<'_>, k: usize) {
        let group: Vec<TableId> = self.stack.drain(k..).collect();
        trace::emit(|| trace::Event::Complete {
            keys: group.iter().map(|&t| self.tables[t as usize].key).collect(),
        });
        self.roots.split_off(&k);
        // Something was derived from the group's coinductive assumptions: an answer of a table that
        // rests on them. If no table has one, an unconfirmed assumption simply failed (No).
        let derived = group.iter().any(|&t| {
            let tb = &self.tables[t as usize];
            tb.provisional && !tb.answers.is_empty()
        });
        let assume = self.assume;
        let mut confirmed = true;
        for &t in &group {
            let tb = &self.tables[t as usize];
            if tb.assumed
                && derived
                && !assume::confirms(m.store, assume.co.get(&tb.key), &tb.answers)
            {
                confirmed = false;
                self.verdict
                    .unconfirmed
                    .push((tb.key, assume::flat(&tb.answers)));
            }
            if tb.view_used && !assume::same(assume.ind.get(&tb.key), &tb.answers) {
                self.verdict.views.push((tb.key, assume::flat(&tb.answers)));
            }
        }
        let mut wake = Vec::new();
        for &t in &group {
            let tb = &mut self.tables[t as usize];
            if confirmed && tb.prov_from.take().is_some() {
                // Its assumptions hold: its answers are final, for inductive consumers too. Those below
                // the group get the ones they were not fed.
                let len = tb.answers.len();
                for (i, c) in tb.consumers.iter_mut().enumerate() {
                    let outside = !matches!(c.owner, Owner::Table(o) if group.contains(&o));
                    if c.inductive && outside && !c.queued && c.seen < len {
                        c.queued = true;
                        wake.push((c.owner, t, i));
                    }
                }
            }
            tb.complete = true;
            if let Some(md) = tb.moded.take() {
                tb.answers = md.compact(&tb.answers);
            }
            tb.frozen = Some(assume::flat(&tb.answers));
            tb.answers.freeze();
            // Consumers still scheduled (their owners are below the group) keep their state until fed.
            for c in tb.consumers.iter_mut().filter(|c| !c.queued) {
                c.state = State::default();
                c.slots = Rc::from(&[][..]);
            }
            m.out.stats.completed += 1;
        }
        for (owner, t, i) in wake {
            self.push_work(owner, Work::Feed(t, i));
        }
        for &t in &group {
            for st in std::mem::take(&mut self.tables[t as usize].recall) {
                self.push_work(Owner::Root, Work::Resume(st));
            }
            let waiters = std::mem::take(&mut self.tables[t as usize].waiters);
            let holds = !self.tables[t as usize].certain;
            let maybe = self.tables[t as usize].maybe;
            for mut w in waiters {
                w.state.taint |= maybe;
                let in_group = matches!(w.owner, Owner::Table(o) if group.contains(&o));
                if in_group {
                    // The table negates something that depends on it: undefined.
                    m.out.negative_cycle = true;
                    continue;
                }
                if holds {
                    self.push_work(w.owner, Work::Resume(w.state));
                }
            }
        }
    }

    /// Evaluate the table `t` to completion from a run that cannot be suspended (see
    /// [`Hooks::call_complete`]): local scheduling. The work of the tables above the current
    /// owner (those created since it, whose runs are not on the way to here) is done here, and
    /// their groups complete as they become idle, until `t` is complete, or it is left incomplete
    /// because it depends on a table whose evaluation is in progress further out (its answers so
    /// far are then all there is). An error raised by the evaluation abandons the incomplete
    /// tables above the owner.
    fn complete_nested(&mut self, m: &mut Machine<'_>, t: TableId) {
        if self.tables[t as usize].complete {
            return;
        }
        let floor = match self.current {
            Owner::Table(o) if !self.tables[o as usize].complete => self.tables[o as usize].pos + 1,
            Owner::Table(_) => return,
            Owner::Root => 0,
        };
        let saved = self.current;
        while !m.stopped() && !self.tables[t as usize].complete {
            let busy = self.topmost_busy().filter(|&p| p >= floor);
            let idle_from = busy.map_or(floor, |p| p + 1);
            if idle_from < self.stack.len() && self.try_complete(m, idle_from) {
                continue;
            }
            let Some(p) = busy else {
                if floor == 0 && self.topmost_busy().is_none() && !self.stack.is_empty() {
                    // Nothing can produce answers any more: everything on the stack is complete.
                    self.complete_from(m, 0);
                    continue;
                }
                break;
            };
            let tb = self.stack[p];
            let w = self.tables[tb as usize].work.pop().expect("non-empty");
            self.current = Owner::Table(tb);
            self.process(m, w);
        }
        self.current = saved;
        if m.out.error.is_some() && floor < self.stack.len() {
            self.abandon_from(floor);
        }
    }

    /// Drop the incomplete tables from stack position `k` up (an exception ended their
    /// evaluation): a later call makes them again.
    fn abandon_from(&mut self, k: usize) {
        let group: Vec<TableId> = self.stack.drain(k..).collect();
        self.roots.split_off(&k);
        for t in group {
            let tb = &mut self.tables[t as usize];
            self.index.remove(&tb.key);
            tb.work.clear();
            tb.waiters.clear();
            tb.answers = AnswerSet::for_goal(tb.nvars);
            tb.frozen = Some(Rc::from(&[][..]));
            tb.complete = true;
            tb.abandoned = true;
        }
    }

    fn push_work(&mut self, owner: Owner, w: Work) {
        match owner {
            Owner::Root => self.root_work.push(w),
            Owner::Table(t) => {
                let tb = &mut self.tables[t as usize];
                if tb.work.is_empty() && !tb.complete {
                    self.busy.push(tb.pos);
                }
                tb.work.push(w);
            }
        }
    }

    /// The table of a call, created (and scheduled) if new. `None` when the table limit is hit.
    fn table_for(
        &mut self,
        m: &mut Machine<'_>,
        st: &State,
        goal: Ref,
        env: &Env,
        root_goal: bool,
    ) -> Option<(TableId, VarMap, UniverseMap)> {
        if m.program.db.version() != self.db_version {
            self.db_events(m);
        }
        let c = canonicalize_call(m, st, goal, env, root_goal)?;
        if let Some(&t) = self.index.get(&c.key) {
            m.out.stats.cache_hits += u64::from(self.tables[t as usize].complete);
            return Some((t, c.map, c.umap));
        }
        if self.tables.len() >= m.limits.max_tables {
            m.halt(StopReason::Tables(m.limits.max_tables));
            return None;
        }
        // The environment of the table, in canonical numbering (slot k = variable k in its strands).
        let umap = c.umap.clone();
        let (g, map) = c.into_goal(m.store);
        let key = g.key;
        let g_goal = g.goal;
        let t = self.tables.len() as TableId;
        let dfn = self.next_dfn;
        self.next_dfn += 1;
        self.tables.push(Table::new(
            g.goal,
            g.env,
            g.nvars,
            g.universes,
            g.kinds,
            g.universe,
            dfn,
        ));
        self.index.insert(key, t);
        self.tables[t as usize].key = key;
        self.tables[t as usize].moded = moded::for_goal(m.store, self.program, g_goal);
        self.cyclic.push(t);
        if let Some(answers) = self
            .known
            .get(&key)
            .filter(|_| !self.abolished.contains(&key))
        {
            // Completed by an earlier goal: complete here too, nothing to run.
            let tb = &mut self.tables[t as usize];
            tb.answers = answers.clone();
            // (Only tables without ambiguous answers are kept.)
            tb.certain = !tb.answers.is_empty();
            tb.frozen = Some(assume::flat(&tb.answers));
            tb.complete = true;
            m.out.stats.cache_hits += 1;
            return Some((t, map, umap));
        }
        if let Some(dl) = self.datalog.as_deref_mut() {
            let tb = &self.tables[t as usize];
            let (goal, nvars) = (tb.goal, tb.nvars);
            let plain =
                tb.env.is_none() && tb.universes.iter().all(|&u| u == 0) && tb.kinds.is_empty();
            let answers = plain
                .then(|| super::datalog::answer(dl, m, goal, nvars, self.table_all))
                .flatten();
            if m.stopped() {
                // Stopped by a limit inside the closure: its rows are not its answers (an empty
                // table taken as complete made every negation of it hold).
                return None;
            }
            if let Some(answers) = answers {
                // A pure Datalog closure, evaluated bottom-up: complete from the start.
                let tb = &mut self.tables[t as usize];
                tb.answers = answers;
                tb.certain = !tb.answers.is_empty();
                tb.answers.freeze();
                tb.frozen = Some(assume::flat(&tb.answers));
                tb.complete = true;
                return Some((t, map, umap));
            }
        }
        if self.chalk {
            let st = self.start_state(t);
            self.tables[t as usize].strands.push_back(chalk::Queued {
                s: chalk::Strand::Run(st),
                pursued: 0,
            });
            return Some((t, map, umap));
        }
        self.tables[t as usize].pos = self.stack.len();
        self.roots.insert(self.stack.len());
        self.stack.push(t);
        self.push_work(Owner::Table(t), Work::Start);
        Some((t, map, umap))
    }

    /// When calling the incomplete table `t` from the current owner closes a cycle whose every table is
    /// coinductive: the tables on that cycle. The cycle is found along the consumer edges (`t` consumes
    /// `a`, which consumes ... the current owner), through incomplete coinductive tables only — not along
    /// the order in which tables were created, which need not be the order of the calls.
    fn coinductive_cycle(&mut self, m: &Machine<'_>, t: TableId) -> Option<Vec<TableId>> {
        let Owner::Table(cur) = self.current else {
            return None;
        };
        if !self.is_coinductive(m, cur) || !self.is_coinductive(m, t) {
            return None;
        }
        if cur == t {
            return Some(vec![t]);
        }
        let target = self.find_cyclic(t);
        if self.find_cyclic(cur) == target {
            return Some(vec![t, cur]);
        }
        // Breadth-first from the current owner to the tables consuming it, up to `t` or a table known
        // to be on a coinductive cycle with `t`.
        let mut came_from: FxHashMap<TableId, TableId> = FxHashMap::default();
        let mut queue = std::collections::VecDeque::from([cur]);
        came_from.insert(cur, cur);
        while let Some(x) = queue.pop_front() {
            for i in 0..self.tables[x as usize].consumers.len() {
                let Owner::Table(o) = self.tables[x as usize].consumers[i].owner else {
                    continue;
                };
                if came_from.contains_key(&o)
                    || self.tables[o as usize].complete
                    || !self.is_coinductive(m, o)
                {
                    continue;
                }
                came_from.insert(o, x);
                if o == t || self.find_cyclic(o) == target {
                    let mut path = vec![t, o];
                    let mut y = x;
                    loop {
                        path.push(y);
                        if y == cur {
                            break;
                        }
                        y = came_from[&y];
                    }
                    for &p in &path {
                        self.join_cyclic(p, t);
                    }
                    return Some(path);
                }
                queue.push_back(o);
            }
        }
        None
    }

    /// The representative of `t`'s set of tables on coinductive cycles.
    fn find_cyclic(&mut self, mut t: TableId) -> TableId {
        while self.cyclic[t as usize] != t {
            let up = self.cyclic[self.cyclic[t as usize] as usize];
            self.cyclic[t as usize] = up;
            t = up;
        }
        t
    }

    fn join_cyclic(&mut self, a: TableId, b: TableId) {
        let (a, b) = (self.find_cyclic(a), self.find_cyclic(b));
        if a != b {
            self.cyclic[a as usize] = b;
        }
    }

    fn is_coinductive(&self, m: &Machine<'_>, t: TableId) -> bool {
        let g = self.tables[t as usize].goal;
        m.store
            .functor(g)
            .is_some_and(|p| m.program.coinductive.contains(&p))
    }

    /// The current owner consumes the incomplete table `t`. Answers resting on an unconfirmed
    /// coinductive assumption flow on through coinductive tables, which become provisional in turn; an
    /// inductive table is not fed them (they could close a mixed cycle), only the table's view
    /// (`assume.rs`).
    fn consume_provisional(&mut self, m: &mut Machine<'_>, t: TableId) {
        if !self.tables[t as usize].provisional {
            return;
        }
        if let Owner::Table(o) = self.current {
            if self.is_coinductive(m, o) {
                self.make_provisional(o);
            }
        }
    }

    /// Answers of `t` from now on may rest on an unconfirmed coinductive assumption. Its inductive
    /// consumers are scheduled to be fed its view instead.
    fn make_provisional(&mut self, t: TableId) {
        let tb = &mut self.tables[t as usize];
        tb.provisional = true;
        if tb.prov_from.is_some() {
            return;
        }
        tb.prov_from = Some(tb.answers.len());
        let mut wake = Vec::new();
        for (i, c) in tb.consumers.iter_mut().enumerate() {
            if c.inductive && !c.queued {
                c.queued = true;
                wake.push((c.owner, i));
            }
        }
        for (owner, i) in wake {
            self.push_work(owner, Work::Feed(t, i));
        }
    }

    fn depend_on(&mut self, t: TableId) {
        if let Owner::Table(o) = self.current {
            let tt = &self.tables[t as usize];
            if !tt.complete {
                let (d, below) = (tt.dfn, tt.pos);
                let ot = &mut self.tables[o as usize];
                if d < ot.lowlink {
                    ot.lowlink = d;
                    // No table from just above `t` up to the owner can root a group any more.
                    let p = ot.pos;
                    let gone: Vec<usize> = self.roots.range(below + 1..=p).copied().collect();
                    for r in gone {
                        self.roots.remove(&r);
                    }
                }
            }
        }
    }

    /// Take the dynamic database's new events into account: `abolish_all_tables/0` and
    /// `abolish_table_pred/1` abolish complete tables; a change to a dynamic predicate declared
    /// incremental abolishes the complete incremental tables that may depend on it (XSB's
    /// incremental tabling: the others keep their answers until abolished). An abolished table is
    /// evaluated again by its next call.
    fn db_events(&mut self, m: &mut Machine<'_>) {
        let program = self.program;
        self.db_version = program.db.version();
        let events = program.db.events_since(self.db_seen);
        self.db_seen += events.len();
        for e in events {
            use crate::dynamic::DbEvent;
            let deps = match e {
                DbEvent::Changed(p) if program.incremental.contains(&p) => {
                    Some(program.dependents(m.store, p))
                }
                DbEvent::Changed(_) => continue,
                _ => None,
            };
            let tables = &self.tables;
            let store = &*m.store;
            let mut gone = Vec::new();
            self.index.retain(|&key, &mut t| {
                let tb = &tables[t as usize];
                let pred = store.functor(tb.goal);
                let hit = tb.complete
                    && match e {
                        DbEvent::AbolishAllTables => true,
                        DbEvent::AbolishTables(p) => pred == Some(p),
                        DbEvent::AbolishCall(k) => tb.env.is_none() && unifiable(store, tb.goal, k),
                        DbEvent::Changed(_) => pred.is_some_and(|p| {
                            program.incremental.contains(&p)
                                && deps.as_ref().is_some_and(|d| d.contains(&p))
                        }),
                    };
                if hit {
                    gone.push(key);
                }
                !hit
            });
            self.abolished.extend(gone);
        }
    }

    fn add_answer(&mut self, m: &mut Machine<'_>, t: TableId, ans: &[TermId]) {
        let tb = &mut self.tables[t as usize];
        if tb.provisional && !tb.complete {
            // An answer resting on an unconfirmed coinductive assumption that outgrows its goal: each
            // trip around the cycle feeds a bigger answer back in, the fixpoint iteration that never
            // stabilises (`impl<T, U> Tr for W<(W<T>, W<U>)> where W<T>: Tr, W<U>: Tr`). Stop it as
            // the recursive strategy does after `max_iterations` rounds.
            let grown: u64 = ans.iter().map(|&v| m.store.size(v) as u64).sum();
            let budget = m.store.size(tb.goal) as u64 + 32 * m.limits.max_iterations as u64;
            if grown > budget {
                m.halt(StopReason::Iterations(m.limits.max_iterations));
                return;
            }
        }
        if let Some(md) = tb.moded.take() {
            // Mode-directed: the answer aggregated with the binding's live one, if it changes it.
            let merged = if tb.complete {
                None
            } else {
                md.merge(m, &tb.answers, ans)
            };
            let tb = &mut self.tables[t as usize];
            let mut md = md;
            let added = match merged {
                Some((vals, old)) if record(m, &mut tb.answers, &vals) => {
                    md.recorded(&vals, tb.answers.len() - 1, old);
                    true
                }
                _ => false,
            };
            tb.moded = Some(md);
            if !added || self.chalk {
                return;
            }
        } else {
            if tb.complete {
                return;
            }
            let general;
            let ans = if !self.chalk
                && self.program.dialect.flounder_as_ambiguous
                && super::answers::too_big(m, ans)
            {
                // Too deep (or large) to keep: the table keeps the goal as it stands instead, as an
                // ambiguous answer (chalk truncates an answer so), and says it may hold in ways it
                // does not list. Its consumers are tainted through that answer; a negation of it
                // still fails for certain when it has a certain answer. (The search as a whole is
                // not marked truncated: whatever does not depend on this table stays certain.)
                general = truncated_answer(m, tb.nvars);
                tb.maybe |= TAINT_TRUNCATED;
                m.out
                    .truncated_by
                    .get_or_insert(StopReason::TermDepth(m.limits.max_term_depth));
                &general[..]
            } else {
                ans
            };
            let tb = &mut self.tables[t as usize];
            if !record(m, &mut tb.answers, ans) || self.chalk {
                return;
            }
        }
        let tb = &mut self.tables[t as usize];
        let mut wake = Vec::new();
        for (i, c) in tb.consumers.iter_mut().enumerate() {
            if !c.queued {
                c.queued = true;
                wake.push((c.owner, i));
            }
        }
        for (owner, i) in wake {
            self.push_work(owner, Work::Feed(t, i));
        }
    }
}

impl Engine<'_, '_> {
    /// Under a well-founded rerun, the negation of table `t` decided by the run's interpretation
    /// (without waiting for the table, which is evaluated all the same for the next run).
    fn wfs_negation(&mut self, t: TableId) -> Option<NotAction> {
        let w = self.wfs?;
        let tb = &self.tables[t as usize];
        // A table the interpretation does not know gets the run's default even when it is
        // complete: its answers may rest on negations this run decided by default.
        let has = w.has.get(&tb.key).copied().unwrap_or(w.default_has);
        self.negated.push(t);
        Some(if has {
            NotAction::Fails
        } else {
            NotAction::Holds
        })
    }
}

impl Hooks for Engine<'_, '_> {
    fn is_tabled(&self, pred: Pred) -> bool {
        self.table_all || self.program.is_tabled(pred)
    }

    fn call_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &State,
        goal: Ref,
        env: &Env,
    ) -> CallAction {
        if self.chalk {
            return CallAction::Resolve;
        }
        let Some((t, map, umap)) = self.table_for(m, st, goal, env, false) else {
            return CallAction::Suspend;
        };
        self.complete_nested(m, t);
        if m.stopped() {
            return CallAction::Suspend;
        }
        let tb = &self.tables[t as usize];
        let answers = match &tb.frozen {
            Some(f) => f.clone(),
            None => assume::flat(&tb.answers),
        };
        if !tb.complete {
            // Its evaluation is in progress further out: the answers so far.
            self.depend_on(t);
        }
        let answers = answers_to_caller(m.store, &umap, answers);
        CallAction::Answers(answers, map.slots.into())
    }

    fn negation_complete(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
    ) -> Option<NotAction> {
        if self.chalk {
            return None;
        }
        let Some((t, _, _)) = self.table_for(m, st, goal, env, false) else {
            return Some(NotAction::Fails);
        };
        if let Some(a) = self.wfs_negation(t) {
            return Some(a);
        }
        self.complete_nested(m, t);
        if m.stopped() {
            return Some(NotAction::Fails);
        }
        let tb = &self.tables[t as usize];
        if tb.certain {
            return Some(NotAction::Fails);
        }
        if tb.complete {
            // Only ambiguous answers (or none): the negation holds, possibly.
            st.taint |= tb.maybe;
            return Some(NotAction::Holds);
        }
        // It depends on a table whose evaluation is in progress further out: undefined here.
        m.out.negative_cycle = true;
        self.depend_on(t);
        Some(NotAction::Fails)
    }

    fn call(&mut self, m: &mut Machine<'_>, st: &State, goal: Ref, env: &Env) -> CallAction {
        let tables_before = self.tables.len();
        let from_query = matches!(self.current, Owner::Root);
        let root_goal = is_root_goal(from_query, st, &mut self.query_called);
        let Some((t, map, umap)) = self.table_for(m, st, goal, env, root_goal) else {
            return CallAction::Suspend;
        };
        // A table created by this very call has not run: it consumes nothing, so no cycle goes
        // through it (and the search for one, linear in the open tables, is skipped).
        let fresh = t as usize >= tables_before;
        trace::emit(|| self.trace_call(t, fresh, false));
        let slots: Rc<[u32]> = map.slots.into();
        if self.chalk {
            // The strand selects the subgoal (`chalk.rs`), complete or not.
            let tb = &mut self.tables[t as usize];
            tb.consumers.push(Consumer {
                owner: self.current,
                state: st.suspended(),
                slots,
                umap,
                seen: 0,
                queued: false,
                inductive: false,
                view_seen: 0,
            });
            m.out.stats.consumers += 1;
            let c = tb.consumers.len() - 1;
            self.event = Some(chalk::Event::Select(chalk::Strand::Call { t, c, k: 0 }));
            m.pause = true;
            return CallAction::Suspend;
        }
        if let Some(frozen) = &self.tables[t as usize].frozen {
            let answers = answers_to_caller(m.store, &umap, frozen.clone());
            if root_goal && self.query_is_one_call && self.answer_straight(m, st, &answers, &slots)
            {
                // Reported: nothing left to try (if the caller or a limit stopped the report, the
                // machine sees that it stopped).
                return CallAction::Answers(Rc::from([]), slots);
            }
            return CallAction::Answers(answers, slots);
        }
        if matches!(self.current, Owner::Root) && self.tables[t as usize].moded.is_some() {
            // The query takes a mode-directed table's answers once it is complete (none of them
            // superseded): its state, the call in front, is resumed then.
            let mut again = st.clone();
            again.goals = super::machine::cons(GoalKind::Call(goal), env, 0, st.goals.clone());
            self.tables[t as usize].recall.push(again);
            return CallAction::Suspend;
        }
        let inductive = matches!(self.current, Owner::Table(o) if !self.is_coinductive(m, o));
        let tb = &mut self.tables[t as usize];
        let queued = !tb.answers.is_empty() || (inductive && tb.prov_from.is_some());
        tb.consumers.push(Consumer {
            owner: self.current,
            state: st.suspended(),
            slots: slots.clone(),
            umap: umap.clone(),
            seen: 0,
            queued,
            inductive,
            view_seen: 0,
        });
        m.out.stats.consumers += 1;
        let c = tb.consumers.len() - 1;
        if queued {
            let owner = self.current;
            self.push_work(owner, Work::Feed(t, c));
        }
        self.depend_on(t);
        self.consume_provisional(m, t);
        let cycle = if fresh {
            None
        } else {
            self.coinductive_cycle(m, t)
        };
        if let Some(path) = cycle {
            let (from, key) = (self.owner_key(), self.tables[t as usize].key);
            let link = trace::Link::Cycle { coinductive: true };
            trace::emit(|| trace::Event::Call {
                from,
                key,
                goal: None,
                link,
            });
            // Every goal on the cycle is coinductive: answer the call with what is assumed of the goal
            // (at first the goal itself: its identity answer, which binds nothing) and go on;
            // completion checks that the table confirms it.
            self.tables[t as usize].assumed = true;
            for x in path {
                self.make_provisional(x);
            }
            let owner = self.current;
            let key = self.tables[t as usize].key;
            let width = super::answers::answer_width(self.tables[t as usize].nvars);
            match self.assume.co.get(&key) {
                None => self.push_work(owner, Work::Resume(st.clone())),
                Some(assumed) => {
                    for tuple in assume::tuples(assumed, width) {
                        let vals: Vec<TermId> = match &umap {
                            Some(u) => tuple
                                .iter()
                                .map(|&v| value_to_caller(m.store, u, v))
                                .collect(),
                            None => tuple.to_vec(),
                        };
                        let mut resumed = st.clone();
                        if m.unify_answer(&mut resumed, &slots, &vals) {
                            self.push_work(owner, Work::Resume(resumed));
                        }
                    }
                }
            }
        }
        CallAction::Suspend
    }

    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        if self.chalk && st.taint != 0 && !self.ambiguous_mode(self.current) {
            // chalk's strand that can only give an ambiguous answer waits until its table takes
            // ambiguous answers.
            self.event = Some(chalk::Event::Defer(st.clone()));
            m.pause = true;
            return m.flow();
        }
        match self.current {
            Owner::Root if self.chalk => {
                let before = self.root.reported();
                let flow = self.root.success(m, st);
                self.event = Some(chalk::Event::Answer(self.root.reported() > before));
                m.pause = true;
                flow
            }
            Owner::Root => self.root.success(m, st),
            Owner::Table(t) => {
                // A derivation that went past undecided goals gives an ambiguous answer (its
                // constraint list carries the marker, so a consumer fed it is tainted too), as
                // chalk's strand whose remaining subgoals floundered: the substitution is kept.
                let tb = &mut self.tables[t as usize];
                tb.maybe |= st.taint;
                if st.taint == 0 {
                    tb.certain = true;
                }
                let n = tb.nvars;
                let mut vals = std::mem::take(&mut self.vals);
                m.answer_values(st, n, &mut vals);
                let before = self.tables[t as usize].answers.len();
                self.add_answer(m, t, &vals);
                self.vals = vals;
                if self.tables[t as usize].answers.len() > before {
                    let (key, values) = (self.tables[t as usize].key, self.vals.clone());
                    trace::emit(|| trace::Event::Answer { key, values });
                }
                if self.chalk {
                    let new = self.tables[t as usize].answers.len() > before;
                    self.chalk_answer(m, t, new, st.taint);
                }
                m.flow()
            }
        }
    }

    fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
        _depth: u32,
    ) -> NotAction {
        let Some((t, _, _)) = self.table_for(m, st, goal, env, false) else {
            return NotAction::Fails;
        };
        trace::emit(|| self.trace_call(t, false, true));
        if !self.chalk {
            if let Some(a) = self.wfs_negation(t) {
                return a;
            }
        }
        let tb = &mut self.tables[t as usize];
        if tb.complete {
            // Only ambiguous answers (or none): the negation holds, possibly.
            return if !tb.certain {
                st.taint |= tb.maybe;
                NotAction::Holds
            } else {
                NotAction::Fails
            };
        }
        if self.chalk {
            if tb.certain {
                return NotAction::Fails;
            }
            self.event = Some(chalk::Event::Select(chalk::Strand::Neg {
                t,
                st: st.suspended(),
            }));
            m.pause = true;
            return NotAction::Suspend;
        }
        tb.waiters.push(Waiter {
            owner: self.current,
            state: st.suspended(),
        });
        self.depend_on(t);
        NotAction::Suspend
    }
}
