//! oEmbed documents (oembed.com, type `rich`): what a site that reads oEmbed
//! discovery (WordPress, Ghost, Discourse and the like) embeds when a writer
//! pastes the address of one of the site's pages. Each static page
//! (`content::prerender` in the top crate) links its document from its head
//! ([`discovery_link`]); the document is a static file beside the page
//! ([`document_file`]: `a1-lease-expiry.html` → `a1-lease-expiry.oembed.json`).
//!
//! The document's `html` is the same `<iframe>` the share panel gives
//! ([`crate::share::iframe`]), of a figure's embed page
//! (`embed-ID.html?embed=ID`): an embed page's document names its own figure,
//! a chapter's names the chapter's first figure, titled with the chapter, so
//! a writer pasting a chapter's address gets the figure its chapter opens
//! with (a whole chapter in a frame would be a page scrolling inside a page).
//!
//! oEmbed wants absolute addresses (the `html` is pasted into someone else's
//! page), but the site is built without knowing where it will be served
//! (`Trunk.toml`: `public_url = "./"`). So every address here starts with
//! [`SITE`], a stand-in that the build's post-build hook
//! (`scripts/prerender.mjs`) replaces, in the documents and the discovery
//! links alike, with the site's address: `LAB_SITE_URL` for a deployment,
//! the local server's otherwise (docs/site.md, "Deploying").

use serde::{Deserialize, Serialize};

use crate::html::escape_html;
use crate::permalink;
use crate::share;

/// Stands for the site's public address (with its final `/`) until the
/// post-build hook puts the real one in. A reserved name (RFC 2606), so a
/// document that somehow skipped the hook points nowhere rather than somewhere wrong.
pub const SITE: &str = "https://lab-site.invalid/";

/// The discovery link's media type.
pub const MEDIA_TYPE: &str = "application/json+oembed";

/// The width an embed is laid out for in a document, in CSS px (the
/// snippet itself is `width="100%"`; a consumer reads this as its size).
pub const WIDTH: u32 = share::BARE_WIDTH;

/// An oEmbed 1.0 document of type `rich`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Document {
    pub version: String,
    #[serde(rename = "type")]
    pub kind: String,
    /// One `<iframe>` of a figure's embed page.
    pub html: String,
    pub width: u32,
    pub height: u32,
    pub title: String,
    pub provider_name: String,
    pub provider_url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_width: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub thumbnail_height: Option<u32>,
}

/// An image of the site: its file (relative to the site's root) and size in px.
#[derive(Clone, Debug, PartialEq)]
pub struct Thumbnail {
    pub src: String,
    pub width: u32,
    pub height: u32,
}

/// What a page's document embeds.
#[derive(Clone, Debug, PartialEq)]
pub struct Embed<'a> {
    /// The figure whose embed page the iframe shows.
    pub figure: &'a str,
    /// The iframe's accessible name (the figure's caption).
    pub caption: &'a str,
    /// The document's title (the page's).
    pub title: &'a str,
    /// Whether the figure has a static embed page (`embed-ID.html`); the
    /// iframe shows the site's own page (`?embed=ID`) otherwise.
    pub static_page: bool,
    /// The figure alone (`&bare=1`), or with its controls.
    pub bare: bool,
    /// The iframe's height, in CSS px, at [`WIDTH`].
    pub height: u32,
    pub thumbnail: Option<Thumbnail>,
}

/// The address of figure `figure`'s embed, as the iframe loads it, in its
/// opening state: its static page when it has one (as the share panel's
/// snippets do), the figure alone when `bare`.
pub fn embed_src(figure: &str, static_page: bool, bare: bool) -> String {
    let page = if static_page { format!("embed-{figure}.html") } else { String::new() };
    let bare = if bare { "&bare=1" } else { "" };
    format!("{SITE}{page}{}{bare}", permalink::embed(figure, ""))
}

