//! The safety store of each validator (model.md §4.2): records moving
//! through the layers Tx → Committed → OsCache → Disk (or Lost), the drain,
//! the file sync (and a poisoned store's hidden outcome), OS writeback, what a
//! fault keeps, recovery of the last signed vote per slot, and the
//! durability check behind the diagnostics.

use crate::sorted::{OrdMap as BTreeMap, OrdSet as BTreeSet};

use super::{Ev, Sim};
use crate::core::{SimTime, US_PER_MS};
use crate::vote::config::{FaultKind, Layout, StoreProfile, TrueState};
use crate::vote::survival::{survives, Device};
use crate::vote::trace::{EventKind, Layer, LayerPoint, Step, Value};

#[derive(Clone, Debug)]
pub(super) struct Rec {
    /// Index into the trace's record timelines.
    pub(super) timeline: usize,
    pub(super) seq: u32,
    pub(super) commit_order: u32,
    pub(super) msg: usize,
    pub(super) layer: Layer,
    /// Visible to in-process reads (committed), whatever its physical layer.
    pub(super) visible: bool,
    pub(super) pinned: bool,
    pub(super) tx: usize,
    pub(super) disk_at_us: SimTime,
    /// The consensus lock this record sets (precommit records only).
    pub(super) lock: Option<(u32, Value)>,
    /// Written after a sync error: its true durability is unknown, whatever later syncs say.
    pub(super) after_poison: bool,
}

/// Which storage step may still move a record: the indexes a drain and a
/// file sync read, so that neither scans every record ever written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Movable {
    /// Unpinned, committed, still in the store queue: a drain moves it.
    Queued,
    /// Unpinned, in the OS cache: a file sync (or the OS writeback) moves it.
    Cached,
    /// Unpinned, written after a sync error and reported on disk: a sync of
    /// a poisoned store covers it too.
    PoisonedOnDisk,
}

