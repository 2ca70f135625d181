//! Drawing a story (figures B1, B3 and B4): [`draw_story`] lays the figure
//! out once ([`StoryLayout`]) and draws it in named steps, back to front:
//! lanes, A's pipeline stages, the storage strip (hatched while a sync error
//! hides where A's records really are), messages, A's markers, the evidence
//! badges, the probe lane and the time axis.

use crate::recording::Area;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::labels::fmt_time;
use super::story_layout::{stage_start_us, StoryLayout, StoryView};
use super::{value_color, FENCE_PURPLE, SAFE_GREEN, UNSAFE_RED};
use crate::text_place::draw_labels;
use crate::text_width::approx_text_width;
use crate::{palette as P, DrawResult};
use lab_sim::vote::{EventKind, FaultKind, Layer, PipelineStep, ProcessState, StepName, VoteTrace, VALIDATOR_NAMES};
use lab_words::vote::{layer, step_pending, step_short};
use lab_words::Words;

/// Colours of A's stage blocks.
const SEND_TEAL: RGBColor = RGBColor(0x0d, 0x94, 0x88);
const OUTER_BROWN: RGBColor = RGBColor(0xa1, 0x62, 0x07);
const STORAGE_SLATE: RGBColor = RGBColor(0x47, 0x55, 0x69);

/// Figure B1 (and the panels of B3/B4): A's lane with its pipeline stage
/// blocks, the storage-layer strip of A's records, B/C/D's lanes with the
/// evidence-pool badge, A's messages as arrows, crash ⚡ and restart marks.
pub fn draw_story(area: &Area, trace: &VoteTrace, view: &StoryView, words: &'static Words) -> DrawResult {
    area.fill(&WHITE)?;
    let (w_px, _) = area.dim_in_pixel();
    let layout = StoryLayout::new(w_px, trace, view, words);
    draw_title(view, &layout);
    draw_process_bands(area, trace, view, &layout)?;
    draw_pipeline_stages(area, trace, view, &layout)?;
    draw_outer_bracket(area, trace, view, &layout)?;
    draw_layer_strip(area, trace, view, &layout)?;
    draw_uncertain_strip(area, trace, view, &layout)?;
    draw_messages(area, trace, view, &layout)?;
    draw_lane_a_markers(area, trace, view, &layout)?;
    draw_evidence_badges(area, trace, view, &layout)?;
    draw_probe_lane(area, trace, view, &layout)?;
    draw_axis(area, trace, view, &layout)?;
    draw_fault_mark(area, view, &layout)?;
    draw_note(view, &layout);
    draw_focus_ring(area, trace, view, &layout)?;
    draw_labels(layout.labels.take(), area)
}

/// The ring around the mark the story's scene names (nothing without a scene at the cursor).
fn draw_focus_ring(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let Some(focus) = view.focus else { return Ok(()) };
    let Some(p) = super::story_hit::placed_on(trace, l).into_iter().find(|p| p.mark == focus) else { return Ok(()) };
    let centre = (p.x.round() as i32, p.y.round() as i32);
    let r = view.px(11.0);
    area.draw(&Circle::new(centre, r + view.px(1.5), ShapeStyle::from(&WHITE).stroke_width(view.px(2.0) as u32)))?;
    area.draw(&Circle::new(centre, r, ShapeStyle::from(&P::FOCUS).stroke_width(view.px(2.5).max(2) as u32)))?;
    Ok(())
}

/// Where a coming fault strikes, as a dashed line over A's lane and its
/// storage strip, until the cursor reaches it (then the fault itself is drawn).
fn draw_fault_mark(area: &Area, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let Some((t, label)) = view.fault_mark else { return Ok(()) };
    if l.cursor >= t || t > l.t_end {
        return Ok(());
    }
    let x = l.warp.x(t);
    let (top, bot) = (l.lane_y[0].0, l.layer_top + 4 * l.layer_h);
    let (dash, gap) = (view.px(4.0).max(2), view.px(3.0).max(2));
    let st = UNSAFE_RED.mix(0.8).stroke_width(view.px(1.5).max(1) as u32);
    let mut y = top;
    while y < bot {
        area.draw(&PathElement::new(vec![(x, y), (x, (y + dash).min(bot))], st))?;
        y += dash + gap;
    }
    l.label(1, label, 10.0, UNSAFE_RED, Pos::new(HPos::Center, VPos::Bottom), (x, top - view.px(1.0)));
    Ok(())
}

