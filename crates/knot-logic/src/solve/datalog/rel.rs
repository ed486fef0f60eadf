//! A relation of the Datalog sub-engine: rows of term ids stored flat and append-only (a row's number
//! is its position, so "the rows of the last round" is a range), a set for deduplication (of ids or
//! pairs of ids, `solve::id_sets`, for one or two columns; a hash set of rows otherwise), and
//! hash indexes on sets of bound columns, built on first use and kept up to date as rows are added.
//! An index finds a key's rows in ascending order, so a probe limited to the rows up to some number
//! stops at the first one past it: in a growing relation, the rows of a key are a chain (each row
//! holds the number of the next one with its key), so adding a row allocates no list of its own. A
//! relation that no longer grows (a predicate's facts)
//! is stored in the order of the first column it is indexed on, so that index's probe finds a run of
//! consecutive rows: read from one place in memory, not one place per row.

use crate::solve::id_sets::{IdSet, Pairs};
use crate::term::TermId;
use hashbrown::HashTable;
use rustc_hash::{FxHashMap, FxHasher};
use std::hash::{Hash, Hasher};

fn hash_row(r: &[u32]) -> u64 {
    let mut h = FxHasher::default();
    r.hash(&mut h);
    h.finish()
}

/// Rows by the values of some columns.
enum Index {
    /// One column of a relation that no longer grows (a predicate's facts): each key's rows are a
    /// run of one flat list, built by counting (no sort).
    Frozen(Runs, Vec<u32>),
    /// One column of a relation that no longer grows, stored in that column's order: each key's rows
    /// are a run of consecutive row numbers.
    Clustered(Runs),
    /// One column of a growing relation.
    One(usize, Chains<u32>),
    /// Several columns of a growing relation, in column order.
    Many(Vec<usize>, Chains<Box<[u32]>>),
}

/// No row: the end of a chain.
pub const END: u32 = u32::MAX;

/// The index of a growing relation: each key's rows are a chain through the relation's rows, each
/// row holding the number of the next one with its key. A row added costs its key's entry and one
/// number, with no list per key to allocate and grow, and the chains ascend, as rows are numbered
/// in the order they are added. (A join probes the rows from the first one on: up to the end of
/// a range.)
struct Chains<K> {
    /// By key: its first and last row.
    ends: FxHashMap<K, (u32, u32)>,
    /// By row: the next row with its key ([`END`] for the last).
    next: Vec<u32>,
}

impl<K: Hash + Eq> Chains<K> {
    fn new() -> Chains<K> {
        Chains {
            ends: FxHashMap::default(),
            next: Vec::new(),
        }
    }

    /// Add row `i` (the relation's next row) to the chain of `key`.
    fn add(&mut self, key: K, i: u32) {
        debug_assert_eq!(self.next.len(), i as usize);
        self.next.push(END);
        match self.ends.entry(key) {
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert((i, i));
            }
            std::collections::hash_map::Entry::Occupied(mut e) => {
                let (_, last) = e.get_mut();
                self.next[*last as usize] = i;
                *last = i;
            }
        }
    }

    fn get<Q>(&self, key: &Q) -> Found<'_>
    where
        K: std::borrow::Borrow<Q>,
        Q: Hash + Eq + ?Sized,
    {
        Found::Chain {
            first: self.ends.get(key).map_or(END, |&(first, _)| first),
            next: &self.next,
        }
    }
}

impl Index {
    fn new(mask: u64, arity: usize) -> Index {
        let cols: Vec<usize> = (0..arity).filter(|&c| mask & (1 << c) != 0).collect();
        if cols.len() == 1 {
            Index::One(cols[0], Chains::new())
        } else {
            Index::Many(cols, Chains::new())
        }
    }

