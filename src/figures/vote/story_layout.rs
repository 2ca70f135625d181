//! Where things go in a story figure (B1, B3, B4): the view (scale, player
//! cursor, panels), the warped time axis, the end of the interesting part of
//! a story and the events the player steps through, and the lanes' pixel
//! layout that [`super::draw_story`] draws into.

use lab_words::Words;
use plotters::prelude::*;

use crate::text_place::Labels;
use lab_sim::vote::{EventKind, MessageRecord, MsgKind, StageSpan, TraceEvent, VoteTrace};

/// Pixel scale and options of a Scenario B drawing.
#[derive(Clone, Debug, PartialEq)]
pub struct StoryView {
    /// Device pixels per CSS pixel.
    pub scale: f64,
    /// Nothing after this time is drawn (`u64::MAX`: everything).
    pub cursor_us: u64,
    /// The end of the visible story, in µs.
    pub t_end_us: u64,
    /// Draw the status-probe lane (B4).
    pub show_probes: bool,
    /// Draw V2's outer-transaction bracket (B3).
    pub show_outer: bool,
    pub title: Option<String>,
    /// The mark the story's scene at the cursor names, ringed.
    pub focus: Option<super::StoryMark>,
    /// A coming fault's time (µs) and label, drawn as a dashed line until
    /// the cursor reaches it (a story that opens just before it, `super::opening`).
    pub fault_mark: Option<(u64, &'static str)>,
    /// A note beside the cursor line, over B's to D's lanes (B3's lower
    /// panel while it waits for the upper story).
    pub note: Option<&'static str>,
}

impl Default for StoryView {
    fn default() -> Self {
        StoryView {
            scale: 1.0,
            cursor_us: u64::MAX,
            t_end_us: 20_000_000,
            show_probes: false,
            show_outer: false,
            title: None,
            focus: None,
            fault_mark: None,
            note: None,
        }
    }
}

impl StoryView {
    pub(super) fn px(&self, css: f64) -> i32 {
        (css * self.scale).round() as i32
    }
}

/// A warped time axis: gaps between key times get width ~ log(gap), so the
/// microsecond pipeline and the two-second restart both stay readable.
#[derive(Clone, Debug)]
pub struct Warp {
    times: Vec<u64>,
    xs: Vec<f64>,
    x0: f64,
    x1: f64,
}

impl Warp {
    pub fn new(mut times: Vec<u64>, t_end: u64, x0: f64, x1: f64) -> Warp {
        times.push(0);
        times.push(t_end);
        times.retain(|&t| t <= t_end);
        lab_sim::core::sort(&mut times);
        times.dedup();
        let mut xs = vec![0.0];
        for w in times.windows(2) {
            let gap = (w[1] - w[0]) as f64;
            let last = *xs.last().unwrap_or(&0.0);
            xs.push(last + 0.25 + (1.0 + gap / 100.0).ln());
        }
        let total = xs.last().copied().unwrap_or(1.0).max(1e-9);
        for x in &mut xs {
            *x = x0 + (x1 - x0) * (*x / total);
        }
        Warp { times, xs, x0, x1 }
    }

    /// The middle x of every stretch of at least `min_us` between two key
    /// times: the stretches the axis draws far shorter than they lasted.
    pub fn long_gaps(&self, min_us: u64) -> Vec<i32> {
        (1..self.times.len())
            .filter(|&i| self.times[i] - self.times[i - 1] >= min_us)
            .map(|i| ((self.xs[i - 1] + self.xs[i]) / 2.0).round() as i32)
            .collect()
    }

