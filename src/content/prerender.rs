//! The site's static pages ("static first"): every address a reader may
//! land on, as HTML that reads before the wasm arrives and with JavaScript
//! off. The live page (`web/app.rs`) takes each over in place
//! (`web/takeover.rs`).
//!
//! - `index.html`, the front page: the hook stopped at its question, with
//!   its timeline as an image, Article B's way in, the chapter map with
//!   every title, and the first chapter;
//! - `ID.html` for every chapter: its prose with the simulated numbers
//!   filled in, each figure as the image of its starting state;
//! - `embed-ID.html` for every figure: the figure's image, its caption and
//!   the link to its chapter, as `?embed=ID` shows it.
//!
//! Each page is a `<head>` part (title, description, link-card tags, the
//! link to its oEmbed document) and the `#app` element, written from the same shell texts the live page uses
//! (`content::shell`), in the language of the table [`pages`] is given
//! (`lab_words::shell`: the frame's words and the static pages' own). `tests/prerender.rs` writes them to `content/pages/`;
//! the build's post-build hook (`scripts/prerender.mjs`) puts each into a
//! copy of index.html, and the inline script [`redirect_script`] sends
//! `?ch=ID` and `?embed=ID` to their page before anything is painted.
//! Nothing here reads files: the caller hands over the inputs.
//!
//! Editions: the Korean pages ([`ROOT_EDITION`]) are the site's root, every
//! other edition's are the same files one directory down, named by its
//! language code (`en/ID.html`, [`edition_dir`]). Every page names its
//! counterpart in each edition (`<link rel="alternate" hreflang>`, the
//! Korean one also as `x-default`, relative to the page), its locale and
//! the others' (`og:locale`, `og:locale:alternate`), and its frame links to
//! the same page in the other edition under that edition's own name. The
//! inputs' image addresses are the site's (`figures/…`); a page one
//! directory down names them `../figures/…`.
//!
//! Link cards and embeds elsewhere: an embed page's card (`og:image`) is
//! its figure's link-card image (`og/ID.png`, 1200×630) when the caller
//! has one, its static image otherwise; a chapter's is its first figure's
//! static image. Every page has an oEmbed document ([`Page::oembed`],
//! `lab_model::oembed`): the `<iframe>` of its figure's embed page (a
//! chapter's first figure, titled with the chapter), the same snippet the
//! share panel gives a blog that takes HTML (Tistory): the figure alone
//! where it has a figure-only embed, sized from its static image, or the
//! figure with its controls.

use std::collections::BTreeMap;

use super::shell::{self, Chapter, Frame};
use crate::figures::hook::HookRun;
use lab_model::html::{escape_html as esc, unescape_html};
use lab_model::oembed::{self, Embed, Thumbnail};
use lab_model::share;
use lab_words::{Lang, Words};

/// A static image: its file (relative to the site's root), its size in px and its text.
#[derive(Clone, Debug)]
pub struct Image {
    pub src: String,
    pub width: u32,
    pub height: u32,
    pub alt: String,
}

/// What the pages are made from.
pub struct Inputs<'a> {
    /// A chapter's rendered HTML (`content/html/ID.html`).
    pub chapter_html: &'a dyn Fn(&str) -> String,
    /// The `{{sim:PRESET:METRIC}}` values (`content/html/sim-values.json`).
    pub sim_values: &'a BTreeMap<String, String>,
    /// Each figure's image of its starting state, by figure id (`static/figures/`).
    pub figures: &'a BTreeMap<String, Image>,
    /// Each figure's link-card image, by figure id, where it has one
    /// (`static/og/ID.png`, 1200×630): its embed page's `og:image`.
    pub cards: &'a BTreeMap<String, Image>,
    /// The hook's timeline, stopped at its question: at 760 px, and for a
    /// phone (laid out at 360 px; `width` and `height` in CSS px).
    pub hook: Image,
    pub hook_narrow: Image,
}

/// One static page.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Its file name in the site's root.
    pub file: String,
    /// The `<title>` and the meta tags, as HTML (relative addresses).
    pub head: String,
    /// The `#app` element, as HTML.
    pub app: String,
    /// An embed page (the document is marked `data-embed`, as the live embed marks it).
    pub embed: bool,
    /// Its oEmbed document (`lab_model::oembed`), as the file beside it holds
    /// it ([`Page::oembed_file`]), its addresses under `oembed::SITE`.
    pub oembed: String,
}

/// Where a static page's head ends in its file (`content/pages/FILE`).
pub const HEAD_END: &str = "<!--/head-->\n";

impl Page {
    /// The page as `tests/prerender.rs` stores it: head, [`HEAD_END`], app.
    pub fn file_text(&self) -> String {
        format!("{}\n{HEAD_END}{}\n", self.head, self.app)
    }

    /// Its oEmbed document's file, beside it (`ID.oembed.json`).
    pub fn oembed_file(&self) -> String {
        oembed::document_file(&self.file)
    }
}

