//! The English words of the metrics' names, units and labels (lab_model::metrics).

use crate::metrics::MetricWords;

/// The English table.
pub const METRICS: MetricWords = MetricWords {};
