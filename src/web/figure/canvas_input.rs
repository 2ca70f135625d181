//! A lease timeline's canvas as an interface (A1, A3–A6), and A7's (the
//! outage's) charts: pointing at, tapping or stepping the keyboard onto a
//! mark says what it is, in a tip beside it and in a live region for screen
//! readers; on A7's charts, every series' value at the second under the
//! pointer. Pressing on the time axis seeks the player there, and dragging
//! scrubs.
//!
//! Touch is a pointer of its own: a tap on a mark shows its tip and the tip
//! stays after the finger lifts (a touch's `pointerleave` comes right after
//! its `pointerup`, and does not close it), until the reader taps elsewhere
//! (on the figure or off it) or presses Esc. A tap on empty plot area only
//! closes the tip: the player moves from the time axis and the scrubber.
//!
//! Everything here asks the figure (`LeaseFigure::hit_at`, `time_at`,
//! `placed_marks`), which hit-tests the layout the drawing used: nothing is
//! run again, and the browser only supplies coordinates.
//!
//! A lease that ran out its TTL can be changed by hand: dragging the end
//! of its bar sets `ttl_ms` to the new length (the figure runs once, when
//! the pointer is released), and with a lease chosen by the keyboard, + and
//! − lengthen or shorten the TTL by the slider's step.
//!
//! Keys, with the canvas focused: ↓ and ↑ go to the next and previous mark
//! drawn (in time order), Esc hides the tip, + and − change the TTL on a
//! lease; Space, ← and → stay the player's (`super::super::player`).

use web_sys::{HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use super::super::page_words::words;
use super::super::player::{player_key, PlayerMsg};
use super::{Figure, Msg};
use crate::figures::plan::FigureHit;
use crate::figures::series_hit::{describe_outage_point_in, outage_point_at, outage_point_xy, SeriesPoint};
use crate::figures::timeline::TimelineHit;
use lab_model::registry::FigureKind;

/// What the canvas reports, in CSS px from the canvas's top left.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum CanvasMsg {
    Move(f64, f64),
    /// A press, and whether it is a finger (or a pen) rather than a mouse.
    Down(f64, f64, bool),
    Up(f64, f64),
    Leave,
    /// Next (+1) or previous (−1) mark.
    Step(i64),
    Hide,
    /// Lengthen (+1) or shorten (−1) the TTL by the slider's step (a lease chosen by the keyboard).
    Ttl(i64),
    /// A press somewhere else on the page.
    Outside,
}

/// What a tip is about: a timeline's mark, or a second of A7's charts.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Pointed {
    Mark(FigureHit),
    Series(SeriesPoint),
}

impl Pointed {
    fn mark(self) -> Option<FigureHit> {
        match self {
            Pointed::Mark(hit) => Some(hit),
            Pointed::Series(_) => None,
        }
    }
}

/// The tip shown for one mark.
#[derive(Clone, Debug, PartialEq)]
pub struct Tip {
    hit: Pointed,
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
    /// A lease's end being dragged: where the lease began (µs) and the TTL (ms) it would set.
    ttl_drag: Option<(u64, u32)>,
    /// The last press was a finger's: no hover follows, and leaving keeps the tip.
    touch: bool,
}

/// How near its drawn end (CSS px) a press takes hold of an expired lease.
const GRAB_CSS: f64 = 7.0;

/// A drag shorter than this (CSS px) is a tap.
const TAP_CSS: f64 = 4.0;

/// How the canvas is shown: at the size it is drawn (`web::size_canvas`),
/// unless a resize has not been drawn for yet, and not always at the
/// wrapper's left edge. Reading it forces a layout, so only a pointer event
/// or a shown tip reads it.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Shown {
    /// Shown px per drawn CSS px.
    scale: f64,
    /// The canvas's offset in its wrapper, in shown px.
    dx: f64,
    dy: f64,
}

impl Shown {
    const AS_DRAWN: Shown = Shown { scale: 1.0, dx: 0.0, dy: 0.0 };

