//! Figures of Article B (model.md §6, B1–B6), drawn with plotters.
//!
//! Like the lock-lease figures, every drawing function draws on a
//! recording's area (`crate::recording`, replayed onto the canvas in the
//! browser, onto SVG for export). They
//! read a [`VoteTrace`] (or matrix rows) and a [`StoryView`]; they never run
//! the simulation and know nothing about the browser. This file holds the
//! figure list and their starting states; each job is a file: `labels` (the
//! words layer's Article B functions the callers name, and `lab`'s English note), `matrix` (B2's grid),
//! `story_layout` and `story_draw` (B1, B3, B4), `beats` (a story's scenes),
//! `opening` (where each story opens on its chapter's load),
//! `liveness` (B5), `stack` (B6) and `tap_crash` (B2-1, the lane the
//! reader strikes). Everything is re-exported here, so callers name
//! `figures::vote::X`.

mod beats;
mod labels;
mod liveness;
mod matrix;
mod opening;
mod stack;
mod story_draw;
mod story_hit;
mod story_layout;
mod tap_crash;

use plotters::style::RGBColor;

pub use beats::*;
pub use labels::*;
pub use liveness::*;
pub use matrix::*;
pub use opening::*;
pub use stack::*;
pub use story_draw::*;
pub use story_hit::*;
pub use story_layout::*;
pub use tap_crash::*;

use lab_sim::vote::{crashpoints::positions, Layer, MatrixOptions, Value, VoteConfig, VoteTrace};

// ---------------------------------------------------------------------------
// The palette of Article B's drawings

const VALUE_X: RGBColor = RGBColor(0x25, 0x63, 0xeb);
const VALUE_Y: RGBColor = RGBColor(0xea, 0x58, 0x0c);
const VALUE_OTHER: RGBColor = RGBColor(0x6b, 0x72, 0x80);
const SAFE_GREEN: RGBColor = RGBColor(0x16, 0xa3, 0x4a);
const UNSAFE_RED: RGBColor = RGBColor(0xdc, 0x26, 0x26);
const FENCE_PURPLE: RGBColor = RGBColor(0x93, 0x33, 0xea);

fn value_color(v: Value) -> RGBColor {
    if v == Value::X {
        VALUE_X
    } else if v == Value::Y {
        VALUE_Y
    } else {
        VALUE_OTHER
    }
}

/// The most foreground events A's first action chain can have (the crash
/// slider's range).
pub fn max_depth(c: &VoteConfig) -> u32 {
    let opts = MatrixOptions { layout: c.layout, ..MatrixOptions::new(c.profile, c.device_honours_sync) };
    positions(c.variant, &opts).iter().map(|p| p.depth).max().unwrap_or(8)
}

/// B6's snapshot time: the middle of A's last Tx span that starts before
/// 10 s, when every layer has a record.
pub fn snapshot_us(t: &VoteTrace) -> u64 {
    let mut best = 10_000_000u64;
    for rec in t.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if lp.layer == Layer::Tx && lp.at.t_us < 10_000_000 {
                if let Some(next) = rec.layers.get(k + 1) {
                    best = (lp.at.t_us + next.at.t_us) / 2;
                }
            }
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::vote::{run, TraceLevel, VoteConfig};

    #[test]
    fn figures_draw_to_svg() {
        // Native builds lay text out with ab_glyph, which needs the font registered.
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let words = lab_words::Words::of(lab_words::Lang::Ko);
        let trace = run(&VoteConfig::default(), TraceLevel::Full);
        assert!(!trace.outcome.equivocations.is_empty(), "the default story ends in a double vote");
        let view = StoryView {
            t_end_us: story_end_us(&trace, 8),
            show_probes: true,
            show_outer: true,
            ..StoryView::default()
        };
        let svg = crate::recording::svg_of((900, story_height_css(&view) as u32), |root| {
            draw_story(root, &trace, &view, words)
        })
        .unwrap();
        assert!(svg.contains("<svg"));
        let svg2 = crate::recording::svg_of((700, 320), |root| {
            draw_liveness(root, &[LivenessSeries { label: "1".into(), trace: &trace, highlight: true }], 1.0, words)
        })
        .unwrap();
        let recs = stack_records(&trace, 3_000_000, words);
        crate::recording::svg_of((500, 272), |root| {
            draw_stack(root, &recs, StackFault::Power, false, 2_000_000, 1.0, words)
        })
        .unwrap();
        assert!(svg2.contains("<svg"));
    }
}
