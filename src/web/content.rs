//! The prose: the chapter list (`build.rs` lists `content/*.md` with their
//! titles), fetching a chapter's HTML, rendered ahead of time from its
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

include!(concat!(env!("OUT_DIR"), "/chapters.rs"));

/// One chapter: its id (file name without `.md`) and title (its first `# ` heading).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chapter {
    pub id: &'static str,
    pub title: &'static str,
}

/// The chapters in reading order, glossary last (the build script's order).
pub fn chapters() -> Vec<Chapter> {
    CHAPTERS.iter().map(|&(id, title)| Chapter { id, title }).collect()
}

pub fn chapter(id: &str) -> Option<Chapter> {
    chapters().into_iter().find(|c| c.id == id)
}

/// Fetches a chapter's rendered HTML. The id comes from [`chapters`], never
/// from the URL directly, so the request path is always one of ours.
pub async fn fetch_chapter_html(chapter: Chapter) -> Result<String, String> {
    let url = format!("content/html/{}.html", chapter.id);
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

/// Replaces every `{{sim:…}}` placeholder in `text` (HTML) with its value,
/// escaped. Unknown ones become a visible marker instead of silently vanishing.
pub fn fill_sim_placeholders(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{sim:") {
        out.push_str(&rest[..start]);
        let after = &rest[start + 6..];
        match after.find("}}") {
            Some(end) => {
                let inner = &after[..end];
                let mut parts = inner.splitn(2, ':');
                let preset = parts.next().unwrap_or("");
                let metric = parts.next().unwrap_or("");
                match sim_value(preset, metric) {
                    Some(v) => out.push_str(&lab_model::html::escape_html(&v)),
                    None => out.push_str("(값 없음)"),
                }
                rest = &after[end + 2..];
            }
            None => {
                out.push_str(&rest[start..]);
                rest = "";
            }
        }
    }
    out.push_str(rest);
    out
}
