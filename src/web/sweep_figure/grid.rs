//! A sweep figure's ARIA grid over its heatmap: one button per cell, added a
//! few rows per task (`SweepGrid`) so no main-thread task grows with the
//! grid, a pending row drawn as one band; arrow keys move, Enter or a click
//! opens the cell.

use gloo::timers::callback::Timeout;
use web_sys::PointerEvent;
use yew::prelude::*;

use super::super::page_words::words;
use lab_model::params::{SweepKind, SweepSpec};

pub(super) fn cell_id(kind: SweepKind, ix: usize, iy: usize) -> String {
    format!("{}-c{}-{}", kind.figure_id(), ix, iy)
}

#[derive(Properties, PartialEq, Clone)]
pub struct GridProps {
    pub spec: SweepSpec,
    pub focus: (usize, usize),
    pub style: AttrValue,
    pub on_key: Callback<KeyboardEvent>,
    pub on_focus: Callback<(usize, usize)>,
    pub on_open: Callback<(usize, usize)>,
    pub on_hover: Callback<Option<(usize, usize)>>,
}

/// The cell at an event's target (`data-ix`, `data-iy` on the button).
fn target_cell(e: &Event) -> Option<(usize, usize)> {
    let el: web_sys::Element = wasm_bindgen::JsCast::dyn_into(e.target()?).ok()?;
    let ix = el.get_attribute("data-ix")?.parse().ok()?;
    let iy = el.get_attribute("data-iy")?.parse().ok()?;
    Some((ix, iy))
}

/// The focusable cells over the heatmap: an ARIA grid with one tab stop
/// (roving tabindex) and delegated events. Its props do not change while a
/// sweep fills in, so new rows never re-render these buttons; a cell's values
/// are read out from the `…-focus` line it is described by.
pub struct SweepGrid {
    /// Rows of buttons in the DOM so far (top first); the rest follow a few
    /// at a time so that no single task builds hundreds of buttons.
    shown: usize,
    _more: Option<Timeout>,
}

/// About this many buttons are added per task.
const BUTTONS_PER_TASK: usize = 60;

pub enum GridMsg {
    More,
}

impl SweepGrid {
    fn rows_per_task(p: &GridProps) -> usize {
        (BUTTONS_PER_TASK / p.spec.xs().len().max(1)).max(1)
    }

    fn schedule(&mut self, ctx: &Context<Self>) {
        if self.shown < ctx.props().spec.ys().len() {
            let link = ctx.link().clone();
            self._more = Some(Timeout::new(0, move || link.send_message(GridMsg::More)));
        } else {
            self._more = None;
        }
    }
}

impl Component for SweepGrid {
    type Message = GridMsg;
    type Properties = GridProps;

    fn create(ctx: &Context<Self>) -> Self {
        let mut g = SweepGrid { shown: Self::rows_per_task(ctx.props()), _more: None };
        g.schedule(ctx);
        g
    }

    fn changed(&mut self, ctx: &Context<Self>, old: &GridProps) -> bool {
        if old.spec.shape() != ctx.props().spec.shape() || old.spec.kind != ctx.props().spec.kind {
            self.shown = Self::rows_per_task(ctx.props());
            self.schedule(ctx);
        }
        true
    }

    fn update(&mut self, ctx: &Context<Self>, _msg: GridMsg) -> bool {
        self.shown += Self::rows_per_task(ctx.props());
        self.schedule(ctx);
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        sweep_grid(ctx.props(), self.shown)
    }
}

fn sweep_grid(p: &GridProps, shown: usize) -> Html {
    let kind = p.spec.kind;
    let [xn, yn] = lab_words::params::axis_names(words(), kind);
    let rows = p.spec.ys().len();
    let onclick = {
        let cb = p.on_open.clone();
        Callback::from(move |e: MouseEvent| {
            if let Some(c) = target_cell(&e) {
                cb.emit(c);
            }
        })
    };
    let onfocusin = {
        let cb = p.on_focus.clone();
        Callback::from(move |e: FocusEvent| {
            if let Some(c) = target_cell(&e) {
                cb.emit(c);
            }
        })
    };
    let onpointerover = {
        let cb = p.on_hover.clone();
        Callback::from(move |e: PointerEvent| cb.emit(target_cell(&e)))
    };
    // A finger's leave follows its lift: the tapped cell's tip stays (until another cell is tapped).
    let onpointerleave = {
        let cb = p.on_hover.clone();
        Callback::from(move |e: PointerEvent| {
            if e.pointer_type() == "mouse" {
                cb.emit(None)
            }
        })
    };
    html! {
        <div class="sweep-grid" role="grid" style={p.style.clone()} {onpointerover} {onpointerleave}
            aria-label={words().fill(words().ui.sweep.grid, &[("name", lab_words::catalogue::sweep_name(words(), p.spec.variant)), ("xn", xn), ("yn", yn)])}
            onkeydown={p.on_key.clone()} {onclick} {onfocusin}>
            { for (0..rows).rev().take(shown).map(|iy| {
                let focus_ix = (p.focus.1 == iy).then_some(p.focus.0);
                html! { <SweepRow key={iy} spec={p.spec} {iy} {focus_ix} /> }
            }) }
        </div>
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct RowProps {
    pub spec: SweepSpec,
    pub iy: usize,
    /// The focused column, when the focused cell is in this row.
    pub focus_ix: Option<usize>,
}

/// One row of cell buttons; equal props skip the re-render.
#[function_component(SweepRow)]
fn sweep_row(p: &RowProps) -> Html {
    let kind = p.spec.kind;
    let [xn, yn] = lab_words::params::axis_names(words(), kind);
    let xs = p.spec.xs();
    let y = p.spec.ys()[p.iy];
    let iy = p.iy;
    let described = format!("{}-focus", kind.figure_id());
    html! {
        <div role="row" class="sweep-row">
            { for xs.iter().enumerate().map(|(ix, x)| html! {
                <button type="button" role="gridcell" class="sweep-cell" id={cell_id(kind, ix, iy)}
                    tabindex={if p.focus_ix == Some(ix) { "0" } else { "-1" }}
                    aria-label={format!("{xn} {x}, {yn} {y}")} aria-describedby={described.clone()}
                    data-ix={ix.to_string()} data-iy={iy.to_string()}
                    data-x={x.to_string()} data-y={y.to_string()}></button>
            }) }
        </div>
    }
}
