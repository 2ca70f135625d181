//! Figure B2-1 `tap-crash`: validator A's lane over its first height, the
//! four places its safety records can be (transaction, store queue, OS cache, disk)
//! and the votes the network already holds, where the reader picks any
//! instant of the lane to kill A or cut its power there.
//!
//! Everything comes from the simulation. One crash-free run of the chosen
//! order ([`TapCrash::new`]) gives the lane, the records' layers over time
//! and A's sends. Its key times (every stage boundary, layer change and
//! send, and with a device that ignores sync the end of each synced
//! write's cache window) cut the lane into stretches ([`TapCut`]) in which
//! nothing about A changes, so one tap anywhere in a stretch means one
//! state. Each stretch maps onto the crash the simulation can replay
//! exactly: after A's k-th foreground event (`crash_after_events`) when
//! the stretch opens with one, else at a whole millisecond inside it
//! (`crash_at_ms`). [`TapCrash::outcome`] runs that crash with its
//! restart; what the figure says survived is the one survival rule
//! (`lab_sim::vote::survives`) applied to the state at the instant, and
//! the tests hold it to what the crashed run's restart restored.
//!
//! The reader-facing words are the words layer's (`lab_words::vote::TapCrashWords`,
//! the figure's `words`).

use std::cell::RefCell;

use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

use super::{SAFE_GREEN, UNSAFE_RED, VALUE_X};
use crate::recording::Area;
use crate::{palette as P, DrawResult, FONT};
use lab_sim::vote::{
    run, Device, EventKind, FaultKind, Layer, StepName, TraceLevel, Value, VoteConfig, VoteTrace, VALIDATOR_NAMES,
};
use lab_words::vote::{consensus_step_long, layer, step_short};
use lab_words::Words;

/// The storage layers, top to bottom, as the figure's rows draw them.
const ROWS: [Layer; 4] = [Layer::Tx, Layer::Committed, Layer::OsCache, Layer::Disk];

const TX_AMBER: RGBColor = RGBColor(0xa1, 0x62, 0x07);
const QUEUE_PURPLE: RGBColor = RGBColor(0x93, 0x33, 0xea);
const CACHE_TEAL: RGBColor = RGBColor(0x0d, 0x94, 0x88);

fn layer_colour(l: Layer) -> RGBColor {
    match l {
        Layer::Tx => TX_AMBER,
        Layer::Committed => QUEUE_PURPLE,
        Layer::OsCache => CACHE_TEAL,
        Layer::Disk => SAFE_GREEN,
        Layer::Lost => P::MUTED,
    }
}

/// How the simulation replays a crash inside a stretch.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapCrashPoint {
    /// Right after A's k-th foreground pipeline event (0: before the first).
    AfterEvents(u32),
    /// At this whole millisecond.
    AtMs(u32),
}

/// A stretch of A's lane in which nothing about A changes: `[start_us, end_us)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TapCut {
    pub start_us: u64,
    pub end_us: u64,
    pub crash: TapCrashPoint,
}

/// One of A's records at an instant: where it is and whether each fault keeps it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapRecord {
    /// The vote it records (`height 10 prevote X`).
    pub label: String,
    pub height: u64,
    pub round: u32,
    pub step: lab_sim::vote::Step,
    pub value: Value,
    pub layer: Layer,
    pub kept_by_kill: bool,
    pub kept_by_power: bool,
}

impl TapRecord {
    pub fn kept(&self, fault: FaultKind) -> bool {
        match fault {
            FaultKind::Kill => self.kept_by_kill,
            FaultKind::Power => self.kept_by_power,
        }
    }
}

/// A vote A has sent by an instant, and to whom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SentVote {
    pub label: String,
    pub to: Vec<&'static str>,
}

/// How the crashed run ended after A's restart.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TapVerdict {
    /// Nothing the network holds was forgotten.
    Safe,
    /// The restart forgot (or misremembered) a vote the network holds.
    CouldVoteTwice,
    /// And A went on to sign a conflicting vote in this run.
    VotedTwice,
    /// A refuses everything (safe, not live).
    Fenced,
}

impl TapVerdict {
    /// The verdict in `words`.
    pub fn word(self, words: &Words) -> &'static str {
        let t = &words.vote.tap;
        match self {
            TapVerdict::Safe => t.safe,
            TapVerdict::CouldVoteTwice => t.could_twice,
            TapVerdict::VotedTwice => t.did_twice,
            TapVerdict::Fenced => t.fenced,
        }
    }

    pub fn key(self) -> &'static str {
        match self {
            TapVerdict::Safe => "safe",
            TapVerdict::CouldVoteTwice => "could_vote_twice",
            TapVerdict::VotedTwice => "voted_twice",
            TapVerdict::Fenced => "fenced",
        }
    }

    pub fn is_unsafe(self) -> bool {
        matches!(self, TapVerdict::CouldVoteTwice | TapVerdict::VotedTwice)
    }
}

