//! Figure B2-1 `tap-crash`: A's lane over its first height, where the
//! reader taps (or clicks) any instant to kill A or cut its power there, as
//! RaftScope lets you stop a server at any moment. The drawing, the runs
//! and the words of what happened live in the lazily loaded `figures`
//! module (`figures::vote::TapCrash`, reached through
//! `super::lazy_figures`); this component holds the reader's choices (the
//! order, the fault, the device, the instant), the canvas and the visible
//! text alternative, and writes the state into the address (a crash in
//! the permalink's `VoteConfig` names the instant).
//!
//! Keyboard: the lane is focusable; ←/→ move the instant (Home/End to the
//! ends), Enter kills A there and Shift+Enter cuts the power. A tap or a
//! click strikes with the fault the radio group names.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::lazy_figures::{self, FiguresModule};
use super::url::{read_vote_figure, replace_url};
use crate::sim::vote::{FaultKind, Variant, VoteConfig};
use crate::web::page_words::words;
use crate::words::catalogue;
use lab_model::{permalink, registry};

/// The orders the reader picks from, in the figure's order.
const ORDERS: [Variant; 3] = [Variant::V3, Variant::V0, Variant::V1];

#[derive(Properties, PartialEq, Clone)]
pub struct TapCrashProps {
    pub chapter: AttrValue,
}

pub enum Msg {
    Loaded(Result<FiguresModule, String>),
    Order(Variant),
    Fault(FaultKind),
    Device(bool),
    /// A tap or click at x CSS px of the canvas.
    Tap(f64),
    Key(KeyboardEvent),
    Redraw,
}

/// A figure the module keeps; dropping it lets the module forget it.
struct Handle {
    module: FiguresModule,
    id: u32,
    cuts: usize,
}

impl Drop for Handle {
    fn drop(&mut self) {
        self.module.tap_release(self.id);
    }
}

pub struct TapCrash {
    config: VoteConfig,
    fault: FaultKind,
    /// The instant (a stretch of the lane), and whether the fault has struck there.
    cut: Option<usize>,
    armed: bool,
    module: Option<FiguresModule>,
    handle: Option<Handle>,
    failure: Option<String>,
    /// What the address asked that was clamped or ignored, said until the
    /// reader changes a setting.
    notices: Vec<String>,
    /// What the module says happened: the verdict's key, the time, the sentence.
    said: (String, String, String),
    canvas: NodeRef,
    wrap: NodeRef,
    _resize: gloo::events::EventListener,
    _theme: gloo::events::EventListener,
}

