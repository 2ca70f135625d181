//! Figure B6: A's records in the storage stack (Tx / Committed / OsCache /
//! Disk) at one moment, and what a process kill or a power loss would wipe,
//! by the simulation's one survival rule.

use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::labels::{consensus_step_ko, layer_ko};
use super::{UNSAFE_RED, VALUE_X};
use crate::figures::{palette as P, DrawResult, FONT};
use crate::sim::vote::{Device, FaultKind, Layer, VoteTrace};

/// What survives a fault (figure B6's buttons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StackFault {
    None,
    Kill,
    Power,
}

impl StackFault {
    pub const ALL: [StackFault; 3] = [StackFault::None, StackFault::Kill, StackFault::Power];
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
    crate::sim::vote::survives(fault, r.layer, r.disk_age_us, device)
}

/// The records of A at time `at_us`, for figure B6.
pub fn stack_records(trace: &VoteTrace, at_us: u64) -> Vec<StackRecord> {
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
                    label: format!("h{} {} {}", rec.height, consensus_step_ko(rec.step), rec.value.label()),
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
pub fn draw_stack<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    records: &[StackRecord],
    fault: StackFault,
    device_honours_sync: bool,
    window_us: u64,
    scale: f64,
) -> DrawResult<DB> {
    area.fill(&WHITE)?;
    let px = |c: f64| (c * scale).round() as i32;
    let font = |c: f64| TextStyle::from((FONT, c * scale).into_font());
    let (w, h) = area.dim_in_pixel();
    let (w, h) = (w as i32, h as i32);
    let layers = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];
    let where_ko = ["커밋 전 트랜잭션", "DB 저장 큐 (프로세스 안)", "운영체제 캐시", "장치"];
    let top = px(8.0);
    let row_h = (h - top - px(8.0)) / 4;
    let narrow = (w as f64) / scale < 520.0;
    let label_w = if narrow { px(10.0) } else { px(170.0) };
    for (i, l) in layers.iter().enumerate() {
        let y0 = top + i as i32 * row_h;
        let y1 = y0 + row_h - px(6.0);
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
            layer_ko(*l),
            &font(13.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Top)),
            (px(10.0), y0 + px(6.0)),
        )?;
        if narrow {
            area.draw_text(
                where_ko[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(90.0), y0 + px(8.0)),
            )?;
        } else {
            area.draw_text(
                where_ko[i],
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Left, VPos::Top)),
                (px(10.0), y0 + px(24.0)),
            )?;
        }
        if wiped {
            area.draw_text(
                "사라짐",
                &font(11.0).color(&UNSAFE_RED).pos(Pos::new(HPos::Right, VPos::Top)),
                (w - px(8.0), y0 + px(6.0)),
            )?;
        }
        // Chips.
        let mut x = label_w;
        let mut cy = y0 + px(if narrow { 28.0 } else { 6.0 });
        let chip_w = px(74.0);
        let chip_h = px(18.0);
        for r in records.iter().filter(|r| r.layer == *l) {
            if x + chip_w > w - px(8.0) {
                x = label_w;
                cy += chip_h + px(4.0);
                if cy + chip_h > y1 {
                    break;
                }
            }
            let alive = survives(r, fault, device_honours_sync, window_us);
            let col = if alive { VALUE_X } else { RGBColor(0x9c, 0xa3, 0xaf) };
            area.draw(&Rectangle::new(
                [(x, cy), (x + chip_w, cy + chip_h)],
                col.mix(if alive { 0.85 } else { 0.6 }).filled(),
            ))?;
            area.draw_text(
                &r.label,
                &font(10.0).color(&WHITE).pos(Pos::new(HPos::Left, VPos::Center)),
                (x + px(4.0), cy + chip_h / 2),
            )?;
            if !alive {
                area.draw(&PathElement::new(
                    vec![(x, cy + chip_h / 2), (x + chip_w, cy + chip_h / 2)],
                    UNSAFE_RED.stroke_width(px(2.0).max(1) as u32),
                ))?;
            }
            x += chip_w + px(4.0);
        }
    }
    Ok(())
}
