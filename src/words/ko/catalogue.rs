//! The Korean words of the variants', presets' and sweeps' names, the figures' captions (lab_model::{catalogue,registry}).

use crate::catalogue::CatalogueWords;

/// The Korean table.
pub const CATALOGUE: CatalogueWords = CatalogueWords {};
