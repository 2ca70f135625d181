//! The words of Article B's figures: scenes, verdicts, labels, the crash matrix and the tap-to-crash figure.
//!
//! Declared here once; the Korean table is [`crate::ko::vote`], the English
//! one [`crate::en::vote`]. The functions below are the language-neutral
//! composition: from a simulation fact (a storage layer, a pipeline step, a
//! trace event, a whole run) they pick the table's word or template and fill
//! it. Article B's variant, fault, step and round names are the catalogue's
//! ([`crate::catalogue`]).

mod beats;
mod page;

pub use beats::{beat_sentence, fault_mark_label, gap, layer_phrase, BeatWords};
pub use page::{ControlWords, CrashMapWords, PageWords};

use crate::catalogue::{fault, step_name, vote_variant};
use crate::Words;
use lab_sim::vote::{
    ConflictSource, EventKind, InterruptStage, Layer, MsgKind, PipelineStep, Step, StepName, StoreProfile, TraceEvent,
    Verdict, VoteTrace, WorkCapped, VALIDATOR_NAMES,
};

crate::words! {
    /// Every word of this domain, one field each.
    pub struct VoteWords {
        /// Names: layers, steps, profiles, verdicts.
        pub names: NameWords,
        /// The player's one-line description of a trace event ([`describe_event`]).
        pub events: EventWords,
        /// A story run's text alternative ([`describe_story`]).
        pub run: RunWords,
        /// The work cap's notice ([`cap_notice`]).
        pub cap: CapWords,
        /// The labels drawn on a story (B1, B3, B4).
        pub draw: StoryDrawWords,
        /// What a story's mark says when pointed at.
        pub story_tips: StoryTipWords,
        /// Figure B6's storage stack: its faults, layers and tips.
        pub stack: StackWords,
        /// What the page says beside a figure: verdicts, text alternatives, facts.
        pub figure: FigureWords,
        /// Figure B2-1, the lane the reader strikes.
        pub tap: TapCrashWords,
        /// Figure B2's text alternative.
        pub matrix: MatrixWords,
        /// Figure B5's axes and labels.
        pub liveness: LivenessWords,
        /// The sentences of a story's scenes ([`beat_sentence`]).
        pub beats: BeatWords,
        /// What the page says around Article B's figures: loading, failures, controls.
        pub page: PageWords,
        /// The crash-point map's table (B2).
        pub crash_map: CrashMapWords,
        /// A story figure's markup and controls.
        pub controls: ControlWords,
    }
}

crate::words! {
    /// Figure B2's text alternative, one part per row.
    pub struct MatrixWords {
        /// `{variant}`, `{code}`.
        pub row: &'static str,
        pub no_danger: &'static str,
        /// `{kill}`, `{kill_from}`, `{power}`, `{power_from}`.
        pub danger: &'static str,
        /// `{event}` from which the cells are unsafe.
        pub from: &'static str,
        /// `{n}` fenced cells.
        pub fenced: &'static str,
        /// `{rows}`, `{parts}`.
        pub whole: &'static str,
    }
}

crate::words! {
    /// Figure B5's axes and labels.
    pub struct LivenessWords {
        pub x_axis: &'static str,
        pub y_axis: &'static str,
        /// Transactions `{names}` finalized.
        pub finalized: &'static str,
        pub not_finalized: &'static str,
    }
}

crate::words! {
    /// Figure B2-1's words: its drawn labels, verdicts and text alternative.
    pub struct TapCrashWords {
        pub lane: &'static str,
        pub network: &'static str,
        pub pick: &'static str,
        pub safe: &'static str,
        pub could_twice: &'static str,
        pub did_twice: &'static str,
        pub fenced: &'static str,
        pub kept: &'static str,
        pub wiped: &'static str,
        pub keys: &'static str,
        pub not_yet: &'static str,
        /// A vote or its record: `{height}`, `{step}`, `{value}`.
        pub vote: &'static str,
        /// The text alternative's opening: `{at}`, `{fault}`; then the
        /// stage under way (`{stage}`) or none.
        pub struck: &'static str,
        pub during_stage: &'static str,
        pub idle: &'static str,
        pub no_records: &'static str,
        /// A record: `{label}`, `{layer}`, `{fate}`; all of them: `{list}`.
        pub record: &'static str,
        pub records: &'static str,
        pub none_sent: &'static str,
        /// A vote the network holds: `{label}`, `{to}`; all of them: `{list}`.
        pub sent_vote: &'static str,
        pub sent: &'static str,
        pub none_restored: &'static str,
        pub restored: &'static str,
        /// `{restored}`, `{verdict}`.
        pub after_restart: &'static str,
        pub forgotten: &'static str,
        /// The drawn verdict badge: `{verdict}`.
        pub badge: &'static str,
    }
}

