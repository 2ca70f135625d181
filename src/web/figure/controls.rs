//! The markup of an Article A figure: notices, the stage (canvas, the
//! player's sentence, key numbers, legend), then lesson mode's bar (the
//! story or ▶, the lesson's keys, the next-anomaly button or A2's ledger
//! switch, the lab's toggle) and the lab behind it: the player's tools, the
//! controls (preset, seed, the sliders the registry shows first and the
//! rest under "all settings"), the results table and the export panel. An
//! embed keeps its compact layout: the player, and everything else under
//! one settings button. Every word is the page's table's (`lab_words::ui`).

use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::super::controls::ParamControl;
use super::super::page_words::words;
use super::{narrator, Figure, Msg};
use crate::figures::timeline::LegendItem;
use crate::sim::lease::{Preset, Variant};
use lab_model::params::{lease_param, lease_value_text, to_query, LEASE_PARAMS, PRESET_KEYS};
use lab_model::registry::FigureKind;

/// Keys never shown under "all settings" (the preset and seed have their own controls).
const HIDDEN_IN_ALL: &[&str] = &["preset", "seed"];

fn kind_class(kind: FigureKind) -> &'static str {
    match kind {
        FigureKind::Timeline => "kind-timeline",
        FigureKind::SplitTimeline => "kind-split",
        FigureKind::Balance => "kind-balance",
        FigureKind::Outage => "kind-outage",
        FigureKind::Tradeoff => "kind-tradeoff",
        _ => "kind-cdf",
    }
}

impl Figure {
    /// Reference values for a slider (model.md §6, A3): a stop no longer than
    /// TTL − watchdog period cannot outlast a freshly extended lease; one
    /// longer than the TTL always does.
    fn slider_marks(&self, name: &str) -> Vec<(u64, String)> {
        let c = &self.query.config;
        let w = &words().ui.figure;
        match name {
            "stop_duration_ms" if c.variant == Variant::Watchdog => {
                let ttl = u64::from(c.ttl_ms);
                let period = u64::from(c.effective_watchdog_period_ms());
                vec![(ttl.saturating_sub(period), w.mark_ttl_minus_period.to_string()), (ttl, w.mark_ttl.to_string())]
            }
            "stop_duration_ms" => vec![(u64::from(c.ttl_ms), w.mark_ttl.to_string())],
            _ => Vec::new(),
        }
    }

