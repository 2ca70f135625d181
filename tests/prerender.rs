//! The static pages (`content::prerender`): writes each to
//! `content/pages/FILE` (the English edition's to `content/pages/en/FILE`,
//! from `content/html/en/`) and the redirect script into index.html, and fails
//! once when any changed, so that the change is seen and committed (as
//! `tests/prose.rs` does for the prose), with each page's oEmbed document
//! beside it (`ID.oembed.json`; `tests/oembed.rs` reads them). The build's post-build hook
//! (`scripts/prerender.mjs`) puts each page into a copy of index.html.

use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::{edition_dir, redirect_script, Page, HEAD_END};
use consistency_lab::figures::export::figure_list;
use consistency_lab::words::{Lang, Words};

const SCRIPT_START: &str = "<script id=\"lab-static-pages\">";
const SCRIPT_END: &str = "</script>";

#[path = "support/static_pages.rs"]
mod static_pages;
use static_pages::built_pages;

/// Every static page of `lang`'s edition, from its rendered chapters (`content/html/[CODE/]ID.html`).
fn built(root: &Path, lang: Lang) -> Vec<Page> {
    let html_dir = root.join("content/html").join(edition_dir(lang));
    built_pages(root, Words::of(lang), &|id: &str| {
        fs::read_to_string(html_dir.join(format!("{id}.html"))).unwrap_or_else(|e| panic!("{id}: {e}"))
    })
}

#[test]
fn every_static_page_is_written_and_current() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let editions: Vec<(Lang, Vec<Page>)> = Lang::ALL.into_iter().map(|lang| (lang, built(root, lang))).collect();
    let mut stale = Vec::new();
    for (lang, pages) in &editions {
        write_edition(&root.join("content/pages").join(edition_dir(*lang)), pages, &mut stale);
    }
    let index_path = root.join("index.html");
    let index = fs::read_to_string(&index_path).unwrap();
    let start =
        index.find(SCRIPT_START).expect("index.html has the static pages' redirect script") + SCRIPT_START.len();
    let end = start + index[start..].find(SCRIPT_END).unwrap();
    let table: Vec<(Lang, &[Page])> = editions.iter().map(|(lang, pages)| (*lang, &pages[..])).collect();
    let script = redirect_script(&table);
    if index[start..end] != script {
        fs::write(&index_path, format!("{}{script}{}", &index[..start], &index[end..])).unwrap();
        stale.push("(index.html's redirect script)".into());
    }
    assert!(stale.is_empty(), "written again (commit them): {stale:?}");
}

/// Writes an edition's pages and oEmbed documents into `dir`, what changed
/// or outlived its page named in `stale` (an edition below is not a file).
fn write_edition(dir: &Path, pages: &[Page], stale: &mut Vec<String>) {
    fs::create_dir_all(dir).unwrap();
    for page in pages {
        for (file, text) in [(page.file.clone(), page.file_text()), (page.oembed_file(), page.oembed.clone())] {
            let path = dir.join(&file);
            if fs::read_to_string(&path).ok().as_deref() != Some(text.as_str()) {
                fs::write(&path, text).unwrap();
                stale.push(path.display().to_string());
            }
        }
    }
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            continue;
        }
        let name = path.file_name().unwrap().to_str().unwrap().to_string();
        if !pages.iter().any(|p| p.file == name || p.oembed_file() == name) {
            fs::remove_file(&path).unwrap();
            stale.push(format!("(removed {})", path.display()));
        }
    }
}

#[test]
fn every_address_has_its_page_and_every_page_reads_without_scripts() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let pages = built(root, Lang::Ko);
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
    let (ko, hook) = (Words::of(Lang::Ko), consistency_lab::figures::hook::HookRun::new());
    let asking = hook.asking_in(ko).expect("the hook stops to ask");
    let end = hook.outcome_fact(hook.figure().window_us()).expect("the hook's answer at its window's end");
    let answer = consistency_lab::words::hook::say(ko, &end);
    let slot = format!("data-asking=\"true\">{}</p>", lab_model::html::escape_html(&asking));
    assert!(front.app.contains(&slot), "the hook's outcome line is not its question: {asking}");
    assert!(!front.app.contains(&lab_model::html::escape_html(&answer)), "the front page answers: {answer}");
    assert!(front.app.contains("href=\"a1-lease-expiry.html\""));
    for page in &pages {
        assert!(page.file_text().split(HEAD_END).count() == 2, "{}", page.file);
        assert!(!page.app.contains("<script"), "{}: a script in the page's body", page.file);
    }
}

/// The English edition has every page the Korean one has, with its own
/// images (`figures/en/`, one directory up), the English front page's hook,
/// and the oEmbed documents name its own embed pages (`en/embed-ID.html`).
#[test]
fn the_english_edition_has_every_page_in_english() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let (ko, en) = (built(root, Lang::Ko), built(root, Lang::En));
    let files = |pages: &[Page]| pages.iter().map(|p| p.file.clone()).collect::<Vec<_>>();
    assert_eq!(files(&en), files(&ko));
    let english = Words::of(Lang::En);
    for page in &en {
        assert!(page.head.contains("<meta property=\"og:locale\" content=\"en_US\">"), "{}", page.file);
        assert!(!page.app.contains("src=\"figures/") && !page.head.contains("href=\"figures/"), "{}", page.file);
        assert!(!page.oembed.contains("lab-site.invalid/embed-"), "{}: {}", page.file, page.oembed);
        if !page.embed {
            assert!(page.app.contains("lang=\"ko\" hreflang=\"ko\""), "{}: no way to the Korean page", page.file);
        }
    }
    let front = en.iter().find(|p| p.file == "index.html").unwrap();
    assert!(front.app.contains(&lab_model::html::escape_html(english.hook.question)), "{}", front.app);
    assert!(front.app.contains("src=\"../figures/en/hook.png\""), "{}", front.app);
    let a1 = en.iter().find(|p| p.file == "a1-lease-expiry.html").unwrap();
    assert!(a1
        .head
        .contains("<title>Experiment 1: What happens when the lease runs out first — Consistency Lab</title>"));
    assert!(a1.app.contains("src=\"../figures/en/lease-expiry.png\""), "{}", a1.app);
}
