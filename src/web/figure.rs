//! One Article A figure on the page (A1–A9): the canvas, the player, the
//! controls, the live metric table and the text alternative.
//!
//! State flows one way: a control sets one typed value of the
//! [`LeaseQuery`] through the parameter table's row, then the cross-field
//! rules run (`params::with_lease_value`, the rules the URL is read with); the figure's plan (`crate::figures::plan`) says
//! which runs it needs; the figure's own runs are made at once and the
//! table's where they cost least (`table`); the plan lays out and draws
//! the canvas; the URL is replaced with the new permalink. Nothing here
//! decides what a figure runs or how it looks.

pub(crate) mod canvas_input;
mod controls;
mod recorded;
mod story;

pub(super) use story::story_step_key;
mod table;

use std::rc::Rc;

use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::HtmlElement;
use yew::prelude::*;

use super::canvas::CanvasSlot;
use super::now_ms;
use super::player::{PlayerDriver, PlayerMsg};
use super::url;
use crate::figures::figure_spec;
use crate::figures::plan::{LeaseFigure, LeasePlan};
use crate::figures::player::{Narrator, Pace};
use crate::sim::lease::{LeaseTrace, Preset};
use canvas_input::{CanvasInput, CanvasMsg};
use lab_model::params::{to_query, with_lease_value, LeaseQuery};
use lab_model::permalink;
use lab_model::registry::FigureSpec;
use table::{LiveTable, RecentMedian, TableJob};

/// The state a permalink restores.
#[derive(Clone, Debug, PartialEq)]
pub struct InitState {
    pub query: LeaseQuery,
    pub notices: Vec<String>,
    pub cursor_us: Option<u64>,
    pub event: Option<usize>,
    pub window_ms: Option<u32>,
    pub reveal_ledger: Option<bool>,
    /// A1: open on the recorded real run (`real=1`).
    pub recorded: bool,
    /// A prediction set this state after the reader chose an answer: the
    /// results are not held back until the player reaches them.
    pub answered: bool,
}

#[derive(Properties, PartialEq, Clone)]
pub struct FigureProps {
    pub id: AttrValue,
    /// The chapter the figure sits in (for its permalink).
    pub chapter: AttrValue,
    #[prop_or_default]
    pub init: Option<InitState>,
    /// Write the permalink into the address bar on every change.
    #[prop_or(true)]
    pub sync_url: bool,
}

pub enum Msg {
    SetParam(String, String),
    SetPreset(String),
    SetSeed(String),
    Reroll,
    Reset,
    Player(PlayerMsg),
    Window(u32),
    RevealLedger(bool),
    Redraw,
    Copy,
    /// A main-thread slice of table runs is done: its generation, the runs
    /// as `(column, trace)`, the jobs left for the next slice, and what the
    /// slice cost (events, milliseconds).
    JobsDone(u64, Vec<(usize, Rc<LeaseTrace>)>, Vec<TableJob>, (u64, f64)),
    /// A worker's table run: job id, the run (`None`: do it here).
    TableRun(u32, Option<lab_model::live_table::TableRun>),
    SettingsOpen(bool),
    /// The reader opened (true) or closed the figure's lab.
    Lab(bool),
    /// The reader pressed the show-results button: show the results before the player reaches them.
    RevealResults,
    /// The reader pointed at, pressed on or keyed through the canvas.
    Canvas(CanvasMsg),
    Story(story::StoryMsg),
    /// The reader chose the source: the recorded real run (true) or the simulation.
    Recorded(bool),
    /// The recorded run was fetched and read, or could not be (`None`).
    RecordedArrived(Option<Rc<recorded::RecordedView>>),
    /// A colour word in the prose was pointed at or let go (`super::spotlight`).
    Spotlight,
}

/// What the player says about the figure's steps and marks (nothing before the first run).
fn narrator(figure: &Option<Rc<LeaseFigure>>) -> &dyn Narrator {
    match figure {
        Some(f) => f.as_ref(),
        None => &Silent,
    }
}

/// A narrator for a player with no figure yet.
struct Silent;

impl Narrator for Silent {
    fn describe_step(&self, _: usize) -> String {
        String::new()
    }
    fn describe_mark(&self, _: usize) -> String {
        String::new()
    }
}

