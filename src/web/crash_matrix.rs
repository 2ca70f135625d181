//! Figure B2 `crash-matrix`: every crash cut of one signed action, for all 12
//! variants, computed in the browser by `crate::sim::vote::matrix` (the same
//! function `lab crashpoints` prints), in the lazily loaded `figures` module
//! (`super::lazy_figures`), which the component loads on its first render.
//! Rows are variants, columns are the pipeline's events (aligned by
//! `figures::vote::matrix_grid`), headed by their names in the page's words, written
//! vertically, with the code name (e.g. `INTERRUPT@COMMIT`) in the title.
//! Each cell is split into a process-kill button and a power-loss button,
//! coloured and labelled safe / unsafe / fenced with "k/n" unsafe sub-cuts.
//! At 1280 px every column shows; on a narrower screen the table scrolls
//! inside its own box (which is also the containing block of its visually
//! hidden spans, so the document never scrolls sideways), with its first
//! column and header row sticky and a visible cue while columns are hidden.
//! In an embed (someone else's page, often a narrow frame) the table opens
//! scrolled to its first decisive column, the first where the variants'
//! verdicts differ ([`decisive_columns`]): the columns before it are the
//! same for every variant, and at 600 px they hid every red cell.
//! Activating a half-cell opens figure B1 (`vote-story`) at exactly that
//! (variant, cut, fault), after writing the matrix into the history entry it
//! leaves, so Back returns to the matrix.
//!
//! The raw rows are exposed as `data-matrix-json` on the figure so the
//! end-to-end test can compare them with `lab crashpoints --format json`.
//!
//! Lesson mode (issue 38, `static/lesson.css`): at load the map shows the
//! switches of its lesson keys (`FigureSpec::lesson_keys`) and the lab
//! button; the other switch and the share panel wait in the lab, which opens when
//! the address sets them (`permalink::lab_requested`) and writes `lab=1`.

use yew::prelude::*;

use super::controls::{lab_panel, lesson_bar};
use super::lazy_figures::{self, FiguresModule};
use super::url::{lab_requested_here, navigate, read_vote_figure, replace_url};
use crate::figures::vote::{HalfCell, MatrixGrid, MatrixView};
use crate::sim::vote::{StoreProfile, Variant, Verdict, VoteConfig};
use crate::web::page_words::words;
use crate::words::catalogue;
use crate::words::notices::site_notice;
use crate::words::vote as vote_words;
use lab_model::{permalink, registry};

#[derive(Properties, PartialEq, Clone)]
pub struct CrashMatrixProps {
    pub chapter: AttrValue,
}

pub enum Msg {
    /// The `figures` module arrived (or could not).
    Loaded(Result<FiguresModule, String>),
    Profile(String),
    Device(bool),
    Open(usize, u32, usize),
    /// The table's scroll box moved or was laid out: which edges hide more.
    Scrolled,
    /// The reader opened (true) or closed the map's lab.
    Lab(bool),
}

pub struct CrashMatrix {
    profile: StoreProfile,
    device_honours_sync: bool,
    notices: Vec<String>,
    module: Option<FiguresModule>,
    /// Why the module or the map could not be had (shown instead of the table).
    failure: Option<String>,
    /// The map the module computed, once it has.
    view: Option<MatrixView>,
    scroll_pending: bool,
    /// The table's scroll box, and whether more of the table lies beyond its
    /// left or right edge (the visible scroll cue).
    wrap: NodeRef,
    more: (bool, bool),
    /// A resize can hide or show columns: the cue follows.
    _resize: gloo::events::EventListener,
    /// The map's lab is open.
    lab: bool,
    /// An embed's table still has to be scrolled to its first decisive column.
    to_decisive: bool,
}

/// The columns (indices into `grid.events`) where the variants' verdicts
/// differ: some variant's kill or power half of the column has another
/// verdict than another's. Variants without the column's event do not count.
pub fn decisive_columns(grid: &MatrixGrid) -> Vec<usize> {
    (0..grid.events.len())
        .filter(|&ci| {
            let mut verdicts = grid.rows.iter().filter_map(|row| row.cells.get(ci).and_then(Option::as_ref));
            let Some([k0, p0]) = verdicts.next() else { return false };
            verdicts.any(|[k, p]| k.verdict != k0.verdict || p.verdict != p0.verdict)
        })
        .collect()
}

