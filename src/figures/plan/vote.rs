//! The plan of an Article B figure (B1, B3–B6): the runs it needs and, from
//! their traces, its panels, their heights, the drawing at any cursor, fault
//! and scale, the story player's steps, the verdict and the text alternative.
//!
//! [`VotePlan::runs`] lists the runs; the caller runs them with
//! [`VoteRun::run`] (or all at once, [`VotePlan::run`]) and hands the traces
//! to [`VoteFigure::new`]. The page draws each panel on its own canvas
//! ([`VoteFigure::draw_panel`]); a file stacks them ([`VoteFigure::draw`]).
//! B2, the crash-point map, is an HTML table and has no plan here.

use crate::recording::Area;
use std::rc::Rc;

use serde::{Deserialize, Serialize};

use crate::vote::{
    describe_event, describe_story, draw_liveness, draw_stack, draw_story, fmt_time, max_depth, open_story,
    snapshot_us, stack_height_css, stack_records, story_beats, story_end_us, story_events, story_height_css, survives,
    Beat, LivenessSeries, StackFault, StoryMark, StoryOpening, StoryView,
};
use crate::DrawResult;
use lab_model::registry::{FigureKind, FigureSpec};
use lab_sim::vote::{run, EventKind, Layer, TraceLevel, Variant, VoteConfig, VoteTrace};
use lab_words::Words;

/// One run a figure needs.
#[derive(Clone, Debug, PartialEq)]
pub struct VoteRun {
    pub config: VoteConfig,
    pub level: TraceLevel,
}

impl VoteRun {
    pub fn run(&self) -> VoteTrace {
        run(&self.config, self.level)
    }
}

/// What an Article B figure asks for: its configuration, and the words it
/// draws and writes in.
#[derive(Clone, Debug)]
pub struct VotePlan {
    pub spec: &'static FigureSpec,
    pub config: VoteConfig,
    pub words: &'static Words,
}

impl PartialEq for VotePlan {
    fn eq(&self, other: &VotePlan) -> bool {
        self.spec == other.spec && self.config == other.config && std::ptr::eq(self.words, other.words)
    }
}

impl VotePlan {
    /// The plan of `spec` at `config`, in the words of `words`.
    pub fn with_words(spec: &'static FigureSpec, config: VoteConfig, words: &'static Words) -> VotePlan {
        VotePlan { spec, config, words }
    }

    /// The plan in the edition's words (the compiled-in Korean table): kept
    /// for the callers that do not pass their words yet (issue 42 moves them
    /// to [`VotePlan::with_words`]).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn new(spec: &'static FigureSpec, config: VoteConfig) -> VotePlan {
        VotePlan::with_words(spec, config, &lab_words::ko::WORDS)
    }

    /// The runs the figure draws, in the order [`VoteFigure::new`] takes them:
    /// - a story: the configuration's run at full level; B3 adds the same
    ///   story with the implementation that refuses to join (V2g);
    /// - B5 (chapter B-8): the runs with 0 up to the chosen number of blocked
    ///   validators, at least 0 and 1: the figure never draws a number of
    ///   blocked validators above the one chosen, so the chapter's question
    ///   (what two blocked do) is not drawn before the reader picks it;
    /// - B6: the configuration's run at span level.
    pub fn runs(&self) -> Vec<VoteRun> {
        let c = &self.config;
        let full = |config: VoteConfig| VoteRun { config, level: TraceLevel::Full };
        match self.spec.kind {
            FigureKind::OuterTransaction => {
                vec![full(c.clone()), full(VoteConfig { variant: Variant::V2g, ..c.clone() })]
            }
            FigureKind::Liveness => (0..=c.blocked_validators.max(1))
                .map(|b| VoteRun {
                    config: VoteConfig { blocked_validators: b, ..c.clone() },
                    level: TraceLevel::Summary,
                })
                .collect(),
            FigureKind::KillVsPower => vec![VoteRun { config: c.clone(), level: TraceLevel::Spans }],
            _ => vec![full(c.clone())],
        }
    }

    /// Runs every run on this thread and lays the figure out.
    pub fn run(&self) -> VoteFigure {
        VoteFigure::new(self, self.runs().iter().map(|r| Rc::new(r.run())).collect())
    }
}

