//! The search trace: an optional record of what a strategy does, for people who want to *see* the
//! search (`knot query --trace`, the playground's search view).
//!
//! The strategies call [`emit`] at a few points (a call to a tabled goal, a goal's evaluation
//! opened, an answer recorded, a fixpoint round, a goal finished, a group of tables completed) and
//! the machine calls [`emit_resolve`] for each clause resolution. When no [`record`] is running,
//! each of these is one relaxed atomic load and a branch: the event is never built. While one runs
//! (on this thread), events go to its [`Recorder`], up to its limit; the front door turns them into
//! the documented JSON (`knot::trace`).
//!
//! Events name goals by their canonical key (`TermId`), as the strategies' tables and caches do:
//! the recorder does not interpret them.

use crate::term::TermId;
use std::cell::RefCell;
use std::sync::atomic::{AtomicUsize, Ordering};

/// How a call met the goal it calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Link {
    /// First met: a table (`slg`) or a search-graph node (`recursive`) is made for it.
    New,
    /// Already complete (a completed table, the global cache).
    Complete,
    /// Open and not on the caller's path: the caller waits for its answers (`slg`: a consumer).
    Incomplete,
    /// On the stack of goals in progress: a cycle back to it. `coinductive` when every goal on the
    /// cycle is coinductive (the cycle is assumed to hold), else inductive (it assumes no answer, or
    /// what the previous round gave).
    Cycle {
        /// Every goal on the cycle is coinductive.
        coinductive: bool,
    },
    /// Found in the provisional cache (`recursive`): a result that rests on a cycle head still on
    /// the stack.
    Provisional,
    /// A negation of the goal (`\+ G`).
    Negation,
}

/// One thing a strategy did.
#[derive(Clone, Debug)]
pub enum Event {
    /// A call from the goal `from` is evaluating (`None`: the query) to the canonical goal `key`
    /// (`goal`: its term, when known at the call).
    Call {
        /// The caller's key.
        from: Option<TermId>,
        /// The callee's key.
        key: TermId,
        /// The callee's goal term.
        goal: Option<TermId>,
        /// What the call found.
        link: Link,
    },
    /// The evaluation of `key` (goal term `goal`) starts (`recursive`: its frame is pushed).
    Open {
        /// The goal's key.
        key: TermId,
        /// Its goal term.
        goal: TermId,
        /// Its predicate is coinductive.
        coinductive: bool,
    },
    /// `key` recorded an answer (a tuple of values, one per variable of the goal, then its region
    /// constraints).
    Answer {
        /// The goal's key.
        key: TermId,
        /// The answer's values.
        values: Vec<TermId>,
    },
    /// A fixpoint round of the cycle head `key` ended with `result` differing from what was
    /// assumed: the goal is evaluated again assuming it (`recursive`).
    Round {
        /// The cycle head's key.
        key: TermId,
        /// The round (1 = the first re-evaluation).
        round: u32,
        /// The assumption that changed is the coinductive one (the inner fixpoint, down from "the
        /// goal holds"); else the inductive one (the outer fixpoint, up from "no answer").
        coinductive: bool,
        /// The provisional result now assumed: flat tuples of `width` values.
        result: Vec<TermId>,
        /// Values per tuple.
        width: usize,
    },
    /// `key` is finished: `provisional` when its result rests on a cycle head still on the stack
    /// (`recursive`: the provisional cache), else final.
    Done {
        /// The goal's key.
        key: TermId,
        /// Its result: flat tuples of `width` values.
        result: Vec<TermId>,
        /// Values per tuple.
        width: usize,
        /// Provisional, not final.
        provisional: bool,
    },
    /// A group of tables (a strongly connected component of the call graph) completed together
    /// (`slg`).
    Complete {
        /// The tables' keys.
        keys: Vec<TermId>,
    },
    /// A clause resolution of `goal` at derivation depth `depth` (recorded only when the recorder
    /// asks for them: `sld`, which has no tables).
    Resolve {
        /// The goal, its variables numbered from 0.
        goal: TermId,
        /// Its depth in the derivation.
        depth: u32,
    },
    /// The whole query is run again (`slg` with coinductive predicates: refined assumptions).
    Rerun {
        /// The run (1 = the first re-run).
        run: u32,
    },
}

