//! The English words of the site frame: navigation, the page's notices, prose markers.

use crate::shell::ShellWords;

/// The English table.
pub const SHELL: ShellWords = ShellWords {};
