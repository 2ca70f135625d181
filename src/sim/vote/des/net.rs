//! The network of the story: signed messages (deterministic signatures),
//! sends with their one-way delay and optional seeded jitter, delivery with
//! gossip relaying and catch-up replies to lagging signers, and the evidence
//! pools that detect a validator signing two values for one slot.

use super::{Ev, Sim, A, N};
use crate::core::{fnv1a64, SimTime};
use crate::vote::trace::{Equivocation, EventKind, MessageRecord, MsgKind, Value};

#[derive(Clone, Debug)]
pub(super) struct Msg {
    pub(super) kind: MsgKind,
    pub(super) h: u64,
    pub(super) r: u32,
    pub(super) value: Value,
    pub(super) signer: usize,
    pub(super) sign_bytes: u64,
    pub(super) signature: u64,
}

impl Sim<'_> {
    pub(super) fn msg_id(&mut self, signer: usize, kind: MsgKind, h: u64, r: u32, value: Value) -> usize {
        if let Some(&id) = self.msg_index.get(&(signer, kind, h, r, value)) {
            return id;
        }
        let text = format!("nigo/{kind:?}/{h}/{r}/{}", value.label());
        let sign_bytes = fnv1a64(text.as_bytes());
        let mut sig_input = vec![signer as u8];
        sig_input.extend_from_slice(&sign_bytes.to_le_bytes());
        // Deterministic signatures (Ed25519-like): H(signer, sign_bytes).
        let signature = fnv1a64(&sig_input);
        let id = self.msgs.len();
        self.msgs.push(Msg { kind, h, r, value, signer, sign_bytes, signature });
        self.msg_index.insert((signer, kind, h, r, value), id);
        id
    }

    pub(super) fn net_delay(&mut self, from: usize, to: usize) -> SimTime {
        let base = u64::from(self.cfg.timing.net_one_way_us);
        let j = u64::from(self.cfg.timing.net_jitter_us);
        if j == 0 {
            return base;
        }
        let draw = self.jitter[from * N + to].uniform_inclusive(0, 2 * j);
        (base + draw).saturating_sub(j).max(1)
    }

    pub(super) fn send(&mut self, from: usize, to: usize, msg: usize, relayed: bool) {
        assert_ne!(from, to, "a node does not send to itself");
        let delay = self.net_delay(from, to);
        self.q.schedule_in(delay, Ev::Deliver { to, from, msg });
        let m = self.msgs[msg].clone();
        if self.spans() {
            self.record_message(MessageRecord {
                msg: msg as u32,
                from: from as u32,
                to: to as u32,
                signer: m.signer as u32,
                kind: m.kind,
                height: m.h,
                round: m.r,
                value: m.value,
                relayed,
                sent_at: self.now(),
                received_at: None,
            });
        }
        self.emit(EventKind::MessageSent {
            msg: msg as u32,
            from: from as u32,
            to: to as u32,
            signer: m.signer as u32,
            msg_kind: m.kind,
            height: m.h,
            round: m.r,
            value: m.value,
            relayed,
        });
        if from == A && !relayed && self.nodes[A].sync_busy_until_us > self.now().t_us {
            self.diag.sends_during_blocked_sync += 1;
        }
    }

    /// Records a sent message (at `TraceLevel::Spans` and above) until it is received.
    pub(super) fn record_message(&mut self, record: MessageRecord) {
        let key = (record.msg, record.to, record.from);
        self.unreceived.entry(key).or_default().push(self.messages.len());
        self.messages.push(record);
    }

    pub(super) fn deliver(&mut self, to: usize, from: usize, msg: usize) {
        let now = self.now();
        if self.spans() && self.nodes[to].up {
            // The latest send of this message on this link that has not arrived.
            let key = (msg as u32, to as u32, from as u32);
            if let Some(pending) = self.unreceived.get_mut(&key) {
                let i = pending.pop().expect("an empty list is removed");
                debug_assert!(self.messages[i].received_at.is_none());
                self.messages[i].received_at = Some(now);
                if pending.is_empty() {
                    self.unreceived.remove(&key);
                }
            }
        }
        if !self.nodes[to].up {
            return; // A dead process has no network input.
        }
        let m = self.msgs[msg].clone();
        self.emit(EventKind::MessageReceived {
            msg: msg as u32,
            from: from as u32,
            to: to as u32,
            signer: m.signer as u32,
            msg_kind: m.kind,
            height: m.h,
            round: m.r,
            value: m.value,
        });
        if m.kind != MsgKind::Proposal && m.signer != to {
            self.delivered_votes[m.signer].insert((m.h, m.r, m.kind.step(), m.value));
            self.evidence(to, &m);
        }
        let new = self.nodes[to].known.insert(msg);
        if new && m.signer != to {
            for peer in 0..N {
                if peer != to && peer != from && peer != m.signer {
                    self.send(to, peer, msg, true);
                }
            }
        }
        // A lagging signer gets the heights it missed, once per height.
        if m.signer == from {
            let my_final = self.nodes[to].top_finalized();
            if m.h <= my_final && self.nodes[to].catchup_sent.insert((from, m.h)) {
                let upto = self.nodes[to].ledger.since(m.h);
                let delay = self.net_delay(to, from);
                self.q.schedule_in(delay, Ev::CatchUp { to: from, upto });
            }
        }
        // A duplicate carries nothing new; its own messages a node already knows.
        if !new || m.signer == to || self.nodes[to].engine.is_none() {
            return;
        }
        self.on_message(to, msg);
    }

    pub(super) fn evidence(&mut self, node: usize, m: &Msg) {
        let key = (m.signer, m.h, m.r, m.kind);
        let set = self.nodes[node].evidence.entry(key).or_default();
        if set.contains(&m.value) {
            return;
        }
        // First-seen order, so v1 is the value the detector saw first.
        let previous: Vec<Value> = set.clone();
        set.push(m.value);
        for v1 in previous {
            self.emit(EventKind::DuplicateVoteDetected {
                detector: node as u32,
                signer: m.signer as u32,
                height: m.h,
                round: m.r,
                step: m.kind.step(),
                v1,
                v2: m.value,
            });
            let slot = (m.signer as u32, m.h, m.r, m.kind.step());
            if self.equivocation_slots.insert(slot) {
                let at = self.now();
                self.equivocations.push(Equivocation {
                    validator: m.signer as u32,
                    height: m.h,
                    round: m.r,
                    step: m.kind.step(),
                    v1,
                    v2: m.value,
                    first_detected_by: node as u32,
                    detected_at: at,
                });
            }
        }
    }
}
