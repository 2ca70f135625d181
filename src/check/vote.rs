//! Article B's smallest failing single crash, per variant: the earliest
//! crash point of the exhaustive crash-point matrix
//! (`lab_sim::vote::crashpoints`, figure B2) at which a process kill or a
//! power loss can make validator A double-vote, step by step (as facts: the
//! words layer, `lab_words::check::vote`, tells them), and run again in the
//! simulation (`lab_sim::vote::run` of the matrix's own `story_config`) to
//! show the same equivocation.
//!
//! "Earliest" is fewest foreground events done before the crash (a chain
//! position's depth); among positions that deep, one where a process kill
//! already fails comes first (a kill loses less than a power loss), then the
//! lower cut index (preorder, the matrix's own order). The faults listed
//! are every fault under which that position fails. A variant with no
//! unsafe cell is safe: every position under both faults was checked, each
//! over every background interleaving the matrix enumerates.
//!
//! The matrix's options are figure B2's opening ones (`MatrixOptions::default()`:
//! the H2-like store, a device that honours sync, an append log, sync errors
//! poisoning the store). No clock, no randomness: a pure function of them.

use serde::Serialize;

use lab_sim::vote::crashpoints::{positions, story_config, variant_rows, MatrixOptions, Position};
use lab_sim::vote::{run, FaultKind, Step, StepName, TraceLevel, TrueState, Variant, Verdict};

/// What a variant comes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum VoteVerdict {
    /// Some single crash can make A double-vote.
    Unsafe,
    /// No crash point under either fault does (a fenced node counts as safe).
    Safe,
}

/// One step done before the crash.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CrashStep {
    /// 1-based.
    pub n: usize,
    /// The event's name in the matrix (`SEND_B`, `FSYNC(Y)`, …).
    pub event: String,
    /// The step in words: empty as the checker gives it, filled by the words layer.
    pub text: String,
    /// Where the record really is after a sync whose answer cannot be trusted (the branch's true state).
    #[serde(skip)]
    pub hidden: Option<TrueState>,
}

/// What the simulation's story counted when that crash was run again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Simulated {
    pub fault: FaultKind,
    /// A's foreground events done when it crashed (the story's crash point).
    pub crash_after_events: Option<u32>,
    pub equivocations: usize,
    pub amnesia: usize,
    pub false_memory: usize,
    /// What it counted in words: empty as the checker gives it, filled by the words layer.
    pub text: String,
    /// The first equivocation: height, consensus step, first value, second value.
    #[serde(skip)]
    pub pair: Option<(u64, Step, String, String)>,
    /// The first value amnesia lost.
    #[serde(skip)]
    pub forgotten: Option<String>,
    /// A false memory's (recovered, seen).
    #[serde(skip)]
    pub seen: Option<(String, String)>,
}

/// Of the background interleavings at a crash point, how many fail under a fault.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Orders {
    pub fault: FaultKind,
    pub unsafe_subcuts: u32,
    pub subcuts: u32,
}

/// The earliest crash at which a variant fails.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SmallestCrash {
    /// The position's index in the variant's chain (the matrix row's `cut`).
    pub cut: u32,
    /// Foreground events done before the crash.
    pub depth: u32,
    /// The last event done (`"START"` for none).
    pub after: String,
    /// The hidden branch choices on the way (the matrix row's `branch`).
    pub branch: String,
    /// Every fault under which this position fails, kill first.
    pub faults: Vec<FaultKind>,
    /// Per fault of `faults`: of the background interleavings at this position, how many fail.
    pub orders: Vec<Orders>,
    pub steps: Vec<CrashStep>,
    /// What the crash does, in words: empty as the checker gives it, filled by the words layer.
    pub verdict_text: String,
    /// The story run at this crash, once per fault.
    pub simulated: Vec<Simulated>,
}

/// One variant's answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantCrash {
    /// The spec's code (`"V1"`).
    pub variant: Variant,
    /// Its name (figure B2's row head): empty as the checker gives it, filled by the words layer.
    pub name: &'static str,
    pub verdict: VoteVerdict,
    /// Crash points (chain positions) checked.
    pub positions: u32,
    /// Positions × faults: the matrix's rows.
    pub cases: u32,
    /// Background interleavings summed over the cases.
    pub subcuts: u32,
    pub unsafe_cases: u32,
    pub fenced_cases: u32,
    pub smallest: Option<SmallestCrash>,
}

