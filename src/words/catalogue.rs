//! The words of the variants', presets' and sweeps' names, the figures' captions (lab_model::{catalogue,registry}).
//!
//! Declared here once; the Korean table is [`crate::ko::catalogue`], the English
//! one [`crate::en::catalogue`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct CatalogueWords {}
}
