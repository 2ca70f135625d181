//! The discrete-event kernel shared by both scenarios.
//!
//! What lives here: simulated time (integer microseconds), [`Stamp`]s that
//! totally order everything that happens, the [`EventQueue`] ordered by
//! `(time_us, seq)`, the [`ProcessTable`] that defers events aimed at a
//! stopped (SIGSTOP-like) process, and portable seeded random streams
//! ([`RngStream`]).
//!
//! Architecture invariant: nothing in this module reads a clock, touches the
//! OS, or uses a randomly keyed hasher. Given the same inputs it produces the
//! same outputs, bit for bit, natively and on wasm32.

use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};
use std::cmp::Ordering;

/// Simulated time in microseconds since the start of a run.
pub type SimTime = u64;

pub const US_PER_MS: u64 = 1_000;
pub const US_PER_S: u64 = 1_000_000;

/// A point in the total order of a run: the event's time and the sequence
/// number it was given when it was scheduled. Two stamps of one run are
/// never equal, so interval tests never depend on microsecond rounding.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Stamp {
    pub t_us: SimTime,
    pub seq: u64,
}

impl Stamp {
    pub const ZERO: Stamp = Stamp { t_us: 0, seq: 0 };

    pub fn ms(self) -> f64 {
        self.t_us as f64 / US_PER_MS as f64
    }
}

/// A heap entry: the ordering key and the slab slot holding the payload.
/// Keys are small `Copy` values, so sifting never moves payloads and the
/// element being sifted stays in registers (this is the hot path of every
/// simulation: see `benches/lease.rs`).
#[derive(Clone, Copy, Debug)]
struct Key {
    at: Stamp,
    slot: u32,
}

/// A min-queue of events ordered by `(time_us, seq)`. `seq` increases on
/// every insertion, so events scheduled for the same microsecond run in
/// insertion order (FIFO).
///
/// Implementation: a binary min-heap of `Key`s plus a slab of payloads
/// with a free list, so a run allocates only while the queue grows to its
/// high-water mark. Events scheduled with [`EventQueue::schedule_in_fixed`]
/// bypass the heap: all events with the same constant delay are already in
/// `(time, seq)` order, so each such delay gets a FIFO lane and `pop` takes the
/// smallest of the heap top and the lane heads. Stamps are unique, so the pop
/// order is the same total order whichever structure holds an event.
pub struct EventQueue<E> {
    heap: Vec<Key>,
    lanes: Vec<Lane>,
    slab: Vec<Option<E>>,
    free: Vec<u32>,
    next_seq: u64,
    now: Stamp,
    popped: u64,
}

/// Events scheduled `delay_us` after the moment they were scheduled, in FIFO order.
struct Lane {
    delay_us: SimTime,
    keys: std::collections::VecDeque<Key>,
}

/// At most this many distinct fixed delays get a lane; others use the heap.
const MAX_LANES: usize = 8;

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        Self::new()
    }
}

impl<E> EventQueue<E> {
    pub fn new() -> Self {
        EventQueue {
            heap: Vec::new(),
            lanes: Vec::new(),
            slab: Vec::new(),
            free: Vec::new(),
            next_seq: 1,
            now: Stamp::ZERO,
            popped: 0,
        }
    }

    /// The stamp of the event being executed (or `Stamp::ZERO` before the first pop).
    pub fn now(&self) -> Stamp {
        self.now
    }

    pub fn now_us(&self) -> SimTime {
        self.now.t_us
    }

    /// Schedules `event` at absolute time `at_us`, which must not lie in the past.
    /// Always inlined: the caller then builds the event straight into its slab
    /// slot instead of copying it through the stack (a store-forwarding stall
    /// that cost a third of the run time in `benches/lease.rs`).
    #[inline(always)]
    pub fn schedule_at(&mut self, at_us: SimTime, event: E) -> Stamp {
        let key = self.store(at_us, event);
        self.sift_up(key);
        key.at
    }

    /// Like [`EventQueue::schedule_in`], for a delay that is a constant of the
    /// run (a network one-way latency, an overhead, a retry interval): such
    /// events queue FIFO in a lane instead of the heap. Same order, less work.
    #[inline(always)]
    pub fn schedule_in_fixed(&mut self, delay_us: SimTime, event: E) -> Stamp {
        let key = self.store(self.now.t_us + delay_us, event);
        match self.lanes.iter().position(|l| l.delay_us == delay_us) {
            Some(i) => self.push_lane(i, key),
            None if self.lanes.len() < MAX_LANES => {
                self.lanes.push(Lane { delay_us, keys: std::collections::VecDeque::new() });
                self.push_lane(self.lanes.len() - 1, key);
            }
            None => self.sift_up(key),
        }
        key.at
    }

