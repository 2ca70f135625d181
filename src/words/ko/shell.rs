//! The Korean words of the site frame: navigation, the page's notices, prose markers.

use crate::shell::ShellWords;

/// The Korean table.
pub const SHELL: ShellWords = ShellWords {};
