//! The reader's view around a figure and a chapter (issue 16): the compact
//! line of a figure's key live numbers that stays on screen with the canvas
//! while the reader moves a control, and the chapter map's upkeep (the
//! current chapter's pill brought into the map's view). The layout itself
//! (sticky stage, control strip, drawer) is `static/reader.css`.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::page_words::words;

/// The key numbers line: `label value` pairs from the figure's own runs;
/// a value not yet computed shows as "…", and the line is marked pending
/// (dimmed) while its runs are computed anew. Nothing when there are none.
pub fn key_numbers(numbers: &[(&'static str, Option<String>)], pending: bool) -> Html {
    if numbers.is_empty() {
        return html! {};
    }
    let pending = pending || numbers.iter().any(|(_, v)| v.is_none());
    html! {
        <dl class="key-numbers" aria-label={words().ui.page.key_numbers} data-pending={if pending { "true" } else { "false" }}>
            { for numbers.iter().map(|(label, value)| html! {
                <div class="key-number">
                    <dt>{ *label }</dt>
                    <dd>{ value.clone().unwrap_or_else(|| "…".to_string()) }</dd>
                </div>
            }) }
        </dl>
    }
}

/// The key numbers line before the player reaches the results (no
/// spoilers): the same labels, each value held back as "?".
pub fn key_numbers_held(numbers: &[(&'static str, Option<String>)]) -> Html {
    if numbers.is_empty() {
        return html! {};
    }
    html! {
        <dl class="key-numbers" aria-label={words().ui.page.key_numbers_held} data-held="true">
            { for numbers.iter().map(|(label, _)| html! {
                <div class="key-number">
                    <dt>{ *label }</dt>
                    <dd>{ "?" }</dd>
                </div>
            }) }
        </dl>
    }
}

/// Scrolls the chapter map's list sideways so that the current chapter's
/// pill is in view (a narrow screen shows only part of the list). Only the
/// list scrolls, never the page.
pub fn reveal_current_chapter() {
    let document = gloo::utils::document();
    let Ok(Some(current)) = document.query_selector("nav.chapters a[aria-current=page]") else { return };
    let Some(list) = current.closest("ol").ok().flatten() else { return };
    let (Ok(list), Ok(pill)) = (list.dyn_into::<web_sys::HtmlElement>(), current.dyn_into::<web_sys::HtmlElement>())
    else {
        return;
    };
    let item = pill.parent_element().and_then(|li| li.dyn_into::<web_sys::HtmlElement>().ok()).unwrap_or(pill);
    // The list is positioned (reader.css), so the item's offset is within it.
    let centred = item.offset_left() - (list.client_width() - item.offset_width()) / 2;
    list.set_scroll_left(centred.max(0));
}
