//! The English words of the variants', presets' and sweeps' names, the figures' captions (lab_model::{catalogue,registry}).

use crate::catalogue::CatalogueWords;

/// The English table.
pub const CATALOGUE: CatalogueWords = CatalogueWords {};
