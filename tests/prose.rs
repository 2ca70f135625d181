//! The rendered chapters (`content/html/ID.html`, what the site fetches) are
//! the rendering of their markdown (`content/ko/ID.md`), and the English
//! edition's (`content/html/en/ID.html`) of `content/en/ID.md` with the
//! English table: this test renders every chapter of both again with
//! `consistency_lab::content::prose` and compares. A stale or
//! missing file is rewritten in place and the test fails, so that the change
//! is seen and committed (`cargo test --test prose` after editing prose).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use consistency_lab::content::prose::{render_chapter, sim_placeholders, sim_run, sim_value, split_chapter, Block};
use consistency_lab::sim::lease::{LeaseTrace, Preset};

/// The Korean edition's words: what `content/ko/*.md` is written in.
fn korean() -> &'static consistency_lab::words::Words {
    consistency_lab::words::Words::of(consistency_lab::words::Lang::Ko)
}

/// Renders every chapter of `markdown_dir` with `words` into `html_dir`,
/// rewriting what changed and removing what outlived its source (each
/// named in `stale`); returns the chapter ids.
fn render_edition(
    words: &'static consistency_lab::words::Words,
    markdown_dir: &Path,
    html_dir: &Path,
    placeholders: &mut BTreeSet<String>,
    stale: &mut Vec<String>,
) -> Vec<String> {
    fs::create_dir_all(html_dir).unwrap();
    let mut chapters = Vec::new();
    for entry in fs::read_dir(markdown_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let id = path.file_stem().unwrap().to_str().unwrap().to_string();
        let markdown = fs::read_to_string(&path).unwrap();
        for (preset, metric) in sim_placeholders(&markdown) {
            placeholders.insert(format!("{preset}:{metric}"));
        }
        let rendered = render_chapter(words, &markdown);
        let target = html_dir.join(format!("{id}.html"));
        if fs::read_to_string(&target).ok().as_deref() != Some(rendered.as_str()) {
            fs::write(&target, &rendered).unwrap();
            stale.push(target.display().to_string());
        }
        chapters.push(id);
    }
    // No rendered file outlives its source (an edition's directory is not a file).
    for entry in fs::read_dir(html_dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let id = path.file_stem().unwrap().to_str().unwrap().to_string();
        if !chapters.contains(&id) && id != "sim-values" {
            fs::remove_file(&path).unwrap();
            stale.push(format!("{} (removed)", path.display()));
        }
    }
    chapters.sort();
    chapters
}

#[test]
fn every_rendered_chapter_is_its_markdown_rendered() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let html_dir = content.join("html");
    let mut stale = Vec::new();
    let mut placeholders = BTreeSet::new();
    let chapters = render_edition(korean(), &content.join("ko"), &html_dir, &mut placeholders, &mut stale);
    let english = consistency_lab::words::Words::of(consistency_lab::words::Lang::En);
    let english_chapters =
        render_edition(english, &content.join("en"), &html_dir.join("en"), &mut placeholders, &mut stale);
    assert_eq!(english_chapters, chapters, "the two editions have the same chapters");
    // The values of every `{{sim:…}}` placeholder, for the prerendered
    // chapter pages (scripts/prerender.mjs); the page computes the same live.
    // One run per preset, as the page makes them.
    let mut runs: Vec<(Preset, LeaseTrace)> = Vec::new();
    let mut values = BTreeMap::new();
    for key in &placeholders {
        let (preset, metric) = key.split_once(':').unwrap();
        let p = Preset::from_key(preset).unwrap_or_else(|| panic!("{{{{sim:{key}}}}}: no such preset"));
        if !runs.iter().any(|(q, _)| *q == p) {
            runs.push((p, sim_run(p)));
        }
        let trace = &runs.iter().find(|(q, _)| *q == p).unwrap().1;
        let v = sim_value(trace, metric).unwrap_or_else(|| panic!("{{{{sim:{key}}}}}: no such metric"));
        values.insert(key.clone(), v);
    }
    let json = serde_json::to_string_pretty(&values).unwrap() + "\n";
    let values = html_dir.join("sim-values.json");
    if fs::read_to_string(&values).ok().as_deref() != Some(json.as_str()) {
        fs::write(&values, &json).unwrap();
        stale.push("sim-values.json".into());
    }

    assert!(chapters.len() >= 17, "{chapters:?}");
    assert!(stale.is_empty(), "rendered again (commit them): {stale:?}");
}

