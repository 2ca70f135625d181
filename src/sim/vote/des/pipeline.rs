//! Validator A's safety pipeline under its variant (model.md §4.4): the
//! stages of each signed action (sign, write, commit, drain, sync, sends,
//! outer transaction), their durations, the foreground events that crash
//! points count, and the failure handling of the F- and I- variants (sync
//! errors, fences, interrupts, naive retries).

use super::store::{true_layer, Rec};
use super::{Ev, Sim, A, N};
use crate::core::{SimTime, Stamp, US_PER_MS};
use crate::vote::config::{InterruptStage, OuterEnd, StoreProfile, Variant};
use crate::vote::gate::StoreError;
use crate::vote::step::{PipelineStep, StepName};
use crate::vote::trace::{
    EventKind, FenceInfo, FenceReason, Layer, MsgKind, ProcessState, RecordTimeline, Step, Value,
};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Stage {
    OuterBegin,
    Sign,
    Write { joined: bool },
    Commit,
    Drain,
    Fsync,
    SyncCall,
    Send(usize),
    OuterEnd,
}

#[derive(Clone, Debug)]
pub(super) struct Action {
    pub(super) node: usize,
    pub(super) inc: u32,
    pub(super) msg: usize,
    pub(super) stages: Vec<Stage>,
    pub(super) idx: usize,
    pub(super) epoch: u32,
    pub(super) foreground: bool,
    /// The first action of A: the one the story's faults target.
    pub(super) story: bool,
    pub(super) rec: Option<usize>,
    pub(super) interrupted: bool,
    pub(super) stage_start: Stamp,
    /// The engine waits for this action (false for background work).
    pub(super) engine_waits: bool,
}

