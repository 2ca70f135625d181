//! Figure B6: A's records in the storage stack (Tx / Committed / OsCache /
//! Disk) at one moment, and what a process kill or a power loss would wipe,
//! by the simulation's one survival rule.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{UNSAFE_RED, VALUE_X};
use crate::{palette as P, DrawResult, FONT};
use lab_sim::vote::{Device, FaultKind, Layer, VoteTrace};
use lab_words::vote::{consensus_step, layer};
use lab_words::Words;

/// What survives a fault (figure B6's buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackFault {
    None,
    Kill,
    Power,
}

impl StackFault {
    pub const ALL: [StackFault; 3] = [StackFault::None, StackFault::Kill, StackFault::Power];

    /// The fault a reader asks for by pointing at `layer` (figure B7-1's
    /// direct manipulation): a process kill reaches the layers inside the
    /// process (Tx, Committed), a power loss also the OS cache and the device.
    pub fn reaching(layer: Layer) -> StackFault {
        match layer {
            Layer::Tx | Layer::Committed => StackFault::Kill,
            Layer::OsCache | Layer::Disk => StackFault::Power,
            Layer::Lost => StackFault::None,
        }
    }

    /// The fault's name in `words`, as on the figure's buttons.
    pub fn name(self, words: &Words) -> &'static str {
        let i = match self {
            StackFault::None => 0,
            StackFault::Kill => 1,
            StackFault::Power => 2,
        };
        words.vote.stack.faults[i]
    }
}

/// A lost record's chip and its text (contrast 9.4:1, checked in the tests).
const LOST_CHIP: RGBColor = RGBColor(0xf3, 0xf4, 0xf6);
const LOST_INK: RGBColor = RGBColor(0x37, 0x41, 0x51);

/// The storage stack's layers, top to bottom, as figure B7-1 draws them.
pub const STACK_LAYERS: [Layer; 4] = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];

/// The drawing's top and bottom margins, CSS px.
const STACK_MARGIN_CSS: f64 = 8.0;
/// The gap under each layer's band, CSS px.
const STACK_GAP_CSS: f64 = 6.0;

/// Whether the stack is drawn in its narrow form (labels above the chips).
fn stack_narrow(width_css: f64) -> bool {
    width_css < 520.0
}

/// The height of one layer's row at `width_css`, CSS px.
pub fn stack_row_height_css(width_css: f64) -> f64 {
    if stack_narrow(width_css) {
        84.0
    } else {
        64.0
    }
}

/// The whole stack drawing's height at `width_css`, CSS px.
pub fn stack_height_css(width_css: f64) -> f64 {
    STACK_LAYERS.len() as f64 * stack_row_height_css(width_css) + 2.0 * STACK_MARGIN_CSS
}

/// Layer `index`'s band (top, bottom) in a drawing `height` px high, at `scale` px per CSS px.
fn stack_band(index: usize, height: i32, scale: f64) -> (i32, i32) {
    let px = |c: f64| (c * scale).round() as i32;
    let top = px(STACK_MARGIN_CSS);
    let row_h = (height - top - px(STACK_MARGIN_CSS)) / STACK_LAYERS.len() as i32;
    let y0 = top + index as i32 * row_h;
    (y0, y0 + row_h - px(STACK_GAP_CSS))
}

/// Layer `layer`'s band (top, bottom) in CSS px in the drawing `width_css` wide.
pub fn stack_band_css(layer: Layer, width_css: f64) -> Option<(f64, f64)> {
    let i = STACK_LAYERS.iter().position(|l| *l == layer)?;
    let (y0, y1) = stack_band(i, stack_height_css(width_css).round() as i32, 1.0);
    Some((f64::from(y0), f64::from(y1)))
}

/// The layer under the point (`x`, `y`) in CSS px of the stack drawn
/// `width_css` wide, by the same bands [`draw_stack`] draws; `None` in the
/// margins and gaps.
pub fn stack_layer_at(width_css: f64, x: f64, y: f64) -> Option<Layer> {
    if !(2.0..=width_css - 2.0).contains(&x) {
        return None;
    }
    STACK_LAYERS.iter().copied().find(|l| stack_band_css(*l, width_css).is_some_and(|(y0, y1)| (y0..=y1).contains(&y)))
}