    /// Where each key of column `col` has its run, and the row numbers in the order of the runs (in
    /// ascending order within a run), counted in two passes over the rows (no sort).
    fn runs(rel: &Rel, col: usize) -> (Runs, Vec<u32>) {
        let n = rel.len as u32;
        let key = |i: u32| rel.row(i)[col];
        let (lo, hi) = (0..n).fold((u32::MAX, 0), |(lo, hi), i| {
            (lo.min(key(i)), hi.max(key(i)))
        });
        let mut rows = vec![0u32; n as usize];
        if dense(n, lo, hi) {
            // Keys close together (ids interned together): where each key's run starts, by key.
            let starts = starts_by_key(n, lo, hi, key);
            let mut fill = starts.clone();
            for i in 0..n {
                let at = &mut fill[(key(i) - lo) as usize];
                rows[*at as usize] = i;
                *at += 1;
            }
            return (Runs::Dense { lo, starts }, rows);
        }
        // Keys spread out: each key's run (start, length), by hash. The lengths are counted, the
        // runs laid out, and the rows placed while the lengths are counted again.
        let mut runs: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        for i in 0..n {
            runs.entry(key(i)).or_insert((0, 0)).1 += 1;
        }
        let mut at = 0;
        for run in runs.values_mut() {
            let len = run.1;
            *run = (at, 0);
            at += len;
        }
        for i in 0..n {
            let run = runs.get_mut(&key(i)).expect("counted");
            rows[(run.0 + run.1) as usize] = i;
            run.1 += 1;
        }
        (Runs::Hashed(runs), rows)
    }

    /// The runs of the keys of column `col` of rows in that column's order (one pass, in order).
    fn sorted_runs(rel: &Rel, col: usize) -> Runs {
        let n = rel.len as u32;
        let key = |i: u32| rel.row(i)[col];
        if n == 0 {
            return Runs::Hashed(FxHashMap::default());
        }
        let (lo, hi) = (key(0), key(n - 1));
        if dense(n, lo, hi) {
            return Runs::Dense {
                lo,
                starts: starts_by_key(n, lo, hi, key),
            };
        }
        let mut runs: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        let mut at = 0;
        while at < n {
            let k = key(at);
            let mut end = at + 1;
            while end < n && key(end) == k {
                end += 1;
            }
            runs.insert(k, (at, end - at));
            at = end;
        }
        Runs::Hashed(runs)
    }

    fn add(&mut self, row: &[u32], i: u32) {
        match self {
            Index::Frozen(..) | Index::Clustered(..) => {
                unreachable!("a frozen relation does not grow")
            }
            Index::One(c, chains) => chains.add(row[*c], i),
            Index::Many(cols, chains) => {
                let key: Box<[u32]> = cols.iter().map(|&c| row[c]).collect();
                chains.add(key, i);
            }
        }
    }

    fn get(&self, key: &[u32]) -> Found<'_> {
        match self {
            Index::Clustered(runs) => {
                let (at, end) = runs.get(key[0]);
                Found::Run(at, end)
            }
            Index::Frozen(runs, rows) => {
                let (at, end) = runs.get(key[0]);
                Found::Rows(&rows[at as usize..end as usize])
            }
            Index::One(_, chains) => chains.get(&key[0]),
            Index::Many(_, chains) => chains.get(key),
        }
    }
}

/// The rows a probe found, ascending.
#[derive(Debug, PartialEq, Eq)]
pub enum Found<'a> {
    /// These row numbers.
    Rows(&'a [u32]),
    /// The row numbers `start..end`.
    Run(u32, u32),
    /// The chain from row `first` on ([`END`]: no row), through `next` (see [`Chains`]).
    Chain { first: u32, next: &'a [u32] },
}

impl Found<'_> {
    /// The row numbers, collected.
    pub fn to_vec(&self) -> Vec<u32> {
        match *self {
            Found::Rows(r) => r.to_vec(),
            Found::Run(a, b) => (a..b).collect(),
            Found::Chain { first, next } => {
                std::iter::successors((first != END).then_some(first), |&r| {
                    let n = next[r as usize];
                    (n != END).then_some(n)
                })
                .collect()
            }
        }
    }
}

/// Whether keys from `lo` to `hi` are close enough for `n` rows to find their runs by key minus `lo`
/// (an array of at most about two entries per row) rather than by hash.
fn dense(n: u32, lo: u32, hi: u32) -> bool {
    n > 0 && lo <= hi && u64::from(hi - lo) < 2 * u64::from(n) + 1024
}

/// Where the run of each key from `lo` to `hi` starts, by key minus `lo` (one more entry: the end of
/// the last run), for the keys `key(0..n)` counted.
fn starts_by_key(n: u32, lo: u32, hi: u32, key: impl Fn(u32) -> u32) -> Vec<u32> {
    let mut starts = vec![0u32; (hi - lo) as usize + 2];
    for i in 0..n {
        starts[(key(i) - lo) as usize + 1] += 1;
    }
    for k in 1..starts.len() {
        starts[k] += starts[k - 1];
    }
    starts
}