impl CrashMatrix {
    /// Computes the map again in the module (nothing before it is loaded).
    fn recompute(&mut self) {
        let Some(module) = &self.module else { return };
        match lazy_figures::crash_matrix(module, self.profile, self.device_honours_sync) {
            Ok(view) => self.view = Some(view),
            Err(e) => {
                self.view = None;
                self.failure = Some(words().fill(words().vote.crash_map.failed, &[("error", &e.to_string())]));
            }
        }
    }

    fn config(&self) -> VoteConfig {
        VoteConfig { profile: self.profile, device_honours_sync: self.device_honours_sync, ..VoteConfig::default() }
    }

    fn permalink(&self, chapter: &str) -> String {
        permalink::vote_figure(chapter, "crash-matrix", &self.config(), None, false, self.lab)
    }

    fn write_url(&self, chapter: &str) {
        replace_url(&self.permalink(chapter));
    }

    /// The figure's registry row.
    fn spec() -> &'static registry::FigureSpec {
        registry::figure("crash-matrix").expect("the registry has crash-matrix")
    }

    /// Until the `figures` module has computed the map: a line saying it is on its way, or why it is not.
    fn view_loading(&self) -> Html {
        match &self.failure {
            Some(why) => html! { <p class="notice figure-loading" role="alert">{ why.clone() }</p> },
            None => html! { <p class="figure-loading" role="status">{ words().vote.crash_map.computing }</p> },
        }
    }

    /// Whether the table's scroll box hides columns to its left and to its right.
    fn overflow(&self) -> (bool, bool) {
        let Some(el) = self.wrap.cast::<web_sys::Element>() else { return (false, false) };
        let (left, width, inner) = (el.scroll_left(), el.scroll_width(), el.client_width());
        (left > 1, left + inner < width - 1)
    }

    /// Scrolls the table (when it is wider than its box) so that its first
    /// decisive column stands right of the sticky row heads (`js/embed.js`).
    fn scroll_to_decisive(&self) {
        let (Some(wrap), Some(view)) = (self.wrap.cast::<web_sys::Element>(), &self.view) else { return };
        if let Some(&first) = decisive_columns(&view.grid).first() {
            super::embed::scroll_to_column(&wrap, first as u32);
        }
    }

    fn cell_class(v: Verdict) -> &'static str {
        match v {
            Verdict::Safe => "cm-safe",
            Verdict::Unsafe => "cm-unsafe",
            Verdict::Fenced => "cm-fenced",
        }
    }

    fn cue(v: Verdict) -> &'static str {
        match v {
            Verdict::Safe => "✓",
            Verdict::Unsafe => "✗",
            Verdict::Fenced => "■",
        }
    }
}

impl Component for CrashMatrix {
    type Message = Msg;
    type Properties = CrashMatrixProps;

