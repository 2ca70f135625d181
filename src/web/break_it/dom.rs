//! A tiny element builder for the figure: plain `web_sys` calls, text only
//! through `set_text_content` and attributes (never HTML), and every event
//! listener it makes kept in the builder, so the figure holds them until its
//! next draw and drops them then.

use std::rc::Rc;

use gloo::events::EventListener;
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, Event};

use super::Msg;

/// The SVG namespace, for the timeline's elements.
pub const SVG_NS: &str = "http://www.w3.org/2000/svg";

/// Builds one draw of the figure.
pub struct Builder {
    doc: Document,
    send: Rc<dyn Fn(Msg)>,
    /// The listeners of the elements built so far.
    pub listeners: Vec<EventListener>,
}

impl Builder {
    pub fn new(send: Rc<dyn Fn(Msg)>) -> Builder {
        Builder { doc: gloo::utils::document(), send, listeners: Vec::new() }
    }

    /// A new HTML element with `class` (none when empty).
    pub fn el(&self, tag: &str, class: &str) -> Element {
        let el = self.doc.create_element(tag).expect("an HTML element");
        if !class.is_empty() {
            el.set_class_name(class);
        }
        el
    }

    /// A new HTML element holding `text`.
    pub fn text(&self, tag: &str, class: &str, text: &str) -> Element {
        let el = self.el(tag, class);
        el.set_text_content(Some(text));
        el
    }

    /// A new SVG element with `class` (none when empty).
    pub fn svg(&self, tag: &str, class: &str) -> Element {
        let el = self.doc.create_element_ns(Some(SVG_NS), tag).expect("an SVG element");
        if !class.is_empty() {
            set(&el, "class", class);
        }
        el
    }

    /// A `<button type=button>` named `key` (`data-key`: where the focus
    /// goes back after the next draw) that sends `msg` when pressed.
    pub fn button(&mut self, key: &str, class: &str, label: &str, msg: Msg) -> Element {
        let el = self.text("button", class, label);
        set(&el, "type", "button");
        set(&el, "data-key", key);
        self.on_msg(&el, "click", msg);
        el
    }

    /// Sends `msg` when `target` gets `event`.
    pub fn on_msg(&mut self, target: &Element, event: &'static str, msg: Msg) {
        let send = self.send.clone();
        self.listeners.push(EventListener::new(target, event, move |_| send(msg.clone())));
    }

    /// Sends what `f` makes of `event` on `target`, if anything.
    pub fn on(&mut self, target: &Element, event: &'static str, f: impl Fn(&Event) -> Option<Msg> + 'static) {
        let send = self.send.clone();
        self.listeners.push(EventListener::new(target, event, move |e| {
            if let Some(msg) = f(e) {
                send(msg);
            }
        }));
    }
}

/// Sets attribute `name` of `el`.
pub fn set(el: &Element, name: &str, value: &str) {
    let _ = el.set_attribute(name, value);
}

/// Appends `children` to `parent`, in order.
pub fn append(parent: &Element, children: &[&Element]) {
    for child in children {
        let _ = parent.append_child(child);
    }
}

/// The element's `data-key`, if it is inside `root`.
pub fn key_inside(root: &Element, el: &Element) -> Option<String> {
    if !root.contains(Some(el)) {
        return None;
    }
    el.get_attribute("data-key")
}

/// Focuses the first element under `root` matching `selector`; whether one took it.
pub fn focus(root: &Element, selector: &str) -> bool {
    match root.query_selector(selector).ok().flatten().and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok()) {
        Some(el) => el.focus().is_ok(),
        None => false,
    }
}
