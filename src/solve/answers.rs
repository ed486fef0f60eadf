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
    index: HashTable<u32>,
}

fn hash(vals: &[TermId]) -> u64 {
    let mut h = FxHasher::default();
    vals.hash(&mut h);
    h.finish()
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
    }
}
