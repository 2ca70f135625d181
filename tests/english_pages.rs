//! The English edition's static pages (`content/pages/en/`, issue 42 piece
//! 9) beside the Korean ones: every English page's visible text (its
//! `<title>` and its `#app`, leaving out `<code>`, `<script>`, attributes
//! and whatever sits in an element marked `lang="ko"`) holds no Hangul;
//! every page of both editions names its counterpart in each edition
//! (`<link rel="alternate" hreflang>`, relative to itself), which exists and
//! names it back, and the Korean one as `x-default`; its `og:locale` is its
//! edition's and `og:locale:alternate` the other's; and every framed page
//! links to its counterpart under that edition's own name.
//!
//! This file holds no Hangul itself: the range is an escape.

use std::collections::BTreeMap;
use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::{edition_dir, Page, ROOT_EDITION};
use consistency_lab::words::{Lang, Words};

#[path = "support/static_pages.rs"]
mod static_pages;

/// Every static page of `lang`'s edition, from its rendered chapters.
fn built(lang: Lang) -> Vec<Page> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let html_dir = root.join("content/html").join(edition_dir(lang));
    static_pages::built_pages(root, Words::of(lang), &|id: &str| {
        fs::read_to_string(html_dir.join(format!("{id}.html"))).unwrap_or_else(|e| panic!("{id}: {e}"))
    })
}

fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

/// Elements that have no closing tag.
const VOID: [&str; 9] = ["img", "br", "meta", "link", "source", "input", "hr", "wbr", "col"];

/// The text a reader sees in `html`: tags and attributes dropped, and the
/// contents of `<code>`, `<script>`, `<style>` and of any element marked
/// `lang="ko"` left out.
fn visible_text(html: &str) -> String {
    let mut text = String::new();
    // Open elements: (name, whether its contents are left out).
    let mut open: Vec<(String, bool)> = Vec::new();
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        if !open.iter().any(|(_, skip)| *skip) {
            text.push_str(&rest[..lt]);
        }
        let Some(gt) = rest[lt..].find('>') else { break };
        let tag = &rest[lt + 1..lt + gt];
        rest = &rest[lt + gt + 1..];
        if tag.starts_with('!') {
            continue;
        }
        if let Some(name) = tag.strip_prefix('/') {
            let name = name.trim().to_ascii_lowercase();
            if let Some(at) = open.iter().rposition(|(n, _)| *n == name) {
                open.truncate(at);
            }
            continue;
        }
        let name: String =
            tag.chars().take_while(|c| c.is_ascii_alphanumeric()).collect::<String>().to_ascii_lowercase();
        if VOID.contains(&name.as_str()) || tag.ends_with('/') {
            continue;
        }
        let skip = ["code", "script", "style"].contains(&name.as_str()) || tag.contains(" lang=\"ko\"");
        open.push((name, skip));
    }
    if !open.iter().any(|(_, skip)| *skip) {
        text.push_str(rest);
    }
    text
}

/// The `(hreflang, href)` of a page's alternates.
fn alternates(head: &str) -> BTreeMap<String, String> {
    head.match_indices("<link rel=\"alternate\" hreflang=\"")
        .map(|(at, open)| {
            let after = &head[at + open.len()..];
            let lang = &after[..after.find('"').unwrap()];
            let href_at = after.find("href=\"").unwrap() + 6;
            let href = &after[href_at..href_at + after[href_at..].find('"').unwrap()];
            (lang.to_string(), href.to_string())
        })
        .collect()
}

/// A site path (`en/a1.html`, `index.html` for a directory) from a page's
/// directory (`en/` or ``) and a relative address.
fn resolve(dir: &str, href: &str) -> String {
    let mut parts: Vec<&str> = dir.split('/').filter(|p| !p.is_empty()).collect();
    for part in href.split('/') {
        match part {
            ".." => {
                parts.pop();
            }
            "." | "" => {}
            p => parts.push(p),
        }
    }
    let mut path = parts.join("/");
    if href.ends_with('/') || href.is_empty() {
        path = if path.is_empty() { "index.html".to_string() } else { format!("{path}/index.html") };
    }
    path
}

