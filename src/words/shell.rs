//! The words of the site frame: navigation, the page's notices, prose markers.
//!
//! Declared here once; the Korean table is [`crate::ko::shell`], the English
//! one [`crate::en::shell`]. The frame's composition (which chapter gets
//! which few words, the pager's order) is `content::shell`'s; the
//! templates that take a title are filled here.

use crate::Words;

crate::words! {
    /// A chapter's few words in the chapter map, one field per chapter.
    pub struct NavWords {
        pub intro: &'static str,
        pub a1: &'static str,
        pub a2: &'static str,
        pub a3: &'static str,
        pub a4: &'static str,
        pub a5: &'static str,
        pub a6: &'static str,
        pub a7: &'static str,
        pub a8: &'static str,
        pub b1: &'static str,
        pub b2: &'static str,
        pub b3: &'static str,
        pub b4: &'static str,
        pub b5: &'static str,
        pub b6: &'static str,
        pub b7: &'static str,
        pub b8: &'static str,
        pub glossary: &'static str,
    }
}

crate::words! {
    /// What a chapter's prose marks with words of its own (`content::prose`).
    pub struct ProseWords {
        /// The bold words a blockquote opens with when it is a section's note
        /// on where the simulation differs from the article (markdown).
        pub differs_label: &'static str,
        /// That note's folded title.
        pub differs_title: &'static str,
        /// The folded tables' title: `{what}`, what they hold.
        pub tables: &'static str,
        /// What stands for a simulated value the page has not got.
        pub no_value: &'static str,
        /// Words a table's column head holds (in lower case) when the column
        /// names a source (the article, the simulation, a real run): such a
        /// table keeps its heads on a phone.
        pub sources: [&'static str; 3],
    }
}

crate::words! {
    /// What the static pages say where the live page would draw (`content::prerender`).
    pub struct StaticWords {
        /// The note under a static figure's caption.
        pub image_note: &'static str,
        /// What stands for a figure without an image.
        pub no_image: &'static str,
        /// Figure 8-1 without scripts: what it needs.
        pub check_needs_js: &'static str,
        /// The fold over the checker's smallest schedule: `{name}`, `{threads}`, `{steps}`.
        pub check_smallest: &'static str,
        /// The word a chapter's source paragraph opens with, which a link card's description skips.
        pub source: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ShellWords {
        /// The site's name, at the top of every page.
        pub site_title: &'static str,
        /// The line under it.
        pub site_sub: &'static str,
        /// The first link of every page, for keyboard readers.
        pub skip_link: &'static str,
        /// The chapter map's name for screen readers.
        pub chapter_map_label: &'static str,
        /// The pager's name for screen readers.
        pub pager_label: &'static str,
        /// The footer's one line.
        pub footer: &'static str,
        /// This edition's name in its own language: the other edition's
        /// pages link here under it (`lang` and `hreflang` set to this one's).
        pub edition_name: &'static str,
        /// The pager's link back: `{title}`.
        pub previous: &'static str,
        /// The pager's link on: `{title}`.
        pub next: &'static str,
        /// An embed's link to its chapter: `{site}`, `{chapter}`.
        pub embed_back: &'static str,
        /// What a chapter title says before its article's letter, left out of its short title.
        pub article_prefix: &'static str,
        /// The chapter map's few words per chapter.
        pub nav: NavWords,
        /// The front page's chapter map's name for screen readers.
        pub hook_map_label: &'static str,
        /// The front page's chapter map's groups: Article A, Article B, the glossary.
        pub hook_map_groups: [&'static str; 3],
        /// The hook's link into the first experiment.
        pub hook_start: &'static str,
        /// Article B's way in: who it is for.
        pub b_door_ask: &'static str,
        /// Article B's way in: what Article B asks.
        pub b_door_text: &'static str,
        /// Article B's way in: the link into B-1.
        pub b_door_start: &'static str,
        /// A player's play button.
        pub play: &'static str,
        /// What that button says while the player runs.
        pub pause: &'static str,
        /// The prose markers.
        pub prose: ProseWords,
        /// The static pages' own words.
        pub statics: StaticWords,
    }
}

/// The pager's link back to the chapter titled `title`.
pub fn previous_label(w: &Words, title: &str) -> String {
    w.fill(w.shell.previous, &[("title", title)])
}

/// The pager's link on to the chapter titled `title`.
pub fn next_label(w: &Words, title: &str) -> String {
    w.fill(w.shell.next, &[("title", title)])
}

/// An embed's link to the chapter titled `chapter_title` that places its figure.
pub fn embed_back_label(w: &Words, chapter_title: &str) -> String {
    w.fill(w.shell.embed_back, &[("site", w.shell.site_title), ("chapter", chapter_title)])
}

/// The fold over the checker's smallest counterexample for the variant named `name`.
pub fn check_smallest(w: &Words, name: &str, steps: usize, threads: u8) -> String {
    w.fill(
        w.shell.statics.check_smallest,
        &[("name", name), ("threads", &threads.to_string()), ("steps", &steps.to_string())],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Lang;

    #[test]
    fn the_english_frame_reads_as_english() {
        let w = Words::of(Lang::En);
        assert_eq!(previous_label(w, "Experiment 1: X"), "← Experiment 1: X");
        assert_eq!(next_label(w, "B-5: Y"), "B-5: Y →");
        assert_eq!(embed_back_label(w, "Experiment 1: X"), "Read “Experiment 1: X” in full on Consistency Lab →");
        assert_eq!(
            check_smallest(w, "(a) lock only", 4, 2),
            "Show the shortest counterexample the checker found for “(a) lock only” (2 threads, 4 steps)"
        );
        assert_eq!(
            check_smallest(w, "x", 1, 1),
            "Show the shortest counterexample the checker found for “x” (1 thread, 1 step)"
        );
    }
}
