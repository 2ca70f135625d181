//! The states a query describes, as data: a Scenario A run
//! ([`LeaseQuery`]), a sweep figure's grid ([`SweepSpec`], with its
//! [`SweepKind`], [`Axis`] and the [`SweepMetric`] its heatmap colours) and
//! a whole page address ([`SiteQuery`]); Scenario B's is lab-sim's
//! `VoteConfig`. Only the types live here, and they name nothing else of
//! the parameter layer: the table's rows (`spec.rs`) read and write them,
//! and the modules that read and write their keys (`lease.rs`, `sweep.rs`,
//! `site.rs`) give them their methods, so no module of `params` imports
//! one that imports it back.

use serde::{Deserialize, Serialize};

use lab_sim::lease::{LeaseConfig, Preset};
use lab_sim::vote::VoteConfig;

/// A fully specified Scenario A run: everything a permalink must restore.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaseQuery {
    /// The preset the other keys started from, if any.
    pub preset: Option<Preset>,
    pub config: LeaseConfig,
    pub seed: u64,
    pub run_index: u32,
}

/// Which grid.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SweepKind {
    /// x = TTL (ms), y = upper end of the pause (ms); the pause is uniform in
    /// `[max(0, p − PAUSE_WIDTH_MS), p]`, the article's 200 ms wide range.
    TtlPause,
    /// x = threads per wallet, y = wallets (threads = x·y, fixed assignment).
    Contention,
}

/// One axis: `n` values from `lo` to `hi`, evenly spaced and rounded to whole units.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Axis {
    pub lo: u32,
    pub hi: u32,
    pub n: u32,
}

/// A whole sweep: what to run in every cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SweepSpec {
    pub kind: SweepKind,
    /// The preset every cell starts from (one the catalogue offers to sweeps).
    pub variant: Preset,
    pub x: Axis,
    pub y: Axis,
    /// Seeds per cell: seed 1, 2, … (run index 0).
    pub seeds: u32,
}

/// Which number a heatmap colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SweepMetric {
    OverApproval,
    Throughput,
}

/// An embed's colour theme (`theme=`): light or dark whatever the reader's
/// system prefers, or the system's (`auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ColorTheme {
    Light,
    Dark,
    Auto,
}

/// Everything an address says: the route (`ch`, `fig`, `embed`), the view
/// keys, and the state of the figure it is for (at most one of `lease`,
/// `vote`, `sweep`: the scope's, present when the address carried any of
/// its keys).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SiteQuery {
    pub chapter: Option<String>,
    pub figure: Option<String>,
    /// Embed mode: that one figure, no site chrome.
    pub embed: Option<String>,
    /// Embed mode, figure only (`bare=1`): the drawing, legend and caption, no controls.
    pub bare: Option<bool>,
    /// Embed mode's colour theme (`theme`; light inside an iframe when unset).
    pub theme: Option<ColorTheme>,
    /// A timeline's window (`win`, ms).
    pub window_ms: Option<u32>,
    /// The player's cursor (`t`, in ms with up to µs precision).
    pub cursor_us: Option<u64>,
    /// The player's event index (`ev`).
    pub event: Option<usize>,
    /// A2's ledger line shown (`recon`).
    pub reveal_ledger: Option<bool>,
    /// A1: the recorded real run drawn instead of a simulation (`real`).
    pub recorded: Option<bool>,
    /// B6: the fault has hit (`hit`).
    pub hit: Option<bool>,
    /// What a sweep heatmap colours (`metric`).
    pub metric: Option<SweepMetric>,
    /// The reader opened the figure's lab (`lab=1`): every setting, not only the lesson's.
    pub lab: Option<bool>,
    pub lease: Option<LeaseQuery>,
    pub vote: Option<VoteConfig>,
    pub sweep: Option<SweepSpec>,
}