#[test]
fn an_english_page_shows_no_korean_outside_korean_elements() {
    let pages = built(Lang::En);
    assert!(pages.len() >= 30, "{} English pages", pages.len());
    let mut found = Vec::new();
    for page in &pages {
        let title = page.head.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or("");
        for (part, text) in [("title", title.to_string()), ("app", visible_text(&page.app))] {
            let hangul: String = text.chars().filter(|c| is_hangul(*c)).take(40).collect();
            if !hangul.is_empty() {
                let at = text.find(|c: char| is_hangul(c)).unwrap();
                let context: String = text[at.saturating_sub(60)..].chars().take(100).collect();
                found.push(format!("{} ({part}): {context}", page.file));
            }
        }
    }
    assert!(found.is_empty(), "Korean on English pages:\n{}", found.join("\n"));
    // The walker leaves out what it should and keeps the rest.
    let sample =
        "<p>a <code>\u{AC00}</code> <span lang=\"ko\">\u{AC00}<b>\u{AC00}</b></span><img alt=\"\u{AC00}\"> b</p>";
    assert_eq!(visible_text(sample).split_whitespace().collect::<Vec<_>>(), ["a", "b"]);
}

#[test]
fn every_page_names_its_counterparts_both_ways_and_its_locale() {
    let editions: Vec<(Lang, Vec<Page>)> = Lang::ALL.into_iter().map(|lang| (lang, built(lang))).collect();
    // Every page of the site by its path.
    let mut site: BTreeMap<String, (Lang, &Page)> = BTreeMap::new();
    for (lang, pages) in &editions {
        for page in pages {
            site.insert(format!("{}{}", edition_dir(*lang), page.file), (*lang, page));
        }
    }
    for (path, (lang, page)) in &site {
        let dir = edition_dir(*lang);
        let links = alternates(&page.head);
        let mut expected: Vec<String> = Lang::ALL.iter().map(|l| l.html_lang().to_string()).collect();
        expected.push("x-default".to_string());
        expected.sort();
        assert_eq!(links.keys().cloned().collect::<Vec<_>>(), expected, "{path}");
        for (code, href) in &links {
            let target = resolve(&dir, href);
            let (target_lang, target_page) =
                site.get(&target).unwrap_or_else(|| panic!("{path}: hreflang {code} names {href}, no page {target}"));
            let want = if code == "x-default" { ROOT_EDITION } else { Lang::from_code(code).unwrap() };
            assert_eq!(*target_lang, want, "{path}: {code} → {target}");
            // And it names this page back, under this page's language.
            let back = alternates(&target_page.head);
            assert_eq!(
                resolve(&edition_dir(want), &back[lang.html_lang()]),
                *path,
                "{target} does not name {path} back"
            );
        }
        assert!(
            page.head.contains(&format!("<meta property=\"og:locale\" content=\"{}\">", lang.og_locale())),
            "{path}"
        );
        for other in Lang::ALL.into_iter().filter(|l| l != lang) {
            let alternate = format!("<meta property=\"og:locale:alternate\" content=\"{}\">", other.og_locale());
            assert!(page.head.contains(&alternate), "{path}");
            // The frame's way to the other edition: its name, its language, the same page.
            if !page.embed {
                let name = Words::of(other).shell.edition_name;
                let code = other.html_lang();
                let switch = format!("lang=\"{code}\" hreflang=\"{code}\">{name}</a>");
                let at = page.app.find(&switch).unwrap_or_else(|| panic!("{path}: no link to the {code} edition"));
                let href_at = page.app[..at].rfind("href=\"").unwrap() + 6;
                let href = &page.app[href_at..href_at + page.app[href_at..].find('"').unwrap()];
                assert_eq!(resolve(&dir, href), resolve(&dir, &links[code]), "{path}");
            }
        }
    }
    assert_eq!(site.len(), editions.iter().map(|(_, p)| p.len()).sum::<usize>());
}
