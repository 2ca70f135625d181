// The static pages as `content::prerender` renders them from the files in
// the tree (the figures' images, their link cards, the hook's two images and
// the simulation's values), given where each chapter's HTML comes from.
// Shared by tests/prerender.rs (the rendered chapters in content/html),
// tests/korean_pages.rs (the chapters rendered from their markdown now) and
// tests/english_pages.rs. Each edition shows its own images: the Korean
// `static/figures/` and `static/og/`, another `static/figures/CODE/` and
// `static/og/CODE/` (tests/static_figures.rs, tests/og_images.rs).

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::edition_dir;
use consistency_lab::content::prerender::{pages, Image, Inputs, Page};
use consistency_lab::figures::export::figure_list;
use consistency_lab::figures::hook::NARROW_SCALE;
use consistency_lab::words::Words;

/// Width and height of a PNG, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// `static/DIR/NAME.png`, at `DIR/NAME.png` in the site, if it is there.
fn image_in(root: &Path, dir: &str, name: &str, alt: &str) -> Option<Image> {
    let path = root.join("static").join(dir).join(format!("{name}.png"));
    path.exists().then(|| {
        let (width, height) = png_size(&path);
        Image { src: format!("{dir}/{name}.png"), width, height, alt: alt.to_string() }
    })
}

/// Every static page of the edition of `words`, each chapter's HTML from `chapter_html`.
pub fn built_pages(root: &Path, words: &'static Words, chapter_html: &dyn Fn(&str) -> String) -> Vec<Page> {
    let values = fs::read_to_string(root.join("content/html/sim-values.json")).unwrap();
    let sim_values: BTreeMap<String, String> = serde_json::from_str(&values).unwrap();
    let edition = edition_dir(words.lang());
    // Each figure's image of its starting state, and its link card (static/og/), where drawn yet.
    let images = |dir: &str| -> BTreeMap<String, Image> {
        let dir = format!("{dir}/{edition}");
        let dir = dir.trim_end_matches('/');
        figure_list()
            .into_iter()
            .filter_map(|spec| {
                let caption = consistency_lab::words::catalogue::caption(words, spec);
                Some((spec.id.to_string(), image_in(root, dir, spec.id, caption)?))
            })
            .collect()
    };
    let (figures, cards) = (images("figures"), images("og"));
    let figures_dir = format!("figures/{edition}");
    let figures_dir = figures_dir.trim_end_matches('/');
    let label = words.hook.canvas_label;
    let hook = image_in(root, figures_dir, "hook", label)
        .unwrap_or_else(|| panic!("static/{figures_dir}/hook.png (tests/static_figures.rs)"));
    let mut hook_narrow = image_in(root, figures_dir, "hook-narrow", label)
        .unwrap_or_else(|| panic!("static/{figures_dir}/hook-narrow.png"));
    // Drawn at NARROW_SCALE pixels per CSS pixel.
    let css = |px: u32| (f64::from(px) / NARROW_SCALE).round() as u32;
    (hook_narrow.width, hook_narrow.height) = (css(hook_narrow.width), css(hook_narrow.height));
    pages(words, &Inputs { chapter_html, sim_values: &sim_values, figures: &figures, cards: &cards, hook, hook_narrow })
}
