//! The words of legends, axis titles and drawn labels of Article A's figures.
//!
//! Declared here once; the Korean table is [`crate::ko::legend`], the English
//! one [`crate::en::legend`]. (Filled by issue 42's piece 3.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct LegendWords {}
}