crate::words! {
    /// What the page says beside an Article B figure: the story's verdict,
    /// the text alternatives that are not a story's, B5's series and the
    /// numbers a prediction reveals.
    pub struct FigureWords {
        /// B5's series: `{n}` validators blocked.
        pub blocked: &'static str,
        /// B, C or D (`{who}`) holds both signatures (`{v1}`, `{v2}`).
        pub verdict_unsafe: &'static str,
        pub verdict_fenced: &'static str,
        /// A vote the network saw (`{value}`) is gone from A's store.
        pub verdict_lost: &'static str,
        pub verdict_safe: &'static str,
        pub warning_conn: &'static str,
        /// B3's text alternative: `{story}` of the upper panel; the lower's
        /// `{how}` (refused or not), `{n}` sends and `{story}`.
        pub upper_panel: &'static str,
        pub lower_panel: &'static str,
        pub join_refused: &'static str,
        pub join_not_refused: &'static str,
        /// B5's text alternative, one run: `{n}`, `{secs}`, `{height}`, `{txs}`, `{finalized}`, `{first}`.
        pub liveness_run: &'static str,
        /// `{first}` of [`FigureWords::liveness_run`]: `{at}`.
        pub first_finalized: &'static str,
        /// B4's probes: `{probes}`, `{answered}`, `{stalled}`, `{max}`, `{sends}`.
        pub probes: &'static str,
        /// B6's text alternative: `{at}`, `{tx}`, `{committed}`, `{os}`, `{disk}`, `{fate}`, `{device}`.
        pub stack: &'static str,
        pub stack_no_fault: &'static str,
        /// `{fault}`, `{total}`, `{alive}`.
        pub stack_after: &'static str,
        pub device_ignores_sync: &'static str,
        /// B6's facts: `{fault}`.
        pub fact_lost_label: &'static str,
        pub fact_lost_where: &'static str,
        /// `{n}` of `{total}` records.
        pub fact_records: &'static str,
        pub fact_finalized_label: &'static str,
        /// `{n}` of `{total}` transactions.
        pub fact_txs: &'static str,
    }
}

crate::words! {
    /// What a story's mark (a message, a crash, a restart, a badge, the
    /// fence, a stage) says when pointed at, as far as the player has come.
    pub struct StoryTipWords {
        /// A message: `{signer}`, `{kind}`, `{value}`, `{height}`, `{round}`, `{from}`, `{to}`.
        pub message: &'static str,
        /// `{what}` (the message), `{at}` (sent), `{fate}`.
        pub message_line: &'static str,
        pub arrived: &'static str,
        pub in_flight: &'static str,
        pub undelivered: &'static str,
        /// A's crash: `{at}`, `{how}` (what the fault takes), `{kept}`.
        pub crash: &'static str,
        pub crash_power: &'static str,
        pub crash_kill: &'static str,
        pub restart: &'static str,
        /// A badge holding both signatures: `{who}`, `{at}`, `{height}`, `{round}`, `{v1}`, `{v2}`.
        pub badge: &'static str,
        pub no_badge: &'static str,
        pub fenced: &'static str,
        /// A stage: `{step}`, `{start}`, `{end}`, `{how}`.
        pub stage: &'static str,
        pub stage_open: &'static str,
        pub stage_failed: &'static str,
        pub stage_background: &'static str,
    }
}

