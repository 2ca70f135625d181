//! The front page's opening hook: before any prose, the phenomenon itself,
//! small and playable. Two threads, one lock, one wallet (a real run of
//! Article A's first experiment with `threads=2&wallets=1`), drawn by the
//! same timeline as A1 and played by the same player; the one-line
//! question, its legend, what the run just showed (read from its trace)
//! and the link to start; then, outside the hook, Article B's readers' way
//! in and the chapter map with every chapter's title.
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
use super::player::{PlayerDriver, PlayerMsg};
use super::{device_pixel_ratio, reduced_motion};
use crate::content::shell;
use crate::figures::hook::HookRun;
use crate::figures::player::{Mark, Narrator, Pace};
use crate::web::page_words::words;
use lab_model::permalink;

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
    run: Rc<HookRun>,
    player: PlayerDriver,
    canvas: CanvasSlot,
    wrap: NodeRef,
    _theme: gloo::events::EventListener,
}

impl Hook {
    /// What the hook asks, while the player stands still at its stop.
    fn asking(&self) -> Option<String> {
        let p = &self.player.player;
        if p.playing() || Some(p.cursor_us()) != self.run.question_at_us() {
            return None;
        }
        self.run.asking_in(words())
    }

    fn draw(&self) {
        let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() else { return };
        let w = f64::from(wrap.client_width()).max(280.0);
        let dpr = device_pixel_ratio();
        let figure = self.run.figure();
        let cursor = self.player.player.cursor_us();
        let _ = self.canvas.paint(w, figure.height_css(w), dpr, |root| figure.draw(root, cursor, dpr));
    }
}

impl Component for Hook {
    type Message = HookMsg;
    type Properties = HookProps;

    fn create(ctx: &Context<Self>) -> Self {
        let run = Rc::new(HookRun::new());
        run.figure().set_words(words());
        let player = PlayerDriver::new(Pace::Time, ctx.link().callback(HookMsg::Player));
        let link = ctx.link().clone();
        let _theme = super::on_theme_change(move || link.send_message(HookMsg::Theme));
        let mut hook = Hook { run, player, canvas: CanvasSlot::default(), wrap: NodeRef::default(), _theme };
        // One mark, where the hook asks: playing stops there (auto-pause);
        // under reduced motion the hook opens there.
        let ask = hook.run.question_at_us();
        let marks = ask.map(|at_us| vec![Mark { at_us, stops_play: true }]).unwrap_or_default();
        let (steps, end_us) = (hook.run.figure().step_times(), hook.run.figure().window_us());
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
        let end_ms = self.run.figure().window_us() / 1000;
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
        let row = |(name, entries): (&'static str, Vec<shell::MapEntry>)| {
            html! {
                <li>
                    <span class="hook-map-name">{ name }</span>
                    <ol>
                        { for entries.into_iter().map(|(code, c, title)| html! {
                            <li>
                                <a href={permalink::chapter(c.id)} title={c.title} onclick={go(c.id)}>
                                    { match code { Some(code) => html! { <><span class="nav-code">{ code }</span>{ " " }</> }, None => html! {} } }
                                    { title }
                                </a>
                            </li>
                        }) }
                    </ol>
                </li>
            }
        };
        let (start, b_start) = (shell::hook_start(), shell::b_start());
        let w = words();
        let outcome = self.run.outcome_in(p.cursor_us(), w);
        let asking = self.asking();
        html! {
            <>
            <section class="hook" aria-labelledby="hook-question">
                <p id="hook-question" class="hook-question">{ w.hook.question }</p>
                // The canvas's height is kept from the first render (a
                // timeline's height does not depend on its width), so
                // nothing under it moves when it is first drawn.
                <div class="hook-canvas" ref={self.wrap.clone()}>
                    <canvas ref={self.canvas.node.clone()} role="img" style={format!("height:{}px", self.run.figure().height_css(0.0))}
                        aria-label={w.hook.canvas_label}></canvas>
                </div>
                // What its marks mean: the kinds of mark the run draws over
                // the whole window, as A1's figure lists them (the static
                // page's image carries the same list).
                <ul class="legend hook-legend" aria-label={w.hook.legend_label}>
                    { for self.run.figure().legend().iter().map(|item| html! {
                        <li data-legend={item.key()}><span class={classes!("lg", format!("lg-{}", item.key()))} aria-hidden="true"></span>{ item.label(w) }</li>
                    }) }
                </ul>
                <div class="hook-player">
                    <button type="button" class="btn btn-primary play" onclick={toggle} aria-pressed={if p.playing() { "true" } else { "false" }}>
                        { if p.playing() { w.shell.pause } else if asking.is_some() { w.hook.resume } else { w.shell.play } }
                    </button>
                    <label for="hook-time" class="hook-time">
                        <span>{ w.hook.time }</span>
                        <output>{ format!("{} ms", p.cursor_us() / 1000) }</output>
                    </label>
                    <input type="range" id="hook-time" min="0" max={end_ms.to_string()} step="1" value={(p.cursor_us() / 1000).to_string()} oninput={seek} />
                </div>
                <p class="hook-outcome" aria-live="polite" data-asking={asking.is_some().then_some("true")}>
                    { outcome.or(asking).unwrap_or_else(|| w.hook.invitation.to_string()) }
                </p>
                <p class="hook-start"><a href={permalink::chapter(start)} onclick={go(start)}>{ w.shell.hook_start }</a></p>
            </section>
            // Article B's readers' way in, then every chapter by title: the
            // front page's navigation, outside the hook (whose controls
            // e2e/lesson-count.mjs counts).
            <section class="door-b" aria-labelledby="door-b-ask">
                <p id="door-b-ask" class="door-b-ask"><strong>{ w.shell.b_door_ask }</strong></p>
                <p class="door-b-text">{ w.shell.b_door_text }</p>
                <p class="door-b-start"><a href={permalink::chapter(b_start)} onclick={go(b_start)}><strong>{ w.shell.b_door_start }</strong></a></p>
            </section>
            <nav class="hook-map" aria-label={w.shell.hook_map_label}>
                <ul>
                    { for shell::Frame::new(w).hook_map().into_iter().map(row) }
                </ul>
            </nav>
            </>
        }
    }
}
