//! The Korean words of the real runs' views beside the model and the article.

use crate::real::RealWords;

/// The Korean table.
pub const REAL: RealWords = RealWords {};
