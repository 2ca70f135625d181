//! Ordered maps and sets for the simulation's bookkeeping, kept as sorted
//! vectors (`litemap`) rather than B-trees.
//!
//! Scenario B's engine keeps some fifteen maps and sets of different key
//! and value types, each small (a few to a few hundred entries), and the
//! parameter codec (`lab-model`) a few more. A B-tree
//! compiles to several kilobytes of node-handling code per type, and that
//! code is what the lazily loaded figures module carries; a sorted vector is
//! a binary search and a `Vec` insert. Iteration is in key order, as a
//! B-tree's, so a run is the same either way (the golden hashes hold it).
//! Only the part of `BTreeMap`'s and `BTreeSet`'s interface the engine uses
//! is here, under the same names.

use std::borrow::Borrow;
use std::ops::{Bound, RangeBounds};

use litemap::LiteMap;

/// An iterator over a map's entries (a named type, so that a borrow in an
/// `if let` ends with the statement).
pub type Iter<'a, K, V> = std::iter::Map<std::slice::Iter<'a, (K, V)>, fn(&'a (K, V)) -> (&'a K, &'a V)>;

fn pair<K, V>(entry: &(K, V)) -> (&K, &V) {
    (&entry.0, &entry.1)
}

/// A map in key order (`BTreeMap`'s interface, as far as the engine uses it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdMap<K, V>(LiteMap<K, V>);

impl<K: Ord, V> Default for OrdMap<K, V> {
    fn default() -> Self {
        OrdMap(LiteMap::new())
    }
}

impl<K: Ord, V> OrdMap<K, V> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get<Q: Ord + ?Sized>(&self, key: &Q) -> Option<&V>
    where
        K: Borrow<Q>,
    {
        self.0.get(key)
    }

    pub fn get_mut<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<&mut V>
    where
        K: Borrow<Q>,
    {
        self.0.get_mut(key)
    }

    pub fn contains_key<Q: Ord + ?Sized>(&self, key: &Q) -> bool
    where
        K: Borrow<Q>,
    {
        self.0.contains_key(key)
    }

    pub fn insert(&mut self, key: K, value: V) -> Option<V> {
        self.0.insert(key, value)
    }

    pub fn remove<Q: Ord + ?Sized>(&mut self, key: &Q) -> Option<V>
    where
        K: Borrow<Q>,
    {
        self.0.remove(key)
    }

    pub fn entry(&mut self, key: K) -> litemap::Entry<'_, K, V, Vec<(K, V)>> {
        self.0.entry(key)
    }

    pub fn iter(&self) -> Iter<'_, K, V> {
        self.0.as_slice().iter().map(pair)
    }

    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &K> + '_ {
        self.0.as_slice().iter().map(|(k, _)| k)
    }

    pub fn values(&self) -> impl DoubleEndedIterator<Item = &V> + '_ {
        self.0.as_slice().iter().map(|(_, v)| v)
    }

    pub fn first_key_value(&self) -> Option<(&K, &V)> {
        self.0.first()
    }

    pub fn last_key_value(&self) -> Option<(&K, &V)> {
        self.0.last()
    }

    /// The entries whose keys lie in `range`, in key order.
    pub fn range<R: RangeBounds<K>>(&self, range: R) -> Iter<'_, K, V> {
        let at = |key: &K| self.0.find_index(key);
        let start = match range.start_bound() {
            Bound::Included(k) => at(k).unwrap_or_else(|i| i),
            Bound::Excluded(k) => at(k).map_or_else(|i| i, |i| i + 1),
            Bound::Unbounded => 0,
        };
        let end = match range.end_bound() {
            Bound::Included(k) => at(k).map_or_else(|i| i, |i| i + 1),
            Bound::Excluded(k) => at(k).unwrap_or_else(|i| i),
            Bound::Unbounded => self.len(),
        };
        let slice = self.0.as_slice();
        slice[start.min(end)..end].iter().map(pair)
    }

    /// Moves the entries with keys at or after `key` into a new map.
    pub fn split_off(&mut self, key: &K) -> Self {
        let at = self.0.find_index(key).unwrap_or_else(|i| i);
        let mut entries = std::mem::take(&mut self.0).into_tuple_vec();
        let tail = entries.split_off(at);
        self.0 = LiteMap::from_sorted_store_unchecked(entries);
        OrdMap(LiteMap::from_sorted_store_unchecked(tail))
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&K, &V) -> bool) {
        self.0.retain(|k, v| keep(k, v));
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl<K: Ord, V> std::ops::Index<&K> for OrdMap<K, V> {
    type Output = V;

    fn index(&self, key: &K) -> &V {
        self.get(key).expect("no entry for the key")
    }
}

impl<K: Ord, V> FromIterator<(K, V)> for OrdMap<K, V> {
    fn from_iter<I: IntoIterator<Item = (K, V)>>(items: I) -> Self {
        let mut map = OrdMap::new();
        map.extend(items);
        map
    }
}

impl<K: Ord, V> Extend<(K, V)> for OrdMap<K, V> {
    fn extend<I: IntoIterator<Item = (K, V)>>(&mut self, items: I) {
        for (k, v) in items {
            self.insert(k, v);
        }
    }
}

impl<'a, K: Ord, V> IntoIterator for &'a OrdMap<K, V> {
    type Item = (&'a K, &'a V);
    type IntoIter = Iter<'a, K, V>;

    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<K: Ord, V> IntoIterator for OrdMap<K, V> {
    type Item = (K, V);
    type IntoIter = std::vec::IntoIter<(K, V)>;

    fn into_iter(self) -> Self::IntoIter {
        self.0.into_tuple_vec().into_iter()
    }
}

/// A set in order (`BTreeSet`'s interface, as far as the engine uses it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrdSet<T>(OrdMap<T, ()>);

impl<T: Ord> Default for OrdSet<T> {
    fn default() -> Self {
        OrdSet(OrdMap::new())
    }
}

impl<T: Ord> OrdSet<T> {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Adds `value`; false if it was there.
    pub fn insert(&mut self, value: T) -> bool {
        self.0.insert(value, ()).is_none()
    }

    pub fn contains(&self, value: &T) -> bool {
        self.0.contains_key(value)
    }

    /// Takes `value` out; false if it was not there.
    pub fn remove(&mut self, value: &T) -> bool {
        self.0.remove(value).is_some()
    }

    pub fn iter(&self) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.0.keys()
    }

    pub fn first(&self) -> Option<&T> {
        self.0.first_key_value().map(|(k, _)| k)
    }

    pub fn last(&self) -> Option<&T> {
        self.0.last_key_value().map(|(k, _)| k)
    }

    /// The values in `range`, in order.
    pub fn range<R: RangeBounds<T>>(&self, range: R) -> impl DoubleEndedIterator<Item = &T> + '_ {
        self.0.range(range).map(|(k, _)| k)
    }

    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        self.0.retain(|k, _| keep(k));
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }

    /// The values in either set, in order, each once.
    pub fn union<'a>(&'a self, other: &'a OrdSet<T>) -> impl Iterator<Item = &'a T> + 'a {
        let (mut a, mut b) = (self.iter().peekable(), other.iter().peekable());
        std::iter::from_fn(move || match (a.peek(), b.peek()) {
            (Some(x), Some(y)) if x < y => a.next(),
            (Some(x), Some(y)) if y < x => b.next(),
            (Some(_), Some(_)) => {
                b.next();
                a.next()
            }
            (Some(_), None) => a.next(),
            (None, _) => b.next(),
        })
    }
}

