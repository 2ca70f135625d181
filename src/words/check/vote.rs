//! Article B's smallest failing crash in words (`lab_check::vote`): the
//! section's headings, one sentence per pipeline step, what a crash there
//! does and what the simulation counted when it ran that crash again.
//!
//! The variants', faults', steps' and rounds' names are the catalogue
//! domain's ([`names`]).

use lab_check::vote::{Simulated, SmallestCrash, VoteReport, VoteVerdict};
use lab_sim::vote::crashpoints::MatrixOptions;
use lab_sim::vote::{
    FaultKind, InterruptStage, Layout, PipelineStep, Step, StepName, StoreProfile, TrueState, Variant, VoteConfig,
    VALIDATOR_NAMES,
};

use crate::Words;

crate::words! {
    /// The words of `lab check`'s Article B section.
    pub struct CrashWords {
        pub title: &'static str,
        pub head_variant: &'static str,
        pub head_verdict: &'static str,
        pub head_checked: &'static str,
        pub head_earliest: &'static str,
        pub head_fault: &'static str,
        pub verdict_unsafe: &'static str,
        pub verdict_safe: &'static str,
        pub nothing_done: &'static str,
        pub assumptions: &'static str,
        /// Between the names of the faults a crash point fails under.
        pub faults_join: &'static str,
        /// The store profiles: H2-like, commit to the OS cache, a synchronous WAL.
        pub profiles: [&'static str; 3],
        /// The signing record's layouts: an append log, one overwritten row.
        pub layout_append: &'static str,
        pub layout_last_row: &'static str,
        /// Whether the device honours sync, and whether a "success" after a sync error is trusted.
        pub sync_honoured: &'static str,
        pub sync_maybe: &'static str,
        pub trust_not: &'static str,
        pub trust_yes: &'static str,
        /// The matrix's options: `{height}`, `{round}`, `{profile}`, `{sync}`, `{layout}`, `{trust}`.
        pub options_line: &'static str,
        /// The table's earliest failure: `{depth}`, `{name}`, `{after}`.
        pub earliest: &'static str,
        /// A variant's heading over its steps: `{depth}`, `{faults}`.
        pub heading: &'static str,
        /// Where a record really is after a sync that cannot be trusted: OS cache, disk, dropped; or unknown.
        pub true_states: [&'static str; 3],
        pub hidden_unknown: &'static str,
        /// Where a commit puts the record, per store profile.
        pub committed_to: [&'static str; 3],
        /// One sentence per pipeline step; `{value}` is X or Y, `{hidden}` a true state, `{place}` a committed-to place.
        pub step_outer_begin: &'static str,
        pub step_sign_conflicting: &'static str,
        pub step_sign: &'static str,
        pub step_write_refused: &'static str,
        pub step_write_outer: &'static str,
        pub step_write: &'static str,
        pub step_commit: &'static str,
        pub step_sync_call: &'static str,
        pub step_drain: &'static str,
        pub step_fsync_untrusted: &'static str,
        pub step_fsync: &'static str,
        pub step_fsync_error: &'static str,
        pub step_fenced: &'static str,
        pub step_new_engine: &'static str,
        /// `{value}`, `{to}` (a validator's name).
        pub step_send: &'static str,
        pub step_outer_commit: &'static str,
        pub step_outer_rollback: &'static str,
        /// An interrupt during a stage (`{during}`), then what the variant does (`{then}`).
        pub step_interrupt: &'static str,
        pub interrupted: [&'static str; 3],
        pub then_wait: &'static str,
        pub then_success: &'static str,
        pub then_abort: &'static str,
        /// Between the names of the faults that fail, as the subject of the verdict.
        pub faults_or: &'static str,
        /// What a crash there does, in every interleaving (`{faults}`) or in some (`{faults}`, `{orders}`).
        pub crash_always: &'static str,
        pub crash_partly: &'static str,
        /// The interleavings that fail: `{partly}`, each `{fault}`, `{all}`, `{bad}`.
        pub orders: &'static str,
        pub order_part: &'static str,
        /// The consensus steps: propose, prevote, precommit, commit.
        pub consensus_steps: [&'static str; 4],
        /// What the simulation counted: `{fault}`, then a double vote
        /// (`{height}`, `{step}`, `{a}`, `{b}`) or none, amnesia (`{value}`), a false memory (`{recovered}`, `{seen}`).
        pub simulated: &'static str,
        pub simulated_pair: &'static str,
        pub simulated_none: &'static str,
        pub simulated_forgotten: &'static str,
        pub simulated_seen: &'static str,
    }
}

/// Article B's names: a variant's, a fault's, a step's, a round's (the catalogue domain's).
pub mod names {
    pub use crate::catalogue::{fault, round, step_name as event, vote_variant as variant};
}

fn profile_index(p: StoreProfile) -> usize {
    match p {
        StoreProfile::H2Like => 0,
        StoreProfile::WalOsCache => 1,
        StoreProfile::RocksSyncWal => 2,
    }
}

/// The verdict's words.
pub fn verdict(w: &Words, v: VoteVerdict) -> &'static str {
    match v {
        VoteVerdict::Unsafe => w.check.vote.verdict_unsafe,
        VoteVerdict::Safe => w.check.vote.verdict_safe,
    }
}

/// The faults under which a crash point fails, joined.
pub fn faults(w: &Words, faults: &[FaultKind]) -> String {
    faults.iter().map(|&f| names::fault(w, f)).collect::<Vec<_>>().join(w.check.vote.faults_join)
}

/// The matrix's options in one sentence, naming figure B2; the signed
/// action is A's prevote at `height` and 0-based `round_index`.
pub fn options_line(w: &Words, o: &MatrixOptions, height: u64, round_index: u32) -> String {
    let c = &w.check.vote;
    let layout = match o.layout {
        Layout::AppendLog => c.layout_append,
        Layout::LastStateRow => c.layout_last_row,
    };
    w.fill(
        c.options_line,
        &[
            ("height", &height.to_string()),
            ("round", &names::round(w, round_index)),
            ("profile", c.profiles[profile_index(o.profile)]),
            ("sync", if o.device_honours_sync { c.sync_honoured } else { c.sync_maybe }),
            ("layout", layout),
            ("trust", if o.poisoning { c.trust_not } else { c.trust_yes }),
        ],
    )
}

/// The table's earliest failure: its depth and the last step done (`SEND_B`).
pub fn earliest(w: &Words, depth: u32, after: &str) -> String {
    let name = StepName::parse(after).map_or_else(|| after.to_string(), |n| names::event(w, n));
    w.fill(w.check.vote.earliest, &[("depth", &depth.to_string()), ("name", &name), ("after", after)])
}

/// A variant's heading over its steps.
pub fn heading(w: &Words, depth: u32, fs: &[FaultKind]) -> String {
    w.fill(w.check.vote.heading, &[("depth", &depth.to_string()), ("faults", &faults(w, fs))])
}

fn true_state(w: &Words, t: TrueState) -> &'static str {
    let states = &w.check.vote.true_states;
    match t {
        TrueState::OsCache => states[0],
        TrueState::Disk => states[1],
        TrueState::Dropped => states[2],
    }
}

/// The sentence of one step of `variant`'s pipeline; `hidden` is the
/// record's true place after a sync whose answer cannot be trusted.
pub fn step(w: &Words, variant: Variant, name: StepName, hidden: Option<TrueState>, p: StoreProfile) -> String {
    let c = &w.check.vote;
    let value = if name.conflicting { "Y" } else { "X" };
    let place = c.committed_to[profile_index(p)];
    let hidden_text = hidden.map_or(c.hidden_unknown, |t| true_state(w, t));
    let say = |template: &str| w.fill(template, &[("value", value), ("place", place), ("hidden", hidden_text)]);
    match name.step {
        PipelineStep::Start => c.nothing_done.to_string(),
        PipelineStep::OuterBegin => say(c.step_outer_begin),
        PipelineStep::Sign if name.conflicting => say(c.step_sign_conflicting),
        PipelineStep::Sign => say(c.step_sign),
        PipelineStep::WriteRefused => say(c.step_write_refused),
        PipelineStep::Write if variant == Variant::V2 => say(c.step_write_outer),
        PipelineStep::Write => say(c.step_write),
        PipelineStep::Commit => say(c.step_commit),
        PipelineStep::SyncCall => say(c.step_sync_call),
        PipelineStep::Drain => say(c.step_drain),
        PipelineStep::Fsync if hidden.is_some() => say(c.step_fsync_untrusted),
        PipelineStep::Fsync => say(c.step_fsync),
        PipelineStep::FsyncError => say(c.step_fsync_error),
        PipelineStep::Fenced => say(c.step_fenced),
        PipelineStep::NewEngine => say(c.step_new_engine),
        PipelineStep::Send(peer) => {
            let to = VALIDATOR_NAMES.get(peer).copied().unwrap_or("?");
            w.fill(c.step_send, &[("value", value), ("to", to)])
        }
        PipelineStep::OuterCommit => say(c.step_outer_commit),
        PipelineStep::OuterRollback => say(c.step_outer_rollback),
        PipelineStep::InterruptAt(stage) => {
            let during = match stage {
                InterruptStage::Commit => c.interrupted[0],
                InterruptStage::Drain => c.interrupted[1],
                InterruptStage::Fsync => c.interrupted[2],
            };
            let then = match variant {
                Variant::IWaitThenFence => c.then_wait,
                Variant::IAsSuccess => c.then_success,
                Variant::IAbortRelease => c.then_abort,
                _ => "",
            };
            w.fill(c.step_interrupt, &[("during", during), ("then", then)]).trim_end().to_string()
        }
    }
}

/// What a crash at the earliest failing point does: per failing fault
/// (kill first), how many of the background interleavings there fail, of how many.
pub fn crash_verdict(w: &Words, orders: &[(FaultKind, u32, u32)]) -> String {
    let c = &w.check.vote;
    let subject = orders.iter().map(|o| names::fault(w, o.0)).collect::<Vec<_>>().join(c.faults_or);
    let partly: Vec<String> = orders
        .iter()
        .filter(|o| o.1 < o.2)
        .map(|&(f, bad, all)| {
            w.fill(c.order_part, &[("fault", names::fault(w, f)), ("all", &all.to_string()), ("bad", &bad.to_string())])
        })
        .collect();
    if partly.is_empty() {
        w.fill(c.crash_always, &[("faults", &subject)])
    } else {
        let orders = w.fill(c.orders, &[("partly", &partly.join(", "))]);
        w.fill(c.crash_partly, &[("faults", &subject), ("orders", &orders)])
    }
}

fn consensus_step(w: &Words, s: Step) -> &'static str {
    let steps = &w.check.vote.consensus_steps;
    match s {
        Step::Propose => steps[0],
        Step::Prevote => steps[1],
        Step::Precommit => steps[2],
        Step::Commit => steps[3],
    }
}

/// What the simulation's story counted at that crash.
pub fn simulated(w: &Words, sim: &Simulated) -> String {
    let c = &w.check.vote;
    let mut out = w.fill(c.simulated, &[("fault", names::fault(w, sim.fault))]);
    match &sim.pair {
        Some((height, step, a, b)) => {
            out += &w.fill(
                c.simulated_pair,
                &[("height", &height.to_string()), ("step", consensus_step(w, *step)), ("a", a), ("b", b)],
            )
        }
        None => out += c.simulated_none,
    }
    if let Some(v) = &sim.forgotten {
        out += &w.fill(c.simulated_forgotten, &[("value", v)]);
    }
    if let Some((recovered, seen)) = &sim.seen {
        out += &w.fill(c.simulated_seen, &[("recovered", recovered), ("seen", seen)]);
    }
    out
}

/// The sentences of a smallest crash's steps, in order.
pub fn steps(w: &Words, variant: Variant, s: &SmallestCrash, profile: StoreProfile) -> Vec<String> {
    s.steps
        .iter()
        .map(|st| {
            let name = StepName::parse(&st.event).unwrap_or_else(|| panic!("the matrix names steps: {}", st.event));
            step(w, variant, name, st.hidden, profile)
        })
        .collect()
}

/// The markdown of Article B's section: a table, then each variant's smallest crash.
pub fn markdown(w: &Words, report: &VoteReport) -> String {
    let c = &w.check.vote;
    let o = &report.options;
    let story = VoteConfig::default();
    let mut out = format!("# {}\n\n{}\n\n", c.title, options_line(w, o, story.start_height, story.start_round));
    out += &format!(
        "| {} | {} | {} | {} | {} |\n|---|---|---:|---|---|\n",
        c.head_variant, c.head_verdict, c.head_checked, c.head_earliest, c.head_fault
    );
    for v in &report.variants {
        let (earliest, fs) = match &v.smallest {
            Some(s) => (earliest(w, s.depth, &s.after), faults(w, &s.faults)),
            None => ("—".to_string(), "—".to_string()),
        };
        out += &format!(
            "| `{}` {} | {} | {} | {} | {} |\n",
            v.variant.code(),
            names::variant(w, v.variant),
            verdict(w, v.verdict),
            v.cases,
            earliest,
            fs
        );
    }
    for v in &report.variants {
        let Some(s) = &v.smallest else { continue };
        out += &format!(
            "\n## `{}` {}: {}\n\n",
            v.variant.code(),
            names::variant(w, v.variant),
            heading(w, s.depth, &s.faults)
        );
        if s.steps.is_empty() {
            out += &format!("{}\n", c.nothing_done);
        }
        for (st, text) in s.steps.iter().zip(steps(w, v.variant, s, o.profile)) {
            out += &format!("{}. {} (`{}`)\n", st.n, text, st.event);
        }
        let orders: Vec<_> = s.orders.iter().map(|o| (o.fault, o.unsafe_subcuts, o.subcuts)).collect();
        out += &format!("\n{}\n", crash_verdict(w, &orders));
        for sim in &s.simulated {
            out += &format!("\n{}\n", simulated(w, sim));
        }
    }
    out += &format!("\n{}\n", c.assumptions);
    out
}

/// `report` with the text fields its JSON carries beside the facts filled
/// in `w`'s words: each variant's name, each step's sentence, what the crash
/// does and what the simulation counted.
pub fn word(w: &Words, report: &mut VoteReport) {
    let profile = report.options.profile;
    for v in &mut report.variants {
        v.name = names::variant(w, v.variant);
        let variant = v.variant;
        let Some(s) = &mut v.smallest else { continue };
        let texts = steps(w, variant, s, profile);
        for (st, text) in s.steps.iter_mut().zip(texts) {
            st.text = text;
        }
        let orders: Vec<_> = s.orders.iter().map(|o| (o.fault, o.unsafe_subcuts, o.subcuts)).collect();
        s.verdict_text = crash_verdict(w, &orders);
        for sim in &mut s.simulated {
            sim.text = simulated(w, sim);
        }
    }
}