/// The view's note, just right of the cursor line, over B's to D's lanes.
fn draw_note(view: &StoryView, l: &StoryLayout) {
    if let Some(note) = view.note.filter(|_| l.cursor < l.t_end) {
        let at = (l.warp.x(l.cursor) + view.px(6.0), l.lane_mid(2));
        l.label(1, note, 10.0, P::MUTED, Pos::new(HPos::Left, VPos::Center), at);
    }
}

/// The panel's title (B3 stacks two stories, each with its own).
fn draw_title(view: &StoryView, l: &StoryLayout) {
    if let (Some(title), Some(y)) = (&view.title, l.title_y) {
        l.label(0, title.as_str(), 13.0, P::INK, Pos::new(HPos::Left, VPos::Top), (view.px(4.0), y));
    }
}

/// Each lane's process state (down: grey band; fenced: purple bar) and its name.
fn draw_process_bands(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    for (v, lane) in trace.lanes.iter().enumerate().take(4) {
        let (top, bot) = l.lane_y[v];
        area.draw(&PathElement::new(vec![(l.x0 as i32, bot), (l.x1 as i32, bot)], P::GRID))?;
        for span in &lane.process {
            if span.start.t_us > l.cursor {
                continue;
            }
            let a = l.warp.x(span.start.t_us);
            let b = l.warp.x(span.end.t_us.min(l.cursor));
            match span.state {
                ProcessState::Down => {
                    area.draw(&Rectangle::new(
                        [(a, top + 2), (b.max(a + 1), bot - 2)],
                        RGBColor(0x9c, 0xa3, 0xaf).mix(0.35).filled(),
                    ))?;
                    if b - a > view.px(40.0) {
                        l.label(
                            1,
                            l.words.vote.draw.down,
                            10.0,
                            P::MUTED,
                            Pos::new(HPos::Center, VPos::Center),
                            ((a + b) / 2, (top + bot) / 2),
                        );
                    }
                }
                ProcessState::Fenced => {
                    area.draw(&Rectangle::new(
                        [(a, bot - view.px(7.0)), (b.max(a + 1), bot - 1)],
                        FENCE_PURPLE.mix(0.75).filled(),
                    ))?;
                    if b - a > view.px(50.0) {
                        l.label(
                            1,
                            l.words.vote.draw.fenced,
                            10.0,
                            FENCE_PURPLE,
                            Pos::new(HPos::Left, VPos::Bottom),
                            (a + view.px(3.0), bot - view.px(8.0)),
                        );
                    }
                }
                ProcessState::Up => {}
            }
        }
        let name = VALIDATOR_NAMES[v];
        let label = if v == 0 { l.words.fill(l.words.vote.draw.us, &[("name", name)]) } else { name.to_string() };
        l.label(0, label, 12.0, P::INK, Pos::new(HPos::Left, VPos::Center), (view.px(4.0), (top + bot) / 2));
    }
    Ok(())
}

