//! The front page's opening hook: before any prose, the phenomenon itself,
//! small and playable. Two threads, one lock, one wallet (a real run of
//! Article A's first experiment with `threads=2&wallets=1`), drawn by the
//! same timeline as A1 and played by the same player; the one-line
//! question, what the run just showed (read from its trace), a compact
//! chapter map and the link to start.
//!
//! It asks before it answers: playing stops at the instant the first
//! owner's lease runs out while that owner is still stopped inside the
//! lock, and asks what the waiting thread will do; under reduced motion the
//! hook opens paused at that instant. The two writes, and the line that
//! says what they were, come only after the reader plays on.

use std::rc::Rc;

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::canvas::CanvasSlot;
use super::content::chapters;
use super::player::{PlayerDriver, PlayerMsg};
use super::{device_pixel_ratio, reduced_motion};
use crate::figures::figure_spec;
use crate::figures::plan::{LeaseFigure, LeasePlan};
use crate::figures::player::{Mark, Narrator, Pace};
use crate::sim::lease::LeaseEnd;
use lab_model::analysis::group_thousands;
use lab_model::korean::{with_particle, Particle};
use lab_model::params::parse_lease_query;
use lab_model::permalink;

/// The hook's run: Article A's first experiment on one wallet with two threads.
pub const HOOK_QUERY: &str = "preset=exp1&threads=2&wallets=1";
/// Its window, in ms: the first lock, its expiry, the second owner, both writes.
const HOOK_WINDOW_MS: u32 = 1_000;

#[derive(Properties, PartialEq)]
pub struct HookProps {
    /// Goes to a chapter (the app's own navigation).
    pub on_go: Callback<String>,
}

pub enum HookMsg {
    Player(PlayerMsg),
    Seek(u64),
    /// The reader's colour scheme changed.
    Theme,
}

struct Quiet;

impl Narrator for Quiet {
    fn describe_step(&self, _: usize) -> String {
        String::new()
    }
    fn describe_mark(&self, _: usize) -> String {
        String::new()
    }
}

pub struct Hook {
    figure: Rc<LeaseFigure>,
    player: PlayerDriver,
    canvas: CanvasSlot,
    wrap: NodeRef,
    _theme: gloo::events::EventListener,
}

/// The hook's question, above the canvas: it names the situation, not what happens.
const QUESTION: &str = "락 하나가 지갑 하나를 지킵니다. 락을 쥔 스레드가 잠깐 멈추면 무슨 일이 생길까요?";

impl Hook {
    /// The instant the player stops to ask: the first lease that runs out
    /// (on the lock server's clock) while its owner has not written yet.
    fn question_at_us(&self) -> Option<u64> {
        let [(_, _, t1), _] = self.writes()?;
        let trace = &self.figure.traces()[0];
        trace
            .leases
            .iter()
            .find(|l| l.end_cause == LeaseEnd::Expired)
            .map(|l| l.ended_at.t_us)
            .filter(|&t| t < t1 && t < self.figure.window_us())
    }

    /// What the hook asks at its stop: the first owner still stopped, its lease gone.
    fn asking(&self) -> Option<String> {
        let at = self.question_at_us()?;
        let p = &self.player.player;
        if p.playing() || p.cursor_us() != at {
            return None;
        }
        let [(k1, ..), (k2, ..)] = self.writes()?;
        Some(format!(
            "{} 아직 멈춰 있는데 lease가 끝났습니다(✕). 기다리던 {} 어떻게 할까요? 둘은 잔액에 각각 얼마를 쓸까요?",
            with_particle(&format!("스레드 {k1}"), Particle::EunNeun),
            with_particle(&format!("스레드 {k2}"), Particle::EunNeun),
        ))
    }

    /// The story's first two threads: (worker, value written, when), if both wrote.
    fn writes(&self) -> Option<[(u32, i64, u64); 2]> {
        let story = self.figure.story()?;
        let trace = &self.figure.traces()[0];
        let wrote: Vec<(u32, i64, u64)> = story
            .actors
            .iter()
            .take(2)
            .filter_map(|a| {
                let h = trace.holds.iter().find(|h| h.id == a.hold)?;
                Some((a.worker, h.written_value_won?, h.written_at?.t_us))
            })
            .collect();
        let [a, b] = wrote[..] else { return None };
        Some([a, b])
    }

    /// What the run shows once both have written: the two threads and the value each wrote.
    fn outcome(&self) -> Option<String> {
        let [(k1, v1, t1), (k2, v2, t2)] = self.writes()?;
        if self.player.player.cursor_us() < t1.max(t2) {
            return None;
        }
        let (a, b) = (format!("스레드 {k1}"), format!("스레드 {k2}"));
        Some(if v1 == v2 {
            format!(
                "{} {b} 모두 {}원을 썼습니다. 결제는 두 건, 잔액은 한 번만 줄었습니다.",
                with_particle(&a, Particle::GwaWa),
                group_thousands(v1)
            )
        } else {
            format!(
                "{} {}원, {} {}원을 썼습니다.",
                with_particle(&a, Particle::EunNeun),
                group_thousands(v1),
                with_particle(&b, Particle::EunNeun),
                group_thousands(v2)
            )
        })
    }

