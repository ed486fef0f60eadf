//! A set of answer tuples stored flat: `k` values per answer in one vector, deduplicated through a hash
//! table of answer indices. No tuple term is interned, so recording an answer costs one hash of `k` ids.

use super::id_sets::{mix, Pairs};
use crate::term::syms;
use crate::term::TermId;
use hashbrown::HashTable;
use rustc_hash::FxHasher;
use std::hash::{Hash, Hasher};

/// Distinct answer tuples of a fixed width, in the order they were added.
#[derive(Debug, Default, Clone)]
pub struct AnswerSet {
    k: usize,
    flat: Vec<TermId>,
    n: usize,
    /// Tuples of width 3 or more: indices into `flat`.
    index: HashTable<u32>,
    /// Tuples of width 1, the value itself as the key: a lookup compares keys without reading `flat`.
    packed: HashTable<u64>,
    /// Tuples of width 2, grouped by their first value.
    pairs: Pairs,
}

fn hash(vals: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    vals.hash(&mut h);
    mix(h.finish())
}

/// The width of an answer tuple of a goal with `nvars` variables: a value per variable, then the
/// list of its region constraints (`[]` for none). Every table (`slg`, the Datalog sub-engine) and
/// cached result (`recursive`) stores tuples of this width.
pub fn answer_width(nvars: u32) -> usize {
    nvars as usize + 1
}

impl AnswerSet {
    /// An empty set of answer tuples of a goal with `nvars` variables ([`answer_width`]).
    pub fn for_goal(nvars: u32) -> AnswerSet {
        AnswerSet::new(answer_width(nvars))
    }

    /// An empty set of `k`-tuples.
    pub fn new(k: usize) -> AnswerSet {
        AnswerSet {
            k,
            ..AnswerSet::default()
        }
    }

    /// Width of the tuples.
    pub fn width(&self) -> usize {
        self.k
    }

    /// Number of answers.
    pub fn len(&self) -> usize {
        self.n
    }

    /// True when there is none.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Answer `i`.
    #[inline]
    pub fn get(&self, i: usize) -> &[TermId] {
        &self.flat[i * self.k..(i + 1) * self.k]
    }

    /// The flat storage (answer `i` at `i*k..(i+1)*k`).
    pub fn flat(&self) -> &[TermId] {
        &self.flat
    }

    /// Add a tuple; false when it was already there.
    pub fn insert(&mut self, vals: &[TermId]) -> bool {
        debug_assert_eq!(vals.len(), self.k);
        if self.k == 0 {
            if self.n == 0 {
                self.n = 1;
                return true;
            }
            return false;
        }
        if self.k == 2 {
            if !self.pairs.insert(vals[0].0, vals[1].0) {
                return false;
            }
            self.flat.extend_from_slice(vals);
            self.n += 1;
            return true;
        }
        if self.k == 1 {
            // One probe: find the key or the free slot for it.
            let key = vals[0].0 as u64;
            match self.packed.entry(mix(key), |&x| x == key, |&x| mix(x)) {
                hashbrown::hash_table::Entry::Occupied(_) => return false,
                hashbrown::hash_table::Entry::Vacant(v) => {
                    v.insert(key);
                }
            }
            self.flat.extend_from_slice(vals);
            self.n += 1;
            return true;
        }
        let h = hash(vals);
        let (k, flat) = (self.k, &self.flat);
        if self
            .index
            .find(h, |&i| &flat[i as usize * k..(i as usize + 1) * k] == vals)
            .is_some()
        {
            return false;
        }
        let i = self.n as u32;
        self.flat.extend_from_slice(vals);
        self.n += 1;
        let (k, flat) = (self.k, &self.flat);
        self.index
            .insert_unique(h, i, |&j| hash(&flat[j as usize * k..(j as usize + 1) * k]));
        true
    }

    /// Add a tuple the caller knows is not in the set, without recording it for deduplication (see
    /// [`record_distinct`]).
    pub fn push_distinct(&mut self, vals: &[TermId]) {
        debug_assert_eq!(vals.len(), self.k);
        debug_assert!(self.k != 0 || self.n == 0, "one empty tuple at most");
        self.flat.extend_from_slice(vals);
        self.n += 1;
    }

