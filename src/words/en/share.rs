//! The English words of the share panel, oEmbed titles and the exported files' words.

use crate::share::ShareWords;

/// The English table.
pub const SHARE: ShareWords = ShareWords {};
