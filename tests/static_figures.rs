//! The figures' static images (`static/figures/ID.png`, each figure's
//! starting state at 760 px with its caption, drawn by `lab figure`'s code)
//! and the captions index.html carries for them: what a reader sees where
//! the site's scripts cannot run, e.g. an embed in a sandboxed frame whose
//! host serves no CORS headers (docs/site.md, "Hosting an embed").
//!
//! The PNG bytes depend on the machine's floating-point rasteriser, so they
//! are not compared. What is compared is what they are drawn from: the
//! figure's SVG at the same state and width (text, deterministic), whose
//! hash `static/figures/manifest.tsv` records, and the captions. A figure
//! whose drawing or caption changed gets its image, its manifest row and
//! index.html's caption block rewritten, and the test fails once so that the
//! change is seen and committed (as `tests/prose.rs` does for the prose).

use std::fs;
use std::path::Path;

use consistency_lab::figures::export::native::render;
use consistency_lab::figures::export::{figure_list, render_svg, Format, Request};

const WIDTH: u32 = 760;
const BLOCK_START: &str = "<script type=\"application/json\" id=\"lab-static-figures\">";
const BLOCK_END: &str = "</script>";

/// FNV-1a, 64 bits: a stable fingerprint of a figure's SVG.
fn fingerprint(text: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in text.bytes() {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    format!("{h:016x}")
}

/// `s` as a JSON string, with `<` escaped so that it can sit inside a `<script>` element.
fn json_string(s: &str) -> String {
    let mut out = String::from('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '<' => out.push_str("\\u003c"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[test]
fn every_figure_has_its_static_image_and_caption() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("static").join("figures");
    fs::create_dir_all(&dir).unwrap();
    let manifest_path = dir.join("manifest.tsv");
    let old_manifest = fs::read_to_string(&manifest_path).unwrap_or_default();
    let mut manifest = String::from("# id\twidth\tsvg fingerprint (tests/static_figures.rs)\n");
    let mut captions = Vec::new();
    let mut stale = Vec::new();
    for spec in figure_list() {
        let svg = render_svg(&Request { width: WIDTH, ..Request::new(spec.id, Format::Svg) }).unwrap();
        let row = format!("{}\t{WIDTH}\t{}\n", spec.id, fingerprint(&svg));
        let png = dir.join(format!("{}.png", spec.id));
        if !old_manifest.contains(&row) || !png.exists() {
            let rendered = render(&Request { width: WIDTH, ..Request::new(spec.id, Format::Png) }).unwrap();
            fs::write(&png, &rendered.bytes).unwrap();
            stale.push(spec.id);
        }
        manifest.push_str(&row);
        captions.push(format!("{}:{}", json_string(spec.id), json_string(spec.caption_ko)));
    }
    // No image outlives its figure.
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if let Some(id) = name.strip_suffix(".png") {
            if !figure_list().iter().any(|f| f.id == id) {
                fs::remove_file(&path).unwrap();
                stale.push("(a removed figure)");
            }
        }
    }
    if manifest != old_manifest {
        fs::write(&manifest_path, &manifest).unwrap();
    }

    // index.html's block of captions, which its static fallback reads.
    let index_path = root.join("index.html");
    let index = fs::read_to_string(&index_path).unwrap();
    let start = index.find(BLOCK_START).expect("index.html has the static figures' caption block") + BLOCK_START.len();
    let end = start + index[start..].find(BLOCK_END).unwrap();
    let block = format!("{{{}}}", captions.join(","));
    if index[start..end] != block {
        fs::write(&index_path, format!("{}{block}{}", &index[..start], &index[end..])).unwrap();
        stale.push("(index.html's captions)");
    }
    assert!(stale.is_empty(), "drawn again (commit them): {stale:?}");
    assert!(captions.len() >= 15, "{captions:?}");
}