    fn draw(&self) {
        let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() else { return };
        let w = f64::from(wrap.client_width()).max(280.0);
        let dpr = device_pixel_ratio();
        let Some(root) = self.canvas.area(w, self.figure.height_css(w), dpr) else { return };
        let _ = self.figure.draw(&root, self.player.player.cursor_us(), dpr);
        let _ = root.present();
    }
}

impl Component for Hook {
    type Message = HookMsg;
    type Properties = HookProps;

    fn create(ctx: &Context<Self>) -> Self {
        let spec = figure_spec("lease-expiry").expect("A1 is a figure");
        let plan = LeasePlan::new(spec, parse_lease_query(HOOK_QUERY).value, Some(HOOK_WINDOW_MS), true);
        let figure = Rc::new(plan.run());
        let player = PlayerDriver::new(Pace::Time, ctx.link().callback(HookMsg::Player));
        let link = ctx.link().clone();
        let _theme = super::on_theme_change(move || link.send_message(HookMsg::Theme));
        let mut hook = Hook { figure, player, canvas: CanvasSlot::default(), wrap: NodeRef::default(), _theme };
        // One mark, where the hook asks: playing stops there (auto-pause);
        // under reduced motion the hook opens there.
        let ask = hook.question_at_us();
        let marks = ask.map(|at_us| vec![Mark { at_us, stops_play: true }]).unwrap_or_default();
        let (steps, end_us) = (hook.figure.step_times(), hook.figure.window_us());
        let p = &mut hook.player.player;
        p.set_track(steps, marks, end_us);
        p.set_auto_pause(true);
        if reduced_motion() {
            p.set_cursor(ask.unwrap_or(end_us));
        } else {
            hook.player.play();
        }
        hook
    }

    fn update(&mut self, _ctx: &Context<Self>, msg: HookMsg) -> bool {
        match msg {
            HookMsg::Player(msg) => self.player.update(msg, &Quiet).render,
            HookMsg::Seek(t_us) => {
                self.player.pause();
                self.player.player.seek(t_us);
                true
            }
            HookMsg::Theme => true,
        }
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let p = &self.player.player;
        let end_ms = self.figure.window_us() / 1000;
        let seek = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            HookMsg::Seek(i.value().parse::<u64>().unwrap_or(0) * 1000)
        });
        let toggle = link.callback(|_: MouseEvent| HookMsg::Player(PlayerMsg::Toggle));
        let go = |id: &'static str| {
            let on_go = ctx.props().on_go.clone();
            Callback::from(move |e: MouseEvent| {
                e.prevent_default();
                on_go.emit(id.to_string());
            })
        };
        let all = chapters();
        let group = |prefix: &'static str, name: &'static str| {
            html! {
                <li>
                    <span class="hook-map-name">{ name }</span>
                    { for all.iter().filter(|c| c.id.starts_with(prefix)).map(|c| {
                        let code = c.id.split('-').next().unwrap_or(c.id).to_uppercase();
                        html! { <a href={permalink::chapter(c.id)} title={c.title} aria-label={c.title} onclick={go(c.id)}>{ code }</a> }
                    }) }
                </li>
            }
        };
        let start = all.iter().find(|c| c.id.starts_with("a1")).map(|c| c.id).unwrap_or("a1-lease-expiry");
        let outcome = self.outcome();
        let asking = self.asking();
        html! {
            <section class="hook" aria-labelledby="hook-question">
                <p id="hook-question" class="hook-question">{ QUESTION }</p>
                // The canvas's height is kept from the first render (a
                // timeline's height does not depend on its width), so
                // nothing under it moves when it is first drawn.
                <div class="hook-canvas" ref={self.wrap.clone()}>
                    <canvas ref={self.canvas.node.clone()} role="img" style={format!("height:{}px", self.figure.height_css(0.0))}
                        aria-label="지갑 하나, 스레드 두 개의 lease 타임라인: 첫 스레드가 멈춘 사이 lease가 만료되고 둘째 스레드가 락을 가져갑니다."></canvas>
                </div>
                <div class="hook-player">
                    <button type="button" class="btn btn-primary play" onclick={toggle} aria-pressed={if p.playing() { "true" } else { "false" }}>
                        { if p.playing() { "❚❚ 일시정지" } else if asking.is_some() { "▶ 이어서 보기" } else { "▶ 재생" } }
                    </button>
                    <label for="hook-time" class="hook-time">
                        <span>{ "시간" }</span>
                        <output>{ format!("{} ms", p.cursor_us() / 1000) }</output>
                    </label>
                    <input type="range" id="hook-time" min="0" max={end_ms.to_string()} step="1" value={(p.cursor_us() / 1000).to_string()} oninput={seek} />
                </div>
                <p class="hook-outcome" aria-live="polite" data-asking={asking.is_some().then_some("true")}>
                    { outcome.or(asking).unwrap_or_else(|| "재생하거나 시간 막대를 움직여 두 스레드가 무엇을 쓰는지 보세요.".to_string()) }
                </p>
                <nav class="hook-map" aria-label="장 지도">
                    <ul>
                        { group("a", "글 A 결제 락") }
                        { group("b", "글 B 합의 투표") }
                    </ul>
                </nav>
                <p class="hook-start"><a href={permalink::chapter(start)} onclick={go(start)}>{ "실험 1부터 시작하기 →" }</a></p>
            </section>
        }
    }
}
