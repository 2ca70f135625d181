//! The English words of the real runs' views beside the model and the article.

use crate::real::RealWords;

/// The English table.
pub const REAL: RealWords = RealWords {};
