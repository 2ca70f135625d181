//! The words of the share panel, oEmbed titles and the exported files' words.
//!
//! Declared here once; the Korean table is [`crate::ko::share`], the English
//! one [`crate::en::share`]. [`share_kit`] composes the share panel from a
//! [`ShareRequest`] (the facts) in a table's language: the addresses and
//! snippets are `lab_model::share`'s, the words the table's.
//!
//! Which blog platforms a kit offers, and in which order, is a row of the
//! table ([`ShareWords::platforms`]: the Korean kit velog, Tistory, HTML,
//! Naver Blog and Brunch; the English one HTML, WordPress, Ghost,
//! Discourse, dev.to, Medium and Markdown). Every platform has its words in
//! both tables, so a language can offer any of them by naming it there.
//! How a platform takes the figure (a CodePen pen, the `<iframe>` snippet, a
//! photo and a link card, the page's address read through oEmbed, Markdown)
//! is the type of its words.

use lab_model::share::{
    addresses, alt_text, height_script, iframe, markdown, origin, pen_json, public, PenLine, ShareRequest,
    BARE_EXTRA_PX, BARE_WIDTH, CODEPEN_CHROME_PX, CODEPEN_DEFINE, FULL_HEIGHT, VELOG_RESULT,
};

use crate::Words;

crate::words! {
    /// The CodePen form's words, the same for every platform that frames a pen.
    pub struct PenWords {
        pub button: &'static str,
        pub address_label: &'static str,
        pub address_placeholder: &'static str,
        pub line_empty: &'static str,
        pub address_bad: &'static str,
        /// `{host}`: the site's address when it is not public.
        pub local_warning: &'static str,
        /// The pen's description; `{link}`: the figure's page.
        pub description: &'static str,
    }
}