/// A's pipeline stage blocks, coloured by kind: sends, the outer transaction,
/// storage work; red where a stage failed or a crash cut it.
fn draw_pipeline_stages(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    if let Some(a) = trace.lanes.first() {
        let (top, bot) = l.lane_y[0];
        for (i, st) in a.stages.iter().enumerate() {
            let start = stage_start_us(&a.stages, i);
            if !l.shows(start) {
                continue;
            }
            let xa = l.warp.x(start);
            let xb = l.warp.x(st.end.t_us.min(l.cursor)).max(xa + view.px(2.0));
            let name = StepName::parse(&st.stage);
            let step = name.map(|name| name.step);
            // A stage still under way at the cursor has no outcome yet: it is
            // drawn by what it is doing, not by how it will end.
            let pending = st.end.t_us > l.cursor;
            let col = if !st.ok && !pending {
                UNSAFE_RED
            } else if step.is_some_and(PipelineStep::is_send) {
                SEND_TEAL
            } else if step.is_some_and(PipelineStep::is_outer) {
                OUTER_BROWN
            } else {
                STORAGE_SLATE
            };
            let (ty, by) = (top + view.px(4.0), bot - view.px(10.0));
            if st.foreground {
                area.draw(&Rectangle::new([(xa, ty), (xb, by)], col.mix(0.85).filled()))?;
            } else {
                area.draw(&Rectangle::new([(xa, ty), (xb, by)], col.stroke_width(view.px(1.0).max(1) as u32)))?;
            }
            // The step's short name: inside its block where it fits,
            // else just under it (the code name is in the text alternative).
            let word = |step| if pending { step_pending(l.words, step) } else { step_short(l.words, step) };
            let short = match name {
                Some(n) if n.conflicting => format!("{}(Y)", word(n.step)),
                Some(n) => word(n.step),
                None => st.stage.clone(),
            };
            let fits =
                f64::from(xb - xa) >= approx_text_width(&short, l.text_css(9.0) * view.scale) + f64::from(view.px(4.0));
            if fits {
                let color = if st.foreground { WHITE } else { P::INK };
                l.label(2, short, 9.0, color, Pos::new(HPos::Center, VPos::Center), ((xa + xb) / 2, (ty + by) / 2));
            } else {
                l.label(4, short, 9.0, P::INK, Pos::new(HPos::Left, VPos::Top), (xa, by + view.px(1.0)));
            }
        }
    }
    Ok(())
}

/// V2's outer-transaction bracket over A's lane (B3), from `OUTER_BEGIN` to
/// the transaction's end (or the cursor, while it is open).
fn draw_outer_bracket(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let Some(a) = trace.lanes.first().filter(|_| view.show_outer) else { return Ok(()) };
    let begin = a
        .stages
        .iter()
        .find(|st| StepName::parse(&st.stage).is_some_and(|name| name.step == PipelineStep::OuterBegin))
        .map(|st| st.start.t_us);
    let end = trace.events.iter().find_map(|e| match e.kind {
        EventKind::OuterTxEnded { validator: 0, committed } => Some((e.at.t_us, committed)),
        _ => None,
    });
    let Some(b) = begin.filter(|&b| b <= l.cursor) else { return Ok(()) };
    let xb = l.warp.x(b);
    let (xe, label) = match end {
        Some((t, committed)) if t <= l.cursor => (
            l.warp.x(t),
            if committed { l.words.vote.draw.outer_committed } else { l.words.vote.draw.outer_rolled_back },
        ),
        _ => (l.warp.x(l.cursor), l.words.vote.draw.outer_open),
    };
    let yb = l.lane_y[0].0 + view.px(1.0);
    let st = OUTER_BROWN.stroke_width(view.px(2.0).max(1) as u32);
    area.draw(&PathElement::new(vec![(xb, yb + view.px(8.0)), (xb, yb), (xe, yb), (xe, yb + view.px(8.0))], st))?;
    l.label(1, label, 10.0, OUTER_BROWN, Pos::new(HPos::Right, VPos::Bottom), (xe, yb - view.px(1.0)));
    Ok(())
}