/// What the crashed run says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TapOutcome {
    pub verdict: TapVerdict,
    /// What A's restart restored (labels), empty when nothing.
    pub restored: Vec<String>,
    /// The votes the network holds that the restart forgot.
    pub forgotten: Vec<String>,
}

/// The figure: the crash-free run, its stretches and the crashed runs asked for so far.
pub struct TapCrash {
    pub base: VoteConfig,
    trace: VoteTrace,
    pub cuts: Vec<TapCut>,
    times: Vec<u64>,
    pub end_us: u64,
    outcomes: RefCell<Vec<((usize, FaultKind), TapOutcome)>>,
    /// The words the figure draws and writes in.
    pub words: &'static Words,
}

/// A vote or its record in the text alternative (`height 10 prevote X`).
fn vote_label(w: &Words, height: u64, step: lab_sim::vote::Step, value: Value) -> String {
    w.fill(
        w.vote.tap.vote,
        &[("height", &height.to_string()), ("step", consensus_step_long(w, step)), ("value", &value.label())],
    )
}

/// `2.6 ms`, `1 s`: a key time as the axis labels it.
pub fn tap_time_label(t_us: u64) -> String {
    let trim = |s: String| s.trim_end_matches('0').trim_end_matches('.').to_string();
    if t_us == 0 {
        "0".to_string()
    } else if t_us < 1_000_000 {
        format!("{} ms", trim(format!("{:.2}", t_us as f64 / 1000.0)))
    } else {
        format!("{} s", trim(format!("{:.3}", t_us as f64 / 1e6)))
    }
}

impl TapCrash {
    /// Runs `config`'s order crash-free and cuts A's lane over its first
    /// height; the figure speaks `words`.
    pub fn new(config: &VoteConfig, words: &'static Words) -> TapCrash {
        let base =
            VoteConfig { crash_after_events: None, crash_at_ms: None, crash_after_event_name: None, ..config.clone() };
        let trace = run(&base, TraceLevel::Full);
        let lane = trace.lanes.first();
        // The lane ends where A enters the next height (the first vote's whole story).
        let end_us = lane
            .and_then(|l| l.steps.iter().find(|s| s.height > base.start_height))
            .map(|s| s.start.t_us)
            .unwrap_or(trace.end_us)
            .max(1);
        let window_us = u64::from(base.device_cache_window_ms) * 1000;
        let mut keys: Vec<u64> = Vec::new();
        // Changes of A's state that no foreground event of A makes.
        let mut quiet_changes: Vec<u64> = Vec::new();
        if let Some(lane) = lane {
            for s in &lane.stages {
                keys.push(s.start.t_us);
                keys.push(s.end.t_us);
            }
        }
        for rec in trace.records.iter().filter(|r| r.validator == 0) {
            for lp in &rec.layers {
                keys.push(lp.at.t_us);
                quiet_changes.push(lp.at.t_us);
                if lp.layer == Layer::Disk && !base.device_honours_sync {
                    keys.push(lp.at.t_us + window_us);
                    quiet_changes.push(lp.at.t_us + window_us);
                }
            }
        }
        for m in trace.messages.iter().filter(|m| m.from == 0 && m.signer == 0 && !m.relayed) {
            keys.push(m.sent_at.t_us);
        }
        let events: Vec<(u64, u32)> = trace
            .events
            .iter()
            .filter_map(|e| match &e.kind {
                EventKind::PipelineEvent { validator: 0, index, .. } => Some((e.at.t_us, *index)),
                _ => None,
            })
            .collect();
        quiet_changes.retain(|t| !events.iter().any(|(te, _)| te == t));
        keys.push(0);
        keys.push(end_us);
        keys.retain(|&t| t <= end_us);
        lab_sim::core::sort(&mut keys);
        keys.dedup();
        let cuts = keys
            .windows(2)
            .map(|w| {
                let (s, e) = (w[0], w[1]);
                let (tk, k) = events.iter().rev().find(|(t, _)| *t <= s).copied().unwrap_or((0, 0));
                let quiet = quiet_changes.iter().any(|&c| c > tk && c <= s);
                let ms = s / 1000 + 1;
                let crash =
                    if quiet && ms * 1000 < e { TapCrashPoint::AtMs(ms as u32) } else { TapCrashPoint::AfterEvents(k) };
                TapCut { start_us: s, end_us: e, crash }
            })
            .collect();
        TapCrash { base, trace, cuts, times: keys, end_us, outcomes: RefCell::new(Vec::new()), words }
    }

