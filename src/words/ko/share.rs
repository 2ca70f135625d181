//! The Korean words of the share panel, oEmbed titles and the exported files' words.

use crate::share::ShareWords;

/// The Korean table.
pub const SHARE: ShareWords = ShareWords {};
