//! The static pages (`content::prerender`): writes each to
//! `content/pages/FILE` and the redirect script into index.html, and fails
//! once when any changed, so that the change is seen and committed (as
//! `tests/prose.rs` does for the prose), with each page's oEmbed document
//! beside it (`ID.oembed.json`; `tests/oembed.rs` reads them). The build's post-build hook
//! (`scripts/prerender.mjs`) puts each page into a copy of index.html.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::{pages, redirect_script, Image, Inputs, Page, HEAD_END};
use consistency_lab::figures::export::figure_list;
use consistency_lab::figures::hook::{CANVAS_LABEL, NARROW_SCALE};

const SCRIPT_START: &str = "<script id=\"lab-static-pages\">";
const SCRIPT_END: &str = "</script>";

/// Width and height of a PNG, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

fn image(root: &Path, name: &str, alt: &str) -> Option<Image> {
    image_in(root, "figures", name, alt)
}

/// `static/DIR/NAME.png`, at `DIR/NAME.png` in the site, if it is there.
fn image_in(root: &Path, dir: &str, name: &str, alt: &str) -> Option<Image> {
    let path = root.join("static").join(dir).join(format!("{name}.png"));
    path.exists().then(|| {
        let (width, height) = png_size(&path);
        Image { src: format!("{dir}/{name}.png"), width, height, alt: alt.to_string() }
    })
}

fn built(root: &Path) -> Vec<Page> {
    let html_dir = root.join("content/html");
    let values = fs::read_to_string(html_dir.join("sim-values.json")).unwrap();
    let sim_values: BTreeMap<String, String> = serde_json::from_str(&values).unwrap();
    let figures: BTreeMap<String, Image> = figure_list()
        .into_iter()
        .filter_map(|spec| Some((spec.id.to_string(), image(root, spec.id, spec.caption_ko)?)))
        .collect();
    // The figures' link-card images (static/og/), where they are drawn yet.
    let cards: BTreeMap<String, Image> = figure_list()
        .into_iter()
        .filter_map(|spec| Some((spec.id.to_string(), image_in(root, "og", spec.id, spec.caption_ko)?)))
        .collect();
    let chapter_html = |id: &str| fs::read_to_string(html_dir.join(format!("{id}.html"))).unwrap();
    let hook = image(root, "hook", CANVAS_LABEL).expect("static/figures/hook.png (tests/static_figures.rs)");
    let mut hook_narrow = image(root, "hook-narrow", CANVAS_LABEL).expect("static/figures/hook-narrow.png");
    // Drawn at NARROW_SCALE pixels per CSS pixel.
    let css = |px: u32| (f64::from(px) / NARROW_SCALE).round() as u32;
    (hook_narrow.width, hook_narrow.height) = (css(hook_narrow.width), css(hook_narrow.height));
    pages(&Inputs {
        chapter_html: &chapter_html,
        sim_values: &sim_values,
        figures: &figures,
        cards: &cards,
        hook,
        hook_narrow,
    })
}

#[test]
fn every_static_page_is_written_and_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let dir = root.join("content/pages");
    fs::create_dir_all(&dir).unwrap();
    let pages = built(root);
    let mut stale = Vec::new();
    for page in &pages {
        for (file, text) in [(page.file.clone(), page.file_text()), (page.oembed_file(), page.oembed.clone())] {
            let path = dir.join(&file);
            if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                fs::write(&path, text).unwrap();
                stale.push(file);
            }
        }
    }
    for entry in fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !pages.iter().any(|p| p.file == name || p.oembed_file() == name) {
            fs::remove_file(&path).unwrap();
            stale.push(format!("(removed {name})"));
        }
    }
    let index_path = root.join("index.html");
    let index = fs::read_to_string(&index_path).unwrap();
    let start =
        index.find(SCRIPT_START).expect("index.html has the static pages' redirect script") + SCRIPT_START.len();
    let end = start + index[start..].find(SCRIPT_END).unwrap();
    let script = redirect_script(&pages);
    if index[start..end] != script {
        fs::write(&index_path, format!("{}{script}{}", &index[..start], &index[end..])).unwrap();
        stale.push("(index.html's redirect script)".into());
    }
    assert!(stale.is_empty(), "written again (commit them): {stale:?}");
}

#[test]
fn every_address_has_its_page_and_every_page_reads_without_scripts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = built(root);
    let file = |name: &str| pages.iter().find(|p| p.file == name).unwrap_or_else(|| panic!("no {name}"));
    for chapter in consistency_lab::content::shell::chapters() {
        let page = file(&format!("{}.html", chapter.id));
        assert!(page.app.contains(&format!("data-prerendered=\"{}\"", chapter.id)));
        assert!(!page.app.contains("{{") && !page.app.contains("(값 없음)"), "{}: an unfilled number", chapter.id);
        assert!(page.head.contains("og:title") && page.head.contains("<title>"), "{}", chapter.id);
    }
    for spec in figure_list() {
        let page = file(&format!("embed-{}.html", spec.id));
        assert!(page.embed && page.app.contains(&format!("src=\"figures/{}.png\"", spec.id)));
    }
    // The front page: the hook's question and its stop, the map, the first chapter; no answer.
    let front = file("index.html");
    assert!(front.app.contains("hook-question") && front.app.contains("figures/hook.png"));
    assert!(front.app.contains("lease가 끝났습니다") && !front.app.contains("원을 썼습니다. 결제는"));
    assert!(front.app.contains("href=\"a1-lease-expiry.html\""));
    for page in &pages {
        assert!(page.file_text().split(HEAD_END).count() == 2, "{}", page.file);
        assert!(!page.app.contains("<script"), "{}: a script in the page's body", page.file);
    }
}