    pub fn x(&self, t: u64) -> i32 {
        let i = self.times.partition_point(|&k| k <= t);
        if i == 0 {
            return self.x0.round() as i32;
        }
        if i >= self.times.len() {
            return self.x1.round() as i32;
        }
        let (ta, tb) = (self.times[i - 1] as f64, self.times[i] as f64);
        let (xa, xb) = (self.xs[i - 1], self.xs[i]);
        let f = if tb > ta { (t as f64 - ta) / (tb - ta) } else { 0.0 };
        (xa + (xb - xa) * f).round() as i32
    }
}

/// The end of the interesting part of a story: the last event of A's first
/// `max_depth` pipeline events, of its crash, restart, fence and refusals, and
/// of the evidence pools' detections, plus a margin for messages in flight.
pub fn story_end_us(trace: &VoteTrace, max_depth: u32) -> u64 {
    let mut end = 0u64;
    let mut seen: Vec<std::mem::Discriminant<EventKind>> = Vec::new();
    for e in &trace.events {
        let t = e.at.t_us;
        // Only the first of each kind of key moment counts (later heights repeat them).
        let first = |seen: &mut Vec<std::mem::Discriminant<EventKind>>| {
            let d = std::mem::discriminant(&e.kind);
            if seen.contains(&d) {
                false
            } else {
                seen.push(d);
                true
            }
        };
        let counts = match &e.kind {
            EventKind::PipelineEvent { validator: 0, index, .. } => *index <= max_depth,
            EventKind::Crashed { validator: 0, .. }
            | EventKind::Restarted { validator: 0 }
            | EventKind::Recovered { validator: 0, .. }
            | EventKind::Fenced { validator: 0, .. }
            | EventKind::EngineRecreated { validator: 0 }
            | EventKind::EngineOpenRefused { validator: 0 }
            | EventKind::SyncErrorRaised { validator: 0 }
            | EventKind::InterruptDelivered { validator: 0, .. }
            | EventKind::ConnReturnedWhilePending { validator: 0 }
            | EventKind::OuterTxEnded { validator: 0, .. }
            | EventKind::ConflictInjected { .. } => t < 10_000_000 && first(&mut seen),
            EventKind::SafetyRefused { validator: 0, .. } | EventKind::Rebroadcast { validator: 0, .. } => {
                t < 10_000_000 && first(&mut seen)
            }
            EventKind::DuplicateVoteDetected { signer: 0, .. } => true,
            _ => false,
        };
        if counts {
            end = end.max(t);
        }
    }
    // Background steps of abandoned work that finish soon after.
    for e in &trace.events {
        if let EventKind::BackgroundStep { validator: 0, .. } = e.kind {
            if e.at.t_us <= end + 100_000 {
                end = end.max(e.at.t_us);
            }
        }
    }
    (end + 4_000).max(12_000).min(trace.end_us.max(12_000))
}

/// The events the story player steps through (A's story, not the whole network's chatter).
pub fn story_events(trace: &VoteTrace, t_end: u64) -> Vec<usize> {
    trace
        .events
        .iter()
        .enumerate()
        .filter(|(_, e)| e.at.t_us <= t_end)
        .filter(|(_, e)| match &e.kind {
            EventKind::StepEntered { validator, .. } => *validator == 0,
            EventKind::TimeoutFired { validator, .. } => *validator == 0,
            EventKind::MessageSent { signer, relayed, msg_kind, to, .. } => {
                (*signer == 0 && !relayed) || (*msg_kind == MsgKind::Proposal && *to == 0)
            }
            EventKind::MessageReceived { signer, from, msg_kind, to, .. } => {
                (*signer == 0 && *from == 0) || (*msg_kind == MsgKind::Proposal && *to == 0)
            }
            EventKind::StatusAnswered { .. } => false,
            EventKind::Finalized { validator, .. } => *validator == 1,
            _ => true,
        })
        .map(|(i, _)| i)
        .collect()
}

/// Events that shape the story's warped time axis: A's own, its messages,
/// the proposals of the story's round to A, and the evidence pools' findings.
fn warp_relevant(e: &TraceEvent, h0: u64, r0: u32) -> bool {
    match &e.kind {
        EventKind::MessageSent { signer, from, relayed, msg_kind, to, height, round, .. } => {
            !relayed
                && ((*signer == 0 && *from == 0)
                    || (*msg_kind == MsgKind::Proposal && *to == 0 && *height == h0 && *round == r0))
        }
        EventKind::MessageReceived { signer, from, msg_kind, to, height, round, .. } => {
            (*signer == 0 && *from == 0)
                || (*msg_kind == MsgKind::Proposal && *to == 0 && *height == h0 && *round == r0)
        }
        EventKind::StepEntered { .. }
        | EventKind::TimeoutFired { .. }
        | EventKind::Finalized { .. }
        | EventKind::CaughtUp { .. } => false,
        EventKind::TxSubmitted { .. } | EventKind::TxFinalized { .. } | EventKind::StatusAnswered { .. } => false,
        EventKind::PipelineEvent { validator, .. }
        | EventKind::BackgroundStep { validator, .. }
        | EventKind::RecordLayerChanged { validator, .. } => *validator == 0,
        _ => true,
    }
}

/// Where A's stage `i` starts on the drawing (µs): a foreground stage never
/// before the previous foreground stage of its action ended. A send that a
/// crash cut right after the file sync is traced from the sync's start (its
/// chain waited on the sync); drawn from there it would paint the sync that
/// succeeded in the cut send's red.
pub fn stage_start_us(stages: &[StageSpan], i: usize) -> u64 {
    let st = &stages[i];
    if !st.foreground {
        return st.start.t_us;
    }
    let prev = stages[..i].iter().rev().find(|p| p.foreground && p.action == st.action).map_or(0, |p| p.end.t_us);
    st.start.t_us.max(prev.min(st.end.t_us))
}

/// Lane layout of the story drawing, in CSS px.
const LANE_H: f64 = 30.0;
const LAYER_H: f64 = 13.0;
const PROBE_H: f64 = 22.0;
const AXIS_H: f64 = 34.0;
const TOP_H: f64 = 16.0;
const TITLE_H: f64 = 20.0;

/// The height in CSS px that `draw_story` needs.
pub fn story_height_css(view: &StoryView) -> f64 {
    TOP_H
        + if view.title.is_some() { TITLE_H } else { 0.0 }
        + LANE_H
        + 4.0 * LAYER_H
        + 10.0
        + 3.0 * LANE_H
        + if view.show_probes { PROBE_H + 6.0 } else { 0.0 }
        + AXIS_H
}

/// The pixel layout of one story drawing: the plot's x range and time axis,
/// and the y range of every lane, computed once before anything is drawn.
pub(super) struct StoryLayout {
    pub(super) w_px: u32,
    /// Under 560 CSS px: shorter labels, no evidence captions.
    pub(super) narrow: bool,
    pub(super) x0: f64,
    pub(super) x1: f64,
    /// The end of the visible story and the player's cursor (at most the end), µs.
    pub(super) t_end: u64,
    pub(super) cursor: u64,
    /// The story's height and round (the conflict's slot).
    pub(super) h0: u64,
    pub(super) r0: u32,
    pub(super) warp: Warp,
    /// The top of the title, when the view has one.
    pub(super) title_y: Option<i32>,
    /// Top and bottom of each validator's lane (A first).
    pub(super) lane_y: Vec<(i32, i32)>,
    /// The storage-layer strip under A's lane: its top and the height of one layer.
    pub(super) layer_top: i32,
    pub(super) layer_h: i32,
    /// The status-probe lane (B4).
    pub(super) probe_y: Option<(i32, i32)>,
    pub(super) plot_bottom: i32,
    /// Device px per CSS px.
    pub(super) scale: f64,
    /// The labels the drawing asks for, placed without overprinting at its end.
    pub(super) labels: std::cell::RefCell<Labels>,
    /// The words the drawing writes in.
    pub(super) words: &'static Words,
}

impl StoryLayout {
    pub(super) fn new(w_px: u32, trace: &VoteTrace, view: &StoryView, words: &'static Words) -> StoryLayout {
        let s = view.scale;
        let narrow = (w_px as f64) / s < 560.0;
        let label_w = if narrow { 58.0 } else { 84.0 };
        let badge_w = if narrow { 44.0 } else { 84.0 };
        let x0 = view.px(label_w) as f64;
        let x1 = w_px as f64 - view.px(badge_w) as f64;
        let t_end = view.t_end_us;
        let cursor = view.cursor_us.min(t_end);
        let (h0, r0) = (trace.config.start_height, trace.config.start_round);
        let key_times: Vec<u64> = trace
            .events
            .iter()
            .filter(|e| warp_relevant(e, h0, r0))
            .map(|e| e.at.t_us)
            .filter(|&t| t <= t_end)
            .collect();
        let warp = Warp::new(key_times, t_end, x0, x1);
        let mut y = view.px(TOP_H);
        let title_y = view.title.as_ref().map(|_| {
            let top = y;
            y += view.px(TITLE_H);
            top
        });
        let lane_h = view.px(LANE_H);
        let a_top = y;
        let a_bot = a_top + lane_h;
        let layer_top = a_bot + view.px(2.0);
        let layer_h = view.px(LAYER_H);
        let layers_bot = layer_top + 4 * layer_h;
        let mut lane_y = vec![(a_top, a_bot)];
        let mut yy = layers_bot + view.px(8.0);
        for _ in 1..4 {
            lane_y.push((yy, yy + lane_h));
            yy += lane_h;
        }
        let probe_y = if view.show_probes {
            let p = (yy + view.px(6.0), yy + view.px(6.0 + PROBE_H));
            yy = p.1;
            Some(p)
        } else {
            None
        };
        StoryLayout {
            w_px,
            narrow,
            x0,
            x1,
            t_end,
            cursor,
            h0,
            r0,
            warp,
            title_y,
            lane_y,
            layer_top,
            layer_h,
            probe_y,
            plot_bottom: yy,
            scale: s,
            labels: std::cell::RefCell::new(Labels::default()),
            words,
        }
    }