/// The storage-layer strip under A's lane: where each of A's records was, and where one was lost.
fn draw_layer_strip(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let layer_rows = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];
    for (i, row_layer) in layer_rows.iter().enumerate() {
        let ty = l.layer_top + i as i32 * l.layer_h;
        area.draw(&Rectangle::new(
            [(l.x0 as i32, ty), (l.x1 as i32, ty + l.layer_h)],
            if i % 2 == 0 { RGBColor(0xf8, 0xfa, 0xfc).filled() } else { WHITE.filled() },
        ))?;
        l.label(
            0,
            layer(l.words, *row_layer),
            if l.narrow { 9.0 } else { 10.0 },
            P::MUTED,
            Pos::new(HPos::Right, VPos::Center),
            (l.x0 as i32 - view.px(4.0), ty + l.layer_h / 2),
        );
    }
    for rec in trace.records.iter().filter(|r| r.validator == 0) {
        for (k, lp) in rec.layers.iter().enumerate() {
            if !l.shows(lp.at.t_us) {
                continue;
            }
            let end = rec.layers.get(k + 1).map(|n| n.at.t_us).unwrap_or(u64::MAX).min(l.cursor).min(l.t_end);
            let xa = l.warp.x(lp.at.t_us);
            let xb = l.warp.x(end).max(xa + view.px(2.0));
            match layer_rows.iter().position(|l| *l == lp.layer) {
                Some(row) => {
                    let ty = l.layer_top + row as i32 * l.layer_h + view.px(2.0);
                    let col = value_color(rec.value);
                    area.draw(&Rectangle::new([(xa, ty), (xb, ty + l.layer_h - view.px(4.0))], col.mix(0.8).filled()))?;
                    if xb - xa > view.px(22.0) {
                        l.label(
                            5,
                            rec.value.label(),
                            9.0,
                            WHITE,
                            Pos::new(HPos::Left, VPos::Center),
                            (xa + view.px(3.0), ty + (l.layer_h - view.px(4.0)) / 2),
                        );
                    }
                }
                None => {
                    // Lost: a cross on the strip where it vanished.
                    let cy = l.layer_top + 2 * l.layer_h;
                    let d = view.px(4.0);
                    let st = UNSAFE_RED.stroke_width(view.px(2.0).max(1) as u32);
                    area.draw(&PathElement::new(vec![(xa - d, cy - d), (xa + d, cy + d)], st))?;
                    area.draw(&PathElement::new(vec![(xa - d, cy + d), (xa + d, cy - d)], st))?;
                    l.label(
                        1,
                        l.words.fill(l.words.vote.draw.lost, &[("value", &rec.value.label())]),
                        9.0,
                        UNSAFE_RED,
                        Pos::new(HPos::Left, VPos::Center),
                        (xa + d + view.px(2.0), cy - d - view.px(3.0)),
                    );
                }
            }
        }
    }
    Ok(())
}

/// The stretches in which A cannot know where its records are (each
/// record's `uncertain_from`, set by a failed or poisoned sync, until A's
/// next restart reads back what survived): hatched over the whole storage
/// strip, whatever layer the simulation knows the record to be in.
fn draw_uncertain_strip(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let restarts: Vec<u64> = trace
        .events
        .iter()
        .filter(|e| matches!(e.kind, EventKind::Restarted { validator: 0 }))
        .map(|e| e.at.t_us)
        .collect();
    for (from, until) in uncertain_spans(trace, &restarts) {
        if !l.shows(from) {
            continue;
        }
        let xa = l.warp.x(from);
        let xb = l.warp.x(until.min(l.cursor).min(l.t_end)).max(xa + view.px(2.0));
        let (top, bot) = (l.layer_top, l.layer_top + 4 * l.layer_h);
        hatch(area, (xa, top), (xb, bot), view.px(6.0).max(3), UNSAFE_RED.mix(0.45))?;
        l.label(
            3,
            l.words.vote.draw.unknown,
            9.0,
            UNSAFE_RED,
            Pos::new(HPos::Right, VPos::Top),
            (xb - view.px(3.0), bot + view.px(1.0)),
        );
    }
    Ok(())
}

/// A's uncertain stretches `(from, until)` in µs, merged where they
/// overlap; `until` is A's first restart after `from` (`u64::MAX`: none).
fn uncertain_spans(trace: &VoteTrace, restarts: &[u64]) -> Vec<(u64, u64)> {
    let mut spans: Vec<(u64, u64)> = trace
        .records
        .iter()
        .filter(|r| r.validator == 0)
        .filter_map(|r| r.uncertain_from)
        .map(|u| (u.t_us, restarts.iter().copied().find(|&t| t > u.t_us).unwrap_or(u64::MAX)))
        .collect();
    spans.sort_unstable();
    let mut merged: Vec<(u64, u64)> = Vec::new();
    for (a, b) in spans {
        match merged.last_mut() {
            Some(last) if a <= last.1 => last.1 = last.1.max(b),
            _ => merged.push((a, b)),
        }
    }
    merged
}

