//! The depth-first resolution machine shared by the strategies.
//!
//! A [`State`] is one derivation: bindings, a persistent goal list and the current universe. [`Machine::run`]
//! explores a state depth-first with choice points and a trail (no copying on backtracking). What a
//! strategy does differently — tabled calls, negation, what to do with a success — it says through
//! [`Hooks`]. SLD uses the machine as is; SLG suspends a copy of the state at a tabled call.

use super::{Limits, Outcome, StopReason};
use crate::clock::Instant;
use crate::program::{Pred, Program};
use crate::term::unify::{Bindings, Deref, Ref, UnifyOptions, VarKind, VarMap};
use crate::term::{syms, Store, Sym, TermId, View};
use std::ops::ControlFlow;
use std::rc::Rc;
use std::sync::atomic::Ordering;

/// The hooks a nested search (`findall/3`, `\+`, `once`-like "is there a proof?") takes from its
/// parent: tabled calls answered from the parent's complete tables, negations decided as the
/// parent decides them, the parent's ranking of default clauses. Expands inside `impl Hooks for S`
/// where `S` has a field `parent: &mut dyn Hooks`; `success` stays the nested search's own.
macro_rules! nested_hooks {
    () => {
        fn is_tabled(&self, pred: $crate::program::Pred) -> bool {
            self.parent.is_tabled(pred)
        }
        fn call(
            &mut self,
            m: &mut $crate::solve::machine::Machine<'_>,
            st: &$crate::solve::machine::State,
            goal: $crate::term::unify::Ref,
            env: &$crate::solve::machine::Env,
        ) -> $crate::solve::machine::CallAction {
            self.parent.call_complete(m, st, goal, env)
        }
        fn call_complete(
            &mut self,
            m: &mut $crate::solve::machine::Machine<'_>,
            st: &$crate::solve::machine::State,
            goal: $crate::term::unify::Ref,
            env: &$crate::solve::machine::Env,
        ) -> $crate::solve::machine::CallAction {
            self.parent.call_complete(m, st, goal, env)
        }
        fn negation(
            &mut self,
            m: &mut $crate::solve::machine::Machine<'_>,
            st: &mut $crate::solve::machine::State,
            goal: $crate::term::unify::Ref,
            env: &$crate::solve::machine::Env,
            depth: u32,
        ) -> $crate::solve::machine::NotAction {
            match self.parent.negation_complete(m, st, goal, env) {
                Some(a) => a,
                None => m.negate_by_search(st, goal, env, depth, &mut *self.parent),
            }
        }
        fn negation_complete(
            &mut self,
            m: &mut $crate::solve::machine::Machine<'_>,
            st: &mut $crate::solve::machine::State,
            goal: $crate::term::unify::Ref,
            env: &$crate::solve::machine::Env,
        ) -> Option<$crate::solve::machine::NotAction> {
            self.parent.negation_complete(m, st, goal, env)
        }
        fn ranks_defaults(&self) -> bool {
            self.parent.ranks_defaults()
        }
    };
}
pub(crate) use nested_hooks;

#[path = "builtins/mod.rs"]
pub mod builtins;

/// A persistent list of goals still to prove.
pub type Goals = Option<Rc<GoalNode>>;

/// What a goal-list entry asks.
#[derive(Clone, Copy, Debug)]
pub enum GoalKind {
    /// Prove the goal (a tabled predicate goes through the strategy's hook).
    Call(Ref),
    /// Resolve the goal against clauses directly (the body of a table's own evaluation).
    Direct(Ref),
    /// Cut: drop the choice points above this height.
    CutTo(usize),
    /// A call to a non-enumerable predicate that floundered once and was moved behind the other goals
    /// of its conjunction (as chalk's SLG solver moves a floundered subgoal to the end): if it still
    /// flounders, the branch does.
    Deferred(Ref),
    /// Prove the goal, where a `!` inside its control constructs cuts to this height (a query, a
    /// disjunction or if-then-else in a clause body, `call/1`).
    CallCut(Ref, usize),
    /// `catch/3`'s goal succeeded: its catch frame at this height is dropped when no choice of the
    /// goal is left (after that, an error is no longer the goal's).
    CatchExit(usize),
}

/// One entry of a goal list.
#[derive(Debug)]
pub struct GoalNode {
    pub kind: GoalKind,
    pub env: Env,
    pub depth: u32,
    pub next: Goals,
    /// A cut (`CutTo`) or a catch frame's exit (`CatchExit`) follows in this list: the goal runs
    /// inside an if-then-else condition, before a `!`, or inside `catch/3`. Such goals are solved
    /// in this run, never suspended (a state resumed in a later run has lost the choice points the
    /// cut must remove, and the catch frame): a tabled call gets its table completed first and
    /// tries its answers here ([`Hooks::call_complete`]), a negation is decided on a completed
    /// table or by a nested search.
    pub cut_scope: bool,
}

/// Drop a linked list that can be as long as the search is deep link by link, not by recursion
/// (which overflows an ordinary thread's stack, e.g. for `sld` at its depth limit); `next` takes a
/// node's link. A link still shared elsewhere ends the walk: its other owner drops it later.
fn drop_chain<T>(mut link: Option<Rc<T>>, next: fn(&mut T) -> Option<Rc<T>>) {
    while let Some(rc) = link {
        link = match Rc::try_unwrap(rc) {
            Ok(mut node) => next(&mut node),
            Err(_) => None,
        };
    }
}

impl Drop for GoalNode {
    fn drop(&mut self) {
        drop_chain(self.next.take(), |n| n.next.take());
    }
}

impl Drop for EnvNode {
    fn drop(&mut self) {
        drop_chain(self.next.take(), |n| n.next.take());
    }
}

/// A hypothesis added by `C => G`: a clause whose variables are absolute slot numbers; `bound` lists
/// the ones quantified by `forall` inside the hypothesis (renamed at each use).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Hyp {
    pub term: TermId,
    pub bound: Rc<[u32]>,
}

/// A persistent list of hypotheses.
pub type Env = Option<Rc<EnvNode>>;

/// One hypothesis in an environment.
#[derive(Debug)]
pub struct EnvNode {
    pub hyp: Hyp,
    pub next: Env,
}

/// Iterate an environment's hypotheses, innermost first.
pub fn env_iter(env: &Env) -> impl Iterator<Item = &Hyp> {
    let mut cur = env.as_deref();
    std::iter::from_fn(move || {
        let n = cur?;
        cur = n.next.as_deref();
        Some(&n.hyp)
    })
}

/// One derivation in progress.
#[derive(Clone, Debug, Default)]
pub struct State {
    pub b: Bindings,
    pub goals: Goals,
    pub universe: u32,
    /// Goals this derivation went past without deciding them ([`TAINT_TRUNCATED`]: a call nested
    /// deeper than the term-depth limit; [`TAINT_FLOUNDERED`]: reserved for floundered goals, which
    /// today end their branch and flag the outcome, as chalk's harness reports them). The
    /// branch goes on as if they held: if it fails anyway, it fails for certain (a conjunction with a
    /// definitely failing member fails); if it succeeds, its answer is only possible (ambiguous).
    pub taint: u8,
    /// The goal this derivation started from was resolved with a default clause (its body begins
    /// with `'$fallback'`): the `recursive` strategy ranks the answer below the others.
    pub fallback: bool,
}

/// A call was truncated (over `max_term_size` or `max_term_depth`) on this branch.
pub const TAINT_TRUNCATED: u8 = 1;
/// A goal floundered on this branch.
pub const TAINT_FLOUNDERED: u8 = 2;
/// A call mentioning a functor the program does not define was taken as holding by clauses the
/// program does not have (`'$open'`, [`crate::program::Program::open`]).
pub const TAINT_OPEN: u8 = 4;

impl State {
    /// A state with `nvars` fresh slots (universe 0, or `universes[i]`; general, or of kind `kinds[i]`)
    /// and one goal.
    pub fn start(
        goal: GoalKind,
        env: Env,
        nvars: u32,
        universes: &[u32],
        kinds: &[VarKind],
    ) -> State {
        let mut b = Bindings::new();
        b.alloc(nvars, 0);
        for (i, &u) in universes.iter().enumerate() {
            if u > 0 && (i as u32) < nvars {
                b.set_universe(i as u32, u);
            }
        }
        for (i, &k) in kinds.iter().enumerate() {
            if (i as u32) < nvars {
                b.narrow_kind(i as u32, k);
            }
        }
        b.clear_trail();
        let universe = universes.iter().copied().max().unwrap_or(0);
        State {
            b,
            goals: Some(Rc::new(GoalNode {
                kind: goal,
                env,
                depth: 0,
                next: None,
                cut_scope: false,
            })),
            universe,
            taint: 0,
            fallback: false,
        }
    }
}

impl State {
    /// A copy of this state to be resumed later by a run of its own (a consumer suspended at a
    /// tabled call, a negation waiting for its table). That run starts with no choice point, so it
    /// never undoes what was trailed before: the copy drops the trail, and shares the slots'
    /// chunks with this state (`Bindings` clones them by pointer).
    pub fn suspended(&self) -> State {
        let mut s = self.clone();
        s.b.clear_trail();
        s
    }

    /// The state that starts solving a query: a slot for every variable of the goal (the reported ones
    /// and the others, such as `forall` binders and projection stand-ins of a lowered goal).
    pub fn for_query(store: &Store, goal: &super::Goal) -> State {
        let slots = goal.nvars.max(store.var_count(goal.term));
        let mut st = State::start(
            GoalKind::CallCut(Ref::new(goal.term, 0), 0),
            None,
            slots,
            &[],
            &[],
        );
        // A query that names placeholders (an explanation's `forall` body) lives in their universe:
        // a `forall` inside it makes placeholders of a new universe, never one of these again.
        st.universe = store.max_universe(goal.term);
        st
    }
}

/// What the strategy decides for a tabled call.
pub enum CallAction {
    /// Resolve it against the clauses like any other goal.
    Resolve,
    /// The strategy kept a copy of the state; this branch ends here.
    Suspend,
    /// Try each of these answers (flat tuples of width `slots.len()`) for the call's variables (`slots`).
    Answers(Rc<[TermId]>, Rc<[u32]>),
}

/// What the strategy decides for `\+ G`.
pub enum NotAction {
    /// `G` has no proof: continue.
    Holds,
    /// `G` has a proof (or the branch should end).
    Fails,
    /// The strategy kept a copy of the state and will resume it later.
    Suspend,
}