/// Figure 8-1 (`break-it`, the reader's own schedule) without scripts
/// says what it needs, and folds the checker's smallest schedule for
/// variant (a) so that a reader who will play it first is not told the
/// answer. The variant and threads the figure opens on (break-it.md: `a`, 2 threads).
const CHECK_VARIANT: &str = "a";
const CHECK_THREADS: u8 = 2;
/// The longest description a link card shows.
const DESCRIPTION_CHARS: usize = 150;
/// The figure whose image and embed stand for a chapter without one.
const FALLBACK_FIGURE: &str = "lease-expiry";

/// The edition at the site's root, the `x-default` of every page.
pub const ROOT_EDITION: Lang = Lang::Ko;

/// Where the pages of `lang`'s edition live, relative to the site's root:
/// nowhere below it for [`ROOT_EDITION`], `CODE/` for any other.
pub fn edition_dir(lang: Lang) -> String {
    if lang == ROOT_EDITION {
        String::new()
    } else {
        format!("{}/", lang.code())
    }
}

/// The way from a page of `lang`'s edition up to the site's root.
fn up_to_root(lang: Lang) -> &'static str {
    if lang == ROOT_EDITION {
        ""
    } else {
        "../"
    }
}

/// The address, relative to a page of `from`'s edition, of page `file` in `to`'s edition
/// (a front page as its directory).
fn edition_href(from: Lang, to: Lang, file: &str) -> String {
    let address = if file == "index.html" { "" } else { file };
    let href =
        if from == to { address.to_string() } else { format!("{}{}{address}", up_to_root(from), edition_dir(to)) };
    if href.is_empty() {
        "./".to_string()
    } else {
        href
    }
}

/// The `<link rel="alternate" hreflang>` of page `file` in every edition, and
/// the root edition's again as `x-default`, relative to its page in `lang`'s.
fn hreflang_links(lang: Lang, file: &str) -> String {
    let link = |tag: &str, to: Lang| {
        format!("<link rel=\"alternate\" hreflang=\"{tag}\" href=\"{}\">", esc(&edition_href(lang, to, file)))
    };
    let mut links: Vec<String> = Lang::ALL.iter().map(|&to| link(to.html_lang(), to)).collect();
    links.push(link("x-default", ROOT_EDITION));
    links.join("\n  ")
}

/// The frame's links to page `file` in every other edition, each under
/// that edition's own name and marked with its language.
fn edition_switch(lang: Lang, file: &str) -> String {
    let links: Vec<String> = Lang::ALL
        .iter()
        .filter(|&&to| to != lang)
        .map(|&to| {
            format!(
                "<a href=\"{}\" lang=\"{code}\" hreflang=\"{code}\">{}</a>",
                esc(&edition_href(lang, to, file)),
                esc(Words::of(to).shell.edition_name),
                code = to.html_lang()
            )
        })
        .collect();
    format!("<p class=\"site-lang\">{}</p>", links.join(" "))
}

/// `image` as a page of `lang`'s edition names it.
fn from_page(lang: Lang, image: &Image) -> Image {
    Image { src: format!("{}{}", up_to_root(lang), image.src), ..image.clone() }
}

/// A page's oEmbed document with its embed pages in `lang`'s edition.
fn oembed_in(lang: Lang, document: String) -> String {
    let site = oembed::SITE;
    document.replace(&format!("{site}embed-"), &format!("{site}{}embed-", edition_dir(lang)))
}