impl TapCrash {
    fn spec() -> &'static registry::FigureSpec {
        registry::figure("tap-crash").expect("the registry has tap-crash")
    }

    /// Runs the figure again in the module for the current order and device;
    /// `keep` is a configuration whose crash names the instant to show.
    fn prepare(&mut self, keep: Option<&VoteConfig>) {
        let Some(module) = &self.module else { return };
        self.handle = None;
        let config = keep.cloned().unwrap_or_else(|| VoteConfig {
            crash_after_events: None,
            crash_at_ms: None,
            ..self.config.clone()
        });
        let Ok(bytes) = postcard::to_allocvec(&config) else { return };
        match module.tap_prepare(&bytes) {
            Ok(reply) if reply.len() == 3 => {
                self.handle = Some(Handle { module: module.clone(), id: reply[0], cuts: reply[1] as usize });
                self.cut = reply[2].checked_sub(1).map(|c| c as usize);
                self.armed = self.cut.is_some();
            }
            Ok(_) => self.failure = Some(words().vote.page.bad_reply.into()),
            Err(e) => {
                self.failure = Some(words().fill(words().vote.page.compute_failed, &[("error", &format!("{e:?}"))]))
            }
        }
        self.describe();
    }

    fn describe(&mut self) {
        let Some(h) = &self.handle else { return };
        let cut = if self.armed { self.cut.map_or(-1, |c| c as i32) } else { -1 };
        let text = h.module.tap_describe(h.id, cut, self.fault.key());
        let mut parts = text.splitn(3, '\t').map(str::to_string);
        self.said =
            (parts.next().unwrap_or_default(), parts.next().unwrap_or_default(), parts.next().unwrap_or_default());
    }

    fn width(&self) -> f64 {
        self.wrap.cast::<web_sys::HtmlElement>().map_or(600.0, |w| f64::from(w.client_width()).max(280.0))
    }

    fn draw(&self) {
        let (Some(h), Some(canvas)) = (&self.handle, self.canvas.cast::<web_sys::HtmlCanvasElement>()) else { return };
        let cut = self.cut.map_or(-1, |c| c as i32);
        let dpr = super::device_pixel_ratio();
        if let Err(e) = h.module.tap_draw(h.id, &canvas, self.width(), dpr, cut, self.fault.key(), self.armed) {
            gloo::console::error!(format!("tap-crash failed to draw: {e:?}"));
        }
    }

    fn write_url(&self, chapter: &str) {
        let config = match (&self.handle, self.cut.filter(|_| self.armed)) {
            (Some(h), Some(cut)) => {
                postcard::from_bytes(&h.module.tap_crash_config(h.id, cut as u32, self.fault.key()))
                    .unwrap_or_else(|_| self.config.clone())
            }
            _ => VoteConfig { crash_after_events: None, crash_at_ms: None, fault: self.fault, ..self.config.clone() },
        };
        replace_url(&permalink::vote_figure(chapter, "tap-crash", &config, None, false, false));
    }

    fn strike(&mut self, cut: usize, fault: FaultKind) {
        self.cut = Some(cut);
        self.fault = fault;
        self.armed = true;
        self.describe();
    }
}

impl Component for TapCrash {
    type Message = Msg;
    type Properties = TapCrashProps;

