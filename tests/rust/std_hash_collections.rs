// HashMap keys as in the std::collections::HashMap documentation (library/std/src/collections/hash/map.rs,
// the `Viking` example: `#[derive(Hash, Eq, PartialEq, Debug)]` keys) and the bounds of
// `impl<K, V, S> FromIterator<(K, V)> for HashMap<K, V, S> where K: Eq + Hash, S: BuildHasher + Default`.
use std::collections::{BTreeMap, HashMap, HashSet};
use std::hash::Hash;

#[derive(Hash, Eq, PartialEq, Debug)]
struct Viking {
    name: String,
    country: String,
}

impl Viking {
    fn new(name: &str, country: &str) -> Viking {
        Viking { name: name.to_string(), country: country.to_string() }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
struct Score(f64);

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Rank(u32);

fn index<K: Eq + Hash, V>(pairs: Vec<(K, V)>) -> HashMap<K, V> {
    pairs.into_iter().collect()
}

// goal: Viking: Hash
// goal: Viking: Eq
// goal: Viking: Clone
// goal: Score: Hash
// goal: Score: Eq
// goal: Rank: Ord
// goal: HashMap<Viking, u32>: FromIterator<(Viking, u32)>
// goal: HashMap<Score, u32>: FromIterator<(Score, u32)>
// goal: BTreeMap<Rank, u8>: FromIterator<(Rank, u8)>
// goal: HashSet<Viking>: Default
// goal: Vec<Viking>: Hash
// goal: (Rank, Viking): PartialEq
