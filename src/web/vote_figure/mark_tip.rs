//! Article B's marks as an interface (B1, B3, B4's stories; B7's stack):
//! pointing at, tapping or stepping the keyboard onto a message, a crash or
//! restart mark, a pipeline stage, an evidence badge, or one of B7's record
//! chips and layers says what it is, in a tip beside it and in a live region.
//!
//! The figure in the `figures` module says it (`VoteFigure::describe_point`,
//! a pure hit test over the layout its drawing uses); here only the
//! pointer's shown px become drawn px. The text is asked again at every
//! render, so it follows the player and B7's fault, and never tells what the
//! player has not reached.
//!
//! Touch: a tap on a mark keeps its tip after the finger lifts, until a tap
//! elsewhere (on the figure or off it) or Esc. Keys on the focused canvas of
//! a story: ↓/↑ the next and previous mark, Esc hides the tip; the player
//! keeps Space, ← and →.

use web_sys::{HtmlElement, KeyboardEvent, PointerEvent};
use yew::prelude::*;

use super::{Msg, VoteFigure};
use lab_model::registry::FigureKind;

/// What the canvas reports (drawn CSS px on panel `.0`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum TipMsg {
    Move(usize, f64, f64),
    /// A press, and whether it is a finger (or a pen).
    Down(usize, f64, f64, bool),
    Leave,
    Step(i64),
    Hide,
    Outside,
}

/// Where the tip points (drawn CSS px on its panel), and whether the keyboard put it there.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct MarkTip {
    pub panel: usize,
    pub x: f64,
    pub y: f64,
    pub keyed: bool,
}

/// The tip's state in the figure.
#[derive(Default)]
pub struct TipState {
    pub tip: Option<MarkTip>,
    /// The last press was a finger's.
    pub touch: bool,
    /// The keyboard's place among the marks.
    pub key_index: Option<usize>,
}

impl VoteFigure {
    /// The drawn width of the canvases, CSS px (as `draw` draws them).
    fn drawn_width(&self) -> Option<f64> {
        Some(f64::from(self.wrap.cast::<HtmlElement>()?.client_width()).max(280.0))
    }

    /// Panel `panel`'s canvas: its shown scale (shown px per drawn px) and offset in the wrapper.
    fn panel_shown(&self, panel: usize) -> Option<(f64, f64, f64)> {
        let wrap = self.wrap.cast::<HtmlElement>()?;
        let canvas = self.canvases.get(panel)?.cast::<HtmlElement>()?;
        let (rect, outer) = (canvas.get_bounding_client_rect(), wrap.get_bounding_client_rect());
        let w = self.drawn_width()?;
        (rect.width() > 0.0).then(|| (rect.width() / w, rect.left() - outer.left(), rect.top() - outer.top()))
    }

    /// The text of the mark at `tip`, now (the player's cursor, B7's fault).
    fn tip_text(&self, tip: &MarkTip) -> Option<String> {
        let figure = self.figure.as_ref()?;
        let w = self.drawn_width()?;
        figure.describe_point(tip.panel as u32, w, self.player.player.cursor_us(), self.hit, tip.x, tip.y)
    }

    fn tip_at(&self, panel: usize, x: f64, y: f64) -> Option<MarkTip> {
        let tip = MarkTip { panel, x, y, keyed: false };
        self.tip_text(&tip).map(|_| tip)
    }

    /// Every panel's marks in reading order: (panel, x, y).
    fn mark_stops(&self) -> Vec<(usize, f64, f64)> {
        let (Some(figure), Some(w)) = (self.figure.as_ref(), self.drawn_width()) else { return Vec::new() };
        let cursor = self.player.player.cursor_us();
        (0..figure.summary.panels as usize)
            .flat_map(|p| figure.mark_points(p as u32, w, cursor).into_iter().map(move |(x, y)| (p, x, y)))
            .collect()
    }

    /// Handles what the canvas reports; true when the view changed.
    pub(super) fn tip_msg(&mut self, msg: TipMsg) -> bool {
        let s = &mut self.tips;
        match msg {
            TipMsg::Move(..) if s.touch => false,
            TipMsg::Move(panel, x, y) => {
                let tip = self.tip_at(panel, x, y);
                let s = &mut self.tips;
                if tip.is_none() && s.tip.is_some_and(|t| t.keyed) {
                    return false;
                }
                let changed = tip != s.tip;
                s.tip = tip;
                changed
            }
            TipMsg::Down(panel, x, y, touch) => {
                s.touch = touch;
                let tip = self.tip_at(panel, x, y);
                let s = &mut self.tips;
                s.key_index = None;
                s.tip = tip;
                true
            }
            TipMsg::Leave => {
                if s.touch || s.tip.is_some_and(|t| t.keyed) {
                    return false;
                }
                s.tip.take().is_some()
            }
            TipMsg::Outside => {
                if s.tip.is_some_and(|t| t.keyed) {
                    return false;
                }
                s.tip.take().is_some()
            }
            TipMsg::Hide => {
                s.key_index = None;
                s.tip.take().is_some()
            }
            TipMsg::Step(delta) => {
                let stops = self.mark_stops();
                let s = &mut self.tips;
                if stops.is_empty() {
                    return s.tip.take().is_some();
                }
                let last = stops.len() - 1;
                let i = match (s.key_index, delta > 0) {
                    (None, true) => 0,
                    (None, false) => last,
                    (Some(i), true) => (i + 1).min(last),
                    (Some(i), false) => i.saturating_sub(1),
                };
                s.key_index = Some(i);
                let (panel, x, y) = stops[i];
                s.tip = Some(MarkTip { panel, x, y, keyed: true });
                true
            }
        }
    }

