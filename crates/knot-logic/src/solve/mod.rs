//! Solving: the [`Strategy`] trait, the answers it produces, limits and statistics.
//!
//! A strategy answers a [`Goal`] over a [`Program`]: it reports each answer through a callback (so a
//! caller can stop after any of them) and returns an [`Outcome`] saying whether the search finished or
//! which limit stopped it. [`aggregate()`] turns the answers into one chalk-style [`Solution`].

pub mod aggregate;
pub mod answers;
pub mod canon_goal;
pub mod datalog;
pub mod id_sets;
pub mod machine;
pub mod memory;
pub mod recursive;
pub mod sld;
pub mod slg;
pub mod subtype;
pub mod trace;
pub mod unprovable;

pub use aggregate::{aggregate, Guidance, Solution};
pub use machine::builtins::messages::error_message;
pub use machine::builtins::write::{capture_output, take_output};
pub use machine::builtins::{is_builtin, BUILTINS};

use crate::program::Program;
use crate::term::{syms, Store, TermId, View};
use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

/// A goal to solve: a term whose variables `Var(0..nvars)` are the query's variables.
#[derive(Clone, Debug)]
pub struct Goal {
    /// The goal term.
    pub term: TermId,
    /// How many query variables it has.
    pub nvars: u32,
}

/// One answer: values for the query's variables, as the term `'$ans'(V0, ..., Vn-1)` whose own
/// variables (if any) are numbered from 0 in order of appearance. An answer that holds only under
/// region constraints has one more value, `'$regions'(Constraints, Universes)` (see
/// `solve::answer_parts`, crate-internal): it is not unconditionally true.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Answer {
    /// The `'$ans'(...)` tuple (the atom `'$ans'` when the goal has no variables).
    pub values: TermId,
    /// True when the answer holds only under an assumption the strategy could not discharge
    /// (a truncated term, a floundered negation): it is a possible, not a certain, answer.
    pub ambiguous: bool,
}

/// An answer as a strategy reports it: the values of the query's variables (their own variables
/// numbered from 0 across the tuple), borrowed from the strategy's tables.
#[derive(Clone, Copy, Debug)]
pub struct AnswerRef<'a> {
    /// One value per query variable.
    pub values: &'a [TermId],
    /// See [`Answer::ambiguous`].
    pub ambiguous: bool,
}

/// The values of an answer tuple and its region constraints with the universes of the answer's
/// variables (`'$regions'(Constraints, Universes)` as its last value), if any.
pub fn answer_parts(store: &Store, tuple: TermId) -> (&[TermId], Option<(TermId, TermId)>) {
    let vals = store.args(tuple);
    match vals.split_last() {
        Some((&last, rest)) => match store.view(last) {
            View::App(syms::REGIONS, [cs, us]) => (rest, Some((*cs, *us))),
            _ => (vals, None),
        },
        None => (vals, None),
    }
}

impl AnswerRef<'_> {
    /// Intern the tuple as an owned [`Answer`].
    pub fn intern(&self, store: &mut Store) -> Answer {
        Answer {
            values: store.app(crate::term::syms::ANS, self.values),
            ambiguous: self.ambiguous,
        }
    }
}

/// Which limit stopped a search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Derivation depth (`--max-depth`).
    Depth(u32),
    /// Resolution steps (`--max-steps`).
    Steps(u64),
    /// Number of tables (`--max-tables`).
    Tables(usize),
    /// Answers in one table (`--max-answers`).
    Answers(usize),
    /// Fixpoint iterations of a cycle head (`--max-iterations`).
    Iterations(u32),
    /// Wall-clock time (`--timeout`).
    Timeout(Duration),
    /// The caller cancelled (Ctrl-C).
    Cancelled,
    /// Negation nested too deeply (`--max-depth`).
    NegationDepth(u32),
    /// A subgoal or answer term nested too deeply (`--max-term-depth`).
    TermDepth(u32),
    /// A limit of a foreign predicate (the e-graph normalizer's nodes or iterations).
    Foreign(&'static str),
    /// The memory held by terms and tables (`--max-memory`, in MiB).
    Memory(u64),
}