/// Diagonal hatching of the box `(xa, top)`–`(xb, bot)`, one line every
/// `step` px; the lines sit on a grid fixed to x = 0, so two boxes side by
/// side continue one pattern.
fn hatch(area: &Area, (xa, top): (i32, i32), (xb, bot): (i32, i32), step: i32, color: RGBAColor) -> DrawResult {
    let rise = bot - top;
    // A line from (x, bot) to (x + rise, top), clipped to [xa, xb].
    let mut x = (xa - rise).div_euclid(step) * step;
    while x < xb {
        let (x0, y0) = if x < xa { (xa, bot - (xa - x)) } else { (x, bot) };
        let (x1, y1) = if x + rise > xb { (xb, top + (x + rise - xb)) } else { (x + rise, top) };
        if x0 < x1 {
            area.draw(&PathElement::new(vec![(x0, y0), (x1, y1)], color))?;
        }
        x += step;
    }
    Ok(())
}

/// A's own sends, and the proposals of the story's slot to A (X from the proposer, Y from the conflict source), as arrows.
fn draw_messages(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    for m in &trace.messages {
        let Some((ours, to_a)) = l.drawn_message(m) else { continue };
        let col = value_color(m.value);
        let ((xa, ya), (xb, yb), arrived) = l.message_segment(m);
        let st = col.stroke_width(view.px(1.5).max(1) as u32);
        area.draw(&PathElement::new(vec![(xa, ya), (xb, yb)], st))?;
        if arrived {
            let d = view.px(4.0);
            let dir = if yb >= ya { -1 } else { 1 };
            area.draw(&Polygon::new(
                vec![(xb, yb), (xb - d, yb + dir * d * 2), (xb + d, yb + dir * d * 2)],
                col.filled(),
            ))?;
        }
        if m.received_at.is_none() && m.sent_at.t_us <= l.cursor {
            l.label(1, "✕", 10.0, UNSAFE_RED, Pos::new(HPos::Center, VPos::Center), (xb, yb));
        }
        if ours && m.to == 1 || to_a {
            l.label(
                3,
                m.value.label(),
                11.0,
                col,
                Pos::new(HPos::Left, VPos::Bottom),
                (xa + view.px(3.0), ya - view.px(2.0)),
            );
        }
    }
    Ok(())
}

