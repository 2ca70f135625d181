//! What a story's marks are (B1, B3, B4): the messages, A's crash and
//! restart marks, A's pipeline stages and B/C/D's evidence badges, placed
//! by the same [`StoryLayout`] `draw_story` draws with, found under a point,
//! and told in the figure's words as far as the player has come (nothing past the cursor).
//!
//! Coordinates are CSS px of a panel drawn `width_css` wide; the layout is
//! worked out at scale 1.

use super::labels::fmt_time;
use super::story_layout::{stage_start_us, StoryLayout, StoryView};
use crate::vote::StackFault;
use lab_sim::vote::{EventKind, FaultKind, ProcessState, VoteTrace, VALIDATOR_NAMES};
use lab_words::vote::{event, layer, msg_kind};
use lab_words::Words;

/// One mark of a story drawing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoryMark {
    /// `trace.messages[i]`, as an arrow.
    Message(usize),
    /// `trace.events[i]`: A's crash.
    Crash(usize),
    /// `trace.events[i]`: A's restart.
    Restart(usize),
    /// The evidence badge of validator `v` (1–3).
    Badge(u32),
    /// `trace.lanes[0].stages[i]`: one of A's pipeline stages.
    Stage(usize),
    /// `trace.lanes[0].process[i]`: the purple bar of A's fenced store.
    Fenced(usize),
}

/// A mark and the point it is drawn at (its centre), CSS px.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlacedStoryMark {
    pub mark: StoryMark,
    pub x: f64,
    pub y: f64,
}

/// How near (CSS px) a point must be to a mark's line or centre.
const NEAR_CSS: f64 = 7.0;

fn name(v: u32) -> &'static str {
    VALIDATOR_NAMES.get(v as usize).copied().unwrap_or("?")
}