    /// The configuration that replays a crash by `fault` in stretch `cut`.
    pub fn crash_config(&self, cut: usize, fault: FaultKind) -> VoteConfig {
        let mut c = VoteConfig { fault, ..self.base.clone() };
        match self.cuts.get(cut).map(|c| c.crash) {
            Some(TapCrashPoint::AfterEvents(k)) => c.crash_after_events = Some(k),
            Some(TapCrashPoint::AtMs(ms)) => c.crash_at_ms = Some(ms),
            None => {}
        }
        c
    }

    /// The stretch a crash configuration (a permalink's) replays, if it is one of this figure's.
    pub fn cut_of(&self, config: &VoteConfig) -> Option<usize> {
        (0..self.cuts.len()).find(|&i| {
            let c = self.crash_config(i, config.fault);
            c.crash_after_events == config.crash_after_events && c.crash_at_ms == config.crash_at_ms
        })
    }

    /// A's records at the start of stretch `cut`, and what each fault keeps of them.
    pub fn records_at(&self, cut: usize) -> Vec<TapRecord> {
        let Some(at) = self.cuts.get(cut).map(|c| c.start_us) else { return Vec::new() };
        let device = Device {
            honours_sync: self.base.device_honours_sync,
            cache_window_us: u64::from(self.base.device_cache_window_ms) * 1000,
        };
        let mut out = Vec::new();
        for rec in self.trace.records.iter().filter(|r| r.validator == 0) {
            let Some(lp) = rec.layers.iter().rev().find(|lp| lp.at.t_us <= at) else { continue };
            if lp.layer == Layer::Lost {
                continue;
            }
            let age = at - lp.at.t_us;
            out.push(TapRecord {
                label: vote_label(self.words, rec.height, rec.step, rec.value),
                height: rec.height,
                round: rec.round,
                step: rec.step,
                value: rec.value,
                layer: lp.layer,
                kept_by_kill: lab_sim::vote::survives(FaultKind::Kill, lp.layer, age, device),
                kept_by_power: lab_sim::vote::survives(FaultKind::Power, lp.layer, age, device),
            });
        }
        out
    }

    /// The votes A has sent by the start of stretch `cut`.
    pub fn sent_at(&self, cut: usize) -> Vec<SentVote> {
        let Some(at) = self.cuts.get(cut).map(|c| c.start_us) else { return Vec::new() };
        let mut out: Vec<SentVote> = Vec::new();
        for m in self.trace.messages.iter().filter(|m| m.from == 0 && m.signer == 0 && !m.relayed) {
            if m.sent_at.t_us > at {
                continue;
            }
            let label = vote_label(self.words, m.height, m.kind.step(), m.value);
            let to = VALIDATOR_NAMES.get(m.to as usize).copied().unwrap_or("?");
            match out.iter_mut().find(|s| s.label == label) {
                Some(s) => s.to.push(to),
                None => out.push(SentVote { label, to: vec![to] }),
            }
        }
        out
    }

    /// The crashed run of stretch `cut` under `fault`, with its restart (run once, then remembered).
    pub fn outcome(&self, cut: usize, fault: FaultKind) -> TapOutcome {
        if let Some((_, o)) = self.outcomes.borrow().iter().find(|(k, _)| *k == (cut, fault)) {
            return o.clone();
        }
        let t = run(&self.crash_config(cut, fault), TraceLevel::Summary);
        let o = &t.outcome;
        let label = |v: &lab_sim::vote::VoteRef| vote_label(self.words, v.height, v.step, v.value);
        let forgotten: Vec<String> =
            o.amnesia.iter().filter(|a| a.validator == 0).flat_map(|a| a.forgotten.iter().map(label)).collect();
        let voted_twice = o.equivocations.iter().any(|e| e.validator == 0);
        let misremembered = o.false_memory.iter().any(|f| f.validator == 0);
        let verdict = if voted_twice {
            TapVerdict::VotedTwice
        } else if !forgotten.is_empty() || misremembered {
            TapVerdict::CouldVoteTwice
        } else if o.fenced.first().is_some_and(|f| f.is_some()) {
            TapVerdict::Fenced
        } else {
            TapVerdict::Safe
        };
        let restored = o
            .recoveries
            .iter()
            .find(|r| r.validator == 0 && !r.new_engine)
            .map(|r| r.last_signed.iter().map(label).collect())
            .unwrap_or_default();
        let out = TapOutcome { verdict, restored, forgotten };
        self.outcomes.borrow_mut().push(((cut, fault), out.clone()));
        out
    }

    /// The foreground stage of A under way in stretch `cut`, in words (`None` when A is idle).
    fn stage_at(&self, cut: usize) -> Option<String> {
        let at = self.cuts.get(cut)?.start_us;
        let lane = self.trace.lanes.first()?;
        let s = lane.stages.iter().find(|s| s.foreground && s.start.t_us <= at && at < s.end.t_us)?;
        Some(StepName::parse(&s.stage).map_or(s.stage.clone(), |n| lab_words::vote::event(self.words, &n.to_string())))
    }

