//! The simplified Tendermint-like rounds of model.md §4.3: each node's
//! engine (height, round, step, lock, votes), its ledger of finalized
//! heights, the round rules (prevote, polka, precommit, round skip,
//! timeouts), finalization, new heights and catch-up.

use crate::sorted::{OrdMap as BTreeMap, OrdSet as BTreeSet};

use super::{Ev, Sim, F, N, Q};
use crate::core::US_PER_MS;
use crate::vote::trace::{EventKind, HeightPoint, MsgKind, Step, Value};

#[derive(Clone, Debug)]
pub(super) struct Engine {
    pub(super) h: u64,
    pub(super) r: u32,
    pub(super) step: Step,
    pub(super) locked: Option<(u32, Value)>,
    pub(super) valid: Option<(u32, Value)>,
    /// In-memory cache of what this engine signed, per (h, r, step) → message.
    pub(super) last_signed: BTreeMap<(u64, u32, Step), usize>,
    pub(super) votes: BTreeMap<(u64, u32, MsgKind), BTreeMap<usize, Value>>,
    /// Every signer seen per (h, r), for the round skip.
    pub(super) signers: BTreeMap<(u64, u32), BTreeSet<usize>>,
    pub(super) timeouts: BTreeSet<(u64, u32, Step)>,
    pub(super) busy: bool,
}

impl Engine {
    pub(super) fn new(h: u64, r: u32) -> Self {
        Engine {
            h,
            r,
            step: Step::Propose,
            locked: None,
            valid: None,
            last_signed: BTreeMap::new(),
            votes: BTreeMap::new(),
            signers: BTreeMap::new(),
            timeouts: BTreeSet::new(),
            busy: false,
        }
    }
}

/// A node's finalized heights: the story's pre-history (every height below
/// the start height, block `1000 + h`), kept as a bound rather than as
/// entries, so a start height of a million costs nothing, and the heights
/// finalized during the run.
#[derive(Clone, Debug)]
pub(super) struct Ledger {
    /// Heights `1..=history` were final before the story began.
    pub(super) history: u64,
    pub(super) finalized: BTreeMap<u64, Value>,
}

impl Ledger {
    pub(super) fn new(start_height: u64) -> Ledger {
        Ledger { history: start_height.saturating_sub(1), finalized: BTreeMap::new() }
    }

    fn history_value(h: u64) -> Value {
        Value::Block(1000 + h as u32)
    }

    pub(super) fn top(&self) -> u64 {
        self.finalized.last_key_value().map_or(self.history, |(h, _)| *h)
    }

    pub(super) fn contains(&self, h: u64) -> bool {
        (1..=self.history).contains(&h) || self.finalized.contains_key(&h)
    }

    /// Records a finalization; false (and no change) if `h` was final already.
    pub(super) fn insert(&mut self, h: u64, v: Value) -> bool {
        if self.contains(h) {
            return false;
        }
        self.finalized.insert(h, v);
        true
    }

    /// Every final height from `from` on, in order (a catch-up's content).
    pub(super) fn since(&self, from: u64) -> Vec<(u64, Value)> {
        let history = (from.max(1)..=self.history).map(|h| (h, Ledger::history_value(h)));
        history.chain(self.finalized.range(from..).map(|(h, v)| (*h, *v))).collect()
    }
}

pub(super) fn proposer(h: u64, r: u32) -> usize {
    ((h + u64::from(r)) % N as u64) as usize
}

