//! Numbers once (issue 38): every chapter, rendered from its markdown as the
//! site shows it, has at most one comparison table outside a closed
//! `<details>` (the glossary aside); the others wait behind "Show tables: …"
//! (in the chapter's words, `lab_words::shell::ProseWords::tables`). A
//! table's every value after the row's name carries its column's label for
//! the phone's cards, so a number keeps its source when the columns stack.
//! (The figures' own tables are drawn by the page, not in this HTML; the
//! e2e test `e2e/tests/tables_once.test.mjs` counts the built pages.)

use std::fs;
use std::path::Path;

use consistency_lab::content::prose::render_chapter;

/// The Korean edition's words: what `content/ko/*.md` is written in.
fn korean() -> &'static consistency_lab::words::Words {
    consistency_lab::words::Words::of(consistency_lab::words::Lang::Ko)
}

/// The tables of `html` not inside any `<details>` (the renderer never
/// writes an open one).
fn tables_shown(html: &str) -> usize {
    let mut depth = 0usize;
    let mut shown = 0;
    let mut rest = html;
    while let Some(at) = rest.find('<') {
        rest = &rest[at + 1..];
        if rest.starts_with("details") {
            depth += 1;
        } else if rest.starts_with("/details") {
            depth = depth.checked_sub(1).expect("a </details> without its <details>");
        } else if rest.starts_with("table") && depth == 0 {
            shown += 1;
        }
    }
    assert_eq!(depth, 0, "an unclosed <details>");
    shown
}

fn chapters() -> Vec<(String, String)> {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
    let mut out: Vec<(String, String)> = fs::read_dir(&content)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "md").then(|| {
                let id = path.file_stem().unwrap().to_str().unwrap().to_string();
                (id, render_chapter(korean(), &fs::read_to_string(&path).unwrap()))
            })
        })
        .collect();
    out.sort();
    assert!(out.len() >= 17, "{out:?}");
    out
}

#[test]
fn a_chapter_shows_at_most_one_table_at_load() {
    let mut over = Vec::new();
    for (id, html) in chapters() {
        let shown = tables_shown(&html);
        if id != "glossary" && shown > 1 {
            over.push(format!("{id}: {shown}"));
        }
    }
    assert!(over.is_empty(), "chapters showing more than one table at load: {over:?}");
}

#[test]
fn the_kept_tables_say_what_is_inside() {
    for (id, html) in chapters() {
        for part in html.split("<details class=\"tables-more\">").skip(1) {
            let summary = part.strip_prefix("<summary>").and_then(|p| p.split_once("</summary>")).map(|s| s.0);
            let summary = summary.unwrap_or_else(|| panic!("{id}: a kept table without its summary"));
            let title = korean().shell.prose.tables.split("{what}").next().unwrap();
            assert!(summary.starts_with(title) && summary.chars().count() > 10, "{id}: {summary:?}");
            let inside = &part[..part.find("</details>").unwrap()];
            assert!(inside.contains("<table"), "{id}: {summary:?} holds no table");
        }
    }
}

#[test]
fn every_comparison_value_says_its_source_on_a_phone() {
    let pay = &korean().real.pay;
    let sources = [pay.article, pay.simulated, pay.real];
    let mut tables = 0;
    for (id, html) in chapters() {
        for table in html.split("<table").skip(1) {
            let table = &table[..table.find("</table>").unwrap()];
            let Some((head, body)) = table.split_once("</thead>") else { continue };
            if !sources.iter().any(|s| head.contains(s)) {
                continue;
            }
            tables += 1;
            for row in body.split("<tr>").skip(1) {
                // Every cell but the row's name (a th, or the first td) opens with its label.
                let cells: Vec<&str> = row.split("<td").skip(1).collect();
                let named = row.trim_start().starts_with("<th");
                for (i, cell) in cells.iter().enumerate() {
                    if !named && i == 0 {
                        continue;
                    }
                    let inner = &cell[cell.find('>').unwrap() + 1..];
                    assert!(inner.starts_with("<span class=\"cell-label\">"), "{id}: an unlabelled value: {cell:.120}");
                }
            }
        }
    }
    assert!(tables >= 20, "{tables} comparison tables");
}
