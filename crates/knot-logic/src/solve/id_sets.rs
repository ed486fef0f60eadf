//! Sets of term ids and of pairs of them, for the answer tables and the Datalog sub-engine's
//! relations: a set adapts to its members, from one id held inline to a hash table to a bit set over
//! the range they span.

use hashbrown::HashTable;

/// A cheap 64-bit mixer (one multiply by the golden-ratio constant, high bits folded down): every input
/// bit reaches the high bits hashbrown uses for its control bytes and the low bits it uses for buckets.
#[inline]
pub fn mix(x: u64) -> u64 {
    let y = (x ^ (x >> 32)).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    y ^ (y >> 29)
}

/// A set of pairs `(a, b)` as one small set of `b`s per `a`. Answers are derived in runs sharing their
/// first value (a consumer extends the answer `(a, z)` into `(a, y1)`, `(a, y2)`, ...), so consecutive
/// lookups stay in one small set that is already in cache, where one table of all pairs would miss
/// the cache on nearly every probe once it holds millions. A first value with one second value (most
/// of a table of `(value, [])`, say) keeps it inline, with no set of its own.
#[derive(Debug, Default, Clone)]
pub struct Pairs {
    firsts: HashTable<First>,
    pub seconds: Vec<IdSet>,
    /// The last `(a, index)` of a set in `seconds` looked up.
    last: Option<(u32, u32)>,
}

/// A first value and its second values: `one` alone while `set` is [`First::ONE`], else the set
/// `seconds[set]`.
#[derive(Debug, Clone, Copy)]
struct First {
    a: u32,
    one: u32,
    set: u32,
}

impl First {
    const ONE: u32 = u32::MAX;
}

impl Pairs {
    /// Add `(a, b)`; false when it was already there.
    #[inline]
    pub fn insert(&mut self, a: u32, b: u32) -> bool {
        if let Some((la, i)) = self.last {
            if la == a {
                return self.seconds[i as usize].insert(b);
            }
        }
        match self
            .firsts
            .entry(mix(a as u64), |f| f.a == a, |f| mix(f.a as u64))
        {
            hashbrown::hash_table::Entry::Vacant(v) => {
                v.insert(First {
                    a,
                    one: b,
                    set: First::ONE,
                });
                true
            }
            hashbrown::hash_table::Entry::Occupied(mut o) => {
                let f = o.get_mut();
                if f.set == First::ONE {
                    if f.one == b {
                        return false;
                    }
                    // A second value: the first value gets a set of its own.
                    f.set = self.seconds.len() as u32;
                    self.seconds.push(IdSet::One(f.one));
                }
                let i = f.set;
                self.last = Some((a, i));
                self.seconds[i as usize].insert(b)
            }
        }
    }
}

/// A set of ids: a hash table, or a bit set over the range they span once that is no larger (ids
/// interned together are close: the nodes of a graph, say — then the sets of a big table of pairs
/// fit in cache).
#[derive(Debug, Clone)]
pub enum IdSet {
    /// One id, without a table (most first values of a big table of pairs have one second value:
    /// a table of `(value, [])`, say).
    One(u32),
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
    pub fn insert(&mut self, b: u32) -> bool {
        match self {
            IdSet::One(x) if *x == b => false,
            IdSet::One(x) => {
                let mut set = HashTable::with_capacity(2);
                set.insert_unique(mix(*x as u64), *x, |&y| mix(y as u64));
                set.insert_unique(mix(b as u64), b, |&y| mix(y as u64));
                *self = IdSet::Hash {
                    set,
                    min: (*x).min(b),
                    max: (*x).max(b),
                };
                true
            }
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
                // It widens by at least its span when the density allows (ids arriving in order
                // then cost amortized O(1) each, not a copy of the words per 64 ids).
                let (cur_lo, cur_hi) = (*base as u64, *base as u64 + 64 * words.len() as u64);
                let mut lo = cur_lo.min(b as u64 & !63);
                let mut hi = cur_hi.max((b as u64 & !63) + 64);
                let room = BITS_PER_MEMBER * (*len as u64 + 1);
                if hi - lo <= room {
                    let span = cur_hi - cur_lo;
                    let (wide_lo, wide_hi) = if lo < cur_lo {
                        (lo.min(cur_lo.saturating_sub(span)), hi)
                    } else {
                        (lo, hi.max(cur_hi + span).min(1 << 32))
                    };
                    if wide_hi - wide_lo <= room {
                        (lo, hi) = (wide_lo, wide_hi);
                    }
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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    /// Ids in a dense run (ascending, descending or shuffled by the strategy) with far outliers, so
    /// that a set starts inline, becomes a hash set, a bit set widening both ways, and a hash set
    /// again.
    fn ids() -> impl Strategy<Value = Vec<u32>> {
        prop_oneof![
            (0u32..5000, 1usize..3000).prop_map(|(s, n)| (s..s + n as u32).collect()),
            (0u32..5000, 1usize..3000).prop_map(|(s, n)| (s..s + n as u32).rev().collect()),
            prop::collection::vec(
                prop_oneof![8 => 0u32..2000, 1 => any::<u32>(), 1 => u32::MAX - 100..=u32::MAX],
                0..2000
            ),
        ]
    }

    proptest! {
        #[test]
        fn id_set_is_a_set(xs in ids(), again in ids()) {
            let mut set = IdSet::One(xs.first().copied().unwrap_or(7));
            let mut model: HashSet<u32> = HashSet::from([xs.first().copied().unwrap_or(7)]);
            for &x in xs.iter().chain(&again) {
                prop_assert_eq!(set.insert(x), model.insert(x), "id {}", x);
            }
            for &x in xs.iter().chain(&again) {
                prop_assert!(!set.insert(x));
            }
        }

        #[test]
        fn pairs_are_a_set(ps in prop::collection::vec((0u32..40, prop_oneof![0u32..300, any::<u32>()]), 0..3000)) {
            let mut pairs = Pairs::default();
            let mut model: HashSet<(u32, u32)> = HashSet::new();
            for &(a, b) in &ps {
                prop_assert_eq!(pairs.insert(a, b), model.insert((a, b)));
            }
        }
    }
}