    pub(super) fn view_figure(&self, ctx: &Context<Self>) -> Html {
        let spec = self.spec;
        let id = spec.id;
        let desc_id = format!("{id}-desc");
        let timeline = self.is_timeline();
        let notices: Vec<String> = self
            .notices
            .iter()
            .cloned()
            .chain(
                self.figure.as_ref().and_then(|f| f.cap_notice()).map(|n| lab_words::notices::cap_notice(words(), n)),
            )
            .chain(self.figure.as_ref().and_then(|f| f.lane_notice(words())))
            .collect();
        let player = &self.player.player;
        let embedded = super::super::embed::active();
        let recorded = self.recorded.shown();
        let results = || match recorded {
            Some(view) => self.view_recorded(view),
            None if self.results_shown() => self.table.view(&self.plan),
            None => self.view_results_hidden(ctx),
        };
        // A recorded run is data, not a state of the simulation: the files
        // and embeds of the export bar are made from a simulation's query.
        let export = || {
            if recorded.is_some() {
                html! {}
            } else {
                super::super::export_panel::panel(super::super::export_panel::PanelData {
                    id,
                    params: to_query(&self.query),
                    permalink: self.permalink(),
                    time_us: (timeline && !player.playing() && player.cursor_us() < self.window_us())
                        .then_some(player.cursor_us()),
                    window_ms: (self.requested_window_ms != spec.window_ms).then_some(self.requested_window_ms),
                    recon: self.reveal_ledger,
                })
            }
        };
        let key_numbers = match recorded {
            Some(view) => Self::recorded_key_numbers(view, spec.key_metrics),
            None => self.table.key_numbers(spec.key_metrics),
        };
        html! {
            <figure id={id} class={classes!("lab-figure", "has-stage", kind_class(spec.kind))} aria-describedby={desc_id.clone()}>
                { if notices.is_empty() { html!{} } else { html! {
                    <div class="notice" role="status">
                        { for notices.iter().map(|n| html! { <p>{ n }</p> }) }
                    </div>
                } } }
                // The stage stays on screen while the reader moves a control
                // (above the controls at every width).
                <div class="figure-stage">
                    { self.view_recorded_badge() }
                    { self.view_canvas_wrap(ctx) }
                    // What the player says when it stops (an anomaly, a step)
                    // sits right under the canvas, in view with it (issue 38).
                    { if timeline && !embedded && self.story.is_none() { self.player.view_status(narrator(&self.figure)) } else { html!{} } }
                    { if self.results_shown() {
                        super::super::reader_view::key_numbers(&key_numbers, recorded.is_none() && self.table.pending())
                    } else {
                        // The same line with its values held back, so the stage keeps its layout.
                        super::super::reader_view::key_numbers_held(&key_numbers)
                    } }
                    { if timeline { view_legend(self.figure.as_ref().map(|f| f.legend()).unwrap_or_default()) } else { html!{} } }
                </div>
                { if embedded { html! {
                    // An embed in a blog's frame: the player right under the
                    // figure, everything else behind one settings button.
                    <div class="figure-side">
                        { if timeline { self.view_player(ctx) } else { html!{} } }
                        <details class="embed-settings">
                            <summary class="btn">{ words().ui.figure.settings }</summary>
                            { self.view_story(ctx) }
                            { if timeline { self.view_keys_hint() } else { html!{} } }
                            { self.view_source_switch(ctx) }
                            { if recorded.is_none() { self.view_controls(ctx, true) } else { html!{} } }
                            { results() }
                            { export() }
                        </details>
                    </div>
                } } else { html! {
                    <div class="figure-side">
                        // Right under the stage: the story's sentence and its steps stay next to the canvas.
                        { self.view_story(ctx) }
                        { self.view_lesson(ctx) }
                        { super::super::controls::lab_panel(id, spec.number, self.lab_open, html! {<>
                            { if timeline { self.view_player(ctx) } else { html!{} } }
                            { if timeline { self.view_keys_hint() } else { html!{} } }
                            { self.view_source_switch(ctx) }
                            { if recorded.is_none() { self.view_controls(ctx, false) } else { html!{} } }
                            { results() }
                            { export() }
                        </>}) }
                    </div>
                } } }
                <p id={desc_id} class="visually-hidden">{ self.text_alternative() }</p>
                <figcaption>{ lab_words::catalogue::caption(words(), spec) }</figcaption>
            </figure>
        }
    }

    /// Lesson mode, what the figure shows at load (issue 38): the story's
    /// button or ▶ (a timeline), the lesson's keys, one more thing the
    /// lesson needs (the next-anomaly button on a timeline, A2's ledger switch) and
    /// the button that opens the lab.
    fn view_lesson(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let timeline = self.is_timeline();
        // A story told takes the player's place; otherwise ▶ is the lesson's
        // start (the open lab's player has its own).
        let play = timeline && !self.tells_story() && !self.lab_open;
        let keys = if self.recorded.shown().is_some() { &[][..] } else { self.spec.lesson_keys };
        let items = html! {
            <>
                { if play { self.player.view_play() } else { html!{} } }
                { for keys.iter().map(|k| self.control(k)) }
                { if timeline && self.story.is_none() { self.player.view_next_mark() } else { html!{} } }
                { if self.spec.kind == FigureKind::Balance { self.view_recon_switch(ctx) } else { html!{} } }
            </>
        };
        let open = self.lab_open;
        super::super::controls::lesson_bar(self.spec.id, open, link.callback(move |_| Msg::Lab(!open)), items)
    }