/// How a strategy customizes the machine.
pub trait Hooks {
    /// Should calls to this predicate go through [`Hooks::call`]?
    fn is_tabled(&self, pred: Pred) -> bool;
    /// A call to a tabled predicate. `st.goals` holds the continuation after the call.
    fn call(&mut self, m: &mut Machine<'_>, st: &State, goal: Ref, env: &Env) -> CallAction;
    /// The goal list is empty: an answer.
    fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()>;
    /// `\+ goal`. `st.goals` holds the continuation.
    fn negation(
        &mut self,
        m: &mut Machine<'_>,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
    ) -> NotAction;
    /// A tabled call where the branch cannot be suspended: inside a nested search (`findall/3`,
    /// `forall/2`, `aggregate_all/3`, a negation's search), inside `catch/3`, or before a cut
    /// (`GoalNode::cut_scope`). A tabling strategy completes the call's table first (local
    /// scheduling: the call's strongly connected group of tables is evaluated to completion) and
    /// answers it from the table; the default resolves it against the clauses.
    fn call_complete(
        &mut self,
        _m: &mut Machine<'_>,
        _st: &State,
        _goal: Ref,
        _env: &Env,
    ) -> CallAction {
        CallAction::Resolve
    }
    /// `\+ goal` of a tabled call where the branch cannot be suspended (see
    /// [`Hooks::call_complete`]): the strategy completes the goal's table and decides. `None`: the
    /// machine decides it by a nested search for one proof.
    fn negation_complete(
        &mut self,
        _m: &mut Machine<'_>,
        _st: &mut State,
        _goal: Ref,
        _env: &Env,
    ) -> Option<NotAction> {
        None
    }
    /// Does the strategy rank default answers below the others (`'$fallback'` clauses, a foreign
    /// predicate's `Ranked` defaults)? Only `recursive` does, as chalk's recursive solver.
    fn ranks_defaults(&self) -> bool {
        false
    }
}

/// What a derivation carries besides its bindings, saved at a choice point and restored on
/// backtracking (an alternative clause starts untainted and unranked).
#[derive(Clone, Copy)]
pub struct Marks {
    taint: u8,
    fallback: bool,
}

impl Marks {
    pub fn of(st: &State) -> Marks {
        Marks {
            taint: st.taint,
            fallback: st.fallback,
        }
    }
}

/// What is done with a dynamic clause whose head unifies with the goal.
#[derive(Clone, Copy, Debug)]
pub enum DynMode {
    /// Run its body (a call).
    Call,
    /// Unify its body with this term (`clause/2`).
    Clause(Ref),
    /// Unify its body with this term and erase the clause (`retract/1`).
    Retract(Ref),
}

pub enum Choice<'p> {
    Resolve {
        goal: Ref,
        env: Env,
        depth: u32,
        rest: Goals,
        hyps: Vec<Hyp>,
        clauses: &'p [u32],
        pos: usize,
        mark: usize,
        nslots: usize,
        universe: u32,
        marks: Marks,
    },
    Alt {
        goals: Goals,
        mark: usize,
        nslots: usize,
        universe: u32,
        marks: Marks,
    },
    Answers {
        answers: Rc<[TermId]>,
        slots: Rc<[u32]>,
        pos: usize,
        rest: Goals,
        mark: usize,
        nslots: usize,
        universe: u32,
        marks: Marks,
    },
    /// The clauses of a dynamic predicate left to try (`Program::db`): the list as it was when the
    /// call was made (the logical update view).
    Dynamic {
        goal: Ref,
        env: Env,
        depth: u32,
        rest: Goals,
        clauses: crate::dynamic::DynClauses,
        pos: usize,
        mode: DynMode,
        mark: usize,
        nslots: usize,
        universe: u32,
        marks: Marks,
    },
    /// `catch(G, Catcher, Recovery)` while `G` runs: transparent to backtracking, the place an error
    /// raised inside `G` unwinds to.
    Catch {
        catcher: Ref,
        recovery: Ref,
        env: Env,
        depth: u32,
        rest: Goals,
        mark: usize,
        nslots: usize,
        universe: u32,
        marks: Marks,
    },
}

/// The shared resolution engine for one solve.
pub struct Machine<'p> {
    pub store: &'p mut Store,
    pub program: &'p Program,
    pub limits: &'p Limits,
    pub opts: UnifyOptions,
    pub out: Outcome,
    start: Instant,
    mem_checked: Instant,
    /// The resident set was above 3/4 of the memory budget at the last check.
    mem_near: bool,
    cut_atom: TermId,
    negation_depth: u32,
    /// The Prolog built-in predicates by symbol (see `builtins/`).
    bt: builtins::Table,
    /// Set by [`canonicalize_call`](super::canon_goal::canonicalize_call) when it truncates a call;
    /// the machine then taints the branch and goes on past the call.
    pub truncated_call: bool,
    /// A caller fed an ambiguous answer applies its substitution (chalk's recursive solver applies
    /// an ambiguous result's definite substitution); otherwise it goes on past the call unbound
    /// (chalk's SLG floundering the subgoal). Both taint the caller.
    pub apply_ambiguous: bool,
    /// The region constraints that relating binder types (and escaping regions) records are
    /// listed last first, as chalk's SLG solver lists them (it solves the goals a unification
    /// leaves from the last one): set by `slg` for `.chalk` programs (`Program::chalk_guidance`).
    pub constraints_reversed: bool,
    /// An answer lists each region constraint once, as chalk's recursive solver keeps them (a
    /// set): set by `recursive` for `.chalk` programs.
    pub constraints_deduplicated: bool,
    /// A call whose answer is ambiguous and binds nothing is retried after the rest of its
    /// conjunction (chalk's recursive solver's fulfillment loop): set by `recursive` for `.chalk`
    /// programs.
    pub retry_ambiguous: bool,
    /// A hook asks the run to stop at the next point where it would backtrack, keeping what is left
    /// of it (its choice points) as a paused run (`slg`'s chalk order: one strand at a time).
    pub pause: bool,
    /// Runs paused with alternatives left, by id (see [`Machine::resume`]).
    paused: Vec<Option<PausedRun<'p>>>,
    paused_free: Vec<usize>,
    /// chalk's clause order, set by `slg`'s chalk order: a goal's default clauses (`'$fallback'`,
    /// the rigid alias of `alias_eq`) first, then its other program clauses, then its environment's
    /// clauses (chalk-solve lists the fallback fact before the normalization rule, and the
    /// environment's clauses after the program's).
    pub chalk_clause_order: bool,
}

/// A run stopped by [`Machine::pause`]: its state and the choice points left.
type PausedRun<'p> = (State, Vec<Choice<'p>>);

type Flow = ControlFlow<(), bool>;

/// The taint of an ambiguous answer (its constraint list `cs` holds `'$ambiguous'(Taint)`).
pub fn answer_taint(store: &Store, cs: TermId) -> Option<u8> {
    let mut cur = cs;
    while let View::App(syms::CONS, [c, rest]) = store.view(cur) {
        if let View::App(syms::AMBIGUOUS, [t]) = store.view(*c) {
            if let View::Int(bits) = store.view(*t) {
                return Some(bits as u8);
            }
        }
        cur = *rest;
    }
    None
}

pub fn cons(kind: GoalKind, env: &Env, depth: u32, next: Goals) -> Goals {
    cons_scoped(kind, env, depth, next, false)
}

/// [`cons`], with `cuts` true when `kind` itself may run a cut of the clause (a control construct
/// of its body with `!` inside: `(! ; G)`), so the goals before it are in a cut's scope too.
pub fn cons_scoped(kind: GoalKind, env: &Env, depth: u32, next: Goals, cuts: bool) -> Goals {
    let cut_scope = cuts
        || matches!(kind, GoalKind::CutTo(_) | GoalKind::CatchExit(_))
        || next.as_ref().is_some_and(|n| n.cut_scope);
    Some(Rc::new(GoalNode {
        kind,
        env: env.clone(),
        depth,
        next,
        cut_scope,
    }))
}

/// Insert `kind` at the end of the conjunction at the head of `goals`: before the first cut (which
/// ends an if-then-else condition) or at the end. False when there is nothing to move past.
fn defer(goals: &mut Goals, kind: GoalKind, env: &Env, depth: u32) -> bool {
    let mut prefix: Vec<(GoalKind, Env, u32)> = Vec::new();
    let mut cur = goals.clone();
    while let Some(n) = cur {
        if matches!(n.kind, GoalKind::CutTo(_)) {
            cur = Some(n);
            break;
        }
        prefix.push((n.kind, n.env.clone(), n.depth));
        cur = n.next.clone();
    }
    if prefix.is_empty() {
        return false;
    }
    let mut list = cons(kind, env, depth, cur);
    for (k, e, d) in prefix.into_iter().rev() {
        list = cons(k, &e, d, list);
    }
    *goals = list;
    true
}

