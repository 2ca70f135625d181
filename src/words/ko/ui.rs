//! The Korean words of the live page's controls, buttons and status lines.

use crate::ui::UiWords;

/// The Korean table.
pub const UI: UiWords = UiWords {};