/// The foreground pipeline events of A in a crash-free run of `config`, one
/// per depth up to the story's `max_depth`: the crash slider's stops.
pub fn crash_stops(config: &VoteConfig) -> Vec<String> {
    let free = VoteConfig { crash_after_events: None, crash_at_ms: None, ..config.clone() };
    let f = run(&free, TraceLevel::Full);
    let depth = max_depth(config);
    let mut stops: Vec<(u32, String)> = f
        .events
        .iter()
        .filter_map(|e| match &e.kind {
            EventKind::PipelineEvent { validator: 0, name, index, .. } => Some((*index, name.clone())),
            _ => None,
        })
        .collect();
    stops.retain(|s| s.0 <= depth);
    lab_sim::core::sort(&mut stops);
    stops.dedup_by_key(|s| s.0);
    stops.into_iter().map(|s| s.1).collect()
}

/// How a story ended, for the line above the figure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StoryVerdict {
    /// B, C and D hold two different signatures of A.
    Unsafe,
    /// A fenced itself, or a vote the network saw is gone from A's store.
    Fenced,
    Safe,
}

/// What the page shows beside an Article B figure's drawing, as plain data:
/// the lazily loaded `figures` module (src/bin/figures.rs) runs the plan
/// and keeps the [`VoteFigure`], and hands the site's component this
/// (postcard bytes) to render its text, player and controls.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct VoteSummary {
    /// How many canvases the figure draws on (B3 has two).
    pub panels: u32,
    /// Equivocations in the first run.
    pub equivocations: u32,
    /// The work cap's notice, when it stopped a run.
    pub cap_notice: Option<String>,
    /// [`VoteFigure::verdict`].
    pub verdict: Option<(StoryVerdict, String, Option<String>)>,
    /// [`VoteFigure::verdict_at_us`]: the player time from which the verdict is shown.
    pub verdict_at_us: u64,
    /// [`VoteFigure::step_times`].
    pub step_times: Vec<u64>,
    /// [`VoteFigure::text_alternative`]: for B6 one per [`StackFault`], in
    /// `StackFault::ALL` order; the other figures' does not depend on the
    /// fault, and is given once.
    pub text_alternatives: Vec<String>,
    /// A story's crash-slider stops ([`crash_stops`]); empty for the other figures.
    pub crash_stops: Vec<String>,
    /// A story's scenes ([`VoteFigure::beats`]): the player step each
    /// happens at and its sentence.
    pub beats: Vec<(u32, String)>,
    /// [`VoteFigure::opening_step`]: the step a story opens on at its
    /// chapter's load (`None`: its first scene).
    pub opening_step: Option<u32>,
    /// [`VoteFigure::facts`]: the numbers a prediction reveals.
    pub facts: Vec<super::VoteFact>,
}

impl VoteSummary {
    /// The text alternative with `fault` shown.
    pub fn text_alternative(&self, fault: StackFault) -> &str {
        let i = StackFault::ALL.iter().position(|f| *f == fault).unwrap_or(0);
        self.text_alternatives.get(i).or(self.text_alternatives.first()).map_or("", String::as_str)
    }
}

/// An Article B figure drawn from its runs.
#[derive(Clone, Debug)]
pub struct VoteFigure {
    spec: &'static FigureSpec,
    words: &'static Words,
    config: VoteConfig,
    traces: Vec<Rc<VoteTrace>>,
    /// A story's end (µs) and the indices into the first trace's events the player steps through.
    t_end_us: u64,
    steps: Vec<usize>,
    /// A story's scenes ([`story_beats`]), with its opening's own scene when it has one.
    beats: Vec<Beat>,
    /// Where the story opens on its chapter's load ([`open_story`]).
    opening: Option<StoryOpening>,
}

impl VoteFigure {
    /// The figure of `plan` from the traces of its [`VotePlan::runs`], in that order.
    pub fn new(plan: &VotePlan, traces: Vec<Rc<VoteTrace>>) -> VoteFigure {
        let mut figure = VoteFigure {
            spec: plan.spec,
            words: plan.words,
            config: plan.config.clone(),
            traces,
            t_end_us: 0,
            steps: Vec::new(),
            beats: Vec::new(),
            opening: None,
        };
        if plan.spec.kind.is_story() {
            if let Some(t) = figure.traces.first() {
                figure.t_end_us = story_end_us(t, max_depth(&plan.config));
                figure.steps = story_events(t, figure.t_end_us);
                figure.beats = story_beats(t, &figure.steps, plan.words);
                figure.opening = open_story(plan.spec.id, t, &figure.steps, &mut figure.beats, plan.words);
            }
        }
        figure
    }