impl<'p> Machine<'p> {
    pub fn new(store: &'p mut Store, program: &'p Program, limits: &'p Limits) -> Machine<'p> {
        let cut_atom = store.atom_named("!");
        let bt = builtins::Table::new(store);
        Machine {
            bt,
            store,
            program,
            limits,
            opts: UnifyOptions {
                occurs_check: limits.occurs_check,
                relate_fn_ptrs: program.dialect.chalk_guidance,
            },
            out: Outcome {
                aggregation: super::Aggregation {
                    chalk_guidance: program.dialect.chalk_guidance,
                    ..Default::default()
                },
                ..Outcome::default()
            },
            start: Instant::now(),
            mem_checked: Instant::now(),
            mem_near: false,
            cut_atom,
            negation_depth: 0,
            truncated_call: false,
            apply_ambiguous: false,
            constraints_reversed: false,
            constraints_deduplicated: false,
            retry_ambiguous: false,
            pause: false,
            paused: Vec::new(),
            paused_free: Vec::new(),
            chalk_clause_order: false,
        }
    }

    /// A derivation that went past undecided goals succeeded: its answer is reported as only possible
    /// (ambiguous); the outcome records why, for callers that want a certain answer.
    pub fn note_taint(&mut self, taint: u8) {
        if taint & TAINT_TRUNCATED != 0 {
            self.out.ambiguous_truncated = true;
        }
        if taint & TAINT_FLOUNDERED != 0 {
            self.out.ambiguous_floundered = true;
        }
        if taint & TAINT_OPEN != 0 {
            self.out.ambiguous_open = true;
        }
    }

    /// Record a limit that stops the whole search.
    pub fn halt(&mut self, r: StopReason) {
        if self.out.stop.is_none() {
            self.out.stop = Some(r);
        }
    }

    /// `Break` once the search must stop, else `Continue`.
    pub fn flow(&self) -> ControlFlow<()> {
        if self.stopped() {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    }

    /// True once a limit stopped the search or the caller asked to stop.
    pub fn stopped(&self) -> bool {
        self.out.stop.is_some() || self.out.stopped_by_caller || self.out.error.is_some()
    }

    /// What is left of the limits for a nested search (a foreign predicate's): the steps not yet
    /// taken, the time not yet spent, the same cancel flag and the same structural limits.
    pub fn remaining_limits(&self) -> Limits {
        let mut l = self.limits.clone();
        l.max_steps = l.max_steps.saturating_sub(self.out.stats.steps);
        l.timeout = l.timeout.map(|t| t.saturating_sub(self.start.elapsed()));
        l
    }

    /// Count one step and check the step, time and cancellation limits; false once one is hit.
    pub fn tick(&mut self) -> bool {
        // Once a limit halted the search, every later step is refused at once (not only the next
        // 128th, which looks at the clock): a caller that goes on after a stop (a Datalog closure
        // evaluated afresh for each call) must not go on for long.
        if self.out.stop.is_some() {
            return false;
        }
        let s = &mut self.out.stats.steps;
        *s += 1;
        if *s > self.limits.max_steps {
            self.halt(StopReason::Steps(self.limits.max_steps));
            return false;
        }
        if *s & 127 == 0 {
            let now = Instant::now();
            if let Some(t) = self.limits.timeout {
                if now.duration_since(self.start) >= t {
                    self.halt(StopReason::Timeout(t));
                    return false;
                }
            }
            // The resident set is read every 5 ms, and at every check once it passes 3/4 of the
            // budget (a few steps can allocate megabytes near the end).
            if self.mem_near || now.duration_since(self.mem_checked).as_millis() >= 5 {
                self.mem_checked = now;
                let used = super::memory::in_use(self.store);
                let budget = self.limits.max_memory_mib << 20;
                self.mem_near = used > budget / 4 * 3;
                if used > budget {
                    self.halt(StopReason::Memory(self.limits.max_memory_mib));
                    return false;
                }
            }
            if let Some(c) = &self.limits.cancel {
                if c.load(Ordering::Relaxed) {
                    self.halt(StopReason::Cancelled);
                    return false;
                }
            }
        }
        true
    }

    /// Check the time, memory and cancellation limits now (a built-in's long loop between steps);
    /// false once one is hit (the search is halted).
    pub fn limits_hold(&mut self) -> bool {
        if let Some(t) = self.limits.timeout {
            if self.start.elapsed() >= t {
                self.halt(StopReason::Timeout(t));
                return false;
            }
        }
        if let Some(c) = &self.limits.cancel {
            if c.load(Ordering::Relaxed) {
                self.halt(StopReason::Cancelled);
                return false;
            }
        }
        self.room_for(0)
    }

    /// True when `bytes` more fit in the memory budget: a built-in asks before it builds a large
    /// text, so that one step cannot allocate past the budget between two checks of `tick`. Over
    /// it, the search is halted with the memory limit. Small requests are let through unchecked.
    pub fn room_for(&mut self, bytes: usize) -> bool {
        if bytes > 0 && bytes < 1 << 16 {
            return true;
        }
        let used = super::memory::in_use(self.store);
        let budget = self.limits.max_memory_mib << 20;
        if used.saturating_add(bytes as u64) > budget {
            self.halt(StopReason::Memory(self.limits.max_memory_mib));
            return false;
        }
        true
    }

    /// Explore `st` depth-first until every branch is done. Returns `Break` when the search must stop
    /// (a limit, or a hook asked to).
    pub fn run(&mut self, st: &mut State, hooks: &mut dyn Hooks) -> ControlFlow<()> {
        self.run_from(st, Vec::new(), false, hooks).0
    }

    /// Run `st` until a hook asks it to pause ([`Machine::pause`]) or every branch is done. The
    /// second value names the paused rest of the run (its untried alternatives), if any.
    pub fn run_pausing(
        &mut self,
        st: &mut State,
        hooks: &mut dyn Hooks,
    ) -> (ControlFlow<()>, Option<usize>) {
        self.run_from(st, Vec::new(), false, hooks)
    }

    /// Go on with the paused run `id`: its next alternative, until it pauses again or is done.
    pub fn resume(&mut self, id: usize, hooks: &mut dyn Hooks) -> (ControlFlow<()>, Option<usize>) {
        let (mut st, choices) = self.paused[id]
            .take()
            .expect("a paused run is resumed once");
        self.paused_free.push(id);
        self.run_from(&mut st, choices, true, hooks)
    }

    /// Drop the paused run `id` without resuming it.
    pub fn drop_paused(&mut self, id: usize) {
        if self.paused[id].take().is_some() {
            self.paused_free.push(id);
        }
    }

    fn run_from(
        &mut self,
        st: &mut State,
        mut choices: Vec<Choice<'p>>,
        backtrack: bool,
        hooks: &mut dyn Hooks,
    ) -> (ControlFlow<()>, Option<usize>) {
        self.pause = false;
        if backtrack {
            if let Some(f) = self.backtrack(st, &mut choices) {
                return (f, None);
            }
        }
        loop {
            let flow = if st.b.has_pending() {
                // Binder types met by the last unification: relate them before going on.
                ControlFlow::Continue(self.settle(st))
            } else {
                match st.goals.take() {
                    None => {
                        // A success is a step too: answers replayed from a table may succeed without
                        // resolving any goal, and the limits must still be checked.
                        if !self.tick() {
                            return (ControlFlow::Break(()), None);
                        }
                        if hooks.success(self, st).is_break() {
                            return (ControlFlow::Break(()), None);
                        }
                        ControlFlow::Continue(false)
                    }
                    Some(node) => {
                        st.goals = node.next.clone();
                        if !self.tick() {
                            return (ControlFlow::Break(()), None);
                        }
                        self.step(st, &node, &mut choices, hooks)
                    }
                }
            };
            // An error raised (`throw/1`, or by a built-in) unwinds to the innermost catch frame.
            let ok = match flow {
                ControlFlow::Break(()) if self.out.error.is_none() => {
                    return (ControlFlow::Break(()), None)
                }
                ControlFlow::Break(()) => false,
                ControlFlow::Continue(ok) => ok,
            };
            if !ok {
                if std::mem::take(&mut self.pause) && self.out.error.is_none() {
                    if choices.is_empty() {
                        return (ControlFlow::Continue(()), None);
                    }
                    let run = Some((std::mem::take(st), choices));
                    let id = match self.paused_free.pop() {
                        Some(i) => {
                            self.paused[i] = run;
                            i
                        }
                        None => {
                            self.paused.push(run);
                            self.paused.len() - 1
                        }
                    };
                    return (ControlFlow::Continue(()), Some(id));
                }
                if let Some(f) = self.backtrack(st, &mut choices) {
                    return (f, None);
                }
            }
        }
    }

    /// Backtrack to the latest choice point that gives an alternative. `Some` when the run is over
    /// (no choice point left, or it must stop).
    fn backtrack(
        &mut self,
        st: &mut State,
        choices: &mut Vec<Choice<'p>>,
    ) -> Option<ControlFlow<()>> {
        let mut ok = false;
        while !ok {
            match choices.pop() {
                None if self.out.error.is_some() => return Some(ControlFlow::Break(())),
                None => return Some(ControlFlow::Continue(())),
                Some(c) if self.out.error.is_some() => ok = self.unwind(st, c),
                Some(c) => {
                    ok = match self.retry(st, c, choices) {
                        ControlFlow::Break(()) if self.out.error.is_some() => false,
                        ControlFlow::Break(()) => return Some(ControlFlow::Break(())),
                        ControlFlow::Continue(ok) => ok,
                    }
                }
            }
        }
        None
    }

    /// Relate the binder types unification left (`Bindings::take_pending`), as chalk's
    /// `relate_binders` does: placeholders of new universes on one side, fresh regions on the
    /// other; relations between two variables become `'$subtype'` goals. False when they cannot
    /// be related.
    fn settle(&mut self, st: &mut State) -> bool {
        let recorded = st.b.constraints().len();
        let settled = self.settle_pending(st);
        if settled && self.constraints_reversed {
            st.b.reverse_constraints_from(recorded);
        }
        settled
    }

    fn settle_pending(&mut self, st: &mut State) -> bool {
        let env = st.goals.as_ref().map(|g| g.env.clone()).unwrap_or_default();
        let depth = st.goals.as_ref().map_or(0, |g| g.depth);
        while st.b.has_pending() {
            for (slot, value) in st.b.take_escapes() {
                if !self.bind_escaping(st, slot, value) {
                    return false;
                }
            }
            let pairs = st.b.take_pending();
            let mut rel = super::subtype::Relate {
                store: &mut *self.store,
                b: &mut st.b,
                variances: &self.program.variances,
                opts: self.opts,
                deferred: Vec::new(),
                universe: st.universe,
            };
            for p in pairs {
                let ok = if p.relate {
                    rel.relate_pending(crate::program::Variance::Invariant, p.a, p.b)
                } else {
                    rel.b.unify(rel.store, p.a, p.b, rel.opts)
                };
                if !ok {
                    return false;
                }
            }
            st.universe = rel.universe;
            let deferred = std::mem::take(&mut rel.deferred);
            self.defer_subtypes(st, deferred, &env, depth);
        }
        true
    }

    /// Bind `slot` to `value`, which names placeholder regions of universes the slot cannot see
    /// (`Bindings::escapes`): as chalk's occurs check does, each such region becomes a fresh region
    /// of the slot's universe, equal to the placeholder (the two outlives constraints, in the order
    /// chalk's unifier records them).
    fn bind_escaping(&mut self, st: &mut State, slot: u32, value: Ref) -> bool {
        let su = st.b.universe(slot);
        let t = st.b.resolve_absolute(self.store, value);
        let mut fresh: Vec<(TermId, TermId)> = Vec::new();
        let b = &mut st.b;
        let t = crate::term::binders::rewrite_each(self.store, t, &mut |store, sub, _| {
            let View::App(syms::REGION, [p]) = store.view(sub) else {
                return None;
            };
            let p = *p;
            match store.view(p) {
                View::Placeholder(u, _) if u > su => {
                    let v = store.var(b.alloc(1, su));
                    let r = store.app(syms::REGION, &[v]);
                    fresh.push((r, sub));
                    Some(r)
                }
                _ => Some(sub),
            }
        });
        for &(x, p) in &fresh {
            st.b.push_constraint(Ref::new(x, 0), Ref::new(p, 0));
            st.b.push_constraint(Ref::new(p, 0), Ref::new(x, 0));
        }
        let s = Bindings::slot_ref(self.store, slot);
        st.b.unify(self.store, s, Ref::new(t, 0), self.opts)
    }

    /// Two variables a relation met co- or contravariantly: a `'$subtype'` goal for later.
    fn defer_subtypes(&mut self, st: &mut State, deferred: Vec<(Ref, Ref)>, env: &Env, depth: u32) {
        for (x, y) in deferred {
            let x = st.b.resolve_absolute(self.store, x);
            let y = st.b.resolve_absolute(self.store, y);
            let g = self.store.app(syms::SUBTYPE, &[x, y]);
            st.goals = cons(GoalKind::Call(Ref::new(g, 0)), env, depth, st.goals.take());
        }
    }

    fn restore(st: &mut State, mark: usize, nslots: usize, universe: u32, marks: Marks) {
        st.b.undo(mark);
        st.b.truncate(nslots);
        st.universe = universe;
        st.taint = marks.taint;
        st.fallback = marks.fallback;
    }

    fn retry(&mut self, st: &mut State, c: Choice<'p>, choices: &mut Vec<Choice<'p>>) -> Flow {
        match c {
            Choice::Alt {
                goals,
                mark,
                nslots,
                universe,
                marks,
            } => {
                Self::restore(st, mark, nslots, universe, marks);
                st.goals = goals;
                ControlFlow::Continue(true)
            }
            Choice::Resolve {
                goal,
                env,
                depth,
                rest,
                hyps,
                clauses,
                pos,
                mark,
                nslots,
                universe,
                marks,
            } => {
                Self::restore(st, mark, nslots, universe, marks);
                self.try_clauses(st, goal, env, depth, rest, hyps, clauses, pos, choices)
            }
            Choice::Answers {
                answers,
                slots,
                pos,
                rest,
                mark,
                nslots,
                universe,
                marks,
            } => {
                Self::restore(st, mark, nslots, universe, marks);
                self.try_answers(st, answers, slots, pos, rest, choices)
            }
            Choice::Dynamic {
                goal,
                env,
                depth,
                rest,
                clauses,
                pos,
                mode,
                mark,
                nslots,
                universe,
                marks,
            } => {
                Self::restore(st, mark, nslots, universe, marks);
                self.try_dynamic(st, goal, env, depth, rest, clauses, pos, mode, choices)
            }
            // Backtracking into a catch frame: the goal has no more answers.
            Choice::Catch { .. } => ControlFlow::Continue(false),
        }
    }

    fn step(
        &mut self,
        st: &mut State,
        node: &GoalNode,
        choices: &mut Vec<Choice<'p>>,
        hooks: &mut dyn Hooks,
    ) -> Flow {
        let (r, direct) = match node.kind {
            GoalKind::CutTo(h) => {
                choices.truncate(h);
                return ControlFlow::Continue(true);
            }
            GoalKind::CatchExit(h) => {
                if choices.len() == h + 1 && matches!(choices.last(), Some(Choice::Catch { .. })) {
                    choices.pop();
                }
                return ControlFlow::Continue(true);
            }
            GoalKind::Call(r) | GoalKind::Deferred(r) | GoalKind::CallCut(r, _) => (r, false),
            GoalKind::Direct(r) => (r, true),
        };
        // The cut barrier of a control construct's parts.
        let barrier = match node.kind {
            GoalKind::CallCut(_, h) => Some(h),
            _ => None,
        };
        let deferred = matches!(node.kind, GoalKind::Deferred(_));
        // A goal held in a variable (`G = (p(X), !), G`) is `call(G)`: a cut inside it is local.
        let barrier = match (barrier, self.store.view(r.term)) {
            (_, View::Var(_)) if !direct => Some(choices.len()),
            (b, _) => b,
        };
        let sub = |r: Ref| match barrier {
            Some(h) => GoalKind::CallCut(r, h),
            None => GoalKind::Call(r),
        };
        let r = match st.b.deref(self.store, r) {
            Deref::Term(r) => r,
            Deref::Unbound(_) => {
                // Calling an unbound variable: the goal is not known yet.
                self.out.floundered = true;
                return ControlFlow::Continue(false);
            }
        };
        let env = &node.env;
        let depth = node.depth;
        let (f, arity, a2, first) = match self.store.view(r.term) {
            View::Atom(f) => (f, 0u32, [r.term; 2], None),
            View::App(f, args) => {
                let a2 = [args[0], *args.get(1).unwrap_or(&args[0])];
                (f, args.len() as u32, a2, Some(args[0]))
            }
            // A number or string as a goal: ISO's type error.
            View::Int(_) | View::Big(_) | View::Float(_) | View::Str(_) => {
                return self.raise(st, builtins::Err::TypeTerm("callable", r));
            }
            _ => return ControlFlow::Continue(false),
        };
        let a = |i: usize| Ref::new(a2[i], r.base);
        match (f, arity) {
            (syms::TRUE, 0) => return ControlFlow::Continue(true),
            (syms::OPEN, 0) => {
                st.taint |= TAINT_OPEN;
                return ControlFlow::Continue(true);
            }
            (syms::FAIL, 0) | (syms::FALSE, 0) => return ControlFlow::Continue(false),
            (syms::COMMA, 2) => {
                let (x, y) = (a(0), a(1));
                // The goals before a cut of the construct run in its scope (see `cut_scope`).
                let cuts = barrier.is_some() && self.contains_cut(y.term);
                let rest = cons_scoped(sub(y), env, depth, st.goals.take(), cuts);
                st.goals = cons(sub(x), env, depth, rest);
                return ControlFlow::Continue(true);
            }
            (syms::SEMI, 2) => {
                let (x, y) = (a(0), a(1));
                let rest = st.goals.take();
                let h = choices.len();
                choices.push(Choice::Alt {
                    goals: cons(sub(y), env, depth, rest.clone()),
                    mark: st.b.mark(),
                    nslots: st.b.len(),
                    universe: st.universe,
                    marks: Marks::of(st),
                });
                // (C -> T ; E): commit to T once C succeeds.
                if let Deref::Term(xr) = st.b.deref(self.store, x) {
                    if let View::App(syms::ARROW, ct) = self.store.view(xr.term) {
                        if ct.len() == 2 {
                            let (c, t) = (Ref::new(ct[0], xr.base), Ref::new(ct[1], xr.base));
                            let after = cons(sub(t), env, depth, rest);
                            let after = cons(GoalKind::CutTo(h), env, depth, after);
                            // A cut in the condition is local to it: it keeps the `else`.
                            st.goals = cons(GoalKind::CallCut(c, h + 1), env, depth, after);
                            return ControlFlow::Continue(true);
                        }
                    }
                }
                st.goals = cons(sub(x), env, depth, rest);
                return ControlFlow::Continue(true);
            }
            (syms::ARROW, 2) => {
                let h = choices.len();
                let after = cons(sub(a(1)), env, depth, st.goals.take());
                let after = cons(GoalKind::CutTo(h), env, depth, after);
                st.goals = cons(GoalKind::CallCut(a(0), h), env, depth, after);
                return ControlFlow::Continue(true);
            }
            (_, 0) if r.term == self.cut_atom => {
                // `!` in a control construct cuts to its barrier; `call(!)` is `true`.
                if let Some(h) = barrier {
                    choices.truncate(h);
                }
                return ControlFlow::Continue(true);
            }
            (syms::NONVAR, 1) => {
                let ok = matches!(st.b.deref(self.store, a(0)), Deref::Term(_));
                return ControlFlow::Continue(ok);
            }
            (syms::INT_VAR | syms::FLOAT_VAR, 1) => {
                let kind = if f == syms::INT_VAR {
                    VarKind::Int
                } else {
                    VarKind::Float
                };
                let ok = match st.b.deref(self.store, a(0)) {
                    Deref::Unbound(s) => st.b.narrow_kind(s, kind),
                    Deref::Term(t) => kind.admits(self.store, t.term),
                };
                return ControlFlow::Continue(ok);
            }
            (syms::NUMERIC_VAR, 1) => {
                let ok = matches!(
                    st.b.deref(self.store, a(0)),
                    Deref::Unbound(s) if st.b.kind(s) != VarKind::General
                );
                return ControlFlow::Continue(ok);
            }
            (syms::FALLBACK, 0) => {
                // Only a body goal of the clause that resolved the derivation's first goal marks it.
                if depth == 1 {
                    st.fallback = true;
                }
                return ControlFlow::Continue(true);
            }
            (syms::PLACEHOLDER, 1) => {
                let ok = matches!(
                    st.b.deref(self.store, a(0)),
                    Deref::Term(t) if matches!(self.store.view(t.term), View::Placeholder(..))
                );
                return ControlFlow::Continue(ok);
            }
            (syms::EQ, 2) => {
                let ok = st.b.unify(self.store, a(0), a(1), self.opts);
                return ControlFlow::Continue(ok);
            }
            (syms::SUBTYPE, 2) => {
                if let (Deref::Unbound(x), Deref::Unbound(y)) =
                    (st.b.deref(self.store, a(0)), st.b.deref(self.store, a(1)))
                {
                    let general = |s: u32| st.b.kind(s) == VarKind::General;
                    if x != y && general(x) && general(y) {
                        // Nothing to relate yet: the goal cannot be decided (chalk: ambiguous).
                        // (An integer or float variable has no subtypes: `relate` unifies it.)
                        self.out.floundered = true;
                        return ControlFlow::Continue(false);
                    }
                }
                let mut rel = super::subtype::Relate {
                    store: &mut *self.store,
                    b: &mut st.b,
                    variances: &self.program.variances,
                    opts: self.opts,
                    deferred: Vec::new(),
                    universe: st.universe,
                };
                if !rel.relate(crate::program::Variance::Covariant, a(0), a(1)) {
                    return ControlFlow::Continue(false);
                }
                st.universe = rel.universe;
                let deferred = std::mem::take(&mut rel.deferred);
                self.defer_subtypes(st, deferred, env, depth);
                return ControlFlow::Continue(true);
            }
            (syms::INSTANTIATE, 2) => {
                // A binder type's body with fresh inference regions for its lifetimes.
                let t = match st.b.deref(self.store, a(0)) {
                    Deref::Unbound(_) => {
                        self.out.floundered = true;
                        return ControlFlow::Continue(false);
                    }
                    Deref::Term(t) => st.b.resolve_absolute(self.store, t),
                };
                let inst = match crate::term::binders::split(self.store, t) {
                    Some((n, body)) => {
                        let s = st.b.alloc(n, st.universe);
                        let vals: Vec<TermId> = (0..n).map(|i| self.store.var(s + i)).collect();
                        crate::term::binders::instantiate(self.store, n, body, &vals)
                    }
                    None => t,
                };
                let ok = st.b.unify(self.store, Ref::new(inst, 0), a(1), self.opts);
                return ControlFlow::Continue(ok);
            }
            (syms::OUTLIVES, 2) => {
                // `A: 'b` is not decided here: the answer carries it (chalk records outlives goals
                // as constraints of the answer, for the borrow checker).
                if self.program.dialect.outlives_components {
                    let mut cs = Vec::new();
                    self.outlives_components(&st.b, a(0), a(1), &mut cs);
                    for (x, y) in cs {
                        st.b.push_constraint(x, y);
                    }
                } else {
                    st.b.push_constraint(a(0), a(1));
                }
                return ControlFlow::Continue(true);
            }
            (syms::NEQ, 2) => {
                let mark = st.b.mark();
                let n = st.b.len();
                let ok = st.b.unify(self.store, a(0), a(1), self.opts);
                st.b.undo(mark);
                st.b.truncate(n);
                return ControlFlow::Continue(!ok);
            }
            (syms::NOT, 1) | (syms::NAF, 2) => {
                let locals = if arity == 2 { Some(a(1)) } else { None };
                if self.flounders(st, a(0), locals) {
                    // In a lowered program (chalk's semantics) a negation that would flounder waits
                    // for the rest of its conjunction, which may bind its variables, as chalk's SLG
                    // reorders it; a Prolog program keeps Prolog's order.
                    if self.program.dialect.defer_floundering_negation
                        && !deferred
                        && defer(&mut st.goals, GoalKind::Deferred(r), env, depth)
                    {
                        return ControlFlow::Continue(true);
                    }
                    // Still floundering at the end of its conjunction.
                    return self.flounder(st);
                }
                let goal = self.invert_placeholders(st, a(0));
                // A negated tabled call is decided on its table (suspending until it is complete
                // where the branch may suspend); any other goal, in a clause program, by a nested
                // search in which a cut is local and tabled calls get complete tables.
                let tabled = match st.b.deref(self.store, goal) {
                    Deref::Term(g) => self.store.functor(g.term).is_some_and(|p| {
                        hooks.is_tabled(p) && !self.program.non_enumerable.contains(&p)
                    }),
                    Deref::Unbound(_) => false,
                };
                let action = if tabled && !node.cut_scope {
                    hooks.negation(self, st, goal, env, depth)
                } else if tabled || node.cut_scope || self.program.dialect.unknown_error {
                    match tabled
                        .then(|| hooks.negation_complete(self, st, goal, env))
                        .flatten()
                    {
                        Some(a) => a,
                        None => self.negate_by_search(st, goal, env, depth, hooks),
                    }
                } else {
                    hooks.negation(self, st, goal, env, depth)
                };
                if std::mem::take(&mut self.truncated_call) {
                    // The negated goal was truncated: it may or may not hold.
                    st.taint |= TAINT_TRUNCATED;
                    return ControlFlow::Continue(true);
                }
                return match action {
                    NotAction::Holds => ControlFlow::Continue(true),
                    NotAction::Fails | NotAction::Suspend => {
                        if self.stopped() {
                            ControlFlow::Break(())
                        } else {
                            ControlFlow::Continue(false)
                        }
                    }
                };
            }
            (syms::EXISTS, 2) => {
                // `exists(Vs, G)` under a `forall`: the variables live in the current universe, so
                // they may name its placeholders (a goal's existentials are allocated up front, in
                // the root universe).
                if st.universe > 0 {
                    for v in self.list_items(st, a(0)) {
                        if let Deref::Unbound(s) = st.b.deref(self.store, v) {
                            if st.b.universe(s) < st.universe {
                                st.b.set_universe(s, st.universe);
                            }
                        }
                    }
                }
                let g = a(1);
                st.goals = cons(GoalKind::Call(g), env, depth, st.goals.take());
                return ControlFlow::Continue(true);
            }
            (syms::FORALL, 2) => {
                // `'$forall'(X, G)` or `'$forall'([X, Y], G)`: one new universe, a placeholder per variable.
                st.universe += 1;
                let vars = self.list_items(st, a(0));
                for (i, v) in vars.into_iter().enumerate() {
                    if let Deref::Unbound(s) = st.b.deref(self.store, v) {
                        let ph = self.store.placeholder(st.universe, i as u32);
                        st.b.force_bind(s, Ref::new(ph, 0));
                    }
                }
                st.goals = cons(GoalKind::Call(a(1)), env, depth, st.goals.take());
                return ControlFlow::Continue(true);
            }
            (syms::IMPLIES, 2) => {
                let env2 = self.assume(st, a(0), env);
                st.goals = cons(GoalKind::Call(a(1)), &env2, depth, st.goals.take());
                return ControlFlow::Continue(true);
            }
            _ => {}
        }
        if arity == 2 {
            if let Some(flow) = self.builtin2(st, f, a(0), a(1)) {
                return flow;
            }
        }
        let pred = (f, arity);
        if self.bt.has(f) {
            if let Some(flow) = self.builtin(st, r, pred, env, depth, choices, hooks) {
                return flow;
            }
        }
        // A foreign predicate answers unless hypotheses of the environment speak about the goal (or,
        // for one whose answers rest on other goals, unless there are hypotheses at all): those are
        // resolved as clauses, the usual way.
        // (Both lookups are skipped, at no cost, for programs without such predicates.)
        let foreign = &self.program.foreign.0;
        if let Some(handler) = (!foreign.is_empty())
            .then(|| foreign.get(&pred).cloned())
            .flatten()
            .filter(|handler| {
                if handler.reads_hypotheses() {
                    env.is_none()
                } else {
                    !env_iter(env).any(|h| self.hyp_matches(h, pred))
                }
            })
        {
            let ranked = hooks.ranks_defaults();
            if let Some(flow) = self.call_foreign(st, r, env, depth, &*handler, ranked) {
                return flow;
            }
        }
        if let Some(x) = first {
            if !self.program.non_enumerable.is_empty()
                && self
                    .enumeration_subject(st, pred, Ref::new(x, r.base))
                    .is_some_and(|x| {
                        matches!(
                            st.b.deref(self.store, x),
                            Deref::Unbound(s) if st.b.kind(s) == VarKind::General
                        )
                    })
            {
                // (An integer or float variable is not unknown: it ranges over a few scalar types, and
                // chalk lists the impls that could match it.)
                // The answers of a non-enumerable predicate cannot be listed: try the rest of the
                // conjunction first (it may fail, or bind the argument); else the goal flounders.
                if !deferred && defer(&mut st.goals, GoalKind::Deferred(r), env, depth) {
                    return ControlFlow::Continue(true);
                }
                return self.flounder(st);
            }
        }
        if !self.program.open.is_empty()
            && (self.program.open.contains(&f) || self.mentions_open(st, r) || self.env_open(env))
        {
            // The call speaks of an item the program only names (a predicate of its, or in an
            // argument), or is made under a hypothesis that does, whose consequences are not seen:
            // beside what its clauses prove, it may hold by clauses the program does not have.
            // That alternative, tried last, binds nothing and is only possible.
            let open = self.store.atom(syms::OPEN);
            choices.push(Choice::Alt {
                goals: cons(
                    GoalKind::Call(Ref::new(open, 0)),
                    env,
                    depth,
                    st.goals.clone(),
                ),
                mark: st.b.mark(),
                nslots: st.b.len(),
                universe: st.universe,
                marks: Marks::of(st),
            });
        }
        if self.program.dialect.fail_unprovable
            && env.is_none()
            && self.unprovable(pred)
            && !(self.chalk_clause_order && hooks.is_tabled(pred))
        {
            // No clause chain ends without a hypothesis, and there are none: a definite failure.
            // (In chalk's order the call still makes its table: chalk's strand selecting a goal
            // without clauses fails, which starts the search again from the query.)
            return ControlFlow::Continue(false);
        }
        if !direct && hooks.is_tabled(pred) {
            let action = if node.cut_scope {
                hooks.call_complete(self, st, r, env)
            } else {
                hooks.call(self, st, r, env)
            };
            match action {
                CallAction::Resolve => {}
                CallAction::Suspend => {
                    if std::mem::take(&mut self.truncated_call) {
                        // Truncated, as chalk's SLG truncates a subgoal over its size limit: the
                        // call may hold; the rest of the conjunction decides whether it matters.
                        st.taint |= TAINT_TRUNCATED;
                        return ControlFlow::Continue(true);
                    }
                    return if self.stopped() {
                        ControlFlow::Break(())
                    } else {
                        ControlFlow::Continue(false)
                    };
                }
                CallAction::Answers(answers, slots) => {
                    // chalk's recursive solver keeps an obligation whose result is ambiguous and
                    // binds nothing for after the others, which may bind its variables: so does
                    // `recursive` in a `.chalk` program (once; then it applies).
                    if self.retry_ambiguous
                        && !deferred
                        && self.binds_nothing_ambiguously(&answers, slots.len())
                        && defer(&mut st.goals, GoalKind::Deferred(r), env, depth)
                    {
                        return ControlFlow::Continue(true);
                    }
                    let rest = st.goals.take();
                    return self.try_answers(st, answers, slots, 0, rest, choices);
                }
            }
        }
        super::trace::emit_resolve(|| super::trace::Event::Resolve {
            goal: st.b.resolve(self.store, r, &mut VarMap::new()),
            depth,
        });
        if depth >= self.limits.max_depth {
            // Depth-first search that reaches the limit is diverging (or needs a higher limit): the
            // whole search stops with Overflow, as rustc reports "overflow evaluating the requirement".
            self.halt(StopReason::Depth(self.limits.max_depth));
            return ControlFlow::Break(());
        }
        let mut keys = [None; 4];
        if first.is_some() {
            for (k, &x) in keys.iter_mut().zip(self.store.args(r.term)) {
                *k = match st.b.deref(self.store, Ref::new(x, r.base)) {
                    Deref::Term(t) => Some(t.term),
                    Deref::Unbound(_) => None,
                };
            }
        }
        if self.program.db.active() {
            if let Some(clauses) = self.program.db.snapshot(pred) {
                let rest = st.goals.take();
                return self.try_dynamic(
                    st,
                    r,
                    env.clone(),
                    depth,
                    rest,
                    clauses,
                    0,
                    DynMode::Call,
                    choices,
                );
            }
            if self.program.dialect.unknown_error && self.program.db.is_gone(pred) {
                // Abolished: unknown again.
                return self.throw_existence(pred);
            }
        }
        let clauses = self.program.candidates(self.store, pred, &keys);
        let hyps: Vec<Hyp> = env_iter(env)
            .filter(|h| self.hyp_matches(h, pred))
            .cloned()
            .collect();
        if clauses.is_empty()
            && hyps.is_empty()
            && self.program.dialect.unknown_error
            && !self.program.is_known(pred)
        {
            // ISO's `unknown` flag is `error` for clause programs: calling an undefined predicate
            // raises `existence_error(procedure, Name/Arity)`.
            return self.throw_existence(pred);
        }
        let rest = st.goals.take();
        self.try_clauses(st, r, env.clone(), depth, rest, hyps, clauses, 0, choices)
    }

    /// A goal flounders here (its answers cannot be listed). In a lowered program (chalk's
    /// semantics, `Program::flounder_as_ambiguous`) the branch goes on past it, its answer only
    /// possible, with what the rest of the branch finds (chalk's strand whose remaining subgoals
    /// floundered; if the branch fails anyway, it fails for certain); otherwise the branch ends and
    /// the search is marked floundered (unknown).
    fn flounder(&mut self, st: &mut State) -> Flow {
        if self.program.dialect.flounder_as_ambiguous {
            st.taint |= TAINT_FLOUNDERED;
            return ControlFlow::Continue(true);
        }
        self.out.floundered = true;
        ControlFlow::Continue(false)
    }

    /// Whether the call `r` mentions, anywhere in its arguments as bound so far, a functor of
    /// [`crate::program::Program::open`]. Iterative: arguments may be deep.
    fn mentions_open(&self, st: &State, r: Ref) -> bool {
        let open = &self.program.open;
        let mut stack: Vec<Ref> = self
            .store
            .args(r.term)
            .iter()
            .map(|&a| Ref::new(a, r.base))
            .collect();
        while let Some(x) = stack.pop() {
            let Deref::Term(x) = st.b.deref(self.store, x) else {
                continue;
            };
            match self.store.view(x.term) {
                View::App(f, args) => {
                    if open.contains(&f) {
                        return true;
                    }
                    stack.extend(args.iter().map(|&a| Ref::new(a, x.base)));
                }
                View::Atom(f) if open.contains(&f) => return true,
                _ => {}
            }
        }
        false
    }

    /// Whether a hypothesis of `env` mentions a functor of [`crate::program::Program::open`] (its
    /// implied consequences, a supertrait's, are not seen).
    fn env_open(&self, env: &Env) -> bool {
        env_iter(env).any(|h| self.program.mentions_open(self.store, h.term))
    }

    /// True when no derivation without hypotheses proves a call of `pred` (`unprovable.rs`).
    fn unprovable(&self, pred: Pred) -> bool {
        let (store, program, bt) = (&*self.store, self.program, &self.bt);
        program
            .unprovable(|| super::unprovable::compute(store, program, &|f| bt.has(f)))
            .contains(&pred)
    }

    /// The elements of a list term, or the term itself when it is not a list.
    fn list_items(&self, st: &State, r: Ref) -> Vec<Ref> {
        let mut out = Vec::new();
        let mut cur = r;
        let mut cycle = builtins::Brent::default();
        loop {
            match st.b.deref(self.store, cur) {
                Deref::Term(t) => match self.store.view(t.term) {
                    View::App(syms::CONS, xs) if xs.len() == 2 => {
                        if cycle.again(t) {
                            return out;
                        }
                        out.push(Ref::new(xs[0], t.base));
                        cur = Ref::new(xs[1], t.base);
                    }
                    View::Atom(syms::NIL) => return out,
                    _ => {
                        if out.is_empty() {
                            out.push(cur);
                        }
                        return out;
                    }
                },
                Deref::Unbound(_) => {
                    if out.is_empty() {
                        out.push(cur);
                    }
                    return out;
                }
            }
        }
    }

    /// Call a foreign predicate on the resolved goal; `None` when it defers to the clauses. Its answers
    /// become the alternatives `Goal = Answer1 ; Goal = Answer2 ; ...`.
    fn call_foreign(
        &mut self,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
        handler: &dyn crate::program::Foreign,
        ranked: bool,
    ) -> Option<Flow> {
        let mut map = VarMap::new();
        let g = st.b.resolve(self.store, goal, &mut map);
        let remaining = self.remaining_limits();
        match handler.call(self.store, self.program, g, &remaining) {
            crate::program::ForeignResult::Defer => None,
            crate::program::ForeignResult::Overflow(what) => {
                self.halt(StopReason::Foreign(what));
                Some(ControlFlow::Break(()))
            }
            crate::program::ForeignResult::Stopped(r) => {
                // Named as the caller's own limit (a nested search saw only what was left of it).
                let r = match r {
                    StopReason::Steps(_) => StopReason::Steps(self.limits.max_steps),
                    StopReason::Timeout(_) => {
                        StopReason::Timeout(self.limits.timeout.unwrap_or_default())
                    }
                    r => r,
                };
                self.halt(r);
                Some(ControlFlow::Break(()))
            }
            crate::program::ForeignResult::Answers(ts) => {
                self.foreign_answers(st, g, &map, &ts, env, depth)
            }
            crate::program::ForeignResult::Ranked {
                mut answers,
                defaults,
            } => {
                // A foreign call is answered inline, not as a goal of its own: the ranking is
                // applied here, among its own answers.
                let firsts: Vec<Option<TermId>> = if ranked {
                    answers
                        .iter()
                        .map(|&t| self.store.args(t).first().copied())
                        .collect()
                } else {
                    Vec::new()
                };
                for d in defaults {
                    let first = self.store.args(d).first().copied();
                    if !ranked || !firsts.contains(&first) {
                        answers.push(d);
                    }
                }
                self.foreign_answers(st, g, &map, &answers, env, depth)
            }
        }
    }

    /// Continue with the alternatives `g = A1 ; g = A2 ; ...`.
    fn foreign_answers(
        &mut self,
        st: &mut State,
        g: TermId,
        map: &VarMap,
        answers: &[TermId],
        env: &Env,
        depth: u32,
    ) -> Option<Flow> {
        let Some((&last, rest)) = answers.split_last() else {
            return Some(ControlFlow::Continue(false));
        };
        let eq = |s: &mut Store, t: TermId| s.app(syms::EQ, &[g, t]);
        let mut disj = eq(self.store, last);
        for &t in rest.iter().rev() {
            let e = eq(self.store, t);
            disj = self.store.app(syms::SEMI, &[e, disj]);
        }
        // The answers' variables beyond the goal's are fresh.
        let n = self.store.var_count(disj);
        let base = self.rebase(st, map, n);
        st.goals = cons(
            GoalKind::Call(Ref::new(disj, base)),
            env,
            depth,
            st.goals.take(),
        );
        Some(ControlFlow::Continue(true))
    }

    /// The goal of a negation with its placeholders replaced by fresh variables, as chalk inverts a
    /// negated goal: `forall<T> { not { G(T) } }` holds when no `T` at all satisfies `G`, so
    /// `not { G(!T) }` is decided as `not { exists<X> { G(X) } }`.
    fn invert_placeholders(&mut self, st: &mut State, goal: Ref) -> Ref {
        if st.universe == 0 {
            // No `forall` entered on this branch: there is no placeholder to invert.
            return goal;
        }
        let mut map = VarMap::new();
        let t = st.b.resolve(self.store, goal, &mut map);
        if self.store.max_universe(t) == 0 {
            return goal;
        }
        let n = map.len() as u32;
        let mut fresh: Vec<(u32, u32)> = Vec::new();
        let t = self.store.map_placeholders(t, &mut |s, u, i| {
            let k = match fresh.iter().position(|&p| p == (u, i)) {
                Some(k) => k,
                None => {
                    fresh.push((u, i));
                    fresh.len() - 1
                }
            };
            s.var(n + k as u32)
        });
        let base = self.rebase(st, &map, n + fresh.len() as u32);
        Ref::new(t, base)
    }

    /// Slots for a term resolved under `map` (its variable `k` is the state's slot `map.slots[k]`) to
    /// be used in the state again: `n` fresh slots from a new base, the first ones bound to the slots
    /// they stand for, the rest free. Returns the base.
    fn rebase(&mut self, st: &mut State, map: &VarMap, n: u32) -> u32 {
        let base = st.b.alloc(n.max(map.len() as u32), st.universe);
        for (i, &slot) in map.slots.iter().enumerate() {
            let v = self.store.var(i as u32);
            let target = Bindings::slot_ref(self.store, slot);
            st.b.unify(self.store, Ref::new(v, base), target, self.opts);
        }
        base
    }

    /// True when `\+ goal` cannot be decided: `goal` has an unbound variable that is not local to it.
    /// The argument whose being unbound makes a call of `pred` with first argument `first`
    /// flounder: the first argument of a non-enumerable predicate, or, for a predicate that
    /// flounders through its first argument `_(G, ..)` (`Program::flounder_through`), the first
    /// argument of `G` when `G`'s predicate is non-enumerable.
    fn enumeration_subject(&self, st: &State, pred: Pred, first: Ref) -> Option<Ref> {
        if self.program.non_enumerable.contains(&pred) {
            return Some(first);
        }
        if !self.program.flounder_through.contains(&pred) {
            return None;
        }
        let Deref::Term(w) = st.b.deref(self.store, first) else {
            return None;
        };
        let &g = self.store.args(w.term).first()?;
        let Deref::Term(g) = st.b.deref(self.store, Ref::new(g, w.base)) else {
            return None;
        };
        let gpred = self.store.functor(g.term)?;
        if !self.program.non_enumerable.contains(&gpred) {
            return None;
        }
        let &x = self.store.args(g.term).first()?;
        Some(Ref::new(x, g.base))
    }

    fn flounders(&self, st: &State, goal: Ref, locals: Option<Ref>) -> bool {
        if st.b.is_ground(self.store, goal) {
            return false;
        }
        let mut local_slots = Vec::new();
        if let Some(l) = locals {
            if let Deref::Term(l) = st.b.deref(self.store, l) {
                for &v in self.store.args(l.term) {
                    if let Deref::Unbound(s) = st.b.deref(self.store, Ref::new(v, l.base)) {
                        local_slots.push(s);
                    }
                }
            }
        }
        let mut stack = vec![goal];
        while let Some(r) = stack.pop() {
            if self.store.is_ground(r.term) {
                continue;
            }
            match st.b.deref(self.store, r) {
                Deref::Unbound(s) if !local_slots.contains(&s) => return true,
                Deref::Unbound(_) => {}
                Deref::Term(r) => {
                    if let View::App(_, xs) = self.store.view(r.term) {
                        stack.extend(xs.iter().map(|&x| Ref::new(x, r.base)));
                    }
                }
            }
        }
        false
    }

    fn hyp_matches(&self, h: &Hyp, pred: Pred) -> bool {
        let head = match self.store.view(h.term) {
            View::App(syms::NECK, a) if a.len() == 2 => a[0],
            _ => h.term,
        };
        self.store.functor(head) == Some(pred)
    }

    /// Add the clauses of `c` (a conjunction of clauses, each possibly `forall`-quantified) to `env`.
    fn assume(&mut self, st: &mut State, c: Ref, env: &Env) -> Env {
        let mut env = env.clone();
        let mut stack = vec![c];
        while let Some(c) = stack.pop() {
            let c = match st.b.deref(self.store, c) {
                Deref::Term(c) => c,
                Deref::Unbound(_) => continue,
            };
            match self.store.view(c.term) {
                View::App(syms::COMMA, xs) if xs.len() == 2 => {
                    stack.push(Ref::new(xs[1], c.base));
                    stack.push(Ref::new(xs[0], c.base));
                }
                View::Atom(syms::TRUE) => {}
                _ => {
                    let mut bound = Vec::new();
                    let mut body = c;
                    while let View::App(syms::FORALL, xs) = self.store.view(body.term) {
                        if xs.len() != 2 {
                            break;
                        }
                        let (vs, b) = (Ref::new(xs[0], body.base), Ref::new(xs[1], body.base));
                        for v in self.list_items(st, vs) {
                            if let Deref::Unbound(s) = st.b.deref(self.store, v) {
                                bound.push(s);
                            }
                        }
                        body = b;
                    }
                    let term = st.b.resolve_absolute(self.store, body);
                    env = Some(Rc::new(EnvNode {
                        hyp: Hyp {
                            term,
                            bound: bound.into(),
                        },
                        next: env,
                    }));
                }
            }
        }
        env
    }

    /// Rename a hypothesis's quantified variables to fresh slots; returns its clause as a base-0 term.
    fn instantiate_hyp(&mut self, st: &mut State, h: &Hyp) -> TermId {
        if h.bound.is_empty() {
            return h.term;
        }
        let base = st.b.alloc(h.bound.len() as u32, st.universe);
        let bound = h.bound.clone();
        self.store.map_vars(
            h.term,
            &mut |s, v| match bound.iter().position(|&b| b == v) {
                Some(j) => s.var(base + j as u32),
                None => s.var(v),
            },
        )
    }

    #[allow(clippy::too_many_arguments)]
    fn try_clauses(
        &mut self,
        st: &mut State,
        goal: Ref,
        env: Env,
        depth: u32,
        rest: Goals,
        hyps: Vec<Hyp>,
        clauses: &'p [u32],
        mut pos: usize,
        choices: &mut Vec<Choice<'p>>,
    ) -> Flow {
        let total = hyps.len() + clauses.len();
        let barrier = choices.len();
        while pos < total {
            let mark = st.b.mark();
            let nslots = st.b.len();
            let universe = st.universe;
            let marks = Marks::of(st);
            let here = if self.chalk_clause_order {
                (pos + hyps.len()) % total
            } else {
                pos
            };
            pos += 1;
            if here < hyps.len() {
                let h = hyps[here].clone();
                let t = self.instantiate_hyp(st, &h);
                let (head, body) = match self.store.view(t) {
                    View::App(syms::NECK, a) if a.len() == 2 => (a[0], Some(a[1])),
                    _ => (t, None),
                };
                if st.b.unify(self.store, goal, Ref::new(head, 0), self.opts) {
                    if pos < total {
                        choices.push(Choice::Resolve {
                            goal,
                            env: env.clone(),
                            depth,
                            rest: rest.clone(),
                            hyps,
                            clauses,
                            pos,
                            mark,
                            nslots,
                            universe,
                            marks,
                        });
                    }
                    st.goals = match body {
                        Some(b) => cons(GoalKind::Call(Ref::new(b, 0)), &env, depth + 1, rest),
                        None => rest,
                    };
                    return ControlFlow::Continue(true);
                }
                Self::restore(st, mark, nslots, universe, marks);
                continue;
            }
            let ci = if self.chalk_clause_order {
                self.chalk_clause(clauses, here - hyps.len())
            } else {
                clauses[here - hyps.len()]
            };
            let clause = self.program.clause(ci);
            let base = st.b.alloc(clause.nvars, st.universe);
            // The clause's head first: region constraints are recorded as chalk's resolution
            // relates a clause's consequence to the goal.
            if st
                .b
                .unify_head(self.store, Ref::new(clause.head, base), goal, self.opts)
            {
                if pos < total {
                    choices.push(Choice::Resolve {
                        goal,
                        env: env.clone(),
                        depth,
                        rest: rest.clone(),
                        hyps,
                        clauses,
                        pos,
                        mark,
                        nslots,
                        universe,
                        marks,
                    });
                }
                let mut goals = rest;
                for &g in clause.body().iter().rev() {
                    let mut cuts = false;
                    let kind = if g == self.cut_atom {
                        GoalKind::CutTo(barrier)
                    } else if self.has_control(g) {
                        cuts = self.contains_cut(g);
                        GoalKind::CallCut(Ref::new(g, base), barrier)
                    } else {
                        GoalKind::Call(Ref::new(g, base))
                    };
                    goals = cons_scoped(kind, &env, depth + 1, goals, cuts);
                }
                st.goals = goals;
                self.out.stats.unifications = st.b.unifications;
                return ControlFlow::Continue(true);
            }
            Self::restore(st, mark, nslots, universe, marks);
        }
        ControlFlow::Continue(false)
    }

    /// Resolve `goal` with the clauses of a dynamic predicate from the `pos`th on, as
    /// [`Machine::try_clauses`] does with a static predicate's.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn try_dynamic<'c>(
        &mut self,
        st: &mut State,
        goal: Ref,
        env: Env,
        depth: u32,
        rest: Goals,
        clauses: crate::dynamic::DynClauses,
        mut pos: usize,
        mode: DynMode,
        choices: &mut Vec<Choice<'c>>,
    ) -> Flow {
        let barrier = choices.len();
        while pos < clauses.len() {
            let mark = st.b.mark();
            let nslots = st.b.len();
            let universe = st.universe;
            let marks = Marks::of(st);
            let dc = &clauses[pos];
            let clause = &dc.clause;
            pos += 1;
            let base = st.b.alloc(clause.nvars, st.universe);
            if !st
                .b
                .unify_head(self.store, Ref::new(clause.head, base), goal, self.opts)
            {
                Self::restore(st, mark, nslots, universe, marks);
                continue;
            }
            let goals = match mode {
                DynMode::Call => {
                    let mut goals = rest.clone();
                    for &g in clause.body().iter().rev() {
                        let mut cuts = false;
                        let kind = if g == self.cut_atom {
                            GoalKind::CutTo(barrier)
                        } else if self.has_control(g) {
                            cuts = self.contains_cut(g);
                            GoalKind::CallCut(Ref::new(g, base), barrier)
                        } else {
                            GoalKind::Call(Ref::new(g, base))
                        };
                        goals = cons_scoped(kind, &env, depth + 1, goals, cuts);
                    }
                    goals
                }
                DynMode::Clause(body) | DynMode::Retract(body) => {
                    if !st.b.unify(
                        self.store,
                        Ref::new(clause.body_term, base),
                        body,
                        self.opts,
                    ) {
                        Self::restore(st, mark, nslots, universe, marks);
                        continue;
                    }
                    if let DynMode::Retract(_) = mode {
                        let id = dc.id;
                        let erased = self.store.functor(clause.head).is_some_and(|pred| {
                            self.program.db.update(pred, Vec::new, |v| {
                                match v.iter().position(|c| c.id == id) {
                                    Some(i) => {
                                        v.remove(i);
                                        true
                                    }
                                    None => false,
                                }
                            })
                        });
                        if !erased {
                            // Retracted meanwhile (by another retract): not this one.
                            Self::restore(st, mark, nslots, universe, marks);
                            continue;
                        }
                    }
                    rest.clone()
                }
            };
            if pos < clauses.len() {
                choices.push(Choice::Dynamic {
                    goal,
                    env,
                    depth,
                    rest,
                    clauses,
                    pos,
                    mode,
                    mark,
                    nslots,
                    universe,
                    marks,
                });
            }
            st.goals = goals;
            return ControlFlow::Continue(true);
        }
        ControlFlow::Continue(false)
    }

    /// The `i`th of `clauses` in chalk's order: the default clauses (body `'$fallback', ..`) first,
    /// each group in program order.
    fn chalk_clause(&mut self, clauses: &[u32], i: usize) -> u32 {
        let fallback = self.store.atom(syms::FALLBACK);
        let program = self.program;
        let is_default = |c: &&u32| program.clause(**c).body().first() == Some(&fallback);
        *clauses
            .iter()
            .filter(is_default)
            .chain(clauses.iter().filter(|c| !is_default(c)))
            .nth(i)
            .expect("a clause")
    }

    /// Whether `answers` (of a call with `n` variables) is one ambiguous answer that binds
    /// nothing (its values the call's own distinct variables).
    fn binds_nothing_ambiguously(&self, answers: &[TermId], n: usize) -> bool {
        let k = super::answers::answer_width(n as u32);
        if answers.len() != k {
            return false;
        }
        let (vals, cs) = answers.split_at(n);
        answer_taint(self.store, cs[0]).is_some()
            && vals
                .iter()
                .enumerate()
                .all(|(i, &v)| matches!(self.store.view(v), View::Var(j) if j as usize == i))
    }

    fn try_answers(
        &mut self,
        st: &mut State,
        answers: Rc<[TermId]>,
        slots: Rc<[u32]>,
        mut pos: usize,
        rest: Goals,
        choices: &mut Vec<Choice<'p>>,
    ) -> Flow {
        // Each answer: a value per slot, then its region constraints.
        let k = super::answers::answer_width(slots.len() as u32);
        let n = answers.len() / k;
        while pos < n {
            let mark = st.b.mark();
            let nslots = st.b.len();
            let universe = st.universe;
            let marks = Marks::of(st);
            let ans = &answers[pos * k..(pos + 1) * k];
            pos += 1;
            if self.unify_answer(st, &slots, ans) {
                if pos < n {
                    choices.push(Choice::Answers {
                        answers,
                        slots,
                        pos,
                        rest: rest.clone(),
                        mark,
                        nslots,
                        universe,
                        marks,
                    });
                }
                st.goals = rest;
                return ControlFlow::Continue(true);
            }
            Self::restore(st, mark, nslots, universe, marks);
        }
        ControlFlow::Continue(false)
    }

    /// The components of `t: r`, as rustc's outlives components (into `out`): every region in `t`
    /// must outlive `r` (left out when trivially true: `'static: r`, `r: r`, and the erased
    /// region, which stands for a lifetime bound inside `t`); an unbound variable, a placeholder
    /// and a rigid projection (the vocabulary's `alias`) are kept whole; other constructors have no lifetime
    /// of their own. Iterative.
    fn outlives_components(&self, b: &Bindings, t: Ref, r: Ref, out: &mut Vec<(Ref, Ref)>) {
        let store = &*self.store;
        let inner = |x: Ref| -> Option<Deref> {
            match b.deref(store, x) {
                Deref::Term(x) => match store.view(x.term) {
                    View::App(syms::REGION, [v]) => Some(b.deref(store, Ref::new(*v, x.base))),
                    _ => None,
                },
                Deref::Unbound(_) => None,
            }
        };
        let target = inner(r);
        let mut stack = vec![t];
        while let Some(x) = stack.pop() {
            let x = match b.deref(store, x) {
                Deref::Unbound(_) => {
                    out.push((x, r));
                    continue;
                }
                Deref::Term(x) => x,
            };
            match store.view(x.term) {
                View::App(syms::REGION, _) => {
                    let me = inner(x);
                    let trivial = matches!(me, Some(Deref::Term(s))
                        if matches!(store.view(s.term), View::Atom(syms::STATIC | syms::ERASED)));
                    let same = match (me, target) {
                        (Some(Deref::Unbound(p)), Some(Deref::Unbound(q))) => p == q,
                        (Some(Deref::Term(p)), Some(Deref::Term(q))) => {
                            p.term == q.term && store.is_ground(p.term)
                        }
                        _ => false,
                    };
                    if !trivial && !same {
                        out.push((x, r));
                    }
                }
                View::Placeholder(..) => out.push((x, r)),
                View::App(f, _) if Some(f) == store.roles().alias => out.push((x, r)),
                View::App(_, args) => {
                    stack.extend(args.iter().rev().map(|&a| Ref::new(a, x.base)));
                }
                _ => {}
            }
        }
    }

    /// Unify the slots of a call's variables with an answer tuple (renamed apart): one value per slot,
    /// then the answer's region constraints (a list of [`syms::OUTLIVES`] terms), which join the state's.
    /// An ambiguous answer (marked `'$ambiguous'(Taint)`) is not unified: the caller goes on past the
    /// call, tainted, as chalk's strand treats a subgoal whose answer is ambiguous (floundered, its
    /// substitution not merged).
    pub fn unify_answer(&mut self, st: &mut State, slots: &[u32], ans: &[TermId]) -> bool {
        if let Some(&cs) = ans.get(slots.len()) {
            if let Some(taint) = answer_taint(self.store, cs) {
                st.taint |= taint;
                if !self.apply_ambiguous {
                    return true;
                }
            }
        }
        let n = ans
            .iter()
            .map(|&v| {
                if self.store.is_ground(v) {
                    0
                } else {
                    self.store.var_count(v)
                }
            })
            .max()
            .unwrap_or(0);
        let base = st.b.alloc(n, st.universe);
        for (&s, &v) in slots.iter().zip(ans) {
            let slot = Bindings::slot_ref(self.store, s);
            if !st.b.unify(self.store, slot, Ref::new(v, base), self.opts) {
                return false;
            }
        }
        if let Some(&cs) = ans.get(slots.len()) {
            // Universes created inside the callee (higher-ranked types related there) may be named
            // by its constraints: the caller's next universe comes after them.
            st.universe = st.universe.max(self.store.max_universe(cs));
            let mut cur = cs;
            while let View::App(syms::CONS, [c, rest]) = self.store.view(cur) {
                if let View::App(syms::OUTLIVES, [x, y]) = self.store.view(*c) {
                    let (x, y) = (Ref::new(*x, base), Ref::new(*y, base));
                    st.b.push_constraint(x, y);
                }
                cur = *rest;
            }
        }
        true
    }

    /// The values of the first `n` slots, then the list of the state's region constraints
    /// ([`syms::OUTLIVES`] terms, oldest first), canonically numbered together, into `out` (cleared
    /// first): `n + 1` values. Returns the numbering (answer variable `k` is slot `map.slots[k]`).
    pub fn answer_values(&mut self, st: &State, n: u32, out: &mut Vec<TermId>) -> VarMap {
        out.clear();
        let mut map = VarMap::new();
        for s in 0..n {
            let r = Bindings::slot_ref(self.store, s);
            out.push(st.b.resolve(self.store, r, &mut map));
        }
        let mut cs = Vec::new();
        let mut parts = Vec::new();
        for &(x, y) in st.b.constraints() {
            parts.clear();
            if self.program.dialect.outlives_components {
                // A variable recorded whole may have been bound since: its components now.
                self.outlives_components(&st.b, x, y, &mut parts);
            } else {
                parts.push((x, y));
            }
            for &(x, y) in &parts {
                let x = st.b.resolve(self.store, x, &mut map);
                let y = st.b.resolve(self.store, y, &mut map);
                let c = self.store.app(syms::OUTLIVES, &[x, y]);
                if !(self.constraints_deduplicated && cs.contains(&c)) {
                    cs.push(c);
                }
            }
        }
        if st.taint != 0 {
            let t = self.store.int(st.taint as i64);
            cs.push(self.store.app(syms::AMBIGUOUS, &[t]));
        }
        let list = self.store.list(&cs, None);
        out.push(list);
        map
    }

    /// `==` and `\==`; `None` when `name/2` is neither (arithmetic lives in `builtins/`).
    fn builtin2(&mut self, st: &mut State, f: Sym, x: Ref, y: Ref) -> Option<Flow> {
        let same = match self.store.name(f) {
            "==" => true,
            "\\==" => false,
            _ => return None,
        };
        // The same binding on both sides (`T == T`), or one stored term that has no variables:
        // identical without walking it (resolving a deep term costs its size each time).
        let (dx, dy) = (st.b.deref(self.store, x), st.b.deref(self.store, y));
        let identical = dx == dy
            || matches!((dx, dy), (Deref::Term(a), Deref::Term(b))
                if a.term == b.term && self.store.is_ground(a.term));
        if identical {
            return Some(ControlFlow::Continue(same));
        }
        if st.b.may_cycle() {
            // Rational trees: walk both under the bindings (resolving would cut the cycles).
            return Some(ControlFlow::Continue(
                st.b.identical(self.store, x, y) == same,
            ));
        }
        let mut map = VarMap::new();
        let a = st.b.resolve(self.store, x, &mut map);
        let b = st.b.resolve(self.store, y, &mut map);
        Some(ControlFlow::Continue((a == b) == same))
    }

    /// `\+ goal` by a nested search for one proof (negation as failure); a limit hit inside counts
    /// as failure of the branch. Tabled calls inside get complete tables from `hooks`
    /// ([`Hooks::call_complete`]).
    pub fn negate_by_search(
        &mut self,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
        hooks: &mut dyn Hooks,
    ) -> NotAction {
        match self.prove_once(st, goal, env, depth, hooks) {
            Some(false) => NotAction::Holds,
            Some(true) | None => NotAction::Fails,
        }
    }

    /// Prove `goal` once from `st` (bindings restored afterwards), for negation by failure: a nested
    /// run, with a cut inside local to it. `None` when a limit (or an error) stopped the search.
    pub fn prove_once(
        &mut self,
        st: &mut State,
        goal: Ref,
        env: &Env,
        depth: u32,
        hooks: &mut dyn Hooks,
    ) -> Option<bool> {
        if self.negation_depth >= 1000 {
            self.halt(StopReason::NegationDepth(1000));
            return None;
        }
        self.negation_depth += 1;
        let mark = st.b.mark();
        let nslots = st.b.len();
        let mut sub = State {
            b: std::mem::take(&mut st.b),
            goals: cons(GoalKind::CallCut(goal, 0), env, depth, None),
            universe: st.universe,
            taint: 0,
            fallback: false,
        };
        let mut once = Once {
            found: false,
            maybe: 0,
            parent: hooks,
        };
        let flow = self.run(&mut sub, &mut once);
        st.b = sub.b;
        st.b.undo(mark);
        st.b.truncate(nslots);
        self.negation_depth -= 1;
        if once.found {
            return Some(true);
        }
        if once.maybe != 0 {
            // Only proofs that went past undecided goals: the negation may hold or not. The branch
            // goes on, tainted.
            st.taint |= once.maybe;
            return Some(false);
        }
        match flow {
            ControlFlow::Break(()) if self.stopped() => None,
            _ => Some(false),
        }
    }
}

/// Hooks for a nested "is there at least one proof?" search: tabled calls are the parent's,
/// answered from complete tables.
struct Once<'h> {
    found: bool,
    /// Taint of the possible (not certain) proofs found.
    maybe: u8,
    parent: &'h mut dyn Hooks,
}

impl Hooks for Once<'_> {
    nested_hooks!();
    fn success(&mut self, _m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        if st.taint != 0 {
            self.maybe |= st.taint;
            return ControlFlow::Continue(());
        }
        self.found = true;
        ControlFlow::Break(())
    }
}
