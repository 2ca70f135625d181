//! The prose's colour words as pointers into the figure above them. A
//! `{{mark:KEY|word}}` is rendered as `<span class="mark-word" data-mark=KEY
//! tabindex=0>` (`crate::content::prose`); pointing at one, focusing it or tapping it
//! picks out every mark of that kind in the nearest lock-lease figure before
//! its paragraph (`figures::timeline::spotlight`). A tap pins it until the
//! word is tapped again, a tap in the prose elsewhere, or Esc; pointing
//! elsewhere lets an unpinned one go.
//!
//! One set of listeners on the document serves every chapter; the figures
//! hear of a change through `EVENT` on the window and ask [`of`] which
//! kind is theirs now.

use std::cell::RefCell;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Element, Event, KeyboardEvent, MouseEvent};

use crate::figures::timeline::LegendItem;

/// The window event a change of spotlight is announced with.
const EVENT: &str = "lab-spotlight";
/// The attribute a word carries while its marks are picked out.
const LIT: &str = "data-lit";

/// A word's kind of mark and the figure (its element id) it points into.
#[derive(Clone, PartialEq)]
struct Spot {
    figure: String,
    item: LegendItem,
}

#[derive(Default)]
struct State {
    /// Under the pointer or focused.
    pointed: Option<(Element, Spot)>,
    /// Tapped or clicked.
    pinned: Option<(Element, Spot)>,
}

impl State {
    fn current(&self) -> Option<&(Element, Spot)> {
        self.pointed.as_ref().or(self.pinned.as_ref())
    }
}

thread_local! {
    static STATE: RefCell<State> = RefCell::default();
}

/// The kind of mark figure `figure_id` picks out now, if any.
pub fn of(figure_id: &str) -> Option<LegendItem> {
    STATE.with(|s| s.borrow().current().filter(|(_, spot)| spot.figure == figure_id).map(|(_, spot)| spot.item))
}

/// Says on `el` (a figure's canvas or panels) which kind of mark is picked
/// out there and how many are drawn: `data-spotlight`, `data-spotlight-count`.
pub fn state_on(el: &Element, item: Option<LegendItem>, count: usize) {
    let _ = match item {
        Some(item) => el
            .set_attribute("data-spotlight", item.key())
            .and_then(|_| el.set_attribute("data-spotlight-count", &count.to_string())),
        None => el.remove_attribute("data-spotlight").and_then(|_| el.remove_attribute("data-spotlight-count")),
    };
}

/// A listener that calls `callback` when the spotlight changes (any figure's).
pub fn on_change(callback: impl Fn() + 'static) -> EventListener {
    EventListener::new(&gloo::utils::window(), EVENT, move |_| callback())
}

/// Listens for the colour words on the document, for the page's whole life.
pub fn install() {
    let doc = gloo::utils::document();
    type Handler = fn(&Event);
    let handlers: [(&str, Handler); 6] = [
        ("mouseover", point),
        ("focusin", point),
        ("mouseout", leave),
        ("focusout", leave),
        ("click", press),
        ("keydown", escape),
    ];
    for (kind, handler) in handlers {
        EventListener::new(&doc, kind, handler).forget();
    }
}

fn point(e: &Event) {
    if let Some(word) = word_of(e) {
        change(|s| s.pointed = Some(word));
    }
}

fn leave(e: &Event) {
    let Some((word, _)) = word_of(e) else { return };
    // Moving within the word (onto its swatch) is not leaving it.
    let into = e.dyn_ref::<MouseEvent>().and_then(MouseEvent::related_target);
    if into.and_then(|t| t.dyn_into::<web_sys::Node>().ok()).is_some_and(|n| word.contains(Some(&n))) {
        return;
    }
    change(|s| s.pointed = None);
}

fn press(e: &Event) {
    match word_of(e) {
        Some(word) => change(|s| {
            let again = s.pinned.as_ref().is_some_and(|(_, spot)| *spot == word.1);
            s.pointed = None;
            s.pinned = (!again).then_some(word);
        }),
        None => {
            // A press inside a figure (its player, its canvas) keeps the spotlight on it.
            let in_figure = e
                .target()
                .and_then(|t| t.dyn_into::<Element>().ok())
                .and_then(|el| el.closest("figure").ok().flatten())
                .is_some();
            if !in_figure {
                change(|s| s.pinned = None);
            }
        }
    }
}

fn escape(e: &Event) {
    if e.dyn_ref::<KeyboardEvent>().is_some_and(|k| k.key() == "Escape") {
        change(|s| {
            s.pinned = None;
            s.pointed = None;
        });
    }
}

/// The colour word an event happened on, with the figure it points into.
fn word_of(e: &Event) -> Option<(Element, Spot)> {
    let target: Element = e.target()?.dyn_into().ok()?;
    let word = target.closest(".mark-word[data-mark]").ok()??;
    let item = LegendItem::from_key(&word.get_attribute("data-mark")?)?;
    let figure = figure_before(&word)?;
    Some((word, Spot { figure, item }))
}

/// The id of the last lock-lease figure before the chapter block that holds `word`.
fn figure_before(word: &Element) -> Option<String> {
    let mut block = word.clone();
    while let Some(parent) = block.parent_element() {
        if parent.matches("article.chapter").unwrap_or(false) {
            break;
        }
        block = parent;
    }
    let mut sibling = block.previous_element_sibling();
    while let Some(el) = sibling {
        let found = if el.matches("figure.lab-figure").unwrap_or(false) {
            Some(el.clone())
        } else {
            let all = el.query_selector_all("figure.lab-figure").ok()?;
            all.get(all.length().saturating_sub(1)).and_then(|n| n.dyn_into::<Element>().ok())
        };
        if let Some(figure) = found {
            return Some(figure.id());
        }
        sibling = el.previous_element_sibling();
    }
    None
}

/// Applies `f` to the state; when the spotlight changed, marks the lit word
/// and tells the figures.
fn change(f: impl FnOnce(&mut State)) {
    let (before, after) = STATE.with(|s| {
        let mut s = s.borrow_mut();
        let before = s.current().cloned();
        f(&mut s);
        (before, s.current().cloned())
    });
    let same = match (&before, &after) {
        (Some((a, x)), Some((b, y))) => a == b && x == y,
        (None, None) => true,
        _ => false,
    };
    if same {
        return;
    }
    if let Some((word, _)) = &before {
        let _ = word.remove_attribute(LIT);
    }
    if let Some((word, _)) = &after {
        let _ = word.set_attribute(LIT, "");
    }
    if let Ok(event) = Event::new(EVENT) {
        let _ = gloo::utils::window().dispatch_event(&event);
    }
}