/// Where each key's run of a frozen index lies in its list of rows.
enum Runs {
    /// By key minus `lo`: key `k`'s run is `starts[k - lo]..starts[k - lo + 1]`.
    Dense { lo: u32, starts: Vec<u32> },
    /// By hash: key → (start, length).
    Hashed(FxHashMap<u32, (u32, u32)>),
}

impl Runs {
    /// The run of `key`: its start and end in the list of rows (empty when absent).
    fn get(&self, key: u32) -> (u32, u32) {
        match self {
            Runs::Dense { lo, starts } => key
                .checked_sub(*lo)
                .and_then(|k| Some((*starts.get(k as usize)?, *starts.get(k as usize + 1)?)))
                .unwrap_or((0, 0)),
            Runs::Hashed(runs) => runs.get(&key).map_or((0, 0), |&(at, n)| (at, at + n)),
        }
    }
}

/// Sort rows of two ids (`data`, flat) by column `col`, stably, in place (radix sort of the rows
/// viewed as pairs): a round's new rows, in memory that is already the relation's.
fn sort_pairs(data: &mut [u32], col: usize) {
    let rows: &mut [[u32; 2]] = bytemuck::cast_slice_mut(data);
    radsort::sort_by_key(rows, |r| r[col]);
}

/// One relation.
pub struct Rel {
    arity: usize,
    data: Vec<u32>,
    len: usize,
    set: HashTable<u32>,
    /// The rows of a relation of arity 1: a bit set while they are dense (ids interned together).
    ids: IdSet,
    /// The rows of a relation of arity 2, as a set of second values per first value: deduplication
    /// without reading `data`, in a small set (often a bit set) per first value.
    pairs: Pairs,
    indexes: Vec<(u64, Index)>,
    /// No row will be added (see [`Rel::freeze`]).
    frozen: bool,
    /// The column the rows are in the order of, if known (a predicate's facts are copied in the
    /// order of their first column, the one calls most often bind).
    sorted_on: Option<usize>,
}

impl Rel {
    pub fn new(arity: usize) -> Rel {
        Rel {
            arity,
            data: Vec::new(),
            len: 0,
            set: HashTable::new(),
            ids: IdSet::default(),
            pairs: Pairs::default(),
            indexes: Vec::new(),
            frozen: false,
            sorted_on: None,
        }
    }

    /// A relation that no longer grows, of the rows of `runs` (each a whole number of rows, laid
    /// out flat): copied in the order of column `col` when rows have one or two ids (the copy is a
    /// radix sort's first pass), as they are otherwise.
    pub fn frozen_from_runs(arity: usize, runs: &[&[TermId]], col: Option<usize>) -> Rel {
        let mut rel = Rel::new(arity);
        match (arity, col) {
            (0, _) => {}
            (1 | 2, Some(c)) if c < arity => {
                rel.data = super::radix::sorted_rows(runs, |t| t.0, arity, c);
                rel.sorted_on = Some(c);
            }
            _ => {
                let len = runs.iter().map(|r| r.len()).sum();
                rel.data = super::pages::large_buffer(len);
                for r in runs {
                    rel.data.extend(r.iter().map(|t| t.0));
                }
            }
        }
        rel.len = rel.data.len().checked_div(arity).unwrap_or(0);
        rel.frozen = true;
        rel
    }

    pub fn arity(&self) -> usize {
        self.arity
    }

    pub fn len(&self) -> usize {
        self.len
    }

    /// The bytes adding `values` more ids allocates at once: the rows' buffer grown (doubled, as a
    /// vector grows; the old buffer is copied into it), or 0 when they fit.
    pub fn growth_bytes(&self, values: usize) -> usize {
        let (len, cap) = (self.data.len(), self.data.capacity());
        if len + values <= cap {
            return 0;
        }
        (cap * 2).max(len + values) * std::mem::size_of::<u32>()
    }

    pub fn row(&self, i: u32) -> &[u32] {
        let a = self.arity;
        &self.data[i as usize * a..(i as usize + 1) * a]
    }

