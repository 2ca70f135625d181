//! Article B's interactive figures (model.md §6): B1 `vote-story`, B3
//! `outer-transaction`, B4 `uncertain-failure`, B5 `liveness` and B6
//! `kill-vs-power`, and [`ArticleBFigure`], which picks the component for
//! any Scenario B figure id (B2 lives in `crash_matrix.rs`).
//!
//! State flows one way, as in the lock-lease figures: a control sets one
//! typed value of the [`VoteConfig`] through the parameter table's row
//! (`params::with_vote_value`: the same rules the URL and `lab run --params
//! "scenario=vote&…"` are read with); the figure's plan
//! (`crate::figures::plan::vote`) runs the simulation, lays the panels out
//! and draws them, through the `figures` module's exports
//! (`super::lazy_figures`); the address bar gets the new permalink. The
//! story figures share the page's one player (`super::player`).
//!
//! These components run in the `figures` module, in a Yew app of its own
//! that the site's mount for the figure hands them (`super::vote_mount`):
//! the site's first load carries none of Article B's figures.

mod controls;
mod mark_tip;
mod stack_input;

use std::rc::Rc;

use gloo::events::EventListener;
use web_sys::HtmlElement;
use yew::prelude::*;

use super::crash_matrix::CrashMatrix;
use super::lazy_figures::{self, FiguresModule, VoteFigureHandle};
use super::page_words::words;
use super::player::{PlayerDriver, PlayerMsg};
use super::url::{lab_requested_here, read_vote_figure, replace_url};
use crate::figures::player::{Narrator, Pace};
use crate::figures::vote::StackFault;
use crate::sim::vote::{FaultKind, VoteConfig};
use lab_model::params::with_vote_value;
use lab_model::permalink;
use lab_model::registry::{figure_of, FigureKind, FigureSpec, Scenario};

/// What the `figures` module's app for one of the site's mounts
/// (`super::vote_mount`) shows: figure `id` of `chapter`, started afresh
/// for each `generation`, or nothing while its mount is off the page.
#[derive(Properties, PartialEq, Clone)]
pub struct ArticleBProps {
    pub id: AttrValue,
    pub chapter: AttrValue,
    /// Counts the figure's showings: a new one starts it again from the address.
    pub generation: u32,
    /// The mount is off the page (the reader is in another chapter): the
    /// figure is gone, with its timers and listeners, until it is shown again.
    pub parked: bool,
}

/// Article B's figure `id`: [`CrashMatrix`] for B2, B2-1's tap-to-crash,
/// else [`VoteFigure`].
#[function_component(ArticleBFigure)]
pub fn article_b_figure(p: &ArticleBProps) -> Html {
    if p.parked {
        return html! {};
    }
    let chapter = p.chapter.to_string();
    let key = p.generation.to_string();
    match figure_of(Scenario::Vote, &p.id).map(|f| (f.id, f.kind)) {
        Some((_, FigureKind::CrashMatrix)) => html! { <CrashMatrix {key} chapter={chapter} /> },
        Some((_, FigureKind::TapCrash)) => html! { <super::tap_crash::TapCrash {key} chapter={chapter} /> },
        Some((id, _)) => html! { <VoteFigure {key} id={id} chapter={chapter} /> },
        None => {
            let w = words();
            html! { <p class="notice" role="alert">{ w.fill(w.vote.page.unknown_figure, &[("id", &p.id)]) }</p> }
        }
    }
}

fn scroll_to(id: &str) {
    super::takeover::scroll_into_view(id);
}

#[derive(Properties, PartialEq, Clone)]
pub struct VoteFigureProps {
    pub id: AttrValue,
    pub chapter: AttrValue,
}

pub enum Msg {
    /// The `figures` module arrived (or could not).
    Loaded(Result<FiguresModule, String>),
    SetParam(String, String),
    Player(PlayerMsg),
    Hit(StackFault),
    /// B7-1: the layer the pointer or the arrow keys point at.
    StackPoint(Option<crate::sim::vote::Layer>),
    Reset,
    Redraw,
    /// The reader asked for the verdict before the player reached it.
    RevealVerdict,
    /// The story's previous (-1) or next (+1) scene.
    Scene(i64),
    /// A mark's tip: the pointer, a tap, the keys.
    Tip(mark_tip::TipMsg),
    /// The reader opened (true) or closed the figure's lab.
    Lab(bool),
}

