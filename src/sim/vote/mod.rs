//! Scenario B: vote-before-persist (Article B, model.md §4).
