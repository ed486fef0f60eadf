//! A set of answer tuples stored flat: `k` values per answer in one vector, deduplicated through a hash
//! table of answer indices. No tuple term is interned, so recording an answer costs one hash of `k` ids.

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
    /// Tuples of width 1 or 2, packed into the key itself: a lookup compares keys without reading
    /// `flat` (one random memory access instead of two per probe).
    packed: HashTable<u64>,
}

fn hash(vals: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    vals.hash(&mut h);
    mix(h.finish())
}

/// The tuple `(a, b)` (or `(a)`) as one key.
#[inline]
fn pack(vals: &[TermId]) -> u64 {
    let a = vals[0].0 as u64;
    let b = vals.get(1).map_or(0, |v| v.0 as u64);
    (a << 32) | b
}

/// A cheap 64-bit mixer (one multiply by the golden-ratio constant, high bits folded down): every input
/// bit reaches the high bits hashbrown uses for its control bytes and the low bits it uses for buckets.
#[inline]
fn mix(x: u64) -> u64 {
    let y = (x ^ (x >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    y ^ (y >> 29)
}

impl AnswerSet {
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
        if self.k <= 2 {
            // One probe: find the key or the free slot for it.
            let key = pack(vals);
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

    /// Drop the dedup index (the answers stay readable): used once a table is complete.
    pub fn freeze(&mut self) {
        self.index = HashTable::new();
        self.packed = HashTable::new();
    }
}

use super::machine::{Machine, State};
use super::{AnswerRef, OnAnswer, StopReason};
use std::ops::ControlFlow;

/// Record an answer tuple in a table's set, enforcing the term-depth and answers-per-table limits
/// (hitting one halts the search). True when the answer is new and the search goes on.
pub(crate) fn record(m: &mut Machine<'_>, set: &mut AnswerSet, vals: &[TermId]) -> bool {
    if vals
        .iter()
        .any(|&v| m.store.depth(v) >= m.limits.max_term_depth)
    {
        m.halt(StopReason::TermDepth(m.limits.max_term_depth));
        return false;
    }
    if !set.insert(vals) {
        return false;
    }
    m.out.stats.table_answers += 1;
    if set.len() > m.limits.max_answers {
        m.halt(StopReason::Answers(m.limits.max_answers));
        return false;
    }
    true
}

/// Where the answers of the query itself go: optionally deduplicated, then to the caller's callback.
pub(crate) struct RootSink<'a, 'b> {
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
            seen: dedup.then(|| AnswerSet::new(nvars as usize)),
            vals: Vec::new(),
            on_answer,
        }
    }

    /// How many variables the query reports.
    pub fn nvars(&self) -> u32 {
        self.nvars
    }

    /// A derivation of the query succeeded in `st`: report its answer (unless already reported).
    pub fn success(&mut self, m: &mut Machine<'_>, st: &State) -> ControlFlow<()> {
        m.answer_values(st, self.nvars, &mut self.vals);
        if let Some(seen) = &mut self.seen {
            if !seen.insert(&self.vals) {
                return ControlFlow::Continue(());
            }
        }
        Self::emit(m, self.on_answer, &self.vals)
    }

    /// Report values known to be a new answer (a query that is exactly one tabled call).
    pub fn emit_values(&mut self, m: &mut Machine<'_>, vals: &[TermId]) -> ControlFlow<()> {
        Self::emit(m, self.on_answer, vals)
    }

    fn emit(m: &mut Machine<'_>, on_answer: &mut OnAnswer<'_>, vals: &[TermId]) -> ControlFlow<()> {
        let r = on_answer(
            m.store,
            AnswerRef {
                values: vals,
                ambiguous: false,
            },
        );
        if r.is_break() {
            m.out.stopped_by_caller = true;
        }
        r
    }
}
