//! The time-based discrete-event run of Scenario B (model.md §4.9): four
//! validators with the simplified Tendermint-like rounds of §4.3, validator
//! A's safety pipeline under the chosen variant (§4.4), the store's layers
//! with a background writer and OS writeback (§4.2), the faults of §4.5,
//! recovery (§4.6) and the outcomes of §4.7.
//!
//! Modelling choices (all [PROP], documented here so the figures can say so):
//! - Only votes (prevotes, precommits) go through the safety pipeline; a
//!   proposal is signed and broadcast at once. B, C and D always run V0.
//! - A's foreground pipeline events carry exactly the names of the crash-point
//!   chain (`crashpoints`), so "crash after the k-th event" is a matrix cut.
//! - A restarted node resumes the round it held at its crash (standing in for
//!   the round-step status peers gossip). Peers that see a message from a
//!   lagging signer reply once with their finalized heights (a catch-up).
//! - A fenced node stops its engine but stays up: it relays gossip and
//!   answers status. It is never restarted automatically (model.md §4.6);
//!   `operator_restart_fenced_at_ms` is the explicit `RestartWithRecovery`.
//! - The Byzantine conflict source offers Y, or X when the network already
//!   holds A's prevote for Y (naive retry), so it always conflicts.
//! - Messages of a height a node has not reached are kept and replayed when it
//!   gets there; duplicates are ignored.
//! - Under V2g every store call of A is refused, so A never votes (the figure's
//!   point: the guard forces the call out of the outer transaction).
//! - The story's background writer ticks every second, so at a crash a few
//!   milliseconds into the run no background progress has happened: the story
//!   shows the matrix cell's worst sub-cut (except I-abort-release under
//!   LastStateRow, whose danger needs the abandoned commit to land first).
//!
//! Must not depend on the browser, the CLI or the OS clock. The only
//! randomness is the optional network jitter, drawn from seeded streams.
//!
//! This file holds the run itself (the state, the event loop, the lanes the
//! figures draw, the trace it returns); each job of the model is a file:
//! `net` (messages, gossip, evidence), `store` (the safety store's layers
//! and recovery), `pipeline` (A's stages and failure handling), `faults`
//! (crash, restart, memory checks, the Byzantine conflict), `consensus`
//! (rounds, finalization, catch-up) and `probes` (the status probe). All of
//! them are `impl Sim` blocks over the one state below.

mod consensus;
mod faults;
mod net;
mod pipeline;
mod probes;
mod store;

use crate::sorted::{OrdMap as BTreeMap, OrdSet as BTreeSet};

use consensus::{Engine, Ledger};
use net::Msg;
use pipeline::Action;
use store::Store;

use super::config::{FaultKind, StoreProfile, VoteConfig};
use super::gate::SafetyGate;
use super::step::{PipelineStep, StepName};
use super::trace::*;
use crate::core::{EventQueue, RngStream, SimTime, Stamp, US_PER_MS};

const N: usize = 4;
const F: usize = 1;
const Q: usize = 2 * F + 1;
const A: usize = 0;
/// The Byzantine proposer of the story (the proposer of (10, 1)).
const D: usize = 3;

#[derive(Clone, Debug)]
enum Ev {
    StageDone { node: usize, inc: u32, action: usize, epoch: u32 },
    Interrupt { node: usize, inc: u32, action: usize, epoch: u32 },
    Deliver { to: usize, from: usize, msg: usize },
    CatchUp { to: usize, upto: Vec<(u64, Value)> },
    ProposalReady { node: usize, inc: u32, msg: usize },
    TimeoutPropose { node: usize, inc: u32, h: u64, r: u32 },
    TimeoutPrevote { node: usize, inc: u32, h: u64, r: u32 },
    TimeoutPrecommit { node: usize, inc: u32, h: u64, r: u32 },
    NewHeight { node: usize, inc: u32, h: u64 },
    Crash { node: usize, fault: FaultKind, restart: bool },
    Restart { node: usize },
    OperatorRestart { node: usize },
    RecreateEngine { node: usize, inc: u32 },
    BgWriterTick,
    OsWriteback { node: usize, inc: u32, rec: usize },
    SubmitTxs,
    Probe,
    ProbeAnswer { asked: Stamp },
    Block { node: usize },
}

