//! The share panel's addresses and snippets, in no language: the
//! `<iframe>` snippets (the figure with its controls; the figure alone), the
//! link to this state, the text alternative, the height script, CodePen's
//! pen and the lines platforms take for it. The words around them, and which
//! platforms a language's kit offers, are the words layer's
//! (`lab_words::share::share_kit`, from the facts of a [`ShareRequest`]);
//! the lazily loaded `figures` module lays the kit out (`web::export_files`
//! in the top crate, and `web::velog_pen` for the CodePen form). Every
//! address comes from [`crate::permalink`].
//!
//! Per platform (sources: /work/shared/design/embed-platforms.md):
//! - **velog** keeps an `<iframe>` only from YouTube, CodeSandbox and
//!   CodePen, so the live figure goes through a CodePen pen: a form POST of
//!   the pen's JSON ([`pen_json`]) to CodePen's prefill API, then the
//!   `!codepen[USER/embed/SLUG?default-tab=result]` line ([`PenLine`]) that
//!   velog turns into CodePen's iframe. dev.to (its `{% codepen %}` tag)
//!   and Medium (the pen's address) take the same pen. No direct iframe to
//!   the site: velog drops it (`e2e/tests/velog_sanitize.test.mjs` runs
//!   velog's sanitizer).
//! - **Tistory** (HTML mode) and **plain HTML** get the iframe snippet with
//!   `title`, `loading="lazy"` and a fixed height that fits, and, where
//!   scripts are allowed, a one-line script ([`height_script`]) that sets
//!   each of our frames to the height the embed posts
//!   (`{type: "consistency-lab:height", id, height}`, `web::embed`).
//! - **WordPress, Ghost, Discourse** read the oEmbed document the figure's
//!   static page names ([`crate::oembed`]).
//! - **Naver Blog and Brunch** take a photo and a link card; Markdown an
//!   image and a link ([`markdown_text`]).

use crate::html::escape_html;
use crate::permalink;

pub use crate::facts::share::ShareRequest;

/// The width a figure-only embed is sized for, in CSS px.
pub const BARE_WIDTH: u32 = 760;
/// What the embed page adds around a file's drawing, legend and caption
/// (padding, the link back), in CSS px.
pub const BARE_EXTRA_PX: u32 = 104;
/// The height of a full embed (figure, controls, player).
pub const FULL_HEIGHT: u32 = 720;

/// CodePen's prefill API: a form POST with one field, `data`, the pen's JSON.
pub const CODEPEN_DEFINE: &str = "https://codepen.io/pen/define";
/// velog's iframe, whatever the snippet says: its stylesheet
/// (`MarkdownRender.module.css`) sets every iframe to 768×430 px, `max-width: 100%`.
pub const VELOG_FRAME: (u32, u32) = (768, 430);
/// What CodePen's embed takes of that height for its bars (the tab bar above
/// the result, the bar with "Resources" and "Rerun" below), in CSS px: an
/// estimate, not measured here (codepen.io is out of reach). The pen's
/// figure fills whatever is left ([`PEN_CSS`]), so the estimate only
/// decides what the kit tells the writer and the height the embed is
/// made to fit ([`VELOG_RESULT`]).
pub const CODEPEN_CHROME_PX: u32 = 80;
/// The result area of a pen in velog's frame: what the figure has, at
/// full width and on a phone (velog's column is the screen, about 390 px).
pub const VELOG_RESULT: [(u32, u32); 2] =
    [(VELOG_FRAME.0, VELOG_FRAME.1 - CODEPEN_CHROME_PX), (390, VELOG_FRAME.1 - CODEPEN_CHROME_PX)];
/// The pen's stylesheet: the figure's frame fills the result area, so
/// CodePen's bars, whatever their height, take nothing from the figure
/// but their own height.
pub const PEN_CSS: &str = "html, body { margin: 0; height: 100%; background: #fff; }\n\
                           iframe { display: block; width: 100%; height: 100%; border: 0; }\n";