crate::words! {
    /// A platform that frames a CodePen pen (velog, dev.to, Medium): its
    /// steps (`{chrome}`: CodePen's bars, `{result}`: what is left for the
    /// figure; an empty step is not shown), the line field, the image path
    /// beside it (`{files}`) and, when its label is not empty, a Markdown field.
    pub struct PenPlatformWords {
        pub label: &'static str,
        pub steps: [&'static str; 5],
        pub line_label: &'static str,
        pub line_what: &'static str,
        pub alt_heading: &'static str,
        pub alt_steps: [&'static str; 3],
        pub md_label: &'static str,
        pub md_what: &'static str,
    }
}

crate::words! {
    /// A platform that takes the `<iframe>` snippet (Tistory, an HTML page),
    /// and the height script where scripts are allowed.
    pub struct HtmlPlatformWords {
        pub label: &'static str,
        pub steps: [&'static str; 3],
        pub code_label: &'static str,
        pub script_label: &'static str,
    }
}

crate::words! {
    /// A platform that takes a photo and a link card (Naver Blog, Brunch);
    /// `{files}`, `{platform}` in its steps.
    pub struct PhotoPlatformWords {
        pub label: &'static str,
        pub steps: [&'static str; 3],
        pub card_label: &'static str,
        pub alt_label: &'static str,
    }
}

crate::words! {
    /// A platform that reads the figure's static page's oEmbed document
    /// when its address is pasted on a line of its own (WordPress, Ghost,
    /// Discourse); `{platform}` in its steps.
    pub struct OembedPlatformWords {
        pub label: &'static str,
        pub steps: [&'static str; 3],
        pub link_label: &'static str,
    }
}

crate::words! {
    /// A platform written in Markdown: an image and a link; `{files}` in its steps.
    pub struct MarkdownPlatformWords {
        pub label: &'static str,
        pub steps: [&'static str; 3],
        pub md_label: &'static str,
        pub md_what: &'static str,
    }
}

crate::words! {
    /// The words of the export bar, the share panel's frame and the files
    /// themselves. A pair is a button's label and its title (its tooltip).
    pub struct ExportWords {
        /// The export bar's group name and its label.
        pub bar_name: &'static str,
        pub bar_label: &'static str,
        pub svg: [&'static str; 2],
        pub png: [&'static str; 2],
        pub png2: [&'static str; 2],
        pub trace_json: [&'static str; 2],
        pub metrics_csv: [&'static str; 2],
        pub gif: [&'static str; 2],
        pub frames: &'static str,
        pub story_gif: [&'static str; 2],
        /// A parameter map's buttons.
        pub sweep_svg: [&'static str; 2],
        pub sweep_png: [&'static str; 2],
        pub sweep_png2: [&'static str; 2],
        pub grid_json: [&'static str; 2],
        pub cells_csv: [&'static str; 2],
        /// Why a parameter map's buttons wait.
        pub sweep_hint: &'static str,
        /// The share panel's summary, while it is made, and when it could not be.
        pub share: &'static str,
        pub share_waiting: &'static str,
        pub share_failed: &'static str,
        /// The panel's blog files: what they are, then the buttons (PNG, SVG, phone PNG, GIF).
        pub blog_files: &'static str,
        pub blog_buttons: [&'static str; 4],
        /// The status line; `{label}`: the button's label, `{why}`: what failed.
        pub file_failed: &'static str,
        pub making: &'static str,
        pub grid_not_ready: &'static str,
        pub asked: &'static str,
        pub asked_sandboxed: &'static str,
        pub failed_because: &'static str,
        /// `{min}`, `{max}`: the frames a GIF may have.
        pub frames_range: &'static str,
        /// `{mb}`: the largest file.
        pub gif_too_large: &'static str,
        pub story_too_large: &'static str,
        /// The line under a blog file, before the figure's address.
        pub attribution: &'static str,
        /// A story GIF's line over each scene: `{title}`, `{scene}` (from 1), `{scenes}`.
        pub story_heading: &'static str,
        /// The labels of an Article B figure's outcome CSV, in its rows' order
        /// (`lab_figures::export::VOTE_CSV_KEYS`).
        pub vote_csv: [&'static str; 14],
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ShareWords {
        pub kit_legend: &'static str,
        /// A copy button; `{what}`: what it copies.
        pub copy: &'static str,
        /// The status line once copied, or when it could not be; `{what}`.
        pub copied: &'static str,
        pub not_copied: &'static str,
        pub embed_label: &'static str,
        pub embed_what: &'static str,
        pub embed_preview: &'static str,
        /// `{width}`: `lab_model::share::BARE_WIDTH`.
        pub bare_label: &'static str,
        pub bare_what: &'static str,
        pub bare_preview: &'static str,
        pub link_label: &'static str,
        pub link_what: &'static str,
        pub alt_label: &'static str,
        pub alt_what: &'static str,
        /// The snippet's and the script's copy words in a platform's fields.
        pub code_what: &'static str,
        pub script_what: &'static str,
        /// The file buttons a platform's steps name, for an animated figure
        /// and for one that is not: the page's files, the panel's blog
        /// files (720 px), the phone-first ones (390 px).
        pub files_animated: &'static str,
        pub files_still: &'static str,
        pub blog_files_animated: &'static str,
        pub blog_files_still: &'static str,
        pub phone_files_animated: &'static str,
        pub phone_files_still: &'static str,
        /// In a Markdown snippet: where the uploaded image's address goes, and the link's text.
        pub md_image: &'static str,
        pub md_link: &'static str,
        pub pen: PenWords,
        /// The platforms this language's kit offers, in order, by key
        /// (`velog`, `tistory`, `html`, `naver`, `brunch`, `wordpress`,
        /// `ghost`, `discourse`, `devto`, `medium`, `markdown`), separated by spaces.
        pub platforms: &'static str,
        pub velog: PenPlatformWords,
        pub devto: PenPlatformWords,
        pub medium: PenPlatformWords,
        pub tistory: HtmlPlatformWords,
        pub html: HtmlPlatformWords,
        pub naver: PhotoPlatformWords,
        pub brunch: PhotoPlatformWords,
        pub wordpress: OembedPlatformWords,
        pub ghost: OembedPlatformWords,
        pub discourse: OembedPlatformWords,
        pub markdown: MarkdownPlatformWords,
        pub export: ExportWords,
    }
}

/// A labelled read-only field and its copy button.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its class (what the copy button names).
    pub class: String,
    pub label: String,
    /// The copy button's word for what it copies.
    pub what: String,
    /// The copy button's label.
    pub copy: String,
    pub rows: u32,
    pub value: String,
    /// What the status line says once it is copied, or when it could not be.
    pub copied: String,
    pub not_copied: String,
}

impl Field {
    /// Its copy button's label.
    pub fn copy_label(&self) -> &str {
        &self.copy
    }
}

/// A link that opens an address in a new tab.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub href: String,
    pub text: String,
}

/// A platform's CodePen path: the form that creates the pen, the field that
/// turns the saved pen's address into the platform's line, and the image
/// path beside it (`web::velog_pen` lays it out).
#[derive(Clone, Debug, PartialEq)]
pub struct Pen {
    /// The form's action: CodePen's prefill API.
    pub action: &'static str,
    /// The form's one field, `data`: the pen's JSON.
    pub data: String,
    /// The embed address the pen frames.
    pub embed: String,
    /// The line the platform takes for the pen.
    pub line_style: PenLine,
    pub button: &'static str,
    /// A warning when the page's address is not one a reader could open
    /// (a file or this computer): the pen would frame nothing.
    pub warning: Option<String>,
    pub address_label: &'static str,
    pub address_placeholder: &'static str,
    /// The read-only field that shows the line (empty until an address is given).
    pub line: Field,
    pub line_empty: &'static str,
    pub address_bad: &'static str,
    /// The image-and-link path: its heading and steps (its field is the platform's).
    pub alt_heading: &'static str,
    pub alt_steps: Vec<String>,
}

/// One blog platform of the kit.
#[derive(Clone, Debug, PartialEq)]
pub struct Platform {
    pub key: &'static str,
    pub label: &'static str,
    pub steps: Vec<String>,
    /// The CodePen path, shown before the fields.
    pub pen: Option<Pen>,
    pub fields: Vec<Field>,
}

/// Everything the panel shows, in order: each field with its preview link
/// (if any), then the blog kit.
#[derive(Clone, Debug, PartialEq)]
pub struct ShareKit {
    pub fields: Vec<(Field, Option<Preview>)>,
    pub kit_legend: &'static str,
    pub platforms: Vec<Platform>,
}

/// A field whose copy button and status line name `what`.
fn field(w: &Words, class: &str, label: &str, what: &str, rows: u32, value: String) -> Field {
    let s = &w.share;
    Field {
        class: class.to_string(),
        label: label.to_string(),
        what: what.to_string(),
        copy: w.fill(s.copy, &[("what", what)]),
        rows,
        value,
        copied: w.fill(s.copied, &[("what", what)]),
        not_copied: w.fill(s.not_copied, &[("what", what)]),
    }
}

/// Steps filled from `values`, the empty ones left out.
fn steps(w: &Words, templates: &[&str], values: &[(&str, &str)]) -> Vec<String> {
    templates.iter().filter(|t| !t.is_empty()).map(|t| w.fill(t, values)).collect()
}

/// The share panel for `request` in `w`'s language; `bare_height` is the
/// figure-only file's height at `BARE_WIDTH` (`None` when there is no
/// figure-only embed).
pub fn share_kit(w: &Words, request: &ShareRequest, bare_height: Option<u32>) -> ShareKit {
    let (r, s) = (request, &w.share);
    let a = addresses(r);
    let alt = alt_text(r);
    let full_snippet = iframe(&a.embed, &r.caption, FULL_HEIGHT);
    let bare = bare_height.filter(|_| r.bareable);
    let bare_snippet = bare.map(|h| iframe(&a.bare, &r.caption, h + BARE_EXTRA_PX));

    let mut fields = vec![(
        field(w, "embed-code", s.embed_label, s.embed_what, 3, full_snippet.clone()),
        Some(Preview { href: a.embed.clone(), text: s.embed_preview.into() }),
    )];
    if let Some(snippet) = &bare_snippet {
        let label = w.fill(s.bare_label, &[("width", &BARE_WIDTH.to_string())]);
        fields.push((
            field(w, "embed-bare", &label, s.bare_what, 3, snippet.clone()),
            Some(Preview { href: a.bare.clone(), text: s.bare_preview.into() }),
        ));
    }
    fields.push((field(w, "permalink", s.link_label, s.link_what, 2, a.link.clone()), None));
    fields.push((field(w, "alt-text", s.alt_label, s.alt_what, 5, alt.clone()), None));

    // Which download buttons the steps name: the panel's blog files where
    // it offers them (a drawn figure with a static page), 720 px wide for a
    // blog's column and 390 px for the phone-first photo platforms.
    let blog_files = r.static_embed && r.bareable;
    let pick = |animated: &'static str, still: &'static str| if r.animated { animated } else { still };
    let (files, phone_files) = if blog_files {
        (pick(s.blog_files_animated, s.blog_files_still), pick(s.phone_files_animated, s.phone_files_still))
    } else {
        let files = pick(s.files_animated, s.files_still);
        (files, files)
    };
    let md = |words_link: &str| markdown(&alt, s.md_image, &r.caption, words_link, &a.link);

    // A pen frames the figure alone where there is one (it fills the
    // result area); a sweep's embed, with its controls, otherwise.
    let pen_embed = if bare.is_some() { a.bare.clone() } else { a.embed.clone() };
    let (chrome, result) = (CODEPEN_CHROME_PX.to_string(), VELOG_RESULT[0].1.to_string());
    let pen_platform = |key: &'static str, p: &PenPlatformWords, line_style: PenLine| {
        let pen = Pen {
            action: CODEPEN_DEFINE,
            data: pen_json(&pen_embed, &r.caption, &w.fill(s.pen.description, &[("link", &a.link)])),
            embed: pen_embed.clone(),
            line_style,
            button: s.pen.button,
            warning: (!public(&a.dir)).then(|| w.fill(s.pen.local_warning, &[("host", &origin(&a.dir))])),
            address_label: s.pen.address_label,
            address_placeholder: s.pen.address_placeholder,
            line: field(w, &format!("blog-{key}-codepen"), p.line_label, p.line_what, 2, String::new()),
            line_empty: s.pen.line_empty,
            address_bad: s.pen.address_bad,
            alt_heading: p.alt_heading,
            alt_steps: steps(w, &p.alt_steps, &[("files", files)]),
        };
        let markdown_field =
            (!p.md_label.is_empty()).then(|| field(w, &format!("blog-{key}"), p.md_label, p.md_what, 4, md(s.md_link)));
        Platform {
            key,
            label: p.label,
            steps: steps(w, &p.steps, &[("chrome", &chrome), ("result", &result)]),
            pen: Some(pen),
            fields: markdown_field.into_iter().collect(),
        }
    };
    // The figure alone where there is one, at the height that fits it.
    let snippet = bare_snippet.unwrap_or(full_snippet);
    let script = height_script(&origin(&a.dir));
    let html_platform = |key: &'static str, p: &HtmlPlatformWords| Platform {
        key,
        label: p.label,
        steps: steps(w, &p.steps, &[]),
        pen: None,
        fields: vec![
            field(w, &format!("blog-{key}"), p.code_label, s.code_what, 3, snippet.clone()),
            field(w, &format!("blog-{key}-script"), p.script_label, s.script_what, 3, script.clone()),
        ],
    };
    let photo_platform = |key: &'static str, p: &PhotoPlatformWords| Platform {
        key,
        label: p.label,
        steps: steps(w, &p.steps, &[("files", phone_files), ("platform", p.label)]),
        pen: None,
        fields: vec![
            field(w, &format!("blog-{key}-link"), p.card_label, s.link_what, 2, a.card.clone()),
            field(w, &format!("blog-{key}-alt"), p.alt_label, s.alt_what, 3, alt.clone()),
        ],
    };
    // The oEmbed document is the figure's static page's: without one there
    // is nothing for the platform to read.
    let oembed_platform = |key: &'static str, p: &OembedPlatformWords| {
        a.page.clone().map(|page| Platform {
            key,
            label: p.label,
            steps: steps(w, &p.steps, &[("platform", p.label)]),
            pen: None,
            fields: vec![field(w, &format!("blog-{key}-link"), p.link_label, s.link_what, 2, page)],
        })
    };
    let markdown_platform = |key: &'static str, p: &MarkdownPlatformWords| Platform {
        key,
        label: p.label,
        steps: steps(w, &p.steps, &[("files", files)]),
        pen: None,
        fields: vec![field(w, &format!("blog-{key}"), p.md_label, p.md_what, 4, md(s.md_link))],
    };
    let platforms = s
        .platforms
        .split_whitespace()
        .filter_map(|key| match key {
            "velog" => Some(pen_platform("velog", &s.velog, PenLine::Velog)),
            "devto" => Some(pen_platform("devto", &s.devto, PenLine::Liquid)),
            "medium" => Some(pen_platform("medium", &s.medium, PenLine::Address)),
            "tistory" => Some(html_platform("tistory", &s.tistory)),
            "html" => Some(html_platform("html", &s.html)),
            "naver" => Some(photo_platform("naver", &s.naver)),
            "brunch" => Some(photo_platform("brunch", &s.brunch)),
            "wordpress" => oembed_platform("wordpress", &s.wordpress),
            "ghost" => oembed_platform("ghost", &s.ghost),
            "discourse" => oembed_platform("discourse", &s.discourse),
            "markdown" => Some(markdown_platform("markdown", &s.markdown)),
            _ => None,
        })
        .collect();
    ShareKit { fields, kit_legend: s.kit_legend, platforms }
}

/// Every platform key a table may name in [`ShareWords::platforms`].
pub const PLATFORM_KEYS: [&str; 11] =
    ["velog", "devto", "medium", "tistory", "html", "naver", "brunch", "wordpress", "ghost", "discourse", "markdown"];

#[cfg(test)]
mod tests {
    use super::{share_kit, ShareKit, PLATFORM_KEYS};
    use crate::{Lang, Words};
    use lab_model::share::ShareRequest;

    fn request() -> ShareRequest {
        ShareRequest {
            page: "https://x.io/lab/a1-lease-expiry.html".into(),
            permalink: "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250".into(),
            figure: "lease-expiry".into(),
            caption: "Figure 1-1. Lease expiry timeline (experiment 1)".into(),
            description: "Two holders overlap.".into(),
            bareable: true,
            animated: true,
            static_embed: true,
        }
    }

    /// Every text of a kit a reader sees, fields' values aside.
    fn words_of(kit: &ShareKit) -> Vec<String> {
        let mut out = vec![kit.kit_legend.to_string()];
        let fields = kit.fields.iter().map(|(f, _)| f).chain(kit.platforms.iter().flat_map(|p| &p.fields));
        let pen_lines = kit.platforms.iter().filter_map(|p| p.pen.as_ref()).map(|p| &p.line);
        for f in fields.chain(pen_lines) {
            out.extend([f.label.clone(), f.copy.clone(), f.copied.clone(), f.not_copied.clone()]);
        }
        for p in &kit.platforms {
            out.push(p.label.to_string());
            out.extend(p.steps.iter().cloned());
            if let Some(pen) = &p.pen {
                out.extend(pen.alt_steps.iter().cloned());
                out.extend(
                    [pen.button, pen.address_label, pen.line_empty, pen.address_bad, pen.alt_heading].map(String::from),
                );
                out.extend(pen.warning.clone());
            }
        }
        out
    }

    fn hangul(s: &str) -> bool {
        s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c) || ('\u{3131}'..='\u{318e}').contains(&c))
    }

    #[test]
    fn the_english_kit_offers_oembed_codepen_and_markdown_platforms_in_english() {
        let kit = share_kit(Words::of(Lang::En), &request(), Some(400));
        let keys: Vec<&str> = kit.platforms.iter().map(|p| p.key).collect();
        assert_eq!(keys, ["html", "wordpress", "ghost", "discourse", "devto", "medium", "markdown"]);
        let platform = |key: &str| kit.platforms.iter().find(|p| p.key == key).unwrap();
        // WordPress, Ghost and Discourse get the figure's static page, whose head names its oEmbed document.
        for key in ["wordpress", "ghost", "discourse"] {
            let p = platform(key);
            assert_eq!(p.fields[0].value, "https://x.io/lab/embed-lease-expiry.html");
            assert!(p.steps[1].starts_with(&format!("{} reads the oEmbed link", p.label)), "{}", p.steps[1]);
        }
        // dev.to and Medium take a CodePen pen: the tag and the pen's address.
        let devto = platform("devto").pen.as_ref().unwrap();
        assert_eq!(
            devto.line_style.line("https://codepen.io/me/pen/AbC12xY").as_deref(),
            Some("{% codepen https://codepen.io/me/pen/AbC12xY %}")
        );
        assert!(platform("devto").steps[0].contains("{% codepen %} tag"));
        assert_eq!(platform("medium").pen.as_ref().unwrap().line.class, "blog-medium-codepen");
        assert!(platform("medium").fields.is_empty(), "Medium takes no Markdown");
        assert_eq!(platform("devto").steps.len(), 4, "an empty step is left out");
        let md = &platform("markdown").fields[0];
        assert_eq!(
            md.value,
            "![Figure 1-1. Lease expiry timeline (experiment 1)\n\nTwo holders overlap.](image address)".replace("\n\n", " ")
                + "\n\n*Figure 1-1. Lease expiry timeline (experiment 1)* — [Try it live in Consistency Lab](https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250)"
        );
        assert_eq!(md.copied, "Copied the Markdown.");
        assert_eq!(kit.fields[0].0.copy_label(), "Copy embed code");
        assert!(
            platform("markdown").steps[0].starts_with("Download the figure with the “Blog GIF” or “Blog PNG” button")
        );
        let words = words_of(&kit);
        assert!(words.iter().all(|w| !hangul(w) && !w.contains("{files") && !w.contains("{platform")), "{words:#?}");
    }

    #[test]
    fn without_a_static_page_there_is_no_oembed_document_to_offer() {
        let r = ShareRequest { static_embed: false, ..request() };
        let kit = share_kit(Words::of(Lang::En), &r, Some(400));
        let keys: Vec<&str> = kit.platforms.iter().map(|p| p.key).collect();
        assert_eq!(keys, ["html", "devto", "medium", "markdown"]);
    }

    #[test]
    fn every_table_names_only_platforms_the_kit_knows() {
        for lang in Lang::ALL {
            let named = Words::of(lang).share.platforms.split_whitespace();
            for key in named {
                assert!(PLATFORM_KEYS.contains(&key), "{lang:?} names {key}");
            }
        }
    }
}
