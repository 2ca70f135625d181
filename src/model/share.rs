//! The "퍼가기" panel's words and addresses: the `<iframe>` snippets (the
//! figure with its controls; the figure alone), the link to this state, the
//! text alternative, and the blog kit (per platform, what to upload and what
//! to paste). The lazily loaded `figures` module lays them out as labelled
//! read-only fields with copy buttons (`web::export_files` in the top
//! crate, and `web::velog_pen` for velog's CodePen form), so none of this is
//! in the first-load wasm. Every address comes from [`crate::permalink`],
//! every particle from [`crate::korean`], every word from [`KO`].
//!
//! Per platform (sources: /work/shared/design/embed-platforms.md):
//! - **velog** keeps an `<iframe>` only from YouTube, CodeSandbox and
//!   CodePen, so the live figure goes through a CodePen pen: a form POST of
//!   the pen's JSON ([`Pen::data`]) to CodePen's prefill API, then the
//!   `!codepen[USER/embed/SLUG?default-tab=result]` line
//!   ([`velog_line`]) that velog turns into CodePen's iframe. The image
//!   and link stay as the alternative. No direct iframe to the site: velog
//!   drops it (`e2e/tests/velog_sanitize.test.mjs` runs velog's sanitizer).
//! - **Tistory** (HTML mode) and **plain HTML** get the iframe snippet with
//!   `title`, `loading="lazy"` and a fixed height that fits, and, where
//!   scripts are allowed, a one-line script ([`height_script`]) that sets
//!   each of our frames to the height the embed posts
//!   (`{type: "consistency-lab:height", id, height}`, `web::embed`).
//! - **Naver Blog and Brunch** take a photo and a link card.

use crate::html::escape_html;
use crate::korean::{with_particle, Particle};
use crate::permalink;