    #[inline(always)]
    fn push_lane(&mut self, lane: usize, key: Key) {
        let keys = &mut self.lanes[lane].keys;
        // A lane stays sorted because `now` never decreases and `seq` always grows.
        debug_assert!(keys.back().is_none_or(|last| last.at < key.at));
        keys.push_back(key);
    }

    /// Stamps `event` and puts it in a slab slot.
    #[inline(always)]
    fn store(&mut self, at_us: SimTime, event: E) -> Key {
        assert!(at_us >= self.now.t_us, "event scheduled in the past: {at_us} < {}", self.now.t_us);
        let at = Stamp { t_us: at_us, seq: self.next_seq };
        self.next_seq += 1;
        let slot = match self.free.pop() {
            Some(slot) => {
                debug_assert!(self.slab[slot as usize].is_none());
                self.slab[slot as usize] = Some(event);
                slot
            }
            None => {
                self.slab.push(Some(event));
                u32::try_from(self.slab.len() - 1).expect("fewer than 2^32 pending events")
            }
        };
        Key { at, slot }
    }

    /// Inserts `key` at the bottom and moves it up; the key is written once.
    #[inline]
    fn sift_up(&mut self, key: Key) {
        let mut i = self.heap.len();
        self.heap.push(key);
        while i > 0 {
            let parent = (i - 1) / 2;
            let p = self.heap[parent];
            if p.at <= key.at {
                break;
            }
            self.heap[i] = p;
            i = parent;
        }
        self.heap[i] = key;
    }

    /// Schedules `event` `delay_us` after now.
    #[inline(always)]
    pub fn schedule_in(&mut self, delay_us: SimTime, event: E) -> Stamp {
        self.schedule_at(self.now.t_us + delay_us, event)
    }

    /// Removes the earliest event and advances `now` to its stamp.
    #[inline(always)]
    pub fn pop(&mut self) -> Option<(Stamp, E)> {
        // The earliest lane head, if it beats the heap top, goes first.
        let mut best: Option<(usize, Stamp)> = None;
        for (i, lane) in self.lanes.iter().enumerate() {
            if let Some(head) = lane.keys.front() {
                if best.is_none_or(|(_, at)| head.at < at) {
                    best = Some((i, head.at));
                }
            }
        }
        let top = match (best, self.heap.first()) {
            (Some((i, at)), heap_top) if heap_top.is_none_or(|h| at < h.at) => {
                self.lanes[i].keys.pop_front().expect("non-empty lane")
            }
            (_, Some(_)) => self.pop_heap(),
            (_, None) => return None,
        };
        let event = self.slab[top.slot as usize].take().expect("a scheduled slot holds its event");
        self.free.push(top.slot);
        debug_assert!(top.at > self.now || self.popped == 0);
        self.now = top.at;
        self.popped += 1;
        Some((top.at, event))
    }

    #[inline(always)]
    fn pop_heap(&mut self) -> Key {
        let top = self.heap[0];
        let last = self.heap.pop().expect("non-empty");
        let len = self.heap.len();
        if len > 0 {
            // Sift `last` down from the root, holding it in registers.
            let mut i = 0;
            loop {
                let left = 2 * i + 1;
                if left >= len {
                    break;
                }
                let right = left + 1;
                let child = if right < len && self.heap[right].at < self.heap[left].at { right } else { left };
                let c = self.heap[child];
                if last.at <= c.at {
                    break;
                }
                self.heap[i] = c;
                i = child;
            }
            self.heap[i] = last;
        }
        top
    }