/// The message the embed posts its height in (`web::embed`, `js/embed.js`).
pub const HEIGHT_MESSAGE: &str = "consistency-lab:height";

/// Every address the panel gives for a request, made from the site's folder
/// whatever page the panel is on.
#[derive(Clone, Debug, PartialEq)]
pub struct Addresses {
    /// The site's folder (the page's address up to its last `/`).
    pub dir: String,
    /// The figure's embed in its current state: its static page when it
    /// has one (static first), the site's `?embed=` otherwise.
    pub embed: String,
    /// The same, the figure alone (`&bare=1`).
    pub bare: String,
    /// The figure's permalink (its chapter, its state).
    pub link: String,
    /// What a photo-only platform turns into a card: the figure's own
    /// static page, whose og: tags carry that figure's card (`og/ID.png`),
    /// in the same state; without one, the chapter's page.
    pub card: String,
    /// The figure's static embed page without a state (what its oEmbed
    /// document names), when it has one.
    pub page: Option<String>,
}

/// The addresses of `request`.
pub fn addresses(r: &ShareRequest) -> Addresses {
    let dir = &r.page[..r.page.rfind('/').map_or(r.page.len(), |i| i + 1)];
    let embed_query = permalink::embed(&r.figure, &r.permalink);
    let embed = if r.static_embed {
        format!("{dir}embed-{}.html{embed_query}", r.figure)
    } else {
        format!("{dir}{embed_query}")
    };
    let link = format!("{dir}{}", r.permalink);
    let card = if r.static_embed {
        embed.clone()
    } else {
        permalink::chapter_page(&r.permalink).map_or_else(|| link.clone(), |page| format!("{dir}{page}"))
    };
    Addresses {
        dir: dir.to_string(),
        bare: format!("{embed}&bare=1"),
        embed,
        link,
        card,
        page: r.static_embed.then(|| format!("{dir}embed-{}.html", r.figure)),
    }
}

/// The figure's text alternative: the caption, then the description; a
/// description that opens with the caption (Article B's do) is not preceded
/// by it a second time.
pub fn alt_text(r: &ShareRequest) -> String {
    let description = r.description.trim();
    if description.starts_with(r.caption.trim()) {
        description.to_string()
    } else {
        format!("{}\n\n{description}", r.caption)
    }
}

/// The Markdown of an image with its alt text, then the caption and a link.
pub fn markdown(alt: &str, image: &str, caption: &str, link_text: &str, link: &str) -> String {
    format!("![{}]({image})\n\n*{}* — [{link_text}]({link})", markdown_text(alt), markdown_text(caption))
}

