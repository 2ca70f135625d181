//! The Yew site (wasm32 only).
pub fn start() {}