/// Where a story's player starts.
enum PlayerStart {
    /// At step `ev` (the URL's `ev=`), paused.
    Step(usize),
    /// At the story's first scene, paused (a story on its chapter's own load).
    FirstScene,
    /// At the end (the whole story shown).
    End,
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

/// What the player says about the story's steps (nothing before the first run).
fn narrator(figure: &Option<Rc<VoteFigureHandle>>) -> &dyn Narrator {
    match figure {
        Some(f) => f.as_ref(),
        None => &Silent,
    }
}

pub struct VoteFigure {
    spec: &'static FigureSpec,
    chapter: String,
    config: VoteConfig,
    notices: Vec<String>,
    /// The `figures` module, once loaded.
    module: Option<FiguresModule>,
    /// Why the module or the figure could not be had (shown instead of the drawing).
    failure: Option<String>,
    /// The figure the module ran, once it has.
    figure: Option<Rc<VoteFigureHandle>>,
    /// Where the player starts once the first run is there.
    start: Option<PlayerStart>,
    player: PlayerDriver,
    /// B6: the fault whose effect is shown.
    hit: StackFault,
    /// B7-1: the storage layer pointed at (pointer or ↑/↓), whose fault a click or Enter causes.
    stack_focus: Option<crate::sim::vote::Layer>,
    /// One canvas per panel (B3 has two).
    canvases: [NodeRef; 2],
    wrap: NodeRef,
    _resize: Option<EventListener>,
    /// The reader's colour scheme changed: draw again in its palette.
    _theme: Option<EventListener>,
    /// The tip of the mark pointed at, tapped or stepped to.
    tips: mark_tip::TipState,
    /// Presses off the canvas close a tapped tip.
    _outside: Option<EventListener>,
    scroll_pending: bool,
    /// The reader pressed the button that shows the result.
    verdict_asked: bool,
    /// The figure's lab is open (lesson mode shows only the lesson's controls).
    lab: bool,
}

impl VoteFigure {
    fn kind(&self) -> FigureKind {
        self.spec.kind
    }

    fn is_story(&self) -> bool {
        self.kind().is_story()
    }

    /// Foreground pipeline event names of A in a crash-free run (a story's crash slider's stops).
    fn stops(&self) -> &[String] {
        self.figure.as_ref().map_or(&[], |f| f.summary.crash_stops.as_slice())
    }

    /// Runs the figure's plan again in the module (nothing before it is loaded).
    fn recompute(&mut self) {
        let Some(module) = &self.module else { return };
        match VoteFigureHandle::prepare(module, self.spec.id, &self.config) {
            Ok(figure) => {
                self.tips = Default::default();
                self.player.player.set_track(figure.summary.step_times.clone(), Vec::new(), 0);
                self.figure = Some(Rc::new(figure));
            }
            Err(e) => {
                self.figure = None;
                self.failure = Some(words().fill(words().vote.page.compute_failed, &[("error", &e.to_string())]));
            }
        }
    }

    /// Puts the player where the URL or the reader's settings ask, after the first run.
    fn start_player(&mut self, start: PlayerStart) {
        let figure = self.figure.clone();
        match start {
            PlayerStart::Step(ev) => self.player.player.go_to_step(ev, narrator(&figure)),
            PlayerStart::FirstScene => {
                // The chapter's own opening (`figures::vote::opening`), else the first scene.
                let first =
                    figure.as_ref().and_then(|f| f.summary.opening_step.or(f.summary.beats.first().map(|b| b.0)));
                let first = first.map_or(0, |s| s as usize);
                self.player.player.go_to_step(first, narrator(&figure));
            }
            PlayerStart::End => self.player.player.to_end(),
        }
    }

    fn permalink(&self) -> String {
        let p = &self.player.player;
        let event = (self.is_story() && !p.playing() && !p.at_end()).then(|| p.index());
        let hit = self.kind() == FigureKind::KillVsPower && self.hit != StackFault::None;
        permalink::vote_figure(&self.chapter, self.spec.id, &self.config, event, hit, self.lab)
    }

