//! The English words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.

use crate::notices::NoticeWords;

/// The English table.
pub const NOTICES: NoticeWords = NoticeWords {};
