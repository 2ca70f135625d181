//! The words of what a mark says when pointed at: holds, leases, writes, series points.
//!
//! Declared here once; the Korean table is [`crate::ko::tips`], the English
//! one [`crate::en::tips`]. (Filled by issue 42's piece 3.)

crate::words! {
    /// Every word of this domain, one field each.
    pub struct TipWords {}
}