pub struct Figure {
    spec: &'static FigureSpec,
    chapter: String,
    query: LeaseQuery,
    notices: Vec<String>,
    /// The visible window the reader chose (slider, `win=`), in ms.
    requested_window_ms: u32,
    reveal_ledger: bool,
    /// What the query and view ask for, and the figure drawn from its runs
    /// (A8 and A9 keep the last one until the table has the new runs).
    plan: LeasePlan,
    figure: Option<Rc<LeaseFigure>>,
    table: LiveTable,
    player: PlayerDriver,
    canvas: CanvasSlot,
    wrap: NodeRef,
    /// The wrapper's width in CSS px, read on the first draw and after a resize
    /// (reading it forces a layout of the page).
    /// The canvas's drawn width in CSS px (shared with the pointer handlers, which read it when an event comes).
    width_css: Rc<std::cell::Cell<Option<f64>>>,
    /// In an embed, the height the frame leaves the canvas (CSS px; `None`:
    /// no limit), read with the width: on the first draw and after a resize
    /// (`embed.js` fires one when the rest of the page changes height).
    fit_height_css: std::cell::Cell<Option<f64>>,
    /// The canvas needs a redraw (data, cursor or size changed).
    dirty: bool,
    /// How long the figure's drawings took (ms), for the table's inline runs.
    draw_ms: RecentMedian,
    /// When the input being answered happened (ms), for `__labPerf`.
    perf_start: Option<f64>,
    copied: bool,
    settings_open: bool,
    /// The figure's lab is open (`lab=1`): every setting, the player's
    /// tools, the results table and the files. Lesson mode, the default,
    /// shows only the story or play button, the lesson's keys and one more.
    lab_open: bool,
    /// The reader asked for the results before the player reached them (the show-results button).
    results_asked: bool,
    /// Story mode, while a story is told (page state only).
    story: Option<story::StoryMode>,
    /// Focus the story's next button after the next render.
    story_focus: bool,
    /// One callback for every control, so unchanged controls are not re-rendered.
    on_change: Callback<(String, String)>,
    /// The pending address-bar update (see `write_url`).
    url_timer: std::cell::RefCell<Option<Timeout>>,
    /// The canvas as an interface: the mark's tip, the keyboard's place, a drag.
    input: CanvasInput,
    _resize: Option<EventListener>,
    /// The reader's colour scheme changed: draw again in its palette.
    _theme: Option<EventListener>,
    /// Presses off the canvas close a tapped tip.
    _outside: Option<EventListener>,
    /// The kind of mark a colour word in the prose picks out here (`super::spotlight`).
    spotlight: Option<crate::figures::timeline::LegendItem>,
    _spotlight: Option<EventListener>,
    /// A1: the recorded real run drawn instead of a simulation.
    recorded: recorded::Recorded,
    /// The address named this figure (a permalink, a link in the prose):
    /// bring it into view once it is drawn.
    scroll_pending: bool,
}

/// Appends a timing to `window[name]` (read by the e2e perf test):
/// `__labPerf` input → figure redrawn, `__labPerfTable` input → table complete.
fn record_perf(name: &str, ms: f64) {
    let w = gloo::utils::window();
    let key = JsValue::from_str(name);
    let existing = js_sys::Reflect::get(&w, &key).unwrap_or(JsValue::UNDEFINED);
    let arr: js_sys::Array = if js_sys::Array::is_array(&existing) {
        existing.unchecked_into()
    } else {
        let a = js_sys::Array::new();
        let _ = js_sys::Reflect::set(&w, &key, &a);
        a
    };
    arr.push(&JsValue::from_f64(ms));
}

impl Figure {
    fn is_timeline(&self) -> bool {
        self.spec.kind.is_lease_timeline()
    }

    /// The player time (µs) from which the results (table, key numbers)
    /// are shown: the first anomaly, or the window's end when there is none.
    /// `None` for a figure without a player, which shows them at once.
    fn results_at_us(&self) -> Option<u64> {
        if !self.is_timeline() {
            return None;
        }
        let first = self.figure.as_ref().and_then(|f| f.anomalies().first().map(|a| a.at.t_us));
        Some(first.unwrap_or_else(|| self.window_us()))
    }

    /// No spoilers: the results wait until the player passes the decisive
    /// moment ([`Figure::results_at_us`]) or the reader asks.
    fn results_shown(&self) -> bool {
        // A recorded run is a record the reader asked to see: nothing to guess.
        self.results_asked
            || self.recorded.shown().is_some()
            || self.results_at_us().is_none_or(|at| self.player.player.cursor_us() >= at)
    }