impl StopReason {
    /// The stable code of the limit, e.g. `limit::depth`.
    pub fn code(&self) -> &'static str {
        match self {
            StopReason::Depth(_) => "limit::depth",
            StopReason::Steps(_) => "limit::steps",
            StopReason::Tables(_) => "limit::tables",
            StopReason::Answers(_) => "limit::answers",
            StopReason::Iterations(_) => "limit::iterations",
            StopReason::Timeout(_) => "limit::timeout",
            StopReason::Cancelled => "limit::cancelled",
            StopReason::NegationDepth(_) => "limit::negation_depth",
            StopReason::TermDepth(_) => "limit::term_depth",
            StopReason::Foreign(_) => "limit::foreign",
            StopReason::Memory(_) => "limit::memory",
        }
    }
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StopReason::Depth(n) => write!(
                f,
                "derivation depth limit {n} reached (raise it with --max-depth)"
            ),
            StopReason::Steps(n) => write!(f, "step limit {n} reached (raise it with --max-steps)"),
            StopReason::Tables(n) => {
                write!(f, "table limit {n} reached (raise it with --max-tables)")
            }
            StopReason::Answers(n) => write!(
                f,
                "answers-per-table limit {n} reached (raise it with --max-answers)"
            ),
            StopReason::Iterations(n) => {
                write!(
                    f,
                    "fixpoint iteration limit {n} reached (raise it with --max-iterations)"
                )
            }
            StopReason::Timeout(d) => write!(
                f,
                "timeout after {:.3}s (raise it with --timeout)",
                d.as_secs_f64()
            ),
            StopReason::Cancelled => write!(f, "cancelled"),
            StopReason::NegationDepth(n) => write!(
                f,
                "negation nested deeper than {n} (raise it with --max-depth)"
            ),
            StopReason::Foreign(what) => write!(f, "{what}"),
            StopReason::Memory(mib) => write!(
                f,
                "memory budget of {mib} MiB reached (raise it with --max-memory)"
            ),
            StopReason::TermDepth(n) => {
                write!(
                    f,
                    "a subgoal or answer nested deeper than {n} (raise it with --max-term-depth)"
                )
            }
        }
    }
}

/// Resource limits shared by every strategy. Hitting one answers Overflow, never No.
#[derive(Clone, Debug)]
pub struct Limits {
    /// Deepest derivation (proof-tree depth).
    pub max_depth: u32,
    /// Most resolution steps in one solve.
    pub max_steps: u64,
    /// Most tables (SLG) or cache entries.
    pub max_tables: usize,
    /// Most answers in one table.
    pub max_answers: usize,
    /// Most fixpoint iterations of one cycle head (recursive strategy).
    pub max_iterations: u32,
    /// Wall-clock limit.
    pub timeout: Option<Duration>,
    /// Set to true from another thread to stop the search.
    pub cancel: Option<Arc<AtomicBool>>,
    /// Unify with occurs check.
    pub occurs_check: bool,
    /// Table every predicate, not only those declared `:- table` (SLG).
    pub table_all: bool,
    /// Deepest subgoal or answer term a table may hold.
    pub max_term_depth: u32,
    /// Memory budget in MiB for the whole search (the process's resident set on Linux: terms, tables,
    /// choice points, goal lists; elsewhere the interned terms): checked every few milliseconds;
    /// over it, the search stops with Overflow naming the limit.
    pub max_memory_mib: u64,
    /// Largest subgoal before it is truncated: the branch is dropped and the solution becomes
    /// ambiguous, as chalk does with its maximum term size. A subgoal's size is that of its largest
    /// argument (in nodes); an argument that is itself a goal of the program (`from_env(Tr(T, U))`) is
    /// measured the same way, by its largest argument; list cells (`'[|]'`, `[]`) are not counted,
    /// since an encoding uses them to group parts (a `dyn` type's bounds), as chalk counts only the
    /// types. `None`: no truncation.
    pub max_term_size: Option<u32>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_depth: 100_000,
            max_steps: 500_000_000,
            max_tables: 5_000_000,
            max_answers: 50_000_000,
            max_iterations: 8,
            timeout: None,
            cancel: None,
            occurs_check: true,
            table_all: false,
            max_term_depth: 100_000,
            max_memory_mib: 8 * 1024,
            max_term_size: None,
        }
    }
}

