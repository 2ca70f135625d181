//! Article A's closing small multiples ("나란히 보기"), browser-free: the
//! five variants' plans, each panel's frame at a moment (wallet 0's lanes,
//! as a story step without a highlight), so the page (`web::side_by_side`)
//! and the tests draw and count the same thing.

use super::figure_spec;
use super::plan::{LeaseFigure, LeasePlan};
use super::story::{Focus, StoryStep};
use crate::params::LeaseQuery;
use crate::sim::lease::Preset;

/// The figure's id, as the chapter's `{{figure:…}}` marker names it.
pub const SIDE_BY_SIDE_ID: &str = "side-by-side";
/// The five variants, in the summary table's order.
pub const PRESETS: [Preset; 5] = [Preset::Exp1, Preset::Exp2, Preset::Exp3C1, Preset::Exp3C2, Preset::Exp4];
/// The window all five show, in ms.
const WINDOW_MS: u32 = 2_000;
/// The wallet each panel shows.
pub const WALLET: u32 = 0;

/// Each variant's run, laid out as A1's figure lays out a run: (label, figure).
pub fn panel_figures() -> Vec<(&'static str, LeaseFigure)> {
    let spec = figure_spec("lease-expiry").expect("A1 is a figure");
    PRESETS
        .iter()
        .map(|&preset| {
            let plan = LeasePlan::new(spec, LeaseQuery::from_preset(preset), Some(WINDOW_MS), true);
            (preset.config().variant.article_label(), plan.run())
        })
        .collect()
}

/// A panel's drawing at `cursor_us`: wallet 0's lanes, as a story step without a highlight.
pub fn frame(figure: &LeaseFigure, cursor_us: u64) -> StoryStep {
    let trace = &figure.traces()[0];
    let mut workers: Vec<u32> = trace.holds.iter().filter(|h| h.wallet == WALLET).map(|h| h.worker).collect();
    workers.sort_unstable();
    workers.dedup();
    StoryStep {
        at_us: cursor_us,
        sentence: String::new(),
        highlight: None,
        focus: Some(Focus { panel: 0, wallet: WALLET, workers, t0_us: 0, t1_us: figure.window_us() }),
    }
}
