//! A1's recorded real run (issue 27): the figure can draw, instead of a
//! simulation, run 0 of `lab real`'s committed set on a real Redis and a
//! real PostgreSQL (`crate::figures::recorded`). The same plan lays it out
//! and draws it, with the lease the server really kept (rebuilt from
//! Redis's own clock), so the reader sees a real lease end while a real
//! process still works inside it; the player, tips and story work on it as
//! on a simulated run.
//!
//! The recorded run cannot be changed: any control the reader moves goes
//! back to the simulation. Its numbers are the holds' (the file keeps no
//! request times), shown as what they are, beside a pointer to the
//! chapter's table of the real runs.

use std::rc::Rc;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::super::page_words::words;
use super::table::key_numbers_with;
use super::{Figure, Msg};
use crate::figures::recorded::{path, RecordedRun, HOLD_METRICS};
use crate::sim::lease::LeaseTrace;
use lab_model::live_table::row_facts;
use lab_model::live_table::TableRun;
use lab_model::metrics::LIVE_TABLE;
use lab_model::params::LeaseQuery;
use lab_model::registry::FigureSpec;

/// Which source the figure draws.
#[derive(Clone, Default)]
pub(super) enum Recorded {
    /// A simulation of the figure's query.
    #[default]
    Off,
    /// The recorded run is being fetched.
    Loading,
    Shown(Rc<RecordedView>),
    /// It could not be fetched or read (the console says why).
    Failed,
}

/// A recorded run ready to draw.
pub struct RecordedView {
    pub source_ko: String,
    pub query: LeaseQuery,
    pub trace: Rc<LeaseTrace>,
    /// Its numbers, as the live table computes a run's.
    pub numbers: TableRun,
}

impl Recorded {
    pub fn is_on(&self) -> bool {
        !matches!(self, Recorded::Off)
    }

    pub fn shown(&self) -> Option<&Rc<RecordedView>> {
        match self {
            Recorded::Shown(view) => Some(view),
            _ => None,
        }
    }
}

/// The recorded run figure `spec` can open: A1's timeline, the article's first experiment.
pub(super) fn recorded_key(spec: &FigureSpec) -> Option<&'static str> {
    (spec.id == "lease-expiry").then_some("exp1")
}