/// Counters a strategy keeps; `--stats` prints them.
#[derive(Clone, Debug, Default)]
pub struct Stats {
    /// Resolution steps taken.
    pub steps: u64,
    /// Unifications attempted.
    pub unifications: u64,
    /// Tables created.
    pub tables: u64,
    /// Answers added to tables (distinct).
    pub table_answers: u64,
    /// Consumers suspended on incomplete tables.
    pub consumers: u64,
    /// Tables completed.
    pub completed: u64,
    /// Cache hits (recursive strategy, and completed tables reused).
    pub cache_hits: u64,
    /// Provisional results created / promoted / discarded (recursive strategy).
    pub provisional: [u64; 3],
    /// Fixpoint iterations (recursive strategy).
    pub iterations: u64,
    /// Tables answered by the Datalog sub-engine (`slg`: semi-naive evaluation of a pure Datalog
    /// closure).
    pub datalog_tables: u64,
    /// Rows those evaluations derived (answers and magic facts of every relation but the facts').
    pub datalog_rows: u64,
}

/// How a search ended.
#[derive(Clone, Debug, Default)]
pub struct Outcome {
    /// The limit that stopped the search, if one did.
    pub stop: Option<StopReason>,
    /// True when the caller's callback asked to stop early.
    pub stopped_by_caller: bool,
    /// A negation of a non-ground goal was met (its branch was not explored).
    pub floundered: bool,
    /// A subgoal or answer above the maximum term size was dropped (the search is incomplete).
    pub truncated: bool,
    /// The limit that truncated a subgoal or answer, when it was the term-depth limit (the size
    /// limit is chalk's truncation and is not named).
    pub truncated_by: Option<StopReason>,
    /// A cycle through negation was found (the answer is undefined under the well-founded semantics).
    pub negative_cycle: bool,
    /// An answer was reported ambiguous because a goal on its branch floundered (chalk's answer
    /// from a strand whose remaining subgoals floundered): it holds if that goal does.
    pub ambiguous_floundered: bool,
    /// An answer was reported ambiguous because a call on its branch was truncated.
    pub ambiguous_truncated: bool,
    /// An answer was reported ambiguous because a call on its branch mentions an item the program
    /// names but does not define (`Program::open`), and was taken as holding by what is not seen.
    pub ambiguous_open: bool,
    /// An uncaught Prolog error (`throw/1`, or a built-in's ISO error term such as
    /// `error(existence_error(procedure, p/1), _)`): the search stopped there.
    pub error: Option<TermId>,
    /// How [`aggregate()`] turns the answers into one solution: set by the strategy (and, through
    /// it, the program's dialect). Not a fact about the search.
    pub aggregation: Aggregation,
    /// Counters.
    pub stats: Stats,
}

/// How a strategy's answers are aggregated into one solution (see [`aggregate()`]).
#[derive(Clone, Debug, Default)]
pub struct Aggregation {
    /// Answers differing anywhere leave no guidance (the search graph merges candidates as chalk's
    /// recursive solver and rustc's next-generation solver do); otherwise they are generalized,
    /// as chalk's SLG solver does.
    pub differing_answers_unguided: bool,
    /// As chalk's SLG solver does (`Dialect::chalk_guidance`): an answer joins the guidance only
    /// when it may invalidate it.
    pub chalk_guidance: bool,
    /// The answers came in chalk's SLG order (`slg`'s `chalk.rs`): aggregation takes them as they
    /// are, each distinct answer counted (no answer subsumes another).
    pub chalk_order: bool,
    /// The query variables that stand for regions (set with `chalk_guidance`): chalk never counts
    /// a substitution that maps a lifetime as trivial, so an ambiguous answer over them keeps its
    /// guidance.
    pub region_vars: Vec<u32>,
}

/// How sure the answers of a search are, as rustc's next-generation solver says it: complete, or
/// only possibly so, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Certainty {
    /// The search ran to the end: its answers are all the answers, and no answer means "no".
    Yes,
    /// The search did not decide everything: no answer means "unknown".
    Maybe(MaybeCause),
}