impl<'a, T: Ord> IntoIterator for &'a OrdSet<T> {
    type Item = &'a T;
    type IntoIter = std::iter::Map<std::slice::Iter<'a, (T, ())>, fn(&'a (T, ())) -> &'a T>;

    fn into_iter(self) -> Self::IntoIter {
        self.0 .0.as_slice().iter().map(|(k, _)| k)
    }
}

impl<T: Ord> FromIterator<T> for OrdSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut set = OrdSet::new();
        for item in items {
            set.insert(item);
        }
        set
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::{BTreeMap, BTreeSet};

    #[test]
    fn the_sorted_maps_answer_as_the_btrees_do() {
        let keys = [7u32, 3, 9, 3, 1, 12, 5, 9, 0, 20];
        let mut ours = OrdMap::new();
        let mut theirs = BTreeMap::new();
        for (i, k) in keys.iter().enumerate() {
            assert_eq!(ours.insert(*k, i), theirs.insert(*k, i));
        }
        assert!(ours.iter().eq(theirs.iter()));
        for (lo, hi) in [(0, 30), (3, 9), (4, 4), (2, 6), (13, 19)] {
            assert!(ours.range(lo..hi).eq(theirs.range(lo..hi)), "{lo}..{hi}");
            assert!(ours.range(lo..=hi).eq(theirs.range(lo..=hi)), "{lo}..={hi}");
            assert!(ours.range(lo..).eq(theirs.range(lo..)), "{lo}..");
        }
        *ours.entry(42).or_default() += 1;
        *theirs.entry(42).or_default() += 1;
        assert_eq!(ours.last_key_value(), theirs.last_key_value());
        assert_eq!(ours.remove(&3), theirs.remove(&3));
        let (tail, their_tail) = (ours.split_off(&9), theirs.split_off(&9));
        assert!(ours.iter().eq(theirs.iter()) && tail.iter().eq(their_tail.iter()));
        let set: OrdSet<u32> = keys.iter().copied().collect();
        let their_set: BTreeSet<u32> = keys.iter().copied().collect();
        assert!(set.iter().eq(their_set.iter()) && set.range(2..10).eq(their_set.range(2..10)));
        assert_eq!(set.len(), their_set.len());
        let other: OrdSet<u32> = [2, 3, 4, 30].into_iter().collect();
        let their_other: BTreeSet<u32> = [2, 3, 4, 30].into_iter().collect();
        assert!(set.union(&other).eq(their_set.union(&their_other)));
    }
}