fn distance_to_segment(p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> f64 {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let len2 = dx * dx + dy * dy;
    let t = if len2 == 0.0 { 0.0 } else { (((p.0 - a.0) * dx + (p.1 - a.1) * dy) / len2).clamp(0.0, 1.0) };
    let (cx, cy) = (a.0 + t * dx, a.1 + t * dy);
    ((p.0 - cx).powi(2) + (p.1 - cy).powi(2)).sqrt()
}

/// Every mark the story draws at `view`'s cursor, each with its centre, in
/// reading order (badges last): the keyboard's stops.
pub fn placed_story_marks(
    trace: &VoteTrace,
    view: &StoryView,
    width_css: f64,
    words: &'static Words,
) -> Vec<PlacedStoryMark> {
    placed_on(trace, &layout_at_1x(trace, view, width_css, words))
}

/// The layout `draw_story` uses for a panel `width_css` wide, at scale 1 (CSS px).
fn layout_at_1x(trace: &VoteTrace, view: &StoryView, width_css: f64, words: &'static Words) -> StoryLayout {
    StoryLayout::new(width_css.round() as u32, trace, &StoryView { scale: 1.0, ..view.clone() }, words)
}

/// [`placed_story_marks`] on a layout already worked out (at scale 1).
pub(super) fn placed_on(trace: &VoteTrace, l: &StoryLayout) -> Vec<PlacedStoryMark> {
    let mut out: Vec<(u64, PlacedStoryMark)> = Vec::new();
    let at = |mark, x: f64, y: f64| PlacedStoryMark { mark, x, y };
    if let Some(a) = trace.lanes.first() {
        let (top, bot) = l.lane_y[0];
        for (i, st) in a.stages.iter().enumerate() {
            let start = stage_start_us(&a.stages, i);
            if !l.shows(start) {
                continue;
            }
            let xa = l.warp.x(start);
            let xb = l.warp.x(st.end.t_us.min(l.cursor)).max(xa + 2);
            let y = f64::from(top + 4 + bot - 10) / 2.0;
            out.push((start, at(StoryMark::Stage(i), f64::from(xa + xb) / 2.0, y)));
        }
        // The fenced bar at the foot of A's lane, pointed at near its start.
        for (i, span) in a.process.iter().enumerate() {
            if span.state == ProcessState::Fenced && span.start.t_us <= l.cursor {
                let xa = l.warp.x(span.start.t_us);
                let xb = l.warp.x(span.end.t_us.min(l.cursor)).max(xa + 1);
                let x = f64::from(xa) + f64::from(xb - xa).min(24.0) / 2.0;
                out.push((span.start.t_us, at(StoryMark::Fenced(i), x, f64::from(bot) - 4.0)));
            }
        }
    }
    for (i, m) in trace.messages.iter().enumerate().filter(|(_, m)| l.drawn_message(m).is_some()) {
        let (a, b, _) = l.message_segment(m);
        let mid = (f64::from(a.0 + b.0) / 2.0, f64::from(a.1 + b.1) / 2.0);
        out.push((m.sent_at.t_us, at(StoryMark::Message(i), mid.0, mid.1)));
    }
    let mid_a = f64::from(l.lane_mid(0));
    for (i, e) in trace.events.iter().enumerate().filter(|(_, e)| l.shows(e.at.t_us)) {
        let x = f64::from(l.warp.x(e.at.t_us));
        match e.kind {
            EventKind::Crashed { validator: 0, .. } => out.push((e.at.t_us, at(StoryMark::Crash(i), x, mid_a))),
            EventKind::Restarted { validator: 0 } => out.push((e.at.t_us, at(StoryMark::Restart(i), x + 3.0, mid_a))),
            _ => {}
        }
    }
    lab_sim::core::sort_by_key(&mut out, |(t, _)| *t);
    let mut marks: Vec<PlacedStoryMark> = out.into_iter().map(|(_, p)| p).collect();
    for v in 1..4u32 {
        let (top, bot) = l.lane_y[v as usize];
        marks.push(at(StoryMark::Badge(v), l.x1 + 12.0, f64::from(top + bot) / 2.0));
    }
    marks
}

/// The mark under (`x`, `y`) CSS px, nearest first; a stage only where no line or point is near.
pub fn story_mark_at(
    trace: &VoteTrace,
    view: &StoryView,
    width_css: f64,
    (x, y): (f64, f64),
    words: &'static Words,
) -> Option<StoryMark> {
    let l = layout_at_1x(trace, view, width_css, words);
    let mut best: Option<(f64, StoryMark)> = None;
    let mut consider = |d: f64, m: StoryMark| {
        if d <= NEAR_CSS && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, m));
        }
    };
    for p in placed_on(trace, &l) {
        match p.mark {
            StoryMark::Message(i) => {
                let (a, b, _) = l.message_segment(&trace.messages[i]);
                let (a, b) = ((f64::from(a.0), f64::from(a.1)), (f64::from(b.0), f64::from(b.1)));
                consider(distance_to_segment((x, y), a, b), p.mark);
            }
            StoryMark::Crash(_) | StoryMark::Restart(_) | StoryMark::Badge(_) | StoryMark::Fenced(_) => {
                consider(((x - p.x).powi(2) + (y - p.y).powi(2)).sqrt() * 0.8, p.mark);
            }
            StoryMark::Stage(_) => {}
        }
    }
    if let Some((_, m)) = best {
        return Some(m);
    }
    // Inside a stage block on A's lane.
    let a = trace.lanes.first()?;
    let (top, bot) = l.lane_y[0];
    if !(f64::from(top)..=f64::from(bot)).contains(&y) {
        return None;
    }
    a.stages.iter().enumerate().find_map(|(i, st)| {
        let start = stage_start_us(&a.stages, i);
        if !l.shows(start) {
            return None;
        }
        let xa = f64::from(l.warp.x(start));
        let xb = f64::from(l.warp.x(st.end.t_us.min(l.cursor))).max(xa + 2.0);
        (xa - 2.0..=xb + 2.0).contains(&x).then_some(StoryMark::Stage(i))
    })
}

