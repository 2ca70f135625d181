//! Article A's closing small multiples (side by side): the same moment of
//! the five variants, (a), (b), (c-1), (c-2) and (d), side by side under one
//! seed and the same pauses, on one clock. Each panel is wallet 0 of its
//! preset's run, drawn by the same timeline as A1 with the same time axis;
//! one player moves all five, so the summary table's differences are seen
//! happening: where (a) and (c-1) write over each other, (c-2) is refused
//! and (d) never waits for a lock.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::canvas::CanvasSlot;
use super::player::{PlayerDriver, PlayerMsg};
use super::{device_pixel_ratio, reduced_motion};
use crate::figures::plan::LeaseFigure;
use crate::figures::player::{Narrator, Pace};
use crate::figures::story::StoryStep;
use crate::sim::lease::Outcome;
use lab_model::analysis::{group_thousands, WindowSummary};
use lab_words::analysis::window_description;

pub use crate::figures::side_by_side::SIDE_BY_SIDE_ID;
use crate::figures::side_by_side::{caption, frame, panel_figures, panels, WALLET};
use crate::web::page_words::words;

struct Quiet;

impl Narrator for Quiet {
    fn describe_step(&self, _: usize) -> String {
        String::new()
    }
    fn describe_mark(&self, _: usize) -> String {
        String::new()
    }
}

/// One panel: its label, its run, its canvas.
struct Panel {
    label: &'static str,
    figure: Rc<LeaseFigure>,
    canvas: CanvasSlot,
}

impl Panel {
    /// Wallet 0's lanes at `cursor_us`.
    fn frame(&self, cursor_us: u64) -> StoryStep {
        frame(&self.figure, cursor_us)
    }

    /// Approvals on wallet 0 and its balance (snapshot / ledger) at `cursor_us`.
    fn numbers(&self, cursor_us: u64) -> String {
        let trace = &self.figure.traces()[0];
        let approved = trace
            .holds
            .iter()
            .filter(|h| h.wallet == WALLET && h.outcome == Outcome::Approved)
            .filter(|h| h.written_at.is_some_and(|w| w.t_us <= cursor_us))
            .count();
        let initial = i64::from(trace.config.initial_balance_won);
        let (snapshot, ledger) = trace
            .series
            .balance
            .get(WALLET as usize)
            .and_then(|pts| pts.iter().take_while(|p| p.t_us <= cursor_us).last())
            .map_or((initial, initial), |p| (p.snapshot_won, p.ledger_won));
        let w = words();
        w.fill(
            w.legend.side.numbers,
            &[
                ("approved", &approved.to_string()),
                ("balance", &group_thousands(snapshot)),
                ("ledger", &group_thousands(ledger)),
            ],
        )
    }
}

pub enum SideMsg {
    Player(PlayerMsg),
    Seek(u64),
    /// The reader's colour scheme changed.
    Theme,
    /// A colour word in the prose was pointed at or let go (`super::spotlight`).
    Spotlight,
}

pub struct SideBySide {
    panels: Vec<Panel>,
    player: PlayerDriver,
    wrap: NodeRef,
    _theme: gloo::events::EventListener,
    /// The kind of mark a colour word picks out in the five panels.
    spotlight: Option<crate::figures::timeline::LegendItem>,
    _spotlight: gloo::events::EventListener,
}

#[derive(Properties, PartialEq)]
pub struct SideProps {}

impl SideBySide {
    fn end_us(&self) -> u64 {
        self.panels.iter().map(|p| p.figure.window_us()).min().unwrap_or(0)
    }

    fn draw(&self) {
        let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() else { return };
        let w = f64::from(wrap.client_width()).max(280.0);
        let dpr = device_pixel_ratio();
        let cursor = self.player.player.cursor_us();
        let mut spotlit = 0;
        for p in &self.panels {
            let step = p.frame(cursor);
            let _ = p
                .canvas
                .paint(w, p.figure.story_height_css(&step, w), dpr, |root| p.figure.draw_story(root, &step, dpr));
            spotlit += p.figure.story_spotlit_count(&step, w, dpr);
        }
        // Which kind of mark a colour word picks out here, and how many the five panels draw.
        if let Some(panels) = self.wrap.cast::<web_sys::Element>() {
            super::spotlight::state_on(&panels, self.spotlight, spotlit);
        }
    }
}

impl Component for SideBySide {
    type Message = SideMsg;
    type Properties = SideProps;