    /// The text alternative: what happened at the chosen instant (or how to choose one).
    pub fn describe(&self, cut: Option<usize>, fault: FaultKind) -> String {
        let (w, t) = (self.words, &self.words.vote.tap);
        let Some(cut) = cut.filter(|&c| c < self.cuts.len()) else {
            return t.not_yet.to_string();
        };
        let c = self.cuts[cut];
        let mut s =
            w.fill(t.struck, &[("at", &tap_time_label(c.start_us)), ("fault", lab_words::catalogue::fault(w, fault))]);
        match self.stage_at(cut) {
            Some(stage) => s.push_str(&w.fill(t.during_stage, &[("stage", &stage)])),
            None => s.push_str(t.idle),
        }
        let records = self.records_at(cut);
        if records.is_empty() {
            s.push_str(t.no_records);
        } else {
            let parts: Vec<String> = records
                .iter()
                .map(|r| {
                    let fate = if r.kept(fault) { t.kept } else { t.wiped };
                    w.fill(t.record, &[("label", &r.label), ("layer", layer(w, r.layer)), ("fate", fate)])
                })
                .collect();
            s.push_str(&w.fill(t.records, &[("list", &parts.join(", "))]));
        }
        let sent = self.sent_at(cut);
        if sent.is_empty() {
            s.push_str(t.none_sent);
        } else {
            let parts: Vec<String> =
                sent.iter().map(|v| w.fill(t.sent_vote, &[("label", &v.label), ("to", &v.to.join("·"))])).collect();
            s.push_str(&w.fill(t.sent, &[("list", &parts.join(", "))]));
        }
        let o = self.outcome(cut, fault);
        let restored = if o.restored.is_empty() {
            t.none_restored.to_string()
        } else {
            w.fill(t.restored, &[("list", &o.restored.join(", "))])
        };
        s.push_str(&w.fill(t.after_restart, &[("restored", &restored), ("verdict", o.verdict.word(w))]));
        if !o.forgotten.is_empty() {
            s.push_str(&w.fill(t.forgotten, &[("list", &o.forgotten.join(", "))]));
        }
        s.push('.');
        s
    }

    // -----------------------------------------------------------------------
    // Layout: CSS px of a drawing `width_css` wide.

    fn narrow(width_css: f64) -> bool {
        width_css < 560.0
    }

    fn x_range(width_css: f64) -> (f64, f64) {
        let left = if Self::narrow(width_css) { 58.0 } else { 84.0 };
        (left, width_css - 12.0)
    }

    /// The lane's time axis: each stretch's width grows with the log of its
    /// length, capped, so a 20 µs send and an idle second are both there to
    /// tap; the stretches after A's first vote is out count less.
    fn warp(&self, width_css: f64, scale: f64) -> TapAxis {
        let (x0, x1) = Self::x_range(width_css);
        let first_end = self
            .trace
            .lanes
            .first()
            .and_then(|l| l.stages.iter().find(|s| s.foreground && s.action != l.stages[0].action))
            .map_or(self.end_us, |s| s.start.t_us);
        let mut xs = vec![0.0];
        for w in self.times.windows(2) {
            let gap = (w[1] - w[0]) as f64;
            let weight = 1.0 + 0.6 * (1.0 + gap / 200.0).ln().min(4.0);
            let weight = if w[0] >= first_end { 0.6 * weight } else { weight };
            xs.push(xs.last().copied().unwrap_or(0.0) + weight);
        }
        let total = xs.last().copied().unwrap_or(1.0).max(1e-9);
        let xs = xs.into_iter().map(|x| (x0 + (x1 - x0) * x / total) * scale).collect();
        TapAxis { times: self.times.clone(), xs }
    }

    /// The drawing's height at `width_css`, CSS px.
    pub fn height_css(width_css: f64) -> f64 {
        let _ = width_css;
        TOP + LANE_H + GAP + ROWS.len() as f64 * ROW_H + ROW_H + AXIS_H
    }

    /// The stretch under `x` CSS px (clamped to the lane's ends).
    pub fn cut_at_x(&self, width_css: f64, x: f64) -> usize {
        let warp = self.warp(width_css, 1.0);
        let i = self.cuts.iter().position(|c| f64::from(warp.x(c.end_us)) > x).unwrap_or(self.cuts.len());
        i.min(self.cuts.len().saturating_sub(1))
    }

    /// The centre of stretch `cut`, CSS px.
    pub fn x_of_cut(&self, width_css: f64, cut: usize) -> f64 {
        let warp = self.warp(width_css, 1.0);
        self.cuts.get(cut).map_or(0.0, |c| f64::from(warp.x(c.start_us) + warp.x(c.end_us)) / 2.0)
    }

