//! The prose in the browser: fetching a chapter's HTML, rendered ahead of time from its
//! markdown (`crate::content::prose`), from `content/html/ID.html` next to the page
//! (Trunk copies the folder into `dist/`), and the `{{sim:PRESET:METRIC}}`
//! placeholders, filled from live runs so that every number in the text
//! comes from the simulation.
//!
//! The prose is fetched rather than embedded so that the wasm stays within
//! its size budget and a reader downloads only the chapter they open.

use std::cell::RefCell;

use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::sim::lease::Preset;

pub use crate::content::shell::{chapter, chapters, Chapter};

/// Fetches a chapter's rendered HTML. The id comes from [`chapters`], never
/// from the URL directly, so the request path is always one of ours.
pub async fn fetch_chapter_html(chapter: Chapter) -> Result<String, String> {
    // The page's edition's prose (`content/html/en/ID.html` for English), from the site's root.
    let lang = super::page_words::words().lang();
    let url = super::page_words::at_root(&format!(
        "content/html/{}{}.html",
        lab_model::permalink::edition_dir(lang),
        chapter.id
    ));
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(&url)).await.map_err(|e| format!("{e:?}"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| "not a Response".to_string())?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| format!("{e:?}"))?).await.map_err(|e| format!("{e:?}"))?;
    text.as_string().ok_or_else(|| "not text".to_string())
}

thread_local! {
    static SUMMARY_CACHE: RefCell<Vec<(Preset, crate::sim::lease::LeaseTrace)>> = const { RefCell::new(Vec::new()) };
}

/// The value a `{{sim:PRESET:METRIC}}` placeholder stands for
/// (`crate::content::prose::sim_value`), each preset's run made once per page.
/// `None` for an unknown preset or metric.
pub fn sim_value(preset_key: &str, metric: &str) -> Option<String> {
    let preset = Preset::from_key(preset_key)?;
    SUMMARY_CACHE.with(|cache| {
        let mut cache = cache.borrow_mut();
        let i = match cache.iter().position(|(p, _)| *p == preset) {
            Some(i) => i,
            None => {
                cache.push((preset, crate::content::prose::sim_run(preset)));
                cache.len() - 1
            }
        };
        crate::content::prose::sim_value(&cache[i].1, metric)
    })
}

/// Replaces every `{{sim:…}}` placeholder in `text` (HTML) with its live
/// value ([`crate::content::prose::fill_sim`]), an unknown one marked in
/// the page's language.
pub fn fill_sim_placeholders(text: &str) -> String {
    crate::content::prose::fill_sim(super::page_words::words(), text, sim_value)
}