    fn write_url(&self) {
        replace_url(&self.permalink());
    }

    /// Draws each panel on its canvas, at the wrapper's width.
    fn draw(&self) {
        let Some(wrap) = self.wrap.cast::<HtmlElement>() else { return };
        let Some(figure) = &self.figure else { return };
        let css_w = f64::from(wrap.client_width()).max(280.0);
        let dpr = super::device_pixel_ratio();
        let cursor = self.player.player.cursor_us();
        // The scene's mark is ringed while the player stands on the scene's own step.
        let step = self.player.player.index();
        let scene_step = self.scenes().iter().any(|(s, _)| *s as usize == step).then_some(step);
        for (i, node) in self.canvases.iter().enumerate().take(figure.summary.panels as usize) {
            let Some(canvas) = node.cast::<web_sys::HtmlCanvasElement>() else { return };
            if let Err(e) = figure.draw(i as u32, &canvas, css_w, dpr, cursor, self.hit, scene_step) {
                gloo::console::error!(format!("figure {} failed to draw: {e}", self.spec.id));
            }
        }
    }

    /// Whether the story's verdict may show: the player has passed the
    /// moment it was decided, the reader followed the scenes to the last
    /// one (which tells the ending), or asked (no spoilers).
    fn verdict_shown(&self) -> bool {
        let Some(f) = &self.figure else { return false };
        let last_scene = self.scene_index().is_some_and(|i| i + 1 == self.scenes().len());
        !self.is_story()
            || self.verdict_asked
            || last_scene
            || self.player.player.cursor_us() >= f.summary.verdict_at_us
    }

    /// The story's scenes (the player step each happens at, its sentence).
    fn scenes(&self) -> &[(u32, String)] {
        self.figure.as_ref().map_or(&[], |f| f.summary.beats.as_slice())
    }

    /// The scene in force: the last one at or before the player's step.
    fn scene_index(&self) -> Option<usize> {
        let at = self.player.player.index();
        self.scenes().iter().rposition(|(step, _)| *step as usize <= at)
    }

    /// The player step of the scene `delta` away from the one in force:
    /// back from between two scenes goes to the one in force first.
    fn scene_step(&self, delta: i64) -> Option<usize> {
        let scenes = self.scenes();
        let at = self.player.player.index();
        let target = match (self.scene_index(), delta < 0) {
            (None, true) => return None,
            (None, false) => 0,
            (Some(i), true) if (scenes[i].0 as usize) < at => i,
            (Some(i), true) => i.checked_sub(1)?,
            (Some(i), false) => i + 1,
        };
        scenes.get(target).map(|(step, _)| *step as usize)
    }

