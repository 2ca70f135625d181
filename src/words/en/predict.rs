//! The English words of the predictions: questions, choices, reasons, answers.

use crate::predict::PredictWords;

/// The English table.
pub const PREDICT: PredictWords = PredictWords {};