    fn create(ctx: &Context<Self>) -> Self {
        let url = read_vote_figure("crash-matrix");
        let cfg = url.config.clone().unwrap_or_default();
        lazy_figures::load(ctx.link().callback(Msg::Loaded));
        let link = ctx.link().clone();
        let resize = gloo::events::EventListener::new(&gloo::utils::window(), "resize", move |_| {
            link.send_message(Msg::Scrolled)
        });
        CrashMatrix {
            profile: cfg.profile,
            device_honours_sync: cfg.device_honours_sync,
            notices: url.notices,
            module: None,
            failure: None,
            view: None,
            scroll_pending: url.targeted,
            wrap: NodeRef::default(),
            more: (false, false),
            _resize: resize,
            lab: lab_requested_here(Self::spec(), &ctx.props().chapter),
            to_decisive: super::embed::active(),
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::Loaded(Ok(module)) => {
                self.module = Some(module);
                self.recompute();
            }
            Msg::Loaded(Err(why)) => self.failure = Some(why),
            Msg::Profile(key) => {
                match StoreProfile::from_key(&key) {
                    Some(p) => self.profile = p,
                    None => {
                        self.notices = vec![site_notice(
                            words(),
                            &lab_model::params::Notice::Ignored {
                                key: "profile".into(),
                                given: key,
                                reason: lab_model::params::IgnoreReason::NotOneOf {
                                    allowed: StoreProfile::ALL.map(StoreProfile::key).join("|"),
                                },
                            },
                        )]
                    }
                }
                self.recompute();
                self.write_url(&ctx.props().chapter);
            }
            Msg::Device(b) => {
                self.device_honours_sync = b;
                self.recompute();
                self.write_url(&ctx.props().chapter);
            }
            Msg::Open(row, cut, fault_idx) => {
                let (Some(module), Some(view)) = (&self.module, &self.view) else { return false };
                let Some(r) = view.grid.rows.get(row) else { return false };
                let fault = crate::sim::vote::FaultKind::ALL[fault_idx.min(1)];
                let story = lazy_figures::crash_story_config(
                    module,
                    self.profile,
                    self.device_honours_sync,
                    r.variant,
                    cut,
                    fault,
                );
                if let Some(cfg) = story {
                    // The entry we leave names the matrix, so Back comes here
                    // again (the component scrolls to a targeted figure).
                    self.write_url(&ctx.props().chapter);
                    let story = registry::figure("vote-story").expect("the registry has vote-story");
                    navigate(&permalink::vote_figure(story.chapter, story.id, &cfg, None, false, false));
                }
                return false;
            }
            Msg::Scrolled => {
                let more = self.overflow();
                if more == self.more {
                    return false;
                }
                self.more = more;
            }
            Msg::Lab(open) => {
                self.lab = open;
                self.write_url(&ctx.props().chapter);
            }
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        if self.to_decisive && self.view.is_some() {
            self.to_decisive = false;
            self.scroll_to_decisive();
        }
        if self.overflow() != self.more {
            ctx.link().send_message(Msg::Scrolled);
        }
        if self.scroll_pending {
            self.scroll_pending = false;
            super::takeover::scroll_into_view("crash-matrix");
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let profile_cb = link.callback(|e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::Profile(s.value())
        });
        let device_cb = link.callback(|e: Event| {
            let i: web_sys::HtmlInputElement = e.target_unchecked_into();
            Msg::Device(!i.checked())
        });
        let half = |ri: usize, c: &HalfCell, event: &str, variant: Variant| -> Html {
            let fault_idx = if c.fault == crate::sim::vote::FaultKind::Kill { 0 } else { 1 };
            let cut = c.cut;
            let onclick = link.callback(move |_| Msg::Open(ri, cut, fault_idx));
            let w = words();
            let risk = if c.unsafe_subcuts > 0 {
                w.fill(w.vote.crash_map.risk, &[("n", &c.subcuts.to_string()), ("k", &c.unsafe_subcuts.to_string())])
            } else {
                String::new()
            };
            let label = w.fill(
                w.vote.crash_map.cell,
                &[
                    ("variant", catalogue::vote_variant(w, variant)),
                    ("code", variant.code()),
                    ("event", &vote_words::event(w, event)),
                    ("fault", catalogue::fault(w, c.fault)),
                    ("verdict", vote_words::verdict(w, c.verdict)),
                    ("risk", &risk),
                ],
            );
            let title = format!("{label} [{event}]");
            html! {
                <button type="button" class={classes!("cm-half", Self::cell_class(c.verdict), if fault_idx == 0 { "cm-kill" } else { "cm-power" })}
                    aria-label={label} {title}
                    data-variant={variant.code()} data-event={event.to_string()} data-fault={c.fault.key()} data-verdict={c.verdict.key()} data-cut={c.cut.to_string()}
                    {onclick}>
                    <span class="cm-cue" aria-hidden="true">{ Self::cue(c.verdict) }</span>
                    { if c.unsafe_subcuts > 0 { html! {
                        <span class="cm-k" aria-hidden="true"><span>{ c.unsafe_subcuts }</span><span>{ format!("/{}", c.subcuts) }</span></span>
                    } } else { html!{} } }
                </button>
            }
        };
        let onscroll = link.callback(|_: Event| Msg::Scrolled);
        let open = self.lab;
        let lesson = |key: &str| Self::spec().lesson_keys.contains(&key);
        let profile = html! {
            <div class="ctl ctl-choice">
                <label for="crash-matrix-profile"><span class="ctl-name">{ words().vote.crash_map.profile }</span></label>
                <select id="crash-matrix-profile" name="profile" onchange={profile_cb}>
                    { for StoreProfile::ALL.iter().map(|p| html! { <option value={p.key()} selected={*p == self.profile}>{ vote_words::profile(words(), *p) }</option> }) }
                </select>
            </div>
        };
        let device = html! {
            <div class="ctl ctl-flag">
                <input type="checkbox" id="crash-matrix-device" name="device_honours_sync" checked={!self.device_honours_sync} onchange={device_cb} />
                <label for="crash-matrix-device">{ words().vote.page.device_ignores_sync }</label>
            </div>
        };
        let map = &words().vote.crash_map;
        let sync = if self.device_honours_sync { map.sync_kept } else { map.sync_ignored };
        html! {
            <figure id="crash-matrix" class="lab-figure vote-figure vote-b2" aria-describedby="crash-matrix-desc" data-matrix-json={self.view.as_ref().map(|v| v.rows_json.clone())}
                data-awaiting-module={(self.view.is_none() && self.failure.is_none()).then_some("")}>
                { if self.notices.is_empty() { html!{} } else { html! {
                    <div class="notice" role="status">{ for self.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } }
                { lesson_bar("crash-matrix", self.lab, link.callback(move |_| Msg::Lab(!open)), html! {<>
                    { if lesson("profile") { profile.clone() } else { html!{} } }
                    { if lesson("device_honours_sync") { device.clone() } else { html!{} } }
                </>}) }
                { lab_panel("crash-matrix", Self::spec().number, self.lab, html! {<>
                    <div class="controls">
                        <div class="controls-row">
                            { if lesson("profile") { html!{} } else { profile } }
                            { if lesson("device_honours_sync") { html!{} } else { device } }
                        </div>
                    </div>
                    { super::export_panel::share_only("crash-matrix", self.permalink(&ctx.props().chapter)) }
                </>}) }
                <ul class="legend cm-legend" aria-label={map.legend}>
                    <li><span class="cm-sw cm-safe">{ "✓" }</span>{ map.safe }</li>
                    <li><span class="cm-sw cm-unsafe">{ "✗" }</span>{ map.unsafe_vote }</li>
                    <li><span class="cm-sw cm-fenced">{ "■" }</span>{ map.fenced }</li>
                    <li>{ map.halves }</li>
                </ul>
                { match &self.view {
                    Some(view) => html! {<>
                    <p class="cm-caption">{ words().fill(map.caption, &[("profile", vote_words::profile(words(), self.profile)), ("sync", sync), ("n", &view.cases.to_string())]) }</p>
                    <p class={classes!("cm-cue-line", (!self.more.1 && !self.more.0).then_some("cm-cue-off"))} aria-hidden="true">
                        { if self.more.1 { map.more_right } else { map.more_left } }
                    </p>
                    <div class={classes!("cm-frame", self.more.0.then_some("cm-more-left"), self.more.1.then_some("cm-more-right"))}>
                    <div class="table-wrap cm-wrap" tabindex="0" ref={self.wrap.clone()} {onscroll}
                        aria-label={words().fill(map.table_label, &[("rows", &view.grid.rows.len().to_string()), ("cols", &view.grid.events.len().to_string())])}>
                        <table class="cm-table">
                            <caption class="visually-hidden">{ words().fill(map.table_caption, &[("profile", vote_words::profile(words(), self.profile)), ("sync", sync), ("n", &view.cases.to_string())]) }</caption>
                            <thead><tr>
                                <th scope="col" class="cm-rowhead cm-corner">{ map.corner }</th>
                                { for view.grid.events.iter().map(|event| {
                                    let ko = vote_words::event(words(), event);
                                    let title = if ko == *event { event.clone() } else { words().fill(map.code_name, &[("name", &ko), ("code", event)]) };
                                    html! { <th scope="col" class="cm-col" data-event={event.clone()} {title}><span class="cm-ev">{ ko }</span></th> }
                                }) }
                            </tr></thead>
                            <tbody>
                                { for view.grid.rows.iter().enumerate().map(|(ri, row)| html! {
                                    <tr data-variant={row.variant.code()}>
                                        <th scope="row" class="cm-rowhead" title={format!("{} ({})", catalogue::vote_variant(words(), row.variant), row.variant.code())}>
                                            { catalogue::vote_variant(words(), row.variant) }<span class="cm-code">{ row.variant.code() }</span>
                                        </th>
                                        { for row.cells.iter().enumerate().map(|(ci, cell)| match cell {
                                            Some([k, p]) => html! {
                                                <td class="cm-cell">
                                                    <div class="cm-pair">
                                                        { half(ri, k, &view.grid.events[ci], row.variant) }
                                                        { half(ri, p, &view.grid.events[ci], row.variant) }
                                                    </div>
                                                </td>
                                            },
                                            None => html! { <td class="cm-cell cm-none"><span class="visually-hidden">{ map.no_cell }</span></td> },
                                        }) }
                                    </tr>
                                }) }
                            </tbody>
                        </table>
                    </div>
                    </div>
                    </>},
                    None => self.view_loading(),
                } }
                <p id="crash-matrix-desc" class="visually-hidden vote-alt">{ self.view.as_ref().map(|v| v.description.clone()).unwrap_or_default() }</p>
                <figcaption>{ crate::words::catalogue::caption(words(), Self::spec()) }</figcaption>
                <p class="note">{ words().vote.crash_map.note }</p>
            </figure>
        }
    }
}
