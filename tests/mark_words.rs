//! Every colour word in the prose (`{{mark:KEY|word}}`) picks out marks in
//! the figure it follows: the nearest `{{figure:ID}}` above it in its
//! chapter, in that figure's starting state with the player at the end (what
//! the reader has seen once it played), on a phone and on a desktop. A word
//! whose figure draws no mark of its kind would light nothing when the
//! reader points at it; this test fails then, naming the word.

use std::fs;
use std::path::Path;

use consistency_lab::figures::figure_spec;
use consistency_lab::figures::plan::{LeaseFigure, LeasePlan};
use consistency_lab::figures::side_by_side::{frame, panel_figures, SIDE_BY_SIDE_ID};
use consistency_lab::figures::timeline::LegendItem;

/// (chapter, figure, key, word) for every `{{mark:…}}` in `content/ko/`.
fn mark_words() -> Vec<(String, String, String, String)> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
    let mut out = Vec::new();
    let mut files: Vec<_> = fs::read_dir(&content).unwrap().map(|e| e.unwrap().path()).collect();
    files.sort();
    for path in files.iter().filter(|p| p.extension().and_then(|e| e.to_str()) == Some("md")) {
        let chapter = path.file_stem().unwrap().to_str().unwrap().to_string();
        let mut figure: Option<String> = None;
        for line in fs::read_to_string(path).unwrap().lines() {
            if let Some(id) = line.trim().strip_prefix("{{figure:").and_then(|r| r.strip_suffix("}}")) {
                figure = Some(id.trim().to_string());
            }
            let mut rest = line;
            while let Some(at) = rest.find("{{mark:") {
                let after = &rest[at + 7..];
                let end = after.find("}}").expect("a closed {{mark:…}}");
                let (key, word) = after[..end].split_once('|').expect("{{mark:KEY|word}}");
                let fig = figure.clone().unwrap_or_else(|| panic!("{chapter}: \"{word}\" follows no figure"));
                out.push((chapter.clone(), fig, key.to_string(), word.to_string()));
                rest = &after[end + 2..];
            }
        }
    }
    out
}

/// The marks `item` picks out of figure `id` in its starting state, at the end, `width_css` wide.
fn spotlit(id: &str, item: LegendItem, width_css: f64) -> usize {
    if id == SIDE_BY_SIDE_ID {
        return panel_figures()
            .into_iter()
            .map(|(_, figure)| {
                figure.set_spotlight(Some(item));
                figure.story_spotlit_count(&frame(&figure, figure.window_us()), width_css, 2.0)
            })
            .sum();
    }
    let spec = figure_spec(id).unwrap_or_else(|| panic!("{id} is not a lock-lease figure"));
    let figure: LeaseFigure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
    figure.set_spotlight(Some(item));
    figure.spotlit_count(width_css, 2.0, figure.window_us())
}

#[test]
fn every_colour_word_picks_out_marks_in_its_figure() {
    let words = mark_words();
    assert!(words.len() >= 15, "the chapters' colour words: {}", words.len());
    let mut report = Vec::new();
    let mut empty = Vec::new();
    for (chapter, figure, key, word) in &words {
        let item = LegendItem::from_key(key).unwrap_or_else(|| panic!("{chapter}: unknown mark {key}"));
        let counts = [390.0, 1280.0].map(|w| spotlit(figure, item, w));
        report.push(format!("{chapter} · {figure} · \"{word}\" ({key}): {} / {} marks", counts[0], counts[1]));
        if counts.contains(&0) {
            empty.push(format!("{chapter}: \"{word}\" ({key}) lights nothing in {figure}: {counts:?}"));
        }
    }
    println!("{}", report.join("\n"));
    assert!(empty.is_empty(), "{}", empty.join("\n"));
}

#[test]
fn a_spotlight_changes_the_drawing_and_none_leaves_it_as_it_was() {
    let spec = figure_spec("lease-expiry").unwrap();
    let figure = LeasePlan::new(spec, spec.initial_query(), None, true).run();
    let svg = |figure: &LeaseFigure| {
        consistency_lab::figures::recording::svg_of((900, 700), |area| {
            figure.draw_highlighted(area, figure.window_us(), 1.0, None)
        })
        .unwrap()
    };
    let plain = svg(&figure);
    figure.set_spotlight(Some(LegendItem::Stolen));
    let lit = svg(&figure);
    assert_ne!(plain, lit);
    assert!(lit.len() > plain.len(), "the veil and the marks painted again are added");
    figure.set_spotlight(None);
    assert_eq!(svg(&figure), plain);
}
