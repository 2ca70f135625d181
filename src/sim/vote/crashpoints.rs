//! Exhaustive crash-point enumeration (model.md §4.8): for one signed action
//! (A's prevote for X at (10, 1)) under each variant, every consistent cut of
//! its events is classified safe / unsafe / fenced under a process kill and
//! under a power loss. No randomness and no clock: the output is a pure
//! function of the options.
//!
//! Model.
//! - Each variant is a *chain*: a tree of foreground events (a plain
//!   sequence, with sibling nodes where the spec branches: V2's outer end,
//!   the hidden `true_state` of a failed or poisoned sync, the stage an
//!   interrupt lands in). A foreground cut position is a node of the tree;
//!   its `cut` index is the node's preorder index (0 = `START`, nothing done).
//! - Background events interleave anywhere once enabled: `BG_W` (the store
//!   queue's background writer, Committed → OsCache; enabled once anything
//!   has been Committed), `BG_F` (OS writeback, OsCache → Disk; enabled once
//!   anything has reached OsCache), and the storage steps an interrupt left
//!   running (`P_COMMIT`, `P_DRAIN`, `P_FSYNC`). Each happens at most once in
//!   the window. A *sub-cut* is a node plus the set of background events
//!   done; several interleavings can reach one sub-cut with different storage
//!   states (V4: `BG_W` before or after `SYNCCALL`), and the sub-cut takes the
//!   worst of them.
//! - A sync error "poisons" the store: from then on the true durability of
//!   every record is the hidden branch value, so the background events are
//!   folded into those branches (disabled, and their flags cleared).
//! - Classification after the fault: keep the surviving records; `seen` is
//!   the set of values sent (gossip spreads one send to every honest peer);
//!   recovery takes the highest `seq` (AppendLog) or the last commit
//!   (LastStateRow). Two values seen, or one value seen and a different or
//!   no recovered value → `Unsafe` (the conflict source then yields
//!   equivocation: amnesia or false memory). A fenced node → `Fenced`.
//!   Anything else → `Safe`.
//!
//! Cut counts (H2Like, device honours sync; `cut_counts`) and why they differ
//! from the prototype's where they do: V0 26, V1 17, V3 15 and V4 18 match.
//! V2 has 11, not 10: we count the empty cut and the cut after
//! `OUTER_BEGIN` as two positions, plus 3 sub-cuts after the outer commit
//! (none, `BG_W`, `BG_W`+`BG_F`) and 1 after the rollback; the prototype
//! evidently merged one of these (most likely the empty cut with the one
//! after `OUTER_BEGIN`, which store the same nothing). The handling
//! variants: V2g 4, F-fence 16, F-naive-retry 61, F-engine-fence-only 25,
//! I-wait-then-fence 33, I-as-success 86, I-abort-release 133. The last
//! exceeds the spec's "about 100" because X's abandoned commit, drain and
//! sync (`P_COMMIT`, `P_DRAIN`, `P_FSYNC`) interleave with both `BG_W`/`BG_F`
//! and Y's whole pipeline; merging them would hide the late-commit-after-Y
//! order that makes `LastStateRow` unsafe.
//!
//! Choices where the spec leaves room (each keeps the §4.8 expected table true):
//! - A "Dropped" true state is lost by a kill too (the OS discarded the dirty
//!   pages); "OsCache" survives a kill but not a power loss.
//! - A poisoned sync of Y branches over OsCache | Disk | Dropped (§4.8 item 5
//!   lists Disk | Dropped, but the table's power column needs OsCache).
//! - A failed sync's true state is final: background progress before it is
//!   folded into the branch (which is what keeps F- chains under 100 cuts).
//! - I-abort-release's interrupt lands while X's COMMIT is pending, because
//!   §4.8 item 5 needs X's *late commit* to race Y's; the I-as-success and
//!   I-wait-then-fence chains branch over DRAIN | FSYNC as §4.4 says.
//! - F-fence branches over the sync error only: an exception before or after
//!   commit or a failed rollback ends in the same fence, with nothing sent.
//! - `RecreateEngine` is a step of the F-engine-fence-only chain rather than a
//!   third fault column, so rows keep `fault ∈ {kill, power}`.
//! - `BG_W` and `BG_F` act on the whole store and happen at most once each.
//!
//! Must not depend on the browser, the CLI, any clock or randomness.