struct Node {
    up: bool,
    inc: u32,
    gate: SafetyGate,
    engine: Option<Engine>,
    store: Store,
    ledger: Ledger,
    evidence: BTreeMap<(usize, u64, u32, MsgKind), Vec<Value>>,
    known: BTreeSet<usize>,
    /// Messages of heights this node has not reached yet, replayed when it gets there.
    future: BTreeMap<u64, Vec<usize>>,
    catchup_sent: BTreeSet<(usize, u64)>,
    /// Foreground or background sync work of this node in progress, until this time.
    sync_busy_until_us: SimTime,
    fg_sync_until_us: SimTime,
    fg_events: u32,
    /// The round held at the last crash (resumed on restart).
    crash_hr: (u64, u32),
    blocked_for_good: bool,
}

impl Node {
    /// The engine of a node the caller knows is running one. Only a live
    /// incarnation reaches the consensus and pipeline code, and a crash or a
    /// fence takes the engine away together with the incarnation (`inc`), so
    /// the events that arrive after that are dropped before they get here.
    fn engine(&self) -> &Engine {
        self.engine.as_ref().expect("a live incarnation has an engine")
    }

    fn engine_mut(&mut self) -> &mut Engine {
        self.engine.as_mut().expect("a live incarnation has an engine")
    }

    /// The highest height this node has finalized (0 before any).
    fn top_finalized(&self) -> u64 {
        self.ledger.top()
    }
}

struct Sim<'a> {
    cfg: &'a VoteConfig,
    level: TraceLevel,
    q: EventQueue<Ev>,
    nodes: Vec<Node>,
    msgs: Vec<Msg>,
    /// A B-tree: it grows with every message of a long run.
    msg_index: std::collections::BTreeMap<(usize, MsgKind, u64, u32, Value), usize>,
    /// For a precommit message: the lock round and the polka's signers.
    justifications: BTreeMap<usize, (u32, Vec<u32>)>,
    actions: Vec<Action>,
    jitter: Vec<RngStream>,
    blocks: BTreeMap<u32, Vec<u32>>,
    next_block: u32,
    pending_txs: BTreeSet<u32>,
    tx_out: Vec<TxOutcome>,
    next_tx_id: usize,
    story_action_started: bool,
    crashed_once: bool,
    end_us: SimTime,
    /// Set when the run stopped at its work cap.
    capped: Option<WorkCapped>,
    // Outputs.
    events: Vec<TraceEvent>,
    lanes: Vec<Lane>,
    step_open: Vec<Option<(u64, u32, Step, Stamp)>>,
    proc_open: Vec<(ProcessState, Stamp)>,
    records: Vec<RecordTimeline>,
    messages: Vec<MessageRecord>,
    /// Indexes of `messages` not yet received, per (msg, to, from), oldest first.
    unreceived: BTreeMap<(u32, u32, u32), Vec<usize>>,
    probes: Vec<ProbeRecord>,
    equivocations: Vec<Equivocation>,
    /// (validator, height, round, step) of every entry of `equivocations`.
    equivocation_slots: BTreeSet<(u32, u64, u32, Step)>,
    amnesia: Vec<Amnesia>,
    false_memory: Vec<FalseMemory>,
    recoveries: Vec<Recovery>,
    fenced: Vec<Option<FenceInfo>>,
    diag: Diagnostics,
    network_height: Vec<HeightPoint>,
    finalized_values: BTreeMap<u64, BTreeSet<Value>>,
    fault_at: Option<Stamp>,
    first_final_after_fault: Option<Stamp>,
    crash_at: Option<Stamp>,
    restart_at: Option<Stamp>,
    crash_after_events: Option<u32>,
    crash_after_name: Option<String>,
    /// Votes of each validator delivered to at least one peer.
    delivered_votes: Vec<BTreeSet<(u64, u32, Step, Value)>>,
}

