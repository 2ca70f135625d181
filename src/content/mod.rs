//! The chapters' text layer, above the figures and below the front ends:
//! the markdown of `content/` rendered to the HTML the site fetches
//! (`prose`), the predictions a reader makes before a figure answers
//! (`predict`), the settings the prose names (`lease_fact`, `vote_fact`),
//! and the real runs shown beside the model (`real_view`,
//! native only: rendered ahead of time, never in the browser).
//!
//! Nothing here imports `crate::web` or `crate::cli` (tests/tidy.rs).

pub mod lease_fact;
pub mod placeholder;
pub mod predict;
#[cfg(not(target_arch = "wasm32"))]
pub mod prerender;
pub mod prose;
#[cfg(not(target_arch = "wasm32"))]
pub mod real_view;
pub mod shell;
pub mod vote_fact;
