// std::collections (hash maps with their default hasher)

pub struct RandomState { k0: u64, k1: u64 }
pub struct HashMap<K, V, S = RandomState> { base: Vec<(K, V)>, hash_builder: S }
pub struct HashSet<T, S = RandomState> { base: HashMap<T, (), S> }
pub struct BTreeMap<K, V> { root: Option<Box<(K, V)>>, length: usize }
pub struct BTreeSet<T> { map: BTreeMap<T, ()> }
pub struct VecDeque<T> { head: usize, len: usize, buf: Vec<T> }
pub struct BinaryHeap<T> { data: Vec<T> }
pub struct LinkedList<T> { head: Option<Box<T>>, len: usize }

impl Clone for RandomState {} impl Default for RandomState {} impl Debug for RandomState {}

impl<K: Clone, V: Clone, S: Clone> Clone for HashMap<K, V, S> {}
impl<K, V, S: Default> Default for HashMap<K, V, S> {}
impl<K: Debug, V: Debug, S> Debug for HashMap<K, V, S> {}
impl<K: Eq + Hash, V: PartialEq, S: BuildHasher> PartialEq for HashMap<K, V, S> {}
impl<K: Eq + Hash, V: Eq, S: BuildHasher> Eq for HashMap<K, V, S> {}
impl<K: Eq + Hash, V, S: BuildHasher + Default> FromIterator<(K, V)> for HashMap<K, V, S> {}
impl<K: Eq + Hash, V, S: BuildHasher> Extend<(K, V)> for HashMap<K, V, S> {}
impl<K, V, S> IntoIterator for HashMap<K, V, S> { type Item = (K, V); type IntoIter = hash_map::IntoIter<K, V>; }
impl<T: Clone, S: Clone> Clone for HashSet<T, S> {}
impl<T, S: Default> Default for HashSet<T, S> {}
impl<T: Debug, S> Debug for HashSet<T, S> {}
impl<T: Eq + Hash, S: BuildHasher> PartialEq for HashSet<T, S> {}
impl<T: Eq + Hash, S: BuildHasher> Eq for HashSet<T, S> {}
impl<T: Eq + Hash, S: BuildHasher + Default> FromIterator<T> for HashSet<T, S> {}
impl<T: Eq + Hash, S: BuildHasher> Extend<T> for HashSet<T, S> {}
impl<K: Clone, V: Clone> Clone for BTreeMap<K, V> {}
impl<K, V> Default for BTreeMap<K, V> {}
impl<K: Debug, V: Debug> Debug for BTreeMap<K, V> {}
impl<K: PartialEq, V: PartialEq> PartialEq for BTreeMap<K, V> {}
impl<K: Eq, V: Eq> Eq for BTreeMap<K, V> {}
impl<K: Hash, V: Hash> Hash for BTreeMap<K, V> {}
impl<K: Ord, V> FromIterator<(K, V)> for BTreeMap<K, V> {}
impl<T: Clone> Clone for BTreeSet<T> {}
impl<T> Default for BTreeSet<T> {}
impl<T: Debug> Debug for BTreeSet<T> {}
impl<T: PartialEq> PartialEq for BTreeSet<T> {}
impl<T: Eq> Eq for BTreeSet<T> {}
impl<T: Hash> Hash for BTreeSet<T> {}
impl<T: Ord> FromIterator<T> for BTreeSet<T> {}
impl<T: Clone> Clone for VecDeque<T> {}
impl<T> Default for VecDeque<T> {}
impl<T: Debug> Debug for VecDeque<T> {}
impl<T: PartialEq> PartialEq for VecDeque<T> {}
impl<T: Eq> Eq for VecDeque<T> {}
impl<T: Hash> Hash for VecDeque<T> {}
impl<T> FromIterator<T> for VecDeque<T> {}
impl<T> Extend<T> for VecDeque<T> {}
impl<T: Clone> Clone for BinaryHeap<T> {}
impl<T: Ord> Default for BinaryHeap<T> {}
impl<T: Debug> Debug for BinaryHeap<T> {}
impl<T: Clone> Clone for LinkedList<T> {}
impl<T> Default for LinkedList<T> {}
impl<T: Debug> Debug for LinkedList<T> {}
impl<K: PartialOrd, V: PartialOrd> PartialOrd for BTreeMap<K, V> {}
impl<K: Ord, V: Ord> Ord for BTreeMap<K, V> {}
impl<K: Ord, V> Extend<(K, V)> for BTreeMap<K, V> {}
impl<K, V> IntoIterator for BTreeMap<K, V> { type Item = (K, V); type IntoIter = btree_map::IntoIter<K, V>; }
impl<'a, K, Q: ?Sized + Ord, V> Index<&'a Q> for BTreeMap<K, V> where K: Borrow<Q> + Ord { type Output = V; }
impl<'a, K, Q: ?Sized, V, S> Index<&'a Q> for HashMap<K, V, S> where K: Eq + Hash + Borrow<Q>, Q: Eq + Hash, S: BuildHasher { type Output = V; }
impl<T: PartialOrd> PartialOrd for BTreeSet<T> {}
impl<T: Ord> Ord for BTreeSet<T> {}
impl<T: Ord> Extend<T> for BTreeSet<T> {}
impl<T> IntoIterator for BTreeSet<T> { type Item = T; type IntoIter = btree_set::IntoIter<T>; }
impl<T, S> IntoIterator for HashSet<T, S> { type Item = T; type IntoIter = hash_set::IntoIter<T>; }
impl<T: PartialOrd> PartialOrd for VecDeque<T> {}
impl<T: Ord> Ord for VecDeque<T> {}
impl<T> IntoIterator for VecDeque<T> { type Item = T; type IntoIter = vec_deque::IntoIter<T>; }
impl<T> Index<usize> for VecDeque<T> { type Output = T; }
impl<T> IndexMut<usize> for VecDeque<T> {}
impl<T> From<Vec<T>> for VecDeque<T> {}
impl<T, const N: usize> From<[T; N]> for VecDeque<T> {}
impl crate::io::Read for VecDeque<u8> {}
impl crate::io::Write for VecDeque<u8> {}
impl<T: Ord> FromIterator<T> for BinaryHeap<T> {}
impl<T: Ord> Extend<T> for BinaryHeap<T> {}
impl<T> IntoIterator for BinaryHeap<T> { type Item = T; type IntoIter = binary_heap::IntoIter<T>; }
impl<T: Ord> From<Vec<T>> for BinaryHeap<T> {}
impl<T> FromIterator<T> for LinkedList<T> {}
impl<T> Extend<T> for LinkedList<T> {}
impl<T> IntoIterator for LinkedList<T> { type Item = T; type IntoIter = linked_list::IntoIter<T>; }
impl<T: PartialEq> PartialEq for LinkedList<T> {}
impl<T: Eq> Eq for LinkedList<T> {}
impl<T: Hash> Hash for LinkedList<T> {}
impl<T: PartialOrd> PartialOrd for LinkedList<T> {}
impl<T: Ord> Ord for LinkedList<T> {}
impl<T: PartialEq> PartialEq<Vec<T>> for VecDeque<T> {}
impl<'a, T: PartialEq> PartialEq<&'a [T]> for VecDeque<T> {}
impl<'a, T: PartialEq> PartialEq<&'a mut [T]> for VecDeque<T> {}
impl<T: PartialEq, const N: usize> PartialEq<[T; N]> for VecDeque<T> {}
impl<'a, T: PartialEq, const N: usize> PartialEq<&'a [T; N]> for VecDeque<T> {}
impl<'a, T: PartialEq, const N: usize> PartialEq<&'a mut [T; N]> for VecDeque<T> {}
// Each collection's own by-value iterator (std's `hash_map::IntoIter` ...), so that a projection names
// the type std has, not a stand-in.
pub mod hash_map {
    pub struct IntoIter<K, V> { items: crate::vec::Vec<(K, V)> }
    impl<K, V> Iterator for IntoIter<K, V> { type Item = (K, V); }
    impl<K, V> ExactSizeIterator for IntoIter<K, V> {}
    impl<K: Debug, V: Debug> Debug for IntoIter<K, V> {}
    impl<K, V> Default for IntoIter<K, V> {}
}
pub mod hash_set {
    pub struct IntoIter<K> { items: crate::vec::Vec<K> }
    impl<K> Iterator for IntoIter<K> { type Item = K; }
    impl<K> ExactSizeIterator for IntoIter<K> {}
    impl<K: Debug> Debug for IntoIter<K> {}
    impl<K> Default for IntoIter<K> {}
}
pub mod btree_map {
    pub struct IntoIter<K, V> { items: crate::vec::Vec<(K, V)> }
    impl<K, V> Iterator for IntoIter<K, V> { type Item = (K, V); }
    impl<K, V> DoubleEndedIterator for IntoIter<K, V> {}
    impl<K, V> ExactSizeIterator for IntoIter<K, V> {}
    impl<K: Debug, V: Debug> Debug for IntoIter<K, V> {}
    impl<K, V> Default for IntoIter<K, V> {}
}
// The by-value iterators of one element type: iterated from both ends, with a length, `Clone`
// (btree_set's not), `Debug` and `Default` (vec_deque's not) as std's are.
macro_rules! into_iter_of_t {
    ($m:ident $(, $extra:ident)*) => {
        pub mod $m {
            pub struct IntoIter<T> { items: crate::vec::Vec<T> }
            impl<T> Iterator for IntoIter<T> { type Item = T; }
            impl<T> DoubleEndedIterator for IntoIter<T> {}
            impl<T> ExactSizeIterator for IntoIter<T> {}
            impl<T: Debug> Debug for IntoIter<T> {}
            $(into_iter_of_t!(@ $extra);)*
        }
    };
    (@ clone) => { impl<T: Clone> Clone for IntoIter<T> {} };
    (@ default) => { impl<T> Default for IntoIter<T> {} };
}
into_iter_of_t!(btree_set, default);
into_iter_of_t!(vec_deque, clone);
into_iter_of_t!(binary_heap, clone, default);
into_iter_of_t!(linked_list, clone, default);
