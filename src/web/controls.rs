//! One reusable control per query key (after yew's examples/boids Slider):
//! a real `<input type=range>` with a `<label>` that shows unit and value,
//! a `<select>` for choices, a checkbox for flags. Ranges, labels and words
//! come from the parameter tables (`lab_model::params`, their words
//! `lab_words::params`); nothing is duplicated here.
//! A duration slider stands on a [`Ladder`] (`lab_model::slider_scale`): its
//! range input moves over the ladder's positions, and a number field beside
//! it takes any value exactly.

use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::labels::{choice_word, unit_word};
use super::page_words::words;
use lab_model::analysis::group_thousands;
use lab_model::params::{ParamKind, ParamSpec};
use lab_model::slider_scale::{is_ladder_key, Ladder};

#[derive(Properties, PartialEq, Clone)]
pub struct ParamControlProps {
    /// Unique prefix for element ids (the figure id).
    pub prefix: AttrValue,
    pub spec: &'static ParamSpec,
    /// The current canonical value text.
    pub value: AttrValue,
    /// Called with `(key, new value text)`.
    pub on_change: Callback<(String, String)>,
    /// Reference values drawn as ticks on a range (a `<datalist>`) and named
    /// under it, e.g. the stop length past which a lease can expire.
    #[prop_or_default]
    pub marks: Vec<(u64, String)>,
}

#[function_component(ParamControl)]
pub fn param_control(p: &ParamControlProps) -> Html {
    let spec = p.spec;
    let id = format!("{}-{}", p.prefix, spec.name);
    let key = spec.name.to_string();
    match spec.kind {
        ParamKind::Integer if is_ladder_key(spec.name, spec.unit, spec.min, spec.max, spec.step) => ladder_control(p),
        ParamKind::Integer => {
            // A range input's steps count from its `min`: align `min` to the
            // step so that defaults like 200 stay reachable, and lift values
            // below the real minimum back up here.
            let step = spec.step.max(1);
            let html_min = spec.min - spec.min % step;
            let real_min = spec.min;
            let cb = p.on_change.clone();
            let k = key.clone();
            let oninput = Callback::from(move |e: InputEvent| {
                let input: HtmlInputElement = e.target_unchecked_into();
                let v =
                    input.value().parse::<u64>().map(|v| v.max(real_min).to_string()).unwrap_or_else(|_| input.value());
                cb.emit((k.clone(), v));
            });
            let shown = p.value.parse::<i64>().map(group_thousands).unwrap_or_else(|_| p.value.to_string());
            let unit = unit_word(spec.unit);
            let list_id = format!("{id}-marks");
            let marks: Vec<&(u64, String)> =
                p.marks.iter().filter(|(v, _)| (spec.min..=spec.max).contains(v)).collect();
            html! {
                <div class="ctl ctl-range">
                    <label for={id.clone()}>
                        <span class="ctl-name">{ label(spec) }</span>
                        <output for={id.clone()} class="ctl-value">{ shown }{ if unit.is_empty() { String::new() } else { format!(" {unit}") } }</output>
                    </label>
                    <input type="range" id={id} name={key}
                        min={html_min.to_string()} max={spec.max.to_string()} step={step.to_string()}
                        list={(!marks.is_empty()).then(|| list_id.clone())}
                        value={p.value.clone()} {oninput} />
                    if !marks.is_empty() {
                        <datalist id={list_id}>
                            { for marks.iter().map(|(v, name)| html! { <option value={v.to_string()} label={name.clone()}></option> }) }
                        </datalist>
                        <ul class="ctl-marks">
                            { for marks.iter().map(|(v, name)| html! { <li>{ format!("{name}: {} {unit}", group_thousands(*v as i64)) }</li> }) }
                        </ul>
                    }
                </div>
            }
        }
        ParamKind::Choice(words) => {
            let cb = p.on_change.clone();
            let k = key.clone();
            let onchange = Callback::from(move |e: Event| {
                let sel: HtmlSelectElement = e.target_unchecked_into();
                cb.emit((k.clone(), sel.value()));
            });
            html! {
                <div class="ctl ctl-choice">
                    <label for={id.clone()}><span class="ctl-name">{ label(spec) }</span></label>
                    <select id={id} name={key.clone()} {onchange}>
                        { for words.iter().map(|w| html! {
                            <option value={*w} selected={p.value.as_str() == *w}>{ choice_word(&key, w) }</option>
                        }) }
                    </select>
                </div>
            }
        }
        ParamKind::Flag | ParamKind::Switch => {
            let cb = p.on_change.clone();
            let k = key.clone();
            let [on, off] = if spec.kind == ParamKind::Switch { ["1", "0"] } else { ["true", "false"] };
            let onchange = Callback::from(move |e: Event| {
                let input: HtmlInputElement = e.target_unchecked_into();
                cb.emit((k.clone(), if input.checked() { on.into() } else { off.into() }));
            });
            html! {
                <div class="ctl ctl-flag">
                    <input type="checkbox" id={id.clone()} name={key} checked={p.value.as_str() == on} {onchange} />
                    <label for={id}>{ label(spec) }</label>
                </div>
            }
        }
        // The route keys and the player's cursor have controls of their own (navigation, the player).
        ParamKind::Millis | ParamKind::Text => html! {},
    }
}

/// A key's label, in the page's words (`lab_words::params`).
fn label(spec: &ParamSpec) -> &'static str {
    lab_words::params::param_label(words(), spec)
}