/// Every static page in the language of `words`: the front page, the chapters, the embeds.
pub fn pages(words: &'static Words, inputs: &Inputs) -> Vec<Page> {
    let frame = Frame::new(words);
    let lang = words.lang();
    let dir = edition_dir(lang);
    let site = words.shell.site_title;
    let chapters = frame.chapters();
    // The images as this edition's pages name them (the oEmbed documents keep the site's addresses).
    let local = |map: &BTreeMap<String, Image>| -> BTreeMap<String, Image> {
        map.iter().map(|(id, i)| (id.clone(), from_page(lang, i))).collect()
    };
    let (figures, cards) = (local(inputs.figures), local(inputs.cards));
    let (hook_image, hook_narrow) = (from_page(lang, &inputs.hook), from_page(lang, &inputs.hook_narrow));
    let mut out = Vec::new();
    for (pos, c) in chapters.iter().enumerate() {
        let html = crate::content::prose::fill_sim(words, &(inputs.chapter_html)(c.id), |p, m| {
            inputs.sim_values.get(&format!("{p}:{m}")).cloned()
        });
        let (body, first_figure) = chapter_body(words, &html, &figures);
        let description = description(words, &html);
        // The chapter's first figure, or the site's own; its image, if it has
        // one. A figure that has no embed (the reader's own schedule) is not
        // what the chapter's oEmbed offers.
        let figure = first_figure.as_deref().filter(|id| !is_check_figure(id)).unwrap_or(FALLBACK_FIGURE);
        let image = inputs.figures.get(figure);
        // The link card's: a chapter whose first figure has none shows the site's.
        let card = figures.get(figure).or_else(|| figures.get(FALLBACK_FIGURE));
        let file = format!("{}.html", c.id);
        let title = format!("{} — {site}", c.title);
        let document = oembed_in(lang, document_of(words, figure, &title, image, image));
        let link = oembed::discovery_link(&format!("{dir}{file}"), &title);
        let head = head_tags(words, &title, &description, card, "article", &link, &file);
        out.push(Page {
            app: app(frame, c.id, &chapters, pos, &body, None, &edition_switch(lang, &file)),
            file,
            head,
            embed: false,
            oembed: document,
        });
        if pos == 0 {
            let hook = hook_section(frame, &hook_image, &hook_narrow);
            let title = format!("{site} — {}", c.title);
            let link = oembed::discovery_link(&format!("{dir}index.html"), &title);
            let mut head = head_tags(words, &title, &description, Some(&hook_image), "website", &link, "index.html");
            // The hook's image is the front page's largest paint: fetched from the head on.
            // One preload per case, the same the <picture> picks.
            let (narrow, wide) = (&hook_narrow.src, &hook_image.src);
            let light = "(prefers-color-scheme: light)";
            for (src, media) in [
                (narrow.clone(), format!("{NARROW} and {light}")),
                (dark_variant(narrow), format!("{NARROW} and {DARK}")),
                (wide.clone(), format!("(min-width: 601px) and {light}")),
                (dark_variant(wide), format!("(min-width: 601px) and {DARK}")),
            ] {
                head.push_str(&format!(
                    "\n  <link rel=\"preload\" as=\"image\" href=\"{}\" media=\"{media}\" fetchpriority=\"high\">",
                    esc(&src)
                ));
            }
            out.push(Page {
                file: "index.html".to_string(),
                head,
                app: app(frame, c.id, &chapters, pos, &body, Some(&hook), &edition_switch(lang, "index.html")),
                embed: false,
                oembed: oembed_in(lang, document_of(words, figure, &title, image, image)),
            });
        }
    }
    for spec in crate::figures::export::figure_list() {
        let Some(image) = inputs.figures.get(spec.id) else { continue };
        let local_image = &figures[spec.id];
        let chapter = frame.chapter(spec.chapter).or_else(|| chapters.first().copied());
        let back = chapter
            .map(|c| {
                format!(
                    "<p class=\"embed-back\"><a href=\"{}.html\" target=\"_blank\" rel=\"noopener\">{}</a></p>",
                    c.id,
                    esc(&frame.embed_back_label(c.title))
                )
            })
            .unwrap_or_default();
        let caption = lab_words::catalogue::caption(words, spec);
        let title = format!("{} — {site}", short_caption(caption));
        let file = format!("embed-{}.html", spec.id);
        // Its own link card once it has one, its static image until then.
        let card = inputs.cards.get(spec.id).unwrap_or(image);
        let local_card = cards.get(spec.id).unwrap_or(local_image);
        let link = oembed::discovery_link(&format!("{dir}{file}"), &title);
        out.push(Page {
            head: head_tags(words, &title, caption, Some(local_card), "article", &link, &file),
            oembed: oembed_in(lang, document_of(words, spec.id, &title, Some(image), Some(card))),
            file,
            app: format!(
                "<div id=\"app\" data-prerendered=\"embed-{id}\"><main id=\"content\" class=\"embed\">{}{back}</main></div>",
                static_figure(words, spec.id, Some(local_image), false),
                id = spec.id
            ),
            embed: true,
        });
    }
    out
}

/// The inline script every page carries at the top of its head: an address
/// `?ch=ID…` or `?embed=ID…` goes to its own static page (the query and the
/// fragment kept, so the live page reads the same state) before anything
/// is painted, in the edition `&lang=CODE` names or else the page's own
/// (`<html lang>`), found from the page's way up to the root
/// (`<html data-root>`, which an edition one directory down sets). An
/// unknown id (or one the edition has no page for) stays where it is: the
/// live page says what is wrong with it.
pub fn redirect_script(editions: &[(Lang, &[Page])]) -> String {
    let ids = |pages: &[Page], embed: bool| {
        let list: Vec<String> = pages
            .iter()
            .filter(|p| p.embed == embed && p.file != "index.html")
            .map(|p| format!("'{}'", p.file.trim_end_matches(".html").trim_start_matches("embed-")))
            .collect();
        list.join(",")
    };
    let table: Vec<String> = editions
        .iter()
        .map(|(lang, pages)| {
            format!("'{}': {{ch: [{}], embed: [{}]}}", edition_dir(*lang), ids(pages, false), ids(pages, true))
        })
        .collect();
    format!(
        "(() => {{\n  const q = new URLSearchParams(location.search), html = document.documentElement;\n  \
         const pages = {{{}}};\n  \
         const dir = pages[`${{q.get('lang') || html.lang}}/`] ? `${{q.get('lang') || html.lang}}/` : '';\n  \
         const {{ch, embed}} = pages[dir];\n  \
         const page = q.has('embed') ? (embed.includes(q.get('embed')) ? `embed-${{q.get('embed')}}` : null)\n    \
         : ch.includes(q.get('ch')) ? q.get('ch') : null;\n  \
         const to = `${{html.dataset.root || ''}}${{dir}}${{page}}.html`;\n  \
         if (page && new URL(to, location.href).pathname !== location.pathname) location.replace(`${{to}}${{location.search}}${{location.hash}}`);\n}})();",
        table.join(", ")
    )
}

