//! A set of answer tuples stored flat: `k` values per answer in one vector, deduplicated through a hash
//! table of answer indices. No tuple term is interned, so recording an answer costs one hash of `k` ids.

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

/// A cheap 64-bit mixer (one multiply by the golden-ratio constant, high bits folded down): every input
/// bit reaches the high bits hashbrown uses for its control bytes and the low bits it uses for buckets.
#[inline]
fn mix(x: u64) -> u64 {
    let y = (x ^ (x >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    y ^ (y >> 29)
}

/// A set of pairs `(a, b)` as one small set of `b`s per `a`. Answers are derived in runs sharing their
/// first value (a consumer extends the answer `(a, z)` into `(a, y1)`, `(a, y2)`, ...), so consecutive
/// lookups stay in one small set that is already in cache, where one table of all pairs would miss
/// the cache on nearly every probe once it holds millions.
#[derive(Debug, Default, Clone)]
struct Pairs {
    /// `a` → index of its set in `seconds`.
    firsts: HashTable<(u32, u32)>,
    seconds: Vec<IdSet>,
    /// The last `(a, index)` looked up.
    last: Option<(u32, u32)>,
}

impl Pairs {
    /// Add `(a, b)`; false when it was already there.
    #[inline]
    fn insert(&mut self, a: u32, b: u32) -> bool {
        let sub = match self.last {
            Some((la, i)) if la == a => i,
            _ => {
                let next = self.seconds.len() as u32;
                let i = match self.firsts.entry(
                    mix(a as u64),
                    |&(x, _)| x == a,
                    |&(x, _)| mix(x as u64),
                ) {
                    hashbrown::hash_table::Entry::Occupied(o) => o.get().1,
                    hashbrown::hash_table::Entry::Vacant(v) => {
                        v.insert((a, next));
                        self.seconds.push(IdSet::default());
                        next
                    }
                };
                self.last = Some((a, i));
                i
            }
        };
        self.seconds[sub as usize].insert(b)
    }
}

/// A set of ids: a hash table, or a bit set over the range they span once that is no larger (ids
/// interned together are close: the nodes of a graph, say — then the sets of a big table of pairs
/// fit in cache).
#[derive(Debug, Clone)]
enum IdSet {
    Hash {
        set: HashTable<u32>,
        min: u32,
        max: u32,
    },
    /// Bit `i` of `words` is id `base + i`; `base` is a multiple of 64.
    Bits {
        base: u32,
        words: Vec<u64>,
        len: u32,
    },
}

impl Default for IdSet {
    fn default() -> Self {
        IdSet::Hash {
            set: HashTable::new(),
            min: u32::MAX,
            max: 0,
        }
    }
}

/// Bits a bit set may spend per member: beyond that a hash table is smaller.
const BITS_PER_MEMBER: u64 = 32;

impl IdSet {
    #[inline]
    fn insert(&mut self, b: u32) -> bool {
        match self {
            IdSet::Bits { base, words, len } => {
                if b >= *base {
                    let (w, bit) = (((b - *base) / 64) as usize, (b - *base) % 64);
                    if w < words.len() {
                        let m = 1u64 << bit;
                        if words[w] & m != 0 {
                            return false;
                        }
                        words[w] |= m;
                        *len += 1;
                        return true;
                    }
                }
                // Outside the range: widen it when still dense enough, else fall back to hashing.
                let lo = (*base).min(b & !63) as u64;
                let hi = (*base as u64 + 64 * words.len() as u64).max((b as u64 & !63) + 64);
                if hi - lo <= BITS_PER_MEMBER * (*len as u64 + 1) {
                    let shift = ((*base as u64 - lo) / 64) as usize;
                    let mut grown = vec![0u64; ((hi - lo) / 64) as usize];
                    grown[shift..shift + words.len()].copy_from_slice(words);
                    *words = grown;
                    *base = lo as u32;
                } else {
                    self.become_hash();
                }
                self.insert(b)
            }
            IdSet::Hash { set, min, max } => {
                match set.entry(mix(b as u64), |&x| x == b, |&x| mix(x as u64)) {
                    hashbrown::hash_table::Entry::Occupied(_) => return false,
                    hashbrown::hash_table::Entry::Vacant(v) => {
                        v.insert(b);
                    }
                }
                *min = (*min).min(b);
                *max = (*max).max(b);
                let n = set.len() as u64;
                // At each power of two from 64 on: a bit set when the ids are dense enough.
                if n >= 64 && n.is_power_of_two() {
                    let span = (*max & !63) as u64 + 64 - (*min & !63) as u64;
                    if span <= BITS_PER_MEMBER * n {
                        self.become_bits();
                    }
                }
                true
            }
        }
    }

    fn become_bits(&mut self) {
        if let IdSet::Hash { set, min, max } = self {
            let base = *min & !63;
            let mut words = vec![0u64; (((*max & !63) - base) / 64 + 1) as usize];
            for &x in set.iter() {
                words[((x - base) / 64) as usize] |= 1 << ((x - base) % 64);
            }
            let len = set.len() as u32;
            *self = IdSet::Bits { base, words, len };
        }
    }

    fn become_hash(&mut self) {
        if let IdSet::Bits { base, words, .. } = self {
            let mut h = IdSet::default();
            for (w, &bits) in words.iter().enumerate() {
                for bit in 0..64 {
                    if bits & (1 << bit) != 0 {
                        if let IdSet::Hash { set, min, max } = &mut h {
                            let x = *base + 64 * w as u32 + bit;
                            set.insert_unique(mix(x as u64), x, |&y| mix(y as u64));
                            *min = (*min).min(x);
                            *max = (*max).max(x);
                        }
                    }
                }
            }
            *self = h;
        }
    }
}

/// The width of an answer tuple of a goal with `nvars` variables: a value per variable, then the
/// list of its region constraints (`[]` for none). Every table (`slg`, the Datalog sub-engine) and
/// cached result (`recursive`) stores tuples of this width.
pub(crate) fn answer_width(nvars: u32) -> usize {
    nvars as usize + 1
}

impl AnswerSet {
    /// An empty set of answer tuples of a goal with `nvars` variables ([`answer_width`]).
    pub(crate) fn for_goal(nvars: u32) -> AnswerSet {
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
pub(crate) fn record(m: &mut Machine<'_>, set: &mut AnswerSet, vals: &[TermId]) -> bool {
    if vals
        .iter()
        .any(|&v| m.store.depth(v) >= m.limits.max_term_depth)
        || m.limits.max_term_size.is_some_and(|n| {
            vals.iter().any(|&v| {
                m.store.size(v) > n && super::canon_goal::measured_size(m.store, v, &|_| false) > n
            })
        })
    {
        // An oversized answer is truncated as a call is: dropped, and the solution ambiguous.
        m.out.truncated = true;
        m.out
            .truncated_by
            .get_or_insert(StopReason::TermDepth(m.limits.max_term_depth));
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