/// A record chip in the storage stack: its label and layer, and how long ago it reached Disk.
#[derive(Clone, Debug, PartialEq)]
pub struct StackRecord {
    pub label: String,
    pub layer: Layer,
    /// For Disk records: µs since it reached Disk (recent writes are lost by a lying device).
    pub disk_age_us: u64,
}

/// Whether a record survives the fault: the simulation's one rule
/// (`sim::vote::survives`), and everything survives no fault.
pub fn survives(r: &StackRecord, fault: StackFault, device_honours_sync: bool, window_us: u64) -> bool {
    let fault = match fault {
        StackFault::None => return true,
        StackFault::Kill => FaultKind::Kill,
        StackFault::Power => FaultKind::Power,
    };
    let device = Device { honours_sync: device_honours_sync, cache_window_us: window_us };
    lab_sim::vote::survives(fault, r.layer, r.disk_age_us, device)
}

/// The records of A at time `at_us`, for figure B6.
pub fn stack_records(trace: &VoteTrace, at_us: u64, words: &Words) -> Vec<StackRecord> {
    let mut out = Vec::new();
    for rec in trace.records.iter().filter(|r| r.validator == 0) {
        let mut cur: Option<(Layer, u64)> = None;
        for lp in &rec.layers {
            if lp.at.t_us <= at_us {
                cur = Some((lp.layer, lp.at.t_us));
            }
        }
        if let Some((layer, since)) = cur {
            if layer != Layer::Lost {
                out.push(StackRecord {
                    label: words.fill(
                        words.vote.stack.chip,
                        &[
                            ("height", &rec.height.to_string()),
                            ("step", consensus_step(words, rec.step)),
                            ("value", &rec.value.label()),
                        ],
                    ),
                    layer,
                    disk_age_us: at_us - since,
                });
            }
        }
    }
    out
}

/// Figure B6: the storage stack (Tx / Committed / OsCache / Disk) with A's
/// records; the layers a fault wipes are greyed out and their records struck.
pub fn draw_stack(
    area: &Area,
    records: &[StackRecord],
    fault: StackFault,
    device_honours_sync: bool,
    window_us: u64,
    scale: f64,
    words: &Words,
) -> DrawResult {
    area.fill(&WHITE)?;
    let px = |c: f64| (c * scale).round() as i32;
    let floor = crate::text_floor_css(f64::from(area.dim_in_pixel().0) / scale);
    let font = |c: f64| TextStyle::from((FONT, c.max(floor) * scale).into_font());
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let places = words.vote.stack.places;
    let narrow = stack_narrow((w as f64) / scale);
    let chips = chip_rects(records, w, h, scale);
    for (i, l) in STACK_LAYERS.iter().enumerate() {
        let (y0, y1) = stack_band(i, h, scale);
        let wiped = match (fault, l) {
            (StackFault::None, _) => false,
            (_, Layer::Tx | Layer::Committed) => true,
            (StackFault::Power, Layer::OsCache) => true,
            _ => false,
        };
        let fill = if wiped { RGBColor(0xd1, 0xd5, 0xdb) } else { RGBColor(0xf1, 0xf5, 0xf9) };
        area.draw(&Rectangle::new([(px(2.0), y0), (w - px(2.0), y1)], fill.filled()))?;
        area.draw(&Rectangle::new([(px(2.0), y0), (w - px(2.0), y1)], P::MUTED.stroke_width(1)))?;
        area.draw_text(
            layer(words, *l),
            &font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)),
            (px(10.0), y0 + px(6.0)),
        )?;
        if narrow {
            area.draw_text(
                places[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(90.0), y0 + px(8.0)),
            )?;
        } else {
            area.draw_text(
                places[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(10.0), y0 + px(24.0)),
            )?;
        }
        // How many of the layer's records the fault takes, said in the figure.
        let in_layer: Vec<&StackRecord> = records.iter().filter(|r| r.layer == *l).collect();
        let lost = in_layer.iter().filter(|r| !survives(r, fault, device_honours_sync, window_us)).count();
        if wiped || lost > 0 {
            let said = if in_layer.is_empty() {
                words.vote.stack.wiped_empty.to_string()
            } else {
                words.fill(words.vote.stack.wiped, &[("n", &lost.to_string())])
            };
            area.draw_text(
                &said,
                &font(11.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Right, VPos::Top)),
                (w - px(8.0), y0 + px(6.0)),
            )?;
        }
        // Chips.
        for &(ri, [(x, cy), (x1, cy1)]) in chips.iter().filter(|(ri, _)| records[*ri].layer == *l) {
            let r = &records[ri];
            let (chip_w, chip_h) = (x1 - x, cy1 - cy);
            let alive = survives(r, fault, device_honours_sync, window_us);
            // A lost record: a pale chip with dark grey text (9.4:1), struck through in red.
            let (col, ink) = if alive { (VALUE_X.mix(0.85), WHITE) } else { (LOST_CHIP.mix(1.0), LOST_INK) };
            area.draw(&Rectangle::new([(x, cy), (x + chip_w, cy + chip_h)], col.filled()))?;
            if !alive {
                area.draw(&Rectangle::new([(x, cy), (x + chip_w, cy + chip_h)], P::MUTED.stroke_width(1)))?;
            }
            area.draw_text(
                &r.label,
                &font(10.0).color(&ink).pos(Pos::new(HPos::Left, VPos::Center)),
                (x + px(4.0), cy + chip_h / 2),
            )?;
            if !alive {
                area.draw(&PathElement::new(
                    vec![(x, cy + chip_h / 2), (x + chip_w, cy + chip_h / 2)],
                    UNSAFE_RED.stroke_width(px(2.0).max(1) as u32),
                ))?;
            }
        }
    }
    Ok(())
}

