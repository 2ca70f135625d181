//! The Korean words of Article A's story sentences (lab_figures::story) and the story lead.

use crate::story::StoryWords;

/// The Korean table.
pub const STORY: StoryWords = StoryWords {};
