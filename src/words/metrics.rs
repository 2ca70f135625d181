//! The words of the metrics' names, units and labels (lab_model::metrics).
//!
//! Declared here once; the Korean table is [`crate::ko::metrics`], the English
//! one [`crate::en::metrics`]. (Filled by issue 42's piece 2.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct MetricWords {}
}