    /// A2's reconciliation switch: the ledger line shown or hidden.
    fn view_recon_switch(&self, ctx: &Context<Self>) -> Html {
        let id = self.spec.id;
        let recon_cb = ctx.link().callback(|e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::RevealLedger(i.checked())
        });
        html! {
            <div class="ctl ctl-flag">
                <input type="checkbox" id={format!("{id}-recon")} checked={self.reveal_ledger} onchange={recon_cb} />
                <label for={format!("{id}-recon")}>{ words().ui.figure.recon_switch }</label>
            </div>
        }
    }

    /// One query key's control.
    fn control(&self, name: &str) -> Html {
        match lease_param(name) {
            Some(spec) => html! {
                <ParamControl prefix={self.spec.id} spec={spec} value={lease_value_text(&self.query, name).unwrap_or_default()}
                    on_change={self.on_change.clone()} marks={self.slider_marks(name)} />
            },
            None => html! {},
        }
    }

    /// In place of the results table before the player reaches the decisive
    /// moment: what waits, and the button that shows it now.
    fn view_results_hidden(&self, ctx: &Context<Self>) -> Html {
        let has_anomaly = self.figure.as_ref().is_some_and(|f| !f.anomalies().is_empty());
        html! {
            <div class="results-hidden" data-results-at-us={self.results_at_us().map(|t| t.to_string())}>
                <p>{ lab_words::ui::results_hidden(words(), has_anomaly) }</p>
                <button type="button" class="btn results-reveal" onclick={ctx.link().callback(|_| Msg::RevealResults)}>{ words().ui.figure.reveal }</button>
            </div>
        }
    }

    /// The canvas in its wrapper; a timeline's takes the pointer and the keys (`canvas_input`).
    fn view_canvas_wrap(&self, ctx: &Context<Self>) -> Html {
        let spec = self.spec;
        let loading = if self.figure.is_none() {
            // A figure drawn from its table's runs (A8, A9) waits for them.
            html! { <p class="figure-loading" role="status">{ words().ui.figure.computing }</p> }
        } else {
            html! {}
        };
        let canvas = html! { <canvas ref={self.canvas.node.clone()} role="img" aria-label={lab_words::catalogue::canvas_label(words(), spec)}></canvas> };
        let label = words().fill(words().ui.figure.canvas_label, &[("number", spec.number), ("id", spec.id)]);
        if !self.is_timeline() && self.spec.kind != FigureKind::Outage {
            return html! {
                <div class="canvas-wrap" ref={self.wrap.clone()} tabindex="-1" aria-label={label}>{ canvas }{ loading }</div>
            };
        }
        let h = self.canvas_handlers(ctx);
        // In a story the canvas's height follows the step: one wallet and
        // its two or three named threads, then, at the last step, the whole
        // run. Through the focused steps the wrapper keeps the tallest one's
        // height, so the story's buttons under the stage stay where they are
        // until the story opens out.
        let story_room = self
            .story
            .as_ref()
            .filter(|mode| mode.room_css > 0.0)
            .map(|mode| format!("min-height:{}px", mode.room_css));
        html! {
            <div class="canvas-wrap canvas-interactive" ref={self.wrap.clone()} tabindex="0" aria-label={label} style={story_room}
                 data-highlighted-threads={self.lit_threads()}
                 onkeydown={if self.story.is_some() { self.story_on_key(ctx) } else { h.key }} onpointermove={h.pointer_move} onpointerdown={h.pointer_down}
                 onpointerup={h.pointer_up.clone()} onpointercancel={h.pointer_up} onpointerleave={h.pointer_leave}>
                { canvas }{ loading }{ self.view_tip() }
            </div>
        }
    }

    /// What the pointer and the keys do on a timeline's canvas, in one visible line.
    fn view_keys_hint(&self) -> Html {
        let w = &words().ui.figure;
        html! {
            <p class="canvas-keys">
                { w.keys_lead }
                <kbd>{ "↓" }</kbd>{ "/" }<kbd>{ "↑" }</kbd>{ w.keys_marks }<kbd>{ "←" }</kbd>{ "/" }<kbd>{ "→" }</kbd>{ w.keys_events }
                <kbd>{ w.key_space }</kbd>{ w.keys_play }<kbd>{ w.key_esc }</kbd>{ w.keys_close }
                { if self.spec.kind == FigureKind::Timeline && self.query.config.variant.uses_lock() && !self.recorded.is_on() { html! {<>
                    { w.keys_ttl_lead }<kbd>{ "+" }</kbd>{ "/" }<kbd>{ "−" }</kbd>{ w.keys_ttl_tail }
                </>} } else { html!{} } }
            </p>
        }
    }

    fn view_player(&self, ctx: &Context<Self>) -> Html {
        let id = self.spec.id;
        let win_cb = ctx.link().callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Window(i.value().parse().unwrap_or(3000))
        });
        let max_win = self.query.config.duration_s.max(1) * 1000;
        let window = html! {
            <div class="ctl ctl-range">
                <label for={format!("{id}-win")}>
                    <span class="ctl-name">{ words().ui.figure.window }</span>
                    <output class="ctl-value">{ words().fill(words().ui.figure.window_value, &[("seconds", &format!("{:.1}", f64::from(self.requested_window_ms) / 1000.0))]) }</output>
                </label>
                <input type="range" id={format!("{id}-win")} name="win" min="500" max={max_win.to_string()} step="500" value={self.requested_window_ms.to_string()} oninput={win_cb} />
            </div>
        };
        let position = format!("{:.1} ms", self.player.player.cursor_us() as f64 / 1000.0);
        if super::super::embed::active() {
            self.player.view(id, position, narrator(&self.figure), true, window)
        } else {
            // The status line sits under the canvas; the next-anomaly button in the lesson's bar.
            self.player.view_tools(id, position, true, window)
        }
    }

    /// The lab's settings (with the lesson's own when `lesson_too`: an
    /// embed, which has no lesson bar).
    fn view_controls(&self, ctx: &Context<Self>, lesson_too: bool) -> Html {
        let link = ctx.link();
        let id = self.spec.id;
        let lesson = if lesson_too { &[][..] } else { self.spec.lesson_keys };
        let control = |name: &str| -> Html { self.control(name) };
        let preset_cb = link.callback(|e: Event| {
            let s: web_sys::HtmlSelectElement = e.target_unchecked_into();
            Msg::SetPreset(s.value())
        });
        let seed_cb = link.callback(|e: Event| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::SetSeed(i.value())
        });
        let current_preset = self.query.preset.map(Preset::key).unwrap_or("");
        let main = self.spec.main_keys;
        let w = &words().ui.figure;
        html! {
            <div class="controls">
                <div class="controls-row">
                    <div class="ctl ctl-choice">
                        <label for={format!("{id}-preset")}><span class="ctl-name">{ w.preset }</span></label>
                        <select id={format!("{id}-preset")} onchange={preset_cb}>
                            <option value="" selected={current_preset.is_empty()} disabled=true>{ w.preset_custom }</option>
                            { for PRESET_KEYS.iter().filter_map(|k| Preset::from_key(k)).map(|p| html! {
                                <option value={p.key()} selected={current_preset == p.key()}>{ lab_words::catalogue::preset_name(words(), p) }</option>
                            }) }
                        </select>
                    </div>
                    <div class="ctl ctl-seed">
                        <label for={format!("{id}-seed")}><span class="ctl-name">{ w.seed }</span></label>
                        <input type="number" id={format!("{id}-seed")} min="0" inputmode="numeric" value={self.query.seed.to_string()} onchange={seed_cb} />
                        <button type="button" class="btn" onclick={link.callback(|_| Msg::Reroll)}>{ w.reroll }</button>
                    </div>
                    { if lesson_too && self.spec.kind == FigureKind::Balance { self.view_recon_switch(ctx) } else { html!{} } }
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Reset)}>{ w.reset }</button>
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Copy)}>{ if self.copied { w.link_copied } else { w.copy_link } }</button>
                </div>
                <div class="controls-grid">
                    { for main.iter().filter(|k| !lesson.contains(k)).map(|k| control(k)) }
                </div>
                <details class="all-settings" open={self.settings_open} ontoggle={link.callback(|e: Event| {
                    let d: web_sys::HtmlDetailsElement = e.target_unchecked_into();
                    Msg::SettingsOpen(d.open())
                })}>
                    <summary>{ words().ui.lab.all_settings }</summary>
                    { if self.settings_open { html! {
                        <div class="controls-grid">
                            { for LEASE_PARAMS.iter().filter(|p| !main.contains(&p.name) && !lesson.contains(&p.name) && !HIDDEN_IN_ALL.contains(&p.name)).map(|p| control(p.name)) }
                        </div>
                    } } else { html! {} } }
                </details>
            </div>
        }
    }
}

/// A timeline's legend: the kinds of mark its drawing draws (`LeaseFigure::legend`).
fn view_legend(items: &[LegendItem]) -> Html {
    if items.is_empty() {
        return html! {};
    }
    html! {
        <ul class="legend" aria-label={words().ui.lab.legend}>
            { for items.iter().map(|item| html! {
                <li data-legend={item.key()}><span class={classes!("lg", format!("lg-{}", item.key()))} aria-hidden="true"></span>{ item.label(words()) }</li>
            }) }
        </ul>
    }
}