/// Article B's section of `lab check`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VoteReport {
    /// The matrix's options (figure B2's opening ones).
    pub options: MatrixOptions,
    pub variants: Vec<VariantCrash>,
}

/// The report for `variants` under `options`.
pub fn check_vote(variants: &[Variant], options: &MatrixOptions) -> VoteReport {
    VoteReport { options: *options, variants: variants.iter().map(|&v| smallest_crash(v, options)).collect() }
}

/// Every variant under figure B2's opening options.
pub fn check_vote_all() -> VoteReport {
    check_vote(&Variant::ALL, &MatrixOptions::default())
}

/// One variant's earliest failing crash, if any.
pub fn smallest_crash(variant: Variant, options: &MatrixOptions) -> VariantCrash {
    let rows = variant_rows(variant, options);
    let chain = positions(variant, options);
    let fault_rank = |f: FaultKind| FaultKind::ALL.iter().position(|&g| g == f).expect("a fault of ALL");
    let earliest = rows
        .iter()
        .filter(|r| r.verdict == Verdict::Unsafe)
        .min_by_key(|r| (chain[r.cut as usize].depth, fault_rank(r.fault), r.cut));
    let smallest = earliest.map(|first| {
        let position = &chain[first.cut as usize];
        let failing: Vec<_> = rows.iter().filter(|r| r.cut == first.cut && r.verdict == Verdict::Unsafe).collect();
        let orders: Vec<Orders> = FaultKind::ALL
            .into_iter()
            .filter_map(|f| failing.iter().find(|r| r.fault == f))
            .map(|r| Orders { fault: r.fault, unsafe_subcuts: r.unsafe_subcuts, subcuts: r.subcuts })
            .collect();
        let faults: Vec<FaultKind> = orders.iter().map(|o| o.fault).collect();
        SmallestCrash {
            cut: first.cut,
            depth: position.depth,
            after: position.after.clone(),
            branch: position.branch.clone(),
            steps: steps(position),
            verdict_text: String::new(),
            simulated: faults.iter().map(|&f| simulate(variant, first.cut, f, options)).collect(),
            faults,
            orders,
        }
    });
    VariantCrash {
        variant,
        name: "",
        verdict: if smallest.is_some() { VoteVerdict::Unsafe } else { VoteVerdict::Safe },
        positions: chain.len() as u32,
        cases: rows.len() as u32,
        subcuts: rows.iter().map(|r| r.subcuts).sum(),
        unsafe_cases: rows.iter().filter(|r| r.verdict == Verdict::Unsafe).count() as u32,
        fenced_cases: rows.iter().filter(|r| r.verdict == Verdict::Fenced).count() as u32,
        smallest,
    }
}

/// The value of `key` in a matrix row's branch label (`"true_state=dropped,y_true_state=disk"`).
fn branch_value<'a>(branch: &'a str, key: &str) -> Option<&'a str> {
    branch.split(',').find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
}

/// Each event on `position`'s path, with the record's true place where the branch hides one.
fn steps(position: &Position) -> Vec<CrashStep> {
    let true_state = |key: &str| branch_value(&position.branch, key).and_then(TrueState::from_key);
    position
        .path
        .iter()
        .enumerate()
        .map(|(i, event)| {
            let name = StepName::parse(event).unwrap_or_else(|| panic!("the matrix names steps: {event}"));
            let hidden = true_state(if name.conflicting { "y_true_state" } else { "true_state" });
            CrashStep { n: i + 1, event: event.clone(), text: String::new(), hidden }
        })
        .collect()
}

/// Runs the matrix's story of (variant, cut, fault) and counts what it finds.
pub fn simulate(variant: Variant, cut: u32, fault: FaultKind, options: &MatrixOptions) -> Simulated {
    let config = story_config(variant, cut, fault, options).expect("a cut of the variant's chain");
    let trace = run(&config, TraceLevel::Summary);
    let o = &trace.outcome;
    let pair = o.equivocations.first().map(|e| (e.height, e.step, e.v1.label(), e.v2.label()));
    let seen = o.false_memory.first().map(|f| (f.recovered.value.label(), f.seen.label()));
    let forgotten = o.amnesia.first().and_then(|a| a.forgotten.first()).map(|v| v.value.label());
    Simulated {
        fault,
        crash_after_events: o.crash_after_events,
        equivocations: o.equivocations.len(),
        amnesia: o.amnesia.len(),
        false_memory: o.false_memory.len(),
        text: String::new(),
        pair,
        forgotten,
        seen,
    }
}