crate::words! {
    /// Figure B6's words: the faults on its buttons, what each layer is, the
    /// chips, the losses it draws, and its tips.
    pub struct StackWords {
        /// No fault yet, a process kill, a power loss (`StackFault::ALL`'s order).
        pub faults: [&'static str; 3],
        /// Where each layer is (`STACK_LAYERS`' order).
        pub places: [&'static str; 4],
        /// A record's chip: `{height}`, `{step}`, `{value}`.
        pub chip: &'static str,
        /// A wiped layer without records, and the records it loses (`{n}`).
        pub wiped_empty: &'static str,
        pub wiped: &'static str,
        /// A chip's tip: `{label}`, `{layer}`, `{fate}`.
        pub tip_record: &'static str,
        /// A layer's tip: `{layer}`, `{n}`, `{tail}`.
        pub tip_layer: &'static str,
        /// The fates and tails after them: `{fault}`, `{n}`.
        pub survives: &'static str,
        pub gone: &'static str,
        pub press: &'static str,
        pub lost_after: &'static str,
        /// What pointing at a layer offers (`{layer}`, `{fault}`), and at none.
        pub offer: &'static str,
        pub offer_none: &'static str,
    }
}

crate::words! {
    /// The labels a story drawing writes on its lanes, strip and axis.
    pub struct StoryDrawWords {
        /// A lane's process is down.
        pub down: &'static str,
        /// A lane's process is fenced.
        pub fenced: &'static str,
        /// A's lane name, `{name}` (the node the reader follows).
        pub us: &'static str,
        pub outer_committed: &'static str,
        pub outer_rolled_back: &'static str,
        pub outer_open: &'static str,
        /// A record lost, `{value}`.
        pub lost: &'static str,
        /// Where a record is cannot be known.
        pub unknown: &'static str,
        /// The crash mark of a power cut and of a kill.
        pub power: &'static str,
        pub kill: &'static str,
        pub restart: &'static str,
        /// A refused signature, `{value}`.
        pub refused: &'static str,
        /// The fenced store refusing the new engine or its reads and writes.
        pub refused_fenced: &'static str,
        pub join_refused: &'static str,
        pub sync_error: &'static str,
        pub interrupt: &'static str,
        pub conn_returned: &'static str,
        /// The evidence pool's badge, `{v1}` and `{v2}`.
        pub evidence: &'static str,
        pub no_evidence: &'static str,
        /// The status-probe lane's name (B4).
        pub probes: &'static str,
        /// The axis note without and with break marks.
        pub axis_warped: &'static str,
        pub axis_gaps: &'static str,
        /// B3's panel titles and the lower panel's note while it waits.
        pub title_joining: &'static str,
        pub title_refusing: &'static str,
        pub waits_for_upper: &'static str,
    }
}

crate::words! {
    /// The names Article B's figures draw and write.
    pub struct NameWords {
        /// A store profile (`H2Like`, `WalOsCache`, `RocksSyncWal`).
        pub profiles: [&'static str; 3],
        /// Where the conflicting value comes from (`ByzantineY`, `NilTimeout`).
        pub conflicts: [&'static str; 2],
        /// A crash-point verdict (`Safe`, `Unsafe`, `Fenced`).
        pub verdicts: [&'static str; 3],
        /// A storage layer (`Tx`, `Committed`, `OsCache`, `Disk`, `Lost`).
        pub layers: [&'static str; 5],
        /// A consensus step in one word (`Propose`, `Prevote`, `Precommit`, `Commit`): B6's chips.
        pub consensus_steps: [&'static str; 4],
        /// A consensus step as the glossary names it.
        pub consensus_steps_long: [&'static str; 4],
        /// A message's kind (`Proposal`, `Prevote`, `Precommit`).
        pub msg_kinds: [&'static str; 3],
        /// A pipeline step, short enough for a label between two close events.
        pub short: ShortStepWords,
        /// What a step under way waits for, in a sentence's words.
        pub pending: PendingStepWords,
    }
}

crate::words! {
    /// A pipeline step's short name ([`step_short`]).
    pub struct ShortStepWords {
        pub start: &'static str,
        pub sign: &'static str,
        pub write: &'static str,
        pub write_refused: &'static str,
        pub commit: &'static str,
        pub drain: &'static str,
        pub fsync: &'static str,
        pub fsync_error: &'static str,
        pub sync_call: &'static str,
        pub interrupt: &'static str,
        /// A send to a named node: `{to}`.
        pub send_to: &'static str,
        pub send: &'static str,
        pub outer_begin: &'static str,
        pub outer_commit: &'static str,
        pub outer_rollback: &'static str,
        pub fenced: &'static str,
        pub new_engine: &'static str,
    }
}

crate::words! {
    /// What a step under way waits for ([`step_pending_long`]).
    pub struct PendingStepWords {
        pub fsync: &'static str,
        pub drain: &'static str,
        pub commit: &'static str,
        pub sync_call: &'static str,
        pub write: &'static str,
        /// Any other step.
        pub other: &'static str,
    }
}

crate::words! {
    /// One template per trace event kind ([`describe_event`]); `{who}` is a
    /// validator's letter.
    pub struct EventWords {
        pub step_entered: &'static str,
        pub pipeline: &'static str,
        pub background: &'static str,
        pub sent: &'static str,
        /// After [`EventWords::sent`] when the message is relayed.
        pub relayed: &'static str,
        pub received: &'static str,
        pub layer_changed: &'static str,
        pub crashed: &'static str,
        pub restarted: &'static str,
        pub recovered: &'static str,
        pub fenced: &'static str,
        pub engine_recreated: &'static str,
        pub engine_open_refused: &'static str,
        pub store_access_refused: &'static str,
        pub safety_refused: &'static str,
        pub rebroadcast: &'static str,
        pub join_refused: &'static str,
        pub sync_error: &'static str,
        pub interrupt: &'static str,
        pub conn_returned: &'static str,
        pub outer_committed: &'static str,
        pub outer_rolled_back: &'static str,
        pub duplicate: &'static str,
        pub conflict: &'static str,
        pub timeout: &'static str,
        pub finalized: &'static str,
        pub caught_up: &'static str,
        pub tx_submitted: &'static str,
        pub tx_finalized: &'static str,
        pub status: &'static str,
    }
}

crate::words! {
    /// The sentences of a story run's text alternative ([`describe_story`]),
    /// each ending with the space before the next.
    pub struct RunWords {
        pub variant: &'static str,
        pub fault: &'static str,
        /// `{after}` of [`RunWords::fault`] when the crash followed a named step.
        pub after_step: &'static str,
        /// `{after}` of [`RunWords::fault`] when the crash came before the first step.
        pub before_first: &'static str,
        pub no_fault: &'static str,
        pub restart: &'static str,
        pub fenced: &'static str,
        pub amnesia: &'static str,
        pub false_memory: &'static str,
        pub no_double_vote: &'static str,
        pub double_vote: &'static str,
        pub refusals: &'static str,
        pub early_sends: &'static str,
        pub conn_returned: &'static str,
        pub liveness_all: &'static str,
        pub liveness_not_all: &'static str,
    }
}

crate::words! {
    /// The page's notice when the work cap stopped a run ([`cap_notice`]).
    pub struct CapWords {
        pub stopped: &'static str,
        /// Added when every cost of a height is zero.
        pub costs_nothing: &'static str,
    }
}

/// A store profile's name.
pub fn profile(w: &Words, p: StoreProfile) -> &'static str {
    let i = match p {
        StoreProfile::H2Like => 0,
        StoreProfile::WalOsCache => 1,
        StoreProfile::RocksSyncWal => 2,
    };
    w.vote.names.profiles[i]
}

/// Where the conflicting value comes from.
pub fn conflict(w: &Words, c: ConflictSource) -> &'static str {
    let i = match c {
        ConflictSource::ByzantineY => 0,
        ConflictSource::NilTimeout => 1,
    };
    w.vote.names.conflicts[i]
}

/// A crash point's verdict.
pub fn verdict(w: &Words, v: Verdict) -> &'static str {
    let i = match v {
        Verdict::Safe => 0,
        Verdict::Unsafe => 1,
        Verdict::Fenced => 2,
    };
    w.vote.names.verdicts[i]
}

/// A storage layer's name (the chapters' words).
pub fn layer(w: &Words, l: Layer) -> &'static str {
    let i = match l {
        Layer::Tx => 0,
        Layer::Committed => 1,
        Layer::OsCache => 2,
        Layer::Disk => 3,
        Layer::Lost => 4,
    };
    w.vote.names.layers[i]
}

/// A storage layer's code name (`Tx`, `Committed`, `OsCache`, `Disk`), kept
/// beside its name in text alternatives and tips.
pub fn layer_code(l: Layer) -> &'static str {
    match l {
        Layer::Tx => "Tx",
        Layer::Committed => "Committed",
        Layer::OsCache => "OsCache",
        Layer::Disk => "Disk",
        Layer::Lost => "Lost",
    }
}

fn step_index(step: Step) -> usize {
    match step {
        Step::Propose => 0,
        Step::Prevote => 1,
        Step::Precommit => 2,
        Step::Commit => 3,
    }
}

/// A consensus step in a word (B6's record chips).
pub fn consensus_step(w: &Words, step: Step) -> &'static str {
    w.vote.names.consensus_steps[step_index(step)]
}

/// A consensus step's name as the glossary has it (the player's status line).
pub fn consensus_step_long(w: &Words, step: Step) -> &'static str {
    w.vote.names.consensus_steps_long[step_index(step)]
}

/// A message's kind.
pub fn msg_kind(w: &Words, k: MsgKind) -> &'static str {
    let i = match k {
        MsgKind::Proposal => 0,
        MsgKind::Prevote => 1,
        MsgKind::Precommit => 2,
    };
    w.vote.names.msg_kinds[i]
}

/// A short name of a step for narrow places in the figures, so a label
/// fits between two close events.
pub fn step_short(w: &Words, step: PipelineStep) -> String {
    let s = &w.vote.names.short;
    let word = match step {
        PipelineStep::Start => s.start,
        PipelineStep::Sign => s.sign,
        PipelineStep::Write => s.write,
        PipelineStep::WriteRefused => s.write_refused,
        PipelineStep::Commit => s.commit,
        PipelineStep::Drain => s.drain,
        PipelineStep::Fsync => s.fsync,
        PipelineStep::FsyncError => s.fsync_error,
        PipelineStep::SyncCall => s.sync_call,
        PipelineStep::InterruptAt(_) => s.interrupt,
        PipelineStep::Send(to) => match VALIDATOR_NAMES.get(to) {
            Some(name) => return w.fill(s.send_to, &[("to", name)]),
            None => s.send,
        },
        PipelineStep::OuterBegin => s.outer_begin,
        PipelineStep::OuterCommit => s.outer_commit,
        PipelineStep::OuterRollback => s.outer_rollback,
        PipelineStep::Fenced => s.fenced,
        PipelineStep::NewEngine => s.new_engine,
    };
    word.to_string()
}

/// What a step still under way at the player's cursor is waiting for, in
/// the short form of [`step_short`]: a step that will end in failure (a
/// sync error, a refused join, a cut by an interrupt) is named by what it
/// is doing, since its outcome is not known yet at that moment.
pub fn step_pending(w: &Words, step: PipelineStep) -> String {
    let s = &w.vote.names.short;
    match step {
        PipelineStep::FsyncError | PipelineStep::InterruptAt(InterruptStage::Fsync) => s.fsync.to_string(),
        PipelineStep::InterruptAt(InterruptStage::Drain) => s.drain.to_string(),
        PipelineStep::InterruptAt(InterruptStage::Commit) => s.commit.to_string(),
        PipelineStep::WriteRefused => s.write.to_string(),
        other => step_short(w, other),
    }
}

/// The same wait in a sentence's words (B4's opening).
pub fn step_pending_long(w: &Words, step: PipelineStep) -> &'static str {
    let p = &w.vote.names.pending;
    match step {
        PipelineStep::Fsync | PipelineStep::FsyncError | PipelineStep::InterruptAt(InterruptStage::Fsync) => p.fsync,
        PipelineStep::Drain | PipelineStep::InterruptAt(InterruptStage::Drain) => p.drain,
        PipelineStep::Commit | PipelineStep::InterruptAt(InterruptStage::Commit) => p.commit,
        PipelineStep::SyncCall => p.sync_call,
        PipelineStep::Write | PipelineStep::WriteRefused => p.write,
        _ => p.other,
    }
}

