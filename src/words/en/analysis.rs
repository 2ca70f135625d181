//! The English words of a run's description, its table rows and the article's cells (lab_model::{analysis,article,sweep}).

use crate::analysis::AnalysisWords;

/// The English table.
pub const ANALYSIS: AnalysisWords = AnalysisWords {};
