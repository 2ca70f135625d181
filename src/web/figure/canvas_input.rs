//! A lease timeline's canvas as an interface (A1, A3–A6): pointing at,
//! tapping or stepping the keyboard onto a mark says what it is, in a tip
//! beside it and in a live region for screen readers; pressing on the plot
//! or the time axis seeks the player there, and dragging scrubs.
//!
//! Everything here asks the figure (`LeaseFigure::hit_at`, `time_at`,
//! `placed_marks`), which hit-tests the layout the drawing used: nothing is
//! run again, and the browser only supplies coordinates.
//!
//! Keys, with the canvas focused: ↓ and ↑ go to the next and previous mark
//! drawn (in time order), Esc hides the tip; Space, ← and → stay the
//! player's (`super::super::player`).

use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use super::super::player::{player_key, PlayerMsg};
use super::{Figure, Msg};
use crate::figures::plan::FigureHit;
use crate::figures::timeline::TimelineHit;

/// What the canvas reports, in CSS px from the canvas's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CanvasMsg {
    Move(f64, f64),
    Down(f64, f64),
    Up(f64, f64),
    Leave,
    /// Next (+1) or previous (−1) mark.
    Step(i64),
    Hide,
}

/// The tip shown for one mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Tip {
    hit: FigureHit,
    /// Where it points (CSS px on the canvas).
    x: f64,
    y: f64,
    text: String,
    /// Chosen with the keyboard (a ring marks it) rather than the pointer.
    keyed: bool,
}

/// The canvas's interaction state.
#[derive(Default)]
pub struct CanvasInput {
    tip: Option<Tip>,
    /// The keyboard's place among the marks drawn.
    key_index: Option<usize>,
    /// A pointer is down: where it went down, what mark is there, and
    /// whether it is dragging (scrubbing) yet.
    press: Option<(f64, Option<FigureHit>, bool)>,
}

/// A drag shorter than this (CSS px) is a tap.
const TAP_CSS: f64 = 4.0;

/// The point of a pointer event on `wrap`'s canvas, in CSS px.
fn canvas_point(wrap: &NodeRef, e: &MouseEvent) -> Option<(f64, f64)> {
    let canvas = wrap.cast::<HtmlElement>()?.query_selector("canvas").ok()??;
    let rect = canvas.get_bounding_client_rect();
    Some((f64::from(e.client_x()) - rect.left(), f64::from(e.client_y()) - rect.top()))
}

impl Figure {
    fn canvas_width(&self) -> Option<f64> {
        self.width_css.get()
    }

    /// The tip for `hit`, pointing at (`x`, `y`).
    fn tip_for(&self, hit: FigureHit, x: f64, y: f64, keyed: bool) -> Option<Tip> {
        let figure = self.figure.as_ref()?;
        let text = figure.describe_mark_at(hit, self.player.player.cursor_us());
        Some(Tip { hit, x, y, text, keyed })
    }

    fn hit_at(&self, x: f64, y: f64) -> Option<FigureHit> {
        let (figure, w) = (self.figure.as_ref()?, self.canvas_width()?);
        figure.hit_at(w, 1.0, self.player.player.cursor_us(), x, y)
    }

    /// Seeks the player to the time under `x` (if the point is on the plot or its axis).
    fn seek_to(&mut self, ctx: &Context<Self>, x: f64, y: f64) -> bool {
        let (Some(figure), Some(w)) = (self.figure.clone(), self.canvas_width()) else { return false };
        let Some(t) = figure.time_at(w, 1.0, x, y) else { return false };
        let effect = self.player.update(PlayerMsg::Seek(t), figure.as_ref());
        self.dirty |= effect.redraw;
        if effect.write_url {
            self.write_url(ctx);
        }
        true
    }

    /// Handles what the canvas reports; true when the view changed.
    pub(super) fn canvas_msg(&mut self, ctx: &Context<Self>, msg: CanvasMsg) -> bool {
        match msg {
            CanvasMsg::Move(x, y) => match self.input.press {
                Some((x0, _, dragging)) if dragging || (x - x0).abs() >= TAP_CSS => {
                    self.input.press = Some((x0, None, true));
                    self.input.tip = None;
                    self.seek_to(ctx, x, y)
                }
                Some(_) => false,
                None => {
                    let tip = self.hit_at(x, y).and_then(|hit| self.tip_for(hit, x, y, false));
                    // Keep a tip the keyboard chose until the pointer finds another mark.
                    if tip.is_none() && self.input.tip.as_ref().is_some_and(|t| t.keyed) {
                        return false;
                    }
                    let changed = tip.as_ref().map(|t| t.hit) != self.input.tip.as_ref().map(|t| t.hit);
                    self.input.tip = tip;
                    changed
                }
            },
            CanvasMsg::Down(x, y) => {
                let hit = self.hit_at(x, y);
                self.input.press = Some((x, hit, false));
                match hit {
                    // On a mark, a tap shows it (on release); a drag will scrub.
                    Some(hit) => {
                        self.input.tip = self.tip_for(hit, x, y, false);
                        true
                    }
                    // Elsewhere on the plot or the axis, the player goes there at once.
                    None => {
                        self.input.tip = None;
                        let sought = self.seek_to(ctx, x, y);
                        self.input.press = Some((x, None, sought));
                        true
                    }
                }
            }
            CanvasMsg::Up(..) => self.input.press.take().is_some(),
            CanvasMsg::Leave => {
                if self.input.press.is_some() || self.input.tip.as_ref().is_some_and(|t| t.keyed) {
                    return false;
                }
                self.input.tip.take().is_some()
            }
            CanvasMsg::Step(delta) => {
                let (Some(figure), Some(w)) = (self.figure.clone(), self.canvas_width()) else { return false };
                let placed = figure.placed_marks(w, self.player.player.cursor_us());
                if placed.is_empty() {
                    self.input.tip = None;
                    return true;
                }
                let last = placed.len() - 1;
                let current = self.input.tip.as_ref().and_then(|t| placed.iter().position(|p| p.0 == t.hit));
                let i = match (current.or(self.input.key_index), delta > 0) {
                    (None, true) => 0,
                    (None, false) => last,
                    (Some(i), true) => (i + 1).min(last),
                    (Some(i), false) => i.saturating_sub(1),
                };
                self.input.key_index = Some(i);
                let (hit, x, y) = placed[i];
                self.input.tip = self.tip_for(hit, x, y, true);
                true
            }
            CanvasMsg::Hide => {
                self.input.key_index = None;
                self.input.tip.take().is_some()
            }
        }
    }