    /// Drop the dedup index (the answers stay readable): used once a table is complete.
    pub fn freeze(&mut self) {
        self.index = HashTable::new();
        self.packed = HashTable::new();
        self.pairs = Pairs::default();
    }
}

use super::machine::{Machine, State};
use super::{AnswerRef, OnAnswer, StopReason};
use std::ops::ControlFlow;

/// Record an answer tuple in a table's set, enforcing the term-depth and answers-per-table limits
/// (hitting one halts the search). True when the answer is new and the search goes on.
pub fn record(m: &mut Machine<'_>, set: &mut AnswerSet, vals: &[TermId]) -> bool {
    if oversized(m, vals) || !set.insert(vals) {
        return false;
    }
    counted(m, set)
}

/// [`record`] for a tuple known not to be in `set` (nor to be added again): it is added without being
/// recorded for deduplication, so `set` must be frozen ([`AnswerSet::freeze`]) before any
/// [`AnswerSet::insert`].
pub fn record_distinct(m: &mut Machine<'_>, set: &mut AnswerSet, vals: &[TermId]) -> bool {
    if oversized(m, vals) {
        return false;
    }
    set.push_distinct(vals);
    counted(m, set)
}

/// An answer too deep or too large for the limits: truncated as a call is (dropped, the solution
/// ambiguous).
fn oversized(m: &mut Machine<'_>, vals: &[TermId]) -> bool {
    if too_big(m, vals) {
        m.out.truncated = true;
        m.out
            .truncated_by
            .get_or_insert(StopReason::TermDepth(m.limits.max_term_depth));
        return true;
    }
    false
}

/// True when an answer is nested deeper than `max_term_depth` or larger than `max_term_size`: it
/// is not recorded as it is.
pub fn too_big(m: &Machine<'_>, vals: &[TermId]) -> bool {
    vals.iter()
        .any(|&v| m.store.depth(v) >= m.limits.max_term_depth)
        || m.limits.max_term_size.is_some_and(|n| {
            vals.iter().any(|&v| {
                m.store.size(v) > n && super::canon_goal::measured_size(m.store, v, &|_| false) > n
            })
        })
}

/// Count a recorded answer; false (and the search halted) past the answer limit.
fn counted(m: &mut Machine<'_>, set: &AnswerSet) -> bool {
    m.out.stats.table_answers += 1;
    if set.len() > m.limits.max_answers {
        m.halt(StopReason::Answers(m.limits.max_answers));
        return false;
    }
    true
}

/// Where the answers of the query itself go: optionally deduplicated, then to the caller's callback.
pub struct RootSink<'a, 'b> {
    nvars: u32,
    seen: Option<AnswerSet>,
    vals: Vec<TermId>,
    on_answer: &'a mut OnAnswer<'b>,
}

impl<'a, 'b> RootSink<'a, 'b> {
    /// A sink for a query with `nvars` reported variables; `dedup` drops answers already reported.
    pub fn new(nvars: u32, dedup: bool, on_answer: &'a mut OnAnswer<'b>) -> Self {
        RootSink {
            nvars,
            seen: dedup.then(|| AnswerSet::for_goal(nvars)),
            vals: Vec::new(),
            on_answer,
        }
    }

    /// How many distinct answers it has reported (when it drops those already reported).
    pub fn reported(&self) -> usize {
        self.seen.as_ref().map_or(0, |s| s.len())
    }

    /// How many variables the query reports.
    pub fn nvars(&self) -> u32 {
        self.nvars
    }

