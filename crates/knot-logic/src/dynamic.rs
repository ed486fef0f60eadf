//! The dynamic database: the clauses of dynamic predicates, changed while goals run
//! (`assert/1`, `asserta/1`, `assertz/1`, `retract/1`, `retractall/1`, `abolish/1`).
//!
//! A [`Program`](crate::program::Program) is shared (`&Program`) by every strategy while it solves,
//! so the database sits behind a lock of its own, apart from the indexed static clauses. A dynamic
//! predicate's clauses are one `Arc<Vec<Clause>>`: a call takes the `Arc` (a reference count, no
//! copy) and walks that list whatever is asserted or retracted meanwhile (ISO's *logical update
//! view*). A change copies the list only while some call still walks the old one
//! (`Arc::make_mut`), so a loop of asserts that no running call sees costs no copy.
//!
//! Calls of predicates the database does not hold never take the lock: the machine first reads
//! [`DynamicDb::active`], one relaxed atomic load, false until the first change.

use crate::program::{Clause, Pred};
use rustc_hash::{FxHashMap, FxHashSet};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

/// The clauses of the dynamic predicates (see the module's documentation).
#[derive(Default)]
pub struct DynamicDb {
    active: AtomicBool,
    next_id: AtomicU64,
    version: AtomicU64,
    state: Mutex<DynState>,
}

/// A clause of the dynamic database, with a number of its own (what `retract/1` erases).
#[derive(Clone, Debug)]
pub struct DynClause {
    pub id: u64,
    pub clause: Clause,
}

/// The clauses of one dynamic predicate, as a call walks them.
pub type DynClauses = Arc<Vec<DynClause>>;

/// What a strategy that keeps tables must take into account: read by each solve through
/// [`DynamicDb::events_since`] (a nested search, such as `findall/3`'s, changes the database
/// without the strategy's hooks seeing it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DbEvent {
    /// The clauses of a predicate changed.
    Changed(Pred),
    /// `abolish_all_tables/0`.
    AbolishAllTables,
    /// `abolish_table_pred/1`: the tables of one predicate.
    AbolishTables(Pred),
    /// `abolish_table_call/1`: the tables whose call unifies with this term (the argument
    /// resolved, its variables numbered in order), as SWI's.
    AbolishCall(crate::term::TermId),
}

#[derive(Default)]
struct DynState {
    preds: FxHashMap<Pred, DynClauses>,
    /// Predicates `abolish/1` removed (unknown again until a clause is added).
    gone: FxHashSet<Pred>,
    /// The changes, in order (a run of changes of one predicate is one event).
    log: Vec<DbEvent>,
    /// For each predicate, the predicates whose dynamic clauses' bodies call it.
    callers: FxHashMap<Pred, FxHashSet<Pred>>,
}

impl std::fmt::Debug for DynamicDb {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let n = self.lock().preds.len();
        write!(f, "DynamicDb({n} predicates)")
    }
}

impl DynamicDb {
    fn lock(&self) -> MutexGuard<'_, DynState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// True once the database holds some predicate: before that, no call looks it up.
    #[inline]
    pub fn active(&self) -> bool {
        self.active.load(Ordering::Relaxed)
    }

    /// A number that changes with every change of the database (caches of answers that may read
    /// dynamic predicates are kept only while it stays the same).
    pub fn version(&self) -> u64 {
        self.version.load(Ordering::Relaxed)
    }

    /// The clauses of `pred` as they are now, when the database holds it (a call walks this list:
    /// the logical update view).
    pub fn snapshot(&self, pred: Pred) -> Option<DynClauses> {
        self.lock().preds.get(&pred).cloned()
    }

    /// True when the database holds `pred` (possibly with no clause left).
    pub fn contains(&self, pred: Pred) -> bool {
        self.active() && self.lock().preds.contains_key(&pred)
    }

    /// Change the clauses of `pred`; `init` gives its clauses when the database does not hold it
    /// yet (the static clauses a file gave a predicate declared dynamic). True when `change` says
    /// it changed something.
    pub fn update(
        &self,
        pred: Pred,
        init: impl FnOnce() -> Vec<Clause>,
        change: impl FnOnce(&mut Vec<DynClause>) -> bool,
    ) -> bool {
        let mut st = self.lock();
        st.gone.remove(&pred);
        let next = &self.next_id;
        let list = st.preds.entry(pred).or_insert_with(|| {
            Arc::new(
                init()
                    .into_iter()
                    .map(|clause| DynClause {
                        id: next.fetch_add(1, Ordering::Relaxed),
                        clause,
                    })
                    .collect(),
            )
        });
        self.active.store(true, Ordering::Relaxed);
        let changed = change(Arc::make_mut(list));
        if changed {
            Self::note(&mut st, DbEvent::Changed(pred));
            self.version.fetch_add(1, Ordering::Relaxed);
        }
        changed
    }

    /// A number for a new clause.
    pub fn fresh_id(&self) -> u64 {
        self.next_id.fetch_add(1, Ordering::Relaxed)
    }

    fn note(st: &mut DynState, e: DbEvent) {
        // Every change is its own event, even one like the last: a reader may have taken the last
        // one already (an incremental table evaluated between two asserts of one predicate must
        // be abolished by the second).
        st.log.push(e);
    }

    /// Record a request to abolish tables (`abolish_all_tables/0`, `abolish_table_pred/1`).
    pub fn abolish_tables(&self, which: Option<Pred>) {
        self.abolish(match which {
            None => DbEvent::AbolishAllTables,
            Some(p) => DbEvent::AbolishTables(p),
        });
    }

    /// Record a request to abolish the table of one call (`abolish_table_call/1`), by its key.
    pub fn abolish_call(&self, key: crate::term::TermId) {
        self.abolish(DbEvent::AbolishCall(key));
    }

    fn abolish(&self, e: DbEvent) {
        let mut st = self.lock();
        Self::note(&mut st, e);
        self.version.fetch_add(1, Ordering::Relaxed);
    }

    /// How many events there are so far (a strategy's starting point for
    /// [`DynamicDb::events_since`]).
    pub fn events_len(&self) -> usize {
        self.lock().log.len()
    }

    /// The events from number `from` on.
    pub fn events_since(&self, from: usize) -> Vec<DbEvent> {
        self.lock()
            .log
            .get(from..)
            .map(|s| s.to_vec())
            .unwrap_or_default()
    }

    /// Record that a clause of `caller` calls `callees` (for incremental tabling's dependencies).
    pub fn add_callers(&self, caller: Pred, callees: impl IntoIterator<Item = Pred>) {
        let mut st = self.lock();
        for c in callees {
            st.callers.entry(c).or_default().insert(caller);
        }
    }

    /// The callers recorded by [`DynamicDb::add_callers`] of `pred`.
    pub fn callers_of(&self, pred: Pred) -> Vec<Pred> {
        self.lock()
            .callers
            .get(&pred)
            .map(|s| s.iter().copied().collect())
            .unwrap_or_default()
    }

    /// True when `abolish/1` removed `pred` (and nothing added a clause since).
    pub fn is_gone(&self, pred: Pred) -> bool {
        self.active() && self.lock().gone.contains(&pred)
    }

    /// Forget `pred` and all its clauses (`abolish/1`).
    pub fn remove(&self, pred: Pred) -> bool {
        let mut st = self.lock();
        st.gone.insert(pred);
        self.active.store(true, Ordering::Relaxed);
        let gone = st.preds.remove(&pred).is_some();
        if gone {
            Self::note(&mut st, DbEvent::Changed(pred));
            self.version.fetch_add(1, Ordering::Relaxed);
        }
        gone
    }
}
