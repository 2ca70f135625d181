//! The sweep figures `sweep-ttl-pause` and `sweep-contention`: a heatmap of
//! over-approval or throughput over a grid of parameters, computed off the
//! main thread by the page's worker pool (`super::sweep_jobs`: one grid row
//! per task, so the `<progress>` bar moves per row and the main thread only
//! merges rows and redraws; finished sweeps are cached by their canonical
//! query, [`SweepSpec::key`], so coming back to a figure is instant). Each
//! cell is a button in an ARIA grid laid over the canvas (arrow keys move,
//! Enter or a click opens that cell's run summary under the map, which
//! stays, with a link to the run in the A1 timeline with the cell's
//! parameters in the URL).
//!
//! Each figure carries the export bar and the embed panel
//! (`super::export_panel::sweep_panel`), enabled once its grid is complete;
//! the export handler reads the finished grid from the cache
//! (`super::sweep_jobs::cached_result`) instead of running the sweep again.
//! In embed mode (`?embed=sweep-…&…`) the figure reads its state from the
//! embed address, leaves that address alone and opens a cell's timeline in a
//! new tab.
//!
//! Lesson mode (issue 38, `static/lesson.css`): at load the map shows its cells,
//! the controls of its lesson keys (`FigureSpec::lesson_keys`; `metric` for
//! the colour) and the lab button; the variant, the colour, the axes'
//! sliders, "all settings" and the export panel wait in the lab, which an
//! address that sets them opens (`lab=1` when the reader opened it).

mod controls;
mod grid;

use std::rc::Rc;

use controls::{slider_value, sliders, with_slider};
use grid::{cell_id, SweepGrid};

use super::canvas::paint_on;
use gloo::events::EventListener;
use gloo::timers::callback::Timeout;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::controls::{lab_panel, lesson_bar};
use super::now_ms;
use super::page_words::words;
use super::sweep_jobs::{leave, start};
use super::url::{lab_requested_here, navigate, read_sweep_figure, replace_url};
use crate::figures::sweep::{article_point, draw_heatmap_in, heat_height_css, heat_layout};
use crate::figures::View;
use lab_model::catalogue;
use lab_model::params::{SweepKind, SweepMetric, SweepSpec};
use lab_model::permalink;
use lab_model::sweep::SweepResult;
use lab_words::analysis::{sweep_cell, sweep_cell_widest, sweep_description};
use lab_words::ui::SweepProgress;

// ---------------------------------------------------------------------------
// Following a cell

/// Scrolls to element `id` once the chapter that holds it has rendered.
fn scroll_when_present(id: &'static str, tries: u32) {
    if let Some(el) = gloo::utils::document().get_element_by_id(id) {
        el.scroll_into_view();
        return;
    }
    if tries > 0 {
        Timeout::new(100, move || scroll_when_present(id, tries - 1)).forget();
    }
}

// ---------------------------------------------------------------------------
// The component

#[derive(Properties, PartialEq, Clone)]
pub struct SweepProps {
    pub kind_id: AttrValue,
    pub chapter: AttrValue,
}

pub enum Msg {
    Rows(Rc<SweepResult>),
    /// A slider moved (shown, not yet run).
    Draft(usize, u32),
    /// A slider was released: run.
    Commit(usize, u32),
    Variant(String),
    Metric(String),
    Focus(usize, usize),
    Key(KeyboardEvent),
    Open(usize, usize),
    /// Follow the opened cell's link: its run in the A1 timeline.
    FollowOpened,
    /// Close the opened cell's panel (the focus returns to its button).
    CloseOpened,
    /// The pointer is over a cell (`None`: it left the grid).
    Hover(Option<(usize, usize)>),
    Resize,
    /// The plot's width was measured while drawing: lay the cell buttons out at it.
    Measured,
    /// The reader opened (true) or closed the map's lab.
    Lab(bool),
}