    fn create(ctx: &Context<Self>) -> Self {
        let panels: Vec<Panel> = panel_figures()
            .into_iter()
            .map(|(label, figure)| {
                figure.set_words(words());
                Panel { label, figure: Rc::new(figure), canvas: CanvasSlot::default() }
            })
            .collect();
        let mut player = PlayerDriver::new(Pace::Time, ctx.link().callback(SideMsg::Player));
        let end = panels.iter().map(|p| p.figure.window_us()).min().unwrap_or(0);
        // The clock's steps: every panel's events, merged.
        let mut steps: Vec<u64> = panels.iter().flat_map(|p| p.figure.step_times()).filter(|&t| t <= end).collect();
        crate::sim::core::sort(&mut steps);
        steps.dedup();
        player.player.set_track(steps, Vec::new(), end);
        player.player.set_cursor(if reduced_motion() { end } else { end * 3 / 10 });
        let link = ctx.link().clone();
        let _theme = super::on_theme_change(move || link.send_message(SideMsg::Theme));
        let link = ctx.link().clone();
        let _spotlight = super::spotlight::on_change(move || link.send_message(SideMsg::Spotlight));
        SideBySide { panels, player, wrap: NodeRef::default(), _theme, spotlight: None, _spotlight }
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: SideMsg) -> bool {
        match msg {
            SideMsg::Player(msg) => self.player.update(msg, &Quiet).render,
            SideMsg::Seek(t_us) => {
                self.player.pause();
                self.player.player.seek(t_us);
                true
            }
            SideMsg::Theme => true,
            SideMsg::Spotlight => {
                let spot = super::spotlight::of(SIDE_BY_SIDE_ID);
                if spot == self.spotlight {
                    return false;
                }
                self.spotlight = spot;
                for p in &self.panels {
                    p.figure.set_spotlight(spot);
                }
                true
            }
        }
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let p = &self.player.player;
        let cursor = p.cursor_us();
        let seek = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            SideMsg::Seek(i.value().parse::<u64>().unwrap_or(0) * 1000)
        });
        let toggle = link.callback(|_: MouseEvent| SideMsg::Player(PlayerMsg::Toggle));
        let step = |d: i64| link.callback(move |_: MouseEvent| SideMsg::Player(PlayerMsg::Step(d)));
        let on_key = self.player.on_key();
        let desc_id = format!("{SIDE_BY_SIDE_ID}-desc");
        let w = words();
        let description = self
            .panels
            .iter()
            .map(|panel| {
                let window = WindowSummary::of(&panel.figure.traces()[0], 0, self.end_us());
                format!("{}: {}", panel.label, window_description(w, &window))
            })
            .collect::<Vec<_>>()
            .join(" ");
        let side = &w.legend.side;
        let all = panels(w);
        let region_label = w.fill(side.region_label, &[("count", &side.count(self.panels.len()))]);
        html! {
            <figure id={SIDE_BY_SIDE_ID} class="lab-figure side-by-side" aria-describedby={desc_id.clone()}>
                <div class="side-panels" ref={self.wrap.clone()} tabindex="0" onkeydown={on_key}
                     aria-label={region_label} data-cursor-us={cursor.to_string()}>
                    { for self.panels.iter().map(|panel| html! {
                        <div class="side-panel">
                            <p class="side-panel-head">
                                <span class="side-panel-label">{ panel.label }</span>
                                <span class="side-panel-numbers">{ panel.numbers(cursor) }</span>
                            </p>
                            <canvas ref={panel.canvas.node.clone()} role="img"
                                aria-label={w.fill(side.canvas_label, &[("label", panel.label), ("wallet", &WALLET.to_string())])}></canvas>
                        </div>
                    }) }
                </div>
                <div class="player side-player" role="group" aria-label={w.fill(side.player_label, &[("panels", &all)])} onkeydown={self.player.on_key()}>
                    <div class="player-buttons">
                        <button type="button" class="btn" onclick={step(-1)} aria-label={side.back_label}>{ side.back }</button>
                        <button type="button" class="btn btn-primary play" onclick={toggle} aria-pressed={if p.playing() { "true" } else { "false" }}>
                            { if p.playing() { w.shell.pause } else { w.shell.play } }
                        </button>
                        <button type="button" class="btn" onclick={step(1)} aria-label={side.forward_label}>{ side.forward }</button>
                    </div>
                    <div class="ctl ctl-range">
                        <label for="side-by-side-time">
                            <span class="ctl-name">{ w.fill(side.time, &[("panels", &all)]) }</span>
                            <output class="ctl-value">{ format!("{:.1} ms", cursor as f64 / 1000.0) }</output>
                        </label>
                        <input type="range" id="side-by-side-time" class="scrub" min="0" max={(self.end_us() / 1000).to_string()} step="1"
                            value={(cursor / 1000).to_string()} oninput={seek} />
                    </div>
                </div>
                <p id={desc_id} class="visually-hidden">{ description }</p>
                <figcaption>{ caption(w) }</figcaption>
            </figure>
        }
    }
}