use std::collections::BTreeSet;

use serde::{Deserialize, Serialize};

use super::config::{FaultKind, InterruptStage, Layout, OuterEnd, StoreProfile, TrueState, Variant, VoteConfig};
use super::gate::{SafetyGate, StoreError};
use super::step::{PipelineStep, StepName};
use super::survival::{survives, Device};
use super::trace::{FenceReason, Layer};

/// What the enumeration depends on besides the variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct MatrixOptions {
    pub profile: StoreProfile,
    pub device_honours_sync: bool,
    pub layout: Layout,
    /// model.md §4.4: after a sync error, later "ok" syncs are untrustworthy.
    pub poisoning: bool,
}

impl MatrixOptions {
    pub fn new(profile: StoreProfile, device_honours_sync: bool) -> Self {
        MatrixOptions { profile, device_honours_sync, layout: Layout::AppendLog, poisoning: true }
    }
}

impl Default for MatrixOptions {
    fn default() -> Self {
        MatrixOptions::new(StoreProfile::H2Like, true)
    }
}

/// The classification of a cut under a fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Nothing was seen, or a record covering what was seen survived.
    Safe,
    /// The node refuses everything (which is safe; the other three stay live).
    Fenced,
    /// Amnesia or false memory: the conflict source yields equivocation.
    Unsafe,
}

impl Verdict {
    pub fn key(self) -> &'static str {
        match self {
            Verdict::Safe => "safe",
            Verdict::Fenced => "fenced",
            Verdict::Unsafe => "unsafe",
        }
    }
}

/// One cell of figure B2: a variant's foreground cut position under one
/// fault, aggregated over its background sub-cuts (the worst case wins).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CrashRow {
    pub variant: Variant,
    pub profile: StoreProfile,
    pub device_honours_sync: bool,
    pub fault: FaultKind,
    /// The position's index in the variant's chain (preorder; 0 = nothing done).
    pub cut: u32,
    /// The last foreground event done (a `StepName`'s text; `"START"` for the empty cut).
    pub after: String,
    pub verdict: Verdict,
    pub subcuts: u32,
    pub unsafe_subcuts: u32,
    /// The hidden branch choices on the path to this position, e.g.
    /// `"true_state=dropped"`; empty when the chain has not branched yet.
    /// Additive to the brief's row shape, so equal `after` names stay apart.
    pub branch: String,
}

/// A foreground cut position of a variant's chain.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position {
    pub cut: u32,
    pub after: String,
    pub branch: String,
    /// Foreground events done (the story's `crash_after_events`).
    pub depth: u32,
    /// The events from the start to this position.
    pub path: Vec<String>,
}

/// Which record an operation touches: the first action's (X) or the conflicting one's (Y).
const X: usize = 0;
const Y: usize = 1;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Op {
    Start,
    Label,
    Write(usize),
    Commit(usize),
    OuterRollback(usize),
    Drain,
    Fsync,
    SyncCall,
    /// A sync that raised (or, poisoned, "succeeded") with this hidden outcome for the record.
    PinTrue(usize, TrueState),
    /// The poisoning sync error itself.
    SyncError(usize, TrueState),
    Send(usize),
    Fence,
    /// Arms background steps: bit mask over `P_COMMIT`, `P_DRAIN`, `P_FSYNC`.
    Arm(u8),
}

#[derive(Clone, Debug)]
struct Node {
    name: StepName,
    branch: Option<String>,
    op: Op,
    children: Vec<usize>,
    parent: Option<usize>,
}

