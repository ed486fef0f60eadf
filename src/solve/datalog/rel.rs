//! A relation of the Datalog sub-engine: rows of term ids stored flat and append-only (a row's number
//! is its position, so "the rows of the last round" is a range), a hash set for deduplication, and
//! hash indexes on sets of bound columns, built on first use and kept up to date as rows are added.
//! An index maps a key to the numbers of its rows in ascending order, so a probe limited to a range
//! of rows cuts its list with a binary search.

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
    /// run of one flat list, built by one sort.
    Frozen(FxHashMap<u32, (u32, u32)>, Vec<u32>),
    /// One column.
    One(usize, FxHashMap<u32, Vec<u32>>),
    /// Several columns, in column order.
    Many(Vec<usize>, FxHashMap<Box<[u32]>, Vec<u32>>),
}

impl Index {
    fn new(mask: u64, arity: usize) -> Index {
        let cols: Vec<usize> = (0..arity).filter(|&c| mask & (1 << c) != 0).collect();
        if cols.len() == 1 {
            Index::One(cols[0], FxHashMap::default())
        } else {
            Index::Many(cols, FxHashMap::default())
        }
    }

    /// The index of one column of rows that will not grow.
    fn frozen(rel: &Rel, col: usize) -> Index {
        let mut pairs: Vec<u64> = (0..rel.len as u32)
            .map(|i| (u64::from(rel.row(i)[col]) << 32) | u64::from(i))
            .collect();
        pairs.sort_unstable();
        let mut runs: FxHashMap<u32, (u32, u32)> = FxHashMap::default();
        let mut rows = Vec::with_capacity(pairs.len());
        for (k, p) in pairs.iter().enumerate() {
            let key = (p >> 32) as u32;
            runs.entry(key).or_insert((k as u32, 0)).1 += 1;
            rows.push(*p as u32);
        }
        Index::Frozen(runs, rows)
    }

    fn add(&mut self, row: &[u32], i: u32) {
        match self {
            Index::Frozen(..) => unreachable!("a frozen relation does not grow"),
            Index::One(c, m) => m.entry(row[*c]).or_default().push(i),
            Index::Many(cols, m) => {
                let key: Vec<u32> = cols.iter().map(|&c| row[c]).collect();
                m.entry(key.into_boxed_slice()).or_default().push(i);
            }
        }
    }

    fn get(&self, key: &[u32]) -> &[u32] {
        let found = match self {
            Index::Frozen(runs, rows) => {
                return runs
                    .get(&key[0])
                    .map_or(&[], |&(at, n)| &rows[at as usize..(at + n) as usize]);
            }
            Index::One(_, m) => m.get(&key[0]),
            Index::Many(_, m) => m.get(key),
        };
        found.map_or(&[], |v| v.as_slice())
    }
}

/// One relation.
pub(super) struct Rel {
    arity: usize,
    data: Vec<u32>,
    len: usize,
    set: HashTable<u32>,
    /// The rows of a relation of arity 1 or 2, packed: deduplication without reading `data`.
    packed: hashbrown::HashSet<u64, rustc_hash::FxBuildHasher>,
    indexes: Vec<(u64, Index)>,
    /// No row will be added (see [`Rel::freeze`]).
    frozen: bool,
}

impl Rel {
    pub fn new(arity: usize) -> Rel {
        Rel {
            arity,
            data: Vec::new(),
            len: 0,
            set: HashTable::new(),
            packed: Default::default(),
            indexes: Vec::new(),
            frozen: false,
        }
    }

    pub fn arity(&self) -> usize {
        self.arity
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn reserve(&mut self, rows: usize) {
        self.data.reserve(rows * self.arity);
        let (data, ar) = (&self.data, self.arity);
        self.set.reserve(rows, |&j| {
            hash_row(&data[j as usize * ar..(j as usize + 1) * ar])
        });
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
        if matches!(self.arity, 1 | 2) {
            let key = (u64::from(row[0]) << 32) | u64::from(row[row.len() - 1]);
            if !self.packed.insert(key) {
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
        self.data.extend_from_slice(row);
        self.len += 1;
        for (_, ix) in &mut self.indexes {
            ix.add(row, i);
        }
        true
    }

    /// No row will be added any more: single-column indexes are built flat.
    pub fn freeze(&mut self) {
        self.frozen = true;
    }

    /// Add a row without looking for it first: for the facts of an extensional relation, which is
    /// never a rule's head (a repeated fact only repeats derivations, which the heads deduplicate).
    pub fn push(&mut self, row: &[u32]) {
        debug_assert_eq!(row.len(), self.arity);
        debug_assert!(!self.frozen);
        let i = self.len as u32;
        self.data.extend_from_slice(row);
        self.len += 1;
        for (_, ix) in &mut self.indexes {
            ix.add(row, i);
        }
    }

    /// The index on the columns of `mask` (built now if missing): its number for [`Rel::probe`].
    pub fn index(&mut self, mask: u64) -> usize {
        if let Some(k) = self.indexes.iter().position(|(m, _)| *m == mask) {
            return k;
        }
        let ix = if self.frozen && mask.count_ones() == 1 {
            Index::frozen(self, mask.trailing_zeros() as usize)
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
    pub fn probe(&self, index: usize, key: &[u32]) -> &[u32] {
        self.indexes[index].1.get(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dedup_index_and_nullary() {
        let mut r = Rel::new(2);
        assert!(r.insert(&[1, 2]));
        assert!(!r.insert(&[1, 2]));
        let k = r.index(0b01);
        assert!(r.insert(&[1, 3]));
        assert!(r.insert(&[2, 3]));
        assert_eq!(r.probe(k, &[1]), &[0, 1]);
        let k2 = r.index(0b11);
        assert_eq!(r.probe(k2, &[2, 3]), &[2]);
        assert_eq!(r.probe(k2, &[2, 4]), &[] as &[u32]);
        let mut f = Rel::new(2);
        for row in [[3, 1], [1, 2], [3, 4], [2, 2]] {
            f.push(&row);
        }
        f.freeze();
        let k = f.index(0b01);
        assert_eq!(f.probe(k, &[3]), &[0, 2]);
        assert_eq!(f.probe(k, &[5]), &[] as &[u32]);
        let k = f.index(0b10);
        assert_eq!(f.probe(k, &[2]), &[1, 3]);
        let mut z = Rel::new(0);
        assert!(z.insert(&[]));
        assert!(!z.insert(&[]));
        assert_eq!(z.len(), 1);
    }
}
