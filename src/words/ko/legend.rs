//! The Korean words of legends, axis titles and drawn labels of Article A's figures.

use crate::legend::LegendWords;

/// The Korean table.
pub const LEGEND: LegendWords = LegendWords {};