/// Why a search's answers are only possible ([`Certainty::Maybe`]), strongest first: a merge keeps
/// the stronger cause.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MaybeCause {
    /// A limit stopped the search (Overflow), naming it.
    Overflow(StopReason),
    /// An uncaught error stopped it.
    Error,
    /// A cycle through negation: undefined under the well-founded semantics.
    NegativeCycle,
    /// A goal floundered (a negation or non-enumerable call with unbound variables), or an answer
    /// rests on one.
    Floundered,
    /// A subgoal or answer was too large and was cut (chalk's truncation), naming the limit when
    /// it was the term-depth limit.
    Truncated(Option<StopReason>),
    /// An answer rests on an item the program names but does not define.
    Open,
}

impl MaybeCause {
    fn rank(&self) -> u8 {
        match self {
            MaybeCause::Overflow(_) => 0,
            MaybeCause::Error => 1,
            MaybeCause::NegativeCycle => 2,
            MaybeCause::Floundered => 3,
            MaybeCause::Truncated(_) => 4,
            MaybeCause::Open => 5,
        }
    }
}

impl Certainty {
    /// The certainty of two searches together (a goal and a nested one, or two branches): `Yes`
    /// only when both are, otherwise the stronger cause.
    pub fn merge(self, other: Certainty) -> Certainty {
        match (self, other) {
            (Certainty::Yes, c) | (c, Certainty::Yes) => c,
            (Certainty::Maybe(a), Certainty::Maybe(b)) => {
                Certainty::Maybe(if b.rank() < a.rank() { b } else { a })
            }
        }
    }
}

impl Outcome {
    /// The limit that stopped the search, if any.
    pub fn overflow(&self) -> Option<StopReason> {
        self.stop
    }

    /// How sure the search's answers are: every fact the strategy recorded, merged.
    pub fn certainty(&self) -> Certainty {
        let causes = [
            self.stop.map(MaybeCause::Overflow),
            self.error.map(|_| MaybeCause::Error),
            self.negative_cycle.then_some(MaybeCause::NegativeCycle),
            (self.floundered || self.ambiguous_floundered).then_some(MaybeCause::Floundered),
            (self.truncated || self.ambiguous_truncated)
                .then_some(MaybeCause::Truncated(self.truncated_by)),
            self.ambiguous_open.then_some(MaybeCause::Open),
        ];
        causes
            .into_iter()
            .flatten()
            .fold(Certainty::Yes, |c, m| c.merge(Certainty::Maybe(m)))
    }
}

/// Callback receiving each answer; return `ControlFlow::Break(())` to stop.
pub type OnAnswer<'a> = dyn FnMut(&mut Store, AnswerRef<'_>) -> ControlFlow<()> + 'a;

/// A resolution strategy. Implement this to plug a new one in: the CLI, the conformance harness and the
/// benchmarks select strategies by [`Strategy::name`].
pub trait Strategy {
    /// The name used on the command line (`sld`, `slg`, ...).
    fn name(&self) -> &'static str;
    /// Solve `goal`, reporting answers to `on_answer`.
    fn solve(
        &mut self,
        store: &mut Store,
        program: &Program,
        goal: &Goal,
        limits: &Limits,
        on_answer: &mut OnAnswer<'_>,
    ) -> Outcome;
}

/// The first answer of `goal` under SLG (the values of its `nvars` query variables), and how the
/// search ended: for tools that only need to know whether a goal holds and one way it does (coherence
/// checks, the e-graph normalizer's where-clauses).
pub fn first_answer(
    store: &mut Store,
    program: &Program,
    goal: &Goal,
    limits: &Limits,
) -> (Option<Vec<TermId>>, Outcome) {
    let mut found = None;
    let mut uncertain = false;
    let mut outcome = slg::Slg::default().solve(store, program, goal, limits, &mut |_, a| {
        if a.ambiguous {
            // An answer on a branch a limit cut short proves nothing: look for a certain one.
            uncertain = true;
            return ControlFlow::Continue(());
        }
        found = Some(a.values.to_vec());
        ControlFlow::Break(())
    });
    if found.is_none() && uncertain {
        // Only possible answers: unknown, for the reason their branches went past.
        outcome.truncated |= outcome.ambiguous_truncated || !outcome.ambiguous_floundered;
        outcome.floundered |= outcome.ambiguous_floundered;
    }
    if outcome.truncated || outcome.truncated_by.is_some() {
        // The search met a branch cut short before this answer: whether the answer depends on it
        // is not recorded, so it is not taken as certain (the caller sees "unknown").
        found = None;
        outcome.truncated = true;
    }
    (found, outcome)
}

