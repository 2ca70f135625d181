//! Facts for the words layer: what the figures, the page and `lab` find
//! and want said, as data, never as a sentence. The layers that find them
//! (lab-figures, the content, the page) build these values; the words layer
//! (`lab-words`, above this crate) turns each into Korean or English. They
//! live here, below both, so that both can name them.
//!
//! One module per domain, matching the words layer's: [`story`] (Article
//! A's story moments), [`hook`] (the front page), [`tips`] (what a pointed
//! mark is), [`alt`] (a figure's state for its text alternative and the
//! player's narration), [`vote`] (Article B's scenes and figures' facts),
//! [`share`] (what the share kit and the exports describe).

pub mod alt;
pub mod hook;
pub mod share;
pub mod story;
pub mod tips;
pub mod vote;