/// A caption's first part, before its colon, for a title (the figure's number and name).
fn short_caption(caption: &str) -> &str {
    caption.split_once(": ").map_or(caption, |(head, _)| head)
}

/// The `<title>` and meta tags of page `file`, its card's image (`image`,
/// with its size and text), the link to its oEmbed document (`discovery`)
/// and its counterparts in every edition.
fn head_tags(
    words: &Words,
    title: &str,
    description: &str,
    image: Option<&Image>,
    kind: &str,
    discovery: &str,
    file: &str,
) -> String {
    let short = shorten(description, DESCRIPTION_CHARS);
    let mut tags = vec![
        format!("<title>{}</title>", esc(title)),
        format!("<meta name=\"description\" content=\"{}\">", esc(&short)),
        format!("<meta property=\"og:type\" content=\"{kind}\">"),
        format!("<meta property=\"og:title\" content=\"{}\">", esc(title)),
        format!("<meta property=\"og:description\" content=\"{}\">", esc(&short)),
    ];
    if let Some(i) = image {
        tags.push(format!("<meta property=\"og:image\" content=\"{}\">", esc(&i.src)));
        tags.push(format!("<meta property=\"og:image:width\" content=\"{}\">", i.width));
        tags.push(format!("<meta property=\"og:image:height\" content=\"{}\">", i.height));
        if !i.alt.is_empty() {
            tags.push(format!("<meta property=\"og:image:alt\" content=\"{}\">", esc(&shorten(&i.alt, 420))));
        }
    }
    let lang = words.lang();
    tags.push(format!("<meta property=\"og:locale\" content=\"{}\">", lang.og_locale()));
    for other in Lang::ALL.into_iter().filter(|&l| l != lang) {
        tags.push(format!("<meta property=\"og:locale:alternate\" content=\"{}\">", other.og_locale()));
    }
    tags.push("<meta name=\"twitter:card\" content=\"summary_large_image\">".to_string());
    tags.push(discovery.to_string());
    tags.push(hreflang_links(lang, file));
    tags.join("\n  ")
}

/// The oEmbed document of a page titled `title` that embeds `figure`
/// (whose static image and embed page are `image`'s, if it has one), with
/// `thumbnail` as its picture: the share panel's snippet for a blog that
/// takes HTML (`lab_model::share`), the figure alone where it has that embed
/// (a drawn figure with an image, not a sweep), the figure with its
/// controls otherwise.
fn document_of(
    words: &'static Words,
    figure: &str,
    title: &str,
    image: Option<&Image>,
    thumbnail: Option<&Image>,
) -> String {
    let spec = lab_model::registry::figure(figure);
    let caption = spec.map_or(title, |s| short_caption(lab_words::catalogue::caption(words, s)));
    let sweep = spec.is_some_and(|s| matches!(s.kind, lab_model::registry::FigureKind::Sweep(_)));
    let bare = if image.is_some() && !sweep { bare_height(words, figure) } else { None };
    let thumbnail = thumbnail.map(|t| Thumbnail { src: t.src.clone(), width: t.width, height: t.height });
    let embed = Embed {
        figure,
        caption,
        title,
        static_page: image.is_some(),
        bare: bare.is_some(),
        height: bare.unwrap_or(share::FULL_HEIGHT),
        thumbnail,
    };
    oembed::document(words.shell.site_title, &embed).to_json()
}

/// The height of figure `id`'s figure-only embed in its opening state, as
/// the share panel sizes its snippet (`web::export_files`): the figure's
/// file laid out at [`share::BARE_WIDTH`] less the page's padding, and
/// what the embed page adds around it. `None` when it cannot be laid out.
fn bare_height(words: &'static Words, id: &str) -> Option<u32> {
    use crate::figures::export::{prepare, Format, Request};
    let request = Request { width: share::BARE_WIDTH - 16, ..Request::new(id, Format::Svg, words) };
    prepare(&request).ok().map(|p| p.size.1 + share::BARE_EXTRA_PX)
}