impl<'a> Sim<'a> {
    fn new(cfg: &'a VoteConfig, level: TraceLevel) -> Self {
        let nodes = (0..N)
            .map(|_| Node {
                up: true,
                inc: 0,
                gate: SafetyGate::new(),
                engine: None,
                store: Store::new(),
                ledger: Ledger::new(cfg.start_height),
                evidence: BTreeMap::new(),
                known: BTreeSet::new(),
                future: BTreeMap::new(),
                catchup_sent: BTreeSet::new(),
                sync_busy_until_us: 0,
                fg_sync_until_us: 0,
                fg_events: 0,
                crash_hr: (cfg.start_height, cfg.start_round),
                blocked_for_good: false,
            })
            .collect();
        let jitter = (0..N * N).map(|link| RngStream::derive(cfg.seed, 0, "net_jitter", link as u64)).collect();
        Sim {
            cfg,
            level,
            q: EventQueue::new(),
            nodes,
            msgs: Vec::new(),
            msg_index: std::collections::BTreeMap::new(),
            justifications: BTreeMap::new(),
            actions: Vec::new(),
            jitter,
            blocks: BTreeMap::new(),
            next_block: 3,
            pending_txs: BTreeSet::new(),
            tx_out: Vec::new(),
            next_tx_id: 1,
            story_action_started: false,
            crashed_once: false,
            end_us: 0,
            capped: None,
            events: Vec::new(),
            lanes: (0..N)
                .map(|v| Lane { validator: v as u32, name: VALIDATOR_NAMES[v].to_string(), ..Lane::default() })
                .collect(),
            step_open: vec![None; N],
            proc_open: vec![(ProcessState::Up, Stamp::ZERO); N],
            records: Vec::new(),
            messages: Vec::new(),
            unreceived: BTreeMap::new(),
            probes: Vec::new(),
            equivocations: Vec::new(),
            equivocation_slots: BTreeSet::new(),
            amnesia: Vec::new(),
            false_memory: Vec::new(),
            recoveries: Vec::new(),
            fenced: vec![None; N],
            diag: Diagnostics::default(),
            network_height: Vec::new(),
            finalized_values: BTreeMap::new(),
            fault_at: None,
            first_final_after_fault: None,
            crash_at: None,
            restart_at: None,
            crash_after_events: None,
            crash_after_name: None,
            delivered_votes: vec![BTreeSet::new(); N],
        }
    }

    fn now(&self) -> Stamp {
        self.q.now()
    }

    fn emit(&mut self, kind: EventKind) {
        if self.level == TraceLevel::Full {
            let at = self.now();
            self.events.push(TraceEvent { at, kind });
        }
    }

    fn spans(&self) -> bool {
        self.level >= TraceLevel::Spans
    }

    // ----- lanes ----------------------------------------------------------

    fn set_step(&mut self, node: usize, h: u64, r: u32, step: Step) {
        let now = self.now();
        if let Some(e) = self.nodes[node].engine.as_mut() {
            e.h = h;
            e.r = r;
            e.step = step;
        }
        if let Some((oh, or, os, start)) = self.step_open[node].take() {
            if self.spans() && start < now {
                self.lanes[node].steps.push(StepSpan { height: oh, round: or, step: os, start, end: now });
            }
        }
        self.step_open[node] = Some((h, r, step, now));
        self.emit(EventKind::StepEntered { validator: node as u32, height: h, round: r, step });
    }

    fn close_step(&mut self, node: usize) {
        let now = self.now();
        if let Some((h, r, step, start)) = self.step_open[node].take() {
            if self.spans() {
                self.lanes[node].steps.push(StepSpan { height: h, round: r, step, start, end: now });
            }
        }
    }

    fn set_process(&mut self, node: usize, state: ProcessState) {
        let now = self.now();
        let (old, start) = self.proc_open[node];
        if old == state {
            return;
        }
        if self.spans() {
            self.lanes[node].process.push(ProcessSpan { state: old, start, end: now });
        }
        self.proc_open[node] = (state, now);
    }