pub struct SweepFigure {
    kind: SweepKind,
    spec: SweepSpec,
    metric: SweepMetric,
    notices: Vec<String>,
    result: Rc<SweepResult>,
    cached: bool,
    started_ms: f64,
    elapsed_ms: Option<f64>,
    focus: (usize, usize),
    focus_pending: bool,
    scroll_pending: bool,
    /// Slider values while dragging (index into `sliders()`).
    draft: Vec<u32>,
    canvas: NodeRef,
    wrap: NodeRef,
    width_css: f64,
    _resize: Option<EventListener>,
    /// The reader's colour scheme changed: draw again in its palette.
    _theme: EventListener,
    /// Created once, so the grid's props stay equal while rows arrive.
    on_key: Callback<KeyboardEvent>,
    on_focus: Callback<(usize, usize)>,
    on_open: Callback<(usize, usize)>,
    on_hover: Callback<Option<(usize, usize)>>,
    /// The cell under the pointer, whose values show in a tip beside it.
    hover: Option<(usize, usize)>,
    /// The cell opened (click or Enter): its run's summary shows under the map, with a link to the run.
    opened: Option<(usize, usize)>,
    /// The map's lab is open.
    lab: bool,
}

impl SweepFigure {
    fn owner(&self) -> &'static str {
        self.kind.figure_id()
    }

    fn run(&mut self, ctx: &Context<Self>) {
        let (result, cached) = start(self.owner(), self.spec, ctx.link().callback(Msg::Rows));
        self.cached = cached;
        self.elapsed_ms = if cached { Some(0.0) } else { None };
        self.started_ms = now_ms();
        self.result = result;
        self.draft = sliders(self.kind).iter().map(|s| slider_value(&self.spec, s.name)).collect();
        let (rows, cols) = self.spec.shape();
        self.focus = (self.focus.0.min(cols - 1), self.focus.1.min(rows - 1));
    }

    /// What `lab figure ID --params` takes for this state: the sweep's query, then its colour.
    fn export_params(&self) -> String {
        let mut q = self.spec.key();
        if self.metric != SweepMetric::OverApproval {
            q.push_str(&format!("&metric={}", self.metric.key()));
        }
        q
    }

    /// The map's address: its grid and colour, then `lab=1` while the lab
    /// is open (the last of the site's view keys, so the canonical form).
    fn permalink(&self, ctx: &Context<Self>) -> String {
        let mut s = permalink::sweep_figure(&ctx.props().chapter, &self.spec, self.metric);
        if self.lab {
            s.push_str("&lab=1");
        }
        s
    }

    fn write_url(&self, ctx: &Context<Self>) {
        replace_url(&self.permalink(ctx));
    }

    fn draw(&mut self) {
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else { return };
        if self.width_css <= 0.0 {
            let Some(wrap) = self.wrap.cast::<HtmlElement>() else { return };
            self.width_css = f64::from(wrap.client_width()).max(280.0);
        }
        let (rows, cols) = self.spec.shape();
        let css_w = self.width_css;
        let css_h = heat_height_css(css_w, rows, cols);
        let dpr = super::device_pixel_ratio();
        let view = View { scale: dpr, ..View::default() };
        let _ = paint_on(&canvas, css_w, css_h, dpr, |root| {
            draw_heatmap_in(root, &self.result, self.metric, Some(self.focus), &view, words())
        });
    }

    fn grid_style(&self) -> String {
        let (rows, cols) = self.spec.shape();
        let w = if self.width_css > 0.0 { self.width_css } else { 600.0 };
        let l = heat_layout(w, heat_height_css(w, rows, cols));
        format!(
            "left:{:.1}px;top:{:.1}px;width:{:.1}px;height:{:.1}px;grid-template-columns:repeat({cols},1fr);grid-template-rows:repeat({rows},1fr)",
            l.left, l.top, l.width, l.height
        )
    }

    /// The opened cell's panel: its run summary and the link to the full run.
    fn view_opened(&self, ctx: &Context<Self>) -> Html {
        let Some((ix, iy)) = self.opened else { return html! {} };
        let follow = ctx.link().callback(|e: MouseEvent| {
            e.prevent_default();
            Msg::FollowOpened
        });
        html! {
            <section class="sweep-opened" aria-label={words().ui.sweep.opened} data-ix={ix.to_string()} data-iy={iy.to_string()}>
                <p class="sweep-opened-summary">{ sweep_cell(words(), &self.result, ix, iy) }</p>
                <div class="controls-row">
                    <a class="btn btn-primary sweep-opened-link" href={permalink::sweep_cell(&self.spec, ix, iy)} onclick={follow}>{ words().ui.sweep.open_run }</a>
                    <button type="button" class="btn" onclick={ctx.link().callback(|_| Msg::CloseOpened)}>{ words().ui.sweep.close }</button>
                </div>
            </section>
        }
    }

    fn cell_id(&self, ix: usize, iy: usize) -> String {
        cell_id(self.kind, ix, iy)
    }

    /// The map's legend: every kind of mark it draws now, and the article's setting when it lies on the grid.
    fn view_heat_legend(&self) -> Html {
        let w = &words().ui.sweep;
        let colour = match self.metric {
            SweepMetric::OverApproval => w.colour_over,
            SweepMetric::Throughput => w.colour_throughput,
        };
        let swatch = match self.metric {
            SweepMetric::OverApproval => "lg heat-over",
            SweepMetric::Throughput => "lg heat-thr",
        };
        let dot = self.result.cells().any(|(_, _, c)| c.over_max > 0 && c.over_mean < 0.5);
        let pending = !self.result.is_complete();
        let article = article_point(&self.spec);
        let axes = lab_words::params::axis_names(words(), self.kind);
        // An item whose mark may come or go while the grid fills keeps its
        // line, unseen and unread, when the map does not draw it: the legend
        // keeps its height, so the controls under the stage never jump.
        let item = |key: &'static str, swatch: &'static str, text: &'static str, drawn: bool| {
            html! {
                <li data-legend={key} class={classes!((!drawn).then_some("lg-reserved"))} aria-hidden={(!drawn).then_some("true")}>
                    <span class={classes!("lg", swatch)} aria-hidden="true"></span>{ text }
                </li>
            }
        };
        html! {
            <ul class="legend heat-legend" aria-label={words().ui.lab.legend}>
                <li data-legend="heat"><span class={swatch} aria-hidden="true"></span>{ colour }</li>
                { if self.metric == SweepMetric::OverApproval {
                    item("heat-dot", "heat-dot", w.dot, dot)
                } else { html!{} } }
                { item("heat-pending", "heat-pending", w.pending, pending) }
                <li data-legend="heat-focus"><span class="lg heat-focus" aria-hidden="true"></span>{ w.focus_outline }</li>
                { match article { Some(p) => html! {
                    <li data-legend="article-point"><span class="lg heat-article" aria-hidden="true"></span>
                        { words().fill(w.article_point, &[
                            ("label", words().legend.sweep_article_point),
                            ("preset", lab_words::catalogue::preset_name(words(), self.spec.variant)),
                            ("measurement", p.measurement_id),
                            ("x_name", axes[0]),
                            ("x", &p.x.to_string()),
                            ("y_name", axes[1]),
                            ("y", &p.y.to_string()),
                        ]) }</li>
                }, None => html!{} } }
            </ul>
        }
    }

    /// The hovered cell's values, in a tip beside it (the map stays; nothing navigates).
    fn view_hover_tip(&self) -> Html {
        let Some((ix, iy)) = self.hover else { return html! {} };
        let (rows, cols) = self.spec.shape();
        let w = if self.width_css > 0.0 { self.width_css } else { 600.0 };
        let l = heat_layout(w, heat_height_css(w, rows, cols));
        let cell_w = l.width / cols.max(1) as f64;
        let cell_h = l.height / rows.max(1) as f64;
        // Rows are drawn with the largest y on top.
        let (cx, top) = (l.left + (ix as f64 + 0.5) * cell_w, l.top + (rows - 1 - iy.min(rows - 1)) as f64 * cell_h);
        let side =
            if cx > w / 2.0 { format!("right:{:.0}px;", (w - cx).max(0.0)) } else { format!("left:{:.0}px;", cx) };
        let style = format!("{side}top:{:.0}px;", top + cell_h + 4.0);
        let cell = self.result.cell(ix, iy);
        html! {
            <div class="mark-tip sweep-tip" role="tooltip" style={style} data-ix={ix.to_string()} data-iy={iy.to_string()}
                data-over-mean={cell.map(|c| c.over_mean.to_string())} data-thr-mean={cell.map(|c| c.thr_mean.to_string())}>
                { sweep_cell(words(), &self.result, ix, iy) }
            </div>
        }
    }
}