    pub fn peek_time(&self) -> Option<SimTime> {
        let lanes = self.lanes.iter().filter_map(|l| l.keys.front());
        self.heap.first().into_iter().chain(lanes).map(|k| k.at).min().map(|at| at.t_us)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Events waiting in the heap (not in the FIFO lanes).
    pub fn heap_len(&self) -> usize {
        self.heap.len()
    }

    /// Takes out of the heap every event for which `dead` holds: events its
    /// owner would pop and ignore (a spinner's arrival that was
    /// rescheduled), which otherwise stay in the heap and deepen every
    /// sift. The order of the other events is unchanged.
    /// [`EventQueue::events_processed`] counts each removed event at once,
    /// as if it had been popped: a run's total is the same, and a work cap
    /// counts it a little sooner. `dead` must hold for an event from now
    /// until its stamp, and popping it must do nothing.
    pub fn remove_dead(&mut self, mut dead: impl FnMut(&E) -> bool) {
        let before = self.heap.len();
        let (slab, free) = (&mut self.slab, &mut self.free);
        self.heap.retain(|key| {
            let is_dead = slab[key.slot as usize].as_ref().is_some_and(&mut dead);
            if is_dead {
                slab[key.slot as usize] = None;
                free.push(key.slot);
            }
            !is_dead
        });
        if self.heap.len() < before {
            self.popped += (before - self.heap.len()) as u64;
            // A sorted array is a valid min-heap. Stamps are unique, so every
            // sort gives this order; the module's own keeps one sort routine.
            sort_by_key(&mut self.heap, |key| key.at);
        }
    }

    pub fn len(&self) -> usize {
        self.heap.len() + self.lanes.iter().map(|l| l.keys.len()).sum::<usize>()
    }

    /// How many events have been executed so far (a cost measure for benches and caps).
    pub fn events_processed(&self) -> u64 {
        self.popped
    }
}

/// Whether a simulated application process is executing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ProcessState {
    Running,
    /// Frozen (SIGSTOP-like): events aimed at it wait in its deferred list.
    Stopped,
}

/// The application processes of a run and the events each one could not run
/// while it was stopped (model.md §0.2, §1.5).
pub struct ProcessTable<E> {
    states: Vec<ProcessState>,
    deferred: Vec<Vec<(Stamp, E)>>,
}

impl<E> ProcessTable<E> {
    pub fn new(processes: usize) -> Self {
        assert!(processes > 0);
        ProcessTable {
            states: vec![ProcessState::Running; processes],
            deferred: (0..processes).map(|_| Vec::new()).collect(),
        }
    }

    pub fn len(&self) -> usize {
        self.states.len()
    }

    pub fn is_empty(&self) -> bool {
        self.states.is_empty()
    }

    pub fn state(&self, process: usize) -> ProcessState {
        self.states[process]
    }

    pub fn is_running(&self, process: usize) -> bool {
        self.states[process] == ProcessState::Running
    }

    pub fn stop(&mut self, process: usize) {
        self.states[process] = ProcessState::Stopped;
    }

    /// Keeps an event that arrived while `process` was stopped. Events arrive
    /// in stamp order, so the list stays sorted.
    pub fn defer(&mut self, process: usize, at: Stamp, event: E) {
        debug_assert_eq!(self.states[process], ProcessState::Stopped);
        debug_assert!(self.deferred[process].last().is_none_or(|(last, _)| *last < at));
        self.deferred[process].push((at, event));
    }

    pub fn deferred_len(&self, process: usize) -> usize {
        self.deferred[process].len()
    }

    /// Resumes `process` and re-inserts its deferred events at the current
    /// time, in their original `(time, seq)` order, with fresh sequence numbers.
    pub fn resume(&mut self, process: usize, queue: &mut EventQueue<E>) {
        self.states[process] = ProcessState::Running;
        let now = queue.now_us();
        for (_, event) in std::mem::take(&mut self.deferred[process]) {
            queue.schedule_at(now, event);
        }
    }
}

/// SplitMix64's finaliser: a fixed, documented 64-bit mixer.
pub fn splitmix64(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// FNV-1a over bytes: a fixed hash for stream derivation and trace hashes
/// (never `DefaultHasher`, whose algorithm may change between releases).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        hash ^= u64::from(b);
        hash = hash.wrapping_mul(0x0000_0100_0000_01B3);
    }
    hash
}

/// One independent, portable random stream (ChaCha8, whose output is
/// value-stable across platforms and crate versions). Integer ranges are
/// sampled here with Lemire's method, so no `rand` upgrade can change results.
///
/// Streams implement common random numbers: the stream for
/// `("pause", worker 3)` yields the same pauses whatever the TTL slider says.
pub struct RngStream {
    rng: ChaCha8Rng,
}

impl RngStream {
    /// The stream for one random quantity of one entity in one run
    /// (model.md §0.3): `splitmix64(base_seed ^ fnv1a(run_index, purpose, entity))`.
    pub fn derive(base_seed: u64, run_index: u32, purpose: &str, entity: u64) -> Self {
        let mut key = Vec::with_capacity(4 + purpose.len() + 1 + 8);
        key.extend_from_slice(&run_index.to_le_bytes());
        key.extend_from_slice(purpose.as_bytes());
        key.push(0);
        key.extend_from_slice(&entity.to_le_bytes());
        let seed = splitmix64(base_seed ^ fnv1a64(&key));
        RngStream { rng: ChaCha8Rng::seed_from_u64(seed) }
    }

