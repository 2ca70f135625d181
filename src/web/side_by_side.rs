//! Article A's closing small multiples ("나란히 보기"): the same moment of
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
use crate::figures::analysis::{describe_window, group_thousands};
use crate::figures::figure_spec;
use crate::figures::plan::{LeaseFigure, LeasePlan};
use crate::figures::player::{Narrator, Pace};
use crate::figures::story::{Focus, StoryStep};
use crate::params::LeaseQuery;
use crate::sim::lease::{Outcome, Preset};

/// The figure's id, as the chapter's `{{figure:…}}` marker names it.
pub const SIDE_BY_SIDE_ID: &str = "side-by-side";
/// The five variants, in the summary table's order.
const PRESETS: [Preset; 5] = [Preset::Exp1, Preset::Exp2, Preset::Exp3C1, Preset::Exp3C2, Preset::Exp4];
/// The window all five show, in ms.
const WINDOW_MS: u32 = 2_000;
/// The wallet each panel shows.
const WALLET: u32 = 0;

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
    /// Wallet 0's lanes at `cursor_us`, as a story step without a highlight.
    fn frame(&self, cursor_us: u64) -> StoryStep {
        let trace = &self.figure.traces()[0];
        let mut workers: Vec<u32> = trace.holds.iter().filter(|h| h.wallet == WALLET).map(|h| h.worker).collect();
        workers.sort_unstable();
        workers.dedup();
        StoryStep {
            at_us: cursor_us,
            sentence: String::new(),
            highlight: None,
            focus: Some(Focus { panel: 0, wallet: WALLET, workers, t0_us: 0, t1_us: self.figure.window_us() }),
        }
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
        format!("승인 {approved}건 · 잔액 {}원 · 원장 {}원", group_thousands(snapshot), group_thousands(ledger))
    }
}

pub enum SideMsg {
    Player(PlayerMsg),
    Seek(u64),
    /// The reader's colour scheme changed.
    Theme,
}

pub struct SideBySide {
    panels: Vec<Panel>,
    player: PlayerDriver,
    wrap: NodeRef,
    _theme: gloo::events::EventListener,
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
        for p in &self.panels {
            let step = p.frame(cursor);
            let Some(root) = p.canvas.area(w, p.figure.story_height_css(&step), dpr) else { continue };
            let _ = p.figure.draw_story(&root, &step, dpr);
            let _ = root.present();
        }
    }
}

impl Component for SideBySide {
    type Message = SideMsg;
    type Properties = SideProps;

    fn create(ctx: &Context<Self>) -> Self {
        let spec = figure_spec("lease-expiry").expect("A1 is a figure");
        let panels: Vec<Panel> = PRESETS
            .iter()
            .map(|&preset| {
                let plan = LeasePlan::new(spec, LeaseQuery::from_preset(preset), Some(WINDOW_MS), true);
                Panel {
                    label: preset.config().variant.article_label(),
                    figure: Rc::new(plan.run()),
                    canvas: CanvasSlot::default(),
                }
            })
            .collect();
        let mut player = PlayerDriver::new(Pace::Time, ctx.link().callback(SideMsg::Player));
        let end = panels.iter().map(|p| p.figure.window_us()).min().unwrap_or(0);
        // The clock's steps: every panel's events, merged.
        let mut steps: Vec<u64> = panels.iter().flat_map(|p| p.figure.step_times()).filter(|&t| t <= end).collect();
        steps.sort_unstable();
        steps.dedup();
        player.player.set_track(steps, Vec::new(), end);
        player.player.set_cursor(if reduced_motion() { end } else { end * 3 / 10 });
        let link = ctx.link().clone();
        let _theme = super::on_theme_change(move || link.send_message(SideMsg::Theme));
        SideBySide { panels, player, wrap: NodeRef::default(), _theme }
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
        let description = self
            .panels
            .iter()
            .map(|panel| format!("{}: {}", panel.label, describe_window(&panel.figure.traces()[0], 0, self.end_us())))
            .collect::<Vec<_>>()
            .join(" ");
        html! {
            <figure id={SIDE_BY_SIDE_ID} class="lab-figure side-by-side" aria-describedby={desc_id.clone()}>
                <div class="side-panels" ref={self.wrap.clone()} tabindex="0" onkeydown={on_key}
                     aria-label="다섯 변형 나란히 보기 (스페이스: 재생/정지, ←/→: 한 사건씩)" data-cursor-us={cursor.to_string()}>
                    { for self.panels.iter().map(|panel| html! {
                        <div class="side-panel">
                            <p class="side-panel-head">
                                <span class="side-panel-label">{ panel.label }</span>
                                <span class="side-panel-numbers">{ panel.numbers(cursor) }</span>
                            </p>
                            <canvas ref={panel.canvas.node.clone()} role="img"
                                aria-label={format!("{} 지갑 {WALLET}의 타임라인", panel.label)}></canvas>
                        </div>
                    }) }
                </div>
                <div class="player side-player" role="group" aria-label="다섯 그림의 공통 재생기" onkeydown={self.player.on_key()}>
                    <div class="player-buttons">
                        <button type="button" class="btn" onclick={step(-1)} aria-label="한 사건 뒤로">{ "◀ 한 사건" }</button>
                        <button type="button" class="btn btn-primary play" onclick={toggle} aria-pressed={if p.playing() { "true" } else { "false" }}>
                            { if p.playing() { "❚❚ 일시정지" } else { "▶ 재생" } }
                        </button>
                        <button type="button" class="btn" onclick={step(1)} aria-label="한 사건 앞으로">{ "한 사건 ▶" }</button>
                    </div>
                    <div class="ctl ctl-range">
                        <label for="side-by-side-time">
                            <span class="ctl-name">{ "시간 (다섯 그림 공통)" }</span>
                            <output class="ctl-value">{ format!("{:.1} ms", cursor as f64 / 1000.0) }</output>
                        </label>
                        <input type="range" id="side-by-side-time" class="scrub" min="0" max={(self.end_us() / 1000).to_string()} step="1"
                            value={(cursor / 1000).to_string()} oninput={seek} />
                    </div>
                </div>
                <p id={desc_id} class="visually-hidden">{ description }</p>
                <figcaption>{ "나란히 보기: (a), (b), (c-1), (c-2), (d)를 같은 시드, 같은 멈춤 아래에서 지갑 0만 떼어 한 시계로 재생합니다. 재생기를 움직이면 다섯 그림이 함께 움직입니다." }</figcaption>
            </figure>
        }
    }
}
