//! The oEmbed documents (`lab_model::oembed`, written beside each static
//! page by `tests/prerender.rs`): every chapter's and every embed page's
//! document is there, parses as oEmbed 1.0 of type `rich`, embeds one
//! `<iframe>` of a page the site has (its figure's embed, in the opening
//! state) at the size it states, names images the site has, and is linked
//! from its page's head. And each embed page's link card is its figure's:
//! `og/ID.png` once `static/og/` has it, its static image until then.
//! (`e2e/tests/oembed.test.mjs` mounts the documents' iframes from another
//! origin in a browser.)

use std::fs;
use std::path::{Path, PathBuf};

use consistency_lab::content::shell;
use consistency_lab::figures::export::figure_list;
use lab_model::html::unescape_html;
use lab_model::oembed::{document_file, Document, MEDIA_TYPE, SITE};
use lab_model::registry;

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn pages_dir() -> PathBuf {
    root().join("content/pages")
}

/// Width and height of a PNG, from its header.
fn png_size(path: &Path) -> (u32, u32) {
    let bytes = fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let word = |at: usize| u32::from_be_bytes(bytes[at..at + 4].try_into().unwrap());
    (word(16), word(20))
}

/// An attribute's value in one tag, unescaped.
fn attr(tag: &str, name: &str) -> Option<String> {
    let start = tag.find(&format!(" {name}=\""))? + name.len() + 3;
    let end = start + tag[start..].find('"')?;
    Some(unescape_html(&tag[start..end]))
}

/// A `<meta property="NAME">`'s content in a page's head.
fn meta(head: &str, property: &str) -> Option<String> {
    let tag = head.split('<').find(|t| t.starts_with(&format!("meta property=\"{property}\"")))?;
    attr(&format!("<{tag}"), "content")
}

/// Where an address of the site (under `SITE`) is, as a file of the
/// repository the build copies: a page in content/pages, an image in static/.
fn site_file(address: &str) -> PathBuf {
    let path = address.strip_prefix(SITE).unwrap_or_else(|| panic!("{address} is not under {SITE}"));
    let path = path.split(['?', '#']).next().unwrap();
    match path {
        "" => pages_dir().join("index.html"),
        p if p.ends_with(".html") => pages_dir().join(p),
        p => root().join("static").join(p),
    }
}

/// Every page that must offer a document: `(file, the figures it may embed)`.
fn pages() -> Vec<(String, Vec<String>)> {
    let mut out = vec![];
    for c in shell::chapters() {
        let html = fs::read_to_string(root().join("content/html").join(format!("{}.html", c.id))).unwrap();
        // The chapter's first figure, or (a chapter without one, or whose
        // first figure has no embed: A8's reader-played schedule) any figure of the site.
        let first = html.split("<!--figure:").nth(1).map(|rest| rest[..rest.find("-->").unwrap()].trim().to_string());
        let first = first.filter(|id| registry::figure(id).is_some_and(|f| f.scenario() != registry::Scenario::Check));
        let figures = first.map_or_else(|| figure_list().iter().map(|f| f.id.to_string()).collect(), |f| vec![f]);
        if out.is_empty() {
            out.push(("index.html".to_string(), figures.clone()));
        }
        out.push((format!("{}.html", c.id), figures));
    }
    for spec in figure_list() {
        out.push((format!("embed-{}.html", spec.id), vec![spec.id.to_string()]));
    }
    out
}

