//! The figure catalogue (`lab_model::registry`) against the chapters: the
//! build script maps every `{{figure:ID}}` marker to the chapter that
//! places it (`FIGURE_CHAPTERS`), and the catalogue must agree.

use lab_model::registry::{figure, FIGURES, PAGE_ONLY};

include!(concat!(env!("OUT_DIR"), "/figure_chapters.rs"));

/// The chapter of every figure is the one whose prose places it, and
/// every `{{figure:ID}}` marker names a figure of this list.
#[test]
fn chapters_match_the_prose() {
    for (id, chapter) in FIGURE_CHAPTERS.iter().filter(|(id, _)| !PAGE_ONLY.contains(id)) {
        let f = figure(id).unwrap_or_else(|| panic!("{{{{figure:{id}}}}} in {chapter} is not in FIGURES"));
        assert_eq!(f.chapter, *chapter, "{id}");
    }
    for f in FIGURES {
        assert!(FIGURE_CHAPTERS.iter().any(|(id, _)| *id == f.id), "{} is placed by no chapter", f.id);
    }
}

/// A figure's number is its chapter's and its place among the chapter's
/// figures (the order of the prose's markers).
#[test]
fn numbers_follow_the_chapters() {
    let a_chapters: Vec<&str> = {
        let mut v: Vec<&str> = FIGURE_CHAPTERS.iter().map(|(_, c)| *c).filter(|c| c.starts_with('a')).collect();
        v.dedup();
        v
    };
    for f in FIGURES {
        let place =
            FIGURE_CHAPTERS.iter().filter(|(_, c)| *c == f.chapter).position(|(id, _)| *id == f.id).unwrap() + 1;
        let chapter = match f.chapter.strip_prefix('b') {
            Some(rest) => format!("B{}", rest.split('-').next().unwrap()),
            None => (a_chapters.iter().position(|c| *c == f.chapter).unwrap() + 1).to_string(),
        };
        assert_eq!(f.number, format!("{chapter}-{place}"), "{}", f.id);
    }
    assert_eq!(figure("watchdog-stop").unwrap().number, "2-1");
    assert_eq!(figure("kill-vs-power").unwrap().number, "B7-1");
}
