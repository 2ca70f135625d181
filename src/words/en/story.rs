//! The English words of Article A's story sentences (lab_figures::story) and the story lead.

use crate::story::StoryWords;

/// The English table.
pub const STORY: StoryWords = StoryWords {};