    /// The vertical middle of validator `v`'s lane.
    pub(super) fn lane_mid(&self, v: u32) -> i32 {
        let (t, b) = self.lane_y[(v as usize).min(3)];
        (t + b) / 2
    }

    /// Asks for a label of `size_css` CSS px (placed by [`Labels`]; lower
    /// `priority` first, left out where it would overprint another).
    pub(super) fn label(
        &self,
        priority: u8,
        text: impl Into<String>,
        size_css: f64,
        color: RGBColor,
        pos: plotters::style::text_anchor::Pos,
        at: (i32, i32),
    ) {
        self.labels.borrow_mut().ask(priority, text, self.text_css(size_css) * self.scale, color, pos, at);
    }

    /// Like [`Self::label`], with several spots, the first free one taken.
    pub(super) fn label_any(
        &self,
        priority: u8,
        text: impl Into<String>,
        size_css: f64,
        color: RGBColor,
        spots: Vec<(plotters::style::text_anchor::Pos, (i32, i32))>,
    ) {
        self.labels.borrow_mut().ask_any(priority, text, self.text_css(size_css) * self.scale, color, spots);
    }

    /// A text size of `size_css`, raised to the floor of this drawing's width.
    pub(super) fn text_css(&self, size_css: f64) -> f64 {
        size_css.max(crate::text_floor_css(f64::from(self.w_px) / self.scale))
    }

