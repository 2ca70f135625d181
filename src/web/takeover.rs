//! How the live site takes over a static page (issue 18, "static first").
//! Every page (`index.html`, `ID.html`, `embed-ID.html`; rendered by
//! `crate::content::prerender`) arrives with its content already in `#app`. The app is built out of sight beside
//! it, in a container laid out but not painted, and replaces it in one
//! frame once its own chapter text is in. So the reader never sees a
//! loading line, nothing on screen moves (the new subtree is new, not
//! shifted, so it adds no layout shift), the largest paint stays the
//! prerendered one, and the paragraph the reader had scrolled to stays
//! where it was.
//!
//! A page without static content (a build without `content/pages/`) is
//! simply emptied and mounted into.

use std::cell::RefCell;

use wasm_bindgen::JsCast;

/// The attribute `#app` carries while it shows a prerendered chapter
/// (its value: the chapter's id).
const PRERENDERED: &str = "data-prerendered";
/// The attribute of the live container while it is built out of sight
/// (`static/site.css`: laid out, not painted, not in the accessibility tree).
const PENDING: &str = "data-pending";

/// The element the app mounts into: `#app` itself (emptied), or, on a
/// prerendered page, a container appended to it and kept out of sight
/// until [`reveal`].
pub fn mount_root(app: web_sys::Element) -> web_sys::Element {
    if !app.has_attribute(PRERENDERED) {
        app.set_text_content(None);
        return app;
    }
    let live = gloo::utils::document().create_element("div").ok();
    match live {
        Some(live) if app.append_child(&live).is_ok() => {
            live.set_class_name("app-live");
            let _ = live.set_attribute(PENDING, "");
            live
        }
        _ => {
            app.set_text_content(None);
            let _ = app.remove_attribute(PRERENDERED);
            app
        }
    }
}

thread_local! {
    /// The figure the address targets, asked to be scrolled to while the
    /// static page was still shown: [`reveal`] brings it into view.
    static TARGET: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Brings the element `id` into view: now, or, while the static page is
/// still shown, once the live page replaces it (the static page holds an
/// element of the same id, and the live one is not on screen yet).
pub fn scroll_into_view(id: &str) {
    if pending() {
        TARGET.with(|t| *t.borrow_mut() = Some(id.to_string()));
    } else if let Some(el) = gloo::utils::document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

/// Whether the page still shows its static content.
pub fn pending() -> bool {
    shown().is_some()
}

/// What the page's static content is, while it shows it: a chapter's id, or `embed-ID`.
pub fn shown() -> Option<String> {
    gloo::utils::document().get_element_by_id("app")?.get_attribute(PRERENDERED)
}

/// Where the reader is in the prerendered chapter: the index of the first
/// block of its prose not yet scrolled past, and that block's top on screen.
/// `None` at the top of the page (nothing to keep in place).
fn reading_position(app: &web_sys::Element) -> Option<(u32, f64)> {
    if gloo::utils::window().scroll_y().unwrap_or(0.0) <= 0.0 {
        return None;
    }
    let blocks = app.query_selector_all("article.chapter .prose > *").ok()?;
    (0..blocks.length()).find_map(|i| {
        let block: web_sys::Element = blocks.item(i)?.dyn_into().ok()?;
        let rect = block.get_bounding_client_rect();
        (rect.bottom() > 0.0).then(|| (i, rect.top()))
    })
}

/// Replaces the prerendered chapter with the live page, in one frame,
/// keeping the block the reader was at where it was on screen when the
/// live page shows the same chapter. Does nothing on a page without one,
/// or once done.
pub fn reveal(live_chapter: &str) {
    let doc = gloo::utils::document();
    let Some(app) = doc.get_element_by_id("app") else { return };
    let Some(shown) = app.get_attribute(PRERENDERED) else { return };
    let Ok(Some(live)) = app.query_selector(":scope > .app-live") else { return };
    let position = if shown == live_chapter { reading_position(&app) } else { None };
    if let Ok(children) = app.query_selector_all(":scope > *") {
        let others = (0..children.length()).filter_map(|i| children.item(i)?.dyn_into::<web_sys::Element>().ok());
        for old in others.filter(|c| *c != live).collect::<Vec<_>>() {
            old.remove();
        }
    }
    let _ = live.remove_attribute(PENDING);
    let _ = app.remove_attribute(PRERENDERED);
    // A figure the address targets wins over the place the reader was reading.
    if let Some(target) = TARGET.with(|t| t.borrow_mut().take()) {
        scroll_into_view(&target);
        return;
    }
    let Some((index, top)) = position else { return };
    let block = live.query_selector_all("article.chapter .prose > *").ok().and_then(|b| b.item(index));
    if let Some(block) = block.and_then(|b| b.dyn_into::<web_sys::Element>().ok()) {
        let moved = block.get_bounding_client_rect().top() - top;
        if moved.abs() >= 1.0 {
            gloo::utils::window().scroll_by_with_x_and_y(0.0, moved);
        }
    }
}

/// Keeps the prerendered chapter (its text and starting images) when the
/// live one cannot be had, and says so above it, as text.
pub fn keep_prerendered(why: &str) {
    let doc = gloo::utils::document();
    let Some(app) = doc.get_element_by_id("app") else { return };
    if !app.has_attribute(PRERENDERED) {
        return;
    }
    if let Ok(Some(live)) = app.query_selector(":scope > .app-live") {
        live.remove();
    }
    let Ok(Some(main)) = app.query_selector("main") else { return };
    let Ok(notice) = doc.create_element("div") else { return };
    notice.set_class_name("notice");
    let _ = notice.set_attribute("role", "alert");
    let words = super::page_words::words();
    notice.set_text_content(Some(&words.fill(words.ui.page.takeover_failed, &[("why", why)])));
    let _ = main.insert_before(&notice, main.first_child().as_ref());
    let _ = app.remove_attribute(PRERENDERED);
}