/// A pipeline event's name (a `StepName`'s text) in words, for row heads,
/// slider labels and tips: `SIGN(Y)` is the signing step with `(Y)` after
/// it; a name that is not a step stays as it is.
pub fn event(w: &Words, name: &str) -> String {
    StepName::parse(name).map_or_else(|| name.to_string(), |n| step_name(w, n))
}

/// `1.234ms` below a second, `2.003s` above.
pub fn fmt_time(t_us: u64) -> String {
    if t_us < 1_000_000 {
        format!("{:.3}ms", t_us as f64 / 1000.0)
    } else {
        format!("{:.3}s", t_us as f64 / 1e6)
    }
}

fn who(v: u32) -> &'static str {
    VALIDATOR_NAMES.get(v as usize).copied().unwrap_or("?")
}

/// One line describing a trace event (the player's status line), after its time.
pub fn describe_event(w: &Words, e: &TraceEvent) -> String {
    let t = &w.vote.events;
    let f = |template: &str, values: &[(&str, &str)]| w.fill(template, values);
    let what = match &e.kind {
        EventKind::StepEntered { validator, height, round, step } => f(
            t.step_entered,
            &[
                ("who", who(*validator)),
                ("height", &height.to_string()),
                ("round", &crate::catalogue::round(w, *round)),
                ("step", consensus_step_long(w, *step)),
            ],
        ),
        EventKind::PipelineEvent { validator, name, index, .. } => f(
            t.pipeline,
            &[("who", who(*validator)), ("event", &event(w, name)), ("index", &index.to_string()), ("code", name)],
        ),
        EventKind::BackgroundStep { validator, name, .. } => {
            f(t.background, &[("who", who(*validator)), ("event", &event(w, name)), ("code", name)])
        }
        EventKind::MessageSent { from, to, msg_kind: k, value, signer, relayed, .. } => f(
            t.sent,
            &[
                ("from", who(*from)),
                ("to", who(*to)),
                ("signer", who(*signer)),
                ("kind", msg_kind(w, *k)),
                ("value", &value.label()),
                ("relayed", if *relayed { t.relayed } else { "" }),
            ],
        ),
        EventKind::MessageReceived { from, to, msg_kind: k, value, signer, .. } => f(
            t.received,
            &[
                ("from", who(*from)),
                ("to", who(*to)),
                ("signer", who(*signer)),
                ("kind", msg_kind(w, *k)),
                ("value", &value.label()),
            ],
        ),
        EventKind::RecordLayerChanged { validator, layer: l, .. } => {
            f(t.layer_changed, &[("who", who(*validator)), ("layer", layer(w, *l)), ("code", layer_code(*l))])
        }
        EventKind::Crashed { validator, fault: kind } => {
            f(t.crashed, &[("who", who(*validator)), ("fault", fault(w, *kind))])
        }
        EventKind::Restarted { validator } => f(t.restarted, &[("who", who(*validator))]),
        EventKind::Recovered { validator, records } => {
            f(t.recovered, &[("who", who(*validator)), ("records", &records.to_string())])
        }
        EventKind::Fenced { validator, .. } => f(t.fenced, &[("who", who(*validator))]),
        EventKind::EngineRecreated { validator } => f(t.engine_recreated, &[("who", who(*validator))]),
        EventKind::EngineOpenRefused { validator } => f(t.engine_open_refused, &[("who", who(*validator))]),
        EventKind::StoreAccessRefused { validator } => f(t.store_access_refused, &[("who", who(*validator))]),
        EventKind::SafetyRefused { validator, wanted, recorded, .. } => f(
            t.safety_refused,
            &[("who", who(*validator)), ("wanted", &wanted.label()), ("recorded", &recorded.label())],
        ),
        EventKind::Rebroadcast { validator, value, .. } => {
            f(t.rebroadcast, &[("who", who(*validator)), ("value", &value.label())])
        }
        EventKind::JoinRefused { validator } => f(t.join_refused, &[("who", who(*validator))]),
        EventKind::SyncErrorRaised { validator } => f(t.sync_error, &[("who", who(*validator))]),
        EventKind::InterruptDelivered { validator, stage } => {
            f(t.interrupt, &[("who", who(*validator)), ("stage", &event(w, stage))])
        }
        EventKind::ConnReturnedWhilePending { validator } => f(t.conn_returned, &[("who", who(*validator))]),
        EventKind::OuterTxEnded { validator, committed } => {
            f(if *committed { t.outer_committed } else { t.outer_rolled_back }, &[("who", who(*validator))])
        }
        EventKind::DuplicateVoteDetected { detector, signer, v1, v2, .. } => f(
            t.duplicate,
            &[("who", who(*detector)), ("signer", who(*signer)), ("v1", &v1.label()), ("v2", &v2.label())],
        ),
        EventKind::ConflictInjected { from, to, value } => {
            f(t.conflict, &[("from", who(*from)), ("to", who(*to)), ("value", &value.label())])
        }
        EventKind::TimeoutFired { validator, step, .. } => {
            f(t.timeout, &[("who", who(*validator)), ("step", consensus_step_long(w, *step))])
        }
        EventKind::Finalized { validator, height, value } => {
            f(t.finalized, &[("who", who(*validator)), ("height", &height.to_string()), ("value", &value.label())])
        }
        EventKind::CaughtUp { validator, to_height } => {
            f(t.caught_up, &[("who", who(*validator)), ("height", &to_height.to_string())])
        }
        EventKind::TxSubmitted { tx } => f(t.tx_submitted, &[("tx", &tx.to_string())]),
        EventKind::TxFinalized { tx, height } => {
            f(t.tx_finalized, &[("tx", &tx.to_string()), ("height", &height.to_string())])
        }
        EventKind::StatusAnswered { validator, latency_us, .. } => {
            f(t.status, &[("who", who(*validator)), ("latency", &latency_us.to_string())])
        }
    };
    format!("{}: {what}", fmt_time(e.at.t_us))
}