    pub fn next_u64(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// A uniform integer in `[lo, hi]`, both inclusive, without modulo bias.
    pub fn uniform_inclusive(&mut self, lo: u64, hi: u64) -> u64 {
        assert!(lo <= hi, "empty range {lo}..={hi}");
        let span = hi - lo;
        if span == u64::MAX {
            return self.next_u64();
        }
        let range = span + 1;
        // Lemire, "Fast Random Integer Generation in an Interval" (2019).
        let mut m = u128::from(self.next_u64()) * u128::from(range);
        let mut low = m as u64;
        if low < range {
            let threshold = range.wrapping_neg() % range;
            while low < threshold {
                m = u128::from(self.next_u64()) * u128::from(range);
                low = m as u64;
            }
        }
        lo + (m >> 64) as u64
    }

    /// A uniform float in `[0, 1)` with 53 random bits.
    pub fn unit_f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 * (1.0 / (1u64 << 53) as f64)
    }

    /// True with probability `p` (clamped to `[0, 1]`).
    pub fn bernoulli(&mut self, p: f64) -> bool {
        self.unit_f64() < p.clamp(0.0, 1.0)
    }

    /// An exponentially distributed whole number of microseconds with the given mean.
    pub fn exponential_us(&mut self, mean_us: u64) -> u64 {
        let u = 1.0 - self.unit_f64(); // in (0, 1]
        (-(u.ln()) * mean_us as f64).round() as u64
    }
}

/// Sorts `items` by `key`, equal keys kept in their order, exactly as
/// `slice::sort_by_key` does, but through [`sort_by`]'s one sort routine.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], key: impl Fn(&T) -> K) {
    let keys: Vec<K> = items.iter().map(key).collect();
    let order = sorted_order(items.len(), &|a, b| keys[a].cmp(&keys[b]));
    permute(items, &order);
}

/// Sorts `items` by `compare`, equal ones kept in their order, exactly as
/// `slice::sort_by` does. Every sort of the figures and the page goes
/// through here (or [`sort_by_key`], [`sort`]), so each wasm module carries
/// one sort routine, `sorted_order`'s, instead of one per element type and
/// closure: those copies had grown to about 60 KB of code per module.
pub fn sort_by<T>(items: &mut [T], compare: impl Fn(&T, &T) -> Ordering) {
    let order = sorted_order(items.len(), &|a, b| compare(&items[a], &items[b]));
    permute(items, &order);
}

/// Sorts `items` in their own order (stable; for a derived `Ord` the result
/// is the one `sort_unstable` gives, as equal items are identical).
pub fn sort<T: Ord>(items: &mut [T]) {
    sort_by(items, T::cmp);
}

/// The indices `0..len` in the order `compare` puts them, ties by index: the
/// one monomorphic sort the helpers above share. With ties broken by index
/// no two indices compare equal, so every correct sort gives this one order
/// (for every consistent `compare`: all of ours are `Ord`s and
/// `f64::total_cmp`). A quicksort with a branchless partition about the
/// median of three pseudo-random picks (a fixed generator: no clock), short
/// ranges by insertion, and sorted input found in one pass: as fast as the
/// standard library's unstable sort on the simulation's sorts, which took
/// 8.3 KB of wasm, against a few hundred bytes.
#[inline(never)]
fn sorted_order(len: usize, compare: &dyn Fn(usize, usize) -> Ordering) -> Vec<usize> {
    let less = |a: usize, b: usize| compare(a, b).then(a.cmp(&b)).is_lt();
    let mut order: Vec<usize> = (0..len).collect();
    if (1..len).all(|i| less(i - 1, i)) {
        return order;
    }
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut ranges = vec![(0, len)];
    while let Some((mut lo, mut hi)) = ranges.pop() {
        while hi - lo > 16 {
            let v = &mut order[lo..hi];
            let n = v.len() as u64;
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let (i, j, k) = ((seed % n) as usize, ((seed >> 21) % n) as usize, ((seed >> 42) % n) as usize);
            let (a, b, c) = (v[i], v[j], v[k]);
            let median = if less(a, b) == less(b, c) {
                j
            } else if less(a, b) == less(a, c) {
                k
            } else {
                i
            };
            v.swap(0, median);
            // Lomuto's partition, branchless: v[1..store] before the pivot.
            let pivot = v[0];
            let mut store = 1;
            for i in 1..v.len() {
                let x = v[i];
                v.swap(i, store);
                store += usize::from(less(x, pivot));
            }
            v.swap(0, store - 1);
            // The shorter side waits; the longer one goes on here.
            let at = lo + store - 1;
            if at - lo < hi - at {
                ranges.push((lo, at));
                lo = at + 1;
            } else {
                ranges.push((at + 1, hi));
                hi = at;
            }
        }
        for i in lo + 1..hi {
            let item = order[i];
            let mut j = i;
            while j > lo && less(item, order[j - 1]) {
                order[j] = order[j - 1];
                j -= 1;
            }
            order[j] = item;
        }
    }
    order
}