    /// Forgets the tip (the figure was run again: its marks are others).
    pub(super) fn forget_tip(&mut self) {
        self.input.tip = None;
        self.input.key_index = None;
        self.input.press = None;
    }

    /// The canvas wrapper's pointer and key handlers, for a timeline.
    pub(super) fn canvas_handlers(&self, ctx: &Context<Self>) -> CanvasHandlers {
        let link = ctx.link();
        let point = |make: fn(f64, f64) -> CanvasMsg| {
            let wrap = self.wrap.clone();
            link.batch_callback(move |e: PointerEvent| canvas_point(&wrap, &e).map(|(x, y)| Msg::Canvas(make(x, y))))
        };
        let wrap = self.wrap.clone();
        let down = link.batch_callback(move |e: PointerEvent| {
            if e.button() != 0 {
                return None;
            }
            let (x, y) = canvas_point(&wrap, &e)?;
            // Keep the moves coming while dragging outside the canvas.
            if let Some(el) = e.current_target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            Some(Msg::Canvas(CanvasMsg::Down(x, y)))
        });
        let key = link.batch_callback(|e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" => {
                e.prevent_default();
                Some(Msg::Canvas(CanvasMsg::Step(if e.key() == "ArrowDown" { 1 } else { -1 })))
            }
            "Escape" => Some(Msg::Canvas(CanvasMsg::Hide)),
            _ => player_key(&e).map(Msg::Player),
        });
        CanvasHandlers {
            pointer_move: point(CanvasMsg::Move),
            pointer_down: down,
            pointer_up: point(CanvasMsg::Up),
            pointer_leave: link.callback(|_: PointerEvent| Msg::Canvas(CanvasMsg::Leave)),
            key,
        }
    }

    /// The tip, the keyboard's ring and the live region, inside the canvas wrapper.
    pub(super) fn view_tip(&self) -> Html {
        let live = self.input.tip.as_ref().map(|t| t.text.clone()).unwrap_or_default();
        let Some(tip) = &self.input.tip else {
            return html! { <p class="visually-hidden mark-live" aria-live="polite">{ live }</p> };
        };
        let width = self.canvas_width().unwrap_or(600.0);
        // Beside the point, on the side with more room; under it unless near the bottom.
        let horizontal = if tip.x > width / 2.0 {
            format!("right:{:.0}px;", (width - tip.x - 6.0).max(0.0))
        } else {
            format!("left:{:.0}px;", (tip.x - 6.0).max(0.0))
        };
        let style = format!("{horizontal}top:{:.0}px;", tip.y + 14.0);
        let (kind, id, worker, token) = match (tip.hit.hit, self.figure.as_ref()) {
            (TimelineHit::Hold(i), Some(f)) => {
                let h = f.traces().get(tip.hit.panel).and_then(|t| t.holds.get(i as usize));
                ("hold", h.map(|h| h.id), h.map(|h| h.worker), h.and_then(|h| h.token))
            }
            (TimelineHit::Lease(i), Some(f)) => {
                let l = f.traces().get(tip.hit.panel).and_then(|t| t.leases.get(i as usize));
                ("lease", Some(i), None, l.map(|l| l.token))
            }
            (TimelineHit::RowWait(i), _) => ("row-wait", Some(i), None, None),
            _ => ("", None, None, None),
        };
        html! {<>
            { if tip.keyed { html! {
                <span class="mark-ring" aria-hidden="true" style={format!("left:{:.0}px;top:{:.0}px;", tip.x, tip.y)}></span>
            } } else { html!{} } }
            <div class="mark-tip" role="tooltip" style={style} data-kind={kind} data-panel={tip.hit.panel.to_string()}
                 data-id={id.map(|v| v.to_string())} data-worker={worker.map(|v| v.to_string())}
                 data-token={token.map(|v| v.to_string())}
                 data-x={format!("{:.1}", tip.x)} data-y={format!("{:.1}", tip.y)}>
                { &tip.text }
            </div>
            <p class="visually-hidden mark-live" aria-live="polite">{ live }</p>
        </>}
    }
}

/// The callbacks [`Figure::canvas_handlers`] makes.
pub struct CanvasHandlers {
    pub pointer_move: Callback<PointerEvent>,
    pub pointer_down: Callback<PointerEvent>,
    pub pointer_up: Callback<PointerEvent>,
    pub pointer_leave: Callback<PointerEvent>,
    pub key: Callback<KeyboardEvent>,
}