/// The events of one traced solve.
#[derive(Debug, Default)]
pub struct Recorder {
    /// The events, in order.
    pub events: Vec<Event>,
    /// Most events kept; later ones are counted in `dropped`.
    pub limit: usize,
    /// Events not kept (past `limit`).
    pub dropped: usize,
    /// Keep [`Event::Resolve`] events.
    pub resolutions: bool,
}

/// How many recorders run (on any thread): zero means every hook is a load and a branch.
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

thread_local! {
    static SINK: RefCell<Option<Recorder>> = const { RefCell::new(None) };
}

/// Run `f` with a recorder on this thread: what the strategies do inside it is recorded (at most
/// `limit` events; [`Event::Resolve`] ones only with `resolutions`). Not reentrant: a record inside
/// a record keeps the inner events to itself.
pub fn record<R>(limit: usize, resolutions: bool, f: impl FnOnce() -> R) -> (R, Recorder) {
    /// Puts the outer recorder back (also when `f` panics).
    struct Restore(Option<Option<Recorder>>);
    impl Drop for Restore {
        fn drop(&mut self) {
            if let Some(outer) = self.0.take() {
                SINK.with(|s| *s.borrow_mut() = outer);
            }
            ACTIVE.fetch_sub(1, Ordering::Relaxed);
        }
    }
    let fresh = Recorder {
        limit,
        resolutions,
        ..Recorder::default()
    };
    let outer = SINK.with(|s| s.borrow_mut().replace(fresh));
    ACTIVE.fetch_add(1, Ordering::Relaxed);
    let restore = Restore(Some(outer));
    let r = f();
    let rec = SINK.with(|s| s.borrow_mut().take()).unwrap_or_default();
    drop(restore);
    (r, rec)
}

/// True when some recorder runs (a cheap test before building an event).
#[inline(always)]
pub fn on() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

/// Record the event `make` builds, if a recorder runs on this thread and has room.
#[inline(always)]
pub fn emit(make: impl FnOnce() -> Event) {
    if on() {
        push(false, make);
    }
}

/// Record a clause resolution (built by `make`) if a recorder that keeps them runs.
#[inline(always)]
pub fn emit_resolve(make: impl FnOnce() -> Event) {
    if on() {
        push(true, make);
    }
}

#[cold]
fn push(resolution: bool, make: impl FnOnce() -> Event) {
    SINK.with(|s| {
        let mut s = s.borrow_mut();
        let Some(r) = s.as_mut() else { return };
        if resolution && !r.resolutions {
            return;
        }
        if r.events.len() >= r.limit {
            r.dropped += 1;
            return;
        }
        r.events.push(make());
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Events are kept only inside a record, up to its limit; resolutions only when asked for.
    #[test]
    fn records_inside_only_up_to_the_limit() {
        let t = TermId(7);
        emit(|| Event::Rerun { run: 0 });
        let ((), rec) = record(2, false, || {
            emit_resolve(|| Event::Resolve { goal: t, depth: 0 });
            for run in 1..=3 {
                emit(|| Event::Rerun { run });
            }
        });
        assert_eq!(rec.events.len(), 2);
        assert_eq!(rec.dropped, 1);
        assert!(matches!(rec.events[1], Event::Rerun { run: 2 }));
        let ((), rec) = record(10, true, || {
            emit_resolve(|| Event::Resolve { goal: t, depth: 3 })
        });
        assert!(matches!(rec.events[..], [Event::Resolve { depth: 3, .. }]));
        assert!(!on());
    }
}