/// What `mark` is, in `w`'s words, as far as `cursor_us` (nothing the player has not reached).
pub fn describe_story_mark(w: &Words, trace: &VoteTrace, mark: StoryMark, cursor_us: u64) -> String {
    let t = &w.vote.story_tips;
    match mark {
        StoryMark::Message(i) => {
            let Some(m) = trace.messages.get(i) else { return String::new() };
            let what = w.fill(
                t.message,
                &[
                    ("signer", name(m.signer)),
                    ("kind", msg_kind(w, m.kind)),
                    ("value", &m.value.label()),
                    ("height", &m.height.to_string()),
                    ("round", &m.round.to_string()),
                    ("from", name(m.from)),
                    ("to", name(m.to)),
                ],
            );
            let fate = match m.received_at {
                Some(r) if r.t_us <= cursor_us => w.fill(t.arrived, &[("at", &fmt_time(r.t_us))]),
                Some(_) => t.in_flight.to_string(),
                None if m.sent_at.t_us <= cursor_us => t.undelivered.to_string(),
                None => t.in_flight.to_string(),
            };
            w.fill(t.message_line, &[("what", &what), ("at", &fmt_time(m.sent_at.t_us)), ("fate", &fate)])
        }
        StoryMark::Crash(i) => match trace.events.get(i).map(|e| (&e.kind, e.at.t_us)) {
            Some((EventKind::Crashed { fault, .. }, at)) => {
                let how = match fault {
                    FaultKind::Power => t.crash_power,
                    FaultKind::Kill => t.crash_kill,
                };
                let kept = trace
                    .records
                    .iter()
                    .filter(|r| r.validator == 0)
                    .filter_map(|r| r.layers.iter().rev().find(|lp| lp.at.t_us <= at).map(|lp| lp.layer))
                    .filter(|layer| *layer != lab_sim::vote::Layer::Lost)
                    .count();
                w.fill(t.crash, &[("at", &fmt_time(at)), ("how", how), ("kept", &kept.to_string())])
            }
            _ => String::new(),
        },
        StoryMark::Restart(i) => match trace.events.get(i) {
            Some(e) => w.fill(t.restart, &[("at", &fmt_time(e.at.t_us))]),
            None => String::new(),
        },
        StoryMark::Badge(v) => {
            let found = trace.events.iter().find(|e| {
                e.at.t_us <= cursor_us
                    && matches!(e.kind, EventKind::DuplicateVoteDetected { detector, signer: 0, .. } if detector == v)
            });
            match found.map(|e| (&e.kind, e.at.t_us)) {
                Some((EventKind::DuplicateVoteDetected { height, round, v1, v2, .. }, at)) => w.fill(
                    t.badge,
                    &[
                        ("who", name(v)),
                        ("at", &fmt_time(at)),
                        ("height", &height.to_string()),
                        ("round", &round.to_string()),
                        ("v1", &v1.label()),
                        ("v2", &v2.label()),
                    ],
                ),
                _ => w.fill(t.no_badge, &[("who", name(v))]),
            }
        }
        StoryMark::Fenced(i) => match trace.lanes.first().and_then(|a| a.process.get(i)) {
            Some(span) => w.fill(t.fenced, &[("at", &fmt_time(span.start.t_us))]),
            None => String::new(),
        },
        StoryMark::Stage(i) => {
            let Some(st) = trace.lanes.first().and_then(|a| a.stages.get(i)) else { return String::new() };
            let step = event(w, &st.stage);
            let end = if st.end.t_us <= cursor_us { fmt_time(st.end.t_us) } else { t.stage_open.to_string() };
            let how = if st.end.t_us > cursor_us {
                ""
            } else if !st.ok {
                t.stage_failed
            } else if !st.foreground {
                t.stage_background
            } else {
                ""
            };
            let start = trace.lanes.first().map_or(st.start.t_us, |a| stage_start_us(&a.stages, i));
            w.fill(t.stage, &[("step", &step), ("start", &fmt_time(start)), ("end", &end), ("how", how)])
        }
    }
}