    /// The window shown, in µs (the requested one unless the work cap shortened it).
    fn window_us(&self) -> u64 {
        self.figure.as_ref().map_or(u64::from(self.requested_window_ms) * 1000, |f| f.window_us())
    }

    /// Asks the plan again after a change: the figure's own runs are made
    /// now; the table's runs that are predicted to fit the frame too, the
    /// rest in workers or later tasks ([`LiveTable`]), so input stays
    /// responsive. A figure that draws many of the table's runs (A8, A9)
    /// takes them from the table once it has them all.
    fn recompute(&mut self, ctx: &Context<Self>) {
        // A recorded real run is laid out and drawn by the same plan; the
        // live table then stays as the simulation left it, unshown.
        let recorded = self.recorded.shown().map(|view| view.trace.clone());
        let query = self.recorded.shown().map_or(&self.query, |view| &view.query).clone();
        self.plan = LeasePlan::new(self.spec, query, Some(self.requested_window_ms), self.reveal_ledger);
        let runs = self.plan.figure_runs();
        let from_table = self.plan.draws_table_runs();
        let mut prefilled = Vec::new();
        let mut drawn = None;
        if !from_table {
            let results: Vec<(Rc<LeaseTrace>, Option<u64>)> = match &recorded {
                Some(trace) => vec![(trace.clone(), None)],
                None => runs.iter().map(|r| r.run()).map(|(t, ms)| (Rc::new(t), ms)).collect(),
            };
            if recorded.is_some() {
                self.set_figure(LeaseFigure::new(&self.plan, results));
                return;
            }
            for (run, (trace, _)) in runs.iter().zip(&results) {
                if let Some(slot) = run.table_slot {
                    prefilled.push((slot, trace.clone()));
                }
            }
            drawn = Some(LeaseFigure::new(&self.plan, results));
        }
        let table = match &drawn {
            Some(figure) => self.plan.table_beside_in(figure, super::page_words::words()),
            None => self.plan.table_in(super::page_words::words()),
        };
        let first = self.table.restart(table, prefilled, self.perf_start);
        if let Some(figure) = drawn {
            // The events one table run is expected to take: the figure's own
            // run of the same configuration, scaled to the table's duration
            // (a timeline runs only the whole seconds its window needs).
            let duration_s = u64::from(self.query.config.duration_s);
            let predicted_events = figure
                .cap_notice()
                .is_none()
                .then(|| {
                    let per_run = |t: &Rc<LeaseTrace>| {
                        t.stats.events_processed * duration_s / u64::from(t.config.duration_s.max(1))
                    };
                    figure.traces().iter().map(per_run).max()
                })
                .flatten();
            self.set_figure(figure);
            if !first {
                self.table.run_inline(predicted_events, self.draw_ms.median());
            }
        }
        if first {
            self.table_completed();
            return;
        }
        if !from_table {
            // The figure draws none of the table's runs: the table needs only their numbers.
            self.table.hand_to_workers(self.query.preset);
        }
        if self.table.after_run(ctx) {
            self.table_completed();
        }
    }

    /// Shows a newly run figure and puts the player on its track.
    fn set_figure(&mut self, figure: LeaseFigure) {
        figure.set_spotlight(self.spotlight);
        figure.set_words(super::page_words::words());
        if self.is_timeline() {
            self.player.player.set_track(figure.step_times(), figure.player_marks(), figure.window_us());
        }
        self.figure = Some(Rc::new(figure));
        self.forget_tip();
        self.story_refound();
        self.dirty = true;
    }

    /// The table has every run: a figure that draws them (A8, A9) is laid out anew.
    fn table_completed(&mut self) {
        if !self.plan.draws_table_runs() {
            return;
        }
        if let Some(traces) = self.table.figure_traces(&self.plan) {
            let runs = traces.into_iter().map(|t| (t, None)).collect();
            self.set_figure(LeaseFigure::new(&self.plan, runs));
        }
    }

