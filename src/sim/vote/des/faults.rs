//! Faults and recovery (model.md §4.5–4.7): a crash cuts the stages in
//! flight and applies the store's fault, a restart or a new engine recovers
//! the last signed votes and the lock, amnesia and false memory are checked
//! against what peers saw, and the Byzantine proposer injects its conflict.

use crate::sorted::OrdMap as BTreeMap;

use super::consensus::Engine;
use super::{Ev, Sim, A, D};
use crate::core::US_PER_MS;
use crate::vote::config::{ConflictSource, FaultKind};
use crate::vote::gate::{SafetyGate, StoreError};
use crate::vote::step::{PipelineStep, StepName};
use crate::vote::trace::{
    Amnesia, EventKind, FalseMemory, MessageRecord, MsgKind, ProcessState, Recovery, Step, Value, VoteRef,
};

impl Sim<'_> {
    pub(super) fn crash(&mut self, node: usize, fault: FaultKind, may_restart: bool) {
        if !self.nodes[node].up {
            return;
        }
        let at = self.now();
        if node == A && !self.crashed_once {
            self.crashed_once = true;
            self.crash_at = Some(at);
        }
        self.fault_at.get_or_insert(at);
        if let Some(e) = self.nodes[node].engine.as_ref() {
            self.nodes[node].crash_hr = (e.h, e.r);
        }
        self.emit(EventKind::Crashed { validator: node as u32, fault });
        // Stages in flight are cut by the crash (B1 draws them as broken blocks).
        let old_inc = self.nodes[node].inc;
        let cut: Vec<usize> = (0..self.actions.len())
            .filter(|&i| {
                let a = &self.actions[i];
                a.node == node && a.inc == old_inc && a.idx < a.stages.len() && a.stage_start.t_us <= at.t_us
            })
            .collect();
        for i in cut {
            let stage = self.actions[i].stages[self.actions[i].idx];
            let name = self.stage_name(i, stage);
            self.stage_span(i, name, false);
            self.actions[i].idx = self.actions[i].stages.len();
        }
        let n = &mut self.nodes[node];
        n.up = false;
        n.inc += 1;
        n.engine = None;
        n.known.clear();
        n.future.clear();
        n.catchup_sent.clear();
        n.sync_busy_until_us = 0;
        n.fg_sync_until_us = 0;
        self.close_step(node);
        self.set_process(node, ProcessState::Down);
        self.store_fault(node, fault);
        let fenced = self.nodes[node].gate.is_fenced();
        let blocked = self.nodes[node].blocked_for_good || (node as u32) < self.cfg.blocked_validators;
        if may_restart && !fenced && !blocked {
            if let Some(delay_ms) = self.cfg.restart_delay_ms {
                self.q.schedule_in(u64::from(delay_ms) * US_PER_MS, Ev::Restart { node });
            }
        }
    }

    pub(super) fn restart(&mut self, node: usize) {
        assert!(!self.nodes[node].up, "only a dead process restarts");
        let at = self.now();
        if node == A {
            self.restart_at = Some(at);
        }
        let n = &mut self.nodes[node];
        n.up = true;
        n.inc += 1;
        n.gate = SafetyGate::new();
        self.set_process(node, ProcessState::Up);
        self.emit(EventKind::Restarted { validator: node as u32 });
        let last_signed = self.recover_last_signed(node, false);
        let h = self.nodes[node].top_finalized() + 1;
        let lock = self.recover_lock(node, h, false);
        self.emit(EventKind::Recovered { validator: node as u32, records: last_signed.len() as u32 });
        self.note_recovery(node, &last_signed, lock, false);
        self.check_memory(node, &last_signed);
        let (ch, cr) = self.nodes[node].crash_hr;
        let r = if h == ch { cr } else { 0 };
        self.open_engine(node, h, r, last_signed, lock);
        if node == A {
            self.inject_conflict(A);
        }
        self.schedule_probes(at.t_us);
    }

    /// Amnesia and false memory at a restart or engine re-creation (model.md §4.7).
    pub(super) fn check_memory(&mut self, node: usize, last_signed: &BTreeMap<(u64, u32, Step), usize>) {
        let at = self.now();
        let mut forgotten = Vec::new();
        for &(height, round, step, value) in &self.delivered_votes[node] {
            let covered = last_signed.get(&(height, round, step)).is_some_and(|&m| self.msgs[m].value == value);
            if !covered {
                forgotten.push(VoteRef { height, round, step, value });
            }
        }
        for (&(h, r, step), &m) in last_signed {
            let recovered = self.msgs[m].value;
            let slot = (h, r, step, Value::Nil)..=(h, r, step, Value::Block(u32::MAX));
            if let Some((_, _, _, seen_value)) =
                self.delivered_votes[node].range(slot).find(|(_, _, _, sv)| *sv != recovered)
            {
                self.false_memory.push(FalseMemory {
                    validator: node as u32,
                    at,
                    recovered: VoteRef { height: h, round: r, step, value: recovered },
                    seen: *seen_value,
                });
            }
        }
        if !forgotten.is_empty() {
            self.amnesia.push(Amnesia { validator: node as u32, at, forgotten });
        }
    }

    pub(super) fn open_engine(
        &mut self,
        node: usize,
        h: u64,
        r: u32,
        last_signed: BTreeMap<(u64, u32, Step), usize>,
        lock: Option<(u32, Value)>,
    ) {
        let mut e = Engine::new(h, r);
        e.last_signed = last_signed;
        e.locked = lock;
        e.valid = lock;
        self.nodes[node].engine = Some(e);
        self.start_round(node, h, r, false);
        if self.cfg.rebroadcast_last_signed_on_restart {
            let current: Vec<usize> = self.nodes[node]
                .engine()
                .last_signed
                .iter()
                .filter(|((rh, rr, _), _)| *rh == h && *rr == r)
                .map(|(_, m)| *m)
                .collect();
            for m in current {
                self.resend(node, m);
            }
        }
    }

    pub(super) fn recreate_engine(&mut self, node: usize) {
        if !self.nodes[node].up {
            return;
        }
        if let Err(StoreError::Fenced(_)) = self.nodes[node].gate.open_engine() {
            self.diag.engine_open_refused += 1;
            self.emit(EventKind::EngineOpenRefused { validator: node as u32 });
            return;
        }
        // A new engine object on the same store sees every committed record.
        let last_signed = self.recover_last_signed(node, true);
        self.emit(EventKind::EngineRecreated { validator: node as u32 });
        self.check_memory(node, &last_signed);
        let h = self.nodes[node].top_finalized() + 1;
        let (sh, sr) = (self.cfg.start_height, self.cfg.start_round);
        let r = if h == sh { sr } else { 0 };
        self.nodes[node].inc += 1;
        if node == A {
            let action = self.actions.len().saturating_sub(1);
            self.fg_event(node, action, StepName::of(PipelineStep::NewEngine));
            if !self.nodes[node].up {
                return;
            }
        }
        let lock = self.recover_lock(node, h, true);
        self.note_recovery(node, &last_signed, lock, true);
        self.open_engine(node, h, r, last_signed, lock);
        if node == A {
            self.inject_conflict(A);
        }
    }

    pub(super) fn note_recovery(
        &mut self,
        node: usize,
        last_signed: &BTreeMap<(u64, u32, Step), usize>,
        lock: Option<(u32, Value)>,
        new_engine: bool,
    ) {
        let at = self.now();
        let refs = last_signed
            .iter()
            .map(|(&(height, round, step), &m)| VoteRef { height, round, step, value: self.msgs[m].value })
            .collect();
        let justification = lock
            .and_then(|(lr, lv)| {
                let h = last_signed.keys().map(|(h, _, _)| *h).max()?;
                let msg = *self.msg_index.get(&(node, MsgKind::Precommit, h, lr, lv))?;
                self.justifications.get(&msg).map(|(_, j)| j.clone())
            })
            .unwrap_or_default();
        self.recoveries.push(Recovery {
            validator: node as u32,
            at,
            new_engine,
            last_signed: refs,
            lock_round: lock.map(|(lr, _)| lr),
            lock_value: lock.map(|(_, v)| v),
            justification,
        });
    }

    pub(super) fn inject_conflict(&mut self, to: usize) {
        if self.cfg.conflict_source != ConflictSource::ByzantineY {
            return; // Honest world: the propose timeout will fire on its own.
        }
        let (h, r) = (self.cfg.start_height, self.cfg.start_round);
        // The adversary offers a value other than the one the network already
        // holds from A at this slot: Y, or X if A's seen prevote is Y.
        let seen_y = self.delivered_votes[to].contains(&(h, r, Step::Prevote, Value::Y));
        let value = if seen_y { Value::X } else { Value::Y };
        let msg = self.msg_id(D, MsgKind::Proposal, h, r, value);
        self.emit(EventKind::ConflictInjected { from: D as u32, to: to as u32, value });
        let delay = self.net_delay(D, to);
        self.q.schedule_in(delay, Ev::Deliver { to, from: D, msg });
        if self.spans() {
            self.record_message(MessageRecord {
                msg: msg as u32,
                from: D as u32,
                to: to as u32,
                signer: D as u32,
                kind: MsgKind::Proposal,
                height: h,
                round: r,
                value,
                relayed: false,
                sent_at: self.now(),
                received_at: None,
            });
        }
    }
}