/// Where each record's chip is drawn in a stack `w` × `h` px at `scale`:
/// (index into `records`, its corners), row by row in each layer's band;
/// a layer's chips that do not fit its band are left out.
fn chip_rects(records: &[StackRecord], w: i32, h: i32, scale: f64) -> Vec<(usize, [(i32, i32); 2])> {
    let px = |c: f64| (c * scale).round() as i32;
    let narrow = stack_narrow(f64::from(w) / scale);
    let label_w = if narrow { px(10.0) } else { px(170.0) };
    // 74 CSS px holds the longest Korean chip ("h15" and a two-syllable step);
    // a longer label (English's "h15 commit b7") widens every chip alike.
    let widest_css = records.iter().map(|r| crate::text_width::approx_text_width(&r.label, 10.0)).fold(0.0, f64::max);
    let (chip_w, chip_h) = (px((widest_css + 14.0).max(74.0)), px(18.0));
    let mut out = Vec::new();
    for (i, l) in STACK_LAYERS.iter().enumerate() {
        let (y0, y1) = stack_band(i, h, scale);
        let mut x = label_w;
        let mut cy = y0 + px(if narrow { 28.0 } else { 6.0 });
        for (ri, _) in records.iter().enumerate().filter(|(_, r)| r.layer == *l) {
            if x + chip_w > w - px(8.0) {
                x = label_w;
                cy += chip_h + px(4.0);
                if cy + chip_h > y1 {
                    break;
                }
            }
            out.push((ri, [(x, cy), (x + chip_w, cy + chip_h)]));
            x += chip_w + px(4.0);
        }
    }
    out
}

/// The record whose chip is under (`x`, `y`) CSS px of the stack drawn
/// `width_css` wide (by the chips [`draw_stack`] draws), as an index into `records`.
pub fn stack_chip_at(records: &[StackRecord], width_css: f64, x: f64, y: f64) -> Option<usize> {
    let (w, h) = (width_css.round() as i32, stack_height_css(width_css).round() as i32);
    let (x, y) = (x.round() as i32, y.round() as i32);
    chip_rects(records, w, h, 1.0)
        .into_iter()
        .find(|(_, [(x0, y0), (x1, y1)])| (*x0..=*x1).contains(&x) && (*y0..=*y1).contains(&y))
        .map(|(ri, _)| ri)
}