    /// Whether the story draws `m`, and as what: `Some((ours, to_a))`, one
    /// of A's own sends and/or the slot's proposal to A; `None` when it is
    /// not drawn (another message, or not sent yet).
    pub(super) fn drawn_message(&self, m: &MessageRecord) -> Option<(bool, bool)> {
        let ours = m.signer == 0 && m.from == 0 && !m.relayed;
        let to_a = m.kind == MsgKind::Proposal
            && m.to == 0
            && !m.value.is_nil()
            && m.height == self.h0
            && m.round == self.r0
            && !m.relayed;
        ((ours || to_a) && self.shows(m.sent_at.t_us)).then_some((ours, to_a))
    }

    /// `m`'s drawn arrow, in this layout's px: from its sender's lane to
    /// where it is at the cursor (its receiver's lane once it arrived), or a
    /// short stub when it was lost; and whether it arrived.
    pub(super) fn message_segment(&self, m: &MessageRecord) -> ((i32, i32), (i32, i32), bool) {
        /// A lost message's stub, CSS px.
        const STUB_CSS: f64 = 14.0;
        let xa = self.warp.x(m.sent_at.t_us);
        let ya = self.lane_mid(m.from);
        let (xb, yb, arrived) = match m.received_at {
            Some(r) if r.t_us <= self.cursor => (self.warp.x(r.t_us), self.lane_mid(m.to), true),
            Some(r) => {
                let f = (self.cursor - m.sent_at.t_us) as f64 / (r.t_us - m.sent_at.t_us).max(1) as f64;
                let xe = self.warp.x(r.t_us);
                let ye = self.lane_mid(m.to);
                (xa + ((xe - xa) as f64 * f) as i32, ya + ((ye - ya) as f64 * f) as i32, false)
            }
            None => (xa + (STUB_CSS * self.scale).round() as i32, ya + (self.lane_mid(m.to) - ya) / 3, false),
        };
        ((xa, ya), (xb, yb), arrived)
    }

    /// Is an event at `t_us` visible (reached by the cursor, inside the story)?
    pub(super) fn shows(&self, t_us: u64) -> bool {
        t_us <= self.cursor && t_us <= self.t_end
    }
}