/// Rearranges `items` so that position `i` holds what was at `order[i]`, by
/// swaps along the permutation's cycles.
fn permute<T>(items: &mut [T], order: &[usize]) {
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        let mut i = start;
        while !placed[i] {
            placed[i] = true;
            let from = order[i];
            if from == start {
                break;
            }
            items.swap(i, from);
            i = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_by_key_is_stable() {
        let mut v = vec![(3, 'a'), (1, 'b'), (3, 'c'), (1, 'd'), (2, 'e')];
        let mut expected = v.clone();
        expected.sort_by_key(|p| p.0);
        sort_by_key(&mut v, |p| p.0);
        assert_eq!(v, expected);
        let mut one = vec![5];
        sort_by_key(&mut one, |x| *x);
        assert_eq!(one, [5]);
        let mut none: Vec<u8> = Vec::new();
        sort(&mut none);
        assert!(none.is_empty());
    }

    #[test]
    fn the_shared_sorts_agree_with_the_standard_ones() {
        let mut rng = RngStream::derive(7, 1, "sort", 0);
        for len in [2usize, 3, 7, 20, 33, 200] {
            let v: Vec<(u64, u64)> = (0..len).map(|i| (rng.uniform_inclusive(0, 4), i as u64)).collect();
            let mut ours = v.clone();
            let mut theirs = v.clone();
            sort_by_key(&mut ours, |p| p.0);
            theirs.sort_by_key(|p| p.0);
            assert_eq!(ours, theirs, "by key, len {len}");
            sort_by(&mut ours, |a, b| b.cmp(a));
            theirs.sort_by(|a, b| b.cmp(a));
            assert_eq!(ours, theirs, "by, len {len}");
            let mut plain: Vec<u64> = v.iter().map(|p| p.0 * 1000 + p.1 % 3).collect();
            let mut expected = plain.clone();
            sort(&mut plain);
            expected.sort_unstable();
            assert_eq!(plain, expected, "plain, len {len}");
        }
    }

    #[test]
    fn sorted_order_is_the_standard_order_ties_by_index() {
        let mut rng = RngStream::derive(11, 2, "sort", 0);
        for len in 0usize..=70 {
            for range in [1u64, 3, 50, u64::MAX] {
                let keys: Vec<u64> = (0..len).map(|_| rng.next_u64() % range.max(1)).collect();
                let mut expected: Vec<usize> = (0..len).collect();
                expected.sort_unstable_by(|&a, &b| keys[a].cmp(&keys[b]).then(a.cmp(&b)));
                assert_eq!(sorted_order(len, &|a, b| keys[a].cmp(&keys[b])), expected, "len {len}, range {range}");
            }
        }
        for len in [1000usize, 4097] {
            let keys: Vec<f64> = (0..len).map(|_| (rng.next_u64() % 300) as f64 / 7.0 - 20.0).collect();
            let mut expected: Vec<usize> = (0..len).collect();
            expected.sort_by(|&a, &b| keys[a].total_cmp(&keys[b]));
            assert_eq!(sorted_order(len, &|a, b| keys[a].total_cmp(&keys[b])), expected, "len {len}");
            let descending: Vec<usize> = (0..len).rev().collect();
            assert_eq!(sorted_order(len, &|a, b| b.cmp(&a)), descending);
            let ascending: Vec<usize> = (0..len).collect();
            assert_eq!(sorted_order(len, &|a, b| a.cmp(&b)), ascending);
            assert_eq!(sorted_order(len, &|_, _| Ordering::Equal), ascending);
            let rotated: Vec<usize> = (0..len).map(|i| (i + 1) % len).collect();
            assert_eq!(sorted_order(len, &|a, b| ((a + len - 1) % len).cmp(&((b + len - 1) % len))), rotated);
        }
    }

    #[test]
    fn removing_dead_events_keeps_the_others_in_stamp_order() {
        let mut q: EventQueue<u64> = EventQueue::new();
        let mut rng = RngStream::derive(5, 0, "remove_dead", 0);
        let mut scheduled: Vec<(Stamp, u64)> =
            (0..600u64).map(|i| (q.schedule_at(rng.uniform_inclusive(0, 40), i), i)).collect();
        scheduled.sort_unstable();
        let expected: Vec<(u64, u64)> =
            scheduled.iter().filter(|(_, e)| e % 3 != 0).map(|(s, e)| (s.t_us, *e)).collect();
        assert!(q.heap_len() > 300, "the events are in the heap, not only in lanes");
        q.remove_dead(|e| e % 3 == 0);
        let got: Vec<(u64, u64)> = std::iter::from_fn(|| q.pop().map(|(s, e)| (s.t_us, e))).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn ties_run_in_insertion_order() {
        let mut q = EventQueue::new();
        q.schedule_at(5, 'b');
        q.schedule_at(3, 'a');
        q.schedule_at(5, 'c');
        let order: Vec<char> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, vec!['a', 'b', 'c']);
    }

    #[test]
    fn pops_in_stamp_order_under_interleaving() {
        let mut q: EventQueue<u64> = EventQueue::new();
        let mut rng = RngStream::derive(3, 0, "queue", 0);
        let mut last = Stamp::ZERO;
        let mut pending = 0;
        for round in 0..2_000u64 {
            for _ in 0..rng.uniform_inclusive(0, 3) {
                match rng.uniform_inclusive(0, 2) {
                    0 => q.schedule_in(rng.uniform_inclusive(0, 50), round),
                    // More distinct fixed delays than lanes: some overflow to the heap.
                    1 => q.schedule_in_fixed(rng.uniform_inclusive(0, 11) * 5, round),
                    _ => q.schedule_at(q.now_us() + rng.uniform_inclusive(0, 20), round),
                };
                pending += 1;
                assert_eq!(q.len(), pending);
            }
            if rng.bernoulli(0.6) {
                if let Some((at, _)) = q.pop() {
                    assert!(at > last);
                    last = at;
                    pending -= 1;
                }
            }
        }
        while let Some((at, _)) = q.pop() {
            assert!(at > last);
            last = at;
            pending -= 1;
        }
        assert_eq!(pending, 0);
        assert!(q.is_empty());
    }

    #[test]
    fn deferred_events_resume_in_order_with_fresh_stamps() {
        let mut q: EventQueue<u32> = EventQueue::new();
        let mut p = ProcessTable::new(1);
        q.schedule_at(10, 1);
        q.schedule_at(10, 2);
        q.schedule_at(20, 99); // the resume trigger
        p.stop(0);
        for _ in 0..2 {
            let (at, e) = q.pop().unwrap();
            p.defer(0, at, e);
        }
        let (resume_at, _) = q.pop().unwrap();
        p.resume(0, &mut q);
        let (a, e1) = q.pop().unwrap();
        let (b, e2) = q.pop().unwrap();
        assert_eq!((e1, e2), (1, 2));
        assert_eq!(a.t_us, 20);
        assert!(a > resume_at && b > a);
    }

    #[test]
    fn streams_are_value_stable() {
        // Pinned: a change here changes every trace hash.
        let mut s = RngStream::derive(1, 0, "pause", 3);
        let draws: Vec<u64> = (0..4).map(|_| s.uniform_inclusive(300_000, 500_000)).collect();
        let again: Vec<u64> = {
            let mut t = RngStream::derive(1, 0, "pause", 3);
            (0..4).map(|_| t.uniform_inclusive(300_000, 500_000)).collect()
        };
        assert_eq!(draws, again);
        assert!(draws.iter().all(|d| (300_000..=500_000).contains(d)));
        let other = RngStream::derive(1, 0, "pause", 4).next_u64();
        assert_ne!(other, RngStream::derive(1, 0, "pause", 3).next_u64());
    }

    #[test]
    fn uniform_covers_both_ends() {
        let mut s = RngStream::derive(7, 0, "t", 0);
        let mut seen = [false; 3];
        for _ in 0..200 {
            seen[s.uniform_inclusive(0, 2) as usize] = true;
        }
        assert_eq!(seen, [true; 3]);
    }

    #[test]
    fn fnv_matches_reference() {
        assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
    }
}