/// Text for a markdown image's alt text or a link's label: no character
/// that would end it, on one line.
pub fn markdown_text(text: &str) -> String {
    let escaped: String = text
        .chars()
        .flat_map(|c| match c {
            '\\' | '[' | ']' => vec!['\\', c],
            c => vec![c],
        })
        .collect();
    escaped.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An `<iframe>` snippet for `src`, titled by the caption.
pub fn iframe(src: &str, caption: &str, height: u32) -> String {
    format!(
        "<iframe src=\"{}\" title=\"{}\" width=\"100%\" height=\"{height}\" style=\"border:0\" loading=\"lazy\"></iframe>",
        escape_html(src),
        escape_html(caption)
    )
}

/// The origin of an address (`scheme://host[:port]`), as a browser states
/// it in a message's `origin`: `"null"` for a file or anything else.
pub fn origin(address: &str) -> String {
    let Some((scheme, rest)) = address.split_once("://") else { return "null".into() };
    if !matches!(scheme, "http" | "https") {
        return "null".into();
    }
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    if host.is_empty() {
        return "null".into();
    }
    format!("{scheme}://{}", host.to_ascii_lowercase())
}

/// Where scripts are allowed: one line that sets each iframe of ours to the
/// height its embed posts (`{type: "consistency-lab:height", id, height}`),
/// only from `origin` and only for the frame that sent it, kept between
/// 100 and 4000 px.
pub fn height_script(origin: &str) -> String {
    let origin = serde_json::to_string(origin).expect("a string is JSON");
    format!(
        "<script>addEventListener(\"message\",function(e){{var d=e.data;if(e.origin!=={origin}||!d||d.type!==\"{HEIGHT_MESSAGE}\")return;\
         document.querySelectorAll(\"iframe\").forEach(function(f){{if(f.contentWindow===e.source)\
         f.style.height=Math.min(Math.max(Number(d.height)||0,100),4000)+\"px\"}})}})</script>"
    )
}

/// The pen's JSON for CodePen's prefill API: the figure's embed at `embed`,
/// filling the result area ([`PEN_CSS`]); the HTML editor open above the
/// result (`editors` "100", `layout` "top"), so the writer sees the one line
/// the pen holds and the figure under it. `description` is the pen's
/// description, in the page's words.
pub fn pen_json(embed: &str, caption: &str, description: &str) -> String {
    let html = format!("<iframe src=\"{}\" title=\"{}\"></iframe>\n", escape_html(embed), escape_html(caption.trim()));
    // The pen's title is the caption's name (before its first colon), the
    // whole caption when it has none; the frame's title keeps it whole.
    let name = caption.split_once(": ").map_or(caption, |(name, _)| name).trim();
    serde_json::json!({
        "title": name,
        "description": description,
        "html": html,
        "css": PEN_CSS,
        "js": "",
        "editors": "100",
        "layout": "top",
    })
    .to_string()
}

/// How a platform that frames a CodePen pen wants the pen named, in the
/// line its writer pastes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PenLine {
    /// velog: `!codepen[USER/embed/SLUG?default-tab=result]`, which velog's
    /// `embedPlugin` turns into `<iframe src="https://codepen.io/USER/embed/SLUG?default-tab=result">`.
    Velog,
    /// dev.to's liquid tag: `{% codepen https://codepen.io/USER/pen/SLUG %}`.
    Liquid,
    /// The pen's own address on a line of its own (Medium embeds it).
    Address,
}

impl PenLine {
    /// The line a writer pastes for the pen at `address` (what CodePen's
    /// address bar shows once the pen is saved: `https://codepen.io/USER/pen/SLUG`,
    /// or its `/full/`, `/details/` or `/embed/` view). `None` for anything
    /// else (the field says so).
    pub fn line(self, address: &str) -> Option<String> {
        let (user, slug) = pen_of(address)?;
        Some(match self {
            PenLine::Velog => format!("!codepen[{user}/embed/{slug}?default-tab=result]"),
            PenLine::Liquid => format!("{{% codepen https://codepen.io/{user}/pen/{slug} %}}"),
            PenLine::Address => format!("https://codepen.io/{user}/pen/{slug}"),
        })
    }
}

/// velog's line for the pen at `address` ([`PenLine::Velog`]).
pub fn velog_line(address: &str) -> Option<String> {
    PenLine::Velog.line(address)
}

/// The user and the slug of a CodePen pen's address, checked character by
/// character (they go into a line the writer pastes elsewhere).
fn pen_of(address: &str) -> Option<(&str, &str)> {
    let address = address.trim();
    let rest = address.strip_prefix("https://").or_else(|| address.strip_prefix("http://")).unwrap_or(address);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let path = rest.strip_prefix("codepen.io/")?;
    let path = path.split(['?', '#']).next().unwrap_or_default();
    let parts: Vec<&str> = path.trim_end_matches('/').split('/').collect();
    let (user, view, slug) = match parts.as_slice() {
        [user, view, slug] => (*user, *view, *slug),
        [user, "embed", "preview", slug] => (*user, "embed", *slug),
        _ => return None,
    };
    let user_ok =
        (1..=40).contains(&user.len()) && user.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
    let slug_ok = (3..=16).contains(&slug.len()) && slug.bytes().all(|b| b.is_ascii_alphanumeric());
    let view_ok = matches!(view, "pen" | "full" | "details" | "embed" | "debug" | "live");
    (user_ok && slug_ok && view_ok).then_some((user, slug))
}