#[test]
fn every_chapter_renders_to_prose_and_its_figures() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
    let markdown = fs::read_to_string(content.join("a1-lease-expiry.md")).unwrap();
    let html = render_chapter(korean(), &markdown);
    let blocks = split_chapter(&html);
    let figures: Vec<&str> =
        blocks.iter().filter_map(|b| if let Block::Figure(id) = b { Some(*id) } else { None }).collect();
    let markers = markdown.lines().filter(|l| l.trim().starts_with("{{figure:")).count();
    assert_eq!(figures.len(), markers);
    assert!(figures.contains(&"lease-expiry"));
    // The chapter opens on its story: the first block after the title's prose.
    assert_eq!(blocks.iter().find(|b| !matches!(b, Block::Html(_))), Some(&Block::Story("lease-expiry")));
    assert!(blocks.iter().all(|b| match b {
        Block::Html(h) => h.starts_with("<div class=\"prose\">") && h.ends_with("</div>"),
        Block::Figure(_) | Block::Predict(_) | Block::Story(_) => true,
    }));
}

/// The English chapters (`content/en/`, rendered to `content/html/en/`)
/// render with the English table: their
/// "Where we differ from the article." notes fold as the Korean ones do,
/// their kept tables open under "Show tables: …", their questions are the
/// English table's, and the real runs' views speak English.
#[test]
fn the_english_drafts_render_with_the_english_words() {
    let english = consistency_lab::words::Words::of(consistency_lab::words::Lang::En);
    let prose = &english.shell.prose;
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/en");
    let mut rendered = 0;
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let markdown = fs::read_to_string(&path).unwrap();
        let html = render_chapter(english, &markdown);
        let notes =
            markdown.lines().filter(|l| l.trim_start().starts_with(&format!("> {}", prose.differs_label))).count();
        let folded = format!("<details class=\"differs\"><summary>{}</summary>", prose.differs_title);
        assert_eq!(html.matches(&folded).count(), notes, "{}", path.display());
        let kept = markdown.lines().filter(|l| l.trim().starts_with("{{tables:")).count();
        assert_eq!(
            html.matches("<details class=\"tables-more\"><summary>Show tables: ").count(),
            kept,
            "{}",
            path.display()
        );
        for line in markdown.lines().map(str::trim) {
            if let Some(id) = line.strip_prefix("{{predict:").and_then(|r| r.strip_suffix("}}")) {
                let p = consistency_lab::content::predict::prediction(id).unwrap();
                assert!(html.contains(&lab_model::html::escape_html(p.question(english))), "{id}");
            }
            if line.starts_with("{{real-limits:") {
                assert!(html.contains("<strong>What the real runs do not prove.</strong>"), "{line}");
            }
        }
        rendered += 1;
    }
    assert!(rendered >= 17, "{rendered} English drafts");
}

/// The text of a rendered chapter as a reader counts it: tags stripped,
/// entities decoded, whitespace collapsed; `main` leaves out what is not
/// the chapter's running prose (figures with their captions and tables,
/// tables, collapsible `<details>` notes, and the `<aside>` notes under the
/// real-run tables).
fn chapter_text(html: &str, main: bool) -> String {
    let mut html = html.to_string();
    if main {
        for tag in ["figure", "table", "details", "aside"] {
            while let Some(start) = html.find(&format!("<{tag}")) {
                let close = format!("</{tag}>");
                let Some(end) = html[start..].find(&close) else { break };
                html.replace_range(start..start + end + close.len(), " ");
            }
        }
    }
    let mut text = String::new();
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => {
                in_tag = false;
                text.push(' ');
            }
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    let text = text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'");
    let text = text.replace("&amp;", "&");
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The prose length report (issue 25): each chapter's characters, all of
/// its text and its running prose alone, and A1–A4's running prose against
/// the 11,000-character target. Until the chapters are rewritten to meet
/// it, the test holds A1–A4 at today's length, so that they do not grow.
#[test]
fn prose_length_report() {
    let html_dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("content").join("html");
    let mut ids: Vec<String> = fs::read_dir(&html_dir)
        .unwrap()
        .filter_map(|e| {
            let path = e.unwrap().path();
            (path.extension()? == "html").then(|| path.file_stem()?.to_str().map(str::to_string))?
        })
        .collect();
    ids.sort();
    let mut a1_a4 = 0;
    eprintln!("prose length (characters): chapter, all text, running prose");
    for id in &ids {
        let html = fs::read_to_string(html_dir.join(format!("{id}.html"))).unwrap();
        let (all, main) = (chapter_text(&html, false).chars().count(), chapter_text(&html, true).chars().count());
        eprintln!("  {id:<24} {all:>6} {main:>6}");
        if ["a1-", "a2-", "a3-", "a4-"].iter().any(|p| id.starts_with(p)) {
            a1_a4 += main;
        }
    }
    const TARGET: usize = 11_000;
    const TODAY: usize = 10_800;
    eprintln!("  A1–A4 running prose: {a1_a4} (target {TARGET}, held at {TODAY})");
    assert!(a1_a4 > 5_000, "the report reads the chapters ({a1_a4} characters)");
    assert!(a1_a4 <= TODAY, "A1–A4's running prose grew to {a1_a4} characters (held at {TODAY}, target {TARGET})");
}