#[test]
fn every_page_links_a_rich_document_whose_iframe_loads_a_page_of_the_site() {
    let pages = pages();
    assert!(pages.len() > 30, "{} pages", pages.len());
    for (file, figures) in &pages {
        let page = fs::read_to_string(pages_dir().join(file)).unwrap_or_else(|e| panic!("content/pages/{file}: {e}"));
        let head = page.split("<!--/head-->").next().unwrap();
        // The page links its document, beside it.
        // (Its other alternates are its pages in each edition, `hreflang`.)
        let links: Vec<&str> = head.split('<').filter(|t| t.starts_with("link rel=\"alternate\" type=")).collect();
        assert_eq!(links.len(), 1, "{file}: {links:?}");
        let link = format!("<{}", links[0]);
        assert_eq!(attr(&link, "type").as_deref(), Some(MEDIA_TYPE), "{file}");
        assert_eq!(attr(&link, "href"), Some(format!("{SITE}{}", document_file(file))), "{file}");
        let title = attr(&head.replace("<title>", "<title x=\"").replace("</title>", "\">"), "x").unwrap();
        assert_eq!(attr(&link, "title").as_deref(), Some(title.as_str()), "{file}: the link's title is the page's");

        let path = pages_dir().join(document_file(file));
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let json: serde_json::Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}'s document: {e}"));
        for key in ["width", "height"] {
            assert!(json[key].as_u64().is_some_and(|n| n >= 200), "{file}: {key} = {}", json[key]);
        }
        let doc: Document = serde_json::from_value(json).unwrap();
        assert_eq!((doc.version.as_str(), doc.kind.as_str()), ("1.0", "rich"), "{file}");
        assert_eq!(doc.title, title, "{file}");
        assert_eq!((doc.provider_name.as_str(), doc.provider_url.as_str()), (shell::SITE_TITLE, SITE), "{file}");

        // One iframe, nothing else: src, accessible name, the stated height.
        let html = doc.html.as_str();
        assert!(html.starts_with("<iframe ") && html.ends_with("></iframe>"), "{file}: {html}");
        assert_eq!(html.matches('<').count(), 2, "{file}: one element: {html}");
        let src = attr(html, "src").unwrap();
        assert!(site_file(&src).is_file(), "{file}: the iframe's page {src} is not in the site");
        let query = src.split_once('?').map(|(_, q)| q).unwrap_or_else(|| panic!("{file}: {src} has no query"));
        let figure = query.split('&').find_map(|p| p.strip_prefix("embed=")).unwrap();
        assert!(figures.iter().any(|f| f == figure), "{file}: embeds {figure}, not one of {figures:?}");
        assert!(registry::figure(figure).is_some(), "{file}: {figure}");
        let static_page = format!("{SITE}embed-{figure}.html?");
        assert_eq!(
            src.starts_with(&static_page),
            pages_dir().join(format!("embed-{figure}.html")).is_file(),
            "{file}: {src} lands on the figure's static page exactly when there is one"
        );
        assert!(attr(html, "title").is_some_and(|t| t.len() > 5), "{file}: the iframe has no accessible name");
        assert_eq!(attr(html, "height"), Some(doc.height.to_string()), "{file}");

        // Its picture is an image of the site, of the size it says.
        match (&doc.thumbnail_url, doc.thumbnail_width, doc.thumbnail_height) {
            (Some(url), Some(w), Some(h)) => assert_eq!(png_size(&site_file(url)), (w, h), "{file}: {url}"),
            (None, None, None) => {}
            other => panic!("{file}: a thumbnail's address and size come together: {other:?}"),
        }
    }
}

#[test]
fn every_embed_page_shows_its_own_figure_in_its_link_card() {
    for spec in figure_list() {
        let file = format!("embed-{}.html", spec.id);
        let page = fs::read_to_string(pages_dir().join(&file)).unwrap();
        let head = page.split("<!--/head-->").next().unwrap();
        let card = root().join("static/og").join(format!("{}.png", spec.id));
        let expected = if card.is_file() { format!("og/{}.png", spec.id) } else { format!("figures/{}.png", spec.id) };
        let image = meta(head, "og:image").unwrap_or_else(|| panic!("{file}: no og:image"));
        assert_eq!(image, expected, "{file}: its card is its figure's (static/og/ once drawn)");
        let (w, h) = png_size(&root().join("static").join(&image));
        assert_eq!(meta(head, "og:image:width"), Some(w.to_string()), "{file}");
        assert_eq!(meta(head, "og:image:height"), Some(h.to_string()), "{file}");
        let alt = meta(head, "og:image:alt").unwrap_or_default();
        assert!(
            alt.starts_with(
                lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), spec)
                    .split(':')
                    .next()
                    .unwrap()
            ),
            "{file}: og:image:alt {alt}"
        );
        // The document's picture is the card.
        let doc: Document =
            serde_json::from_str(&fs::read_to_string(pages_dir().join(document_file(&file))).unwrap()).unwrap();
        assert_eq!(doc.thumbnail_url, Some(format!("{SITE}{image}")), "{file}");
    }
}
