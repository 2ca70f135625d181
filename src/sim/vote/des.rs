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

use std::collections::{BTreeMap, BTreeSet};

use super::config::{
    ConflictSource, FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant, VoteConfig,
};
use super::gate::{SafetyGate, StoreError};
use super::trace::*;
use crate::core::{fnv1a64, EventQueue, RngStream, SimTime, Stamp, US_PER_MS};

const N: usize = 4;
const F: usize = 1;
const Q: usize = 2 * F + 1;
const A: usize = 0;
/// The Byzantine proposer of the story (the proposer of (10, 1)).
const D: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
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

#[derive(Clone, Debug)]
struct Msg {
    kind: MsgKind,
    h: u64,
    r: u32,
    value: Value,
    signer: usize,
    sign_bytes: u64,
    signature: u64,
}

#[derive(Clone, Debug)]
struct Rec {
    /// Index into the trace's record timelines.
    timeline: usize,
    seq: u32,
    commit_order: u32,
    msg: usize,
    layer: Layer,
    /// Visible to in-process reads (committed), whatever its physical layer.
    visible: bool,
    pinned: bool,
    tx: usize,
    disk_at_us: SimTime,
    /// The consensus lock this record sets (precommit records only).
    lock: Option<(u32, Value)>,
    /// Written after a sync error: its true durability is unknown, whatever later syncs say.
    after_poison: bool,
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
struct Store {
    recs: Vec<Rec>,
    poisoned: bool,
    next_seq: u32,
    next_commit: u32,
    /// Indexes of `recs` by [`Movable`] class, kept by [`Store::update`].
    queued: BTreeSet<usize>,
    cached: BTreeSet<usize>,
    poisoned_on_disk: BTreeSet<usize>,
    /// Indexes of `recs` per signed message.
    by_msg: BTreeMap<usize, Vec<usize>>,
}

impl Store {
    fn class_set(&mut self, class: Movable) -> &mut BTreeSet<usize> {
        match class {
            Movable::Queued => &mut self.queued,
            Movable::Cached => &mut self.cached,
            Movable::PoisonedOnDisk => &mut self.poisoned_on_disk,
        }
    }

