//! The player of every timeline and story figure on the page: the buttons,
//! the position and speed sliders, the status line and the keyboard map,
//! around one [`Player`] (`crate::figures::player`, the state) that this
//! module drives frame by frame. A figure component embeds a [`PlayerDriver`],
//! routes its [`PlayerMsg`]s to [`PlayerDriver::update`] and renders
//! [`PlayerDriver::view`].
//!
//! Keyboard: Space plays or pauses, ← and → step one event, unless the key
//! belongs to the focused control (a button's Space, a select's or a text
//! field's arrows).

use gloo::render::{request_animation_frame, AnimationFrame};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};
use yew::prelude::*;

use crate::figures::player::{Narrator, Pace, Player, Status, Tick};
use crate::web::page_words::words;

/// What the player's controls and frames ask of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum PlayerMsg {
    Toggle,
    Step(i64),
    Scrub(usize),
    /// Go to a time (µs), as a press on the time axis asks.
    Seek(u64),
    Speed(f64),
    AutoPause(bool),
    NextMark,
    /// An animation frame, with its timestamp in ms.
    Frame(f64),
}

/// The command a key stands for, if any; the event's default action is then
/// prevented so the page does not also scroll.
pub fn player_key(e: &KeyboardEvent) -> Option<PlayerMsg> {
    let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
    let input_type = target
        .as_ref()
        .and_then(|t| t.clone().dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.type_())
        .unwrap_or_default();
    let native_space = tag == "BUTTON" || tag == "SELECT" || (tag == "INPUT" && input_type != "range");
    let native_arrows = tag == "SELECT" || tag == "INPUT";
    let key = match e.key().as_str() {
        " " | "Spacebar" if !native_space => PlayerMsg::Toggle,
        "ArrowRight" if !native_arrows => PlayerMsg::Step(1),
        "ArrowLeft" if !native_arrows => PlayerMsg::Step(-1),
        _ => return None,
    };
    e.prevent_default();
    Some(key)
}

/// What handling a message asks of the figure.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlayerEffect {
    /// The view changed (render).
    pub render: bool,
    /// The cursor moved (redraw the canvas).
    pub redraw: bool,
    /// The player came to rest: the permalink changed.
    pub write_url: bool,
}

/// A [`Player`] and its animation frames.
pub struct PlayerDriver {
    pub player: Player,
    raf: Option<AnimationFrame>,
    /// Where frames (and the view's controls) send their messages.
    messages: Callback<PlayerMsg>,
}

impl PlayerDriver {
    pub fn new(pace: Pace, messages: Callback<PlayerMsg>) -> PlayerDriver {
        PlayerDriver { player: Player::new(pace), raf: None, messages }
    }

    fn next_frame(&mut self) {
        let messages = self.messages.clone();
        self.raf = Some(request_animation_frame(move |ts| messages.emit(PlayerMsg::Frame(ts))));
    }

    /// Starts playing and asks for frames.
    pub fn play(&mut self) {
        self.player.play();
        self.next_frame();
    }

    pub fn pause(&mut self) {
        self.player.pause();
        self.raf = None;
    }

    pub fn update(&mut self, msg: PlayerMsg, narrator: &dyn Narrator) -> PlayerEffect {
        let rest = PlayerEffect { render: true, redraw: true, write_url: true };
        match msg {
            PlayerMsg::Toggle if self.player.playing() => {
                self.pause();
                rest
            }
            PlayerMsg::Toggle => {
                self.play();
                PlayerEffect { write_url: false, ..rest }
            }
            PlayerMsg::Step(delta) => {
                self.pause();
                self.player.step(delta, narrator);
                rest
            }
            PlayerMsg::Scrub(i) => {
                self.pause();
                self.player.go_to_step(i, narrator);
                rest
            }
            PlayerMsg::Seek(t_us) => {
                self.pause();
                self.player.seek(t_us);
                rest
            }
            PlayerMsg::NextMark => {
                self.pause();
                self.player.next_mark(narrator);
                rest
            }
            PlayerMsg::Speed(exp) => {
                self.player.set_speed(exp);
                PlayerEffect { render: true, ..PlayerEffect::default() }
            }
            PlayerMsg::AutoPause(on) => {
                self.player.set_auto_pause(on);
                PlayerEffect { render: true, ..PlayerEffect::default() }
            }
            PlayerMsg::Frame(ts) => match self.player.frame(ts, narrator) {
                Tick::Idle => PlayerEffect::default(),
                Tick::Moved => {
                    self.next_frame();
                    PlayerEffect { write_url: false, ..rest }
                }
                Tick::Stopped => {
                    self.raf = None;
                    rest
                }
            },
        }
    }