/// A duration: a range input over the ladder's positions (its accessible
/// value text is the real duration) and a number field for an exact value.
/// The number field carries the key's name; the URL keeps real values.
fn ladder_control(p: &ParamControlProps) -> Html {
    let spec = p.spec;
    let id = format!("{}-{}", p.prefix, spec.name);
    let exact_id = format!("{id}-exact");
    let key = spec.name.to_string();
    let ladder = Ladder::new(spec.min, spec.max, spec.step);
    let value: u64 = p.value.parse().unwrap_or(spec.min);
    let unit = unit_word(spec.unit);
    let with_unit = |v: u64| format!("{} {unit}", group_thousands(v as i64));
    let oninput = {
        let cb = p.on_change.clone();
        let k = key.clone();
        let ladder = ladder.clone();
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(pos) = input.value().parse::<usize>() {
                cb.emit((k.clone(), ladder.value_at(pos).to_string()));
            }
        })
    };
    // Typing: each whole value in range runs at once, like a slider's move;
    // leaving the field (or Enter) settles any other text.
    let oninput_exact = {
        let cb = p.on_change.clone();
        let k = key.clone();
        let (min, max) = (spec.min, spec.max);
        Callback::from(move |e: InputEvent| {
            let input: HtmlInputElement = e.target_unchecked_into();
            if let Ok(v) = input.value().trim().parse::<u64>() {
                if (min..=max).contains(&v) {
                    cb.emit((k.clone(), v.to_string()));
                }
            }
        })
    };
    let onchange = {
        let cb = p.on_change.clone();
        let k = key.clone();
        let (min, max) = (spec.min, spec.max);
        Callback::from(move |e: Event| {
            let input: HtmlInputElement = e.target_unchecked_into();
            // An out-of-range number goes through the parser, which clamps it and says so.
            let text = input.value().trim().to_string();
            let v = text.parse::<u64>().map(|v| v.clamp(min, max).to_string()).unwrap_or(text);
            cb.emit((k.clone(), v));
        })
    };
    let list_id = format!("{id}-marks");
    let marks: Vec<&(u64, String)> = p.marks.iter().filter(|(v, _)| (spec.min..=spec.max).contains(v)).collect();
    html! {
        <div class="ctl ctl-range ctl-ladder">
            <label for={id.clone()}>
                <span class="ctl-name">{ label(spec) }</span>
                <output for={id.clone()} class="ctl-value">{ with_unit(value) }</output>
            </label>
            <div class="ctl-ladder-row">
                <input type="range" id={id} data-key={key.clone()} min="0" max={(ladder.len() - 1).to_string()} step="1"
                    value={ladder.position_of(value).to_string()} aria-valuetext={with_unit(value)}
                    list={(!marks.is_empty()).then(|| list_id.clone())} {oninput} />
                <label for={exact_id.clone()} class="visually-hidden">{ words().fill(words().ui.lab.exact_input, &[("label", label(spec)), ("unit", unit)]) }</label>
                <input type="number" id={exact_id} name={key} class="ctl-exact" inputmode="numeric"
                    min={spec.min.to_string()} max={spec.max.to_string()} step="1" value={value.to_string()} oninput={oninput_exact} {onchange} />
            </div>
            if !marks.is_empty() {
                <datalist id={list_id}>
                    { for marks.iter().map(|(v, name)| html! { <option value={ladder.position_of(*v).to_string()} label={name.clone()}></option> }) }
                </datalist>
                <ul class="ctl-marks">
                    { for marks.iter().map(|(v, name)| html! { <li>{ format!("{name}: {}", with_unit(*v)) }</li> }) }
                </ul>
            }
        </div>
    }
}

/// The lab panel's accessible name, for the figure numbered `number`.
fn lab_label(number: &str) -> String {
    words().fill(words().ui.lab.panel_label, &[("number", number)])
}

/// The button that opens and closes a figure's lab ([`lab_panel`], `ID-lab`):
/// every figure's lab (issue 38), since lesson mode shows only the one or
/// two controls its paragraph is about.
pub fn lab_toggle(figure_id: &str, open: bool, onclick: Callback<MouseEvent>) -> Html {
    html! {
        <button type="button" class="btn lab-toggle" aria-expanded={open.to_string()}
            aria-controls={format!("{figure_id}-lab")} onclick={onclick}>
            { if open { words().ui.lab.close } else { words().ui.lab.open } }
        </button>
    }
}

/// Lesson mode's bar, the same in every figure: `items` (what the lesson
/// shows at load), then the button that opens figure `figure_id`'s lab
/// ([`lab_toggle`]). One function rather than the markup in each figure's
/// view, which Yew would build once per component.
pub fn lesson_bar(figure_id: &str, open: bool, onclick: Callback<MouseEvent>, items: Html) -> Html {
    html! {
        <div class="lesson-bar" role="group" aria-label={words().ui.lab.lesson_label}>
            { items }
            { lab_toggle(figure_id, open, onclick) }
        </div>
    }
}

/// A figure's lab, under its stage: `body` while open; while closed the
/// empty panel stays in the page (hidden) for the toggle's `aria-controls`.
pub fn lab_panel(figure_id: &str, number: &str, open: bool, body: Html) -> Html {
    html! {
        <div class="lab-panel" id={format!("{figure_id}-lab")} role="region" aria-label={lab_label(number)} hidden={!open}>
            { if open { body } else { html! {} } }
        </div>
    }
}