    fn index(&mut self, i: usize) {
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
    fn push(&mut self, rec: Rec) -> usize {
        let i = self.recs.len();
        self.by_msg.entry(rec.msg).or_default().push(i);
        self.recs.push(rec);
        self.index(i);
        i
    }

    /// Changes record `i`, keeping the indexes.
    fn update(&mut self, i: usize, change: impl FnOnce(&mut Rec)) {
        self.unindex(i);
        change(&mut self.recs[i]);
        self.index(i);
    }

    /// Replaces every record (a fault keeps some), rebuilding the indexes.
    fn replace(&mut self, recs: Vec<Rec>) {
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
    fn queued(&self) -> Vec<usize> {
        self.queued.iter().copied().collect()
    }

    /// What a file sync moves, in record order.
    fn syncable(&self) -> Vec<usize> {
        if self.poisoned {
            self.cached.union(&self.poisoned_on_disk).copied().collect()
        } else {
            self.cached.iter().copied().collect()
        }
    }

    /// Every record of signed message `msg`.
    fn of_msg(&self, msg: usize) -> impl Iterator<Item = &Rec> {
        self.by_msg.get(&msg).into_iter().flatten().map(|&i| &self.recs[i])
    }
}

#[derive(Clone, Debug)]
struct Engine {
    h: u64,
    r: u32,
    step: Step,
    locked: Option<(u32, Value)>,
    valid: Option<(u32, Value)>,
    /// In-memory cache of what this engine signed, per (h, r, step) → message.
    last_signed: BTreeMap<(u64, u32, Step), usize>,
    votes: BTreeMap<(u64, u32, MsgKind), BTreeMap<usize, Value>>,
    /// Every signer seen per (h, r), for the round skip.
    signers: BTreeMap<(u64, u32), BTreeSet<usize>>,
    timeouts: BTreeSet<(u64, u32, Step)>,
    busy: bool,
}

impl Engine {
    fn new(h: u64, r: u32) -> Self {
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
    /// The highest height this node has finalized (0 before any).
    fn top_finalized(&self) -> u64 {
        self.ledger.top()
    }
}

/// A node's finalized heights: the story's pre-history (every height below
/// the start height, block `1000 + h`), kept as a bound rather than as
/// entries, so a start height of a million costs nothing, and the heights
/// finalized during the run.
#[derive(Clone, Debug)]
struct Ledger {
    /// Heights `1..=history` were final before the story began.
    history: u64,
    finalized: BTreeMap<u64, Value>,
}

impl Ledger {
    fn new(start_height: u64) -> Ledger {
        Ledger { history: start_height.saturating_sub(1), finalized: BTreeMap::new() }
    }

    fn history_value(h: u64) -> Value {
        Value::Block(1000 + h as u32)
    }

    fn top(&self) -> u64 {
        self.finalized.last_key_value().map_or(self.history, |(h, _)| *h)
    }

    fn contains(&self, h: u64) -> bool {
        (1..=self.history).contains(&h) || self.finalized.contains_key(&h)
    }

    /// Records a finalization; false (and no change) if `h` was final already.
    fn insert(&mut self, h: u64, v: Value) -> bool {
        if self.contains(h) {
            return false;
        }
        self.finalized.insert(h, v);
        true
    }

    /// Every final height from `from` on, in order (a catch-up's content).
    fn since(&self, from: u64) -> Vec<(u64, Value)> {
        let history = (from.max(1)..=self.history).map(|h| (h, Ledger::history_value(h)));
        history.chain(self.finalized.range(from..).map(|(h, v)| (*h, *v))).collect()
    }
}

#[derive(Clone, Debug)]
struct Action {
    node: usize,
    inc: u32,
    msg: usize,
    stages: Vec<Stage>,
    idx: usize,
    epoch: u32,
    foreground: bool,
    /// The first action of A: the one the story's faults target.
    story: bool,
    rec: Option<usize>,
    interrupted: bool,
    stage_start: Stamp,
    /// The engine waits for this action (false for background work).
    engine_waits: bool,
}

struct Sim<'a> {
    cfg: &'a VoteConfig,
    level: TraceLevel,
    q: EventQueue<Ev>,
    nodes: Vec<Node>,
    msgs: Vec<Msg>,
    msg_index: BTreeMap<(usize, MsgKind, u64, u32, Value), usize>,
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

fn proposer(h: u64, r: u32) -> usize {
    ((h + u64::from(r)) % N as u64) as usize
}

/// Where a record whose sync failed (or was poisoned) really is.
fn true_layer(truth: TrueState) -> Layer {
    match truth {
        TrueState::OsCache => Layer::OsCache,
        TrueState::Disk => Layer::Disk,
        TrueState::Dropped => Layer::Lost,
    }
}

fn peer_name(p: usize) -> &'static str {
    VALIDATOR_NAMES[p]
}

impl<'a> Sim<'a> {
    fn new(cfg: &'a VoteConfig, level: TraceLevel) -> Self {
        let nodes = (0..N)
            .map(|_| Node {
                up: true,
                inc: 0,
                gate: SafetyGate::new(),
                engine: None,
                store: Store { next_seq: 1, next_commit: 1, ..Store::default() },
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
            msg_index: BTreeMap::new(),
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

    // ----- messages -------------------------------------------------------

    fn msg_id(&mut self, signer: usize, kind: MsgKind, h: u64, r: u32, value: Value) -> usize {
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

    fn net_delay(&mut self, from: usize, to: usize) -> SimTime {
        let base = u64::from(self.cfg.timing.net_one_way_us);
        let j = u64::from(self.cfg.timing.net_jitter_us);
        if j == 0 {
            return base;
        }
        let draw = self.jitter[from * N + to].uniform_inclusive(0, 2 * j);
        (base + draw).saturating_sub(j).max(1)
    }

    fn send(&mut self, from: usize, to: usize, msg: usize, relayed: bool) {
        debug_assert_ne!(from, to);
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
    fn record_message(&mut self, record: MessageRecord) {
        let key = (record.msg, record.to, record.from);
        self.unreceived.entry(key).or_default().push(self.messages.len());
        self.messages.push(record);
    }

    fn deliver(&mut self, to: usize, from: usize, msg: usize) {
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

    fn evidence(&mut self, node: usize, m: &Msg) {
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

    fn stage_span(&mut self, action: usize, name: String, ok: bool) {
        if !self.spans() {
            return;
        }
        let a = &self.actions[action];
        let span = StageSpan {
            action: action as u32,
            stage: name,
            start: a.stage_start,
            end: self.q.now(),
            foreground: a.foreground,
            ok,
        };
        let node = a.node;
        self.lanes[node].stages.push(span);
    }

    fn layer_changed(&mut self, node: usize, rec: usize) {
        let r = &self.nodes[node].store.recs[rec];
        let (timeline, layer) = (r.timeline, r.layer);
        let at = self.q.now();
        if self.records[timeline].layers.last().map(|p| p.layer) != Some(layer) {
            self.records[timeline].layers.push(LayerPoint { at, layer });
        }
        self.emit(EventKind::RecordLayerChanged { validator: node as u32, record: timeline as u32, layer });
    }

    // ----- storage --------------------------------------------------------

    fn store_commit(&mut self, node: usize, rec: usize) {
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

    fn schedule_writeback(&mut self, node: usize, rec: usize) {
        let inc = self.nodes[node].inc;
        let delay = u64::from(self.cfg.timing.os_writeback_delay_ms) * US_PER_MS;
        self.q.schedule_in(delay, Ev::OsWriteback { node, inc, rec });
    }

    fn store_drain(&mut self, node: usize) {
        for i in self.nodes[node].store.queued() {
            self.nodes[node].store.update(i, |r| r.layer = Layer::OsCache);
            self.schedule_writeback(node, i);
            self.layer_changed(node, i);
        }
    }

    /// A file sync: every unpinned OsCache record reaches Disk — unless the
    /// store is poisoned, in which case its true outcome is the hidden state.
    fn store_fsync(&mut self, node: usize) {
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
    fn store_fault(&mut self, node: usize, fault: FaultKind) {
        let now_us = self.q.now_us();
        let honours = self.cfg.device_honours_sync;
        let window_us = u64::from(self.cfg.device_cache_window_ms) * US_PER_MS;
        let mut kept = Vec::new();
        let recs = std::mem::take(&mut self.nodes[node].store.recs);
        for mut r in recs {
            let survives = match (fault, r.layer) {
                (_, Layer::Lost | Layer::Tx | Layer::Committed) => false,
                (FaultKind::Kill, Layer::OsCache | Layer::Disk) => true,
                (FaultKind::Power, Layer::OsCache) => false,
                (FaultKind::Power, Layer::Disk) => honours || r.disk_at_us + window_us <= now_us,
            };
            if survives {
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
    fn recover_last_signed(&self, node: usize, visible_only: bool) -> BTreeMap<(u64, u32, Step), usize> {
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
    fn recover_lock(&self, node: usize, h: u64, visible_only: bool) -> Option<(u32, Value)> {
        self.nodes[node]
            .store
            .recs
            .iter()
            .filter(|r| !visible_only || r.visible)
            .filter(|r| self.msgs[r.msg].h == h)
            .filter_map(|r| r.lock)
            .max()
    }

    // ----- pipeline -------------------------------------------------------

    fn stages_for(&self, node: usize, peers: &[usize]) -> Vec<Stage> {
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

    fn stage_name(&self, action: usize, stage: Stage) -> String {
        let a = &self.actions[action];
        let suffix = if a.node == A && self.msgs[a.msg].value == Value::Y { "(Y)" } else { "" };
        let base = match stage {
            Stage::OuterBegin => "OUTER_BEGIN".to_string(),
            Stage::Sign => "SIGN".to_string(),
            Stage::Write { .. } => "WRITE".to_string(),
            Stage::Commit => "COMMIT".to_string(),
            Stage::Drain => "DRAIN".to_string(),
            Stage::Fsync => "FSYNC".to_string(),
            Stage::SyncCall => "SYNCCALL".to_string(),
            Stage::Send(p) => format!("SEND_{}", peer_name(p)),
            Stage::OuterEnd => {
                if a.story && self.cfg.outer_end == OuterEnd::Rollback {
                    "OUTER_ROLLBACK".to_string()
                } else {
                    "OUTER_COMMIT".to_string()
                }
            }
        };
        format!("{base}{suffix}")
    }

    fn stage_duration_us(&self, action: usize, stage: Stage) -> SimTime {
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

    fn is_sync_stage(stage: Stage) -> bool {
        matches!(stage, Stage::Drain | Stage::Fsync | Stage::SyncCall | Stage::Commit)
    }

    /// Starts signing `value` for `kind` at the engine's (h, r), through the
    /// safety check of §4.6 and the node's pipeline.
    fn start_vote(&mut self, node: usize, kind: MsgKind, value: Value) {
        let (h, r) = {
            let e = self.nodes[node].engine.as_ref().expect("voting needs an engine");
            (e.h, e.r)
        };
        self.set_step(node, h, r, kind.step());
        let key = (h, r, kind.step());
        let recorded = self.nodes[node].engine.as_ref().unwrap().last_signed.get(&key).copied();
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
        self.nodes[node].engine.as_mut().unwrap().last_signed.insert(key, msg);
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
        self.nodes[node].engine.as_mut().unwrap().busy = true;
        self.begin_stage(id);
    }

    /// Re-sends a stored signed message (same bytes, same signature) to every peer.
    fn resend(&mut self, node: usize, msg: usize) {
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

    fn begin_stage(&mut self, action: usize) {
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
    fn fg_event(&mut self, node: usize, action: usize, name: String) {
        self.nodes[node].fg_events += 1;
        let index = self.nodes[node].fg_events;
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

    fn stage_done(&mut self, action: usize) {
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
                        self.stage_span(action, "WRITE_REFUSED".into(), false);
                        self.actions[action].idx = self.actions[action].stages.len();
                        self.emit(EventKind::JoinRefused { validator: node as u32 });
                        self.fg_event(node, action, "WRITE_REFUSED".into());
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
        self.stage_span(action, name.clone(), true);
        // The stage is done before anyone hears of it, so a crash right here cuts nothing.
        self.actions[action].idx += 1;
        if a.foreground {
            self.fg_event(node, action, name);
        } else {
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

    fn rec_of(&self, action: usize) -> Option<usize> {
        let a = &self.actions[action];
        let rec = a.rec?;
        let recs = &self.nodes[a.node].store.recs;
        (rec < recs.len() && recs[rec].tx == action).then_some(rec)
    }

    fn check_durability(&mut self, node: usize, action: usize) {
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

    fn sync_error(&mut self, action: usize) {
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
        self.stage_span(action, "FSYNC_ERR".into(), false);
        self.actions[action].idx = self.actions[action].stages.len();
        self.emit(EventKind::SyncErrorRaised { validator: node as u32 });
        self.fg_event(node, action, "FSYNC_ERR".into());
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

    fn fence(&mut self, node: usize, action: usize, reason: FenceReason) {
        self.nodes[node].gate.fence(reason);
        let at = self.now();
        self.fenced[node] = Some(FenceInfo { reason, since: at });
        self.fault_at.get_or_insert(at);
        self.emit(EventKind::Fenced { validator: node as u32, reason });
        self.stage_span(action, "FENCED".into(), false);
        self.fg_event(node, action, "FENCED".into());
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

    fn interrupt(&mut self, action: usize) {
        let a = self.actions[action].clone();
        let node = a.node;
        let stage = a.stages[a.idx];
        let stage_key = match stage {
            Stage::Commit => "COMMIT",
            Stage::Drain => "DRAIN",
            _ => "FSYNC",
        };
        let name = format!("INTERRUPT@{stage_key}");
        self.actions[action].interrupted = true;
        self.emit(EventKind::InterruptDelivered { validator: node as u32, stage: stage_key.to_string() });
        self.fg_event(node, action, name);
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
    fn engine_failed(&mut self, node: usize, action: usize) {
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

    fn finish_action(&mut self, action: usize, ok: bool) {
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

    // ----- faults ---------------------------------------------------------

    fn crash(&mut self, node: usize, fault: FaultKind, may_restart: bool) {
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

    fn restart(&mut self, node: usize) {
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
    fn check_memory(&mut self, node: usize, last_signed: &BTreeMap<(u64, u32, Step), usize>) {
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

    fn open_engine(
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
                .engine
                .as_ref()
                .unwrap()
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

    fn recreate_engine(&mut self, node: usize) {
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
            self.fg_event(node, action, "NEW_ENGINE".into());
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

    fn note_recovery(
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

    fn inject_conflict(&mut self, to: usize) {
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

    // ----- consensus ------------------------------------------------------

    fn start_round(&mut self, node: usize, h: u64, r: u32, propose: bool) {
        self.set_step(node, h, r, Step::Propose);
        let t = &self.cfg.timing;
        let timeout = (u64::from(t.timeout_propose_ms) + u64::from(t.timeout_delta_ms) * u64::from(r)) * US_PER_MS;
        let inc = self.nodes[node].inc;
        self.q.schedule_in(timeout, Ev::TimeoutPropose { node, inc, h, r });
        if propose && proposer(h, r) == node {
            let value = self.nodes[node].engine.as_ref().unwrap().valid.map(|(_, v)| v).unwrap_or_else(|| {
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

    fn on_message(&mut self, node: usize, msg: usize) {
        let m = self.msgs[msg].clone();
        let e = self.nodes[node].engine.as_mut().unwrap();
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

    fn count(e: &Engine, h: u64, r: u32, kind: MsgKind) -> (BTreeMap<Value, usize>, usize) {
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
    fn after_engine_input(&mut self, node: usize) {
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
                    debug_assert!(polka.len() >= Q);
                    let msg = self.msg_id(node, MsgKind::Precommit, h, r, v);
                    self.justifications.entry(msg).or_insert((r, polka));
                    let e = self.nodes[node].engine.as_mut().unwrap();
                    e.locked = Some((r, v));
                    e.valid = Some((r, v));
                    self.start_vote(node, MsgKind::Precommit, v);
                } else if per.get(&Value::Nil).copied().unwrap_or(0) >= Q {
                    self.start_vote(node, MsgKind::Precommit, Value::Nil);
                } else if total >= Q && self.nodes[node].engine.as_mut().unwrap().timeouts.insert((h, r, Step::Prevote))
                {
                    let d = (u64::from(t.timeout_prevote_ms) + delta) * US_PER_MS;
                    self.q.schedule_in(d, Ev::TimeoutPrevote { node, inc, h, r });
                }
            }
            Step::Precommit => {
                let (_, total) = Self::count(e, h, r, MsgKind::Precommit);
                if total >= Q && self.nodes[node].engine.as_mut().unwrap().timeouts.insert((h, r, Step::Precommit)) {
                    let d = (u64::from(t.timeout_precommit_ms) + delta) * US_PER_MS;
                    self.q.schedule_in(d, Ev::TimeoutPrecommit { node, inc, h, r });
                }
            }
            _ => {}
        }
    }

    fn finalize(&mut self, node: usize, h: u64, v: Value) {
        assert!(!v.is_nil(), "only a block is finalized");
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
        let e = self.nodes[node].engine.as_mut().unwrap();
        let r = e.r;
        self.set_step(node, h, r, Step::Commit);
        let inc = self.nodes[node].inc;
        let d = u64::from(self.cfg.timing.timeout_commit_ms) * US_PER_MS;
        self.q.schedule_in(d, Ev::NewHeight { node, inc, h: h + 1 });
    }

    fn new_height(&mut self, node: usize, h: u64) {
        let e = self.nodes[node].engine.as_mut().unwrap();
        if e.h >= h {
            return;
        }
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

    fn catch_up(&mut self, node: usize, upto: Vec<(u64, Value)>) {
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
        let e = self.nodes[node].engine.as_ref().unwrap();
        if let Some(top) = top {
            if top >= e.h {
                self.emit(EventKind::CaughtUp { validator: node as u32, to_height: top });
                // Timeouts of the old height check (h, r, step) and lapse on their own;
                // storage work in flight must not vanish, so the incarnation stays.
                let e = self.nodes[node].engine.as_mut().unwrap();
                e.busy = false;
                e.h = top; // new_height moves to top + 1
                self.new_height(node, top + 1);
            }
        }
    }

    // ----- probes ---------------------------------------------------------

    fn schedule_probes(&mut self, from_us: SimTime) {
        let period = u64::from(self.cfg.status_probe_period_us);
        if period == 0 {
            return;
        }
        let window = u64::from(self.cfg.status_probe_window_ms) * US_PER_MS;
        let mut t = from_us;
        while t <= from_us + window {
            self.q.schedule_at(t, Ev::Probe);
            t += period;
        }
    }

    fn probe(&mut self) {
        let asked = self.now();
        self.diag.status_probes += 1;
        if !self.nodes[A].up {
            if self.spans() {
                self.probes.push(ProbeRecord { asked_at: asked, answered_at: None, stalled: false });
            }
            return;
        }
        let wait_until = self.nodes[A].fg_sync_until_us;
        if self.cfg.status_probe_shares_engine_lock && wait_until > asked.t_us {
            // The anti-pattern: the probe queues behind the engine lock held during the sync wait.
            self.q.schedule_at(wait_until, Ev::ProbeAnswer { asked });
        } else {
            self.answer_probe(asked, false);
        }
    }

    fn answer_probe(&mut self, asked: Stamp, stalled: bool) {
        let now = self.now();
        let latency_us = now.t_us - asked.t_us;
        self.diag.status_probes_answered += 1;
        if stalled {
            self.diag.status_probes_stalled += 1;
        }
        self.diag.status_probe_max_latency_us = self.diag.status_probe_max_latency_us.max(latency_us);
        self.emit(EventKind::StatusAnswered { validator: A as u32, asked_at_us: asked.t_us, latency_us });
        if self.spans() {
            self.probes.push(ProbeRecord { asked_at: asked, answered_at: Some(now), stalled });
        }
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
            self.crash_after_name = Some("START".into());
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
                    let e = self.nodes[node].engine.as_ref().unwrap();
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
                    let e = self.nodes[node].engine.as_ref().unwrap();
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
                    let e = self.nodes[node].engine.as_ref().unwrap();
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
                Fork { height: *h, v1: *it.next().unwrap(), v2: *it.next().unwrap() }
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