/// The centre of each drawn chip (CSS px), with its record's index: the keyboard's stops.
pub fn stack_chip_centres(records: &[StackRecord], width_css: f64) -> Vec<(usize, f64, f64)> {
    let (w, h) = (width_css.round() as i32, stack_height_css(width_css).round() as i32);
    chip_rects(records, w, h, 1.0)
        .into_iter()
        .map(|(ri, [(x0, y0), (x1, y1)])| (ri, f64::from(x0 + x1) / 2.0, f64::from(y0 + y1) / 2.0))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hit_test_finds_each_drawn_band_and_nothing_between() {
        for width in [390.0, 900.0] {
            let h = stack_height_css(width);
            let row = stack_row_height_css(width);
            for (i, layer) in STACK_LAYERS.iter().enumerate() {
                let mid = STACK_MARGIN_CSS + row * i as f64 + row / 2.0;
                assert_eq!(stack_layer_at(width, width / 2.0, mid), Some(*layer), "width {width}, row {i}");
            }
            assert_eq!(stack_layer_at(width, width / 2.0, 3.0), None, "top margin");
            assert_eq!(stack_layer_at(width, width / 2.0, h - 3.0), None, "bottom margin");
            // The gap under the first band.
            assert_eq!(stack_layer_at(width, width / 2.0, STACK_MARGIN_CSS + row - 3.0), None, "gap");
            assert_eq!(stack_layer_at(width, 1.0, STACK_MARGIN_CSS + row / 2.0), None, "left of the band");
        }
    }

    #[test]
    fn a_lost_chip_is_legible_and_the_figure_counts_the_losses() {
        let ratio = crate::theme::contrast(LOST_INK, LOST_CHIP);
        assert!(ratio >= 7.0, "{ratio:.2}:1");
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let records: Vec<StackRecord> = [Layer::Tx, Layer::Committed, Layer::Committed, Layer::Disk]
            .iter()
            .map(|&layer| StackRecord { label: "h1 X".into(), layer, disk_age_us: 1_000_000 })
            .collect();
        let words = lab_words::Words::of(lab_words::Lang::Ko);
        let out = crate::recording::svg_of((600, stack_height_css(600.0) as u32), |area| {
            draw_stack(area, &records, StackFault::Kill, true, 0, 1.0, words)
        })
        .unwrap();
        let lost = |n: &str| words.fill(words.vote.stack.wiped, &[("n", n)]);
        assert!(out.contains(&lost("1")) && out.contains(&lost("2")), "per layer");
        assert!(!out.contains(&lost("0")), "the device keeps its record");
    }

    #[test]
    fn each_chip_is_found_where_it_is_drawn() {
        let records: Vec<StackRecord> = (0..7)
            .map(|i| StackRecord { label: format!("h{i} X"), layer: STACK_LAYERS[i % 4], disk_age_us: 0 })
            .collect();
        for width in [390.0, 900.0] {
            let centres = stack_chip_centres(&records, width);
            assert_eq!(centres.len(), records.len(), "every chip fits at {width}");
            for &(ri, x, y) in &centres {
                assert_eq!(stack_chip_at(&records, width, x, y), Some(ri), "chip {ri} at {width}");
                assert_eq!(stack_layer_at(width, x, y), Some(records[ri].layer), "its layer's band");
            }
            assert_eq!(stack_chip_at(&records, width, 3.0, 3.0), None);
        }
    }

    #[test]
    fn a_layer_asks_for_the_fault_that_reaches_it() {
        assert_eq!(StackFault::reaching(Layer::Tx), StackFault::Kill);
        assert_eq!(StackFault::reaching(Layer::Committed), StackFault::Kill);
        assert_eq!(StackFault::reaching(Layer::OsCache), StackFault::Power);
        assert_eq!(StackFault::reaching(Layer::Disk), StackFault::Power);
        // Each layer the fault it asks for wipes is wiped by that fault, by the one rule.
        for layer in [Layer::Tx, Layer::Committed, Layer::OsCache] {
            let r = StackRecord { label: String::new(), layer, disk_age_us: 0 };
            assert!(!survives(&r, StackFault::reaching(layer), true, 0), "{layer:?}");
        }
    }
}