    /// A derivation of the query succeeded in `st`: report its answer (unless already reported).
    pub fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        let map = m.answer_values(st, self.nvars, &mut self.vals);
        if let Some(seen) = &mut self.seen {
            if !seen.insert(&self.vals) {
                return ControlFlow::Continue(());
            }
        }
        let n = self.nvars as usize;
        // A derivation that went past undecided goals: an ambiguous answer (its marker, the last
        // element of the constraint list, is not a constraint).
        let ambiguous = st.taint != 0;
        if ambiguous {
            m.note_taint(st.taint);
            let mut cs = Vec::new();
            let mut cur = self.vals[n];
            while let crate::term::View::App(syms::CONS, [c, rest]) = m.store.view(cur) {
                if m.store.functor(*c) != Some((syms::AMBIGUOUS, 1)) {
                    cs.push(*c);
                }
                cur = *rest;
            }
            self.vals[n] = m.store.list(&cs, None);
        }
        // Region constraints: the answer's last value becomes `'$regions'(List, Universes)`, with
        // the universe of each answer variable (chalk prints them: `for<?U1> { .. }`).
        if self.vals[n] != m.store.atom(syms::NIL) {
            let us: Vec<TermId> = map
                .slots
                .iter()
                .map(|&s| m.store.int(st.b.universe(s) as i64))
                .collect();
            let us = m.store.list(&us, None);
            self.vals[n] = m.store.app(syms::REGIONS, &[self.vals[n], us]);
            return Self::emit(m, self.on_answer, &self.vals, ambiguous);
        }
        Self::emit(m, self.on_answer, &self.vals[..n], ambiguous)
    }

    /// Report values known to be a new answer (a query that is exactly one tabled call, whose
    /// answers hold under no region constraint): the last value (the empty constraint list) is
    /// dropped.
    /// An ambiguous answer (`taint`, the bits of its marker, not 0) is reported so.
    pub fn emit_values(
        &mut self,
        m: &mut Machine<'_>,
        vals: &[TermId],
        taint: u8,
    ) -> ControlFlow<()> {
        if taint != 0 {
            m.note_taint(taint);
        }
        Self::emit(
            m,
            self.on_answer,
            &vals[..vals.len().saturating_sub(1)],
            taint != 0,
        )
    }

    fn emit(
        m: &mut Machine<'_>,
        on_answer: &mut OnAnswer<'_>,
        vals: &[TermId],
        ambiguous: bool,
    ) -> ControlFlow<()> {
        let r = on_answer(
            m.store,
            AnswerRef {
                values: vals,
                ambiguous,
            },
        );
        if r.is_break() {
            m.out.stopped_by_caller = true;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::super::id_sets::IdSet;
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// Ids drawn from a dense range with occasional far outliers, so that sets switch between their
    /// hash and bit-set forms in both directions.
    fn id() -> impl Strategy<Value = u32> {
        prop_oneof![
            8 => 0u32..300,
            1 => 1_000_000u32..1_000_050,
            1 => any::<u32>(),
        ]
    }

    proptest! {
        #[test]
        fn answer_set_is_a_set(width in 1usize..4, tuples in prop::collection::vec(prop::collection::vec(id(), 3), 0..2000)) {
            let mut set = AnswerSet::new(width);
            let mut model: HashSet<Vec<u32>> = HashSet::new();
            let mut order = Vec::new();
            for t in &tuples {
                let vals: Vec<TermId> = t[..width].iter().map(|&x| TermId(x)).collect();
                let fresh = model.insert(t[..width].to_vec());
                prop_assert_eq!(set.insert(&vals), fresh);
                if fresh {
                    order.push(vals);
                }
            }
            prop_assert_eq!(set.len(), order.len());
            for (i, vals) in order.iter().enumerate() {
                prop_assert_eq!(set.get(i), &vals[..]);
            }
        }
    }

    #[test]
    fn dense_pairs_become_bit_sets_and_sparse_ones_stay_hashed() {
        let mut set = AnswerSet::new(2);
        for b in 0..1000 {
            assert!(set.insert(&[TermId(7), TermId(b)]));
        }
        assert!(matches!(set.pairs.seconds[0], IdSet::Bits { .. }));
        // An outlier far away turns the set back into a hash table, keeping every member.
        assert!(set.insert(&[TermId(7), TermId(4_000_000_000)]));
        assert!(matches!(set.pairs.seconds[0], IdSet::Hash { .. }));
        for b in 0..1000 {
            assert!(!set.insert(&[TermId(7), TermId(b)]));
        }
        assert!(!set.insert(&[TermId(7), TermId(4_000_000_000)]));
        assert_eq!(set.len(), 1001);
    }
}