impl Component for SweepFigure {
    type Message = Msg;
    type Properties = SweepProps;

    fn create(ctx: &Context<Self>) -> Self {
        let kind = SweepKind::from_figure_id(&ctx.props().kind_id).unwrap_or(SweepKind::TtlPause);
        let (spec, metric, notices, targeted) = read_sweep_figure(kind);
        let link = ctx.link().clone();
        let resize = EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Resize));
        let link = ctx.link().clone();
        let theme = super::on_theme_change(move || link.send_message(Msg::Resize));
        let mut f = SweepFigure {
            kind,
            spec,
            metric,
            notices,
            result: Rc::new(SweepResult::empty(spec)),
            cached: false,
            started_ms: 0.0,
            elapsed_ms: None,
            focus: (0, 0),
            focus_pending: false,
            scroll_pending: targeted && !super::embed::active(),
            draft: Vec::new(),
            canvas: NodeRef::default(),
            wrap: NodeRef::default(),
            width_css: 0.0,
            _resize: Some(resize),
            _theme: theme,
            on_key: ctx.link().callback(Msg::Key),
            on_focus: ctx.link().callback(|(ix, iy)| Msg::Focus(ix, iy)),
            on_open: ctx.link().callback(|(ix, iy)| Msg::Open(ix, iy)),
            on_hover: ctx.link().callback(Msg::Hover),
            hover: None,
            opened: None,
            lab: lab_requested_here(lab_model::registry::sweep_figure(kind), &ctx.props().chapter),
        };
        f.run(ctx);
        f
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Rows(r) => {
                if r.spec != self.spec {
                    return false;
                }
                if r.is_complete() && self.elapsed_ms.is_none() {
                    self.elapsed_ms = Some(now_ms() - self.started_ms);
                }
                self.result = r;
            }
            Msg::Draft(i, v) => {
                if let Some(d) = self.draft.get_mut(i) {
                    *d = v;
                }
            }
            Msg::Commit(i, v) => {
                let Some(s) = sliders(self.kind).into_iter().nth(i) else { return false };
                let next = with_slider(&self.spec, s.name, v);
                if next == self.spec {
                    self.draft = sliders(self.kind).iter().map(|s| slider_value(&self.spec, s.name)).collect();
                    return true;
                }
                self.spec = next;
                self.notices.clear();
                self.run(ctx);
                self.write_url(ctx);
            }
            Msg::Variant(key) => {
                let Some(v) = catalogue::sweep_preset(&key) else { return false };
                self.spec.variant = v;
                self.notices.clear();
                self.run(ctx);
                self.write_url(ctx);
            }
            Msg::Metric(key) => {
                let Some(m) = SweepMetric::from_key(&key) else { return false };
                self.metric = m;
                self.write_url(ctx);
            }
            Msg::Focus(ix, iy) => {
                if self.focus == (ix, iy) {
                    return false;
                }
                self.focus = (ix, iy);
            }
            Msg::Key(e) => {
                let (rows, cols) = self.spec.shape();
                let (mut ix, mut iy) = self.focus;
                match e.key().as_str() {
                    "ArrowLeft" => ix = ix.saturating_sub(1),
                    "ArrowRight" => ix = (ix + 1).min(cols - 1),
                    // Rows are drawn with the largest y on top.
                    "ArrowUp" => iy = (iy + 1).min(rows - 1),
                    "ArrowDown" => iy = iy.saturating_sub(1),
                    "Home" => ix = 0,
                    "End" => ix = cols - 1,
                    _ => return false,
                }
                e.prevent_default();
                self.focus = (ix, iy);
                self.focus_pending = true;
            }
            Msg::Open(ix, iy) => {
                // The map stays: the cell's summary opens under it, with a link to its run.
                self.opened = Some((ix, iy));
                self.focus = (ix, iy);
            }
            Msg::FollowOpened => {
                let Some((ix, iy)) = self.opened else { return false };
                let search = permalink::sweep_cell(&self.spec, ix, iy);
                if super::embed::active() {
                    // Embedded: the host's frame keeps the map; the timeline opens beside it.
                    let _ = gloo::utils::window().open_with_url_and_target(&search, "_blank");
                    return false;
                }
                // Back returns to this map, scrolled to it, with the same grid (cached: no rerun).
                self.write_url(ctx);
                navigate(&search);
                scroll_when_present(permalink::sweep_cell_figure().id, 50);
                return false;
            }
            Msg::CloseOpened => {
                self.opened = None;
                self.focus_pending = true;
            }
            Msg::Hover(cell) => {
                if self.hover == cell {
                    return false;
                }
                self.hover = cell;
            }
            Msg::Resize => {
                self.width_css = 0.0;
            }
            Msg::Measured => {}
            Msg::Lab(open) => {
                self.lab = open;
                self.write_url(ctx);
            }
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        // The cell buttons were laid out for the last width known; a new
        // measure (first draw, a resize) renders them again at the plot's.
        let measuring = self.width_css <= 0.0;
        self.draw();
        if measuring && self.width_css > 0.0 {
            ctx.link().send_message(Msg::Measured);
        }
        if self.focus_pending {
            self.focus_pending = false;
            if let Some(el) = gloo::utils::document().get_element_by_id(&self.cell_id(self.focus.0, self.focus.1)) {
                if let Ok(el) = wasm_bindgen::JsCast::dyn_into::<HtmlElement>(el) {
                    let _ = el.focus();
                }
            }
        }
        if self.scroll_pending {
            self.scroll_pending = false;
            super::takeover::scroll_into_view(self.kind.figure_id());
        }
    }

    fn destroy(&mut self, _ctx: &Context<Self>) {
        leave(self.owner());
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let fid = self.kind.figure_id();
        let (rows, _cols) = self.spec.shape();
        let done = self.result.rows_done();
        let complete = self.result.is_complete();
        let failed = !complete && super::sweep_jobs::failed(&super::sweep_jobs::cache_key(&self.spec));
        let status = lab_words::ui::sweep_status(
            words(),
            SweepProgress {
                failed,
                complete,
                cached: self.cached,
                elapsed_ms: self.elapsed_ms,
                runs: self.spec.runs(),
                done,
                rows,
            },
        );
        let w = &words().ui.sweep;
        let variant_cb = link.callback(|e: Event| {
            let s: HtmlSelectElement = e.target_unchecked_into();
            Msg::Variant(s.value())
        });
        let metric_cb = link.callback(|e: Event| {
            let s: HtmlSelectElement = e.target_unchecked_into();
            Msg::Metric(s.value())
        });
        let figure = lab_model::registry::sweep_figure(self.kind);
        let lesson = |key: &str| figure.lesson_keys.contains(&key);
        let slider_specs = sliders(self.kind);
        let main_count = figure.main_keys.len();
        let mut shown: Vec<(bool, Html)> = slider_specs.iter().enumerate().map(|(i, s)| {
            let id = format!("{fid}-{}", s.name);
            let value = self.draft.get(i).copied().unwrap_or_else(|| slider_value(&self.spec, s.name));
            let oninput = link.callback(move |e: InputEvent| {
                let el: HtmlInputElement = e.target_unchecked_into();
                Msg::Draft(i, el.value().parse().unwrap_or(0))
            });
            let onchange = link.callback(move |e: Event| {
                let el: HtmlInputElement = e.target_unchecked_into();
                Msg::Commit(i, el.value().parse().unwrap_or(0))
            });
            (lesson(s.name), html! {
                <div class="ctl ctl-range">
                    <label for={id.clone()}>
                        <span class="ctl-name">{ s.label }</span>
                        <output for={id.clone()} class="ctl-value">{ format!("{value} {}", s.unit).trim_end().to_string() }</output>
                    </label>
                    <input type="range" id={id} name={s.name} min={s.min.to_string()} max={s.max.to_string()} step={s.step.to_string()}
                        value={value.to_string()} aria-valuetext={format!("{value} {}", s.unit).trim_end().to_string()} {oninput} {onchange} />
                </div>
            })
        }).collect();
        let more = shown.split_off(main_count.min(shown.len()));
        let (lesson_sliders, lab_sliders): (Vec<_>, Vec<_>) = shown.into_iter().partition(|(l, _)| *l);
        let variant = html! {
            <div class="ctl ctl-choice">
                <label for={format!("{fid}-variant")}><span class="ctl-name">{ w.variant }</span></label>
                <select id={format!("{fid}-variant")} name="variant" onchange={variant_cb}>
                    { for catalogue::sweep_presets().map(|p| html! { <option value={p.sweep_word} selected={p.preset == self.spec.variant}>{ lab_words::catalogue::sweep_name(words(), p.preset) }</option> }) }
                </select>
            </div>
        };
        let metric = html! {
            <div class="ctl ctl-choice">
                <label for={format!("{fid}-metric")}><span class="ctl-name">{ w.metric }</span></label>
                <select id={format!("{fid}-metric")} name="metric" onchange={metric_cb}>
                    { for [SweepMetric::OverApproval, SweepMetric::Throughput].iter().map(|m| html! { <option value={m.key()} selected={*m == self.metric}>{ lab_words::params::sweep_metric_name(words(), *m) }</option> }) }
                </select>
            </div>
        };
        let (variant_lesson, metric_lesson) = (lesson("variant"), lesson("metric"));
        let open = self.lab;
        html! {
            <figure id={fid} class="lab-figure has-stage sweep-figure" aria-describedby={format!("{fid}-desc")}
                data-state={if complete { "done" } else if failed { "failed" } else { "running" }} data-cached={self.cached.to_string()}
                data-sweep-key={self.spec.key()} data-metric={self.metric.key()}>
                { if self.notices.is_empty() { html!{} } else { html! {
                    <div class="notice" role="status">{ for self.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } }
                <div class="figure-stage">
                    <div class="sweep-plot" ref={self.wrap.clone()}>
                        <canvas ref={self.canvas.clone()} aria-hidden="true"></canvas>
                        <SweepGrid spec={self.spec} focus={self.focus} style={self.grid_style()}
                            on_key={self.on_key.clone()} on_focus={self.on_focus.clone()} on_open={self.on_open.clone()} on_hover={self.on_hover.clone()} />
                        { self.view_hover_tip() }
                    </div>
                    { self.view_heat_legend() }
                </div>
                <div class="figure-side">
                // The longest answer this cell can have lies unseen under the
                // one shown, so the line keeps its height when the answer comes.
                <p class="sweep-focus-room">
                    <span id={format!("{fid}-focus")} class="sweep-focus" aria-live="polite">{ words().fill(w.focus, &[("cell", &sweep_cell(words(), &self.result, self.focus.0, self.focus.1))]) }</span>
                    <span class="room" aria-hidden="true">{ words().fill(w.focus, &[("cell", &sweep_cell_widest(words(), &self.result, self.focus.0, self.focus.1))]) }</span>
                </p>
                { self.view_opened(ctx) }
                <div class="sweep-progress">
                    <label for={format!("{fid}-progress")}>{ w.progress }</label>
                    <progress id={format!("{fid}-progress")} max={rows.to_string()} value={done.to_string()}>{ format!("{done}/{rows}") }</progress>
                    <span class="sweep-status" role="status" aria-live="polite">{ status }</span>
                </div>
                { lesson_bar(fid, self.lab, link.callback(move |_| Msg::Lab(!open)), html! {<>
                    { if variant_lesson { variant.clone() } else { html!{} } }
                    { if metric_lesson { metric.clone() } else { html!{} } }
                    { for lesson_sliders.into_iter().map(|(_, h)| h) }
                </>}) }
                { lab_panel(fid, figure.number, self.lab, html! {<>
                    <div class="controls sweep-controls">
                        <div class="controls-row">
                            { if variant_lesson { html!{} } else { variant } }
                            { if metric_lesson { html!{} } else { metric } }
                        </div>
                        <div class="controls-row sweep-sliders">
                            { for lab_sliders.into_iter().map(|(_, h)| h) }
                        </div>
                        <details class="all-settings">
                            <summary>{ words().ui.lab.all_settings }</summary>
                            <div class="controls-row sweep-sliders">
                                { for more.into_iter().map(|(_, h)| h) }
                            </div>
                        </details>
                    </div>
                    { super::export_panel::sweep_panel(fid, self.export_params(), self.permalink(ctx), complete) }
                </>}) }
                </div>
                <p id={format!("{fid}-desc")} class="sweep-alt">{ sweep_description(words(), &self.result) }</p>
                <figcaption>{ lab_words::catalogue::caption(words(), figure) }</figcaption>
            </figure>
        }
    }
}