    /// Whether the lane holds (`x`, `y`) CSS px: the band a tap on A's lane lands in.
    pub fn on_lane(width_css: f64, x: f64, y: f64) -> bool {
        let (x0, x1) = Self::x_range(width_css);
        (x0 - 8.0..=x1 + 8.0).contains(&x) && (0.0..=Self::height_css(width_css) - AXIS_H).contains(&y)
    }
}

/// A piecewise-linear time axis through the figure's key times.
struct TapAxis {
    times: Vec<u64>,
    xs: Vec<f64>,
}

impl TapAxis {
    fn x(&self, t: u64) -> i32 {
        let i = self.times.partition_point(|&k| k <= t);
        let last = self.xs.len().saturating_sub(1);
        if i == 0 || i > last {
            return self.xs[if i == 0 { 0 } else { last }].round() as i32;
        }
        let (ta, tb) = (self.times[i - 1] as f64, self.times[i] as f64);
        let f = if tb > ta { (t as f64 - ta) / (tb - ta) } else { 0.0 };
        (self.xs[i - 1] + (self.xs[i] - self.xs[i - 1]) * f).round() as i32
    }
}

const TOP: f64 = 46.0;
const LANE_H: f64 = 34.0;
const GAP: f64 = 8.0;
const ROW_H: f64 = 20.0;
const AXIS_H: f64 = 22.0;

