//! Article A's closing small multiples ("나란히 보기"), browser-free: the
//! five variants' plans, each panel's frame at a moment (wallet 0's lanes,
//! as a story step without a highlight), so the page (`web::side_by_side`)
//! and the tests draw and count the same thing.

use super::figure_spec;
use super::plan::{LeaseFigure, LeasePlan};
use super::story::{Focus, StoryStep};
use lab_model::catalogue::{self, VariantEntry};
use lab_model::facts::story::StoryFact;
use lab_model::korean::{count_ko, with_particle, Particle};
use lab_model::params::LeaseQuery;

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

/// The figure's caption: the variants it shows, from the catalogue.
pub fn caption_ko() -> String {
    let labels: Vec<&str> = panel_variants().iter().map(|v| v.label).collect();
    format!(
        "나란히 보기: {} 같은 시드, 같은 멈춤 아래에서 지갑 0만 떼어 한 시계로 재생합니다. 재생기를 움직이면 {} 그림이 함께 움직입니다.",
        with_particle(&labels.join(", "), Particle::EulReul),
        count_ko(labels.len())
    )
}

/// The label of the panels' one player ("다섯 그림의 공통 재생기").
pub fn panels_ko() -> String {
    format!("{} 그림", count_ko(panel_variants().len()))
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

    #[test]
    fn the_caption_names_the_catalogues_variants() {
        assert_eq!(
            caption_ko(),
            "나란히 보기: (a), (b), (c-1), (c-2), (d)를 같은 시드, 같은 멈춤 아래에서 지갑 0만 떼어 한 시계로 재생합니다. 재생기를 움직이면 다섯 그림이 함께 움직입니다."
        );
        assert_eq!(panels_ko(), "다섯 그림");
    }
}
