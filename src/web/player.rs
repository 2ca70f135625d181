//! What the timeline players (lock-lease `figure.rs`, vote `vote_figure.rs`)
//! share: the keyboard map. Space plays or pauses, ← and → step one event,
//! unless the key belongs to the focused control (a button's Space, a
//! select's or a text field's arrows).

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, KeyboardEvent};

/// A player command typed on the keyboard.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerKey {
    Toggle,
    Step(i64),
}

/// The command `e` stands for, if any; the event's default action is then
/// prevented so the page does not also scroll.
pub fn player_key(e: &KeyboardEvent) -> Option<PlayerKey> {
    let target = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok());
    let tag = target.as_ref().map(|t| t.tag_name()).unwrap_or_default();
    let input_type = target
        .as_ref()
        .and_then(|t| t.clone().dyn_into::<HtmlInputElement>().ok())
        .map(|i| i.type_())
        .unwrap_or_default();
    let native_space = tag == "BUTTON" || tag == "SELECT" || (tag == "INPUT" && input_type != "range");
    let native_arrows = tag == "SELECT" || tag == "INPUT";
    let key = match e.key().as_str() {
        " " | "Spacebar" if !native_space => PlayerKey::Toggle,
        "ArrowRight" if !native_arrows => PlayerKey::Step(1),
        "ArrowLeft" if !native_arrows => PlayerKey::Step(-1),
        _ => return None,
    };
    e.prevent_default();
    Some(key)
}