    fn permalink(&self) -> String {
        let p = &self.player.player;
        let cursor = (self.is_timeline() && !p.playing()).then(|| (p.cursor_us(), p.index()));
        let win =
            (self.is_timeline() && self.requested_window_ms != self.spec.window_ms).then_some(self.requested_window_ms);
        let recon =
            (self.spec.kind == lab_model::registry::FigureKind::Balance && !self.reveal_ledger).then_some(false);
        let query = self.recorded.shown().map_or(&self.query, |view| &view.query);
        let view = permalink::LeaseView {
            cursor,
            window_ms: win,
            reveal_ledger: recon,
            recorded: self.recorded.is_on(),
            lab: self.lab_open,
        };
        permalink::lease_figure(&self.chapter, self.spec.id, &to_query(query), &view)
    }

    /// Puts the figure's state in the address bar, one task later: a
    /// `replaceState` costs 1–4 ms, which would otherwise come out of the
    /// input's frame, and a burst of inputs then writes the URL once.
    fn write_url(&self, ctx: &Context<Self>) {
        if !ctx.props().sync_url {
            return;
        }
        let search = self.permalink();
        *self.url_timer.borrow_mut() = Some(Timeout::new(0, move || super::url::replace_url(&search)));
    }

    fn draw(&self) {
        let Some(figure) = &self.figure else { return };
        let css_w = match self.width_css.get() {
            Some(w) => w,
            None => {
                let Some(wrap) = self.wrap.cast::<HtmlElement>() else { return };
                let w = f64::from(wrap.client_width()).max(280.0);
                self.width_css.set(Some(w));
                // A figure-only embed in a short frame: the timeline takes the height the frame leaves it.
                let canvas = self.canvas.node.cast::<web_sys::Element>();
                self.fit_height_css.set(canvas.and_then(|c| super::embed::fit_height_css(&c)));
                w
            }
        };
        figure.set_fit_height_css(self.fit_height_css.get());
        let dpr = super::device_pixel_ratio();
        if let Some(mode) = &self.story {
            let step = mode.current();
            let drawn = self
                .canvas
                .paint(css_w, figure.story_height_css(step, css_w), dpr, |root| figure.draw_story(root, step, dpr));
            if let Err(e) = drawn {
                gloo::console::error!(format!("figure {} failed to draw its story: {e}", self.spec.id));
            }
            self.state_spotlight(figure.story_spotlit_count(step, css_w, dpr));
            return;
        }
        let lit = self.mark_highlight();
        let cursor = self.player.player.cursor_us();
        let drawn = self.canvas.paint(css_w, figure.height_css(css_w), dpr, |root| {
            figure.draw_highlighted(root, cursor, dpr, lit.as_ref())
        });
        if let Err(e) = drawn {
            gloo::console::error!(format!("figure {} failed to draw: {e}", self.spec.id));
        }
        self.state_spotlight(figure.spotlit_count(css_w, dpr, cursor));
    }

    /// Says on the canvas which kind of mark is picked out and how many are drawn.
    fn state_spotlight(&self, count: usize) {
        if let Some(canvas) = self.canvas.node.cast::<web_sys::Element>() {
            super::spotlight::state_on(&canvas, self.spotlight, count);
        }
    }

    fn text_alternative(&self) -> String {
        if let (Some(view), Some(figure)) = (self.recorded.shown(), &self.figure) {
            let w = super::page_words::words();
            let alt = figure.text_alternative(None);
            return w.fill(w.alt.recorded, &[("alt", &alt), ("source", &view.source_ko)]);
        }
        // The whole run's results wait with the table (no spoilers).
        let table_run = self.table.first_description().filter(|_| self.results_shown());
        self.figure.as_ref().map(|f| f.text_alternative(table_run)).unwrap_or_default()
    }

    /// Runs the figure again after a change of its query. A paused player
    /// moves to the window's end, so the changed run is drawn in full, not
    /// only up to where the cursor happened to stop.
    fn changed(&mut self, ctx: &Context<Self>) {
        self.recompute(ctx);
        if self.is_timeline() && !self.player.player.playing() {
            self.player.player.set_cursor(self.window_us());
        }
        self.write_url(ctx);
    }
}