    /// `wrap`'s canvas as shown now, for a drawing `drawn_w` CSS px wide.
    fn of(wrap: &NodeRef, drawn_w: Option<f64>) -> Shown {
        let Some(wrap) = wrap.cast::<HtmlElement>() else { return Self::AS_DRAWN };
        let Some(canvas) = wrap.query_selector("canvas").ok().flatten() else { return Self::AS_DRAWN };
        let (rect, outer) = (canvas.get_bounding_client_rect(), wrap.get_bounding_client_rect());
        let scale = match drawn_w {
            Some(w) if w > 0.0 && rect.width() > 0.0 => rect.width() / w,
            _ => 1.0,
        };
        Shown { scale, dx: rect.left() - outer.left(), dy: rect.top() - outer.top() }
    }

    /// A drawn point's place in the wrapper (for the tip, the ring, the ghost).
    fn in_wrap(self, x: f64, y: f64) -> (f64, f64) {
        (self.dx + x * self.scale, self.dy + y * self.scale)
    }
}

/// The point of a pointer event on `wrap`'s canvas, in the drawing's CSS px
/// (the canvas is `drawn_w` CSS px wide as drawn, whatever its shown size).
fn canvas_point(wrap: &NodeRef, e: &MouseEvent, drawn_w: Option<f64>) -> Option<(f64, f64)> {
    let canvas = wrap.cast::<HtmlElement>()?.query_selector("canvas").ok()??;
    let rect = canvas.get_bounding_client_rect();
    let scale = match drawn_w {
        Some(w) if w > 0.0 && rect.width() > 0.0 => rect.width() / w,
        _ => 1.0,
    };
    Some(((f64::from(e.client_x()) - rect.left()) / scale, (f64::from(e.client_y()) - rect.top()) / scale))
}

impl Figure {
    fn canvas_width(&self) -> Option<f64> {
        self.width_css.get()
    }

    /// The tip for `hit`, pointing at (`x`, `y`).
    fn tip_for(&self, hit: FigureHit, x: f64, y: f64, keyed: bool) -> Option<Tip> {
        let figure = self.figure.as_ref()?;
        let text = figure.describe_mark_in(hit, self.player.player.cursor_us(), words());
        Some(Tip { hit: Pointed::Mark(hit), x, y, text, keyed })
    }

    fn hit_at(&self, x: f64, y: f64) -> Option<FigureHit> {
        let (figure, w) = (self.figure.as_ref()?, self.canvas_width()?);
        figure.hit_at(w, 1.0, self.player.player.cursor_us(), x, y)
    }

    /// Whether the canvas is A7's charts (its tips are the series at a second).
    fn is_outage(&self) -> bool {
        self.spec.kind == FigureKind::Outage
    }

    /// The tip of A7's charts at `p`, pointing at (`x`, `y`).
    fn series_tip(&self, p: SeriesPoint, x: f64, y: f64, keyed: bool) -> Option<Tip> {
        let trace = self.figure.as_ref()?.traces().first()?;
        Some(Tip { hit: Pointed::Series(p), x, y, text: describe_outage_point_in(trace, p, words()), keyed })
    }

    /// The tip for whatever is under (`x`, `y`): a mark, or a second of A7's charts.
    fn tip_at(&self, x: f64, y: f64) -> Option<Tip> {
        if self.is_outage() {
            let (figure, w) = (self.figure.as_ref()?, self.canvas_width()?);
            let trace = figure.traces().first()?;
            let p = outage_point_at(trace, w, figure.height_css(w), x, y)?;
            return self.series_tip(p, x, y, false);
        }
        self.hit_at(x, y).and_then(|hit| self.tip_for(hit, x, y, false))
    }

