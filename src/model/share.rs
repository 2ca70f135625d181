//! The "퍼가기" panel's words and addresses: the `<iframe>` snippets (the
//! figure with its controls; the figure alone), the link to this state, the
//! text alternative, and the blog kit (per platform, what to upload and what
//! to paste). The lazily loaded `figures` module lays them out as labelled
//! read-only fields with copy buttons (`web::export_files` in the top
//! crate), so none of this is in the first-load wasm. Every address comes
//! from [`crate::permalink`], every particle from [`crate::korean`].

use crate::html::escape_html;
use crate::korean::{with_particle, Particle};
use crate::permalink;

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

/// One blog platform of the kit.
#[derive(Clone, Debug, PartialEq)]
pub struct Platform {
    pub key: &'static str,
    pub label: &'static str,
    pub steps: Vec<String>,
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
        format!("{} 복사", self.what)
    }
}

/// The width a figure-only embed is sized for, in CSS px.
pub const BARE_WIDTH: u32 = 760;
/// What the embed page adds around a file's drawing, legend and caption
/// (padding, the link back), in CSS px.
pub const BARE_EXTRA_PX: u32 = 104;
/// The height of a full embed (figure, controls, player).
const FULL_HEIGHT: u32 = 720;

fn field(class: &str, label: &str, what: &str, rows: u32, value: String) -> Field {
    let object = with_particle(what, Particle::EulReul);
    Field {
        class: class.to_string(),
        label: label.to_string(),
        what: what.to_string(),
        rows,
        value,
        copied: format!("{object} 복사했습니다."),
        not_copied: format!("{object} 복사하지 못했습니다. 선택된 칸을 직접 복사해 주세요."),
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

/// The panel for `request`; `bare_height` is the figure-only file's height
/// at [`BARE_WIDTH`] (`None` when there is no figure-only embed).
pub fn share_kit(request: &ShareRequest, bare_height: Option<u32>) -> ShareKit {
    let r = request;
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
    // The chapter's own page (its og: tags make the link card), in the same state.
    let card_link = permalink::chapter_page(&r.permalink).map_or_else(|| link.clone(), |page| format!("{dir}{page}"));
    // The caption, then the description; a description that opens with the
    // caption (Article B's do) is not preceded by it a second time.
    let description = r.description.trim();
    let alt = if description.starts_with(r.caption.trim()) {
        description.to_string()
    } else {
        format!("{}\n\n{description}", r.caption)
    };
    let full_snippet = iframe(&embed_url, &r.caption, FULL_HEIGHT);
    let bare_snippet = bare_height.filter(|_| r.bareable).map(|h| iframe(&bare_url, &r.caption, h + BARE_EXTRA_PX));

    let mut fields = vec![(
        field("embed-code", "다른 페이지에 넣기: 그림과 조작 패널 (<iframe>)", "퍼가기 코드", 3, full_snippet.clone()),
        Some(Preview { href: embed_url.clone(), text: "퍼가기 화면 미리 보기".into() }),
    )];
    if let Some(snippet) = &bare_snippet {
        fields.push((
            field(
                "embed-bare",
                &format!("다른 페이지에 넣기: 그림만 (<iframe>, 폭 {BARE_WIDTH}px에 맞춘 높이)"),
                "그림만 퍼가기 코드",
                3,
                snippet.clone(),
            ),
            Some(Preview { href: bare_url, text: "그림만 미리 보기".into() }),
        ));
    }
    fields.push((field("permalink", "이 상태의 링크", "링크", 2, link.clone()), None));
    fields.push((field("alt-text", "대체 텍스트 (이미지와 함께 쓰세요)", "대체 텍스트", 5, alt.clone()), None));

    let file_word = if r.animated { "GIF나 PNG" } else { "PNG" };
    let velog = Platform {
        key: "velog",
        label: "velog",
        steps: vec![
            format!("위의 {file_word} 버튼으로 그림 파일을 받습니다."),
            "velog 편집기에 파일을 끌어다 놓으면 그림 주소가 든 ![](…) 줄이 생깁니다.".into(),
            "그 줄을 아래 마크다운으로 바꾸고, (그림 주소) 자리에 velog가 만든 주소를 넣습니다.".into(),
        ],
        fields: vec![field(
            "blog-velog",
            "velog 마크다운 (대체 텍스트와 원래 페이지 링크)",
            "마크다운",
            4,
            format!(
                "![{}](그림 주소)\n\n*{}* — [정합성 실험실에서 직접 움직여 보기]({link})",
                markdown_text(&alt),
                markdown_text(&r.caption)
            ),
        )],
    };
    let tistory = Platform {
        key: "tistory",
        label: "티스토리",
        steps: vec![
            "글쓰기 화면 오른쪽 위의 기본 모드를 HTML 모드로 바꿉니다.".into(),
            "아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 글을 읽는 사람이 그림을 직접 움직여 볼 수 있습니다."
                .into(),
        ],
        fields: vec![field(
            "blog-tistory",
            "티스토리 HTML (<iframe>)",
            "퍼가기 코드",
            3,
            bare_snippet.unwrap_or(full_snippet),
        )],
    };
    let photo_platform = |key: &'static str, label: &'static str| {
        Platform {
        key,
        label,
        steps: vec![
            format!("위의 {file_word} 버튼으로 그림 파일을 받아 {label}에 사진으로 올립니다. 사진 설명에는 아래 대체 텍스트를 씁니다."),
            "아래 링크를 본문에 붙여 넣으면 원래 페이지의 링크 카드(제목·요약·그림)가 붙습니다.".into(),
            format!(
                "{} 다른 사이트의 iframe을 넣을 수 없어, 그림을 움직여 보려면 링크로 원래 페이지를 엽니다.",
                with_particle(label, Particle::EunNeun)
            ),
        ],
        fields: vec![
            field(
                &format!("blog-{key}-link"),
                "원래 페이지 링크 (장의 페이지: 링크 카드가 붙습니다)",
                "링크",
                2,
                card_link.clone(),
            ),
            field(&format!("blog-{key}-alt"), "사진 설명 (대체 텍스트)", "대체 텍스트", 3, alt.clone()),
        ],
    }
    };
    ShareKit {
        fields,
        kit_legend: "블로그에 넣기",
        platforms: vec![velog, tistory, photo_platform("naver", "네이버 블로그"), photo_platform("brunch", "브런치")],
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

    #[test]
    fn every_copy_button_names_what_it_copies() {
        let kit = share_kit(&request(), Some(400));
        let fields: Vec<&Field> =
            kit.fields.iter().map(|(f, _)| f).chain(kit.platforms.iter().flat_map(|p| &p.fields)).collect();
        assert!(fields.len() > 4);
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
        assert_eq!(
            value(&kit, "permalink"),
            "https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250"
        );
        assert_eq!(
            value(&kit, "blog-naver-link"),
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
        assert!(kit.platforms[0].steps[0].starts_with("위의 PNG 버튼으로"));
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
        let brunch = &kit.platforms[3];
        assert!(brunch.steps[2].starts_with("브런치는 "), "{}", brunch.steps[2]);
        assert!(kit.platforms[2].steps[2].starts_with("네이버 블로그는 "));
        let link = &kit.fields.iter().find(|(f, _)| f.class == "permalink").unwrap().0;
        assert_eq!(link.copied, "링크를 복사했습니다.");
        let code = &kit.fields[0].0;
        assert_eq!(code.copied, "퍼가기 코드를 복사했습니다.");
        let alt = &kit.fields.iter().find(|(f, _)| f.class == "alt-text").unwrap().0;
        assert!(alt.not_copied.starts_with("대체 텍스트를 복사하지 못했습니다."));
        assert_eq!(markdown_text("a]\\b\n c"), "a\\]\\\\b c");
    }
}