/// Markers on A's lane: crash, restart, refusals, the uncertain stretch after a sync error or an interrupt.
fn draw_lane_a_markers(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    let (a_t, a_b) = l.lane_y[0];
    for e in &trace.events {
        let t = e.at.t_us;
        if !l.shows(t) {
            continue;
        }
        let x = l.warp.x(t);
        match &e.kind {
            EventKind::Crashed { validator: 0, fault } => {
                lightning(area, x, (a_t + a_b) / 2, view.scale * 1.3, UNSAFE_RED)?;
                let lbl = if *fault == FaultKind::Power { l.words.vote.draw.power } else { l.words.vote.draw.kill };
                l.label(1, lbl, 10.0, UNSAFE_RED, Pos::new(HPos::Center, VPos::Bottom), (x, a_t - view.px(1.0)));
            }
            EventKind::Restarted { validator: 0 } => {
                let d = view.px(5.0);
                let cy = (a_t + a_b) / 2;
                area.draw(&Polygon::new(vec![(x, cy - d), (x, cy + d), (x + d + d / 2, cy)], SAFE_GREEN.filled()))?;
                l.label(
                    1,
                    l.words.vote.draw.restart,
                    10.0,
                    SAFE_GREEN,
                    Pos::new(HPos::Left, VPos::Bottom),
                    (x, a_t - view.px(1.0)),
                );
            }
            EventKind::SafetyRefused { validator: 0, wanted, .. } => {
                l.label(
                    1,
                    l.words.fill(l.words.vote.draw.refused, &[("value", &wanted.label())]),
                    10.0,
                    SAFE_GREEN,
                    Pos::new(HPos::Left, VPos::Bottom),
                    (x, a_b),
                );
            }
            EventKind::EngineOpenRefused { validator: 0 } | EventKind::StoreAccessRefused { validator: 0 } => {
                l.label(
                    1,
                    l.words.vote.draw.refused_fenced,
                    10.0,
                    FENCE_PURPLE,
                    Pos::new(HPos::Left, VPos::Top),
                    (x, a_t),
                );
            }
            EventKind::JoinRefused { validator: 0 } => {
                l.label(1, l.words.vote.draw.join_refused, 10.0, SAFE_GREEN, Pos::new(HPos::Left, VPos::Top), (x, a_t));
            }
            EventKind::SyncErrorRaised { validator: 0 } => {
                // Its uncertainty is hatched over the storage strip (`draw_uncertain_strip`).
                // Where the sync failed is the chapter's point: beside the
                // mark, or above the lane, or before it, whichever is free.
                let at = (x, a_t - view.px(1.0));
                l.label_any(
                    1,
                    l.words.vote.draw.sync_error,
                    10.0,
                    UNSAFE_RED,
                    vec![
                        (Pos::new(HPos::Left, VPos::Top), at),
                        (Pos::new(HPos::Left, VPos::Bottom), at),
                        (Pos::new(HPos::Right, VPos::Top), (x - view.px(2.0), at.1)),
                    ],
                );
            }
            EventKind::InterruptDelivered { validator: 0, .. } => {
                // Hatched "uncertain" wait until the fence or the next stage.
                let until = trace
                    .events
                    .iter()
                    .filter(|f| f.at.t_us > t)
                    .find_map(|f| match f.kind {
                        EventKind::Fenced { validator: 0, .. }
                        | EventKind::PipelineEvent { validator: 0, .. }
                        | EventKind::Crashed { validator: 0, .. } => Some(f.at.t_us),
                        _ => None,
                    })
                    .unwrap_or(t + 1_000)
                    .min(l.cursor);
                let xb = l.warp.x(until).max(x + view.px(10.0));
                let step = view.px(5.0).max(2);
                let mut hx = x;
                while hx < xb {
                    area.draw(&PathElement::new(
                        vec![(hx, a_b - 2), ((hx + step).min(xb), a_t + 2)],
                        UNSAFE_RED.mix(0.5),
                    ))?;
                    hx += step;
                }
                l.label(
                    1,
                    l.words.vote.draw.interrupt,
                    10.0,
                    UNSAFE_RED,
                    Pos::new(HPos::Left, VPos::Top),
                    (x, a_t - view.px(1.0)),
                );
            }
            EventKind::ConnReturnedWhilePending { validator: 0 } => {
                l.label(
                    1,
                    l.words.vote.draw.conn_returned,
                    10.0,
                    P::ERROR,
                    Pos::new(HPos::Left, VPos::Bottom),
                    (x, a_b + view.px(1.0)),
                );
            }
            _ => {}
        }
    }
    Ok(())
}

/// The evidence-pool badge of B, C and D: red once they hold two of A's signatures for one slot.
fn draw_evidence_badges(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    for v in 1..4u32 {
        let (top, bot) = l.lane_y[v as usize];
        let hit = trace.events.iter().find(|e| {
            e.at.t_us <= l.cursor
                && matches!(e.kind, EventKind::DuplicateVoteDetected { detector, signer: 0, .. } if detector == v)
        });
        let cx = l.x1 as i32 + view.px(12.0);
        let cy = (top + bot) / 2;
        let r = view.px(7.0);
        match hit {
            Some(e) => {
                area.draw(&Circle::new((cx, cy), r, UNSAFE_RED.filled()))?;
                l.label(0, "!", 11.0, WHITE, Pos::new(HPos::Center, VPos::Center), (cx, cy));
                if let EventKind::DuplicateVoteDetected { v1, v2, .. } = &e.kind {
                    if !l.narrow {
                        l.label(
                            0,
                            l.words.fill(l.words.vote.draw.evidence, &[("v1", &v1.label()), ("v2", &v2.label())]),
                            10.0,
                            UNSAFE_RED,
                            Pos::new(HPos::Left, VPos::Center),
                            (cx + r + view.px(3.0), cy),
                        );
                    }
                }
            }
            None => {
                area.draw(&Circle::new((cx, cy), r, SAFE_GREEN.stroke_width(view.px(2.0).max(1) as u32)))?;
                if !l.narrow {
                    l.label(
                        0,
                        l.words.vote.draw.no_evidence,
                        10.0,
                        P::MUTED,
                        Pos::new(HPos::Left, VPos::Center),
                        (cx + r + view.px(3.0), cy),
                    );
                }
            }
        }
    }
    Ok(())
}

