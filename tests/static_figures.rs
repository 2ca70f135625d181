//! The figures' static images (`static/figures/ID.png`, each figure's
//! starting state at 760 px with its caption, drawn by `lab figure`'s code,
//! an Article B story at the moment it opens on its chapter's load,
//! and `hook.png` and `hook-narrow.png`, the front page's hook stopped at its
//! question, at 760 px and for a phone, and both in the dark palette,
//! `hook-dark.png` and `hook-narrow-dark.png`): what the
//! static pages show before the wasm arrives and where the site's scripts
//! cannot run (`tests/prerender.rs`, docs/site.md, "Hosting an embed").
//! The English edition's are the same images in English words, in
//! `static/figures/en/` (manifest rows `en/ID`).
//!
//! The PNG bytes depend on the machine's floating-point rasteriser, so they
//! are not compared. What is compared is what they are drawn from: the
//! figure's SVG at the same state and width (text, deterministic), whose
//! hash `static/figures/manifest.tsv` records. A figure whose drawing or
//! caption changed gets its image and its manifest row rewritten, and the
//! test fails once so that the change is seen and committed (as
//! `tests/prose.rs` does for the prose).

use std::fs;
use std::path::Path;

use consistency_lab::figures::export::card::opening_time_us;
use consistency_lab::figures::export::native::render;
use consistency_lab::figures::export::{figure_list, render_svg, Format, Request};
use consistency_lab::figures::hook::{HookRun, HOOK_QUERY, HOOK_WINDOW_MS, NARROW_SCALE, NARROW_WIDTH};
use consistency_lab::figures::theme::Theme;
use consistency_lab::words::{Lang, Words};

const WIDTH: u32 = 760;

/// FNV-1a, 64 bits: a stable fingerprint of a figure's SVG.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// Every static image's request in `words`: each figure's starting state,
/// then the hook's.
fn requests(words: &'static Words) -> Vec<(&'static str, Request)> {
    // The hook's timeline, as A1's figure at the hook's setting, stopped at its question.
    let hook = Request {
        width: WIDTH,
        params: Some(HOOK_QUERY.to_string()),
        window_ms: Some(HOOK_WINDOW_MS),
        time_us: HookRun::new().question_at_us(),
        ..Request::new("lease-expiry", Format::Svg, words)
    };
    // And for a phone, laid out at 360 px; each also in the dark palette,
    // for a reader whose page is dark (the front page's largest paint).
    let hook_narrow = Request { width: NARROW_WIDTH, scale: NARROW_SCALE, ..hook.clone() };
    let dark = |r: &Request| Request { theme: Theme::Dark, ..r.clone() };
    let hooks = [
        ("hook", hook.clone()),
        ("hook-narrow", hook_narrow.clone()),
        ("hook-dark", dark(&hook)),
        ("hook-narrow-dark", dark(&hook_narrow)),
    ];
    // A story is drawn where it opens on its chapter's load (the page's
    // first picture, `figures::vote::opening`), not at its end.
    // A lock-lease timeline opens at the start of its run (issue 38: the
    // drawing does not answer the chapter's question before the reader plays).
    let images = figure_list().into_iter().map(|spec| {
        let time_us = opening_time_us(spec, words);
        (spec.id, Request { width: WIDTH, time_us, ..Request::new(spec.id, Format::Svg, words) })
    });
    images.chain(hooks).collect()
}

#[test]
fn every_figure_has_its_static_image_and_caption() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("static").join("figures");
    fs::create_dir_all(&dir).unwrap();
    let manifest_path = dir.join("manifest.tsv");
    let old_manifest = fs::read_to_string(&manifest_path).unwrap_or_default();
    let mut manifest = String::from("# id\twidth\tsvg fingerprint (tests/static_figures.rs)\n");
    let mut stale = Vec::new();
    // The Korean edition's at the root, the English one's in `en/` (`en/ID` in the manifest).
    for lang in Lang::ALL {
        let edition = consistency_lab::content::prerender::edition_dir(lang);
        let requests = requests(Words::of(lang));
        let dir = dir.join(&edition);
        fs::create_dir_all(&dir).unwrap();
        for (name, request) in requests {
            let svg = render_svg(&request).unwrap();
            let scale = if request.scale == 1.0 { String::new() } else { format!("@{}x", request.scale) };
            let row = format!("{edition}{name}\t{}{scale}\t{}\n", request.width, fingerprint(&svg));
            let png = dir.join(format!("{name}.png"));
            if !old_manifest.contains(&row) || !png.exists() {
                let rendered = render(&Request { format: Format::Png, ..request }).unwrap();
                fs::write(&png, &rendered.bytes).unwrap();
                stale.push(format!("{edition}{name}"));
            }
            manifest.push_str(&row);
        }
        // No image outlives its figure.
        for entry in fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            if let Some(id) = name.strip_suffix(".png") {
                if !id.starts_with("hook") && !figure_list().iter().any(|f| f.id == id) {
                    fs::remove_file(&path).unwrap();
                    stale.push("(a removed figure)".to_string());
                }
            }
        }
    }
    if manifest != old_manifest {
        fs::write(&manifest_path, &manifest).unwrap();
    }

    assert!(stale.is_empty(), "drawn again (commit them): {stale:?}");
    assert!(manifest.lines().count() >= 16, "{manifest}");
}