    fn stage_span(&mut self, action: usize, name: StepName, ok: bool) {
        if !self.spans() {
            return;
        }
        let a = &self.actions[action];
        let span = StageSpan {
            action: action as u32,
            stage: name.to_string(),
            start: a.stage_start,
            end: self.q.now(),
            foreground: a.foreground,
            ok,
        };
        let node = a.node;
        self.lanes[node].stages.push(span);
    }

    // ----- main loop ------------------------------------------------------

    fn live(&self, node: usize, inc: u32) -> bool {
        self.nodes[node].up && self.nodes[node].inc == inc
    }

    fn run(&mut self, max_events: u64) {
        let cfg = self.cfg;
        // Quorum arithmetic of model.md §4.3: n = 3f + 1, q = 2f + 1.
        const { assert!(N == 3 * F + 1 && Q == 2 * F + 1) };
        let (h, r) = (cfg.start_height, cfg.start_round);
        for node in 0..N {
            self.nodes[node].engine = Some(Engine::new(h, r));
        }
        if cfg.crash_after_events == Some(0) {
            self.crash_after_events = Some(0);
            self.crash_after_name = Some(StepName::of(PipelineStep::Start).to_string());
            self.crash(A, cfg.fault, true);
        }
        for node in 0..N {
            if self.nodes[node].engine.is_some() {
                self.start_round(node, h, r, true);
            }
        }
        if let Some(ms) = cfg.operator_restart_fenced_at_ms {
            self.q.schedule_at(u64::from(ms) * US_PER_MS, Ev::OperatorRestart { node: A });
        }
        if let Some(ms) = cfg.crash_at_ms {
            self.q.schedule_at(u64::from(ms) * US_PER_MS, Ev::Crash { node: A, fault: cfg.fault, restart: true });
        }
        for node in 0..(cfg.blocked_validators as usize).min(N) {
            self.nodes[node].blocked_for_good = true;
            self.q.schedule_at(u64::from(cfg.blocked_at_ms) * US_PER_MS, Ev::Block { node });
        }
        let period = u64::from(cfg.timing.bg_write_period_ms) * US_PER_MS;
        if period > 0 {
            self.q.schedule_at(period, Ev::BgWriterTick);
        }
        self.q.schedule_at(u64::from(cfg.txs_submit_at_ms) * US_PER_MS, Ev::SubmitTxs);
        self.schedule_probes(0);
        let horizon_us = u64::from(cfg.horizon_ms) * US_PER_MS;
        let mut stop_us = horizon_us;
        while let Some(t) = self.q.peek_time() {
            if t > stop_us {
                break;
            }
            if self.q.events_processed() >= max_events {
                self.capped = Some(WorkCapped { max_events, at_us: self.end_us, horizon_us });
                break;
            }
            let (_, ev) = self.q.pop().expect("peeked");
            self.end_us = t;
            self.handle(ev);
            if stop_us == horizon_us && self.tx_out.len() == 2 && self.tx_out.iter().all(|o| o.finalized_at.is_some()) {
                // The story ends one second after both transactions are final.
                stop_us = (self.q.now_us() + US_PER_MS * 1_000).min(horizon_us);
            }
        }
        let now = Stamp { t_us: self.end_us, seq: u64::MAX };
        for node in 0..N {
            if let Some((h, r, step, start)) = self.step_open[node].take() {
                if self.spans() {
                    self.lanes[node].steps.push(StepSpan { height: h, round: r, step, start, end: now });
                }
            }
            let (state, start) = self.proc_open[node];
            if self.spans() {
                self.lanes[node].process.push(ProcessSpan { state, start, end: now });
            }
        }
    }