    /// The pointer handlers of the canvas wrapper: (move, down, leave).
    pub(super) fn tip_handlers(
        &self,
        ctx: &Context<Self>,
    ) -> (Callback<PointerEvent>, Callback<PointerEvent>, Callback<PointerEvent>) {
        let link = ctx.link();
        let locate = {
            let (wrap, canvases) = (self.wrap.clone(), self.canvases.clone());
            move |e: &PointerEvent| -> Option<(usize, f64, f64)> {
                let w = f64::from(wrap.cast::<HtmlElement>()?.client_width()).max(280.0);
                canvases.iter().enumerate().find_map(|(i, node)| {
                    let rect = node.cast::<HtmlElement>()?.get_bounding_client_rect();
                    let (cx, cy) = (f64::from(e.client_x()), f64::from(e.client_y()));
                    let inside = rect.width() > 0.0
                        && (rect.left()..=rect.right()).contains(&cx)
                        && (rect.top()..=rect.bottom()).contains(&cy);
                    let k = rect.width() / w;
                    inside.then(|| (i, (cx - rect.left()) / k, (cy - rect.top()) / k))
                })
            }
        };
        let at = locate.clone();
        let on_move = link.batch_callback(move |e: PointerEvent| {
            at(&e).map(|(p, x, y)| Msg::Tip(TipMsg::Move(p, x, y))).or(Some(Msg::Tip(TipMsg::Leave)))
        });
        let on_down = link.batch_callback(move |e: PointerEvent| {
            let touch = matches!(e.pointer_type().as_str(), "touch" | "pen");
            let (p, x, y) = locate(&e)?;
            Some(Msg::Tip(TipMsg::Down(p, x, y, touch)))
        });
        let on_leave = link.callback(|_: PointerEvent| Msg::Tip(TipMsg::Leave));
        (on_move, on_down, on_leave)
    }

    /// The keys of a story's focused canvas: ↓/↑ and Esc for the marks, the rest the player's.
    pub(super) fn story_keys(&self, ctx: &Context<Self>) -> Callback<KeyboardEvent> {
        let player = self.player.on_key();
        let link = ctx.link().clone();
        Callback::from(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" => {
                e.prevent_default();
                link.send_message(Msg::Tip(TipMsg::Step(if e.key() == "ArrowDown" { 1 } else { -1 })));
            }
            "Escape" => link.send_message(Msg::Tip(TipMsg::Hide)),
            _ => player.emit(e),
        })
    }

    /// The tip, its keyboard ring and the live region, inside the canvas wrapper.
    pub(super) fn view_mark_tip(&self) -> Html {
        let shown = self.tips.tip.and_then(|t| Some((t, self.tip_text(&t)?, self.panel_shown(t.panel)?)));
        let Some((tip, text, (k, dx, dy))) = shown else {
            return html! { <p class="visually-hidden mark-live" aria-live="polite"></p> };
        };
        let (x, y) = (dx + tip.x * k, dy + tip.y * k);
        let wrap_w = self.wrap.cast::<HtmlElement>().map(|w| f64::from(w.client_width())).unwrap_or(600.0);
        let horizontal = if x > wrap_w / 2.0 {
            format!("right:{:.0}px;", (wrap_w - x - 6.0).max(0.0))
        } else {
            format!("left:{:.0}px;", (x - 6.0).max(0.0))
        };
        let style = format!("{horizontal}top:{:.0}px;", y + 14.0);
        let kind = if self.kind() == FigureKind::KillVsPower { "stack" } else { "story" };
        html! {<>
            { if tip.keyed { html! {
                <span class="mark-ring" aria-hidden="true" style={format!("left:{x:.0}px;top:{y:.0}px;")}></span>
            } } else { html!{} } }
            <div class="mark-tip" role="tooltip" style={style} data-kind={kind} data-panel={tip.panel.to_string()}
                 data-x={format!("{:.1}", tip.x * k)} data-y={format!("{:.1}", tip.y * k)}>{ text.clone() }</div>
            <p class="visually-hidden mark-live" aria-live="polite">{ text }</p>
        </>}
    }
}