/// The status-probe lane (B4): each probe from its question to its answer, red when it waited on the sync.
fn draw_probe_lane(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    if let Some((top, bot)) = l.probe_y {
        l.label(
            0,
            l.words.vote.draw.probes,
            10.0,
            P::INK,
            Pos::new(HPos::Left, VPos::Center),
            (view.px(4.0), (top + bot) / 2),
        );
        area.draw(&PathElement::new(vec![(l.x0 as i32, bot), (l.x1 as i32, bot)], P::GRID))?;
        for p in &trace.probes {
            if !l.shows(p.asked_at.t_us) {
                continue;
            }
            let xa = l.warp.x(p.asked_at.t_us);
            match p.answered_at {
                Some(ans) if ans.t_us > l.cursor => {
                    // Not answered yet at the cursor: whether it stalls is not known.
                    let xb = l.warp.x(l.cursor);
                    area.draw(&Rectangle::new(
                        [(xa, top + view.px(6.0)), (xb.max(xa + view.px(2.0)), bot - view.px(6.0))],
                        P::MUTED.mix(0.5).filled(),
                    ))?;
                }
                Some(ans) => {
                    let xb = l.warp.x(ans.t_us);
                    let col = if p.stalled { UNSAFE_RED } else { SAFE_GREEN };
                    area.draw(&Rectangle::new(
                        [(xa, top + view.px(4.0)), (xb.max(xa + view.px(2.0)), bot - view.px(4.0))],
                        col.mix(if p.stalled { 0.6 } else { 0.9 }).filled(),
                    ))?;
                }
                None => {
                    area.draw(&Rectangle::new(
                        [(xa, top + view.px(8.0)), (xa + view.px(2.0), bot - view.px(8.0))],
                        P::MUTED.filled(),
                    ))?;
                }
            }
        }
    }
    Ok(())
}

/// The player's cursor line and the warped time axis with a few labelled moments.
fn draw_axis(area: &Area, trace: &VoteTrace, view: &StoryView, l: &StoryLayout) -> DrawResult {
    if view.cursor_us < l.t_end {
        let x = l.warp.x(l.cursor);
        area.draw(&PathElement::new(vec![(x, l.lane_y[0].0), (x, l.plot_bottom)], P::CURSOR.mix(0.5)))?;
    }
    let ay = l.plot_bottom + view.px(4.0);
    area.draw(&PathElement::new(vec![(l.x0 as i32, ay), (l.x1 as i32, ay)], P::MUTED))?;
    let mut marks: Vec<u64> = vec![0];
    if let Some(c) = trace.outcome.crash_at {
        marks.push(c.t_us);
    }
    if let Some(r) = trace.outcome.restart_at {
        marks.push(r.t_us);
    }
    if let Some(e) = trace.outcome.equivocations.first() {
        marks.push(e.detected_at.t_us);
    }
    marks.push(l.t_end);
    marks.retain(|&m| m <= l.t_end);
    lab_sim::core::sort(&mut marks);
    marks.dedup();
    for m in marks {
        let x = l.warp.x(m);
        area.draw(&PathElement::new(vec![(x, ay), (x, ay + view.px(4.0))], P::MUTED))?;
        l.label(0, fmt_time(m), 10.0, P::MUTED, Pos::new(HPos::Center, VPos::Top), (x, ay + view.px(5.0)));
    }
    // The axis is not linear: where a long stretch is drawn short, a break
    // mark (two slanted strokes) crosses the axis, and a line says so.
    let gaps = l.warp.long_gaps(LONG_GAP_US);
    let stroke = P::MUTED.stroke_width(view.px(1.4).max(1) as u32);
    for x in &gaps {
        for dx in [-3.0, 2.0] {
            let (x0, x1) = (x + view.px(dx - 2.0), x + view.px(dx + 2.0));
            area.draw(&PathElement::new(vec![(x0, ay + view.px(5.0)), (x1, ay - view.px(5.0))], stroke))?;
        }
    }
    let note = if gaps.is_empty() { l.words.vote.draw.axis_warped } else { l.words.vote.draw.axis_gaps };
    l.label(
        0,
        note,
        11.0,
        P::MUTED,
        Pos::new(HPos::Right, VPos::Top),
        (l.w_px as i32 - view.px(4.0), ay + view.px(18.0)),
    );
    Ok(())
}