    fn create(ctx: &Context<Self>) -> Self {
        let url = read_vote_figure("tap-crash");
        let config = url.config.unwrap_or_else(|| Self::spec().initial_vote_config());
        lazy_figures::load(ctx.link().callback(Msg::Loaded));
        let link = ctx.link().clone();
        let resize =
            gloo::events::EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Redraw));
        let link = ctx.link().clone();
        TapCrash {
            fault: config.fault,
            config,
            cut: None,
            armed: false,
            module: None,
            handle: None,
            failure: None,
            notices: url.notices.clone(),
            said: Default::default(),
            canvas: NodeRef::default(),
            wrap: NodeRef::default(),
            _resize: resize,
            _theme: super::on_theme_change(move || link.send_message(Msg::Redraw)),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let chapter = ctx.props().chapter.to_string();
        match msg {
            Msg::Loaded(Ok(module)) => {
                self.module = Some(module);
                let keep = self.config.clone();
                self.prepare(Some(&keep));
                return true;
            }
            Msg::Loaded(Err(why)) => self.failure = Some(why),
            Msg::Order(v) => {
                self.notices.clear();
                self.config.variant = v;
                self.prepare(None);
            }
            Msg::Device(honours) => {
                self.notices.clear();
                self.config.device_honours_sync = honours;
                self.prepare(None);
            }
            Msg::Fault(f) => {
                self.fault = f;
                self.describe();
            }
            Msg::Tap(x) => {
                let Some(h) = &self.handle else { return false };
                let cut = h.module.tap_cut_at(h.id, self.width(), x) as usize;
                self.strike(cut, self.fault);
            }
            Msg::Key(e) => {
                let Some(n) = self.handle.as_ref().map(|h| h.cuts).filter(|n| *n > 0) else { return false };
                let at = self.cut.unwrap_or(0);
                match e.key().as_str() {
                    "ArrowRight" | "ArrowLeft" | "Home" | "End" => {
                        e.prevent_default();
                        self.cut = Some(match e.key().as_str() {
                            "ArrowRight" if self.cut.is_some() => (at + 1).min(n - 1),
                            "ArrowLeft" => at.saturating_sub(1),
                            "Home" => 0,
                            "End" => n - 1,
                            _ => at,
                        });
                        self.armed = false;
                        self.describe();
                    }
                    "Enter" | " " => {
                        e.prevent_default();
                        let fault = if e.shift_key() { FaultKind::Power } else { FaultKind::Kill };
                        self.strike(at, fault);
                    }
                    _ => return false,
                }
            }
            Msg::Redraw => {
                self.draw();
                return false;
            }
        }
        self.write_url(&chapter);
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let spec = Self::spec();
        let onclick = link.callback(|e: MouseEvent| {
            let x = e
                .target()
                .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
                .map_or(0.0, |el| f64::from(e.client_x()) - el.get_bounding_client_rect().left());
            Msg::Tap(x)
        });
        let onkeydown = link.callback(Msg::Key);
        let device_cb = link.callback(|e: Event| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Device(!i.checked())
        });
        let (verdict, time, text) = &self.said;
        let page = &words().vote.page;
        let lane_label = words().fill(page.lane_label, &[("how", page.how_to_strike)]);
        html! {
            <figure id="tap-crash" class="lab-figure tap-crash" aria-describedby="tap-crash-said"
                data-verdict={verdict.clone()} data-armed={self.armed.to_string()}
                data-awaiting-module={(self.handle.is_none() && self.failure.is_none()).then_some("")}>
                { if self.notices.is_empty() { html! {} } else { html! {
                    <div class="notice" role="status">{ for self.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } }
                <div class="controls lesson-controls tap-controls">
                    <fieldset class="choice tap-order">
                        <legend>{ page.order }</legend>
                        { for ORDERS.iter().map(|v| {
                            let (v, name) = (*v, catalogue::vote_variant(words(), *v));
                            html! { <label><input type="radio" name="tap-order" value={v.code()} checked={self.config.variant == v}
                                onchange={link.callback(move |_| Msg::Order(v))} />{ name }</label> }
                        }) }
                    </fieldset>
                    <fieldset class="choice tap-fault">
                        <legend>{ page.fault }</legend>
                        { for FaultKind::ALL.iter().map(|f| {
                            let f = *f;
                            let name = words().fill(page.fault_button, &[("fault", catalogue::fault(words(), f))]);
                            html! { <label><input type="radio" name="tap-fault" value={f.key()} checked={self.fault == f}
                                onchange={link.callback(move |_| Msg::Fault(f))} />{ name }</label> }
                        }) }
                    </fieldset>
                    <div class="ctl ctl-flag">
                        <input type="checkbox" id="tap-crash-device" name="device_honours_sync" checked={!self.config.device_honours_sync} onchange={device_cb} />
                        <label for="tap-crash-device">{ page.device_ignores_sync }</label>
                    </div>
                </div>
                <p class="tap-how">{ page.how_to_strike }</p>
                <div class="tap-wrap" ref={self.wrap.clone()}>
                    { match &self.failure {
                        Some(why) => html! { <p class="notice" role="alert">{ why.clone() }</p> },
                        None if self.handle.is_none() => html! { <p class="figure-loading" role="status">{ page.computing }</p> },
                        None => html! {},
                    } }
                    <canvas ref={self.canvas.clone()} class="tap-lane" tabindex="0" role="slider"
                        aria-label={lane_label} aria-valuemin="0" aria-valuemax={self.handle.as_ref().map_or(0, |h| h.cuts.saturating_sub(1)).to_string()}
                        aria-valuenow={self.cut.unwrap_or(0).to_string()} aria-valuetext={time.clone()}
                        aria-describedby="tap-crash-said" {onclick} {onkeydown}></canvas>
                </div>
                <p id="tap-crash-said" class={classes!("tap-said", format!("tap-{verdict}"))} aria-live="polite">{ text.clone() }</p>
                <figcaption>{ crate::words::catalogue::caption(words(), spec) }</figcaption>
            </figure>
        }
    }
}