/// Whether a reader elsewhere could open `address`: not a file, not this computer.
pub fn public(address: &str) -> bool {
    let origin = origin(address);
    let host = origin.split_once("://").map_or("", |(_, h)| h);
    let host =
        host.rsplit_once(':').map_or(host, |(h, port)| if port.bytes().all(|b| b.is_ascii_digit()) { h } else { host });
    !(origin == "null"
        || host == "localhost"
        || host.ends_with(".localhost")
        || host.starts_with("127.")
        || host == "[::1]"
        || host == "0.0.0.0")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> ShareRequest {
        ShareRequest {
            page: "https://x.io/lab/a1-lease-expiry.html".into(),
            permalink: "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250".into(),
            figure: "lease-expiry".into(),
            caption: "Figure 1-1. [Timeline] \"A\" <b>".into(),
            description: " Described ".into(),
            bareable: true,
            animated: true,
            static_embed: true,
        }
    }

    #[test]
    fn every_address_comes_from_the_site_folder_and_keeps_the_state() {
        let a = addresses(&request());
        assert_eq!(a.dir, "https://x.io/lab/");
        assert_eq!(a.embed, "https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&preset=exp1&ttl_ms=250");
        assert_eq!(a.bare, format!("{}&bare=1", a.embed));
        assert_eq!(a.link, "https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250");
        assert_eq!(a.card, a.embed);
        assert_eq!(a.page.as_deref(), Some("https://x.io/lab/embed-lease-expiry.html"));
        let live = addresses(&ShareRequest { static_embed: false, ..request() });
        assert_eq!(live.embed, "https://x.io/lab/?embed=lease-expiry&preset=exp1&ttl_ms=250");
        assert_eq!(live.card, "https://x.io/lab/a1-lease-expiry.html?fig=lease-expiry&preset=exp1&ttl_ms=250");
        assert_eq!(live.page, None);
        assert_eq!(
            iframe(&a.embed, &request().caption, FULL_HEIGHT),
            "<iframe src=\"https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&amp;preset=exp1&amp;ttl_ms=250\" \
             title=\"Figure 1-1. [Timeline] &quot;A&quot; &lt;b&gt;\" width=\"100%\" height=\"720\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
    }

    #[test]
    fn the_alt_text_names_the_caption_once() {
        let r = request();
        assert_eq!(alt_text(&r), format!("{}\n\n{}", r.caption, "Described"));
        let caption_first = ShareRequest { description: format!("{} The result is hidden.", r.caption), ..request() };
        assert_eq!(alt_text(&caption_first), caption_first.description);
    }

    #[test]
    fn markdown_keeps_its_text_inside_its_brackets() {
        assert_eq!(markdown_text("a]\\b\n c"), "a\\]\\\\b c");
        assert_eq!(
            markdown("x [y]", "IMG", "Fig. 1", "Try it", "https://x.io/"),
            "![x \\[y\\]](IMG)\n\n*Fig. 1* — [Try it](https://x.io/)"
        );
    }

    #[test]
    fn the_pen_is_valid_json_that_frames_the_figure() {
        let embed = "https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&preset=exp1&ttl_ms=250&bare=1";
        let data: serde_json::Value =
            serde_json::from_str(&pen_json(embed, "Figure 1-1. [Timeline] \"A\" <b>", "A pen. Page: https://x.io/"))
                .expect("the pen's data is JSON");
        assert_eq!(data["title"], "Figure 1-1. [Timeline] \"A\" <b>");
        assert_eq!(data["description"], "A pen. Page: https://x.io/");
        assert_eq!(
            data["html"],
            format!(
                "<iframe src=\"{}\" title=\"Figure 1-1. [Timeline] &quot;A&quot; &lt;b&gt;\"></iframe>\n",
                embed.replace('&', "&amp;")
            )
        );
        assert_eq!(data["css"], PEN_CSS);
        assert_eq!((data["editors"].as_str(), data["layout"].as_str()), (Some("100"), Some("top")));
        let named: serde_json::Value =
            serde_json::from_str(&pen_json("https://x.io/e", "Figure 1-1. Timeline: the pink band", "d")).unwrap();
        assert_eq!(named["title"], "Figure 1-1. Timeline");
        assert!(named["html"].as_str().unwrap().contains("title=\"Figure 1-1. Timeline: the pink band\""));
        // The figure fills the result area, whatever CodePen's bars take.
        assert!(PEN_CSS.contains("iframe { display: block; width: 100%; height: 100%; border: 0; }"));
        assert_eq!(VELOG_RESULT, [(768, 350), (390, 350)]);
    }

    #[test]
    fn a_pen_address_becomes_the_line_each_platform_takes() {
        let line = Some("!codepen[lab-writer/embed/AbC12xY?default-tab=result]".to_string());
        for address in [
            "https://codepen.io/lab-writer/pen/AbC12xY",
            " https://codepen.io/lab-writer/pen/AbC12xY/ \n",
            "codepen.io/lab-writer/pen/AbC12xY?editors=1000",
            "https://www.codepen.io/lab-writer/full/AbC12xY#x",
            "http://codepen.io/lab-writer/details/AbC12xY",
            "https://codepen.io/lab-writer/embed/preview/AbC12xY",
        ] {
            assert_eq!(velog_line(address), line, "{address}");
            assert_eq!(
                PenLine::Liquid.line(address).as_deref(),
                Some("{% codepen https://codepen.io/lab-writer/pen/AbC12xY %}")
            );
            assert_eq!(PenLine::Address.line(address).as_deref(), Some("https://codepen.io/lab-writer/pen/AbC12xY"));
        }
        for address in [
            "",
            "https://codepen.io/",
            "https://codepen.io/lab-writer",
            "https://codepen.io/lab-writer/pen/",
            "https://codepen.io.evil.test/lab-writer/pen/AbC12xY",
            "https://evil.test/codepen.io/lab-writer/pen/AbC12xY",
            "javascript:alert(1)//codepen.io/a/pen/AbC12xY",
            "https://codepen.io/lab-writer/pen/AbC]12",
            "https://codepen.io/a<b/pen/AbC12xY",
            "https://codepen.io/lab-writer/collections/AbC12xY",
            "https://codepen.io/lab-writer/pen/AbC12xY/extra",
            "https://x.io/lab/embed-lease-expiry.html",
        ] {
            for style in [PenLine::Velog, PenLine::Liquid, PenLine::Address] {
                assert_eq!(style.line(address), None, "{address}");
            }
        }
    }

    #[test]
    fn the_height_script_follows_only_the_site_s_own_frames() {
        assert_eq!(origin("https://X.io/lab/a.html?x=1"), "https://x.io");
        assert_eq!(origin("http://localhost:8080/"), "http://localhost:8080");
        assert_eq!(origin("file:///tmp/dist/index.html"), "null");
        let script = height_script("https://x.io");
        assert!(!script.contains('\n') && script.starts_with("<script>") && script.ends_with("</script>"));
        assert!(script.contains("e.origin!==\"https://x.io\""), "{script}");
        assert!(script.contains("d.type!==\"consistency-lab:height\""));
        assert!(script.contains("f.contentWindow===e.source"));
    }

    #[test]
    fn a_page_on_this_computer_is_not_public() {
        for page in ["http://localhost:8080/index.html", "http://127.0.0.1/x.html", "file:///tmp/d/index.html"] {
            assert!(!public(page), "{page}");
        }
        assert!(public("https://x.io/lab/"));
    }
}
