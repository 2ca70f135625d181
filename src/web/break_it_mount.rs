//! Figure 8-1 `break-it`'s place on the page: its `<figure>`, caption and
//! an empty mount `<div>`, which the lazily loaded `check` module
//! (src/bin/check.rs, `super::break_it`) fills with the figure itself. The
//! site's first load carries only this: the checker, the reader's session
//! and the figure's drawing come with the module, which is imported when
//! the figure is first on the page, so only the readers of this chapter
//! fetch it. The module reads the figure's keys from the address itself
//! (`check`, `threads`, `sched`), and writes them back as the reader plays.
//!
//! No Yew component of its own: a component type costs the first load
//! about 3 KB of Yew's lifecycle code, for a figure whose inside Yew never
//! draws. The app draws [`figure`] in the chapter and calls [`mount_new`]
//! after each of its renders; the loading line (or the failure message in
//! its place) is the mount's own DOM, which the module replaces.

use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;

/// The figure's words: the page's table, the `check` domain (what the mount
/// says while the module loads, and when one that loaded cannot build the figure).
fn words() -> &'static lab_words::check::BreakItWords {
    &super::page_words::words().check.break_it
}

/// The mount `<div>`s not yet handed to the module.
const NEW_MOUNTS: &str = "figure.break-it > .break-it-mount:not([data-mounted])";

#[wasm_bindgen]
extern "C" {
    /// The `check` module's namespace object (its exports).
    type CheckModule;

    #[wasm_bindgen(method, catch)]
    fn break_mount(this: &CheckModule, container: &web_sys::Element, search: &str) -> Result<(), JsValue>;
}

/// Figure 8-1's `<figure id="break-it">`: the mount with its loading line,
/// and the caption; described by the line the module says each step in
/// (`break-it-said`), as B2-1 is by its own. Our own markup (the registry's caption, escaped), as
/// one raw node: Yew compares it as text and never looks inside, where the
/// module builds.
pub fn figure(spec: &lab_model::registry::FigureSpec) -> Html {
    Html::from_html_unchecked(AttrValue::from(format!(
        "<figure id=\"{}\" class=\"lab-figure break-it\" aria-describedby=\"break-it-said\" data-awaiting-module=\"\"><div class=\"break-it-mount\">\
         <p class=\"figure-loading\" role=\"status\">{loading}</p></div><figcaption>{}</figcaption></figure>",
        spec.id,
        lab_model::html::escape_html(lab_words::catalogue::caption(crate::web::page_words::words(), spec)),
        loading = words().loading,
    )))
}

/// Hands a new mount on the page to the `check` module (its loading line
/// and `data-awaiting-module` say it is coming, as the figures module's
/// figures do): the figure, or a Korean message in the loading line's
/// place if the module could not be had or could not build it.
pub fn mount_new() {
    let Ok(Some(div)) = gloo::utils::document().query_selector(NEW_MOUNTS) else { return };
    let _ = div.set_attribute("data-mounted", "");
    wasm_bindgen_futures::spawn_local(async move {
        let result = match super::lazy_figures::import("check").await {
            // The reader left the chapter before the module came: the
            // figure would write its address over the page's.
            Ok(_) if !div.is_connected() => return,
            Ok(module) => {
                let search = gloo::utils::window().location().search().unwrap_or_default();
                let line = div.first_element_child();
                div.set_text_content(None);
                let built = module.unchecked_into::<CheckModule>().break_mount(&div, &search);
                built.map_err(|_| (words().failed.to_string(), line))
            }
            Err(why) => Err((why, div.first_element_child())),
        };
        // The message takes the loading line's place (a status line still,
        // no longer a loading one).
        if let Err((why, Some(line))) = result {
            line.set_class_name("notice");
            line.set_text_content(Some(&why));
            let _ = div.append_child(&line);
        }
        if let Some(figure) = div.parent_element() {
            let _ = figure.remove_attribute("data-awaiting-module");
        }
    });
}
