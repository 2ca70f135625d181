//! Figure B7-1's direct manipulation: the reader points at a storage layer
//! on the canvas (or picks one with ↑/↓ on the focused canvas) and clicks
//! (or presses Enter) to cause the fault that reaches it. The hit test is
//! `figures::vote::stack_layer_at`, over the bands the drawing uses; here
//! only the pointer's shown px become drawn px (the sticky stage may show
//! the canvas scaled to fit).

use web_sys::HtmlElement;
use yew::prelude::*;

use super::{Msg, VoteFigure};
use crate::figures::vote::{stack_band_css, stack_layer_at, StackFault, STACK_LAYERS};
use crate::sim::vote::Layer;
use crate::web::page_words::words;

/// The drawn width of the figure's canvas (as `VoteFigure::draw` draws it).
fn drawn_width(wrap: &NodeRef) -> Option<f64> {
    Some(f64::from(wrap.cast::<HtmlElement>()?.client_width()).max(280.0))
}

/// The canvas's shown scale (shown px per drawn px) and its offset in the wrapper.
fn shown(wrap: &NodeRef, drawn_w: f64) -> Option<(f64, f64, f64)> {
    let wrap = wrap.cast::<HtmlElement>()?;
    let canvas = wrap.query_selector("canvas").ok()??;
    let (rect, outer) = (canvas.get_bounding_client_rect(), wrap.get_bounding_client_rect());
    if rect.width() <= 0.0 {
        return None;
    }
    Some((rect.width() / drawn_w, rect.left() - outer.left(), rect.top() - outer.top()))
}

/// The layer under a pointer event, if any.
fn layer_under(wrap: &NodeRef, e: &MouseEvent) -> Option<Layer> {
    let w = drawn_width(wrap)?;
    let canvas = wrap.cast::<HtmlElement>()?.query_selector("canvas").ok()??;
    let rect = canvas.get_bounding_client_rect();
    let (scale, _, _) = shown(wrap, w)?;
    let x = (f64::from(e.client_x()) - rect.left()) / scale;
    let y = (f64::from(e.client_y()) - rect.top()) / scale;
    stack_layer_at(w, x, y)
}

/// The layer a key moves to from `from` (↑/↓ wrap around the four layers).
pub(super) fn step_layer(from: Option<Layer>, down: bool) -> Layer {
    let n = STACK_LAYERS.len();
    let i = match from.and_then(|l| STACK_LAYERS.iter().position(|x| *x == l)) {
        None if down => 0,
        None => n - 1,
        Some(i) if down => (i + 1) % n,
        Some(i) => (i + n - 1) % n,
    };
    STACK_LAYERS[i]
}

/// What pointing at `layer` offers, in the page's words.
fn tip(layer: Option<Layer>) -> String {
    let w = words();
    match layer {
        Some(l) => {
            let fault = StackFault::reaching(l).name(w);
            w.fill(w.vote.stack.offer, &[("layer", crate::words::vote::layer(w, l)), ("fault", fault)])
        }
        None => w.vote.stack.offer_none.to_string(),
    }
}

impl VoteFigure {
    /// The canvas wrapper's pointer and key handlers, for B7-1.
    pub(super) fn stack_handlers(
        &self,
        ctx: &Context<Self>,
    ) -> (Callback<MouseEvent>, Callback<MouseEvent>, Callback<MouseEvent>, Callback<KeyboardEvent>) {
        let link = ctx.link();
        let wrap = self.wrap.clone();
        let onclick = link.batch_callback(move |e: MouseEvent| {
            layer_under(&wrap, &e)
                .map(|l| vec![Msg::StackPoint(Some(l)), Msg::Hit(StackFault::reaching(l))])
                .unwrap_or_default()
        });
        let wrap = self.wrap.clone();
        let onmove = link.callback(move |e: MouseEvent| Msg::StackPoint(layer_under(&wrap, &e)));
        let onleave = link.callback(|_: MouseEvent| Msg::StackPoint(None));
        let focused = self.stack_focus;
        let onkey = link.batch_callback(move |e: KeyboardEvent| match e.key().as_str() {
            "ArrowDown" | "ArrowUp" => {
                e.prevent_default();
                vec![Msg::StackPoint(Some(step_layer(focused, e.key() == "ArrowDown")))]
            }
            "Enter" | " " => match focused {
                Some(l) => {
                    e.prevent_default();
                    vec![Msg::Hit(StackFault::reaching(l))]
                }
                None => Vec::new(),
            },
            "Escape" => vec![Msg::StackPoint(None)],
            _ => Vec::new(),
        });
        (onclick, onmove, onleave, onkey)
    }

    /// The ring over the pointed-at layer (in the wrapper, as shown) and the tip line.
    pub(super) fn view_stack_pointing(&self) -> Html {
        let ring = self.stack_focus.and_then(|l| {
            let w = drawn_width(&self.wrap)?;
            let (scale, dx, dy) = shown(&self.wrap, w)?;
            let (y0, y1) = stack_band_css(l, w)?;
            let style = format!(
                "left:{:.1}px;top:{:.1}px;width:{:.1}px;height:{:.1}px",
                dx + 2.0 * scale,
                dy + y0 * scale,
                (w - 4.0) * scale,
                (y1 - y0) * scale
            );
            Some(
                html! { <div class="stack-ring" aria-hidden="true" data-layer={format!("{l:?}")} style={style}></div> },
            )
        });
        html! {<>
            { for ring }
            <p class="stack-tip" aria-live="polite">{ tip(self.stack_focus) }</p>
        </>}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrow_keys_walk_the_four_layers_and_wrap() {
        assert_eq!(step_layer(None, true), Layer::Tx);
        assert_eq!(step_layer(None, false), Layer::Disk);
        assert_eq!(step_layer(Some(Layer::Tx), true), Layer::Committed);
        assert_eq!(step_layer(Some(Layer::Disk), true), Layer::Tx);
        assert_eq!(step_layer(Some(Layer::Tx), false), Layer::Disk);
    }
}