    /// Add a row; false when it was there already.
    pub fn insert(&mut self, row: &[u32]) -> bool {
        debug_assert_eq!(row.len(), self.arity);
        debug_assert!(!self.frozen);
        let i = self.len as u32;
        if self.arity == 1 {
            if !self.ids.insert(row[0]) {
                return false;
            }
        } else if self.arity == 2 {
            if !self.pairs.insert(row[0], row[1]) {
                return false;
            }
        } else {
            let h = hash_row(row);
            let (data, ar) = (&self.data, self.arity);
            let row_at = |j: u32| &data[j as usize * ar..(j as usize + 1) * ar];
            if self.set.find(h, |&j| row_at(j) == row).is_some() {
                return false;
            }
            self.set.insert_unique(h, i, |&j| hash_row(row_at(j)));
        }
        self.push(row);
        true
    }

    /// No row will be added any more: the first one-column index puts the rows in its column's
    /// order, later ones are built by counting ([`Rel::index`]).
    pub fn freeze(&mut self) {
        self.frozen = true;
    }

    /// Add a row without looking for it first: for the facts of an extensional relation, which is
    /// never a rule's head (a repeated fact only repeats derivations, which the heads deduplicate).
    pub fn push(&mut self, row: &[u32]) {
        debug_assert_eq!(row.len(), self.arity);
        debug_assert!(!self.frozen);
        self.sorted_on = None;
        let i = self.len as u32;
        self.data.extend_from_slice(row);
        self.len += 1;
        for (_, ix) in &mut self.indexes {
            ix.add(row, i);
        }
    }

    /// Add `rows` rows, their `values` flat (`arity` per row), as [`Rel::push`] adds one, to a
    /// relation without indexes.
    pub fn push_rows(&mut self, values: impl ExactSizeIterator<Item = u32>, rows: usize) {
        debug_assert!(self.indexes.is_empty() && !self.frozen);
        debug_assert_eq!(values.len(), rows * self.arity);
        self.sorted_on = None;
        self.data.extend(values);
        self.len += rows;
    }

    /// Put the rows in the order of column `col`, stably (nothing to do when they are). Rows of one
    /// or two ids are radix-sorted into a new buffer (`radix.rs`); wider rows are placed by
    /// counting, then gathered.
    fn sort_by_column(&mut self, col: usize) {
        if self.sorted_on == Some(col) {
            return;
        }
        self.sorted_on = Some(col);
        match self.arity {
            1 | 2 => self.data = super::radix::sorted_rows(&[&self.data], |x| x, self.arity, col),
            a => {
                let (_, order) = Index::runs(self, col);
                let mut data = Vec::with_capacity(self.data.len());
                for &i in &order {
                    data.extend_from_slice(&self.data[i as usize * a..(i as usize + 1) * a]);
                }
                self.data = data;
            }
        }
    }

    /// Put the rows from number `from` on in the order of their first column, stably, when the
    /// relation has one or two columns and no index (an index holds row numbers); else leave them.
    /// The rows are a set, so their order is free.
    pub fn sort_rows_from(&mut self, from: usize) {
        if !self.indexes.is_empty() {
            return;
        }
        let tail = &mut self.data[from * self.arity..];
        match self.arity {
            1 => radsort::sort(tail),
            2 => sort_pairs(tail, 0),
            _ => {}
        }
    }

    /// The index on the columns of `mask` (built now if missing): its number for [`Rel::probe`].
    pub fn index(&mut self, mask: u64) -> usize {
        if let Some(k) = self.indexes.iter().position(|(m, _)| *m == mask) {
            return k;
        }
        let ix = if self.frozen && mask.count_ones() == 1 {
            let col = mask.trailing_zeros() as usize;
            if self.indexes.is_empty() {
                // The first index of a relation that no longer grows: the rows are put in its order
                // (no other index holds row numbers yet, and a range of rows of a relation that was
                // complete before any join is all of them or none).
                self.sort_by_column(col);
                Index::Clustered(Index::sorted_runs(self, col))
            } else {
                let (runs, order) = Index::runs(self, col);
                Index::Frozen(runs, order)
            }
        } else {
            let mut ix = Index::new(mask, self.arity);
            for i in 0..self.len as u32 {
                ix.add(self.row(i), i);
            }
            ix
        };
        self.indexes.push((mask, ix));
        self.indexes.len() - 1
    }