    fn text_alternative(&self) -> String {
        if !self.verdict_shown() {
            let w = words();
            return w.fill(w.vote.page.verdict_hidden, &[("caption", crate::words::catalogue::caption(w, self.spec))]);
        }
        self.figure.as_ref().map(|f| f.summary.text_alternative(self.hit).to_string()).unwrap_or_default()
    }
}

impl Component for VoteFigure {
    type Message = Msg;
    type Properties = VoteFigureProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let spec = figure_of(Scenario::Vote, &props.id)
            .filter(|f| f.kind != FigureKind::CrashMatrix)
            .or_else(|| figure_of(Scenario::Vote, "vote-story"))
            .expect("the registry has vote-story");
        let url = read_vote_figure(&props.id);
        let config = url.config.clone().unwrap_or_else(|| spec.initial_vote_config());
        let hit = match (&url.hit, config.fault) {
            (None, _) => StackFault::None,
            (Some(_), FaultKind::Power) => StackFault::Power,
            (Some(_), _) => StackFault::Kill,
        };
        // On its chapter's own load a story waits at its first scene, paused,
        // with or without motion: the reader reads the chapter's question
        // and steps through, and nothing plays on to the answer by itself.
        // A story the address names (a cell of B2's map, a permalink) shows
        // the whole of it; an embed, in someone else's page, opens as its
        // chapter does, unless its address asks for a step (`ev=`).
        let start = match url.ev {
            Some(ev) => PlayerStart::Step(ev),
            None if spec.kind.is_story() && (!url.targeted || super::embed::active()) => PlayerStart::FirstScene,
            None => PlayerStart::End,
        };
        let mut f = VoteFigure {
            spec,
            chapter: props.chapter.to_string(),
            config,
            notices: url.notices.clone(),
            module: None,
            failure: None,
            figure: None,
            start: Some(start),
            player: PlayerDriver::new(Pace::Steps, ctx.link().callback(Msg::Player)),
            hit,
            stack_focus: None,
            canvases: Default::default(),
            wrap: NodeRef::default(),
            _resize: None,
            _theme: None,
            tips: Default::default(),
            _outside: None,
            // A figure the address names comes into view once drawn: a
            // permalink, a cell of B2's map, a prediction's re-run (the
            // reader asked to see the figure answer).
            scroll_pending: url.targeted,
            verdict_asked: false,
            // An address that sets a knob lesson mode hides opens the lab with it.
            lab: lab_requested_here(spec, &props.chapter),
        };
        lazy_figures::load(ctx.link().callback(Msg::Loaded));
        let link = ctx.link().clone();
        f._resize = Some(EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Redraw)));
        let link = ctx.link().clone();
        f._theme = Some(super::on_theme_change(move || link.send_message(Msg::Redraw)));
        let link = ctx.link().clone();
        f._outside = Some(super::figure::canvas_input::outside_press(
            &f.wrap,
            Callback::from(move |()| link.send_message(Msg::Tip(mark_tip::TipMsg::Outside))),
        ));
        f
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Loaded(Ok(module)) => {
                self.module = Some(module);
                self.recompute();
                if let Some(start) = self.start.take() {
                    self.start_player(start);
                }
            }
            Msg::Loaded(Err(why)) => self.failure = Some(why),
            Msg::SetParam(key, value) => {
                let parsed = with_vote_value(self.config.clone(), &key, &value);
                self.notices = lab_words::notices::site_notices(words(), &parsed.notices);
                self.config = parsed.value;
                self.recompute();
                if self.kind() == FigureKind::UncertainFailure && key == "variant" {
                    // B4: crash right after the variant's last send (where the
                    // uncertain branches can turn into equivocation); no crash
                    // for the variants that never send.
                    let last_send = self.stops().iter().rposition(|n| n.starts_with("SEND")).map(|i| i as u32 + 1);
                    self.config.crash_after_events = last_send;
                    self.config.crash_at_ms = None;
                    self.recompute();
                }
                if self.is_story() && !self.player.player.playing() {
                    self.player.player.to_end();
                }
                self.write_url();
            }
            Msg::Reset => {
                self.config = self.spec.initial_vote_config();
                self.notices.clear();
                self.hit = StackFault::None;
                self.recompute();
                self.player.player.to_end();
                self.write_url();
            }
            Msg::Player(msg) => {
                let figure = self.figure.clone();
                let effect = self.player.update(msg, narrator(&figure));
                if effect.write_url {
                    self.write_url();
                }
                return effect.render;
            }
            Msg::Hit(h) => {
                self.hit = h;
                match h {
                    StackFault::Kill => self.config.fault = FaultKind::Kill,
                    StackFault::Power => self.config.fault = FaultKind::Power,
                    StackFault::None => {}
                }
                self.write_url();
            }
            Msg::StackPoint(layer) => {
                if self.stack_focus == layer {
                    return false;
                }
                self.stack_focus = layer;
            }
            Msg::Redraw => {}
            Msg::RevealVerdict => self.verdict_asked = true,
            Msg::Scene(delta) => {
                let Some(step) = self.scene_step(delta) else { return false };
                let figure = self.figure.clone();
                self.player.player.go_to_step(step, narrator(&figure));
                self.write_url();
            }
            Msg::Tip(msg) => return self.tip_msg(msg),
            Msg::Lab(open) => {
                self.lab = open;
                self.write_url();
            }
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
        if self.scroll_pending {
            self.scroll_pending = false;
            scroll_to(self.spec.id);
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        self.view_figure(ctx)
    }
}
