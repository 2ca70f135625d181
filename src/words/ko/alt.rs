//! The Korean words of the figures' text alternatives and the player's narration.

use crate::alt::AltWords;

/// The Korean table.
pub const ALT: AltWords = AltWords {};
