//! The words of the live page's controls, buttons and status lines.
//!
//! Declared here once; the Korean table is [`crate::ko::ui`], the English
//! one [`crate::en::ui`]. (Filled by issue 42's piece 7.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct UiWords {}
}
