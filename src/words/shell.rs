//! The words of the site frame: navigation, the page's notices, prose markers.
//!
//! Declared here once; the Korean table is [`crate::ko::shell`], the English
//! one [`crate::en::shell`]. (Filled by issue 42's piece 6.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ShellWords {}
}