    fn handle(&mut self, ev: Ev) {
        match ev {
            Ev::StageDone { node, inc, action, epoch } => {
                let a = &self.actions[action];
                // Background storage work outlives an engine (not the process); foreground
                // work dies with its engine incarnation. A crash cuts every stage in
                // flight (`idx` jumps to the end), including abandoned background work
                // whose completion is still queued: a restart in the same microsecond
                // must not revive it.
                let current = a.inc == inc && a.epoch == epoch && a.idx < a.stages.len();
                if self.nodes[node].up && current && (self.nodes[node].inc == inc || !a.foreground) {
                    self.stage_done(action);
                }
            }
            Ev::Interrupt { node, inc, action, epoch } => {
                if self.live(node, inc) && self.actions[action].epoch == epoch && self.actions[action].foreground {
                    self.interrupt(action);
                }
            }
            Ev::Deliver { to, from, msg } => self.deliver(to, from, msg),
            Ev::CatchUp { to, upto } => self.catch_up(to, upto),
            Ev::ProposalReady { node, inc, msg } => {
                if self.live(node, inc) {
                    for p in 0..N {
                        if p != node {
                            self.send(node, p, msg, false);
                        }
                    }
                    self.nodes[node].known.insert(msg);
                    self.on_message(node, msg);
                }
            }
            Ev::TimeoutPropose { node, inc, h, r } => {
                if self.live(node, inc) {
                    let e = self.nodes[node].engine();
                    if (e.h, e.r, e.step) == (h, r, Step::Propose) && !e.busy {
                        self.emit(EventKind::TimeoutFired {
                            validator: node as u32,
                            step: Step::Propose,
                            height: h,
                            round: r,
                        });
                        self.start_vote(node, MsgKind::Prevote, Value::Nil);
                    }
                }
            }
            Ev::TimeoutPrevote { node, inc, h, r } => {
                if self.live(node, inc) {
                    let e = self.nodes[node].engine();
                    if (e.h, e.r, e.step) == (h, r, Step::Prevote) && !e.busy {
                        self.emit(EventKind::TimeoutFired {
                            validator: node as u32,
                            step: Step::Prevote,
                            height: h,
                            round: r,
                        });
                        self.start_vote(node, MsgKind::Precommit, Value::Nil);
                    }
                }
            }
            Ev::TimeoutPrecommit { node, inc, h, r } => {
                if self.live(node, inc) {
                    let e = self.nodes[node].engine();
                    if (e.h, e.r) == (h, r) && e.step != Step::Commit && !e.busy {
                        self.emit(EventKind::TimeoutFired {
                            validator: node as u32,
                            step: Step::Precommit,
                            height: h,
                            round: r,
                        });
                        self.start_round(node, h, r + 1, true);
                    }
                }
            }
            Ev::NewHeight { node, inc, h } => {
                if self.live(node, inc) {
                    self.new_height(node, h);
                }
            }
            Ev::Crash { node, fault, restart } => {
                if node == A && !self.crashed_once {
                    self.crash_after_events = Some(self.nodes[A].fg_events);
                    self.crash_after_name = None;
                }
                self.crash(node, fault, restart);
            }
            Ev::Block { node } => {
                self.nodes[node].blocked_for_good = true;
                if self.nodes[node].up && !self.nodes[node].gate.is_fenced() {
                    self.crash(node, FaultKind::Kill, false);
                }
            }
            Ev::OperatorRestart { node } => {
                // model.md §4.6: leaving a fence takes an explicit restart with recovery.
                if self.nodes[node].up && self.nodes[node].gate.is_fenced() {
                    self.crash(node, FaultKind::Kill, false);
                    self.restart(node);
                }
            }
            Ev::Restart { node } => {
                if !self.nodes[node].up && !self.nodes[node].blocked_for_good {
                    self.restart(node);
                }
            }
            Ev::RecreateEngine { node, inc } => {
                if self.live(node, inc) {
                    self.recreate_engine(node);
                }
            }
            Ev::BgWriterTick => {
                if self.cfg.profile == StoreProfile::H2Like {
                    for node in 0..N {
                        if self.nodes[node].up {
                            self.store_drain(node);
                        }
                    }
                }
                let period = u64::from(self.cfg.timing.bg_write_period_ms) * US_PER_MS;
                self.q.schedule_in(period, Ev::BgWriterTick);
            }
            Ev::OsWriteback { node, inc, rec } => {
                let now_us = self.q.now_us();
                // The OS page cache survives a process kill, so writeback is tied to the machine, not the process.
                let _ = inc;
                let store = &mut self.nodes[node].store;
                if store.recs.get(rec).is_some_and(|r| !r.pinned && r.layer == Layer::OsCache) {
                    store.update(rec, |r| {
                        r.layer = Layer::Disk;
                        r.disk_at_us = now_us;
                    });
                    self.layer_changed(node, rec);
                }
            }
            Ev::SubmitTxs => {
                for _ in 0..2 {
                    let tx = self.next_tx_id as u32;
                    self.next_tx_id += 1;
                    self.pending_txs.insert(tx);
                    self.tx_out.push(TxOutcome {
                        tx,
                        submitted_at_us: self.q.now_us(),
                        finalized_at: None,
                        height: None,
                    });
                    self.emit(EventKind::TxSubmitted { tx });
                }
            }
            Ev::Probe => self.probe(),
            Ev::ProbeAnswer { asked } => self.answer_probe(asked, true),
        }
    }

