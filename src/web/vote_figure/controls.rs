//! The markup of an Article B figure: the verdict, the canvases, legend,
//! caption and text alternative, the figure's own controls (the crash
//! slider, selectors and flags), B6's fault buttons, and its lab.
//!
//! Lesson mode (issue 38, `static/lesson.css`, as Article A's figures): at
//! load the figure shows its scenes, then a lesson bar with B7's fault
//! buttons, the controls of its lesson keys (`FigureSpec::lesson_keys`; a
//! crash's mode and point go together) and the lab button, and the scenes
//! as text by the caption. The lab holds the player, the rest of the
//! registry's first controls, all settings, reset, the link and the export
//! panel; it opens where the address sets one of them
//! (`permalink::lab_requested`), and an open lab writes `lab=1`.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::super::controls::{lab_panel, lesson_bar, ParamControl};
use super::{narrator, Msg, VoteFigure};
use crate::figures::plan::StoryVerdict;
use crate::figures::vote::{fmt_time, StackFault};
use crate::sim::vote::{ConflictSource, FaultKind, StoreProfile, Variant};
use crate::web::page_words::words;
use crate::words::catalogue;
use crate::words::vote as vote_words;
use lab_model::params::{vote_param, vote_to_query, vote_value_text, VOTE_PARAMS};
use lab_model::registry::FigureKind;

/// The orderings B4's selector offers: the sync-failure and interrupt variants.
const UNCERTAIN_VARIANTS: &[Variant] = &[
    Variant::FFence,
    Variant::FNaiveRetry,
    Variant::FEngineFenceOnly,
    Variant::IWaitThenFence,
    Variant::IAsSuccess,
    Variant::IAbortRelease,
];

