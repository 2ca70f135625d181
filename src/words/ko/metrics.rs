//! The Korean words of the metrics' names, units and labels (lab_model::metrics).

use crate::metrics::MetricWords;

/// The Korean table.
pub const METRICS: MetricWords = MetricWords {};