/// What B7's stack says at (`x`, `y`) CSS px: a record chip, else its layer.
pub fn describe_stack_point(
    w: &Words,
    records: &[super::StackRecord],
    fault: StackFault,
    device_honours_sync: bool,
    window_us: u64,
    width_css: f64,
    (x, y): (f64, f64),
) -> Option<String> {
    let at = super::stack_layer_at(width_css, x, y)?;
    let s = &w.vote.stack;
    let fate = |r: &super::StackRecord| {
        if fault == StackFault::None {
            String::new()
        } else if super::survives(r, fault, device_honours_sync, window_us) {
            w.fill(s.survives, &[("fault", fault.name(w))])
        } else {
            w.fill(s.gone, &[("fault", fault.name(w))])
        }
    };
    if let Some(i) = super::stack_chip_at(records, width_css, x, y) {
        let r = &records[i];
        return Some(w.fill(s.tip_record, &[("label", &r.label), ("layer", layer(w, r.layer)), ("fate", &fate(r))]));
    }
    let here: Vec<&super::StackRecord> = records.iter().filter(|r| r.layer == at).collect();
    let lost = here.iter().filter(|r| !super::survives(r, fault, device_honours_sync, window_us)).count();
    let tail = match fault {
        StackFault::None => w.fill(s.press, &[("fault", StackFault::reaching(at).name(w))]),
        _ => w.fill(s.lost_after, &[("fault", fault.name(w)), ("n", &lost.to_string())]),
    };
    Some(w.fill(s.tip_layer, &[("layer", layer(w, at)), ("n", &here.len().to_string()), ("tail", &tail)]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::plan::VotePlan;
    use lab_model::registry::figure;

    #[test]
    fn every_placed_story_mark_is_found_where_it_is_drawn_and_said() {
        let words = lab_words::Words::of(lab_words::Lang::Ko);
        let spec = figure("vote-story").expect("B1");
        let plan = VotePlan::new(spec, spec.initial_vote_config());
        let fig = plan.run();
        let trace = fig.traces()[0].clone();
        for width in [390.0, 1000.0] {
            let view = StoryView { cursor_us: u64::MAX, t_end_us: fig.story_end_us(), ..StoryView::default() };
            let placed = placed_story_marks(&trace, &view, width, words);
            assert!(placed.iter().any(|p| matches!(p.mark, StoryMark::Message(_))), "messages at {width}");
            assert!(placed.iter().any(|p| matches!(p.mark, StoryMark::Crash(_))), "B1's crash at {width}");
            assert_eq!(placed.iter().filter(|p| matches!(p.mark, StoryMark::Badge(_))).count(), 3);
            for p in &placed {
                let found = story_mark_at(&trace, &view, width, (p.x, p.y), words);
                assert!(found.is_some(), "{:?} at {width}", p.mark);
                let text = describe_story_mark(words, &trace, found.unwrap(), view.cursor_us);
                assert!(!text.is_empty() && !text.contains('{'), "{text}");
            }
            // The lane names' column is no mark.
            assert_eq!(story_mark_at(&trace, &view, width, (2.0, 2.0), words), None);
        }
        // Nothing past the cursor: before the first message, none is drawn or found.
        let first = trace.messages.iter().map(|m| m.sent_at.t_us).min().unwrap_or(0);
        let early =
            StoryView { cursor_us: first.saturating_sub(1), t_end_us: fig.story_end_us(), ..StoryView::default() };
        assert!(!placed_story_marks(&trace, &early, 1000.0, words)
            .iter()
            .any(|p| matches!(p.mark, StoryMark::Message(_))));
        // A badge says whether it holds evidence only as of the cursor.
        let badge = describe_story_mark(words, &trace, StoryMark::Badge(1), 0);
        assert_eq!(badge, words.fill(words.vote.story_tips.no_badge, &[("who", "B")]));
    }
}
