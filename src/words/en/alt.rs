//! The English words of the figures' text alternatives and the player's narration.

use crate::alt::AltWords;

/// The English table.
pub const ALT: AltWords = AltWords {};
