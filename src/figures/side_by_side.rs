//! Article A's closing small multiples (side by side), browser-free: the
//! five variants' plans, each panel's frame at a moment (wallet 0's lanes,
//! as a story step without a highlight), so the page (`web::side_by_side`)
//! and the tests draw and count the same thing.

use super::figure_spec;
use super::plan::{LeaseFigure, LeasePlan};
use super::story::{Focus, StoryStep};
use lab_model::catalogue::{self, VariantEntry};
use lab_model::facts::story::StoryFact;
use lab_model::params::LeaseQuery;
use lab_words::Words;

/// The figure's id, as the chapter's `{{figure:…}}` marker names it.
pub const SIDE_BY_SIDE_ID: &str = "side-by-side";
/// The variants the catalogue shows side by side, one panel each, in the article's order.
pub fn panel_variants() -> Vec<&'static VariantEntry> {
    catalogue::variants_shown(|s| s.side_by_side)
}
/// The window every panel shows, in ms.
const WINDOW_MS: u32 = 2_000;
/// The wallet each panel shows.
pub const WALLET: u32 = 0;

/// The figure's caption in `w`'s language: the panels' variants, on one clock.
pub fn caption(w: &Words) -> String {
    let labels: Vec<&str> = panel_variants().iter().map(|v| v.label).collect();
    let side = &w.legend.side;
    w.fill(side.caption, &[("labels", &labels.join(", ")), ("count", &side.count(labels.len()))])
}

/// The panels together, in `w`'s language (the label of their one player).
pub fn panels(w: &Words) -> String {
    let side = &w.legend.side;
    w.fill(side.panels, &[("count", &side.count(panel_variants().len()))])
}

/// Each variant's run, laid out as A1's figure lays out a run: (label, figure).
pub fn panel_figures() -> Vec<(&'static str, LeaseFigure)> {
    let spec = figure_spec("lease-expiry").expect("A1 is a figure");
    panel_variants()
        .iter()
        .map(|v| {
            let plan = LeasePlan::new(spec, LeaseQuery::from_preset(v.preset), Some(WINDOW_MS), true);
            (v.label, plan.run())
        })
        .collect()
}

/// A panel's drawing at `cursor_us`: wallet 0's lanes, as a story step without a highlight.
pub fn frame(figure: &LeaseFigure, cursor_us: u64) -> StoryStep {
    let trace = &figure.traces()[0];
    let mut workers: Vec<u32> = trace.holds.iter().filter(|h| h.wallet == WALLET).map(|h| h.worker).collect();
    lab_sim::core::sort(&mut workers);
    workers.dedup();
    StoryStep {
        at_us: cursor_us,
        fact: StoryFact::Silent,
        highlight: None,
        focus: Some(Focus { panel: 0, wallet: WALLET, workers, t0_us: 0, t1_us: figure.window_us() }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_words::Lang;

    #[test]
    fn the_caption_names_the_catalogues_variants() {
        let en = Words::of(Lang::En);
        assert_eq!(
            caption(en),
            "Side by side: (a), (b), (c-1), (c-2), (d), under the same seed and the same pauses, wallet 0 alone, played on one clock. Move the player and all five figures move together."
        );
        assert_eq!(panels(en), "the five figures");
        let ko = caption(Words::of(Lang::Ko));
        assert!(panel_variants().iter().all(|v| ko.contains(v.label)), "{ko}");
    }
}