impl Sim<'_> {
    pub(super) fn stages_for(&self, node: usize, peers: &[usize]) -> Vec<Stage> {
        let variant = if node == A { self.cfg.variant } else { Variant::V0 };
        let sends: Vec<Stage> = peers.iter().map(|&p| Stage::Send(p)).collect();
        let mut s = Vec::new();
        match variant {
            Variant::V1 => {
                s.push(Stage::Sign);
                s.extend(sends);
                s.extend([Stage::Write { joined: false }, Stage::Commit, Stage::Drain, Stage::Fsync]);
            }
            Variant::V2 | Variant::V2g => {
                s.extend([Stage::OuterBegin, Stage::Sign, Stage::Write { joined: true }]);
                s.extend(sends);
                s.push(Stage::OuterEnd);
            }
            Variant::V3 => {
                s.extend([Stage::Sign, Stage::Write { joined: false }, Stage::Commit]);
                s.extend(sends);
            }
            Variant::V4 => {
                s.extend([Stage::Sign, Stage::Write { joined: false }, Stage::Commit, Stage::SyncCall]);
                s.extend(sends);
            }
            _ => {
                s.extend([Stage::Sign, Stage::Write { joined: false }, Stage::Commit, Stage::Drain, Stage::Fsync]);
                s.extend(sends);
            }
        }
        s
    }

    /// The name of a stage of `action`: A's stages for a Y vote are the conflicting action's.
    pub(super) fn stage_name(&self, action: usize, stage: Stage) -> StepName {
        let a = &self.actions[action];
        let step = match stage {
            Stage::OuterBegin => PipelineStep::OuterBegin,
            Stage::Sign => PipelineStep::Sign,
            Stage::Write { .. } => PipelineStep::Write,
            Stage::Commit => PipelineStep::Commit,
            Stage::Drain => PipelineStep::Drain,
            Stage::Fsync => PipelineStep::Fsync,
            Stage::SyncCall => PipelineStep::SyncCall,
            Stage::Send(p) => PipelineStep::Send(p),
            Stage::OuterEnd if a.story && self.cfg.outer_end == OuterEnd::Rollback => PipelineStep::OuterRollback,
            Stage::OuterEnd => PipelineStep::OuterCommit,
        };
        StepName { step, conflicting: a.node == A && self.msgs[a.msg].value == Value::Y }
    }

    pub(super) fn stage_duration_us(&self, action: usize, stage: Stage) -> SimTime {
        let t = &self.cfg.timing;
        let a = &self.actions[action];
        u64::from(match stage {
            Stage::OuterBegin => t.outer_begin_us,
            Stage::Sign => t.sign_us,
            Stage::Write { .. } => t.wal_write_us,
            Stage::Commit => t.commit_us,
            Stage::Drain => {
                let stall = if a.story { self.cfg.sync_stall_ms * 1_000 } else { 0 };
                t.drain_us + stall
            }
            Stage::Fsync | Stage::SyncCall => t.fsync_us,
            Stage::Send(_) => t.send_us,
            Stage::OuterEnd => t.outer_end_after_us,
        })
    }

    pub(super) fn is_sync_stage(stage: Stage) -> bool {
        matches!(stage, Stage::Drain | Stage::Fsync | Stage::SyncCall | Stage::Commit)
    }

    /// Starts signing `value` for `kind` at the engine's (h, r), through the
    /// safety check of §4.6 and the node's pipeline.
    pub(super) fn start_vote(&mut self, node: usize, kind: MsgKind, value: Value) {
        let (h, r) = {
            let e = self.nodes[node].engine();
            // Every caller waits for the engine's pipeline to be idle before it votes.
            assert!(!e.busy, "one vote at a time");
            (e.h, e.r)
        };
        self.set_step(node, h, r, kind.step());
        let key = (h, r, kind.step());
        let recorded = self.nodes[node].engine().last_signed.get(&key).copied();
        if let Some(prev) = recorded {
            let prev_value = self.msgs[prev].value;
            if prev_value == value {
                self.resend(node, prev);
            } else {
                self.diag.safety_refusals += 1;
                self.emit(EventKind::SafetyRefused {
                    validator: node as u32,
                    height: h,
                    round: r,
                    step: kind.step(),
                    wanted: value,
                    recorded: prev_value,
                });
            }
            self.after_engine_input(node);
            return;
        }
        let msg = self.msg_id(node, kind, h, r, value);
        self.nodes[node].engine_mut().last_signed.insert(key, msg);
        let peers: Vec<usize> = (0..N).filter(|&p| p != node).collect();
        let stages = self.stages_for(node, &peers);
        let story = node == A && !self.story_action_started;
        if story {
            self.story_action_started = true;
        }
        let inc = self.nodes[node].inc;
        let id = self.actions.len();
        self.actions.push(Action {
            node,
            inc,
            msg,
            stages,
            idx: 0,
            epoch: 0,
            foreground: true,
            story,
            rec: None,
            interrupted: false,
            stage_start: self.now(),
            engine_waits: true,
        });
        self.nodes[node].engine_mut().busy = true;
        self.begin_stage(id);
    }

    /// Re-sends a stored signed message (same bytes, same signature) to every peer.
    pub(super) fn resend(&mut self, node: usize, msg: usize) {
        let m = self.msgs[msg].clone();
        self.emit(EventKind::Rebroadcast {
            validator: node as u32,
            height: m.h,
            round: m.r,
            step: m.kind.step(),
            value: m.value,
            sign_bytes: m.sign_bytes,
            signature: m.signature,
        });
        let inc = self.nodes[node].inc;
        let id = self.actions.len();
        self.actions.push(Action {
            node,
            inc,
            msg,
            stages: (0..N).filter(|&p| p != node).map(Stage::Send).collect(),
            idx: 0,
            epoch: 0,
            foreground: true,
            story: false,
            rec: None,
            interrupted: false,
            stage_start: self.now(),
            engine_waits: false,
        });
        self.begin_stage(id);
    }

    pub(super) fn begin_stage(&mut self, action: usize) {
        let a = &self.actions[action];
        if a.idx >= a.stages.len() {
            self.finish_action(action, true);
            return;
        }
        let stage = a.stages[a.idx];
        let (node, inc, epoch, story, foreground) = (a.node, a.inc, a.epoch, a.story, a.foreground);
        let dur = self.stage_duration_us(action, stage);
        self.actions[action].stage_start = self.now();
        let now_us = self.q.now_us();
        if Self::is_sync_stage(stage) {
            let n = &mut self.nodes[node];
            n.sync_busy_until_us = n.sync_busy_until_us.max(now_us + dur);
            if foreground && stage != Stage::Commit {
                n.fg_sync_until_us = n.fg_sync_until_us.max(now_us + dur);
            }
        }
        self.q.schedule_in(dur, Ev::StageDone { node, inc, action, epoch });
        if story && foreground && self.cfg.variant.is_interrupt_variant() && !self.actions[action].interrupted {
            let target = match self.cfg.effective_interrupt_stage() {
                InterruptStage::Commit => Stage::Commit,
                InterruptStage::Drain => Stage::Drain,
                InterruptStage::Fsync => Stage::Fsync,
            };
            if stage == target {
                let offset = u64::from(self.cfg.interrupt_offset_us).min(dur.saturating_sub(1));
                self.q.schedule_in(offset, Ev::Interrupt { node, inc, action, epoch });
            }
        }
    }

    /// A foreground event of A completed: count it and maybe crash right here.
    pub(super) fn fg_event(&mut self, node: usize, action: usize, name: StepName) {
        self.nodes[node].fg_events += 1;
        let index = self.nodes[node].fg_events;
        let name = name.to_string();
        self.emit(EventKind::PipelineEvent {
            validator: node as u32,
            action: action as u32,
            name: name.clone(),
            index,
        });
        if node != A || self.crashed_once {
            return;
        }
        let by_index = self.cfg.crash_after_events == Some(index);
        let by_name = self.cfg.crash_after_event_name.as_deref() == Some(name.as_str());
        if by_index || by_name {
            self.crash_after_events = Some(index);
            self.crash_after_name = Some(name);
            self.crash(A, self.cfg.fault, true);
        }
    }

    pub(super) fn stage_done(&mut self, action: usize) {
        let a = self.actions[action].clone();
        let stage = a.stages[a.idx];
        let node = a.node;
        let name = self.stage_name(action, stage);
        let cfg = self.cfg;
        // The story's sync error (F- variants): the FSYNC raises after COMMIT.
        if a.story && a.foreground && stage == Stage::Fsync && cfg.variant.is_sync_error_variant() {
            self.sync_error(action);
            return;
        }
        match stage {
            Stage::OuterBegin | Stage::Sign => {}
            Stage::Write { joined } => {
                let refuse_join = node == A && cfg.variant == Variant::V2g;
                match self.nodes[node].gate.write(joined, refuse_join) {
                    Err(StoreError::JoinRefused) => {
                        self.stage_span(action, StepName::of(PipelineStep::WriteRefused), false);
                        self.actions[action].idx = self.actions[action].stages.len();
                        self.emit(EventKind::JoinRefused { validator: node as u32 });
                        self.fg_event(node, action, StepName::of(PipelineStep::WriteRefused));
                        if self.actions[action].inc == self.nodes[node].inc && self.nodes[node].up {
                            self.finish_action(action, false);
                        }
                        return;
                    }
                    Err(StoreError::Fenced(_)) => {
                        self.diag.store_access_refused += 1;
                        self.emit(EventKind::StoreAccessRefused { validator: node as u32 });
                        self.finish_action(action, false);
                        return;
                    }
                    Ok(()) => {}
                }
                let timeline = self.records.len();
                let m = self.msgs[a.msg].clone();
                let just = self.justifications.get(&a.msg).cloned();
                let lock = just.as_ref().map(|(lr, _)| (*lr, m.value));
                self.records.push(RecordTimeline {
                    validator: node as u32,
                    record: timeline as u32,
                    height: m.h,
                    round: m.r,
                    step: m.kind.step(),
                    value: m.value,
                    sign_bytes: m.sign_bytes,
                    signature: m.signature,
                    lock_round: just.as_ref().map(|(lr, _)| *lr),
                    justification: just.map(|(_, j)| j).unwrap_or_default(),
                    uncertain_from: None,
                    layers: Vec::new(),
                });
                let s = &mut self.nodes[node].store;
                let seq = s.next_seq;
                s.next_seq += 1;
                let after_poison = s.poisoned;
                let rec = s.push(Rec {
                    timeline,
                    seq,
                    commit_order: 0,
                    msg: a.msg,
                    layer: Layer::Tx,
                    visible: false,
                    pinned: false,
                    tx: action,
                    disk_at_us: 0,
                    lock,
                    after_poison,
                });
                self.actions[action].rec = Some(rec);
                self.layer_changed(node, rec);
            }
            Stage::Commit => {
                if let Some(rec) = self.rec_of(action) {
                    self.store_commit(node, rec);
                }
            }
            Stage::Drain => {
                if cfg.profile == StoreProfile::H2Like {
                    self.store_drain(node);
                }
            }
            Stage::Fsync => {
                if cfg.profile == StoreProfile::H2Like {
                    // The same connection waits for the store queue before the file sync.
                    self.store_drain(node);
                }
                self.store_fsync(node);
            }
            Stage::SyncCall => self.store_fsync(node),
            Stage::Send(p) => {
                self.check_durability(node, action);
                self.send(node, p, a.msg, false);
                // The engine counts its own vote once it is public.
                let m = self.msgs[a.msg].clone();
                if m.kind != MsgKind::Proposal {
                    if let Some(e) = self.nodes[node].engine.as_mut() {
                        e.votes.entry((m.h, m.r, m.kind)).or_default().insert(node, m.value);
                    }
                }
            }
            Stage::OuterEnd => {
                let rollback = a.story && cfg.outer_end == OuterEnd::Rollback;
                if let Some(rec) = self.rec_of(action) {
                    if rollback {
                        self.nodes[node].store.update(rec, |r| r.layer = Layer::Lost);
                        self.layer_changed(node, rec);
                    } else {
                        self.store_commit(node, rec);
                    }
                }
                self.emit(EventKind::OuterTxEnded { validator: node as u32, committed: !rollback });
            }
        }
        self.stage_span(action, name, true);
        // The stage is done before anyone hears of it, so a crash right here cuts nothing.
        self.actions[action].idx += 1;
        if a.foreground {
            self.fg_event(node, action, name);
        } else {
            let name = name.to_string();
            self.emit(EventKind::BackgroundStep { validator: node as u32, action: action as u32, name });
        }
        // The crash may have just happened inside fg_event.
        if self.actions[action].inc != self.nodes[node].inc || !self.nodes[node].up {
            return;
        }
        if self.actions[action].interrupted && cfg.variant == Variant::IWaitThenFence && a.foreground {
            // Real completion reached: restore the flag, report failure, fence.
            self.fence(node, action, FenceReason::Interrupted);
            return;
        }
        self.begin_stage(action);
    }

    pub(super) fn sync_error(&mut self, action: usize) {
        let node = self.actions[action].node;
        let truth = self.cfg.sync_error_true_state;
        if self.cfg.profile == StoreProfile::H2Like {
            self.store_drain(node);
        }
        if let Some(rec) = self.rec_of(action) {
            let (at, now_us) = (self.q.now(), self.q.now_us());
            let timeline = self.nodes[node].store.recs[rec].timeline;
            self.records[timeline].uncertain_from = Some(at);
            self.nodes[node].store.update(rec, |r| {
                r.pinned = true;
                r.layer = true_layer(truth);
                r.disk_at_us = now_us;
            });
            self.layer_changed(node, rec);
        }
        self.nodes[node].store.poisoned = true;
        self.stage_span(action, StepName::of(PipelineStep::FsyncError), false);
        self.actions[action].idx = self.actions[action].stages.len();
        self.emit(EventKind::SyncErrorRaised { validator: node as u32 });
        self.fg_event(node, action, StepName::of(PipelineStep::FsyncError));
        if !self.nodes[node].up || self.actions[action].inc != self.nodes[node].inc {
            return;
        }
        match self.cfg.variant {
            Variant::FFence => self.fence(node, action, FenceReason::SyncError),
            Variant::FNaiveRetry => {
                self.finish_action(action, false);
            }
            _ => {
                // F-engine-fence-only: only this engine object stops; the store stays open.
                self.actions[action].engine_waits = false;
                self.nodes[node].engine = None;
                self.nodes[node].inc += 1;
                self.close_step(node);
                let inc = self.nodes[node].inc;
                let delay = u64::from(self.cfg.recreate_engine_after_ms) * US_PER_MS;
                self.q.schedule_in(delay, Ev::RecreateEngine { node, inc });
            }
        }
    }

    pub(super) fn fence(&mut self, node: usize, action: usize, reason: FenceReason) {
        self.nodes[node].gate.fence(reason);
        let at = self.now();
        self.fenced[node] = Some(FenceInfo { reason, since: at });
        self.fault_at.get_or_insert(at);
        self.emit(EventKind::Fenced { validator: node as u32, reason });
        self.stage_span(action, StepName::of(PipelineStep::Fenced), false);
        self.fg_event(node, action, StepName::of(PipelineStep::Fenced));
        if !self.nodes[node].up {
            return;
        }
        // The node stays up (relays gossip, answers status) but its engine stops signing.
        self.nodes[node].engine = None;
        self.nodes[node].inc += 1;
        self.close_step(node);
        self.set_process(node, ProcessState::Fenced);
        let inc = self.nodes[node].inc;
        let delay = u64::from(self.cfg.recreate_engine_after_ms) * US_PER_MS;
        self.q.schedule_in(delay, Ev::RecreateEngine { node, inc });
    }

    pub(super) fn interrupt(&mut self, action: usize) {
        let a = self.actions[action].clone();
        let node = a.node;
        let stage = a.stages[a.idx];
        let pending = match stage {
            Stage::Commit => InterruptStage::Commit,
            Stage::Drain => InterruptStage::Drain,
            _ => InterruptStage::Fsync,
        };
        self.actions[action].interrupted = true;
        let stage = PipelineStep::of_stage(pending).code().to_string();
        self.emit(EventKind::InterruptDelivered { validator: node as u32, stage });
        self.fg_event(node, action, StepName::of(PipelineStep::InterruptAt(pending)));
        if !self.nodes[node].up || self.actions[action].inc != self.nodes[node].inc {
            return;
        }
        match self.cfg.variant {
            Variant::IWaitThenFence => {} // Keep the connection until the real completion.
            Variant::IAsSuccess => {
                // Success at once: the sends go now, the storage steps continue behind.
                let first_send = a.stages.iter().position(|s| matches!(s, Stage::Send(_))).unwrap_or(a.stages.len());
                let sends: Vec<Stage> = a.stages[first_send..].to_vec();
                self.actions[action].stages.truncate(first_send);
                self.actions[action].foreground = false;
                self.actions[action].engine_waits = false;
                let id = self.actions.len();
                self.actions.push(Action {
                    stages: sends,
                    idx: 0,
                    epoch: 0,
                    foreground: true,
                    story: false,
                    interrupted: false,
                    stage_start: self.now(),
                    engine_waits: true,
                    ..a.clone()
                });
                self.begin_stage(id);
            }
            _ => {
                // I-abort-release: failure at once, connection back to the pool while
                // its work is still pending; that work completes later.
                self.diag.conn_returned_while_pending += 1;
                self.emit(EventKind::ConnReturnedWhilePending { validator: node as u32 });
                let first_send = a.stages.iter().position(|s| matches!(s, Stage::Send(_))).unwrap_or(a.stages.len());
                self.actions[action].stages.truncate(first_send);
                self.actions[action].foreground = false;
                self.actions[action].engine_waits = false;
                self.actions[action].epoch += 1;
                let (inc, epoch) = (self.actions[action].inc, self.actions[action].epoch);
                self.q.schedule_in(
                    u64::from(self.cfg.abandoned_work_delay_us),
                    Ev::StageDone { node, inc, action, epoch },
                );
                self.engine_failed(node, action);
            }
        }
    }

    /// The engine's view of a failed action under the "carry on" variants.
    pub(super) fn engine_failed(&mut self, node: usize, action: usize) {
        let msg = self.actions[action].msg;
        let m = self.msgs[msg].clone();
        if let Some(e) = self.nodes[node].engine.as_mut() {
            e.busy = false;
            // "Nothing was written": forget the signature and wait in Propose again.
            e.last_signed.remove(&(m.h, m.r, m.kind.step()));
        }
        if let Some(e) = self.nodes[node].engine.as_ref() {
            let (h, r) = (e.h, e.r);
            // A height finalized while the vote was in flight stays finalized:
            // going back to Propose would count its precommits a second time.
            if m.kind == MsgKind::Prevote && e.step != Step::Commit {
                self.set_step(node, h, r, Step::Propose);
            }
        }
        if node == A && matches!(self.cfg.variant, Variant::FNaiveRetry | Variant::IAbortRelease) {
            self.inject_conflict(A);
        }
    }

    pub(super) fn finish_action(&mut self, action: usize, ok: bool) {
        let a = self.actions[action].clone();
        let node = a.node;
        if !a.engine_waits || a.inc != self.nodes[node].inc || !self.nodes[node].up {
            return;
        }
        self.actions[action].engine_waits = false;
        if !ok && node == A && matches!(self.cfg.variant, Variant::FNaiveRetry) {
            self.engine_failed(node, action);
            return;
        }
        if let Some(e) = self.nodes[node].engine.as_mut() {
            e.busy = false;
        }
        self.after_engine_input(node);
    }
}
