//! The Korean words of the predictions: questions, choices, reasons, answers.

use crate::predict::PredictWords;

/// The Korean table.
pub const PREDICT: PredictWords = PredictWords {};