/// The document of a page: `provider` is the site's name.
pub fn document(provider: &str, embed: &Embed) -> Document {
    let thumbnail = embed.thumbnail.as_ref();
    Document {
        version: "1.0".to_string(),
        kind: "rich".to_string(),
        html: share::iframe(&embed_src(embed.figure, embed.static_page, embed.bare), embed.caption, embed.height),
        width: WIDTH,
        height: embed.height,
        title: embed.title.to_string(),
        provider_name: provider.to_string(),
        provider_url: SITE.to_string(),
        thumbnail_url: thumbnail.map(|t| format!("{SITE}{}", t.src)),
        thumbnail_width: thumbnail.map(|t| t.width),
        thumbnail_height: thumbnail.map(|t| t.height),
    }
}

impl Document {
    /// The file's text: pretty JSON and a final newline.
    pub fn to_json(&self) -> String {
        let mut text = serde_json::to_string_pretty(self).expect("a document serializes");
        text.push('\n');
        text
    }
}

/// The file of page `page_file`'s document, beside it: `ID.html` → `ID.oembed.json`.
pub fn document_file(page_file: &str) -> String {
    format!("{}.oembed.json", page_file.strip_suffix(".html").unwrap_or(page_file))
}

/// The `<link>` in page `page_file`'s head that names its document.
pub fn discovery_link(page_file: &str, title: &str) -> String {
    format!(
        "<link rel=\"alternate\" type=\"{MEDIA_TYPE}\" href=\"{SITE}{}\" title=\"{}\">",
        escape_html(&document_file(page_file)),
        escape_html(title)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn embed() -> Embed<'static> {
        Embed {
            figure: "lease-expiry",
            caption: "Figure 1-1. \"Expiry\" <b>",
            title: "Chapter 1 — Consistency Lab",
            static_page: true,
            bare: false,
            height: 684,
            thumbnail: Some(Thumbnail { src: "og/lease-expiry.png".into(), width: 1200, height: 630 }),
        }
    }

    #[test]
    fn a_document_is_the_share_panels_iframe_of_the_embed_page() {
        let doc = document("Consistency Lab", &embed());
        assert_eq!(doc.html, share::iframe(&embed_src("lease-expiry", true, false), "Figure 1-1. \"Expiry\" <b>", 684));
        assert!(doc.html.starts_with(
            "<iframe src=\"https://lab-site.invalid/embed-lease-expiry.html?embed=lease-expiry\" title=\"Figure 1-1. &quot;Expiry&quot; &lt;b&gt;\""
        ));
        assert_eq!((doc.width, doc.height), (WIDTH, 684));
        let bare = document("x", &Embed { bare: true, ..embed() });
        assert!(bare.html.contains("?embed=lease-expiry&amp;bare=1\""), "{}", bare.html);
        let live = document("x", &Embed { static_page: false, ..embed() });
        assert!(live.html.starts_with("<iframe src=\"https://lab-site.invalid/?embed=lease-expiry\""), "{}", live.html);
        assert_eq!(doc.thumbnail_url.as_deref(), Some("https://lab-site.invalid/og/lease-expiry.png"));
        let json: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
        assert_eq!(json["type"], "rich");
        assert_eq!(json["version"], "1.0");
        assert_eq!(json["provider_url"], SITE);
        assert_eq!(serde_json::from_str::<Document>(&doc.to_json()).unwrap(), doc);
    }

    #[test]
    fn without_an_image_the_document_has_no_thumbnail_fields() {
        let doc = document("x", &Embed { thumbnail: None, ..embed() });
        let json: serde_json::Value = serde_json::from_str(&doc.to_json()).unwrap();
        assert!(json.get("thumbnail_url").is_none() && json.get("thumbnail_width").is_none());
    }

    #[test]
    fn the_page_names_its_document_beside_it() {
        assert_eq!(document_file("a1-lease-expiry.html"), "a1-lease-expiry.oembed.json");
        assert_eq!(
            discovery_link("embed-outage.html", "Figure \"5\""),
            "<link rel=\"alternate\" type=\"application/json+oembed\" \
             href=\"https://lab-site.invalid/embed-outage.oembed.json\" title=\"Figure &quot;5&quot;\">"
        );
    }
}
