//! The Korean words of the front page's question and its outcome (lab_figures::hook).

use crate::hook::HookWords;

/// The Korean table.
pub const HOOK: HookWords = HookWords {};
