//! The words of the figures' text alternatives and the player's narration.
//!
//! Declared here once; the Korean table is [`crate::ko::alt`], the English
//! one [`crate::en::alt`]. (Filled by issue 42's piece 3.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct AltWords {}
}