    /// Seeks the player when (`x`, `y`) is on the time axis; false elsewhere.
    fn seek_on_axis(&mut self, ctx: &Context<Self>, x: f64, y: f64) -> bool {
        let (Some(figure), Some(w)) = (self.figure.as_ref(), self.canvas_width()) else { return false };
        if figure.time_on_axis_at(w, 1.0, x, y).is_none() {
            return false;
        }
        self.seek_to(ctx, x, y)
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

    /// The TTL slider's range and step.
    fn ttl_range() -> (u32, u32, u32) {
        lab_model::params::lease_param("ttl_ms")
            .map_or((1, 10_000, 10), |p| (p.min as u32, p.max as u32, p.step.max(1) as u32))
    }

    /// The start (µs) of the expired lease `hit` whose drawn end lies within
    /// [`GRAB_CSS`] of `x`, on a one-panel timeline (A1, A3, A5, A6).
    fn grabbed_lease_end(&self, hit: FigureHit, x: f64) -> Option<u64> {
        let figure = self.figure.as_ref()?;
        let TimelineHit::Lease(i) = hit.hit else { return None };
        if self.spec.kind != lab_model::registry::FigureKind::Timeline || hit.panel != 0 {
            return None;
        }
        let lease = figure.traces().first()?.leases.get(i as usize)?;
        let (x0, x1, _) = figure.time_axis(self.canvas_width()?)?;
        let end_x = x0 + (x1 - x0) * lease.ended_at.t_us as f64 / figure.window_us().max(1) as f64;
        let expired = lease.end_cause == crate::sim::lease::LeaseEnd::Expired;
        (expired && lease.ended_at.t_us <= self.player.player.cursor_us() && (x - end_x).abs() <= GRAB_CSS)
            .then_some(lease.set_exec_at.t_us)
    }

    /// The TTL (ms) that puts a lease begun at `start_us` ending at `x`, on the slider's steps.
    fn ttl_at(&self, start_us: u64, x: f64) -> Option<u32> {
        let (figure, w) = (self.figure.as_ref()?, self.canvas_width()?);
        let (x0, x1, _) = figure.time_axis(w)?;
        let t = (x - x0) / (x1 - x0).max(1.0) * figure.window_us() as f64;
        let (min, max, step) = Self::ttl_range();
        let ms = ((t - start_us as f64) / 1000.0 / f64::from(step)).round() * f64::from(step);
        Some((ms.max(0.0) as u32).clamp(min, max))
    }

    /// Handles what the canvas reports; true when the view changed.
    pub(super) fn canvas_msg(&mut self, ctx: &Context<Self>, msg: CanvasMsg) -> bool {
        // A story step draws its own frame (one wallet, its named threads):
        // the pointer's marks are the full figure's, so they wait for the story's end.
        if self.story.is_some() {
            return false;
        }
        match msg {
            CanvasMsg::Move(x, _) if self.input.ttl_drag.is_some() => {
                let Some((start, ttl)) = self.input.ttl_drag else { return false };
                let new = self.ttl_at(start, x).unwrap_or(ttl);
                self.input.ttl_drag = Some((start, new));
                new != ttl
            }
            CanvasMsg::Up(..) if self.input.ttl_drag.is_some() => {
                self.input.press = None;
                let Some((_, ttl)) = self.input.ttl_drag.take() else { return false };
                if ttl != self.query.config.ttl_ms {
                    ctx.link().send_message(Msg::SetParam("ttl_ms".into(), ttl.to_string()));
                }
                true
            }
            CanvasMsg::Ttl(delta) => {
                let keyed_lease = self
                    .input
                    .tip
                    .as_ref()
                    .is_some_and(|t| t.keyed && matches!(t.hit.mark().map(|m| m.hit), Some(TimelineHit::Lease(_))));
                if !keyed_lease {
                    return false;
                }
                let (min, max, step) = Self::ttl_range();
                let now = self.query.config.ttl_ms as i64;
                let ttl = (now + delta * i64::from(step)).clamp(i64::from(min), i64::from(max));
                ctx.link().send_message(Msg::SetParam("ttl_ms".into(), ttl.to_string()));
                false
            }
            // On A7's charts a pressed pointer reads the series as it moves.
            CanvasMsg::Move(x, y) if self.is_outage() && self.input.press.is_some() => {
                let Some(tip) = self.tip_at(x, y) else { return false };
                let changed = self.input.tip.as_ref().map(|t| t.hit) != Some(tip.hit);
                self.input.tip = Some(tip);
                changed
            }
            CanvasMsg::Move(x, y) => match self.input.press {
                Some((x0, _, dragging)) if dragging || (x - x0).abs() >= TAP_CSS => {
                    self.input.press = Some((x0, None, true));
                    self.input.tip = None;
                    self.seek_to(ctx, x, y)
                }
                Some(_) => false,
                // A finger does not hover: a tap's tip stays where it was.
                None if self.input.touch => false,
                None => {
                    let tip = self.tip_at(x, y);
                    // Keep a tip the keyboard chose until the pointer finds another mark.
                    if tip.is_none() && self.input.tip.as_ref().is_some_and(|t| t.keyed) {
                        return false;
                    }
                    let changed = tip.as_ref().map(|t| t.hit) != self.input.tip.as_ref().map(|t| t.hit);
                    self.input.tip = tip;
                    changed
                }
            },
            CanvasMsg::Down(x, y, touch) => {
                self.input.touch = touch;
                let hit = self.hit_at(x, y);
                if let Some(start) = hit.and_then(|h| self.grabbed_lease_end(h, x)) {
                    self.input.press = Some((x, None, true));
                    self.input.tip = None;
                    self.input.ttl_drag = Some((start, self.query.config.ttl_ms));
                    return true;
                }
                self.input.press = Some((x, hit, false));
                match self.tip_at(x, y) {
                    // On a mark, a press shows it, and the tip stays after the
                    // press ends (until a press elsewhere or Esc); a drag will scrub.
                    Some(tip) => {
                        self.input.key_index = None;
                        self.input.tip = Some(tip);
                        true
                    }
                    // On the time axis, the player goes there at once; on empty
                    // plot area a press only closes the tip (a drag still scrubs).
                    None => {
                        self.input.tip = None;
                        let sought = self.seek_on_axis(ctx, x, y);
                        self.input.press = Some((x, None, sought));
                        true
                    }
                }
            }
            CanvasMsg::Up(..) => self.input.press.take().is_some(),
            CanvasMsg::Leave => {
                let keep = self.input.touch || self.input.tip.as_ref().is_some_and(|t| t.keyed);
                if self.input.press.is_some() || keep {
                    return false;
                }
                self.input.tip.take().is_some()
            }
            CanvasMsg::Step(delta) if self.is_outage() => self.step_series(delta),
            CanvasMsg::Step(delta) => {
                let (Some(figure), Some(w)) = (self.figure.clone(), self.canvas_width()) else { return false };
                let placed = figure.placed_marks(w, self.player.player.cursor_us());
                if placed.is_empty() {
                    self.input.tip = None;
                    return true;
                }
                let last = placed.len() - 1;
                let current =
                    self.input.tip.as_ref().and_then(|t| placed.iter().position(|p| Some(p.0) == t.hit.mark()));
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
            CanvasMsg::Outside => self.close_tip_from_outside(),
            CanvasMsg::Hide => {
                self.input.key_index = None;
                self.input.tip.take().is_some()
            }
        }
    }

    /// ↓/↑ on A7's charts: the next or previous second of the tip's panel
    /// (the first panel's first second to begin with).
    fn step_series(&mut self, delta: i64) -> bool {
        let (Some(figure), Some(w)) = (self.figure.clone(), self.canvas_width()) else { return false };
        let Some(trace) = figure.traces().first() else { return false };
        let last = trace.series.per_second.len().saturating_sub(1) as i64;
        let next = match self.input.tip.as_ref().map(|t| t.hit) {
            Some(Pointed::Series(p)) => {
                SeriesPoint { panel: p.panel, second: (i64::from(p.second) + delta).clamp(0, last) as u32 }
            }
            _ => SeriesPoint { panel: 0, second: if delta > 0 { 0 } else { last as u32 } },
        };
        let (x, y) = outage_point_xy(trace, w, figure.height_css(w), next);
        self.input.tip = self.series_tip(next, x, y, true);
        true
    }

    /// A press off the canvas closes a tip a press opened (the reader tapped elsewhere).
    pub(super) fn close_tip_from_outside(&mut self) -> bool {
        if self.input.tip.as_ref().is_some_and(|t| t.keyed) || self.input.ttl_drag.is_some() {
            return false;
        }
        self.input.press = None;
        self.input.tip.take().is_some()
    }

    /// Forgets the tip (the figure was run again: its marks are others).
    pub(super) fn forget_tip(&mut self) {
        self.input.tip = None;
        self.input.key_index = None;
        self.input.press = None;
        self.input.ttl_drag = None;
    }

    /// Listens for presses off the canvas (they close a tapped tip).
    pub(super) fn outside_press_listener(&self, ctx: &Context<Self>) -> gloo::events::EventListener {
        outside_press(&self.wrap, ctx.link().callback(|()| Msg::Canvas(CanvasMsg::Outside)))
    }

    /// The canvas wrapper's pointer and key handlers, for a timeline.
    pub(super) fn canvas_handlers(&self, ctx: &Context<Self>) -> CanvasHandlers {
        let link = ctx.link();
        // Read when the event comes: the handlers are made before the first drawing knows its width.
        let drawn = self.width_css.clone();
        let point = |make: fn(f64, f64) -> CanvasMsg| {
            let (wrap, drawn) = (self.wrap.clone(), drawn.clone());
            link.batch_callback(move |e: PointerEvent| {
                canvas_point(&wrap, &e, drawn.get()).map(|(x, y)| Msg::Canvas(make(x, y)))
            })
        };
        let (wrap, drawn_down) = (self.wrap.clone(), drawn.clone());
        let down = link.batch_callback(move |e: PointerEvent| {
            if e.button() != 0 {
                return None;
            }
            let (x, y) = canvas_point(&wrap, &e, drawn_down.get())?;
            // Keep the moves coming while dragging outside the canvas (on the
            // wrapper itself: Yew's delegated event's current target is the app's root).
            if let Some(el) = wrap.cast::<web_sys::Element>() {
                let _ = el.set_pointer_capture(e.pointer_id());
            }
            let touch = matches!(e.pointer_type().as_str(), "touch" | "pen");
            Some(Msg::Canvas(CanvasMsg::Down(x, y, touch)))
        });
        let key = link.batch_callback(|e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" => {
                e.prevent_default();
                Some(Msg::Canvas(CanvasMsg::Step(if e.key() == "ArrowDown" { 1 } else { -1 })))
            }
            "Escape" => Some(Msg::Canvas(CanvasMsg::Hide)),
            "+" | "=" => Some(Msg::Canvas(CanvasMsg::Ttl(1))),
            "-" | "_" => Some(Msg::Canvas(CanvasMsg::Ttl(-1))),
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

    /// States the time axis on the wrapper (`data-time-axis`: the plot's
    /// ends and the axis's middle, CSS px), once the canvas is drawn and its width known.
    pub(super) fn state_time_axis(&self) {
        let (Some(wrap), Some(figure), Some(w)) =
            (self.wrap.cast::<web_sys::Element>(), &self.figure, self.canvas_width())
        else {
            return;
        };
        if let Some((x0, x1, y)) = figure.time_axis(w) {
            // In CSS px from the canvas's corner, as a pointer meets it: the
            // canvas is shown at the size it is drawn (`web::size_canvas`),
            // so no layout is read here (a read would force one on every redraw).
            let _ = wrap.set_attribute("data-time-axis", &format!("{x0:.0},{x1:.0},{y:.0}"));
        }
    }

    /// The tip, the keyboard's ring and the live region, inside the canvas wrapper.
    pub(super) fn view_tip(&self) -> Html {
        if let Some((start, ttl)) = self.input.ttl_drag {
            return self.view_ttl_drag(start, ttl);
        }
        let live = self.input.tip.as_ref().map(|t| t.text.clone()).unwrap_or_default();
        let Some(tip) = &self.input.tip else {
            return html! { <p class="visually-hidden mark-live" aria-live="polite">{ live }</p> };
        };
        let drawn_w = self.canvas_width().unwrap_or(600.0);
        let shown = Shown::of(&self.wrap, Some(drawn_w));
        let (x, y) = shown.in_wrap(tip.x, tip.y);
        let wrap_w = self.wrap.cast::<HtmlElement>().map(|w| f64::from(w.client_width())).unwrap_or(drawn_w);
        // Beside the point, on the side with more room; under it unless near the bottom.
        let horizontal = if x > wrap_w / 2.0 {
            format!("right:{:.0}px;", (wrap_w - x - 6.0).max(0.0))
        } else {
            format!("left:{:.0}px;", (x - 6.0).max(0.0))
        };
        let style = format!("{horizontal}top:{:.0}px;", y + 14.0);
        // A lease's span and how it ended, for tools and tests (the trace's own numbers).
        let (panel, mark) = match tip.hit {
            Pointed::Mark(hit) => (hit.panel, Some(hit.hit)),
            Pointed::Series(p) => (p.panel, None),
        };
        let lease = match (mark, self.figure.as_ref()) {
            (Some(TimelineHit::Lease(i)), Some(f)) => f.traces().get(panel).and_then(|t| t.leases.get(i as usize)),
            _ => None,
        };
        let (kind, id, worker, token) = match (tip.hit, mark, self.figure.as_ref()) {
            (_, Some(TimelineHit::Hold(i)), Some(f)) => {
                let h = f.traces().get(panel).and_then(|t| t.holds.get(i as usize));
                ("hold", h.map(|h| h.id), h.map(|h| h.worker), h.and_then(|h| h.token))
            }
            (_, Some(TimelineHit::Lease(i)), Some(f)) => {
                let l = f.traces().get(panel).and_then(|t| t.leases.get(i as usize));
                ("lease", Some(i), None, l.map(|l| l.token))
            }
            (_, Some(TimelineHit::RowWait(i)), _) => ("row-wait", Some(i), None, None),
            (Pointed::Series(p), _, _) => ("series", Some(p.second), None, None),
            _ => ("", None, None, None),
        };
        html! {<>
            { if tip.keyed { html! {
                <span class="mark-ring" aria-hidden="true" style={format!("left:{x:.0}px;top:{y:.0}px;")}></span>
            } } else { html!{} } }
            <div class="mark-tip" role="tooltip" style={style} data-kind={kind} data-panel={panel.to_string()}
                 data-id={id.map(|v| v.to_string())} data-worker={worker.map(|v| v.to_string())}
                 data-token={token.map(|v| v.to_string())}
                 data-start-us={lease.map(|l| l.set_exec_at.t_us.to_string())} data-end-us={lease.map(|l| l.ended_at.t_us.to_string())}
                 data-expired={lease.map(|l| (l.end_cause == crate::sim::lease::LeaseEnd::Expired).to_string())}
                 data-x={format!("{:.1}", tip.x * shown.scale)} data-y={format!("{:.1}", tip.y * shown.scale)}>
                { &tip.text }
            </div>
            <p class="visually-hidden mark-live" aria-live="polite">{ live }</p>
        </>}
    }
}

impl Figure {
    /// While a lease's end is dragged: where it would end, and the TTL it would set.
    fn view_ttl_drag(&self, start_us: u64, ttl_ms: u32) -> Html {
        let axis =
            self.figure.as_ref().zip(self.canvas_width()).and_then(|(f, w)| Some((f.time_axis(w)?, f.window_us())));
        let Some(((x0, x1, _), window)) = axis else { return html! {} };
        let t = start_us + u64::from(ttl_ms) * 1000;
        let shown = Shown::of(&self.wrap, self.canvas_width());
        let x = shown.in_wrap(x0 + (x1 - x0) * t as f64 / window.max(1) as f64, 0.0).0;
        let x1 = shown.in_wrap(x1, 0.0).0;
        let text = words().fill(
            words().ui.figure.ttl_drag,
            &[("ttl", &ttl_ms.to_string()), ("now", &self.query.config.ttl_ms.to_string())],
        );
        html! {<>
            <span class="ttl-ghost" aria-hidden="true" style={format!("left:{x:.0}px;")}></span>
            <div class="mark-tip ttl-tip" role="status" style={format!("left:{:.0}px;top:4px;", (x + 6.0).min(x1 - 120.0).max(0.0))} data-ttl={ttl_ms.to_string()}>{ text }</div>
        </>}
    }
}

/// A listener on the document that calls `closed` for every press outside
/// `wrap` (a figure's canvas wrapper): a tapped tip closes when the reader taps elsewhere.
pub fn outside_press(wrap: &NodeRef, closed: Callback<()>) -> gloo::events::EventListener {
    let wrap = wrap.clone();
    gloo::events::EventListener::new(&gloo::utils::document(), "pointerdown", move |e| {
        let Some(wrap) = wrap.cast::<web_sys::Node>() else { return };
        let target = e.target().and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Node>(t).ok());
        if !target.is_some_and(|t| wrap.contains(Some(&t))) {
            closed.emit(());
        }
    })
}

/// The callbacks [`Figure::canvas_handlers`] makes.
pub struct CanvasHandlers {
    pub pointer_move: Callback<PointerEvent>,
    pub pointer_down: Callback<PointerEvent>,
    pub pointer_up: Callback<PointerEvent>,
    pub pointer_leave: Callback<PointerEvent>,
    pub key: Callback<KeyboardEvent>,
}
