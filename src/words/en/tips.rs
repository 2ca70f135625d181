//! The English words of what a mark says when pointed at: holds, leases, writes, series points.

use crate::tips::TipWords;

/// The English table.
pub const TIPS: TipWords = TipWords {};
