//! The words of legends, axis titles and drawn labels of Article A's figures.
//!
//! Declared here once; the Korean table is [`crate::ko::legend`], the English
//! one [`crate::en::legend`].

crate::words! {
    /// Every word of this domain, one field each.
    pub struct LegendWords {
        /// The lane timelines' legend items, in `lab_figures::timeline::LegendItem::ALL`'s order.
        pub timeline: [&'static str; 24],
    }
}
