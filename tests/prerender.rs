//! The static pages (`content::prerender`): writes each to
//! `content/pages/FILE` and the redirect script into index.html, and fails
//! once when any changed, so that the change is seen and committed (as
//! `tests/prose.rs` does for the prose), with each page's oEmbed document
//! beside it (`ID.oembed.json`; `tests/oembed.rs` reads them). The build's post-build hook
//! (`scripts/prerender.mjs`) puts each page into a copy of index.html.

use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::{redirect_script, Page, HEAD_END};
use consistency_lab::figures::export::figure_list;

const SCRIPT_START: &str = "<script id=\"lab-static-pages\">";
const SCRIPT_END: &str = "</script>";

#[path = "support/static_pages.rs"]
mod static_pages;
use static_pages::built_pages;

/// Every static page, from the rendered chapters (`content/html/ID.html`).
fn built(root: &Path) -> Vec<Page> {
    let html_dir = root.join("content/html");
    built_pages(root, &|id: &str| fs::read_to_string(html_dir.join(format!("{id}.html"))).unwrap())
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
        let no_value = consistency_lab::words::Words::of(consistency_lab::words::Lang::Ko).shell.prose.no_value;
        assert!(!page.app.contains("{{") && !page.app.contains(no_value), "{}: an unfilled number", chapter.id);
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