/// Makes a fresh strategy (one per solved goal).
pub type StrategyFactory = fn() -> Box<dyn Strategy>;

/// Strategies registered by library users, by name.
static REGISTERED: std::sync::Mutex<Vec<(String, StrategyFactory)>> =
    std::sync::Mutex::new(Vec::new());

/// Make a user strategy available by `name` everywhere a strategy is named: [`strategy_by_name`],
/// `Session::with_strategy`, `knot compare --strategies` and the command line's `--strategy` when the
/// command runs in the same process. A later registration of the same
/// name replaces the earlier one; the built-in names cannot be replaced.
///
/// ```
/// use knot_logic::solve::{register_strategy, strategy_by_name};
/// // A strategy under a second name (a real one implements `knot_logic::Strategy`).
/// register_strategy("my-sld", || strategy_by_name("sld").unwrap());
/// assert_eq!(strategy_by_name("my-sld").map(|s| s.name()), Some("sld"));
/// ```
pub fn register_strategy(name: &str, make: StrategyFactory) {
    let mut reg = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    reg.retain(|(n, _)| n != name);
    reg.push((name.to_string(), make));
}

/// A strategy by name: a built-in one (`sld`, `slg`, `recursive`) or one registered with
/// [`register_strategy`].
pub fn strategy_by_name(name: &str) -> Option<Box<dyn Strategy>> {
    match name {
        "sld" => Some(Box::new(sld::Sld)),
        "slg" => Some(Box::new(slg::Slg::default())),
        "recursive" => Some(Box::new(recursive::Recursive::default())),
        _ => {
            let reg = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
            reg.iter().find(|(n, _)| n == name).map(|(_, make)| make())
        }
    }
}

/// A strategy instance kept with its name between goals on one program (so that the recursive
/// strategy's cache of completed results carries over).
pub type KeptStrategy = Option<(String, Box<dyn Strategy>)>;

/// The kept strategy when it has this name, else a fresh one by [`strategy_by_name`] (`None` for an
/// unknown name). Put it back in `kept` after the solve.
pub fn reuse_strategy(kept: &mut KeptStrategy, name: &str) -> Option<Box<dyn Strategy>> {
    match kept.take() {
        Some((n, s)) if n == name => Some(s),
        _ => strategy_by_name(name),
    }
}

/// Names of the built-in strategies.
pub const STRATEGIES: &[&str] = &["sld", "slg", "recursive"];

/// Every strategy name: the built-in ones, then the registered ones.
pub fn strategy_names() -> Vec<String> {
    let mut v: Vec<String> = STRATEGIES.iter().map(|s| s.to_string()).collect();
    let reg = REGISTERED.lock().unwrap_or_else(|e| e.into_inner());
    v.extend(reg.iter().map(|(n, _)| n.clone()));
    v
}

#[cfg(test)]
mod certainty_tests {
    use super::*;

    /// A complete search is `Yes`; every recorded fact makes it `Maybe`, and the merge keeps the
    /// stronger cause whatever the order.
    #[test]
    fn certainty_merges_to_the_strongest_cause() {
        assert_eq!(Outcome::default().certainty(), Certainty::Yes);
        let floundered = Outcome {
            floundered: true,
            ..Outcome::default()
        };
        assert_eq!(
            floundered.certainty(),
            Certainty::Maybe(MaybeCause::Floundered)
        );
        let both = Outcome {
            stop: Some(StopReason::Depth(7)),
            ..floundered
        };
        assert_eq!(
            both.certainty(),
            Certainty::Maybe(MaybeCause::Overflow(StopReason::Depth(7)))
        );
        let (a, b) = (
            Certainty::Maybe(MaybeCause::Open),
            Certainty::Maybe(MaybeCause::NegativeCycle),
        );
        assert_eq!(a.merge(b), b.merge(a));
        assert_eq!(a.merge(Certainty::Yes), a);
    }
}