/// Fetches and reads a recorded run (the key comes from [`recorded_key`], never from the URL).
async fn fetch_recorded(key: &'static str) -> Result<RecordedView, String> {
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(&crate::web::page_words::at_root(&path(key))))
        .await
        .map_err(|e| format!("{e:?}"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a Response".to_string())?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let buffer =
        JsFuture::from(response.array_buffer().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
    let run = RecordedRun::decode(&js_sys::Uint8Array::new(&buffer).to_vec())?;
    let trace = Rc::new(run.trace());
    Ok(RecordedView { source_ko: run.source_ko.clone(), query: run.query(), numbers: TableRun::of(&trace), trace })
}

impl Figure {
    /// The reader chose the source: the recorded run (fetched once) or the simulation.
    pub(super) fn choose_recorded(&mut self, ctx: &Context<Self>, on: bool) -> bool {
        let Some(key) = recorded_key(self.spec) else { return false };
        match (on, &self.recorded) {
            (true, Recorded::Off | Recorded::Failed) => {
                self.recorded = Recorded::Loading;
                let link = ctx.link().clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let view = fetch_recorded(key).await.map_err(|e| {
                        gloo::console::error!(format!("the recorded run `{key}` could not be read: {e}"));
                    });
                    link.send_message(Msg::RecordedArrived(view.ok().map(Rc::new)));
                });
            }
            (false, Recorded::Off) | (true, _) => return false,
            (false, _) => {
                self.recorded = Recorded::Off;
                self.dirty = true;
                self.changed(ctx);
            }
        }
        true
    }

    /// The recorded run arrived (or could not be had).
    pub(super) fn recorded_arrived(&mut self, ctx: &Context<Self>, view: Option<Rc<RecordedView>>) -> bool {
        if !matches!(self.recorded, Recorded::Loading) {
            return false;
        }
        match view {
            Some(view) => {
                self.recorded = Recorded::Shown(view);
                self.dirty = true;
                // The player keeps its place (a permalink's `t`), within the
                // record's window; a record has nothing to guess, so one at
                // the start of its run is drawn whole.
                self.recompute(ctx);
                let end = self.window_us();
                let at = self.player.player.cursor_us();
                if at > end || at == 0 {
                    self.player.player.set_cursor(end);
                }
                self.write_url(ctx);
            }
            None => self.recorded = Recorded::Failed,
        }
        true
    }

    /// A control moved while the recorded run is shown: a recorded run
    /// cannot change, so the figure goes back to the simulation (and says
    /// so, `ui.recorded.left`). Whether it was on.
    pub(super) fn leave_recorded(&mut self) -> bool {
        std::mem::take(&mut self.recorded).is_on()
    }

    /// The stage's key numbers of the recorded run.
    pub(super) fn recorded_key_numbers(view: &RecordedView, keys: &[&str]) -> Vec<(&'static str, Option<String>)> {
        key_numbers_with(keys, |metric| {
            HOLD_METRICS
                .contains(&metric.key())
                .then(|| view.numbers.metric_value(metric).map(|v| metric.format_live(v)))
                .flatten()
                .or_else(|| Some("—".to_string()))
        })
    }

    /// The source switch, for a figure with a recorded run.
    pub(super) fn view_source_switch(&self, ctx: &Context<Self>) -> Html {
        if recorded_key(self.spec).is_none() {
            return html! {};
        }
        let id = self.spec.id;
        let name = format!("{id}-source");
        let on = self.recorded.is_on();
        let choose = |real: bool| ctx.link().callback(move |_: Event| Msg::Recorded(real));
        let w = &words().ui.recorded;
        html! {
            <fieldset class="source-switch">
                <legend>{ w.choose }</legend>
                <label><input type="radio" name={name.clone()} value="sim" checked={!on} onchange={choose(false)} />{ w.simulation }</label>
                <label><input type="radio" name={name} value="real" checked={on} onchange={choose(true)} />{ w.real }</label>
                { match &self.recorded {
                    Recorded::Loading => html! { <p class="source-status" role="status">{ w.loading }</p> },
                    Recorded::Failed => html! { <p class="source-status" role="alert">{ w.failed }</p> },
                    _ => html! {},
                } }
            </fieldset>
        }
    }

    /// The line above the canvas that says the drawing is a real run.
    pub(super) fn view_recorded_badge(&self) -> Html {
        match self.recorded.shown() {
            Some(view) => html! {
                <p class="recorded-badge">{ words().ui.recorded.badge }{ &view.source_ko }</p>
            },
            None => html! {},
        }
    }

    /// In place of the controls and the live table while the recorded run
    /// is shown: where it came from and the numbers its holds give.
    pub(super) fn view_recorded(&self, view: &RecordedView) -> Html {
        let rows = LIVE_TABLE.into_iter().filter(|m| HOLD_METRICS.contains(&m.key()));
        let w = &words().ui.recorded;
        let how = words().fill(w.how, &[("source", &view.source_ko), ("seed", &view.query.seed.to_string())]);
        html! {
            <div class="recorded-run">
                <p class="recorded-source">
                    <strong>{ w.what }</strong>
                    { how }
                </p>
                <div class="table-wrap">
                    <table class="metrics recorded-metrics">
                        <caption>{ w.caption }</caption>
                        <thead><tr><th scope="col">{ w.metric }</th><th scope="col" class="num">{ w.run }</th></tr></thead>
                        <tbody>
                            { for rows.map(|metric| html! {
                                <tr>
                                    <th scope="row">{ lab_words::metrics::metric_label(words(), metric, row_facts([&view.numbers]).as_ref()) }</th>
                                    <td class="num">{ view.numbers.metric_value(metric).map(|v| metric.format_live(v)).unwrap_or_else(|| "—".into()) }</td>
                                </tr>
                            }) }
                        </tbody>
                    </table>
                </div>
            </div>
        }
    }
}