/// The earliest stop among the runs the work cap stopped, with its run.
pub fn earliest_capped<'a>(traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<(&'a VoteTrace, WorkCapped)> {
    traces.into_iter().filter_map(|t| t.capped.map(|c| (t, c))).min_by_key(|(_, c)| c.at_us)
}

/// The page's notice when the work cap (`sim::vote::MAX_EVENTS`) stopped any
/// of a figure's runs; `None` when every run is whole. When every cost of a
/// height is zero (`VoteTiming::costs_nothing`), it says that the setting,
/// though inside the documented ranges, is not a real device's.
pub fn cap_notice<'a>(w: &Words, traces: impl IntoIterator<Item = &'a VoteTrace>) -> Option<String> {
    let (trace, cap) = earliest_capped(traces)?;
    let mut s = w.fill(
        w.vote.cap.stopped,
        &[("at", &fmt_time(cap.at_us)), ("max", &cap.max_events.to_string()), ("horizon", &fmt_time(cap.horizon_us))],
    );
    if trace.config.timing.costs_nothing() {
        s.push_str(w.vote.cap.costs_nothing);
    }
    Some(s)
}

/// The text alternative of a story run: what happened, with key numbers.
pub fn describe_story(w: &Words, trace: &VoteTrace) -> String {
    let r = &w.vote.run;
    let c = &trace.config;
    let o = &trace.outcome;
    let mut s = w.fill(r.variant, &[("variant", vote_variant(w, c.variant)), ("code", c.variant.code())]);
    match (o.crash_at, &o.crash_after_event_name) {
        (Some(at), name) => {
            let after = match (o.crash_after_events, name) {
                (Some(k), Some(n)) => {
                    w.fill(r.after_step, &[("k", &k.to_string()), ("event", &event(w, n)), ("code", n)])
                }
                (Some(0), None) => r.before_first.to_string(),
                _ => String::new(),
            };
            s.push_str(
                &w.fill(r.fault, &[("fault", fault(w, c.fault)), ("at", &fmt_time(at.t_us)), ("after", &after)]),
            );
        }
        (None, _) => s.push_str(r.no_fault),
    }
    if let Some(at) = o.restart_at {
        let records = trace.events.iter().find_map(|e| match e.kind {
            EventKind::Recovered { validator: 0, records } => Some(records),
            _ => None,
        });
        s.push_str(&w.fill(r.restart, &[("at", &fmt_time(at.t_us)), ("records", &records.unwrap_or(0).to_string())]));
    }
    if let Some(Some(f)) = o.fenced.first() {
        s.push_str(&w.fill(r.fenced, &[("at", &fmt_time(f.since.t_us))]));
    }
    if !o.amnesia.is_empty() {
        let n: usize = o.amnesia.iter().map(|a| a.forgotten.len()).sum();
        s.push_str(&w.fill(r.amnesia, &[("n", &n.to_string())]));
    }
    if !o.false_memory.is_empty() {
        s.push_str(r.false_memory);
    }
    match o.equivocations.first() {
        None => s.push_str(r.no_double_vote),
        Some(e) => s.push_str(&w.fill(
            r.double_vote,
            &[
                ("height", &e.height.to_string()),
                ("round", &crate::catalogue::round(w, e.round)),
                ("v1", &e.v1.label()),
                ("v2", &e.v2.label()),
                ("who", who(e.first_detected_by)),
                ("at", &fmt_time(e.detected_at.t_us)),
            ],
        )),
    }
    let d = &o.diagnostics;
    if d.safety_refusals > 0 {
        s.push_str(&w.fill(r.refusals, &[("n", &d.safety_refusals.to_string())]));
    }
    if d.broadcast_while_not_durable > 0 {
        s.push_str(&w.fill(r.early_sends, &[("n", &d.broadcast_while_not_durable.to_string())]));
    }
    if d.conn_returned_while_pending > 0 {
        s.push_str(r.conn_returned);
    }
    let l = &o.liveness;
    let liveness = if l.both_txs_finalized_by_horizon { r.liveness_all } else { r.liveness_not_all };
    s.push_str(&w.fill(
        liveness,
        &[("secs", &(c.horizon_ms / 1000).to_string()), ("height", &l.max_finalized_height.to_string())],
    ));
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;
    use lab_model::facts::vote::{BeatFact, FaultMarkKind, Wait};
    use lab_sim::vote::{run, Device, FaultKind, TraceLevel, Value, VoteConfig};

    fn hangul(s: &str) -> bool {
        s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
    }

    /// One fact of every kind of scene.
    fn every_scene() -> Vec<BeatFact> {
        let honest = Device { honours_sync: true, cache_window_us: 2_000_000 };
        let lying = Device { honours_sync: false, cache_window_us: 1_500_000 };
        let mut facts = vec![
            BeatFact::Held { to: 1, value: Value::X, layer: None },
            BeatFact::Sign { proposer: 3, outer_open: true },
            BeatFact::WriteInOuter,
            BeatFact::Drain { before: Some(Layer::Committed), now: Some(Layer::OsCache) },
            BeatFact::SendX { to: 1, layer: Some(Layer::Tx) },
            BeatFact::SendY { proposer: 3, forgot: true },
            BeatFact::SyncError,
            BeatFact::EngineRefused,
            BeatFact::JoinRefused,
            BeatFact::AccessRefused,
            BeatFact::EngineRecreated,
            BeatFact::ConnReturned,
            BeatFact::OuterEnd { committed: false },
            BeatFact::Crash { fault: FaultKind::Power, layer: Some(Layer::OsCache), at_send: Some(1) },
            BeatFact::Recovered { after_us: Some(2_000_000), records: 1, restored: None, value: Value::X, sent: true },
            BeatFact::Rebroadcast { value: Value::X },
            BeatFact::Refused { proposer: 3, wanted: Value::Y, recorded: Value::X },
            BeatFact::Detected { detector: 2, v1: Value::X, v2: Value::Y },
            BeatFact::Opening {
                waiting: Some((PipelineStep::Fsync, 2_500)),
                layer: Some(Layer::OsCache),
                mark: Some(FaultMarkKind::SyncError),
            },
        ];
        for device in [honest, lying] {
            facts.push(BeatFact::Commit { now: Some(Layer::Disk), device });
            facts.push(BeatFact::Fsync { before: None, now: Some(Layer::Disk), device, waited: false });
        }
        facts.extend([Wait::Commit, Wait::Drain, Wait::Fsync].map(|wait| BeatFact::Interrupt { wait }));
        facts
    }

    /// Every scene is said in English with no Korean and no unfilled
    /// placeholder, and differently from the Korean.
    #[test]
    fn every_scene_reads_in_english() {
        let (en, ko) = (Words::of(Lang::En), Words::of(Lang::Ko));
        for fact in every_scene() {
            let said = beat_sentence(en, &fact);
            assert!(!hangul(&said) && !said.contains('{') && !said.is_empty(), "{fact:?}: {said}");
            assert_ne!(said, beat_sentence(ko, &fact), "{fact:?}");
        }
        let restart = BeatFact::Recovered {
            after_us: Some(1_500_000),
            records: 1,
            restored: Some(Value::X),
            value: Value::X,
            sent: false,
        };
        assert_eq!(
            beat_sentence(en, &restart),
            "1.5 s later, A restarts and restores 1 safety record. A remembers that it voted for X."
        );
        let lying = Device { honours_sync: false, cache_window_us: 2_000_000 };
        assert!(beat_sentence(
            en,
            &BeatFact::Fsync { before: None, now: Some(Layer::Disk), device: lying, waited: false }
        )
        .ends_with("a power loss within 2 s of the write reaching the disk can take the record."));
    }

    /// A whole run, its events and its cap notice in English: plain
    /// English, with the catalogue's names.
    #[test]
    fn a_run_reads_in_english() {
        let en = Words::of(Lang::En);
        let trace = run(&VoteConfig::default(), TraceLevel::Full);
        let story = describe_story(en, &trace);
        assert!(!hangul(&story) && !story.contains('{'), "{story}");
        assert!(story.starts_with("A's implementation: "), "{story}");
        assert!(story.contains("Double vote: at height 10, "), "{story}");
        for e in &trace.events {
            let line = describe_event(en, e);
            assert!(!hangul(&line) && !line.contains('{'), "{line}");
        }
        for step in PipelineStep::ORDER {
            assert!(!hangul(&step_short(en, step)) && !hangul(step_pending_long(en, step)), "{step:?}");
        }
    }
}