/// A stretch of the story at least this long (µs) is drawn with a break mark on the axis.
const LONG_GAP_US: u64 = 100_000;

/// A lightning bolt (A's crash) centred at (x, y), `s` device px per unit.
fn lightning(area: &Area, x: i32, y: i32, s: f64, color: RGBColor) -> DrawResult {
    let p = |dx: f64, dy: f64| (x + (dx * s).round() as i32, y + (dy * s).round() as i32);
    area.draw(&Polygon::new(
        vec![p(1.0, -9.0), p(-5.0, 1.0), p(-0.5, 1.0), p(-2.0, 9.0), p(5.0, -2.0), p(0.5, -2.0), p(3.0, -9.0)],
        color.filled(),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::registry::{figure_of, Scenario};
    use lab_sim::vote::{run, FenceReason, TraceLevel, Variant, VoteConfig};

    fn trace_of(config: &VoteConfig) -> VoteTrace {
        run(config, TraceLevel::Full)
    }

    fn first_t(trace: &VoteTrace, is: impl Fn(&EventKind) -> bool) -> u64 {
        trace.events.iter().find(|e| is(&e.kind)).map(|e| e.at.t_us).expect("the event")
    }

    /// B4-1's starting story (F-fence): the uncertainty starts with the sync
    /// error and, since nothing restarts A, lasts past the fence, which
    /// starts at the same moment (a hatch that ended at the fence drew a
    /// sliver hidden under the fence bar).
    #[test]
    fn b4s_uncertainty_outlasts_the_fence() {
        let spec = figure_of(Scenario::Vote, "uncertain-failure").unwrap();
        let trace = trace_of(&spec.initial_vote_config());
        let error = first_t(&trace, |k| matches!(k, EventKind::SyncErrorRaised { validator: 0 }));
        let fence =
            first_t(&trace, |k| matches!(k, EventKind::Fenced { validator: 0, reason: FenceReason::SyncError }));
        assert_eq!(error, fence, "the fence starts with the error");
        assert_eq!(uncertain_spans(&trace, &[]), vec![(error, u64::MAX)]);
        // Drawn at the story's end, the hatch spans the strip from the error to the plot's right edge.
        let view = StoryView::default();
        let layout = StoryLayout::new(760, &trace, &view, lab_words::Words::of(lab_words::Lang::Ko));
        let xa = layout.warp.x(error);
        let xb = layout.warp.x(layout.cursor.min(layout.t_end));
        assert!(xb - xa > 100, "the hatch is {} px wide", xb - xa);
    }

    /// A restart ends the uncertainty: what survived is read back.
    #[test]
    fn a_restart_ends_the_uncertainty() {
        let spec = figure_of(Scenario::Vote, "uncertain-failure").unwrap();
        let config =
            VoteConfig { variant: Variant::FNaiveRetry, crash_after_events: Some(9), ..spec.initial_vote_config() };
        let trace = trace_of(&config);
        let error = first_t(&trace, |k| matches!(k, EventKind::SyncErrorRaised { validator: 0 }));
        let restart = first_t(&trace, |k| matches!(k, EventKind::Restarted { validator: 0 }));
        let restarts = [restart];
        assert_eq!(uncertain_spans(&trace, &restarts), vec![(error, restart)]);
        // V0 never fails a sync: nothing is hatched.
        let clean = trace_of(&VoteConfig { variant: Variant::V0, ..config });
        assert!(uncertain_spans(&clean, &[]).is_empty());
    }
}