/// A variant's chain: a tree of foreground events, root = `START`.
struct Chain {
    nodes: Vec<Node>,
}

impl Chain {
    fn new() -> Self {
        Chain {
            nodes: vec![Node {
                name: StepName::of(PipelineStep::Start),
                branch: None,
                op: Op::Start,
                children: vec![],
                parent: None,
            }],
        }
    }

    fn push(&mut self, parent: usize, name: StepName, op: Op, branch: Option<String>) -> usize {
        let id = self.nodes.len();
        self.nodes.push(Node { name, branch, op, children: vec![], parent: Some(parent) });
        self.nodes[parent].children.push(id);
        id
    }

    fn seq(&mut self, mut at: usize, events: &[(StepName, Op)]) -> usize {
        for &(name, op) in events {
            at = self.push(at, name, op, None);
        }
        at
    }

    /// Nodes in preorder: the cut index of each node.
    fn preorder(&self) -> Vec<usize> {
        let mut out = Vec::with_capacity(self.nodes.len());
        let mut stack = vec![0usize];
        while let Some(n) = stack.pop() {
            out.push(n);
            for &c in self.nodes[n].children.iter().rev() {
                stack.push(c);
            }
        }
        out
    }

    fn path(&self, mut n: usize) -> Vec<usize> {
        let mut p = vec![n];
        while let Some(parent) = self.nodes[n].parent {
            p.push(parent);
            n = parent;
        }
        p.reverse();
        p
    }
}

const BG_W: u8 = 1;
const BG_F: u8 = 2;
const P_COMMIT: u8 = 4;
const P_DRAIN: u8 = 8;
const P_FSYNC: u8 = 16;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
enum L {
    Absent,
    Tx,
    Committed,
    OsCache,
    Disk,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Rec {
    layer: L,
    pinned: Option<TrueState>,
    seq: u8,
    commit_order: u8,
}

const NO_REC: Rec = Rec { layer: L::Absent, pinned: None, seq: 0, commit_order: 0 };

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct St {
    recs: [Rec; 2],
    /// Bit v set: value v (X = 1, Y = 2) was sent.
    sent: u8,
    fenced: bool,
    done: u8,
    armed: u8,
    bg_disabled: bool,
    ever_committed: bool,
    ever_os_cache: bool,
    next_seq: u8,
    next_commit: u8,
}

impl St {
    fn initial() -> Self {
        St {
            recs: [NO_REC; 2],
            sent: 0,
            fenced: false,
            done: 0,
            armed: 0,
            bg_disabled: false,
            ever_committed: false,
            ever_os_cache: false,
            next_seq: 1,
            next_commit: 1,
        }
    }

    fn commit(&mut self, r: usize, profile: StoreProfile) {
        if self.recs[r].layer != L::Tx {
            return; // Rolled back or never written: nothing to commit.
        }
        let layer = match profile {
            StoreProfile::H2Like => L::Committed,
            StoreProfile::WalOsCache => L::OsCache,
            StoreProfile::RocksSyncWal => L::Disk,
        };
        self.recs[r].layer = layer;
        self.recs[r].commit_order = self.next_commit;
        self.next_commit += 1;
        self.ever_committed |= layer == L::Committed;
        self.ever_os_cache |= layer == L::OsCache;
    }

    fn drain(&mut self) {
        for rec in self.recs.iter_mut().filter(|r| r.pinned.is_none() && r.layer == L::Committed) {
            rec.layer = L::OsCache;
            self.ever_os_cache = true;
        }
    }

    fn fsync(&mut self) {
        for rec in self.recs.iter_mut().filter(|r| r.pinned.is_none() && r.layer == L::OsCache) {
            rec.layer = L::Disk;
        }
    }