impl Movable {
    fn of(r: &Rec) -> Option<Movable> {
        if r.pinned {
            return None;
        }
        match r.layer {
            Layer::Committed => Some(Movable::Queued),
            Layer::OsCache => Some(Movable::Cached),
            Layer::Disk if r.after_poison => Some(Movable::PoisonedOnDisk),
            Layer::Tx | Layer::Disk | Layer::Lost => None,
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct Store {
    pub(super) recs: Vec<Rec>,
    pub(super) poisoned: bool,
    pub(super) next_seq: u32,
    pub(super) next_commit: u32,
    /// Indexes of `recs` by [`Movable`] class, kept by [`Store::update`].
    queued: BTreeSet<usize>,
    cached: BTreeSet<usize>,
    poisoned_on_disk: BTreeSet<usize>,
    /// Indexes of `recs` per signed message.
    by_msg: BTreeMap<usize, Vec<usize>>,
}

impl Store {
    /// An empty store; its sequence numbers and commit order start at 1.
    pub(super) fn new() -> Store {
        Store { next_seq: 1, next_commit: 1, ..Store::default() }
    }

    fn class_set(&mut self, class: Movable) -> &mut BTreeSet<usize> {
        match class {
            Movable::Queued => &mut self.queued,
            Movable::Cached => &mut self.cached,
            Movable::PoisonedOnDisk => &mut self.poisoned_on_disk,
        }
    }

    fn index(&mut self, i: usize) {
        // Only a commit makes a record visible, and a fault drops uncommitted ones.
        assert!(self.recs[i].layer != Layer::Tx || !self.recs[i].visible, "a record in a transaction is not visible");
        if let Some(class) = Movable::of(&self.recs[i]) {
            let inserted = self.class_set(class).insert(i);
            debug_assert!(inserted);
        }
    }

    fn unindex(&mut self, i: usize) {
        if let Some(class) = Movable::of(&self.recs[i]) {
            let removed = self.class_set(class).remove(&i);
            debug_assert!(removed);
        }
    }

    /// Appends a record; returns its index.
    pub(super) fn push(&mut self, rec: Rec) -> usize {
        assert_eq!(rec.layer, Layer::Tx, "a record is written inside a transaction");
        let i = self.recs.len();
        self.by_msg.entry(rec.msg).or_default().push(i);
        self.recs.push(rec);
        self.index(i);
        i
    }

    /// Changes record `i`, keeping the indexes.
    pub(super) fn update(&mut self, i: usize, change: impl FnOnce(&mut Rec)) {
        self.unindex(i);
        change(&mut self.recs[i]);
        self.index(i);
    }

    /// Replaces every record (a fault keeps some), rebuilding the indexes.
    pub(super) fn replace(&mut self, recs: Vec<Rec>) {
        self.recs = recs;
        self.queued.clear();
        self.cached.clear();
        self.poisoned_on_disk.clear();
        self.by_msg.clear();
        for i in 0..self.recs.len() {
            self.by_msg.entry(self.recs[i].msg).or_default().push(i);
            self.index(i);
        }
    }

    /// What a drain moves, in record order.
    pub(super) fn queued(&self) -> Vec<usize> {
        self.queued.iter().copied().collect()
    }

    /// What a file sync moves, in record order.
    pub(super) fn syncable(&self) -> Vec<usize> {
        if self.poisoned {
            self.cached.union(&self.poisoned_on_disk).copied().collect()
        } else {
            self.cached.iter().copied().collect()
        }
    }

    /// Every record of signed message `msg`.
    pub(super) fn of_msg(&self, msg: usize) -> impl Iterator<Item = &Rec> {
        self.by_msg.get(&msg).into_iter().flatten().map(|&i| &self.recs[i])
    }
}

/// Where a record whose sync failed (or was poisoned) really is.
pub(super) fn true_layer(truth: TrueState) -> Layer {
    match truth {
        TrueState::OsCache => Layer::OsCache,
        TrueState::Disk => Layer::Disk,
        TrueState::Dropped => Layer::Lost,
    }
}

impl Sim<'_> {
    pub(super) fn layer_changed(&mut self, node: usize, rec: usize) {
        let r = &self.nodes[node].store.recs[rec];
        let (timeline, layer) = (r.timeline, r.layer);
        let at = self.q.now();
        if self.records[timeline].layers.last().map(|p| p.layer) != Some(layer) {
            self.records[timeline].layers.push(LayerPoint { at, layer });
        }
        self.emit(EventKind::RecordLayerChanged { validator: node as u32, record: timeline as u32, layer });
    }

    pub(super) fn store_commit(&mut self, node: usize, rec: usize) {
        let layer = match self.cfg.profile {
            StoreProfile::H2Like => Layer::Committed,
            StoreProfile::WalOsCache => Layer::OsCache,
            StoreProfile::RocksSyncWal => Layer::Disk,
        };
        let now_us = self.q.now_us();
        let s = &mut self.nodes[node].store;
        if s.recs[rec].layer != Layer::Tx {
            return; // Rolled back or lost: there is nothing left to commit.
        }
        assert!(!s.recs[rec].visible, "a record is committed once");
        let commit_order = s.next_commit;
        s.next_commit += 1;
        s.update(rec, |r| {
            r.commit_order = commit_order;
            r.visible = true;
            r.layer = layer;
            if layer == Layer::Disk {
                r.disk_at_us = now_us;
            }
        });
        if layer == Layer::OsCache {
            self.schedule_writeback(node, rec);
        }
        self.layer_changed(node, rec);
    }

    pub(super) fn schedule_writeback(&mut self, node: usize, rec: usize) {
        let inc = self.nodes[node].inc;
        let delay = u64::from(self.cfg.timing.os_writeback_delay_ms) * US_PER_MS;
        self.q.schedule_in(delay, Ev::OsWriteback { node, inc, rec });
    }

    pub(super) fn store_drain(&mut self, node: usize) {
        for i in self.nodes[node].store.queued() {
            self.nodes[node].store.update(i, |r| r.layer = Layer::OsCache);
            self.schedule_writeback(node, i);
            self.layer_changed(node, i);
        }
    }

    /// A file sync: every unpinned OsCache record reaches Disk — unless the
    /// store is poisoned, in which case its true outcome is the hidden state.
    pub(super) fn store_fsync(&mut self, node: usize) {
        let now_us = self.q.now_us();
        let poisoned = self.nodes[node].store.poisoned;
        let truth = self.cfg.poisoned_true_state;
        // A poisoned store's sync also "covers" records a synchronous commit already
        // reported as on disk (RocksSyncWal): their truth is the hidden state too.
        for i in self.nodes[node].store.syncable() {
            let r = &self.nodes[node].store.recs[i];
            let uncertain = poisoned && (r.after_poison || r.layer == Layer::OsCache);
            if uncertain {
                let at = self.q.now();
                self.records[r.timeline].uncertain_from = Some(at);
            }
            self.nodes[node].store.update(i, |r| {
                if uncertain {
                    r.pinned = true;
                    r.layer = true_layer(truth);
                } else {
                    r.layer = Layer::Disk;
                }
                r.disk_at_us = now_us;
            });
            self.layer_changed(node, i);
        }
    }

    /// Applies a fault to a node's store: what survives (model.md §4.2).
    pub(super) fn store_fault(&mut self, node: usize, fault: FaultKind) {
        let now_us = self.q.now_us();
        let device = Device {
            honours_sync: self.cfg.device_honours_sync,
            cache_window_us: u64::from(self.cfg.device_cache_window_ms) * US_PER_MS,
        };
        let mut kept = Vec::new();
        let recs = std::mem::take(&mut self.nodes[node].store.recs);
        for mut r in recs {
            assert!(r.layer != Layer::Disk || r.disk_at_us <= now_us, "a record reached Disk in the past");
            if survives(fault, r.layer, now_us.saturating_sub(r.disk_at_us), device) {
                r.visible = true;
                kept.push(r);
            } else if r.layer != Layer::Lost {
                let at = self.q.now();
                self.records[r.timeline].layers.push(LayerPoint { at, layer: Layer::Lost });
                self.emit(EventKind::RecordLayerChanged {
                    validator: node as u32,
                    record: r.timeline as u32,
                    layer: Layer::Lost,
                });
            }
        }
        self.nodes[node].store.replace(kept);
        self.nodes[node].store.poisoned = false;
    }

    /// Recovery (model.md §4.6): the last signed message per (h, r, step).
    pub(super) fn recover_last_signed(&self, node: usize, visible_only: bool) -> BTreeMap<(u64, u32, Step), usize> {
        let mut best: BTreeMap<(u64, u32, Step), (u32, usize)> = BTreeMap::new();
        for r in &self.nodes[node].store.recs {
            if visible_only && !r.visible {
                continue;
            }
            let m = &self.msgs[r.msg];
            let rank = match self.cfg.layout {
                Layout::AppendLog => r.seq,
                Layout::LastStateRow => r.commit_order,
            };
            let key = (m.h, m.r, m.kind.step());
            if best.get(&key).is_none_or(|(k, _)| rank > *k) {
                best.insert(key, (rank, r.msg));
            }
        }
        best.into_iter().map(|(k, (_, m))| (k, m)).collect()
    }

    /// The consensus lock restored with the records: the highest-round lock at height `h`.
    pub(super) fn recover_lock(&self, node: usize, h: u64, visible_only: bool) -> Option<(u32, Value)> {
        self.nodes[node]
            .store
            .recs
            .iter()
            .filter(|r| !visible_only || r.visible)
            .filter(|r| self.msgs[r.msg].h == h)
            .filter_map(|r| r.lock)
            .max()
    }

    pub(super) fn rec_of(&self, action: usize) -> Option<usize> {
        let a = &self.actions[action];
        let rec = a.rec?;
        let recs = &self.nodes[a.node].store.recs;
        (rec < recs.len() && recs[rec].tx == action).then_some(rec)
    }

    pub(super) fn check_durability(&mut self, node: usize, action: usize) {
        let msg = self.actions[action].msg;
        let store = &self.nodes[node].store;
        let layer = store.of_msg(msg).map(|r| r.layer).filter(|l| *l != Layer::Lost).max();
        let durable = layer == Some(Layer::Disk) && !store.of_msg(msg).any(|r| r.pinned && r.layer != Layer::Disk);
        if !durable {
            self.diag.broadcast_while_not_durable += 1;
        }
        if !matches!(layer, Some(Layer::OsCache | Layer::Disk)) {
            self.diag.broadcast_while_not_durable_kill_view += 1;
        }
    }
}