    pub fn spec(&self) -> &'static FigureSpec {
        self.spec
    }

    pub fn config(&self) -> &VoteConfig {
        &self.config
    }

    /// The words the figure draws and writes in.
    pub fn words(&self) -> &'static Words {
        self.words
    }

    /// The work cap's note when it stopped any of the figure's runs, in
    /// English (`lab figure` prints it).
    pub fn cap_note_en(&self) -> Option<String> {
        crate::vote::cap_note(self.traces.iter().map(|t| &**t))
    }

    /// The same notice in the figure's words, for the page.
    pub fn cap_notice(&self) -> Option<String> {
        crate::vote::cap_notice(self.words, self.traces.iter().map(|t| &**t))
    }

    pub fn traces(&self) -> &[Rc<VoteTrace>] {
        &self.traces
    }

    /// A story's scenes, in order (none for the other figures).
    pub fn beats(&self) -> &[Beat] {
        &self.beats
    }

    /// The player step the story opens on at its chapter's load: the moment
    /// its lesson turns, before the one its question is about
    /// (`crate::vote::opening`); `None` for a story without one in this run
    /// and for the other figures.
    pub fn opening_step(&self) -> Option<usize> {
        self.opening.map(|o| o.step)
    }

    /// The player's cursor at the opening (µs): what the page draws before
    /// the reader moves anything, and the static image.
    pub fn opening_cursor_us(&self) -> Option<u64> {
        let step = self.opening_step().or(self.beats.first().map(|b| b.step))?;
        self.step_times().get(step).copied()
    }

    /// The mark of the scene at player step `step` (`None` between scenes), to be ringed.
    fn focus_at(&self, step: Option<usize>) -> Option<StoryMark> {
        self.beats.iter().find(|b| Some(b.step) == step).and_then(|b| b.mark)
    }

    fn kind(&self) -> FigureKind {
        self.spec.kind
    }

    /// The end of a story's visible span, in µs (the player's span).
    pub fn story_end_us(&self) -> u64 {
        self.t_end_us
    }

    /// The player's cursor for a requested time (`None`: the end, everything drawn).
    pub fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        time_us.unwrap_or(u64::MAX)
    }

    // -----------------------------------------------------------------------
    // Layout and drawing

    /// The story panels' views: the first at the player's cursor, B3's
    /// second (the refusing implementation) held just before its save call
    /// until the player reaches the first panel's last scene, then whole: it
    /// answers a question the chapter asks after the first panel's.
    fn story_views(&self, cursor_us: u64, scale: f64, scene_step: Option<usize>) -> Vec<StoryView> {
        let kind = self.kind();
        let first = StoryView {
            scale,
            cursor_us,
            t_end_us: self.t_end_us,
            show_probes: kind == FigureKind::UncertainFailure,
            show_outer: kind == FigureKind::OuterTransaction,
            title: (kind == FigureKind::OuterTransaction).then(|| self.words.vote.draw.title_joining.to_string()),
            focus: self.focus_at(scene_step),
            fault_mark: self.opening.and_then(|o| o.fault_mark),
            note: None,
        };
        let mut views = vec![first.clone()];
        if let Some(t2) = self.traces.get(1).filter(|_| kind == FigureKind::OuterTransaction) {
            let reveal_at = self.beats.last().and_then(|b| self.step_times().get(b.step).copied()).unwrap_or(0);
            let held = cursor_us < reveal_at;
            views.push(StoryView {
                cursor_us: if held { before_own_save(t2) } else { u64::MAX },
                t_end_us: story_end_us(t2, max_depth(&t2.config)),
                title: Some(self.words.vote.draw.title_refusing.to_string()),
                focus: None,
                fault_mark: None,
                note: held.then_some(self.words.vote.draw.waits_for_upper),
                ..first
            });
        }
        views
    }

    /// The height in CSS px of each panel at `width_css` (B3 has two; the page
    /// gives each its own canvas).
    pub fn panel_heights_css(&self, width_css: f64) -> Vec<f64> {
        match self.kind() {
            FigureKind::Liveness => vec![(width_css * 0.55).clamp(260.0, 330.0)],
            FigureKind::KillVsPower => vec![stack_height_css(width_css)],
            _ => self.story_views(u64::MAX, 1.0, None).iter().map(story_height_css).collect(),
        }
    }

    /// The height in CSS px of the whole drawing (its panels stacked).
    pub fn height_css(&self, width_css: f64) -> f64 {
        self.panel_heights_css(width_css).iter().sum()
    }

    /// Draws panel `panel` onto `area`: nothing after `cursor_us` in a story,
    /// and the mark of the scene at player step `scene_step` ringed;
    /// B6 greys out what `fault` wipes.
    pub fn draw_panel(
        &self,
        area: &Area,
        panel: usize,
        cursor_us: u64,
        fault: StackFault,
        scale: f64,
        scene_step: Option<usize>,
    ) -> DrawResult {
        match self.kind() {
            FigureKind::Liveness => {
                let fw = &self.words.vote.figure;
                let chosen = self.config.blocked_validators;
                let series: Vec<LivenessSeries<'_>> = self
                    .traces
                    .iter()
                    .map(|t| LivenessSeries {
                        label: self.words.fill(fw.blocked, &[("n", &t.config.blocked_validators.to_string())]),
                        trace: t,
                        highlight: t.config.blocked_validators == chosen,
                    })
                    .collect();
                draw_liveness(area, &series, scale, self.words)
            }
            FigureKind::KillVsPower => {
                let Some(t) = self.traces.first() else { return Ok(()) };
                draw_stack(
                    area,
                    &stack_records(t, snapshot_us(t), self.words),
                    fault,
                    self.config.device_honours_sync,
                    u64::from(self.config.device_cache_window_ms) * 1000,
                    scale,
                    self.words,
                )
            }
            _ => {
                let views = self.story_views(cursor_us, scale, scene_step);
                match (self.traces.get(panel), views.get(panel)) {
                    (Some(t), Some(view)) => draw_story(area, t, view, self.words),
                    _ => Ok(()),
                }
            }
        }
    }

    /// What the mark under (`x`, `y`) CSS px of panel `panel`, drawn
    /// `width_css` wide with the player at `cursor_us`, is, in the figure's
    /// words (the page's tip): a story's messages, crash and restart marks, stages and
    /// evidence badges; B7's record chips and layers. `None` off any mark.
    pub fn describe_point(
        &self,
        panel: usize,
        width_css: f64,
        cursor_us: u64,
        fault: StackFault,
        x: f64,
        y: f64,
    ) -> Option<String> {
        match self.kind() {
            FigureKind::Liveness => None,
            FigureKind::KillVsPower => {
                let t = self.traces.first()?;
                let window = u64::from(self.config.device_cache_window_ms) * 1000;
                let records = stack_records(t, snapshot_us(t), self.words);
                crate::vote::describe_stack_point(
                    self.words,
                    &records,
                    fault,
                    self.config.device_honours_sync,
                    window,
                    width_css,
                    (x, y),
                )
            }
            _ => {
                let (t, view) = (self.traces.get(panel)?, self.story_views(cursor_us, 1.0, None).get(panel)?.clone());
                let mark = crate::vote::story_mark_at(t, &view, width_css, (x, y), self.words)?;
                Some(crate::vote::describe_story_mark(self.words, t, mark, view.cursor_us.min(view.t_end_us)))
            }
        }
    }

    /// The centres (CSS px) of panel `panel`'s marks in reading order, where
    /// [`VoteFigure::describe_point`] finds each: the keyboard's stops.
    pub fn mark_points(&self, panel: usize, width_css: f64, cursor_us: u64) -> Vec<(f64, f64)> {
        match self.kind() {
            FigureKind::Liveness => Vec::new(),
            FigureKind::KillVsPower => {
                let Some(t) = self.traces.first() else { return Vec::new() };
                let records = stack_records(t, snapshot_us(t), self.words);
                crate::vote::stack_chip_centres(&records, width_css).into_iter().map(|(_, x, y)| (x, y)).collect()
            }
            _ => match (self.traces.get(panel), self.story_views(cursor_us, 1.0, None).get(panel)) {
                (Some(t), Some(view)) => crate::vote::placed_story_marks(t, view, width_css, self.words)
                    .into_iter()
                    .map(|p| (p.x, p.y))
                    .collect(),
                _ => Vec::new(),
            },
        }
    }

    /// Draws every panel onto `area`, stacked (a file's drawing).
    pub fn draw(&self, area: &Area, cursor_us: u64, fault: StackFault, scale: f64) -> DrawResult {
        let heights = self.panel_heights_css(f64::from(area.dim_in_pixel().0) / scale);
        let mut rest = area.clone();
        for (i, h) in heights.iter().enumerate() {
            if i + 1 < heights.len() {
                let (top, bottom) = rest.split_vertically((h * scale).round() as u32);
                self.draw_panel(&top, i, cursor_us, fault, scale, None)?;
                rest = bottom;
            } else {
                self.draw_panel(&rest, i, cursor_us, fault, scale, None)?;
            }
        }
        Ok(())
    }

    // -----------------------------------------------------------------------
    // The story player

    /// The times (µs) of the story's steps, in order.
    pub fn step_times(&self) -> Vec<u64> {
        let Some(t) = self.traces.first() else { return Vec::new() };
        self.steps.iter().map(|&i| t.events[i].at.t_us).collect()
    }

    /// What step `i` is, in the figure's words.
    pub fn describe_step(&self, i: usize) -> String {
        match (self.traces.first(), self.steps.get(i)) {
            (Some(t), Some(&e)) => describe_event(self.words, &t.events[e]),
            _ => String::new(),
        }
    }

    // -----------------------------------------------------------------------
    // What the page says beside the drawing

    /// The story's verdict and its line, and a warning when a DB connection
    /// went back to the pool with work pending.
    pub fn verdict(&self) -> Option<(StoryVerdict, String, Option<String>)> {
        let t = self.traces.first()?;
        let o = &t.outcome;
        let (w, fw) = (self.words, &self.words.vote.figure);
        let (verdict, text) = if let Some(e) = o.equivocations.first() {
            // The node that first held both: the others may never see both.
            let who = lab_sim::vote::VALIDATOR_NAMES.get(e.first_detected_by as usize).copied().unwrap_or("?");
            let text = w.fill(fw.verdict_unsafe, &[("who", who), ("v1", &e.v1.label()), ("v2", &e.v2.label())]);
            (StoryVerdict::Unsafe, text)
        } else if o.fenced.first().map(|f| f.is_some()).unwrap_or(false) {
            (StoryVerdict::Fenced, fw.verdict_fenced.to_string())
        } else if let Some(lost) = lost_seen_vote(t) {
            (StoryVerdict::Fenced, w.fill(fw.verdict_lost, &[("value", &lost)]))
        } else {
            (StoryVerdict::Safe, fw.verdict_safe.to_string())
        };
        let warning = (o.diagnostics.conn_returned_while_pending > 0).then(|| fw.warning_conn.to_string());
        Some((verdict, text, warning))
    }

    /// When the story decides its verdict (µs), so that the page shows it
    /// only once the player has passed that moment (no spoilers): B, C or D
    /// detecting the double vote, or A fencing itself; a verdict that only
    /// the whole story can give (safe, or a record lost) at the end
    /// (`u64::MAX`, the player's cursor at its last step).
    pub fn verdict_at_us(&self) -> u64 {
        let Some(t) = self.traces.first() else { return u64::MAX };
        let o = &t.outcome;
        if let Some(e) = o.equivocations.first() {
            return e.detected_at.t_us;
        }
        match o.fenced.first() {
            Some(Some(f)) => f.since.t_us,
            _ => u64::MAX,
        }
    }

    /// Everything the page shows beside the drawing (see [`VoteSummary`]).
    pub fn summary(&self) -> VoteSummary {
        VoteSummary {
            panels: self.panel_heights_css(960.0).len() as u32,
            equivocations: self.traces.first().map_or(0, |t| t.outcome.equivocations.len() as u32),
            cap_notice: self.cap_notice(),
            verdict: self.verdict(),
            verdict_at_us: self.verdict_at_us(),
            step_times: self.step_times(),
            text_alternatives: if self.kind() == FigureKind::KillVsPower {
                StackFault::ALL.iter().map(|f| self.text_alternative(*f)).collect()
            } else {
                vec![self.text_alternative(StackFault::None)]
            },
            crash_stops: if self.kind().is_story() { crash_stops(&self.config) } else { Vec::new() },
            beats: self.beats.iter().map(|b| (b.step as u32, b.sentence.clone())).collect(),
            opening_step: self.opening_step().map(|s| s as u32),
            facts: self.facts(),
        }
    }

    /// The text alternative (B6's depends on the fault shown).
    pub fn text_alternative(&self, fault: StackFault) -> String {
        let Some(t) = self.traces.first() else { return String::new() };
        let (w, fw) = (self.words, &self.words.vote.figure);
        match self.kind() {
            FigureKind::OuterTransaction => {
                let mut s = w.fill(fw.upper_panel, &[("story", &describe_story(w, t))]);
                if let Some(t2) = self.traces.get(1) {
                    let refused = t2.events.iter().any(|e| matches!(e.kind, EventKind::JoinRefused { validator: 0 }));
                    let sends = t2
                        .messages
                        .iter()
                        .filter(|m| m.signer == 0 && m.from == 0 && !m.relayed && m.height == 10 && m.round == 1)
                        .count();
                    s.push_str(&w.fill(
                        fw.lower_panel,
                        &[
                            ("how", if refused { fw.join_refused } else { fw.join_not_refused }),
                            ("n", &sends.to_string()),
                            ("story", &describe_story(w, t2)),
                        ],
                    ));
                }
                s
            }
            FigureKind::Liveness => self
                .traces
                .iter()
                .map(|t| {
                    let l = &t.outcome.liveness;
                    let fin = l.txs.iter().filter(|x| x.finalized_at.is_some()).count();
                    let first = match l.time_to_first_finalization_after_fault_us {
                        Some(us) => w.fill(fw.first_finalized, &[("at", &fmt_time(us))]),
                        None => String::new(),
                    };
                    w.fill(
                        fw.liveness_run,
                        &[
                            ("n", &t.config.blocked_validators.to_string()),
                            ("secs", &(t.config.horizon_ms / 1000).to_string()),
                            ("height", &l.max_finalized_height.to_string()),
                            ("txs", &l.txs.len().to_string()),
                            ("finalized", &fin.to_string()),
                            ("first", &first),
                        ],
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
            FigureKind::KillVsPower => self.describe_stack(t, fault),
            _ => {
                let mut s = describe_story(w, t);
                if self.kind() == FigureKind::UncertainFailure {
                    let d = &t.outcome.diagnostics;
                    s.push_str(&w.fill(
                        fw.probes,
                        &[
                            ("probes", &d.status_probes.to_string()),
                            ("answered", &d.status_probes_answered.to_string()),
                            ("stalled", &d.status_probes_stalled.to_string()),
                            ("max", &fmt_time(d.status_probe_max_latency_us)),
                            ("sends", &d.sends_during_blocked_sync.to_string()),
                        ],
                    ));
                }
                s
            }
        }
    }

    /// B6's text alternative: A's records per layer at the snapshot, and what the fault leaves.
    fn describe_stack(&self, t: &VoteTrace, fault: StackFault) -> String {
        let (w, fw) = (self.words, &self.words.vote.figure);
        let at = snapshot_us(t);
        let recs = stack_records(t, at, w);
        let window = u64::from(self.config.device_cache_window_ms) * 1000;
        let count = |l| recs.iter().filter(|r| r.layer == l).count().to_string();
        let alive = recs.iter().filter(|r| survives(r, fault, self.config.device_honours_sync, window)).count();
        let fate = match fault {
            StackFault::None => fw.stack_no_fault.to_string(),
            StackFault::Kill | StackFault::Power => w.fill(
                fw.stack_after,
                &[("fault", fault.name(w)), ("total", &recs.len().to_string()), ("alive", &alive.to_string())],
            ),
        };
        w.fill(
            fw.stack,
            &[
                ("at", &fmt_time(at)),
                ("tx", &count(Layer::Tx)),
                ("committed", &count(Layer::Committed)),
                ("os", &count(Layer::OsCache)),
                ("disk", &count(Layer::Disk)),
                ("fate", &fate),
                ("device", if self.config.device_honours_sync { "" } else { fw.device_ignores_sync }),
            ],
        )
    }
}

impl crate::player::Narrator for VoteFigure {
    fn describe_step(&self, i: usize) -> String {
        VoteFigure::describe_step(self, i)
    }

    /// A story has no marks yet.
    fn describe_mark(&self, _: usize) -> String {
        String::new()
    }
}

/// Just before A's save call of the story returns in `t` (its `WRITE` or
/// `WRITE_REFUSED`, whichever ends first; µs): where B3's second panel waits.
fn before_own_save(t: &VoteTrace) -> u64 {
    t.events
        .iter()
        .find_map(|e| match &e.kind {
            EventKind::PipelineEvent { validator: 0, name, .. } if name.starts_with("WRITE") => Some(e.at.t_us),
            _ => None,
        })
        .map_or(0, |w| w.saturating_sub(1))
}

/// A value A sent at the story's (h, r) whose record ended up lost, if any.
fn lost_seen_vote(t: &VoteTrace) -> Option<String> {
    let (h0, r0) = (t.config.start_height, t.config.start_round);
    t.records
        .iter()
        .filter(|r| r.validator == 0 && r.height == h0 && r.round == r0)
        .filter(|r| r.layers.last().map(|l| l.layer) == Some(Layer::Lost))
        .filter(|r| {
            !t.records.iter().any(|o| {
                o.validator == 0
                    && o.height == h0
                    && o.round == r0
                    && o.step == r.step
                    && o.value == r.value
                    && o.layers.last().map(|l| l.layer) != Some(Layer::Lost)
            })
        })
        .find(|r| {
            t.messages.iter().any(|m| {
                m.signer == 0
                    && m.from == 0
                    && m.height == h0
                    && m.round == r0
                    && m.value == r.value
                    && m.kind.step() == r.step
            })
        })
        .map(|r| r.value.label())
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::registry::{figure_of, Scenario};

    fn summary(id: &str) -> (VoteFigure, VoteSummary) {
        let spec = figure_of(Scenario::Vote, id).unwrap();
        let figure = VotePlan::new(spec, spec.initial_vote_config()).run();
        let summary = figure.summary();
        (figure, summary)
    }

    /// The page's text alternative comes from the summary: for every figure
    /// and fault it is the figure's own.
    #[test]
    fn the_summary_gives_every_faults_text_alternative() {
        for id in ["vote-story", "outer-transaction", "uncertain-failure", "liveness", "kill-vs-power"] {
            let (figure, summary) = summary(id);
            for fault in StackFault::ALL {
                assert_eq!(summary.text_alternative(fault), figure.text_alternative(fault), "{id} {fault:?}");
            }
        }
        let (_, b6) = summary("kill-vs-power");
        assert_eq!(b6.text_alternatives.len(), 3);
        assert_ne!(b6.text_alternative(StackFault::Kill), b6.text_alternative(StackFault::Power));
        assert_eq!(summary("vote-story").1.text_alternatives.len(), 1);
    }

    /// Every figure of Article B says everything beside its drawing in
    /// English when planned in the English table: the scenes, the verdict,
    /// the text alternatives, the player's lines, every mark's tip and the
    /// facts a prediction reveals, with no Korean and no unfilled placeholder.
    #[test]
    fn every_figure_speaks_english_in_the_english_table() {
        let en = Words::of(lab_words::Lang::En);
        let english = |what: &str, s: &str| {
            assert!(!s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)) && !s.contains('{'), "{what}: {s}");
        };
        let mut said = 0;
        for spec in lab_model::registry::figures_of(Scenario::Vote).filter(|f| f.kind != FigureKind::CrashMatrix) {
            if spec.kind == FigureKind::TapCrash {
                continue;
            }
            let figure = VotePlan::with_words(spec, spec.initial_vote_config(), en).run();
            let summary = figure.summary();
            said += summary.beats.len() + summary.text_alternatives.len();
            for (_, sentence) in &summary.beats {
                english(spec.id, sentence);
            }
            for alt in &summary.text_alternatives {
                english(spec.id, alt);
            }
            if let Some((_, text, warning)) = &summary.verdict {
                english(spec.id, text);
                english(spec.id, warning.as_deref().unwrap_or_default());
            }
            for fact in &summary.facts {
                english(spec.id, &format!("{} {} {}", fact.label_ko, fact.where_ko, fact.text));
            }
            for i in 0..summary.step_times.len() {
                english(spec.id, &figure.describe_step(i));
            }
            for panel in 0..summary.panels as usize {
                for (x, y) in figure.mark_points(panel, 900.0, u64::MAX) {
                    let tip = figure.describe_point(panel, 900.0, u64::MAX, StackFault::Kill, x, y);
                    english(spec.id, &tip.unwrap_or_default());
                }
            }
        }
        assert!(said > 30, "{said} lines said");
    }
}