    fn enabled_bg(&self) -> u8 {
        let mut e = 0;
        if !self.bg_disabled && self.ever_committed {
            e |= BG_W;
        }
        if !self.bg_disabled && self.ever_os_cache {
            e |= BG_F;
        }
        if self.armed & P_COMMIT != 0 {
            e |= P_COMMIT;
        }
        if self.armed & P_DRAIN != 0 && (self.armed & P_COMMIT == 0 || self.done & P_COMMIT != 0) {
            e |= P_DRAIN;
        }
        if self.armed & P_FSYNC != 0 && (self.armed & P_DRAIN == 0 || self.done & P_DRAIN != 0) {
            e |= P_FSYNC;
        }
        e & !self.done
    }

    fn apply_bg(&mut self, bit: u8, profile: StoreProfile) {
        self.done |= bit;
        match bit {
            BG_W | P_DRAIN => self.drain(),
            BG_F | P_FSYNC => self.fsync(),
            P_COMMIT => self.commit(X, profile),
            _ => unreachable!("unknown background event {bit}"),
        }
    }

    fn apply(&mut self, op: Op, opts: &MatrixOptions) {
        match op {
            Op::Start | Op::Label => {}
            Op::Write(r) => {
                assert_eq!(self.recs[r].layer, L::Absent, "a record is written once");
                self.recs[r] = Rec { layer: L::Tx, pinned: None, seq: self.next_seq, commit_order: 0 };
                self.next_seq += 1;
            }
            Op::Commit(r) => self.commit(r, opts.profile),
            Op::OuterRollback(r) => {
                if self.recs[r].layer == L::Tx {
                    self.recs[r] = NO_REC;
                }
            }
            Op::Drain => self.drain(),
            Op::Fsync | Op::SyncCall => self.fsync(),
            Op::PinTrue(r, ts) => {
                if opts.poisoning {
                    self.recs[r].pinned = Some(ts);
                } else {
                    self.fsync();
                }
            }
            Op::SyncError(r, ts) => {
                self.recs[r].pinned = Some(ts);
                if opts.poisoning {
                    // The background outcomes are folded into the hidden branches from now on.
                    self.bg_disabled = true;
                    self.done &= !(BG_W | BG_F);
                }
            }
            Op::Send(r) => self.sent |= 1 << r,
            Op::Fence => self.fenced = true,
            Op::Arm(bits) => self.armed |= bits,
        }
    }

    /// The record's true layer (a pinned record's hidden outcome), under the
    /// one survival rule. A cut lands right after its event, so every write
    /// of the action is younger than a lying device's cache window.
    fn survives(rec: &Rec, fault: FaultKind, device_honours_sync: bool) -> bool {
        let layer = match rec.pinned {
            Some(TrueState::Dropped) => Layer::Lost,
            Some(TrueState::OsCache) => Layer::OsCache,
            Some(TrueState::Disk) => Layer::Disk,
            None => match rec.layer {
                L::Absent => Layer::Lost,
                L::Tx => Layer::Tx,
                L::Committed => Layer::Committed,
                L::OsCache => Layer::OsCache,
                L::Disk => Layer::Disk,
            },
        };
        let device = Device { honours_sync: device_honours_sync, cache_window_us: u64::MAX };
        survives(fault, layer, 0, device)
    }