    /// The rows whose indexed columns (in column order) are `key`, ascending.
    pub fn probe(&self, index: usize, key: &[u32]) -> Found<'_> {
        self.indexes[index].1.get(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows(f: Found<'_>) -> Vec<u32> {
        f.to_vec()
    }

    #[test]
    fn dedup_index_and_nullary() {
        let mut r = Rel::new(2);
        assert!(r.insert(&[1, 2]));
        assert!(!r.insert(&[1, 2]));
        let k = r.index(0b01);
        assert!(r.insert(&[1, 3]));
        assert!(r.insert(&[2, 3]));
        assert_eq!(rows(r.probe(k, &[1])), [0, 1]);
        let k2 = r.index(0b11);
        assert_eq!(rows(r.probe(k2, &[2, 3])), [2]);
        assert_eq!(rows(r.probe(k2, &[2, 4])), [] as [u32; 0]);
        // Facts: the first index puts the rows in its order; a later one lists row numbers.
        let mut f = Rel::new(2);
        for row in [[3, 1], [1, 2], [3, 4], [2, 2]] {
            f.push(&row);
        }
        f.freeze();
        let k = f.index(0b01);
        assert!(matches!(
            f.indexes[k].1,
            Index::Clustered(Runs::Dense { .. })
        ));
        let got: Vec<Vec<u32>> = (0..4).map(|i| f.row(i).to_vec()).collect();
        assert_eq!(got, [[1, 2], [2, 2], [3, 1], [3, 4]]);
        assert_eq!(f.probe(k, &[3]), Found::Run(2, 4));
        assert_eq!(rows(f.probe(k, &[5])), [] as [u32; 0]);
        for absent in [0, 4, u32::MAX] {
            assert_eq!(rows(f.probe(k, &[absent])), [] as [u32; 0]);
        }
        let k = f.index(0b10);
        assert!(matches!(
            f.indexes[k].1,
            Index::Frozen(Runs::Dense { .. }, _)
        ));
        assert_eq!(rows(f.probe(k, &[2])), [0, 1]);
        assert_eq!(rows(f.probe(k, &[4])), [3]);
        // Keys far apart: the runs are found by hash; rows stay in their order within a key.
        let mut h = Rel::new(2);
        for row in [[900_000, 1], [7, 2], [900_000, 3], [u32::MAX, 4], [7, 5]] {
            h.push(&row);
        }
        h.freeze();
        let k = h.index(0b10);
        assert!(matches!(
            h.indexes[k].1,
            Index::Clustered(Runs::Dense { .. })
        ));
        let k = h.index(0b01);
        assert!(matches!(h.indexes[k].1, Index::Frozen(Runs::Hashed(_), _)));
        assert_eq!(rows(h.probe(k, &[900_000])), [0, 2]);
        assert_eq!(rows(h.probe(k, &[7])), [1, 4]);
        assert_eq!(rows(h.probe(k, &[u32::MAX])), [3]);
        assert_eq!(rows(h.probe(k, &[8])), [] as [u32; 0]);
        let mut c = Rel::new(1);
        for row in [[u32::MAX], [5], [u32::MAX]] {
            c.push(&row);
        }
        c.freeze();
        let k = c.index(0b1);
        assert!(matches!(c.indexes[k].1, Index::Clustered(Runs::Hashed(_))));
        let run = c.probe(k, &[u32::MAX]);
        assert_eq!(
            rows(run).iter().map(|&i| c.row(i)[0]).collect::<Vec<_>>(),
            [u32::MAX; 2]
        );
        assert_eq!(rows(c.probe(k, &[5])).len(), 1);
        let mut z = Rel::new(0);
        assert!(z.insert(&[]));
        assert!(!z.insert(&[]));
        assert_eq!(z.len(), 1);
    }

    /// A growing relation's indexes (one column, several), made before, between and after rows are
    /// added: each probe finds a scan's row numbers, ascending, and none for an absent key.
    #[test]
    fn growing_indexes_chain_a_keys_rows_in_order() {
        let mut next = super::super::test_rng(0x9e37_79b9_7f4a_7c15u64);
        for spread in [3u32, 40, 1 << 30] {
            let mut rel = Rel::new(3);
            let masks = [0b001u64, 0b100, 0b011, 0b101];
            for &mask in &masks {
                // One more index each time, then rows.
                rel.index(mask);
                for _ in 0..200 {
                    let row: Vec<u32> = (0..3).map(|_| next(spread)).collect();
                    rel.insert(&row);
                }
            }
            let n = rel.len() as u32;
            for &mask in &masks {
                let k = rel.index(mask);
                let cols: Vec<usize> = (0..3).filter(|&c| mask & (1 << c) != 0).collect();
                let key_of = |i: u32| -> Vec<u32> { cols.iter().map(|&c| rel.row(i)[c]).collect() };
                let mut keys: Vec<Vec<u32>> = (0..n).map(key_of).collect();
                keys.push(vec![spread; cols.len()]);
                for key in keys {
                    let want: Vec<u32> = (0..n).filter(|&i| key_of(i) == key).collect();
                    assert_eq!(
                        rel.probe(k, &key).to_vec(),
                        want,
                        "mask {mask:b}, key {key:?}"
                    );
                }
            }
        }
    }

    /// Facts of every arity, indexed first on each column (clustered), then on another: every probe
    /// finds exactly the rows with its key, and the relation keeps its rows.
    #[test]
    fn clustered_and_frozen_probes_match_a_scan() {
        let mut next = super::super::test_rng(0x2545_f491_4f6c_dd1du64);
        for arity in 1..=4usize {
            for first in 0..arity {
                for spread in [8u32, 100_000] {
                    let mut rel = Rel::new(arity);
                    let mut rows: Vec<Vec<u32>> = Vec::new();
                    for _ in 0..300 {
                        let row: Vec<u32> = (0..arity).map(|_| next(spread)).collect();
                        rel.push(&row);
                        rows.push(row);
                    }
                    rel.freeze();
                    let second = (first + 1) % arity;
                    let ks = [rel.index(1 << first), rel.index(1 << second)];
                    let mut kept: Vec<Vec<u32>> = (0..300).map(|i| rel.row(i).to_vec()).collect();
                    let mut want = rows.clone();
                    kept.sort();
                    want.sort();
                    assert_eq!(kept, want);
                    for (k, col) in ks.into_iter().zip([first, second]) {
                        for probe in rows.iter().map(|r| r[col]).chain([spread + 1]) {
                            let got: Vec<Vec<u32>> = f(rel.probe(k, &[probe]))
                                .iter()
                                .map(|&i| rel.row(i).to_vec())
                                .collect();
                            let scan: Vec<Vec<u32>> = (0..300)
                                .map(|i| rel.row(i).to_vec())
                                .filter(|r| r[col] == probe)
                                .collect();
                            assert_eq!(got, scan, "arity {arity}, column {col}");
                        }
                    }
                }
            }
        }

        fn f(found: Found<'_>) -> Vec<u32> {
            found.to_vec()
        }
    }

    /// Facts copied from the store in the order of the column their first probe binds (or as they
    /// are): the same rows, and every index on either column finds exactly a scan's rows.
    #[test]
    fn facts_copied_in_a_columns_order() {
        let ids = |v: &[u32]| v.iter().map(|&x| TermId(x)).collect::<Vec<_>>();
        let (a, b) = (
            ids(&[7, 1, 3, 9, 7, 2, 1 << 31, 5]),
            ids(&[3, 3, 2, 8, 7, 1, 0, 0]),
        );
        for arity in 1..=3usize {
            let (a, b) = (&a[..a.len() / arity * arity], &b[..b.len() / arity * arity]);
            let runs: [&[TermId]; 2] = [a, b];
            let all: Vec<Vec<u32>> = a
                .chunks(arity)
                .chain(b.chunks(arity))
                .map(|r| r.iter().map(|t| t.0).collect())
                .collect();
            for col in [None, Some(0), Some(1)] {
                let mut rel = Rel::frozen_from_runs(arity, &runs, col);
                let mut kept: Vec<Vec<u32>> =
                    (0..rel.len() as u32).map(|i| rel.row(i).to_vec()).collect();
                if let Some(c) = col.filter(|&c| c < arity && arity <= 2) {
                    assert!(kept.windows(2).all(|w| w[0][c] <= w[1][c]), "{arity} {c}");
                }
                kept.sort();
                let mut want = all.clone();
                want.sort();
                assert_eq!(kept, want);
                for c in (0..arity).rev() {
                    let k = rel.index(1 << c);
                    for key in all.iter().map(|r| r[c]).chain([4]) {
                        let got: Vec<Vec<u32>> = rel
                            .probe(k, &[key])
                            .to_vec()
                            .iter()
                            .map(|&i| rel.row(i).to_vec())
                            .collect();
                        let mut got_sorted = got.clone();
                        got_sorted.sort();
                        let mut scan: Vec<Vec<u32>> =
                            all.iter().filter(|r| r[c] == key).cloned().collect();
                        scan.sort();
                        assert_eq!(got_sorted, scan, "arity {arity}, column {c}, key {key}");
                    }
                }
            }
        }
    }
}