impl Component for Figure {
    type Message = Msg;
    type Properties = FigureProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let spec = figure_spec(&props.id).unwrap_or(&lab_model::registry::FIGURES[0]);
        let init = props.init.clone();
        let query = init.as_ref().map(|i| i.query.clone()).unwrap_or_else(|| spec.initial_query());
        let window_ms = init.as_ref().and_then(|i| i.window_ms).unwrap_or(spec.window_ms).max(500);
        let reveal_ledger = init.as_ref().and_then(|i| i.reveal_ledger).unwrap_or(true);
        let mut f = Figure {
            spec,
            chapter: props.chapter.to_string(),
            plan: LeasePlan::new(spec, query.clone(), Some(window_ms), reveal_ledger),
            query,
            notices: init.as_ref().map(|i| i.notices.clone()).unwrap_or_default(),
            requested_window_ms: window_ms,
            reveal_ledger,
            figure: None,
            table: LiveTable::new(ctx),
            player: PlayerDriver::new(Pace::Time, ctx.link().callback(Msg::Player)),
            canvas: CanvasSlot::default(),
            wrap: NodeRef::default(),
            width_css: Rc::new(std::cell::Cell::new(None)),
            fit_height_css: std::cell::Cell::new(None),
            dirty: true,
            draw_ms: RecentMedian::default(),
            perf_start: None,
            copied: false,
            settings_open: false,
            // An address that opened the lab, or set a knob only the lab shows, opens it.
            lab_open: props.sync_url && url::lab_requested_here(spec, &props.chapter),
            results_asked: init.as_ref().is_some_and(|i| i.answered),
            story: None,
            story_focus: false,
            on_change: ctx.link().callback(|(k, v): (String, String)| Msg::SetParam(k, v)),
            url_timer: std::cell::RefCell::new(None),
            input: CanvasInput::default(),
            _resize: None,
            _theme: None,
            _outside: None,
            spotlight: None,
            _spotlight: None,
            recorded: recorded::Recorded::Off,
            // Not in an embed (the figure is the page). A prediction's
            // re-run comes into view too: the reader asked to see it answer.
            scroll_pending: props.sync_url && init.is_some(),
        };
        let cursor_us = init.as_ref().and_then(|i| i.cursor_us);
        let window_us = f.window_us();
        // A lesson opens at the start of its run: the drawing does not
        // answer the chapter's question before the reader plays or guesses.
        f.player.player.set_cursor(cursor_us.map_or(0, |us| us.min(window_us)));
        f.recompute(ctx);
        // An event index from the permalink wins when it agrees with the time.
        if let (Some(ev), Some(figure)) = (init.as_ref().and_then(|i| i.event), f.figure.clone()) {
            let steps = figure.step_times();
            if steps.get(ev) == Some(&f.player.player.cursor_us()) {
                f.player.player.go_to_step(ev, figure.as_ref());
            }
        }
        let link = ctx.link().clone();
        f._resize = Some(EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Redraw)));
        let link = ctx.link().clone();
        f._theme = Some(super::on_theme_change(move || link.send_message(Msg::Redraw)));
        f._outside = Some(f.outside_press_listener(ctx));
        let link = ctx.link().clone();
        f._spotlight = Some(super::spotlight::on_change(move || link.send_message(Msg::Spotlight)));
        if init.as_ref().is_some_and(|i| i.recorded) {
            ctx.link().send_message(Msg::Recorded(true));
        }
        f
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        if matches!(
            msg,
            Msg::SetParam(..)
                | Msg::SetPreset(_)
                | Msg::SetSeed(_)
                | Msg::Reroll
                | Msg::Reset
                | Msg::Window(_)
                | Msg::RevealLedger(_)
                | Msg::Redraw
        ) {
            self.dirty = true;
        }
        let left_recorded =
            matches!(msg, Msg::SetParam(..) | Msg::SetPreset(_) | Msg::SetSeed(_) | Msg::Reroll | Msg::Reset)
                && self.leave_recorded();
        match msg {
            Msg::Recorded(on) => return self.choose_recorded(ctx, on),
            Msg::Spotlight => {
                let now = super::spotlight::of(self.spec.id);
                if now == self.spotlight {
                    return false;
                }
                self.spotlight = now;
                if let Some(figure) = &self.figure {
                    figure.set_spotlight(now);
                }
                self.dirty = true;
                return true;
            }
            Msg::RecordedArrived(run) => return self.recorded_arrived(ctx, run),
            Msg::SetParam(key, value) => {
                self.perf_start = Some(now_ms());
                let parsed = with_lease_value(self.query.clone(), &key, &value);
                self.notices = lab_words::notices::site_notices(super::page_words::words(), &parsed.notices);
                self.query = parsed.value;
                self.changed(ctx);
            }
            Msg::SetPreset(key) => {
                if let Some(p) = Preset::from_key(&key) {
                    let seed = self.query.seed;
                    self.query = LeaseQuery::from_preset(p);
                    self.query.seed = seed;
                    self.notices.clear();
                    self.perf_start = Some(now_ms());
                    self.changed(ctx);
                }
            }
            Msg::SetSeed(text) => match text.trim().parse::<u64>() {
                Ok(s) => {
                    self.query.seed = s;
                    self.notices.clear();
                    self.changed(ctx);
                }
                Err(_) => self.notices = vec![super::page_words::words().alt.seed_invalid.to_string()],
            },
            Msg::Reroll => {
                self.query.seed = (js_sys::Math::random() * 1_000_000.0) as u64 + 1;
                self.changed(ctx);
            }
            Msg::Reset => {
                self.query = self.spec.initial_query();
                self.requested_window_ms = self.spec.window_ms;
                self.notices.clear();
                self.reveal_ledger = true;
                self.changed(ctx);
            }
            Msg::Story(msg) => return self.story_update(msg),
            Msg::Player(msg) => {
                // The reader takes the player back: the story ends.
                if !matches!(msg, PlayerMsg::Frame(_)) && self.story.take().is_some() {
                    self.dirty = true;
                }
                let figure = self.figure.clone();
                let effect = self.player.update(msg, narrator(&figure));
                self.dirty |= effect.redraw;
                if effect.write_url {
                    self.write_url(ctx);
                }
                return effect.render;
            }
            Msg::Window(ms) => {
                self.requested_window_ms = ms.max(500);
                self.perf_start = Some(now_ms());
                self.recompute(ctx);
                let end = self.window_us();
                if self.player.player.cursor_us() > end {
                    self.player.player.set_cursor(end);
                }
                self.write_url(ctx);
            }
            Msg::RevealLedger(b) => {
                self.reveal_ledger = b;
                self.plan.reveal_ledger = b;
                if let Some(figure) = &mut self.figure {
                    Rc::make_mut(figure).set_reveal_ledger(b);
                }
                self.write_url(ctx);
            }
            Msg::Redraw => self.width_css.set(None),
            Msg::Canvas(msg) => return self.canvas_msg(ctx, msg),
            Msg::RevealResults => {
                self.results_asked = true;
                return true;
            }
            Msg::Lab(open) => {
                if self.lab_open == open {
                    return false;
                }
                self.lab_open = open;
                self.write_url(ctx);
            }
            Msg::SettingsOpen(open) => {
                if self.settings_open == open {
                    return false;
                }
                self.settings_open = open;
            }
            Msg::JobsDone(generation, done, rest, cost) => {
                if !self.table.slice_done(ctx, generation, done, rest, cost) {
                    return false;
                }
                self.table_completed();
            }
            Msg::TableRun(job, run) => {
                if !self.table.worker_done(ctx, job, run) {
                    return false;
                }
                self.table_completed();
            }
            Msg::Copy => {
                let href = gloo::utils::window().location().href().unwrap_or_default();
                let base = href.split('?').next().unwrap_or("").to_string();
                let link = format!("{base}{}#{}", self.permalink(), self.spec.id);
                let _ = gloo::utils::window().navigator().clipboard().write_text(&link);
                self.copied = true;
            }
        }
        if left_recorded {
            self.notices.push(super::page_words::words().ui.recorded.left.into());
        }
        true
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        self.table.cancel();
    }

    fn rendered(&mut self, _ctx: &Context<Self>, first: bool) {
        if first && !self.plan.draws_table_runs() {
            // Warm the table workers up for the first slider move.
            super::worker_pool::warm_up_for_tables();
        }
        if std::mem::take(&mut self.dirty) {
            let started = now_ms();
            self.draw();
            self.draw_ms.push(now_ms() - started);
            if self.is_timeline() {
                self.state_time_axis();
            }
        }
        if self.figure.is_some() && std::mem::take(&mut self.scroll_pending) {
            super::takeover::scroll_into_view(self.spec.id);
        }
        if std::mem::take(&mut self.story_focus) {
            let next = gloo::utils::document().query_selector(&format!("#{} .story-next", self.spec.id));
            if let Some(b) = next.ok().flatten().and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                let _ = b.focus();
            }
        }
        if let Some(start) = self.perf_start.take() {
            record_perf("__labPerf", now_ms() - start);
        }
        if let Some(start) = self.table.completed_since.take() {
            record_perf("__labPerfTable", now_ms() - start);
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_figure(ctx)
    }
}