/// `text` cut to at most `max` characters, "…" marking a cut.
fn shorten(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// The `#app` element of a page showing chapter `id` (at `pos` of
/// `chapters`), with the hook's section above the chapter on the front page.
/// `switch` is the frame's way to the other editions ([`edition_switch`]).
fn app(
    frame: Frame,
    id: &str,
    chapters: &[Chapter],
    pos: usize,
    body: &str,
    hook: Option<&str>,
    switch: &str,
) -> String {
    let w = &frame.words.shell;
    let nav: String = frame.nav_items(id).iter().map(nav_item).collect();
    let mut pager = String::new();
    if let Some(prev) = pos.checked_sub(1).and_then(|p| chapters.get(p)) {
        pager.push_str(&format!(
            "<a class=\"prev\" href=\"{}.html\">{}</a>",
            prev.id,
            esc(&frame.previous_label(prev.title))
        ));
    }
    if let Some(next) = chapters.get(pos + 1) {
        pager.push_str(&format!(
            "<a class=\"next\" href=\"{}.html\">{}</a>",
            next.id,
            esc(&frame.next_label(next.title))
        ));
    }
    format!(
        "<div id=\"app\" data-prerendered=\"{id}\"><a class=\"skip\" href=\"#content\">{skip}</a>\
         <header class=\"site-header\"><p class=\"site-title\"><a href=\"./\">{title}</a></p>\
         <p class=\"site-sub\">{sub}</p>{switch}</header>\
         <div class=\"layout\"><nav class=\"chapters\" aria-label=\"{map}\"><ol>{nav}</ol></nav>\
         <main id=\"content\" tabindex=\"-1\">{hook}<article class=\"chapter\">{body}</article>\
         <nav class=\"pager\" aria-label=\"{pager_label}\">{pager}</nav></main></div>\
         <footer class=\"site-footer\"><p>{footer}</p></footer></div>",
        skip = esc(w.skip_link),
        title = esc(w.site_title),
        sub = esc(w.site_sub),
        map = esc(w.chapter_map_label),
        hook = hook.unwrap_or(""),
        pager_label = esc(w.pager_label),
        footer = esc(w.footer),
    )
}

/// One entry of the chapter map, as the live page draws it (`web/app.rs`):
/// its code and few words, or its whole title when it is the page's.
fn nav_item(item: &shell::NavItem) -> String {
    let current = if item.current { " aria-current=\"page\"" } else { "" };
    let code = item.code.as_ref().map(|c| format!("<span class=\"nav-code\">{}</span> ", esc(c))).unwrap_or_default();
    format!(
        "<li class=\"{}\"><a href=\"{}.html\" title=\"{}\"{current}>{code}{}</a></li>",
        item.row,
        item.chapter.id,
        esc(item.chapter.title),
        esc(item.text)
    )
}

/// The front page's hook, static: its question, its timeline stopped where
/// the live hook stops to ask (its image carries the legend), what it asks
/// there and the way in; then, as on the live page (`web/hook.rs`), Article
/// B's readers' way in and the chapter map with every chapter's title. The answer is left to the live hook (or to the chapter). The
/// timeline is the page's largest paint, so it is fetched first.
fn hook_section(frame: Frame, image: &Image, narrow: &Image) -> String {
    let w = &frame.words.shell;
    let run = HookRun::new();
    let asking = run.asking_in(frame.words).unwrap_or_default();
    let rows: String = frame
        .hook_map()
        .into_iter()
        .map(|(name, entries)| {
            let links: String = entries
                .iter()
                .map(|(code, c, title)| {
                    let code = code
                        .as_ref()
                        .map(|k| format!("<span class=\"nav-code\">{}</span> ", esc(k)))
                        .unwrap_or_default();
                    format!("<li><a href=\"{}.html\" title=\"{}\">{code}{}</a></li>", c.id, esc(c.title), esc(title))
                })
                .collect();
            format!("<li><span class=\"hook-map-name\">{}</span><ol>{links}</ol></li>", esc(name))
        })
        .collect();
    let (start, b_start) = (shell::hook_start(), shell::b_start());
    format!(
        "<section class=\"hook\" aria-labelledby=\"hook-question\"><p id=\"hook-question\" class=\"hook-question\">{q}</p>\
         <div class=\"hook-canvas\"><picture>\
         <source media=\"{NARROW} and {DARK}\" srcset=\"{narrow_dark}\" width=\"{nw}\" height=\"{nh}\">\
         <source media=\"{NARROW}\" srcset=\"{narrow_src}\" width=\"{nw}\" height=\"{nh}\">\
         <source media=\"{DARK}\" srcset=\"{dark}\" width=\"{w}\" height=\"{h}\">\
         <img src=\"{src}\" width=\"{w}\" height=\"{h}\" alt=\"{alt}\" fetchpriority=\"high\" style=\"max-width:100%;height:auto\"></picture></div>\
         <p class=\"hook-outcome\" data-asking=\"true\">{asking}</p>\
         <p class=\"hook-start\"><a href=\"{start}.html\">{go}</a></p></section>\
         <section class=\"door-b\" aria-labelledby=\"door-b-ask\"><p id=\"door-b-ask\" class=\"door-b-ask\"><strong>{b_ask}</strong></p>\
         <p class=\"door-b-text\">{b_text}</p><p class=\"door-b-start\"><a href=\"{b_start}.html\"><strong>{b_go}</strong></a></p></section>\
         <nav class=\"hook-map\" aria-label=\"{map}\"><ul>{rows}</ul></nav>",
        q = esc(frame.words.hook.question),
        src = esc(&image.src),
        w = image.width,
        h = image.height,
        narrow_src = esc(&narrow.src),
        dark = esc(&dark_variant(&image.src)),
        narrow_dark = esc(&dark_variant(&narrow.src)),
        nw = narrow.width,
        nh = narrow.height,
        alt = esc(frame.words.hook.canvas_label),
        asking = esc(&asking),
        map = esc(w.hook_map_label),
        go = esc(w.hook_start),
        b_ask = esc(w.b_door_ask),
        b_text = esc(w.b_door_text),
        b_go = esc(w.b_door_start),
    )
}

/// The media queries of the hook's images: a phone's width, a dark page.
const NARROW: &str = "(max-width: 600px)";
const DARK: &str = "(prefers-color-scheme: dark)";

/// The dark palette's image beside a light one (`tests/static_figures.rs`
/// draws both): `figures/hook.png` → `figures/hook-dark.png`.
fn dark_variant(src: &str) -> String {
    match src.strip_suffix(".png") {
        Some(stem) => format!("{stem}-dark.png"),
        None => src.to_string(),
    }
}

/// A figure's static form: its image and caption with the note, or a line
/// saying it is drawn live. In a chapter its image loads when it nears the
/// screen; an embed's is the page's first paint and loads at once.
fn static_figure(words: &Words, id: &str, image: Option<&Image>, lazy: bool) -> String {
    let loading = if lazy { " loading=\"lazy\"" } else { "" };
    let w = &words.shell.statics;
    match image {
        Some(i) => format!(
            "<figure class=\"lab-figure static-figure\" id=\"{id}\"><img src=\"{src}\" width=\"{w}\" height=\"{h}\" alt=\"{alt}\"{loading} style=\"max-width:100%;height:auto\"><figcaption>{alt} {note}</figcaption></figure>",
            src = esc(&i.src),
            w = i.width,
            h = i.height,
            alt = esc(&i.alt),
            note = esc(w.image_note),
        ),
        None => format!(
            "<figure class=\"lab-figure static-figure\" id=\"{id}\"><p class=\"figure-loading\">{}</p></figure>",
            esc(w.no_image)
        ),
    }
}

/// Whether `id` is a figure of `lab check`'s small world (built by the page's `check` module).
fn is_check_figure(id: &str) -> bool {
    lab_model::registry::figure_of(lab_model::registry::Scenario::Check, id).is_some()
}

/// Figure 8-1's static form: its caption, a line on what it needs, and
/// the checker's smallest schedule for the variant it opens on, as a list
/// of the checker's own sentences, folded (`<details>` opens without
/// scripts).
fn static_check_figure(words: &Words, spec: &lab_model::registry::FigureSpec) -> String {
    let scenario = lab_check::scenario::scenario(CHECK_VARIANT).expect("variant (a) is one of lab check's");
    let options = lab_check::Options { threads: CHECK_THREADS, ..lab_check::Options::default() };
    let report = lab_check::check(scenario, options, &mut |_| {});
    let smallest = report
        .schedules
        .first()
        .map(|schedule| {
            let steps: String = schedule
                .steps
                .iter()
                .map(|step| format!("<li>{}</li>", esc(&lab_words::check::report::step_text(words, &report, step))))
                .collect();
            format!(
                "<details class=\"break-it-static\"><summary>{}</summary><ol>{steps}</ol></details>",
                esc(&lab_words::shell::check_smallest(
                    words,
                    lab_words::check::report::config_name(words, &report),
                    schedule.steps.len(),
                    CHECK_THREADS
                ))
            )
        })
        .unwrap_or_default();
    format!(
        "<figure class=\"lab-figure static-figure break-it\" id=\"{id}\"><p class=\"figure-loading\">{needs}</p>{smallest}<figcaption>{caption}</figcaption></figure>",
        id = spec.id,
        needs = esc(words.shell.statics.check_needs_js),
        caption = esc(lab_words::catalogue::caption(words, spec)),
    )
}

/// A chapter's HTML with every figure marker replaced by the figure's
/// static form, and the first figure's id, if any.
fn chapter_body(words: &Words, html: &str, figures: &BTreeMap<String, Image>) -> (String, Option<String>) {
    let (open, close) = crate::content::prose::FIGURE_MARKER;
    let mut out = String::with_capacity(html.len());
    let mut first = None;
    let mut rest = html;
    while let Some(at) = rest.find(open) {
        let after = &rest[at + open.len()..];
        let Some(end) = after.find(close) else { break };
        out.push_str(&rest[..at]);
        let id = after[..end].trim();
        let image = figures.get(id);
        if first.is_none() {
            first = Some(id.to_string());
        }
        match lab_model::registry::figure_of(lab_model::registry::Scenario::Check, id) {
            Some(spec) => out.push_str(&static_check_figure(words, spec)),
            None => out.push_str(&static_figure(words, id, image, true)),
        }
        rest = &after[end + close.len()..];
    }
    out.push_str(rest);
    (out, first)
}

/// A page's description: the text of its first paragraph that is not the
/// note on the source, on one line.
fn description(words: &Words, html: &str) -> String {
    let source = words.shell.statics.source;
    let mut rest = html;
    while let Some(at) = rest.find("<p>") {
        let after = &rest[at + 3..];
        let Some(end) = after.find("</p>") else { break };
        let paragraph = &after[..end];
        rest = &after[end..];
        if paragraph.starts_with(source) || paragraph.strip_prefix("<strong>").is_some_and(|p| p.starts_with(source)) {
            continue;
        }
        return text_of(paragraph).split_whitespace().collect::<Vec<_>>().join(" ");
    }
    String::new()
}

/// The text of an HTML fragment of our own renderer (tags dropped, its five escapes undone).
fn text_of(html: &str) -> String {
    let mut text = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' if in_tag => in_tag = false,
            c if !in_tag => text.push(c),
            _ => {}
        }
    }
    unescape_html(&text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_words::Lang;

    fn korean() -> &'static Words {
        Words::of(Lang::Ko)
    }

    #[test]
    fn a_description_skips_the_source_note_and_reads_as_text() {
        for lang in Lang::ALL {
            let words = Words::of(lang);
            let source = words.shell.statics.source;
            let html = format!("<h1>t</h1><p><strong>{source}</strong> x</p><p>{source}: y</p><p>a lock <code>SET</code>\n &amp; end</p>");
            assert_eq!(description(words, &html), "a lock SET & end");
        }
        assert_eq!(shorten("\u{ac00}\u{b098}\u{b2e4}\u{b77c}", 3), "\u{ac00}\u{b098}…", "characters, not bytes");
        assert_eq!(shorten("abc", 3), "abc");
    }

    #[test]
    fn a_figure_marker_becomes_its_image_or_a_note() {
        let mut figures = BTreeMap::new();
        let image = Image { src: "figures/x.png".into(), width: 760, height: 400, alt: "Figure <1>".into() };
        figures.insert("x".to_string(), image);
        let words = korean();
        let (body, first) = chapter_body(words, "<p>a</p><!--figure:y--><!--figure:x-->", &figures);
        assert_eq!(first.as_deref(), Some("y"));
        assert!(body.contains(&format!("<p class=\"figure-loading\">{}</p>", words.shell.statics.no_image)));
        assert!(body.contains("alt=\"Figure &lt;1&gt;\""));
        assert!(body.contains(&format!("<figcaption>Figure &lt;1&gt; {}</figcaption>", words.shell.statics.image_note)));
    }

    /// Figure 8-1 without scripts: its caption, what it needs, and (a)'s
    /// smallest schedule from the checker, folded, step by step.
    #[test]
    fn the_break_it_figure_reads_without_scripts() {
        let words = korean();
        let (body, first) = chapter_body(words, "<p>a</p><!--figure:break-it-->", &BTreeMap::new());
        assert_eq!(first.as_deref(), Some("break-it"));
        assert!(body.contains("<figure class=\"lab-figure static-figure break-it\" id=\"break-it\">"), "{body}");
        let spec = lab_model::registry::figure("break-it").unwrap();
        let caption = lab_words::catalogue::caption(words, spec);
        assert!(body.contains(&format!("<figcaption>{}</figcaption>", esc(caption))), "{body}");
        assert!(body.contains(words.shell.statics.check_needs_js));
        let steps = body.matches("<li>").count();
        let options = lab_check::Options { threads: CHECK_THREADS, ..lab_check::Options::default() };
        let report = lab_check::check(lab_check::scenario::scenario("a").unwrap(), options, &mut |_| {});
        assert_eq!(Some(steps), report.smallest, "{body}");
        assert!(body.contains("<details class=\"break-it-static\"><summary>") && !body.contains("<details open"));
        let first_step = lab_words::check::report::step_text(words, &report, &report.schedules[0].steps[0]);
        assert!(body.contains(&format!("<ol><li>{}</li>", esc(&first_step))), "{body}");
        assert!(is_check_figure("break-it") && !is_check_figure("tap-crash"));
    }

    #[test]
    fn the_hook_picks_its_image_by_width_and_palette() {
        let image = |src: &str, width| Image { src: src.into(), width, height: 300, alt: String::new() };
        let frame = Frame::new(korean());
        let html = hook_section(frame, &image("figures/hook.png", 760), &image("figures/hook-narrow.png", 360));
        let sources: Vec<&str> = html.match_indices("srcset=\"").map(|(i, _)| &html[i + 8..]).collect();
        let firsts: Vec<&str> = sources.iter().map(|s| &s[..s.find('"').unwrap()]).collect();
        // The first source whose media matches wins: a dark phone before any phone.
        assert_eq!(firsts, ["figures/hook-narrow-dark.png", "figures/hook-narrow.png", "figures/hook-dark.png"]);
        assert!(html.contains("<img src=\"figures/hook.png\""));
        assert_eq!(dark_variant("figures/a.png"), "figures/a-dark.png");
    }

    /// The frame and the head speak the language of the table they are given.
    #[test]
    fn the_frame_and_head_speak_the_tables_language() {
        let en = Words::of(Lang::En);
        let chapters = shell::chapters();
        let app = app(Frame::new(en), chapters[1].id, &chapters, 1, "<p>x</p>", None, "");
        for english in
            ["Skip to the text", "Consistency Lab", "aria-label=\"Chapters\"", "Previous and next chapter", "→"]
        {
            assert!(app.contains(english), "{english}: {app}");
        }
        let head = head_tags(en, "t", "d", None, "article", "", "a1.html");
        assert!(head.contains("<meta property=\"og:locale\" content=\"en_US\">"), "{head}");
        assert!(head.contains("<meta property=\"og:locale:alternate\" content=\"ko_KR\">"), "{head}");
        let korean = head_tags(korean(), "t", "d", None, "article", "", "a1.html");
        assert!(korean.contains("<meta property=\"og:locale\" content=\"ko_KR\">"), "{korean}");
        assert!(korean.contains("<meta property=\"og:locale:alternate\" content=\"en_US\">"), "{korean}");
        let (body, _) = chapter_body(en, "<!--figure:break-it-->", &BTreeMap::new());
        assert!(body.contains(&esc(en.shell.statics.check_needs_js)), "{body}");
        assert!(body.contains("<summary>Show the shortest counterexample the checker found for “"), "{body}");
        assert!(!body.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)), "{body}");
    }

    #[test]
    fn the_redirect_names_only_pages_that_exist() {
        let page = |file: &str, embed| Page {
            file: file.into(),
            head: String::new(),
            app: String::new(),
            embed,
            oembed: String::new(),
        };
        let ko = [page("index.html", false), page("a1.html", false), page("embed-f.html", true)];
        let en = [page("index.html", false), page("a1.html", false)];
        let script = redirect_script(&[(Lang::Ko, &ko), (Lang::En, &en)]);
        assert!(
            script.contains("const pages = {'': {ch: ['a1'], embed: ['f']}, 'en/': {ch: ['a1'], embed: []}};"),
            "{script}"
        );
        assert!(script.contains("location.replace(") && script.contains("html.dataset.root"), "{script}");
    }

    /// Each edition names the other's same page, relative to itself, the
    /// Korean one also as `x-default`, and its frame links there under the
    /// other edition's own name, marked with its language.
    #[test]
    fn each_edition_names_the_others_page() {
        assert_eq!((edition_dir(Lang::Ko), edition_dir(Lang::En)), (String::new(), "en/".to_string()));
        let ko = hreflang_links(Lang::Ko, "a1.html");
        assert!(ko.contains("hreflang=\"ko\" href=\"a1.html\"") && ko.contains("hreflang=\"en\" href=\"en/a1.html\""));
        assert!(ko.contains("hreflang=\"x-default\" href=\"a1.html\""), "{ko}");
        let en = hreflang_links(Lang::En, "index.html");
        assert!(en.contains("hreflang=\"ko\" href=\"../\"") && en.contains("hreflang=\"en\" href=\"./\""), "{en}");
        assert!(en.contains("hreflang=\"x-default\" href=\"../\""), "{en}");
        assert_eq!(
            edition_switch(Lang::Ko, "a1.html"),
            "<p class=\"site-lang\"><a href=\"en/a1.html\" lang=\"en\" hreflang=\"en\">English</a></p>"
        );
        let switch = edition_switch(Lang::En, "a1.html");
        assert!(
            switch.starts_with("<p class=\"site-lang\"><a href=\"../a1.html\" lang=\"ko\" hreflang=\"ko\">"),
            "{switch}"
        );
        let image = Image { src: "figures/en/x.png".into(), width: 1, height: 1, alt: String::new() };
        assert_eq!(from_page(Lang::En, &image).src, "../figures/en/x.png");
        assert_eq!(from_page(Lang::Ko, &image).src, "figures/en/x.png");
        let doc = format!("{{\"html\": \"<iframe src=\\\"{}embed-x.html\\\"\"}}", oembed::SITE);
        assert!(oembed_in(Lang::En, doc.clone()).contains("lab-site.invalid/en/embed-x.html"));
        assert_eq!(oembed_in(Lang::Ko, doc.clone()), doc);
    }
}
