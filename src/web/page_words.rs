//! The words the page speaks: one accessor every component, the lazily
//! loaded modules and the exports ask ([`words`]), so that which table a
//! page reads is decided in one place.
//!
//! No table is compiled into the wasm (issue 42, piece 8): the page loads
//! its own as data. [`load`] reads the page's language from `<html lang>`
//! and its root from `data-root` (absent: `./`; an English page one
//! directory down says `../`), fetches `ROOT/words/LANG.words` (the head
//! preloads it, scripts/trunk-post-build.mjs), decodes it once
//! ([`lab_words::decode`]) and keeps it; `web::start` mounts the app only
//! after that. The bytes are also left on the page's `consistencyLab`
//! global, so the lazily loaded modules (src/bin/figures.rs,
//! src/bin/check.rs), which link this same accessor into their own memory,
//! decode the very same table the first time they ask, without a fetch.

use std::cell::Cell;

use lab_words::{DecodeError, Lang, Words};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

thread_local! {
    /// This module's table, once loaded or handed over.
    static TABLE: Cell<Option<&'static Words>> = const { Cell::new(None) };
}

/// The name of the words' bytes on the `consistencyLab` global.
const GLOBAL_KEY: &str = "words";

/// The table of the page's language. Every caller runs after [`load`]
/// succeeded (the app mounts only then; the lazy modules are imported by
/// the app), so a missing table is a bug of the start-up order.
pub fn words() -> &'static Words {
    try_words().expect("the page's words are loaded before anything reads them (web::start)")
}

/// The table of the page's language, if one is loaded: this module's own,
/// or the one the site left on the page for the lazily loaded modules.
pub fn try_words() -> Option<&'static Words> {
    if let Some(table) = TABLE.get() {
        return Some(table);
    }
    let bytes = handed_over()?;
    let table = lab_words::decode(Vec::leak(bytes)).ok()?;
    TABLE.set(Some(table));
    Some(table)
}

/// The bytes the site left on `consistencyLab.words`, if any.
fn handed_over() -> Option<Vec<u8>> {
    let lab = js_sys::Reflect::get(&js_sys::global(), &JsValue::from_str("consistencyLab")).ok()?;
    if lab.is_undefined() || lab.is_null() {
        return None;
    }
    let bytes = js_sys::Reflect::get(&lab, &JsValue::from_str(GLOBAL_KEY)).ok()?;
    bytes.dyn_into::<js_sys::Uint8Array>().ok().map(|b| b.to_vec())
}

/// The page's language: its `<html lang>` (Korean when absent or unknown).
pub fn page_lang() -> Lang {
    gloo::utils::document()
        .document_element()
        .and_then(|html| html.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or_default()
}

/// The page's root, relative to the page: `<html data-root>`, else `./`.
pub fn page_root() -> String {
    gloo::utils::document()
        .document_element()
        .and_then(|html| html.get_attribute("data-root"))
        .filter(|root| !root.is_empty())
        .unwrap_or_else(|| "./".to_string())
}

/// `path` (from the site's root, as `content/html/ID.html`) as this page
/// addresses it: under [`page_root`] (unchanged on a page at the root).
pub fn at_root(path: &str) -> String {
    let root = page_root();
    if root == "./" {
        path.to_string()
    } else {
        format!("{}{path}", if root.ends_with('/') { root } else { format!("{root}/") })
    }
}

/// The address of `lang`'s words file below `root`.
pub fn words_url(root: &str, lang: Lang) -> String {
    let root = if root.ends_with('/') { root.to_string() } else { format!("{root}/") };
    format!("{root}words/{}.words", lang.code())
}

/// Why the page's words could not be loaded (for the console; the reader
/// sees the static page and its own no-script line, [`show_unavailable`]).
#[derive(Debug)]
pub enum LoadError {
    /// The fetch failed or did not answer 200.
    Fetch(String),
    /// The file is not this build's table.
    Decode(DecodeError),
    /// The file holds another language than the page's.
    OtherLanguage(Lang),
}

/// Fetches, decodes and keeps the page's table, and leaves its bytes for
/// the lazily loaded modules. Once per page: a second call returns the
/// table already kept.
pub async fn load() -> Result<&'static Words, LoadError> {
    if let Some(table) = TABLE.get() {
        return Ok(table);
    }
    let lang = page_lang();
    let url = words_url(&page_root(), lang);
    let fetch_error = |e: JsValue| LoadError::Fetch(format!("{url}: {e:?}"));
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(&url)).await.map_err(fetch_error)?;
    let response: web_sys::Response = response.unchecked_into();
    if !response.ok() {
        return Err(LoadError::Fetch(format!("{url}: HTTP {}", response.status())));
    }
    let buffer = JsFuture::from(response.array_buffer().map_err(fetch_error)?).await.map_err(fetch_error)?;
    let array = js_sys::Uint8Array::new(&buffer);
    let table = lab_words::decode(Vec::leak(array.to_vec())).map_err(LoadError::Decode)?;
    if table.lang() != lang {
        return Err(LoadError::OtherLanguage(table.lang()));
    }
    TABLE.set(Some(table));
    hand_over(&array);
    Ok(table)
}

/// Makes the words file `bytes` the page's table, and leaves them for the
/// lazily loaded modules ([`load`] does this with the fetched file; the
/// browser tests with the committed one).
pub fn install(bytes: &'static [u8]) -> Result<&'static Words, DecodeError> {
    let table = lab_words::decode(bytes)?;
    TABLE.set(Some(table));
    hand_over(&js_sys::Uint8Array::from(bytes));
    Ok(table)
}

/// Leaves the words' bytes on `consistencyLab.words` for the other modules.
fn hand_over(bytes: &js_sys::Uint8Array) {
    let global = js_sys::global();
    let key = JsValue::from_str("consistencyLab");
    let lab = js_sys::Reflect::get(&global, &key).ok().filter(|v| v.is_object()).unwrap_or_else(|| {
        let lab: JsValue = js_sys::Object::new().into();
        let _ = js_sys::Reflect::set(&global, &key, &lab);
        lab
    });
    let _ = js_sys::Reflect::set(&lab, &JsValue::from_str(GLOBAL_KEY), bytes);
}

/// The page could not load its words: it stays the static page, and says
/// so with its own no-script line (the page's language, without a table),
/// in a status line above the content. Never panics.
pub fn show_unavailable(why: &LoadError) {
    web_sys::console::error_1(&format!("the page's words could not be loaded: {why:?}").into());
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else { return };
    let line = doc
        .query_selector("noscript")
        .ok()
        .flatten()
        .and_then(|n| n.text_content())
        .map(|markup| strip_tags(&markup))
        .filter(|text| !text.trim().is_empty())
        .unwrap_or_else(|| "WebAssembly / JavaScript".to_string());
    let Ok(status) = doc.create_element("p") else { return };
    status.set_id("words-unavailable");
    let _ = status.set_attribute("role", "status");
    let _ = status.set_attribute("class", "panic-banner");
    status.set_text_content(Some(line.trim()));
    if let Some(body) = doc.body() {
        let _ = body.insert_before(&status, body.first_child().as_ref());
    }
}

/// `markup`'s text: what lies outside its tags (a `<noscript>`'s content
/// reads as markup while scripts run).
fn strip_tags(markup: &str) -> String {
    let mut text = String::with_capacity(markup.len());
    let mut in_tag = false;
    for c in markup.chars() {
        match c {
            '<' => in_tag = true,
            '>' => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    text
}
