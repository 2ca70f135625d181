//! The English words of the live page's controls, buttons and status lines.

use crate::ui::UiWords;

/// The English table.
pub const UI: UiWords = UiWords {};