    fn classify(&self, fault: FaultKind, opts: &MatrixOptions) -> Verdict {
        let recovered = (0..2)
            .filter(|&r| self.recs[r].layer != L::Absent && self.recs[r].layer != L::Tx)
            .filter(|&r| St::survives(&self.recs[r], fault, opts.device_honours_sync))
            .max_by_key(|&r| match opts.layout {
                Layout::AppendLog => self.recs[r].seq,
                Layout::LastStateRow => self.recs[r].commit_order,
            });
        let unsafe_ = match self.sent.count_ones() {
            0 => false,
            1 => recovered != Some(self.sent.trailing_zeros() as usize),
            _ => true, // Already equivocated before the crash.
        };
        if unsafe_ {
            Verdict::Unsafe
        } else if self.fenced {
            Verdict::Fenced
        } else {
            Verdict::Safe
        }
    }
}

/// The event of record `r`'s action: X's plain, Y's with the `(Y)` suffix.
fn named(r: usize, step: PipelineStep) -> StepName {
    StepName { step, conflicting: r == Y }
}

/// A's three sends, to B, C and D.
fn sends(chain: &mut Chain, at: usize, r: usize) -> usize {
    let mut at = at;
    for peer in 1..=3 {
        at = chain.push(at, named(r, PipelineStep::Send(peer)), Op::Send(r), None);
    }
    at
}

/// X's own-transaction prefix, up to and including DRAIN.
fn persist_prefix(chain: &mut Chain) -> usize {
    chain.seq(
        0,
        &[
            (named(X, PipelineStep::Sign), Op::Label),
            (named(X, PipelineStep::Write), Op::Write(X)),
            (named(X, PipelineStep::Commit), Op::Commit(X)),
            (named(X, PipelineStep::Drain), Op::Drain),
        ],
    )
}

/// The conflicting action Y after the engine carried on (naive retry, abort-release).
fn y_pipeline(chain: &mut Chain, at: usize, opts: &MatrixOptions, after_sync_error: bool) {
    let at = chain.seq(
        at,
        &[
            (named(Y, PipelineStep::Sign), Op::Label),
            (named(Y, PipelineStep::Write), Op::Write(Y)),
            (named(Y, PipelineStep::Commit), Op::Commit(Y)),
            (named(Y, PipelineStep::Drain), Op::Drain),
        ],
    );
    let fsync = named(Y, PipelineStep::Fsync);
    if after_sync_error && opts.poisoning {
        for ts in TrueState::ALL {
            let f = chain.push(at, fsync, Op::PinTrue(Y, ts), Some(format!("y_true_state={}", ts.key())));
            sends(chain, f, Y);
        }
    } else {
        let f = chain.push(at, fsync, Op::Fsync, None);
        sends(chain, f, Y);
    }
}

/// Ends a chain at a fence, after checking through the gate that the engine
/// can neither write the conflicting value nor open a new engine.
fn fence_end(chain: &mut Chain, at: usize, reason: FenceReason) {
    let fenced = chain.push(at, StepName::of(PipelineStep::Fenced), Op::Fence, None);
    let mut gate = SafetyGate::new();
    gate.fence(reason);
    // The conflict source now offers Y; every way forward goes through the gate.
    assert_eq!(gate.write(false, false), Err(StoreError::Fenced(reason)));
    assert_eq!(gate.open_engine(), Err(StoreError::Fenced(reason)));
    let _ = fenced; // Nothing may follow a fence.
}

fn build_chain(variant: Variant, opts: &MatrixOptions) -> Chain {
    use PipelineStep::*;
    let x = StepName::of;
    let mut c = Chain::new();
    match variant {
        Variant::V0 => {
            let at = persist_prefix(&mut c);
            let at = c.push(at, x(Fsync), Op::Fsync, None);
            sends(&mut c, at, X);
        }
        Variant::V1 => {
            let at = c.push(0, x(Sign), Op::Label, None);
            let at = sends(&mut c, at, X);
            c.seq(
                at,
                &[(x(Write), Op::Write(X)), (x(Commit), Op::Commit(X)), (x(Drain), Op::Drain), (x(Fsync), Op::Fsync)],
            );
        }
        Variant::V2 => {
            let at = c.seq(0, &[(x(OuterBegin), Op::Label), (x(Sign), Op::Label), (x(Write), Op::Write(X))]);
            let at = sends(&mut c, at, X);
            c.push(at, x(OuterCommit), Op::Commit(X), Some("outer_end=commit".into()));
            c.push(at, x(OuterRollback), Op::OuterRollback(X), Some("outer_end=rollback".into()));
        }
        Variant::V2g => {
            let at = c.seq(0, &[(x(OuterBegin), Op::Label), (x(Sign), Op::Label)]);
            let gate = SafetyGate::new();
            assert_eq!(gate.write(true, true), Err(StoreError::JoinRefused));
            c.push(at, x(WriteRefused), Op::Label, None);
        }
        Variant::V3 => {
            let at = c.seq(0, &[(x(Sign), Op::Label), (x(Write), Op::Write(X)), (x(Commit), Op::Commit(X))]);
            sends(&mut c, at, X);
        }
        Variant::V4 => {
            let at = c.seq(
                0,
                &[
                    (x(Sign), Op::Label),
                    (x(Write), Op::Write(X)),
                    (x(Commit), Op::Commit(X)),
                    (x(SyncCall), Op::SyncCall),
                ],
            );
            sends(&mut c, at, X);
        }
        Variant::FFence | Variant::FNaiveRetry | Variant::FEngineFenceOnly => {
            let at = persist_prefix(&mut c);
            for ts in TrueState::ALL {
                let err = c.push(at, x(FsyncError), Op::SyncError(X, ts), Some(format!("true_state={}", ts.key())));
                match variant {
                    Variant::FFence => fence_end(&mut c, err, FenceReason::SyncError),
                    Variant::FNaiveRetry => y_pipeline(&mut c, err, opts, true),
                    _ => {
                        // The new engine reads X from the Committed view and re-sends it.
                        let ne = c.push(err, x(NewEngine), Op::Label, None);
                        sends(&mut c, ne, X);
                    }
                }
            }
        }
        Variant::IWaitThenFence | Variant::IAsSuccess => {
            let commit = c.seq(0, &[(x(Sign), Op::Label), (x(Write), Op::Write(X)), (x(Commit), Op::Commit(X))]);
            // Interrupt during DRAIN.
            let during_drain = Some("interrupt=drain".to_string());
            let during_fsync = Some("interrupt=fsync".to_string());
            if variant == Variant::IWaitThenFence {
                let i = c.push(commit, x(InterruptAt(InterruptStage::Drain)), Op::Label, during_drain);
                let d = c.push(i, x(Drain), Op::Drain, None);
                fence_end(&mut c, d, FenceReason::Interrupted);
                let d = c.push(commit, x(Drain), Op::Drain, during_fsync);
                let i = c.push(d, x(InterruptAt(InterruptStage::Fsync)), Op::Label, None);
                let f = c.push(i, x(Fsync), Op::Fsync, None);
                fence_end(&mut c, f, FenceReason::Interrupted);
            } else {
                let i = c.push(commit, x(InterruptAt(InterruptStage::Drain)), Op::Arm(P_DRAIN | P_FSYNC), during_drain);
                sends(&mut c, i, X);
                let d = c.push(commit, x(Drain), Op::Drain, during_fsync);
                let i = c.push(d, x(InterruptAt(InterruptStage::Fsync)), Op::Arm(P_FSYNC), None);
                sends(&mut c, i, X);
            }
        }
        Variant::IAbortRelease => {
            let at = c.seq(0, &[(x(Sign), Op::Label), (x(Write), Op::Write(X))]);
            // The caller gets failure and returns the connection; X's commit, drain
            // and sync go on behind its back.
            let i = c.push(at, x(InterruptAt(InterruptStage::Commit)), Op::Arm(P_COMMIT | P_DRAIN | P_FSYNC), None);
            y_pipeline(&mut c, i, opts, false);
        }
    }
    c
}

/// Every reachable storage state, grouped by chain node (index = node id).
struct Explored {
    states: Vec<Vec<St>>,
}

fn explore(chain: &Chain, opts: &MatrixOptions) -> Explored {
    // Per node, the distinct states reached so far. Each node holds a few
    // dozen at most, so a linear scan beats a tree (this is the bench's hot loop).
    let mut states: Vec<Vec<St>> = vec![Vec::new(); chain.nodes.len()];
    let mut stack = vec![(0usize, St::initial())];
    states[0].push(St::initial());
    let visit = |node: usize, next: St, states: &mut Vec<Vec<St>>, stack: &mut Vec<(usize, St)>| {
        if !states[node].contains(&next) {
            states[node].push(next);
            stack.push((node, next));
        }
    };
    while let Some((node, st)) = stack.pop() {
        for &child in &chain.nodes[node].children {
            let mut next = st;
            next.apply(chain.nodes[child].op, opts);
            visit(child, next, &mut states, &mut stack);
        }
        let enabled = st.enabled_bg();
        for bit in [BG_W, BG_F, P_COMMIT, P_DRAIN, P_FSYNC] {
            if enabled & bit != 0 {
                let mut next = st;
                next.apply_bg(bit, opts.profile);
                visit(node, next, &mut states, &mut stack);
            }
        }
    }
    for sts in &mut states {
        crate::core::sort(sts);
    }
    Explored { states }
}

fn branch_label(chain: &Chain, node: usize) -> String {
    chain.path(node).into_iter().filter_map(|n| chain.nodes[n].branch.clone()).collect::<Vec<_>>().join(",")
}

/// The foreground cut positions of a variant, in cut order.
pub fn positions(variant: Variant, opts: &MatrixOptions) -> Vec<Position> {
    let chain = build_chain(variant, opts);
    chain
        .preorder()
        .into_iter()
        .enumerate()
        .map(|(cut, n)| {
            let path = chain.path(n);
            Position {
                cut: cut as u32,
                after: chain.nodes[n].name.to_string(),
                branch: branch_label(&chain, n),
                depth: (path.len() - 1) as u32,
                path: path.iter().skip(1).map(|&p| chain.nodes[p].name.to_string()).collect(),
            }
        })
        .collect()
}

/// The rows of one variant, for both faults (kill first), in cut order.
pub fn variant_rows(variant: Variant, opts: &MatrixOptions) -> Vec<CrashRow> {
    let chain = build_chain(variant, opts);
    let explored = explore(&chain, opts);
    let order = chain.preorder();
    let mut rows = Vec::with_capacity(order.len() * 2);
    for (cut, &node) in order.iter().enumerate() {
        let branch = branch_label(&chain, node);
        for fault in FaultKind::ALL {
            // Worst verdict per sub-cut (done-mask) at this node.
            let mut per_subcut: Vec<(u8, Verdict)> = Vec::new();
            for st in &explored.states[node] {
                let v = st.classify(fault, opts);
                match per_subcut.iter_mut().find(|(d, _)| *d == st.done) {
                    Some(entry) => entry.1 = entry.1.max(v),
                    None => per_subcut.push((st.done, v)),
                }
            }
            assert!(!per_subcut.is_empty(), "every node of a chain is reachable");
            let verdict = per_subcut.iter().map(|(_, v)| *v).max().expect("non-empty");
            rows.push(CrashRow {
                variant,
                profile: opts.profile,
                device_honours_sync: opts.device_honours_sync,
                fault,
                cut: cut as u32,
                after: chain.nodes[node].name.to_string(),
                verdict,
                subcuts: per_subcut.len() as u32,
                unsafe_subcuts: per_subcut.iter().filter(|(_, v)| *v == Verdict::Unsafe).count() as u32,
                branch: branch.clone(),
            });
        }
    }
    rows
}

/// A matrix column's place: the pipeline's order (`PipelineStep::ORDER`), the
/// conflicting action's "(Y)" events after the first action's, unknown names
/// last (a stable sort keeps them in first-seen order).
pub fn column_rank(name: &str) -> usize {
    StepName::parse(name).map_or(2 * PipelineStep::ORDER.len(), StepName::column_rank)
}

/// The full crash-point matrix (figure B2) for one store profile and device
/// setting: every variant × foreground cut × fault (kill, power), with the
/// default layout (AppendLog) and poisoning on.
pub fn matrix(profile: StoreProfile, device_honours_sync: bool) -> Vec<CrashRow> {
    matrix_with(&MatrixOptions::new(profile, device_honours_sync))
}

pub fn matrix_with(opts: &MatrixOptions) -> Vec<CrashRow> {
    Variant::ALL.into_iter().flat_map(|v| variant_rows(v, opts)).collect()
}

/// Consistent cuts per variant: distinct (foreground position, background
/// events done) pairs. See the module doc for the comparison with the prototype.
pub fn cut_counts(opts: &MatrixOptions) -> Vec<(Variant, u32)> {
    Variant::ALL
        .into_iter()
        .map(|v| {
            let chain = build_chain(v, opts);
            let explored = explore(&chain, opts);
            let subcuts: BTreeSet<(usize, u8)> =
                explored.states.iter().enumerate().flat_map(|(n, sts)| sts.iter().map(move |s| (n, s.done))).collect();
            (v, subcuts.len() as u32)
        })
        .collect()
}

/// Does any position at or after a `FENCED` event send or write? (Must be false.)
pub fn send_or_write_after_fence(variant: Variant, opts: &MatrixOptions) -> bool {
    let chain = build_chain(variant, opts);
    let mut after_fence = vec![false; chain.nodes.len()];
    for n in chain.preorder() {
        let inherited = chain.nodes[n].parent.is_some_and(|p| after_fence[p] || chain.nodes[p].op == Op::Fence);
        after_fence[n] = inherited;
        if inherited && matches!(chain.nodes[n].op, Op::Send(_) | Op::Write(_) | Op::Commit(_)) {
            return true;
        }
    }
    false
}

/// The story configuration that replays exactly this (variant, cut, fault):
/// the crash lands right after the position's last foreground event and the
/// hidden branches on its path are injected. The time-based run's background
/// writer does not run within the few milliseconds of one action, so the
/// story shows the sub-cut with no background progress (the worst case for
/// every variant except I-abort-release under LastStateRow, whose danger
/// needs the abandoned commit to land first). Returns `None` for an unknown cut.
pub fn story_config(variant: Variant, cut: u32, fault: FaultKind, opts: &MatrixOptions) -> Option<VoteConfig> {
    let chain = build_chain(variant, opts);
    let order = chain.preorder();
    let node = *order.get(cut as usize)?;
    // Extend the path to its first leaf so later branch choices are fixed too.
    let mut leaf = node;
    while let Some(&first) = chain.nodes[leaf].children.first() {
        leaf = first;
    }
    let mut config = VoteConfig {
        variant,
        crash_after_events: Some((chain.path(node).len() - 1) as u32),
        fault,
        profile: opts.profile,
        device_honours_sync: opts.device_honours_sync,
        layout: opts.layout,
        ..VoteConfig::default()
    };
    for n in chain.path(leaf) {
        match chain.nodes[n].op {
            Op::SyncError(_, ts) => config.sync_error_true_state = ts,
            Op::PinTrue(_, ts) => config.poisoned_true_state = ts,
            Op::OuterRollback(_) => config.outer_end = OuterEnd::Rollback,
            Op::Commit(_) if chain.nodes[n].name.step == PipelineStep::OuterCommit => {
                config.outer_end = OuterEnd::Commit
            }
            _ => {}
        }
        if let PipelineStep::InterruptAt(stage) = chain.nodes[n].name.step {
            config.interrupt_during = Some(stage);
        }
    }
    Some(config)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prototype_counts_for_the_plain_orderings() {
        let counts = cut_counts(&MatrixOptions::default());
        let get = |v: Variant| counts.iter().find(|(x, _)| *x == v).expect("a count per variant").1;
        assert_eq!(get(Variant::V0), 26);
        assert_eq!(get(Variant::V1), 17);
        assert_eq!(get(Variant::V2), 11);
        assert_eq!(get(Variant::V3), 15);
        assert_eq!(get(Variant::V4), 18);
    }
}
