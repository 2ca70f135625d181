//! The rendered chapters (`content/html/ID.html`, what the site fetches) are
//! the rendering of their markdown (`content/ID.md`): this test renders every
//! chapter again with `consistency_lab::prose` and compares. A stale or
//! missing file is rewritten in place and the test fails, so that the change
//! is seen and committed (`cargo test --test prose` after editing prose).

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::Path;

use consistency_lab::prose::{render_chapter, sim_placeholders, sim_run, sim_value, split_chapter, Block};
use consistency_lab::sim::lease::{LeaseTrace, Preset};

#[test]
fn every_rendered_chapter_is_its_markdown_rendered() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let html_dir = content.join("html");
    fs::create_dir_all(&html_dir).unwrap();
    let mut stale = Vec::new();
    let mut chapters = Vec::new();
    let mut placeholders = BTreeSet::new();
    for entry in fs::read_dir(&content).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) != Some("md") {
            continue;
        }
        let id = path.file_stem().unwrap().to_str().unwrap().to_string();
        let markdown = fs::read_to_string(&path).unwrap();
        for (preset, metric) in sim_placeholders(&markdown) {
            placeholders.insert(format!("{preset}:{metric}"));
        }
        let rendered = render_chapter(&markdown);
        let target = html_dir.join(format!("{id}.html"));
        if fs::read_to_string(&target).ok().as_deref() != Some(rendered.as_str()) {
            fs::write(&target, &rendered).unwrap();
            stale.push(id.clone());
        }
        chapters.push(id);
    }
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

    // No rendered file outlives its source.
    for entry in fs::read_dir(&html_dir).unwrap() {
        let path = entry.unwrap().path();
        let id = path.file_stem().unwrap().to_str().unwrap().to_string();
        if !chapters.contains(&id) && id != "sim-values" {
            fs::remove_file(&path).unwrap();
            stale.push(format!("{id} (removed)"));
        }
    }
    assert!(chapters.len() >= 17, "{chapters:?}");
    assert!(stale.is_empty(), "rendered again (commit them): {stale:?}");
}

#[test]
fn every_chapter_renders_to_prose_and_its_figures() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let markdown = fs::read_to_string(content.join("a1-lease-expiry.md")).unwrap();
    let html = render_chapter(&markdown);
    let blocks = split_chapter(&html);
    let figures: Vec<&str> =
        blocks.iter().filter_map(|b| if let Block::Figure(id) = b { Some(*id) } else { None }).collect();
    let markers = markdown.lines().filter(|l| l.trim().starts_with("{{figure:")).count();
    assert_eq!(figures.len(), markers);
    assert!(figures.contains(&"lease-expiry"));
    assert!(blocks.iter().all(|b| match b {
        Block::Html(h) => h.starts_with("<div class=\"prose\">") && h.ends_with("</div>"),
        Block::Figure(_) | Block::Predict(_) => true,
    }));
}