impl Sim<'_> {
    pub(super) fn start_round(&mut self, node: usize, h: u64, r: u32, propose: bool) {
        self.set_step(node, h, r, Step::Propose);
        let t = &self.cfg.timing;
        let timeout = (u64::from(t.timeout_propose_ms) + u64::from(t.timeout_delta_ms) * u64::from(r)) * US_PER_MS;
        let inc = self.nodes[node].inc;
        self.q.schedule_in(timeout, Ev::TimeoutPropose { node, inc, h, r });
        if propose && proposer(h, r) == node {
            let value = self.nodes[node].engine().valid.map(|(_, v)| v).unwrap_or_else(|| {
                if h == self.cfg.start_height && r == self.cfg.start_round {
                    Value::X
                } else {
                    let id = self.next_block;
                    self.next_block += 1;
                    self.blocks.insert(id, self.pending_txs.iter().copied().collect());
                    Value::Block(id)
                }
            });
            let msg = self.msg_id(node, MsgKind::Proposal, h, r, value);
            let sign_us = u64::from(self.cfg.timing.sign_us);
            self.q.schedule_in(sign_us, Ev::ProposalReady { node, inc, msg });
        }
        // Votes that arrived early for this round may already decide something.
        self.after_engine_input(node);
    }

    pub(super) fn on_message(&mut self, node: usize, msg: usize) {
        let m = self.msgs[msg].clone();
        let e = self.nodes[node].engine_mut();
        if m.h > e.h {
            self.nodes[node].future.entry(m.h).or_default().push(msg);
            return;
        }
        if m.h < e.h {
            return; // Older heights are done.
        }
        e.signers.entry((m.h, m.r)).or_default().insert(m.signer);
        match m.kind {
            MsgKind::Proposal => {
                if m.signer != proposer(m.h, m.r) {
                    return;
                }
                if m.r == e.r && e.step == Step::Propose && !e.busy {
                    let vote = match e.locked {
                        Some((_, locked)) if locked != m.value => Value::Nil,
                        _ => m.value,
                    };
                    self.start_vote(node, MsgKind::Prevote, vote);
                    return;
                }
            }
            MsgKind::Prevote | MsgKind::Precommit => {
                e.votes.entry((m.h, m.r, m.kind)).or_default().insert(m.signer, m.value);
            }
        }
        self.after_engine_input(node);
    }

    pub(super) fn count(e: &Engine, h: u64, r: u32, kind: MsgKind) -> (BTreeMap<Value, usize>, usize) {
        let mut per = BTreeMap::new();
        let mut total = 0;
        if let Some(votes) = e.votes.get(&(h, r, kind)) {
            for v in votes.values() {
                *per.entry(*v).or_insert(0) += 1;
                total += 1;
            }
        }
        (per, total)
    }

    /// Re-evaluates the round rules of model.md §4.3 after any input.
    pub(super) fn after_engine_input(&mut self, node: usize) {
        let Some(e) = self.nodes[node].engine.as_ref() else { return };
        if !self.nodes[node].up || e.step == Step::Commit {
            return;
        }
        let (h, r) = (e.h, e.r);
        // Finalization: 2f+1 precommits for a block in any round of this height.
        let rounds: Vec<u32> = e
            .votes
            .range((h, 0, MsgKind::Proposal)..(h + 1, 0, MsgKind::Proposal))
            .filter(|((_, _, k), _)| *k == MsgKind::Precommit)
            .map(|((_, vr, _), _)| *vr)
            .collect();
        for vr in rounds {
            let (per, _) = Self::count(e, h, vr, MsgKind::Precommit);
            if let Some((v, _)) = per.iter().find(|(v, c)| !v.is_nil() && **c >= Q) {
                let v = *v;
                self.finalize(node, h, v);
                return;
            }
        }
        if e.busy {
            return;
        }
        // Round skip: f+1 signers from a higher round of this height.
        if let Some((&(_, skip_r), _)) = e.signers.range((h, r + 1)..(h + 1, 0)).find(|(_, s)| s.len() > F) {
            self.start_round(node, h, skip_r, true);
            return;
        }
        let step = e.step;
        let inc = self.nodes[node].inc;
        let t = self.cfg.timing;
        let delta = u64::from(t.timeout_delta_ms) * u64::from(r);
        match step {
            Step::Prevote => {
                let (per, total) = Self::count(e, h, r, MsgKind::Prevote);
                if let Some((v, _)) = per.iter().find(|(v, c)| !v.is_nil() && **c >= Q) {
                    let v = *v;
                    let polka: Vec<u32> = e.votes[&(h, r, MsgKind::Prevote)]
                        .iter()
                        .filter(|(_, pv)| **pv == v)
                        .map(|(signer, _)| *signer as u32)
                        .collect();
                    assert!(polka.len() >= Q, "a polka is a quorum");
                    let msg = self.msg_id(node, MsgKind::Precommit, h, r, v);
                    self.justifications.entry(msg).or_insert((r, polka));
                    let e = self.nodes[node].engine_mut();
                    e.locked = Some((r, v));
                    e.valid = Some((r, v));
                    self.start_vote(node, MsgKind::Precommit, v);
                } else if per.get(&Value::Nil).copied().unwrap_or(0) >= Q {
                    self.start_vote(node, MsgKind::Precommit, Value::Nil);
                } else if total >= Q && self.nodes[node].engine_mut().timeouts.insert((h, r, Step::Prevote)) {
                    let d = (u64::from(t.timeout_prevote_ms) + delta) * US_PER_MS;
                    self.q.schedule_in(d, Ev::TimeoutPrevote { node, inc, h, r });
                }
            }
            Step::Precommit => {
                let (_, total) = Self::count(e, h, r, MsgKind::Precommit);
                if total >= Q && self.nodes[node].engine_mut().timeouts.insert((h, r, Step::Precommit)) {
                    let d = (u64::from(t.timeout_precommit_ms) + delta) * US_PER_MS;
                    self.q.schedule_in(d, Ev::TimeoutPrecommit { node, inc, h, r });
                }
            }
            _ => {}
        }
    }

    pub(super) fn finalize(&mut self, node: usize, h: u64, v: Value) {
        assert!(!v.is_nil(), "only a block is finalized");
        assert!(self.nodes[node].up, "a dead process finalizes nothing");
        assert_eq!(h, self.nodes[node].engine().h, "an engine finalizes its own height");
        let at = self.now();
        let first = self.nodes[node].ledger.insert(h, v);
        assert!(first, "a height is finalized once per node");
        self.emit(EventKind::Finalized { validator: node as u32, height: h, value: v });
        if self.spans() {
            self.lanes[node].finalized.push(HeightPoint { at, height: h });
        }
        self.finalized_values.entry(h).or_default().insert(v);
        if self.network_height.last().is_none_or(|p| p.height < h) {
            self.network_height.push(HeightPoint { at, height: h });
        }
        if self.fault_at.is_some_and(|f| f < at) && self.first_final_after_fault.is_none() {
            self.first_final_after_fault = Some(at);
        }
        if let Value::Block(id) = v {
            let txs = self.blocks.get(&id).cloned().unwrap_or_default();
            for tx in txs {
                if let Some(out) = self.tx_out.iter_mut().find(|o| o.tx == tx && o.finalized_at.is_none()) {
                    out.finalized_at = Some(at);
                    out.height = Some(h);
                    self.pending_txs.remove(&tx);
                    self.emit(EventKind::TxFinalized { tx, height: h });
                }
            }
        }
        let e = self.nodes[node].engine_mut();
        let r = e.r;
        self.set_step(node, h, r, Step::Commit);
        let inc = self.nodes[node].inc;
        let d = u64::from(self.cfg.timing.timeout_commit_ms) * US_PER_MS;
        self.q.schedule_in(d, Ev::NewHeight { node, inc, h: h + 1 });
    }

    pub(super) fn new_height(&mut self, node: usize, h: u64) {
        let e = self.nodes[node].engine_mut();
        if e.h >= h {
            return;
        }
        // Heights advance one at a time (a catch-up first moves the engine to the top it learned).
        assert_eq!(h, e.h + 1, "the next height");
        e.h = h;
        e.r = 0;
        e.locked = None;
        e.valid = None;
        e.busy = false;
        self.start_round(node, h, 0, true);
        // Replay what arrived early for this height, in arrival order.
        let later = self.nodes[node].future.split_off(&(h + 1));
        let early = std::mem::replace(&mut self.nodes[node].future, later).remove(&h).unwrap_or_default();
        for m in early {
            if self.nodes[node].engine.as_ref().is_some_and(|e| e.h == h) {
                self.on_message(node, m);
            }
        }
    }

    pub(super) fn catch_up(&mut self, node: usize, upto: Vec<(u64, Value)>) {
        if !self.nodes[node].up || self.nodes[node].engine.is_none() {
            return;
        }
        let mut top = None;
        for (h, v) in upto {
            if self.nodes[node].ledger.insert(h, v) {
                let at = self.now();
                self.emit(EventKind::Finalized { validator: node as u32, height: h, value: v });
                if self.spans() {
                    self.lanes[node].finalized.push(HeightPoint { at, height: h });
                }
                top = Some(h);
            }
        }
        let e = self.nodes[node].engine();
        if let Some(top) = top {
            if top >= e.h {
                self.emit(EventKind::CaughtUp { validator: node as u32, to_height: top });
                // Timeouts of the old height check (h, r, step) and lapse on their own;
                // storage work in flight must not vanish, so the incarnation stays.
                let e = self.nodes[node].engine_mut();
                e.busy = false;
                e.h = top; // new_height moves to top + 1
                self.new_height(node, top + 1);
            }
        }
    }
}