    fn finish(mut self) -> VoteTrace {
        let cfg = self.cfg.clone();
        let horizon_us = u64::from(cfg.horizon_ms) * US_PER_MS;
        let both =
            self.tx_out.len() == 2 && self.tx_out.iter().all(|o| o.finalized_at.is_some_and(|s| s.t_us <= horizon_us));
        let forks = self
            .finalized_values
            .iter()
            .filter(|(_, vs)| vs.len() > 1)
            .map(|(h, vs)| {
                let mut it = vs.iter();
                let v1 = *it.next().expect("a fork has a first value");
                let v2 = *it.next().expect("a fork has a second value");
                Fork { height: *h, v1, v2 }
            })
            .collect();
        let blocked_at_end = (0..N).filter(|&n| !self.nodes[n].up || self.nodes[n].gate.is_fenced()).count() as u32;
        let liveness = Liveness {
            blocked_at_end,
            fault_at: self.fault_at,
            first_finalization_after_fault: self.first_final_after_fault,
            time_to_first_finalization_after_fault_us: match (self.fault_at, self.first_final_after_fault) {
                (Some(f), Some(x)) => Some(x.t_us - f.t_us),
                _ => None,
            },
            txs: std::mem::take(&mut self.tx_out),
            both_txs_finalized_by_horizon: both,
            max_finalized_height: self.network_height.last().map(|p| p.height).unwrap_or(0),
            network_height: std::mem::take(&mut self.network_height),
        };
        let outcome = VoteOutcome {
            equivocations: std::mem::take(&mut self.equivocations),
            amnesia: std::mem::take(&mut self.amnesia),
            false_memory: std::mem::take(&mut self.false_memory),
            recoveries: std::mem::take(&mut self.recoveries),
            fenced: std::mem::take(&mut self.fenced),
            liveness,
            forks,
            diagnostics: std::mem::take(&mut self.diag),
            crash_at: self.crash_at,
            restart_at: self.restart_at,
            crash_after_events: self.crash_after_events,
            crash_after_event_name: self.crash_after_name.take(),
        };
        let spans = self.spans();
        VoteTrace {
            config: cfg,
            level: self.level,
            outcome,
            lanes: if spans { std::mem::take(&mut self.lanes) } else { Vec::new() },
            records: if spans { std::mem::take(&mut self.records) } else { Vec::new() },
            messages: if spans { std::mem::take(&mut self.messages) } else { Vec::new() },
            probes: if spans { std::mem::take(&mut self.probes) } else { Vec::new() },
            events: std::mem::take(&mut self.events),
            end_us: self.end_us,
            stats: RunStats { events_processed: self.q.events_processed() },
            capped: self.capped,
        }
    }
}

pub fn run(config: &VoteConfig, level: TraceLevel, max_events: u64) -> VoteTrace {
    let mut sim = Sim::new(config, level);
    sim.run(max_events);
    sim.finish()
}