/// Every reader-facing word of the panel, in one place (the English edition
/// will bring a second one). A `{name}` in a template is filled by [`fill`].
pub struct Words {
    pub kit_legend: &'static str,
    pub copy: &'static str,
    pub copied: &'static str,
    pub not_copied: &'static str,
    pub embed_label: &'static str,
    pub embed_what: &'static str,
    pub embed_preview: &'static str,
    /// `{width}`: [`BARE_WIDTH`].
    pub bare_label: &'static str,
    pub bare_what: &'static str,
    pub bare_preview: &'static str,
    pub link_label: &'static str,
    pub link_what: &'static str,
    pub alt_label: &'static str,
    pub alt_what: &'static str,
    /// The platforms' file buttons, for an animated figure and for one that is not.
    pub files_animated: &'static str,
    pub files_still: &'static str,
    /// The panel's 블로그용 files, 720 px (a blog's column) and 390 px (phone-first platforms).
    pub blog_files_animated: &'static str,
    pub blog_files_still: &'static str,
    pub phone_files_animated: &'static str,
    pub phone_files_still: &'static str,
    pub velog: &'static str,
    /// velog's live path; `{chrome}`: CodePen's bars, `{result}`: what is left for the figure.
    pub velog_steps: [&'static str; 5],
    pub pen_button: &'static str,
    pub pen_address_label: &'static str,
    pub pen_address_placeholder: &'static str,
    pub pen_line_label: &'static str,
    pub pen_line_what: &'static str,
    pub pen_line_empty: &'static str,
    pub pen_address_bad: &'static str,
    /// `{host}`: the site's address when it is not public.
    pub pen_local_warning: &'static str,
    /// The pen's description; `{link}`: the figure's page.
    pub pen_description: &'static str,
    pub velog_alt_heading: &'static str,
    /// `{files}`.
    pub velog_alt_steps: [&'static str; 3],
    pub velog_md_label: &'static str,
    pub velog_md_what: &'static str,
    pub velog_md_image: &'static str,
    pub velog_md_link: &'static str,
    pub tistory: &'static str,
    pub tistory_steps: [&'static str; 3],
    pub tistory_code_label: &'static str,
    pub tistory_script_label: &'static str,
    pub html: &'static str,
    pub html_steps: [&'static str; 3],
    pub html_code_label: &'static str,
    pub html_script_label: &'static str,
    pub code_what: &'static str,
    pub script_what: &'static str,
    pub naver: &'static str,
    pub brunch: &'static str,
    /// `{files}`, `{platform}`; the third takes the platform with its topic particle (`{platform_topic}`).
    pub photo_steps: [&'static str; 3],
    pub card_label: &'static str,
    pub photo_alt_label: &'static str,
}

/// The Korean edition.
pub const KO: Words = Words {
    kit_legend: "블로그에 넣기",
    copy: "{what} 복사",
    copied: "{object} 복사했습니다.",
    not_copied: "{object} 복사하지 못했습니다. 선택된 칸을 직접 복사해 주세요.",
    embed_label: "다른 페이지에 넣기: 그림과 조작 패널 (<iframe>)",
    embed_what: "퍼가기 코드",
    embed_preview: "퍼가기 화면 미리 보기",
    bare_label: "다른 페이지에 넣기: 그림만 (<iframe>, 폭 {width}px에 맞춘 높이)",
    bare_what: "그림만 퍼가기 코드",
    bare_preview: "그림만 미리 보기",
    link_label: "이 상태의 링크",
    link_what: "링크",
    alt_label: "대체 텍스트 (이미지와 함께 쓰세요)",
    alt_what: "대체 텍스트",
    files_animated: "GIF나 PNG",
    files_still: "PNG",
    blog_files_animated: "‘블로그용 GIF’나 ‘블로그용 PNG’",
    blog_files_still: "‘블로그용 PNG’",
    phone_files_animated: "‘블로그용 GIF’나 ‘블로그용 PNG (폰)’",
    phone_files_still: "‘블로그용 PNG (폰)’",
    velog: "velog",
    velog_steps: [
        "velog는 YouTube·CodeSandbox·CodePen의 iframe만 남기므로, 움직이는 그림은 CodePen 펜에 담아 넣습니다.",
        "아래 ‘CodePen에서 펜 만들기’를 누르면 이 그림이 담긴 펜이 새 탭에서 열립니다. CodePen에 로그인해 저장(Save)합니다.",
        "저장한 펜의 주소(https://codepen.io/아이디/pen/…)를 아래 칸에 붙여 넣으면 velog에 넣을 줄이 나옵니다.",
        "그 줄을 velog 본문의 한 줄에 따로 붙여 넣습니다. 앞뒤에 다른 글자를 두지 않습니다.",
        "읽는 사람에게는 폭 768px·높이 430px의 CodePen 틀이 보입니다. 위아래 CodePen 막대(약 {chrome}px)를 뺀 약 {result}px 높이에 그림이 들어가고, 그 안에서 그림을 직접 움직여 볼 수 있습니다. 그보다 긴 그림은 그 칸 안에서 스크롤됩니다.",
    ],
    pen_button: "CodePen에서 펜 만들기",
    pen_address_label: "저장한 펜의 주소",
    pen_address_placeholder: "https://codepen.io/아이디/pen/…",
    pen_line_label: "velog에 붙여 넣을 줄",
    pen_line_what: "velog 줄",
    pen_line_empty: "펜의 주소를 넣으면 여기에 줄이 나옵니다.",
    pen_address_bad: "CodePen 펜의 주소가 아닙니다. 저장한 펜의 주소(https://codepen.io/아이디/pen/…)를 그대로 붙여 넣어 주세요.",
    pen_local_warning: "이 페이지의 주소({host})는 다른 사람의 컴퓨터에서 열리지 않습니다. 공개된 사이트에서 펜을 만들어야 읽는 사람에게 그림이 보입니다.",
    pen_description: "정합성 실험실의 그림을 velog 같은 블로그에 넣기 위한 펜입니다. 원래 페이지: {link}",
    velog_alt_heading: "CodePen을 쓰지 않는다면: 그림 파일과 링크",
    velog_alt_steps: [
        "위의 {files} 버튼으로 그림 파일을 받습니다.",
        "velog 편집기에 파일을 끌어다 놓으면 그림 주소가 든 ![](…) 줄이 생깁니다.",
        "그 줄을 아래 마크다운으로 바꾸고, (그림 주소) 자리에 velog가 만든 주소를 넣습니다.",
    ],
    velog_md_label: "velog 마크다운 (대체 텍스트와 원래 페이지 링크)",
    velog_md_what: "마크다운",
    velog_md_image: "그림 주소",
    velog_md_link: "정합성 실험실에서 직접 움직여 보기",
    tistory: "티스토리",
    tistory_steps: [
        "글쓰기 화면 오른쪽 위의 기본 모드를 HTML 모드로 바꿉니다.",
        "아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 글을 읽는 사람이 그림을 직접 움직여 볼 수 있습니다. 높이는 그림에 맞춰 정해 두었습니다.",
        "(선택) 스킨 편집의 HTML에 아래 스크립트를 </body> 앞에 한 번 넣으면, 그림의 높이가 바뀔 때 틀도 따라갑니다. 티스토리가 iframe을 지우면 위의 그림 파일과 링크를 씁니다.",
    ],
    tistory_code_label: "티스토리 HTML 모드에 붙여 넣을 코드 (<iframe>)",
    tistory_script_label: "티스토리 스킨 HTML에 한 번 (선택, 높이 맞춤 스크립트)",
    html: "HTML 페이지",
    html_steps: [
        "직접 만든 페이지나 WordPress·Ghost처럼 HTML을 넣을 수 있는 곳에 씁니다.",
        "아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 높이는 그림에 맞춰 정해 두었습니다.",
        "스크립트를 쓸 수 있는 곳이라면 아래 스크립트를 페이지에 한 번 넣습니다. 그림의 높이가 바뀔 때 틀도 따라갑니다.",
    ],
    html_code_label: "HTML에 붙여 넣을 코드 (<iframe>)",
    html_script_label: "페이지에 한 번 (높이 맞춤 스크립트)",
    code_what: "퍼가기 코드",
    script_what: "스크립트",
    naver: "네이버 블로그",
    brunch: "브런치",
    photo_steps: [
        "위의 {files} 버튼으로 그림 파일을 받아 {platform}에 사진으로 올립니다. 사진 설명에는 아래 대체 텍스트를 씁니다.",
        "아래 링크를 본문에 붙여 넣으면 이 그림의 링크 카드(제목·요약·그림)가 붙습니다. 카드를 누른 독자는 그림을 직접 움직여 볼 수 있는 페이지에 닿습니다.",
        "{platform_topic} 다른 사이트의 iframe을 넣을 수 없어, 그림을 움직여 보려면 링크로 그림 페이지를 엽니다.",
    ],
    card_label: "그림 페이지 링크 (이 그림의 링크 카드가 붙습니다)",
    photo_alt_label: "사진 설명 (대체 텍스트)",
};

/// `template` with each `{name}` replaced by its value.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(template.to_string(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

/// What the panel knows of the figure and the page when it opens.
#[derive(Clone, Debug, Default)]
pub struct ShareRequest {
    /// The page's own address without its query (`location.origin + location.pathname`).
    pub page: String,
    /// The figure's current permalink (`?ch=…&fig=…&…`).
    pub permalink: String,
    /// The figure's id.
    pub figure: String,
    /// Its caption, as shown.
    pub caption: String,
    /// Its description (the text alternative under the caption), as shown.
    pub description: String,
    /// Whether the figure has a figure-only embed (a drawn figure, not a sweep).
    pub bareable: bool,
    /// Whether the panel offers an animated GIF.
    pub animated: bool,
    /// Whether the site has the figure's static embed page (`embed-ID.html`).
    pub static_embed: bool,
}

/// A labelled read-only field and its copy button.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// Its class (what the copy button names).
    pub class: String,
    pub label: String,
    /// The copy button's word for what it copies.
    pub what: String,
    pub rows: u32,
    pub value: String,
    /// What the status line says once it is copied, or when it could not be.
    pub copied: String,
    pub not_copied: String,
}

/// A link that opens an address in a new tab.
#[derive(Clone, Debug, PartialEq)]
pub struct Preview {
    pub href: String,
    pub text: String,
}

/// velog's live path: the form that creates the CodePen pen, the field
/// that turns the saved pen's address into velog's line, and the image
/// path beside it (`web::velog_pen` lays it out).
#[derive(Clone, Debug, PartialEq)]
pub struct Pen {
    /// The form's action: CodePen's prefill API, [`CODEPEN_DEFINE`].
    pub action: &'static str,
    /// The form's one field, `data`: the pen's JSON.
    pub data: String,
    /// The embed address the pen frames.
    pub embed: String,
    pub button: &'static str,
    /// A warning when the page's address is not one a reader could open
    /// (a file or this computer): the pen would frame nothing.
    pub warning: Option<String>,
    pub address_label: &'static str,
    pub address_placeholder: &'static str,
    /// The read-only field that shows velog's line (empty until an address is given).
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
    /// velog's CodePen path, shown before the fields.
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

impl Field {
    /// Its copy button's label.
    pub fn copy_label(&self) -> String {
        fill(KO.copy, &[("what", &self.what)])
    }
}

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

fn field(class: &str, label: &str, what: &str, rows: u32, value: String) -> Field {
    let object = with_particle(what, Particle::EulReul);
    Field {
        class: class.to_string(),
        label: label.to_string(),
        what: what.to_string(),
        rows,
        value,
        copied: fill(KO.copied, &[("object", &object)]),
        not_copied: fill(KO.not_copied, &[("object", &object)]),
    }
}

/// Text for a markdown image's alt text or a link's label: no character
/// that would end it, on one line.
fn markdown_text(text: &str) -> String {
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
/// the pen holds and the figure under it.
pub fn pen_json(embed: &str, caption: &str, link: &str) -> String {
    let html = format!("<iframe src=\"{}\" title=\"{}\"></iframe>\n", escape_html(embed), escape_html(caption.trim()));
    // The pen's title is the caption's name (before its first colon), the
    // whole caption when it has none; the frame's title keeps it whole.
    let name = caption.split_once(": ").map_or(caption, |(name, _)| name).trim();
    serde_json::json!({
        "title": name,
        "description": fill(KO.pen_description, &[("link", link)]),
        "html": html,
        "css": PEN_CSS,
        "js": "",
        "editors": "100",
        "layout": "top",
    })
    .to_string()
}

/// The line a velog writer pastes for the pen at `address` (what CodePen's
/// address bar shows once the pen is saved: `https://codepen.io/USER/pen/SLUG`,
/// or its `/full/`, `/details/` or `/embed/` view):
/// `!codepen[USER/embed/SLUG?default-tab=result]`, which velog's
/// `embedPlugin` turns into `<iframe src="https://codepen.io/USER/embed/SLUG?default-tab=result">`.
/// `None` for anything else (the field says so).
pub fn velog_line(address: &str) -> Option<String> {
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
    (user_ok && slug_ok && view_ok).then(|| format!("!codepen[{user}/embed/{slug}?default-tab=result]"))
}

/// Whether a reader elsewhere could open `address`: not a file, not this computer.
fn public(address: &str) -> bool {
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

/// The panel for `request`; `bare_height` is the figure-only file's height
/// at [`BARE_WIDTH`] (`None` when there is no figure-only embed).
pub fn share_kit(request: &ShareRequest, bare_height: Option<u32>) -> ShareKit {
    let r = request;
    let w = &KO;
    // The site's folder: every address is made from it, whatever page this is.
    let dir = &r.page[..r.page.rfind('/').map_or(r.page.len(), |i| i + 1)];
    let embed_query = permalink::embed(&r.figure, &r.permalink);
    // An embed with a static page lands on it at once (static first).
    let embed_url = if r.static_embed {
        format!("{dir}embed-{}.html{embed_query}", r.figure)
    } else {
        format!("{dir}{embed_query}")
    };
    let bare_url = format!("{embed_url}&bare=1");
    let link = format!("{dir}{}", r.permalink);
    // The link a photo-only platform turns into a card: the figure's own
    // static page, whose og: tags carry that figure's card (`og/ID.png`),
    // in the same state; without one, the chapter's page.
    let card_link = if r.static_embed {
        embed_url.clone()
    } else {
        permalink::chapter_page(&r.permalink).map_or_else(|| link.clone(), |page| format!("{dir}{page}"))
    };
    // The caption, then the description; a description that opens with the
    // caption (Article B's do) is not preceded by it a second time.
    let description = r.description.trim();
    let alt = if description.starts_with(r.caption.trim()) {
        description.to_string()
    } else {
        format!("{}\n\n{description}", r.caption)
    };
    let full_snippet = iframe(&embed_url, &r.caption, FULL_HEIGHT);
    let bare = bare_height.filter(|_| r.bareable);
    let bare_snippet = bare.map(|h| iframe(&bare_url, &r.caption, h + BARE_EXTRA_PX));

    let mut fields = vec![(
        field("embed-code", w.embed_label, w.embed_what, 3, full_snippet.clone()),
        Some(Preview { href: embed_url.clone(), text: w.embed_preview.into() }),
    )];
    if let Some(snippet) = &bare_snippet {
        fields.push((
            field(
                "embed-bare",
                &fill(w.bare_label, &[("width", &BARE_WIDTH.to_string())]),
                w.bare_what,
                3,
                snippet.clone(),
            ),
            Some(Preview { href: bare_url.clone(), text: w.bare_preview.into() }),
        ));
    }
    fields.push((field("permalink", w.link_label, w.link_what, 2, link.clone()), None));
    fields.push((field("alt-text", w.alt_label, w.alt_what, 5, alt.clone()), None));

    // Which download buttons the steps name: the panel's 블로그용 files where
    // it offers them (a drawn figure with a static page), 720 px wide for a
    // blog's column and 390 px for the phone-first photo platforms.
    let blog_files = r.static_embed && r.bareable;
    let pick = |animated: &'static str, still: &'static str| if r.animated { animated } else { still };
    let (files, phone_files) = if blog_files {
        (pick(w.blog_files_animated, w.blog_files_still), pick(w.phone_files_animated, w.phone_files_still))
    } else {
        let files = pick(w.files_animated, w.files_still);
        (files, files)
    };
    // The pen frames the figure alone where there is one (it fills the
    // result area); a sweep's embed, with its controls, otherwise.
    let pen_embed = if bare.is_some() { bare_url.clone() } else { embed_url.clone() };
    let (chrome, result) = (CODEPEN_CHROME_PX.to_string(), VELOG_RESULT[0].1.to_string());
    let pen = Pen {
        action: CODEPEN_DEFINE,
        data: pen_json(&pen_embed, &r.caption, &link),
        embed: pen_embed,
        button: w.pen_button,
        warning: (!public(dir)).then(|| fill(w.pen_local_warning, &[("host", &origin(dir))])),
        address_label: w.pen_address_label,
        address_placeholder: w.pen_address_placeholder,
        line: field("blog-velog-codepen", w.pen_line_label, w.pen_line_what, 2, String::new()),
        line_empty: w.pen_line_empty,
        address_bad: w.pen_address_bad,
        alt_heading: w.velog_alt_heading,
        alt_steps: w.velog_alt_steps.iter().map(|s| fill(s, &[("files", files)])).collect(),
    };
    let velog = Platform {
        key: "velog",
        label: w.velog,
        steps: w.velog_steps.iter().map(|s| fill(s, &[("chrome", &chrome), ("result", &result)])).collect(),
        pen: Some(pen),
        fields: vec![field(
            "blog-velog",
            w.velog_md_label,
            w.velog_md_what,
            4,
            format!(
                "![{}]({})\n\n*{}* — [{}]({link})",
                markdown_text(&alt),
                w.velog_md_image,
                markdown_text(&r.caption),
                w.velog_md_link
            ),
        )],
    };
    // The figure alone where there is one, at the height that fits it.
    let snippet = bare_snippet.unwrap_or(full_snippet);
    let script = height_script(&origin(dir));
    let html_platform = |key: &'static str, label, steps: &[&str], code_label, script_label| Platform {
        key,
        label,
        steps: steps.iter().map(|s| s.to_string()).collect(),
        pen: None,
        fields: vec![
            field(&format!("blog-{key}"), code_label, w.code_what, 3, snippet.clone()),
            field(&format!("blog-{key}-script"), script_label, w.script_what, 3, script.clone()),
        ],
    };
    let photo_platform = |key: &'static str, label: &'static str| {
        let topic = with_particle(label, Particle::EunNeun);
        let values = [("files", phone_files), ("platform", label), ("platform_topic", topic.as_str())];
        Platform {
            key,
            label,
            steps: w.photo_steps.iter().map(|s| fill(s, &values)).collect(),
            pen: None,
            fields: vec![
                field(&format!("blog-{key}-link"), w.card_label, w.link_what, 2, card_link.clone()),
                field(&format!("blog-{key}-alt"), w.photo_alt_label, w.alt_what, 3, alt.clone()),
            ],
        }
    };
    ShareKit {
        fields,
        kit_legend: w.kit_legend,
        platforms: vec![
            velog,
            html_platform("tistory", w.tistory, &w.tistory_steps, w.tistory_code_label, w.tistory_script_label),
            html_platform("html", w.html, &w.html_steps, w.html_code_label, w.html_script_label),
            photo_platform("naver", w.naver),
            photo_platform("brunch", w.brunch),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request() -> ShareRequest {
        ShareRequest {
            page: "https://x.io/lab/a1-lease-expiry.html".into(),
            permalink: "?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250".into(),
            figure: "lease-expiry".into(),
            caption: "그림 1-1. [타임라인] \"A\" <b>".into(),
            description: " 설명 ".into(),
            bareable: true,
            animated: true,
            static_embed: true,
        }
    }

    fn value<'a>(kit: &'a ShareKit, class: &str) -> &'a str {
        kit.fields
            .iter()
            .map(|(f, _)| f)
            .chain(kit.platforms.iter().flat_map(|p| &p.fields))
            .find(|f| f.class == class)
            .map(|f| f.value.as_str())
            .unwrap_or_else(|| panic!("no {class}"))
    }

    fn platform<'a>(kit: &'a ShareKit, key: &str) -> &'a Platform {
        kit.platforms.iter().find(|p| p.key == key).unwrap_or_else(|| panic!("no {key}"))
    }

    #[test]
    fn every_copy_button_names_what_it_copies() {
        let kit = share_kit(&request(), Some(400));
        let pen_line = platform(&kit, "velog").pen.as_ref().map(|p| &p.line);
        let fields: Vec<&Field> = kit
            .fields
            .iter()
            .map(|(f, _)| f)
            .chain(kit.platforms.iter().flat_map(|p| &p.fields))
            .chain(pen_line)
            .collect();
        assert!(fields.len() > 8);
        for f in fields {
            assert_eq!(f.copy_label(), format!("{} 복사", f.what));
            assert!(f.copied.ends_with("복사했습니다.") && f.not_copied.contains("직접 복사해"), "{f:?}");
        }
    }

    #[test]
    fn every_address_comes_from_the_site_folder_and_keeps_the_state() {
        let kit = share_kit(&request(), Some(400));
        assert_eq!(
            value(&kit, "embed-code"),
            "<iframe src=\"https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&amp;preset=exp1&amp;ttl_ms=250\" \
             title=\"그림 1-1. [타임라인] &quot;A&quot; &lt;b&gt;\" width=\"100%\" height=\"720\" style=\"border:0\" loading=\"lazy\"></iframe>"
        );
        assert!(
            value(&kit, "embed-bare").contains("&amp;bare=1\" ")
                && value(&kit, "embed-bare").contains("height=\"504\"")
        );
        assert_eq!(value(&kit, "blog-tistory"), value(&kit, "embed-bare"));
        assert_eq!(value(&kit, "blog-html"), value(&kit, "embed-bare"));
        assert_eq!(
            value(&kit, "permalink"),
            "https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250"
        );
        assert_eq!(
            value(&kit, "blog-naver-link"),
            "https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&preset=exp1&ttl_ms=250"
        );
        let no_page = share_kit(&ShareRequest { static_embed: false, ..request() }, Some(400));
        assert_eq!(
            value(&no_page, "blog-brunch-link"),
            "https://x.io/lab/a1-lease-expiry.html?fig=lease-expiry&preset=exp1&ttl_ms=250"
        );
        let md = value(&kit, "blog-velog");
        assert!(md.starts_with("![그림 1-1. \\[타임라인\\] \"A\" <b> 설명](그림 주소)"), "{md}");
        assert!(md.ends_with("(https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250)"), "{md}");
    }

    #[test]
    fn without_a_static_page_or_a_figure_only_embed_the_kit_says_less() {
        let r = ShareRequest { static_embed: false, bareable: false, animated: false, ..request() };
        let kit = share_kit(&r, Some(400));
        assert!(value(&kit, "embed-code").contains("src=\"https://x.io/lab/?embed=lease-expiry&amp;"));
        assert!(kit.fields.iter().all(|(f, _)| f.class != "embed-bare"));
        assert_eq!(value(&kit, "blog-tistory"), value(&kit, "embed-code"));
        let pen = platform(&kit, "velog").pen.as_ref().unwrap();
        assert!(pen.alt_steps[0].starts_with("위의 PNG 버튼으로"));
        // The pen frames the embed with its controls when there is no figure alone.
        assert_eq!(pen.embed, "https://x.io/lab/?embed=lease-expiry&preset=exp1&ttl_ms=250");
    }

    #[test]
    fn the_alt_text_names_the_caption_once() {
        let r = request();
        let caption_first =
            ShareRequest { description: format!("{} 결과는 숨겨 둡니다.", r.caption), ..request() };
        assert_eq!(value(&share_kit(&caption_first, None), "alt-text"), caption_first.description);
        let kit = share_kit(&r, None);
        assert_eq!(value(&kit, "alt-text"), format!("{}\n\n{}", r.caption, r.description.trim()));
    }

    #[test]
    fn the_words_take_their_particles() {
        let kit = share_kit(&request(), None);
        assert!(platform(&kit, "brunch").steps[2].starts_with("브런치는 "), "{}", platform(&kit, "brunch").steps[2]);
        assert!(platform(&kit, "naver").steps[2].starts_with("네이버 블로그는 "));
        assert!(platform(&kit, "naver").steps[0]
            .contains("‘블로그용 GIF’나 ‘블로그용 PNG (폰)’ 버튼으로 그림 파일을 받아 네이버 블로그에 사진으로"));
        let velog = platform(&kit, "velog").pen.as_ref().unwrap();
        assert!(
            velog.alt_steps[0].starts_with("위의 ‘블로그용 GIF’나 ‘블로그용 PNG’ 버튼으로"),
            "{}",
            velog.alt_steps[0]
        );
        let link = &kit.fields.iter().find(|(f, _)| f.class == "permalink").unwrap().0;
        assert_eq!(link.copied, "링크를 복사했습니다.");
        let code = &kit.fields[0].0;
        assert_eq!(code.copied, "퍼가기 코드를 복사했습니다.");
        let alt = &kit.fields.iter().find(|(f, _)| f.class == "alt-text").unwrap().0;
        assert!(alt.not_copied.starts_with("대체 텍스트를 복사하지 못했습니다."));
        let script = &platform(&kit, "html").fields[1];
        assert_eq!(
            (script.copy_label().as_str(), script.copied.as_str()),
            ("스크립트 복사", "스크립트를 복사했습니다.")
        );
        assert_eq!(markdown_text("a]\\b\n c"), "a\\]\\\\b c");
        // Every template is filled: no `{name}` is left in what the reader sees.
        for p in &kit.platforms {
            let pen_words = p.pen.iter().flat_map(|pen| pen.alt_steps.iter());
            for line in p.steps.iter().chain(pen_words).chain(p.fields.iter().map(|f| &f.label)) {
                assert!(!line.contains('{') && !line.contains('}'), "{line}");
            }
        }
    }

    #[test]
    fn the_pen_is_valid_json_that_frames_the_figure_alone() {
        let kit = share_kit(&request(), Some(400));
        let velog = platform(&kit, "velog");
        let pen = velog.pen.as_ref().expect("velog's live path");
        assert_eq!(pen.action, "https://codepen.io/pen/define");
        let embed = "https://x.io/lab/embed-lease-expiry.html?embed=lease-expiry&preset=exp1&ttl_ms=250&bare=1";
        assert_eq!(pen.embed, embed);
        let data: serde_json::Value = serde_json::from_str(&pen.data).expect("the pen's data is JSON");
        assert_eq!(data["title"], "그림 1-1. [타임라인] \"A\" <b>");
        let named = pen_json("https://x.io/e", "그림 1-1. 타임라인(실험 1): 분홍 띠는 겹친 구간", "https://x.io/");
        let named: serde_json::Value = serde_json::from_str(&named).unwrap();
        assert_eq!(named["title"], "그림 1-1. 타임라인(실험 1)");
        assert!(named["html"].as_str().unwrap().contains("title=\"그림 1-1. 타임라인(실험 1): 분홍 띠는 겹친 구간\""));
        assert_eq!(
            data["html"],
            format!(
                "<iframe src=\"{}\" title=\"그림 1-1. [타임라인] &quot;A&quot; &lt;b&gt;\"></iframe>\n",
                embed.replace('&', "&amp;")
            )
        );
        assert_eq!(data["css"], PEN_CSS);
        assert_eq!((data["editors"].as_str(), data["layout"].as_str()), (Some("100"), Some("top")));
        assert!(data["description"].as_str().unwrap().ends_with(&value(&kit, "permalink").to_string()));
        // The figure fills the result area, whatever CodePen's bars take.
        assert!(PEN_CSS.contains("iframe { display: block; width: 100%; height: 100%; border: 0; }"));
        assert_eq!(VELOG_RESULT, [(768, 350), (390, 350)]);
        assert!(velog.steps[4].contains("폭 768px·높이 430px") && velog.steps[4].contains("약 80px)를 뺀 약 350px"));
        assert_eq!(pen.warning, None);
    }

    #[test]
    fn velog_is_never_offered_a_frame_of_the_site() {
        let kit = share_kit(&request(), Some(400));
        let velog = platform(&kit, "velog");
        let pen = velog.pen.as_ref().unwrap();
        assert!(pen.line.value.is_empty(), "the line waits for the pen's address");
        for text in velog.fields.iter().map(|f| &f.value).chain(&velog.steps).chain(&pen.alt_steps) {
            assert!(!text.contains("<iframe"), "velog would drop it: {text}");
        }
    }

    #[test]
    fn a_pen_address_becomes_the_line_velog_turns_into_codepen_s_frame() {
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
            assert_eq!(velog_line(address), None, "{address}");
        }
    }

    #[test]
    fn the_height_script_follows_only_the_site_s_own_frames() {
        assert_eq!(origin("https://X.io/lab/a.html?x=1"), "https://x.io");
        assert_eq!(origin("http://localhost:8080/"), "http://localhost:8080");
        assert_eq!(origin("file:///tmp/dist/index.html"), "null");
        let kit = share_kit(&request(), Some(400));
        let script = value(&kit, "blog-html-script");
        assert_eq!(script, value(&kit, "blog-tistory-script"));
        assert!(!script.contains('\n') && script.starts_with("<script>") && script.ends_with("</script>"));
        assert!(script.contains("e.origin!==\"https://x.io\""), "{script}");
        assert!(script.contains("d.type!==\"consistency-lab:height\""));
        assert!(script.contains("f.contentWindow===e.source"));
        for key in ["tistory", "html"] {
            let code = value(&kit, &format!("blog-{key}"));
            assert!(
                code.contains(" title=\"") && code.contains(" loading=\"lazy\"") && code.contains(" height=\"504\"")
            );
        }
    }

    #[test]
    fn a_pen_made_on_this_computer_warns_that_readers_would_see_nothing() {
        for page in ["http://localhost:8080/index.html", "http://127.0.0.1/x.html", "file:///tmp/d/index.html"] {
            let kit = share_kit(&ShareRequest { page: page.into(), ..request() }, Some(400));
            let warning = platform(&kit, "velog").pen.as_ref().unwrap().warning.clone();
            assert!(warning.is_some_and(|w| w.contains("다른 사람의 컴퓨터에서 열리지 않습니다")), "{page}");
        }
    }
}