/// Draws the figure: A's lane, the four layers' rows and the network's, over
/// the first height; at stretch `cut` (if chosen) the ⚡ of `fault`, what
/// each record's layer keeps, and the crashed run's verdict when `armed`
/// (else only a dashed line: the keyboard's instant, not yet struck).
pub fn draw_tap_crash(
    area: &Area,
    fig: &TapCrash,
    cut: Option<usize>,
    fault: FaultKind,
    armed: bool,
    scale: f64,
) -> DrawResult {
    area.fill(&WHITE)?;
    let words = fig.words;
    let tw = &words.vote.tap;
    let (w, _) = area.dim_in_pixel();
    let width_css = f64::from(w) / scale;
    let narrow = TapCrash::narrow(width_css);
    let px = |c: f64| (c * scale).round() as i32;
    let floor = crate::text_floor_css(width_css);
    let font = |c: f64| TextStyle::from((FONT, c.max(floor) * scale).into_font());
    let warp = fig.warp(width_css, scale);
    let (x0, x1) = TapCrash::x_range(width_css);
    let (x0, x1) = (px(x0), px(x1));
    let at = cut.and_then(|c| fig.cuts.get(c)).map(|c| c.start_us);
    // Everything after the chosen instant is what would have happened: drawn faint.
    let faint = |t: u64| at.is_some_and(|a| t > a);
    let lane_y = px(TOP);
    let row_y = |i: usize| px(TOP + LANE_H + GAP + i as f64 * ROW_H);
    let label_left = |text: &str, y: i32, size: f64, col: RGBColor| {
        area.draw_text(text, &font(size).color(&col).pos(Pos::new(HPos::Right, VPos::Center)), (x0 - px(6.0), y))
    };

    // A's lane: its foreground stages as blocks.
    label_left(tw.lane, lane_y + px(LANE_H / 2.0), 12.0, P::INK)?;
    area.draw(&Rectangle::new([(x0, lane_y), (x1, lane_y + px(LANE_H))], RGBColor(0xf1, 0xf5, 0xf9).filled()))?;
    if let Some(lane) = fig.trace.lanes.first() {
        for s in lane.stages.iter().filter(|s| s.foreground && s.start.t_us < fig.end_us) {
            let (xa, xb) = (warp.x(s.start.t_us), warp.x(s.end.t_us.min(fig.end_us)).max(warp.x(s.start.t_us) + 1));
            let step = StepName::parse(&s.stage).map(|n| n.step);
            let col = match step {
                Some(lab_sim::vote::PipelineStep::Write) => TX_AMBER,
                Some(lab_sim::vote::PipelineStep::Commit) => QUEUE_PURPLE,
                Some(lab_sim::vote::PipelineStep::Drain) => CACHE_TEAL,
                Some(lab_sim::vote::PipelineStep::Fsync | lab_sim::vote::PipelineStep::SyncCall) => SAFE_GREEN,
                Some(lab_sim::vote::PipelineStep::Send(_)) => VALUE_X,
                _ => P::MUTED,
            };
            let alpha = if faint(s.start.t_us) { 0.3 } else { 0.9 };
            area.draw(&Rectangle::new(
                [(xa, lane_y + px(3.0)), (xb, lane_y + px(LANE_H - 3.0))],
                col.mix(alpha).filled(),
            ))?;
            let text = step.map_or(String::new(), |step| step_short(words, step));
            let size: f64 = 11.0;
            if f64::from(xb - xa)
                > crate::text_width::approx_text_width(&text, size.max(floor)) * scale + f64::from(px(4.0))
            {
                area.draw_text(
                    &text,
                    &font(size).color(&WHITE).pos(Pos::new(HPos::Center, VPos::Center)),
                    ((xa + xb) / 2, lane_y + px(LANE_H / 2.0)),
                )?;
            }
        }
    }

    // The four layers: each record as a bar in the row of the layer it is in.
    for (i, row_layer) in ROWS.iter().enumerate() {
        let y = row_y(i);
        let fill = if i % 2 == 0 { RGBColor(0xf8, 0xfa, 0xfc) } else { WHITE };
        area.draw(&Rectangle::new([(x0, y), (x1, y + px(ROW_H))], fill.filled()))?;
        label_left(layer(words, *row_layer), y + px(ROW_H / 2.0), 11.0, layer_colour(*row_layer))?;
    }
    let records: Vec<_> = fig.trace.records.iter().filter(|r| r.validator == 0).collect();
    for (ri, rec) in records.iter().enumerate() {
        for (k, lp) in rec.layers.iter().enumerate() {
            let Some(row) = ROWS.iter().position(|l| *l == lp.layer) else { continue };
            if lp.at.t_us >= fig.end_us {
                continue;
            }
            let end = rec.layers.get(k + 1).map_or(fig.end_us, |n| n.at.t_us).min(fig.end_us);
            let y = row_y(row) + px(3.0) + px(7.0) * (ri % 2) as i32;
            let (xa, xb) = (warp.x(lp.at.t_us), warp.x(end).max(warp.x(lp.at.t_us) + px(2.0)));
            let col = layer_colour(lp.layer);
            match at {
                Some(a) if a < end => {
                    let xc = warp.x(a).clamp(xa, xb);
                    area.draw(&Rectangle::new([(xa, y), (xc, y + px(6.0))], col.mix(0.9).filled()))?;
                    area.draw(&Rectangle::new([(xc, y), (xb, y + px(6.0))], col.mix(0.25).filled()))?;
                }
                _ => area.draw(&Rectangle::new([(xa, y), (xb, y + px(6.0))], col.mix(0.9).filled()))?,
            }
        }
    }

    // The network: A's sends, and the votes it holds from the first on.
    let ny = row_y(ROWS.len());
    label_left(tw.network, ny + px(ROW_H / 2.0), 11.0, VALUE_X)?;
    for m in fig.trace.messages.iter().filter(|m| m.from == 0 && m.signer == 0 && !m.relayed) {
        if m.sent_at.t_us >= fig.end_us {
            continue;
        }
        let x = warp.x(m.sent_at.t_us);
        let col = VALUE_X.mix(if faint(m.sent_at.t_us) { 0.3 } else { 0.95 });
        area.draw(&Circle::new((x, ny + px(ROW_H / 2.0)), px(3.0).max(2), col.filled()))?;
    }

    // The axis: key times, labelled where they fit, the first record's
    // layer changes first (they are what the rows below show).
    let ay = row_y(ROWS.len() + 1);
    area.draw(&PathElement::new(vec![(x0, ay), (x1, ay)], P::MUTED.stroke_width(1)))?;
    let first: Vec<u64> = fig
        .trace
        .records
        .iter()
        .find(|r| r.validator == 0)
        .map(|r| r.layers.iter().map(|lp| lp.at.t_us).collect())
        .unwrap_or_default();
    let mut order: Vec<u64> = fig.times.iter().copied().filter(|t| *t == 0 || first.contains(t)).collect();
    order.extend(fig.times.iter().copied().filter(|t| *t != 0 && !first.contains(t)));
    let mut taken: Vec<(i32, i32)> = Vec::new();
    for t in order {
        let x = warp.x(t);
        area.draw(&PathElement::new(vec![(x, ay), (x, ay + px(3.0))], P::MUTED.stroke_width(1)))?;
        let text = tap_time_label(t);
        let half = (crate::text_width::approx_text_width(&text, 10.0_f64.max(floor)) * scale / 2.0).round() as i32;
        let (a, b) = (x - half - px(3.0), x + half + px(3.0));
        if a >= 0 && b <= px(width_css) && taken.iter().all(|&(l, r)| b < l || a > r) {
            area.draw_text(
                &text,
                &font(10.0).color(&P::MUTED).pos(Pos::new(HPos::Center, VPos::Top)),
                (x, ay + px(4.0)),
            )?;
            taken.push((a, b));
        }
    }

    // The instant: a line through every row, the fault's mark, what each layer keeps, the verdict.
    let Some(cut) = cut.filter(|&c| c < fig.cuts.len()) else {
        area.draw_text(
            tw.pick,
            &font(12.0).color(&P::INK).pos(Pos::new(HPos::Left, VPos::Bottom)),
            (x0, lane_y - px(6.0)),
        )?;
        return Ok(());
    };
    let c = fig.cuts[cut];
    let xc = ((warp.x(c.start_us) + warp.x(c.end_us)) / 2).max(x0 + 1);
    if !armed {
        let mut y = lane_y - px(4.0);
        while y < ay {
            let y1 = (y + px(4.0)).min(ay);
            area.draw(&PathElement::new(vec![(xc, y), (xc, y1)], P::INK.stroke_width(px(1.5).max(1) as u32)))?;
            y += px(7.0);
        }
        let right = f64::from(xc) / scale > width_css * 0.55;
        let anchor = if right { HPos::Right } else { HPos::Left };
        let head = format!("{} · {}", tap_time_label(c.start_us), tw.keys);
        area.draw_text(&head, &font(12.0).color(&P::INK).pos(Pos::new(anchor, VPos::Bottom)), (xc, lane_y - px(6.0)))?;
        return Ok(());
    }
    let fault_col = if fault == FaultKind::Power { UNSAFE_RED } else { RGBColor(0xc2, 0x41, 0x0c) };
    area.draw(&PathElement::new(
        vec![(xc, lane_y - px(4.0)), (xc, ay)],
        fault_col.stroke_width(px(2.0).max(1) as u32),
    ))?;
    let head = format!("⚡ {} · {}", lab_words::catalogue::fault(words, fault), tap_time_label(c.start_us));
    let right = f64::from(xc) / scale > width_css * 0.55;
    let anchor = if right { HPos::Right } else { HPos::Left };
    area.draw_text(&head, &font(12.0).color(&fault_col).pos(Pos::new(anchor, VPos::Bottom)), (xc, lane_y - px(6.0)))?;
    // Each layer the fault wipes is struck at the instant, each record in it crossed.
    let wiped =
        |l: Layer| !lab_sim::vote::survives(fault, l, u64::MAX, Device { honours_sync: true, cache_window_us: 0 });
    for (i, layer) in ROWS.iter().enumerate() {
        if wiped(*layer) {
            let y = row_y(i);
            area.draw(&Rectangle::new(
                [(xc, y + px(1.0)), (x1, y + px(ROW_H - 1.0))],
                RGBColor(0xd1, 0xd5, 0xdb).mix(0.55).filled(),
            ))?;
        }
    }
    for r in fig.records_at(cut) {
        let Some(row) = ROWS.iter().position(|l| *l == r.layer) else { continue };
        let y = row_y(row) + px(ROW_H / 2.0);
        let (mark, col) = if r.kept(fault) { ("✓", SAFE_GREEN) } else { ("✗", UNSAFE_RED) };
        let text = if narrow { mark.to_string() } else { format!("{mark} {}", r.value.label()) };
        let pos = if right { Pos::new(HPos::Right, VPos::Center) } else { Pos::new(HPos::Left, VPos::Center) };
        let dx = if right { -px(5.0) } else { px(5.0) };
        area.draw_text(&text, &font(12.0).color(&col).pos(pos), (xc + dx, y))?;
    }
    let o = fig.outcome(cut, fault);
    let col = match o.verdict {
        TapVerdict::Safe => SAFE_GREEN,
        TapVerdict::Fenced => P::MUTED,
        _ => UNSAFE_RED,
    };
    let badge = words.fill(tw.badge, &[("verdict", o.verdict.word(words))]);
    let bw = px(crate::text_width::approx_text_width(&badge, 12.0_f64.max(floor)) + 14.0);
    let (bx1, by0) = (px(width_css) - px(4.0), px(2.0));
    area.draw(&Rectangle::new([(bx1 - bw, by0), (bx1, by0 + px(18.0))], col.filled()))?;
    area.draw_text(
        &badge,
        &font(12.0).color(&WHITE).pos(Pos::new(HPos::Center, VPos::Center)),
        (bx1 - bw / 2, by0 + px(9.0)),
    )?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::vote::{Variant, VoteRef};

    fn fig(variant: Variant, honours: bool) -> TapCrash {
        TapCrash::new(
            &VoteConfig { variant, device_honours_sync: honours, ..VoteConfig::default() },
            lab_words::Words::of(lab_words::Lang::Ko),
        )
    }

    fn cut_in(f: &TapCrash, stage_end_name: &str, after: bool) -> usize {
        // The stretch right after (or right before) the first stage with this name ends.
        let lane = f.trace.lanes.first().unwrap();
        let s = lane.stages.iter().find(|s| s.stage == stage_end_name).unwrap();
        let t = if after { s.end.t_us } else { s.start.t_us };
        f.cuts.iter().position(|c| c.start_us == t).unwrap()
    }

    /// What the figure says survived is what the crashed run's restart restored.
    #[test]
    fn the_survivors_shown_are_what_the_restart_restored() {
        for variant in [Variant::V0, Variant::V1, Variant::V3] {
            for honours in [true, false] {
                let f = fig(variant, honours);
                assert!(f.cuts.len() > 10, "{variant:?}: {} stretches", f.cuts.len());
                for cut in 0..f.cuts.len() {
                    for fault in FaultKind::ALL {
                        let c = f.crash_config(cut, fault);
                        let t = run(&c, TraceLevel::Summary);
                        let crash = t.outcome.crash_at.expect("the crash happens").t_us;
                        let cu = f.cuts[cut];
                        // Never later than the stretch (a crash after event k may come at
                        // its own time, before a stage start that changes nothing).
                        assert!(crash < cu.end_us, "{variant:?} cut {cut}: crash at {crash}, {cu:?}");
                        let mut kept: Vec<VoteRef> = f
                            .records_at(cut)
                            .iter()
                            .filter(|r| r.kept(fault))
                            .map(|r| VoteRef { height: r.height, round: r.round, step: r.step, value: r.value })
                            .collect();
                        kept.sort();
                        let mut restored = t
                            .outcome
                            .recoveries
                            .iter()
                            .find(|r| r.validator == 0 && !r.new_engine)
                            .map(|r| r.last_signed.clone())
                            .unwrap_or_default();
                        restored.sort();
                        assert_eq!(kept, restored, "{variant:?} honours {honours} cut {cut} {fault:?}");
                        // A permalink finds a stretch that replays the same crash
                        // (a stage's start changes nothing, so two may share one).
                        let found = f.cut_of(&c).expect("a permalink finds its stretch");
                        assert_eq!(f.crash_config(found, fault), c);
                    }
                }
            }
        }
    }

    #[test]
    fn power_before_and_after_the_sync_differ_and_kill_differs_in_the_cache() {
        let f = fig(Variant::V1, true);
        // During FSYNC the record is in the OS cache and X is already out.
        let during = cut_in(&f, "FSYNC", false);
        let after = cut_in(&f, "FSYNC", true);
        assert_eq!(f.records_at(during)[0].layer, Layer::OsCache);
        assert_eq!(f.records_at(after)[0].layer, Layer::Disk);
        assert!(f.outcome(during, FaultKind::Power).verdict.is_unsafe());
        assert_eq!(f.outcome(during, FaultKind::Kill).verdict, TapVerdict::Safe);
        assert_eq!(f.outcome(after, FaultKind::Power).verdict, TapVerdict::Safe);
        let text = f.describe(Some(during), FaultKind::Power);
        let (w, t) = (f.words, &f.words.vote.tap);
        let wiped = w.fill(
            t.record,
            &[("label", &f.records_at(during)[0].label), ("layer", layer(w, Layer::OsCache)), ("fate", t.wiped)],
        );
        assert!(text.contains(&wiped) && text.contains(f.outcome(during, FaultKind::Power).verdict.word(w)), "{text}");
        // The correct order is safe at every instant on an honest device…
        let v0 = fig(Variant::V0, true);
        for cut in 0..v0.cuts.len() {
            for fault in FaultKind::ALL {
                assert!(!v0.outcome(cut, fault).verdict.is_unsafe(), "V0 cut {cut} {fault:?}");
            }
        }
        // …and not after its sends on a device that ignores sync.
        let lying = fig(Variant::V0, false);
        let sent = cut_in(&lying, "SEND_D", true);
        assert!(lying.outcome(sent, FaultKind::Power).verdict.is_unsafe());
        assert_eq!(lying.outcome(sent, FaultKind::Kill).verdict, TapVerdict::Safe);
    }

    #[test]
    fn a_tap_finds_the_stretch_drawn_there_and_the_drawing_names_it() {
        #[cfg(not(target_arch = "wasm32"))]
        crate::export::ensure_font().unwrap();
        let f = fig(Variant::V3, true);
        for width in [366.0, 900.0] {
            let mut widths = Vec::new();
            for cut in 0..f.cuts.len() {
                let x = f.x_of_cut(width, cut);
                assert_eq!(f.cut_at_x(width, x), cut, "width {width} cut {cut}");
                let warp = f.warp(width, 1.0);
                widths.push(warp.x(f.cuts[cut].end_us) - warp.x(f.cuts[cut].start_us));
            }
            let first_send = cut_in(&f, "SEND_B", false);
            assert!(widths[first_send] >= 8, "a send is tappable at {width}: {widths:?}");
            let svg = crate::recording::svg_of((width as u32, TapCrash::height_css(width) as u32), |a| {
                draw_tap_crash(a, &f, Some(first_send + 3), FaultKind::Kill, true, 1.0)
            })
            .unwrap();
            assert!(
                svg.contains(lab_words::catalogue::fault(f.words, FaultKind::Kill))
                    && svg.contains(f.words.vote.tap.did_twice),
                "width {width}"
            );
            // The background write's second, when the record reaches the OS cache, is labelled.
            assert!(svg.contains("\n1 s\n"), "width {width}");
        }
    }
}