impl VoteFigure {
    pub(super) fn view_figure(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let spec = self.spec;
        let id = spec.id;
        let story = self.is_story();
        let desc_id = format!("{id}-desc");
        let on_change = link.callback(|(k, v): (String, String)| Msg::SetParam(k, v));
        let equiv = self.figure.as_ref().map_or(0, |f| f.summary.equivocations);
        let player = &self.player.player;
        let open = self.lab;
        // B7-1: the reader points at a storage layer to cause the fault that reaches it.
        let direct = self.kind() == FigureKind::KillVsPower;
        let (stack_click, stack_move, stack_leave, stack_key) = if direct {
            self.stack_handlers(ctx)
        } else {
            (Callback::noop(), Callback::noop(), Callback::noop(), Callback::noop())
        };
        let (tip_move, tip_down, tip_leave) = self.tip_handlers(ctx);
        // The URL's notices, then the work cap's when it stopped a run.
        let notices: Vec<String> = self
            .notices
            .iter()
            .cloned()
            .chain(self.figure.as_ref().and_then(|f| f.summary.cap_notice.clone()))
            .collect();
        html! {
            <figure id={id} class={classes!("lab-figure", "has-stage", "vote-figure", format!("vote-{}", spec.code.to_ascii_lowercase()))}
                aria-describedby={desc_id.clone()} data-equivocations={equiv.to_string()}
                data-variant={self.config.variant.code()}
                data-awaiting-module={(self.figure.is_none() && self.failure.is_none()).then_some("")}>
                { if notices.is_empty() { html!{} } else { html! {
                    <div class="notice" role="status">{ for notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } }
                <div class="figure-stage">
                { if story { self.view_scenes(ctx) } else { html!{} } }
                { if story { html! { <div class="verdict-slot">{ self.view_summary(ctx) }</div> } } else { html!{} } }
                { self.view_loading() }
                <div class={classes!("canvas-wrap", direct.then_some("stack-direct"))} ref={self.wrap.clone()} tabindex={if story || direct { "0" } else { "-1" }}
                     aria-label={words().fill(words().vote.controls.figure_label, &[("number", spec.number), ("id", id)])}
                     onkeydown={if story { self.story_keys(ctx) } else { stack_key }}
                     onclick={stack_click} onmousemove={stack_move} onmouseleave={stack_leave}
                     onpointermove={tip_move} onpointerdown={tip_down} onpointerleave={tip_leave}>
                    <canvas ref={self.canvases[0].clone()} role="img" aria-label={catalogue::canvas_label(words(), spec)}></canvas>
                    { if self.kind() == FigureKind::OuterTransaction { html! {
                        <canvas ref={self.canvases[1].clone()} class="vote-second" role="img" aria-label={words().vote.controls.lower_canvas}></canvas>
                    } } else { html!{} } }
                    { if direct { self.view_stack_pointing() } else { html!{} } }
                    { if self.kind() == FigureKind::Liveness { html!{} } else { self.view_mark_tip() } }
                </div>
                { if story { view_legend() } else { html!{} } }
                </div>
                <div class="figure-side">
                { lesson_bar(id, self.lab, link.callback(move |_| Msg::Lab(!open)), html! {<>
                    { if direct { self.view_stack_buttons(ctx) } else { html!{} } }
                    { self.view_controls(ctx, true) }
                    { for spec.lesson_keys.iter().filter(|k| !spec.main_keys.contains(k)).filter_map(|k| vote_param(k)).map(|p| html! {
                        <ParamControl prefix={id.to_string()} spec={p} value={vote_value_text(&self.config, p.name).unwrap_or_default()} on_change={on_change.clone()} />
                    }) }
                </>}) }
                { lab_panel(id, spec.number, self.lab, html! {<>
                    { if story { self.view_player() } else { html!{} } }
                    <div class="controls">
                        <div class="controls-grid">{ self.view_controls(ctx, false) }</div>
                        <details class="all-settings">
                            <summary>{ words().vote.controls.all_settings }</summary>
                            <div class="controls-grid">
                                { for VOTE_PARAMS.iter().filter(|p| !spec.main_keys.contains(&p.name) && !self.in_lesson(p.name)).map(|p| html! {
                                    <ParamControl prefix={format!("{id}-all")} spec={p} value={vote_value_text(&self.config, p.name).unwrap_or_default()} on_change={on_change.clone()} />
                                }) }
                            </div>
                        </details>
                        <div class="controls-row">
                            <button type="button" class="btn" onclick={link.callback(|_| Msg::Reset)}>{ words().vote.controls.reset }</button>
                            <a class="btn vote-permalink" href={self.permalink()}>{ words().vote.controls.link }</a>
                        </div>
                    </div>
                    { super::super::export_panel::panel(super::super::export_panel::PanelData { id, params: vote_to_query(&self.config), permalink: self.permalink(),
                        time_us: (!player.playing() && player.cursor_us() != u64::MAX).then(|| player.cursor_us()), window_ms: None, recon: true }) }
                </>}) }
                // The scenes as text, the story's text alternative, by the caption.
                { if story { self.view_scene_list() } else { html!{} } }
                </div>
                <p id={desc_id} class="visually-hidden vote-alt">{ self.text_alternative() }</p>
                <figcaption>{ crate::words::catalogue::caption(words(), spec) }</figcaption>
            </figure>
        }
    }

    /// Until the `figures` module has drawn: a line saying it is on its way, or why it is not.
    fn view_loading(&self) -> Html {
        match (&self.failure, &self.figure) {
            (Some(why), _) => html! { <p class="notice figure-loading" role="alert">{ why.clone() }</p> },
            (None, None) => html! { <p class="figure-loading" role="status">{ words().vote.controls.loading }</p> },
            (None, Some(_)) => html! {},
        }
    }

    /// The line above a story: its verdict, and a warning when one applies;
    /// until the player passes the decisive moment, a line saying so and,
    /// with the lab open, a button that shows it (the lesson reaches it by
    /// its scenes).
    fn view_summary(&self, ctx: &Context<Self>) -> Html {
        let Some((verdict, text, warning)) = self.figure.as_ref().and_then(|f| f.summary.verdict.clone()) else {
            return html! {};
        };
        if !self.verdict_shown() {
            return html! {
                <p class="verdict-hidden" role="status">
                    <span>{ if self.lab { words().vote.controls.verdict_at_moment } else { words().vote.controls.verdict_at_end } }</span>
                    { if self.lab { html! {
                        <button type="button" class="btn verdict-reveal" onclick={ctx.link().callback(|_| Msg::RevealVerdict)}>{ words().vote.controls.reveal }</button>
                    } } else { html!{} } }
                </p>
            };
        }
        let cls = match verdict {
            StoryVerdict::Unsafe => "vote-verdict unsafe",
            StoryVerdict::Fenced => "vote-verdict fenced",
            StoryVerdict::Safe => "vote-verdict safe",
        };
        html! {<>
            <p class={cls} role="status">{ text }</p>
            { for warning.map(|w| html! { <p class="vote-verdict fenced">{ w }</p> }) }
        </>}
    }

    /// The story told in a few scenes over the event player: the buttons
    /// first (they never move), then the scene's sentence in a box that
    /// keeps its height; the mark it names is ringed in the drawing while
    /// the player stands on its moment. Every scene is also in a folded list.
    fn view_scenes(&self, ctx: &Context<Self>) -> Html {
        let scenes = self.scenes();
        if scenes.is_empty() {
            return html! {};
        }
        let link = ctx.link();
        let total = scenes.len();
        let current = self.scene_index();
        let sentence = match current {
            Some(i) => html! {<>
                <span class="story-count">{ format!("{}/{total}", i + 1) }</span>{ " " }{ scenes[i].1.clone() }
            </>},
            None => html! { { words().vote.controls.scenes_start } },
        };
        html! {
            <div class="vote-scenes" data-scene={current.map(|i| i.to_string()).unwrap_or_default()} data-scenes={total.to_string()}>
                <div class="story-lead-buttons" role="group" aria-label={words().vote.controls.scenes}>
                    <button type="button" class="btn scene-prev" aria-disabled={self.scene_step(-1).is_none().to_string()}
                        onclick={link.callback(|_| Msg::Scene(-1))}>{ words().vote.controls.prev_scene }</button>
                    <button type="button" class="btn btn-primary scene-next" aria-disabled={self.scene_step(1).is_none().to_string()}
                        onclick={link.callback(|_| Msg::Scene(1))}>{ words().vote.controls.next_scene }</button>
                </div>
                // Every scene's sentence is laid in the same grid cell, hidden,
                // so that the box is as tall as the longest at this width and
                // nothing under it moves from scene to scene.
                <p class="story-lead-sentence scene-sentence">
                    <span class="scene-now" aria-live="polite">{ sentence }</span>
                    { for scenes.iter().map(|(_, s)| html! {
                        <span class="scene-sizer" aria-hidden="true"><span class="story-count">{ format!("{total}/{total}") }</span>{ " " }{ s.clone() }</span>
                    }) }
                </p>
            </div>
        }
    }

    /// Every scene as a folded list, under the stage (its text alternative).
    fn view_scene_list(&self) -> Html {
        let scenes = self.scenes();
        if scenes.is_empty() {
            return html! {};
        }
        html! {
            <details class="story-lead-all scene-list">
                <summary>{ words().vote.controls.all_scenes }</summary>
                <ol class="story-static-steps">{ for scenes.iter().map(|(_, s)| html! { <li>{ s.clone() }</li> }) }</ol>
            </details>
        }
    }

    fn view_player(&self) -> Html {
        let cursor = self.player.player.cursor_us();
        let at = if cursor == u64::MAX { words().vote.controls.end.to_string() } else { fmt_time(cursor) };
        self.player.view(self.spec.id, at, narrator(&self.figure), false, html! {})
    }

    /// Whether lesson mode shows key `key`'s control: it is one of the
    /// lesson's keys, or the other half of a crash's mode and point.
    pub(super) fn in_lesson(&self, key: &str) -> bool {
        let pair = ["crash", "crash_after"];
        let keys = self.spec.lesson_keys;
        keys.contains(&key) || (pair.contains(&key) && keys.iter().any(|k| pair.contains(k)))
    }

    /// The figure's own controls: the lesson's (`lesson`), else the lab's.
    fn view_controls(&self, ctx: &Context<Self>, lesson: bool) -> Html {
        let c = &words().vote.controls;
        let id = self.spec.id;
        let link = ctx.link();
        let here = |key: &str| self.in_lesson(key) == lesson;
        let select = |key: &'static str, label: &str, options: Vec<(String, String)>| -> Html {
            if !here(key) {
                return html! {};
            }
            let cur = vote_value_text(&self.config, key).unwrap_or_default();
            let cb = link.callback(move |e: Event| {
                let s: HtmlSelectElement = e.target_unchecked_into();
                Msg::SetParam(key.to_string(), s.value())
            });
            let fid = format!("{id}-{key}");
            html! {
                <div class="ctl ctl-choice">
                    <label for={fid.clone()}><span class="ctl-name">{ label.to_string() }</span></label>
                    <select id={fid} name={key} onchange={cb}>
                        { for options.into_iter().map(|(v, l)| html! { <option value={v.clone()} selected={cur == v}>{ l }</option> }) }
                    </select>
                </div>
            }
        };
        let flag = |key: &'static str, label: &str, inverted: bool| -> Html {
            if !here(key) {
                return html! {};
            }
            let cur = vote_value_text(&self.config, key).unwrap_or_default() == "true";
            let cb = link.callback(move |e: Event| {
                let i: HtmlInputElement = e.target_unchecked_into();
                let on = i.checked() != inverted;
                Msg::SetParam(key.to_string(), if on { "true".into() } else { "false".into() })
            });
            let fid = format!("{id}-{key}");
            html! {
                <div class="ctl ctl-flag">
                    <input type="checkbox" id={fid.clone()} name={key} checked={cur != inverted} onchange={cb} />
                    <label for={fid}>{ label.to_string() }</label>
                </div>
            }
        };
        let crash_slider = || -> Html {
            if !here("crash_after") {
                return html! {};
            }
            let n = self.stops().len();
            let cur = self.config.crash_after_events;
            let value = cur.unwrap_or(0) as usize;
            let cb = link.callback(|e: InputEvent| {
                let i: HtmlInputElement = e.target_unchecked_into();
                Msg::SetParam("crash_after".into(), i.value())
            });
            let fid = format!("{id}-crash_after");
            let shown = match cur {
                None => c.no_fault.to_string(),
                Some(0) => c.before_first.to_string(),
                Some(k) => match self.stops().get(k as usize - 1) {
                    Some(name) => words().fill(
                        c.after_step,
                        &[("k", &k.to_string()), ("code", name), ("name", &vote_words::event(words(), name))],
                    ),
                    None => words().fill(c.after_last, &[("k", &k.to_string())]),
                },
            };
            let list_id = format!("{id}-crash-stops");
            html! {
                <div class="ctl ctl-range vote-crash">
                    <label for={fid.clone()}>
                        <span class="ctl-name">{ c.crash_point }</span>
                        <output for={fid.clone()} class="ctl-value">{ shown }</output>
                    </label>
                    <input type="range" id={fid} name="crash_after" min="0" max={n.to_string()} step="1" list={list_id.clone()}
                        value={value.to_string()} oninput={cb} aria-valuetext={self.stops().get(value.wrapping_sub(1)).cloned().unwrap_or_else(|| c.before_start.into())} />
                    <datalist id={list_id}>{ for (0..=n).map(|k| html! { <option value={k.to_string()}></option> }) }</datalist>
                </div>
            }
        };
        let variants = |vs: Vec<Variant>| -> Vec<(String, String)> {
            vs.into_iter()
                .map(|v| (v.code().to_string(), format!("{} ({})", catalogue::vote_variant(words(), v), v.code())))
                .collect()
        };
        let faults = || -> Vec<(String, String)> {
            FaultKind::ALL.iter().map(|f| (f.key().to_string(), catalogue::fault(words(), *f).to_string())).collect()
        };
        let profiles = || -> Vec<(String, String)> {
            StoreProfile::ALL
                .iter()
                .map(|p| (p.key().to_string(), vote_words::profile(words(), *p).to_string()))
                .collect()
        };
        match self.kind() {
            FigureKind::Story => html! {<>
                { select("variant", c.order_choice, variants(Variant::ALL.to_vec())) }
                { crash_slider() }
                { select("fault", c.fault_kind, faults()) }
                { select("conflict_source", c.conflict_source, ConflictSource::ALL.iter().map(|c| (c.key().to_string(), vote_words::conflict(words(), *c).to_string())).collect()) }
                { select("profile", c.profile, profiles()) }
                { flag("device_honours_sync", c.device_ignores_sync, true) }
            </>},
            FigureKind::OuterTransaction => html! {<>
                { select("outer_end", c.outer_end, vec![("rollback".into(), c.rollback.into()), ("commit".into(), c.commit.into())]) }
                { select("crash", c.crash, vec![("none".into(), c.crash_none.into()), ("after_events".into(), c.crash_after.into())]) }
                { if self.config.crash_after_events.is_some() { crash_slider() } else { html!{} } }
                { select("fault", c.fault_kind, faults()) }
            </>},
            FigureKind::UncertainFailure => html! {<>
                { select("variant", c.implementation, variants(UNCERTAIN_VARIANTS.to_vec())) }
                { flag("status_probe_shares_engine_lock", c.probe_shares_lock, false) }
                { select("sync_error_true_state", c.true_state, vec![("dropped".into(), c.lost.into()), ("os_cache".into(), c.os_cache.into()), ("disk".into(), c.disk.into())]) }
                { select("interrupt_during", c.interrupt_during, vec![("auto".into(), c.variant_default.into()), ("commit".into(), c.during_commit.into()), ("drain".into(), c.during_drain.into()), ("fsync".into(), c.during_fsync.into())]) }
                { select("crash", c.crash, vec![("none".into(), c.crash_none.into()), ("after_events".into(), c.crash_after.into())]) }
                { if self.config.crash_after_events.is_some() { crash_slider() } else { html!{} } }
                { select("fault", c.fault_kind, faults()) }
            </>},
            FigureKind::Liveness if !here("blocked_validators") => html! {},
            FigureKind::Liveness => {
                let spec = vote_param("blocked_validators");
                let (min, max) = spec.map(|s| (s.min, s.max)).unwrap_or((0, 3));
                let cb = link.callback(|e: InputEvent| {
                    let i: HtmlInputElement = e.target_unchecked_into();
                    Msg::SetParam("blocked_validators".into(), i.value())
                });
                let fid = format!("{id}-blocked_validators");
                let b = self.config.blocked_validators;
                html! {
                    <div class="ctl ctl-range">
                        <label for={fid.clone()}>
                            <span class="ctl-name">{ c.blocked }</span>
                            <output for={fid.clone()} class="ctl-value">{ words().fill(c.blocked_value, &[("n", &b.to_string()), ("quorum", if b >= 2 { c.no_quorum } else { "" })]) }</output>
                        </label>
                        <input type="range" id={fid} name="blocked_validators" min={min.to_string()} max={max.to_string()} step="1" value={b.to_string()} oninput={cb} />
                    </div>
                }
            }
            FigureKind::KillVsPower => html! {<>
                { flag("device_honours_sync", c.device_ignores_sync, true) }
                { select("variant", c.order, variants(Variant::ALL.to_vec())) }
                { select("profile", c.profile, profiles()) }
            </>},
            _ => html! {},
        }
    }

    fn view_stack_buttons(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let pressed = |h: StackFault| if self.hit == h { "true" } else { "false" };
        html! {
            <div class="player-buttons vote-stack-buttons" role="group" aria-label={words().vote.controls.pick_fault}>
                <button type="button" class="btn" aria-pressed={pressed(StackFault::None)} onclick={link.callback(|_| Msg::Hit(StackFault::None))}>{ StackFault::None.name(words()) }</button>
                <button type="button" class="btn btn-warn" aria-pressed={pressed(StackFault::Kill)} onclick={link.callback(|_| Msg::Hit(StackFault::Kill))}>{ StackFault::Kill.name(words()) }</button>
                <button type="button" class="btn btn-warn" aria-pressed={pressed(StackFault::Power)} onclick={link.callback(|_| Msg::Hit(StackFault::Power))}>{ StackFault::Power.name(words()) }</button>
            </div>
        }
    }
}

/// The stories' legend (the list exported files paint too).
fn view_legend() -> Html {
    crate::web::legend_list(
        &crate::figures::legend::story_legend(crate::web::page_words::words()),
        "legend vote-legend",
    )
}