    /// The keyboard handler for the figure's canvas wrapper and the player.
    pub fn on_key(&self) -> Callback<KeyboardEvent> {
        let messages = self.messages.clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(msg) = player_key(&e) {
                messages.emit(msg);
            }
        })
    }

    /// The player's controls. `position` is the cursor as the figure words
    /// it; `narrator` words the status line; `marks` adds the next-anomaly button and
    /// auto-pause; `extra` goes after the speed slider (a timeline's window).
    pub fn view(&self, id: &str, position: String, narrator: &dyn Narrator, marks: bool, extra: Html) -> Html {
        self.view_parts(id, position, Some(narrator), marks, extra)
    }

    /// The player's controls without its status line and the next-anomaly button
    /// (a figure that shows both elsewhere: [`PlayerDriver::view_status`],
    /// [`PlayerDriver::view_next_mark`]); `marks` adds auto-pause.
    pub fn view_tools(&self, id: &str, position: String, marks: bool, extra: Html) -> Html {
        self.view_parts(id, position, None, marks, extra)
    }

    /// The sentence the player writes (the step, or the mark it stopped at),
    /// a polite live region while it rests.
    pub fn view_status(&self, narrator: &dyn Narrator) -> Html {
        let p = &self.player;
        let w = words();
        let status = match p.status() {
            Status::Said(text) => text.to_string(),
            Status::AutoPaused(mark) => w.fill(w.alt.player.auto_paused, &[("mark", mark)]),
            Status::NoMoreMarks => w.alt.player.no_more_marks.to_string(),
            Status::Step(i) => narrator.describe_step(i),
        };
        html! {
            <p class="player-status" aria-live={if p.playing() { "off" } else { "polite" }}>{ status }</p>
        }
    }

    fn send(&self, msg: PlayerMsg) -> Callback<MouseEvent> {
        let messages = self.messages.clone();
        Callback::from(move |_: MouseEvent| messages.emit(msg))
    }

    /// The play/pause button alone (a lesson's player).
    pub fn view_play(&self) -> Html {
        let playing = self.player.playing();
        html! {
            <button type="button" class="btn btn-primary play" onclick={self.send(PlayerMsg::Toggle)} aria-pressed={if playing { "true" } else { "false" }}>
                { if playing { words().shell.pause } else { words().shell.play } }
            </button>
        }
    }

    /// The next-anomaly button alone: the player stops at the next mark and says what it is.
    pub fn view_next_mark(&self) -> Html {
        let label = words().alt.player.next_mark;
        html! { <button type="button" class="btn btn-warn next-mark" onclick={self.send(PlayerMsg::NextMark)}>{ label }</button> }
    }

    fn view_parts(
        &self,
        id: &str,
        position: String,
        narrator: Option<&dyn Narrator>,
        marks: bool,
        extra: Html,
    ) -> Html {
        let p = &self.player;
        let send = |msg: PlayerMsg| self.send(msg);
        let n = p.len();
        let (min_exp, max_exp, start_exp) = p.pace().speed_range();
        let speed = p.speed();
        let w = words();
        let pw = &w.alt.player;
        let speed_text = match p.pace() {
            Pace::Time => {
                w.fill(pw.speed_time, &[("factor", &trim_speed(speed)), ("ms", &format!("{:.0}", speed * 1000.0))])
            }
            Pace::Steps => w.fill(pw.speed_steps, &[("n", &format!("{:.1}", speed))]),
        };
        let messages = self.messages.clone();
        let scrub = Callback::from(move |e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            messages.emit(PlayerMsg::Scrub(i.value().parse().unwrap_or(0)));
        });
        let messages = self.messages.clone();
        let speed_cb = Callback::from(move |e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            messages.emit(PlayerMsg::Speed(lab_model::decimal::parse_finite(&i.value()).unwrap_or(start_exp)));
        });
        let messages = self.messages.clone();
        let auto = Callback::from(move |e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            messages.emit(PlayerMsg::AutoPause(i.checked()));
        });
        let range = |v: f64| format!("{v}");
        html! {
            <div class="player" role="group" aria-label={pw.label} onkeydown={self.on_key()}>
                <div class="player-buttons">
                    <button type="button" class="btn" onclick={send(PlayerMsg::Step(-1))} aria-label={pw.back_label}>{ pw.back }</button>
                    { self.view_play() }
                    <button type="button" class="btn" onclick={send(PlayerMsg::Step(1))} aria-label={pw.forward_label}>{ pw.forward }</button>
                    { if marks { html! {<>
                        { if narrator.is_some() { self.view_next_mark() } else { html! {} } }
                        <span class="ctl-flag">
                            <input type="checkbox" id={format!("{id}-autopause")} checked={p.auto_pause()} onchange={auto} />
                            <label for={format!("{id}-autopause")}>{ pw.auto_pause }</label>
                        </span>
                    </>} } else { html! {} } }
                </div>
                <div class="player-sliders">
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-scrub")}>
                            <span class="ctl-name">{ pw.position }</span>
                            <output class="ctl-value">{ w.fill(pw.position_value, &[("position", &position), ("i", &(p.index() + 1).min(n).to_string()), ("n", &n.to_string())]) }</output>
                        </label>
                        <input type="range" id={format!("{id}-scrub")} class="scrub" min="0" max={n.saturating_sub(1).to_string()} step="1" value={p.index().to_string()} oninput={scrub} />
                    </div>
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-speed")}>
                            <span class="ctl-name">{ pw.speed }</span>
                            <output class="ctl-value">{ speed_text }</output>
                        </label>
                        <input type="range" id={format!("{id}-speed")} min={range(min_exp)} max={range(max_exp)} step="0.1" value={format!("{:.1}", p.speed_exp())} oninput={speed_cb} />
                    </div>
                    { extra }
                </div>
                { narrator.map(|n| self.view_status(n)).unwrap_or_default() }
            </div>
        }
    }
}

/// A speed factor with as many decimals as it needs to be read.
fn trim_speed(s: f64) -> String {
    if s >= 1.0 {
        format!("{:.1}", s)
    } else if s >= 0.1 {
        format!("{:.2}", s)
    } else {
        format!("{:.3}", s)
    }
}
