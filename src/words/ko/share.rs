//! The Korean words of the share panel, oEmbed titles and the exported files' words.
//!
//! The Korean kit offers velog, Tistory, an HTML page, Naver Blog and
//! Brunch (`platforms`); the other platforms' words are here so that the
//! table says everything the English one does.

use crate::share::{
    ExportWords, HtmlPlatformWords, MarkdownPlatformWords, OembedPlatformWords, PenPlatformWords, PenWords,
    PhotoPlatformWords, ShareWords,
};

/// The photo platforms' steps (`{files}`, `{platform}`).
const PHOTO_STEPS: [&str; 3] = [
    "위의 {files} 버튼으로 그림 파일을 받아 {platform}에 사진으로 올립니다. 사진 설명에는 아래 대체 텍스트를 씁니다.",
    "아래 링크를 본문에 붙여 넣으면 이 그림의 링크 카드(제목·요약·그림)가 붙습니다. 카드를 누른 독자는 그림을 직접 움직여 볼 수 있는 페이지에 닿습니다.",
    "{platform|은/는} 다른 사이트의 iframe을 넣을 수 없어, 그림을 움직여 보려면 링크로 그림 페이지를 엽니다.",
];

/// The oEmbed platforms' steps (`{platform}`).
const OEMBED_STEPS: [&str; 3] = [
    "아래 주소를 {platform} 글의 한 줄에 따로 붙여 넣습니다. 앞뒤에 다른 글자를 두지 않습니다.",
    "{platform|이/가} 이 페이지의 oEmbed 문서를 읽으면 그 자리에 그림이 처음 상태로 들어갑니다. 지금 바꾼 설정은 담기지 않습니다.",
    "링크 카드만 보인다면 그 사이트가 이 틀을 받지 않는 것입니다. 그때는 HTML 페이지의 퍼가기 코드나 그림 파일과 링크를 씁니다.",
];

/// The image path beside a pen (`{files}`).
const PEN_ALT_STEPS: [&str; 3] = [
    "위의 {files} 버튼으로 그림 파일을 받습니다.",
    "편집기에 그림 파일을 올리고, 그 아래에 원래 페이지의 링크를 붙입니다.",
    "그림의 대체 텍스트에는 위의 대체 텍스트를 씁니다.",
];

/// The Korean table.
pub const SHARE: ShareWords = ShareWords {
    kit_legend: "블로그에 넣기",
    copy: "{what} 복사",
    copied: "{what|을/를} 복사했습니다.",
    not_copied: "{what|을/를} 복사하지 못했습니다. 선택된 칸을 직접 복사해 주세요.",
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
    code_what: "퍼가기 코드",
    script_what: "스크립트",
    files_animated: "GIF나 PNG",
    files_still: "PNG",
    blog_files_animated: "‘블로그용 GIF’나 ‘블로그용 PNG’",
    blog_files_still: "‘블로그용 PNG’",
    phone_files_animated: "‘블로그용 GIF’나 ‘블로그용 PNG (폰)’",
    phone_files_still: "‘블로그용 PNG (폰)’",
    md_image: "그림 주소",
    md_link: "정합성 실험실에서 직접 움직여 보기",
    pen: PenWords {
        button: "CodePen에서 펜 만들기",
        address_label: "저장한 펜의 주소",
        address_placeholder: "https://codepen.io/아이디/pen/…",
        line_empty: "펜의 주소를 넣으면 여기에 줄이 나옵니다.",
        address_bad: "CodePen 펜의 주소가 아닙니다. 저장한 펜의 주소(https://codepen.io/아이디/pen/…)를 그대로 붙여 넣어 주세요.",
        local_warning: "이 페이지의 주소({host})는 다른 사람의 컴퓨터에서 열리지 않습니다. 공개된 사이트에서 펜을 만들어야 읽는 사람에게 그림이 보입니다.",
        description: "정합성 실험실의 그림을 velog 같은 블로그에 넣기 위한 펜입니다. 원래 페이지: {link}",
    },
    platforms: "velog tistory html naver brunch",
    velog: PenPlatformWords {
        label: "velog",
        steps: [
            "velog는 YouTube·CodeSandbox·CodePen의 iframe만 남기므로, 움직이는 그림은 CodePen 펜에 담아 넣습니다.",
            "아래 ‘CodePen에서 펜 만들기’를 누르면 이 그림이 담긴 펜이 새 탭에서 열립니다. CodePen에 로그인해 저장(Save)합니다.",
            "저장한 펜의 주소(https://codepen.io/아이디/pen/…)를 아래 칸에 붙여 넣으면 velog에 넣을 줄이 나옵니다.",
            "그 줄을 velog 본문의 한 줄에 따로 붙여 넣습니다. 앞뒤에 다른 글자를 두지 않습니다.",
            "읽는 사람에게는 폭 768px·높이 430px의 CodePen 틀이 보입니다. 위아래 CodePen 막대(약 {chrome}px)를 뺀 약 {result}px 높이에 그림이 들어가고, 그 안에서 그림을 직접 움직여 볼 수 있습니다. 그보다 긴 그림은 그 칸 안에서 스크롤됩니다.",
        ],
        line_label: "velog에 붙여 넣을 줄",
        line_what: "velog 줄",
        alt_heading: "CodePen을 쓰지 않는다면: 그림 파일과 링크",
        alt_steps: [
            "위의 {files} 버튼으로 그림 파일을 받습니다.",
            "velog 편집기에 파일을 끌어다 놓으면 그림 주소가 든 ![](…) 줄이 생깁니다.",
            "그 줄을 아래 마크다운으로 바꾸고, (그림 주소) 자리에 velog가 만든 주소를 넣습니다.",
        ],
        md_label: "velog 마크다운 (대체 텍스트와 원래 페이지 링크)",
        md_what: "마크다운",
    },
    devto: PenPlatformWords {
        label: "dev.to",
        steps: [
            "dev.to는 CodePen 펜을 {% codepen %} 태그로 넣으므로, 움직이는 그림은 CodePen 펜에 담아 넣습니다.",
            "아래 ‘CodePen에서 펜 만들기’를 누르면 이 그림이 담긴 펜이 새 탭에서 열립니다. CodePen에 로그인해 저장(Save)합니다.",
            "저장한 펜의 주소를 아래 칸에 붙여 넣으면 dev.to에 넣을 태그가 나옵니다.",
            "그 태그를 dev.to 본문의 한 줄에 따로 붙여 넣습니다.",
            "",
        ],
        line_label: "dev.to에 붙여 넣을 태그",
        line_what: "dev.to 태그",
        alt_heading: "CodePen을 쓰지 않는다면: 그림 파일과 링크",
        alt_steps: [
            "위의 {files} 버튼으로 그림 파일을 받습니다.",
            "dev.to 편집기의 이미지 올리기로 파일을 올리면 그림 주소가 든 ![](…) 줄이 생깁니다.",
            "그 줄을 아래 마크다운으로 바꾸고, (그림 주소) 자리에 dev.to가 만든 주소를 넣습니다.",
        ],
        md_label: "dev.to 마크다운 (대체 텍스트와 원래 페이지 링크)",
        md_what: "마크다운",
    },
    medium: PenPlatformWords {
        label: "Medium",
        steps: [
            "Medium은 다른 사이트의 iframe을 직접 넣지 않고, CodePen 펜의 주소를 붙여 넣으면 펜을 넣어 줍니다.",
            "아래 ‘CodePen에서 펜 만들기’를 누르면 이 그림이 담긴 펜이 새 탭에서 열립니다. CodePen에 로그인해 저장(Save)합니다.",
            "저장한 펜의 주소를 아래 칸에 붙여 넣으면 Medium에 넣을 주소가 나옵니다.",
            "그 주소를 Medium 본문의 빈 줄에 붙여 넣고 Enter를 누릅니다.",
            "",
        ],
        line_label: "Medium에 붙여 넣을 주소",
        line_what: "펜 주소",
        alt_heading: "CodePen을 쓰지 않는다면: 그림 파일과 링크",
        alt_steps: PEN_ALT_STEPS,
        md_label: "",
        md_what: "",
    },
    tistory: HtmlPlatformWords {
        label: "티스토리",
        steps: [
            "글쓰기 화면 오른쪽 위의 기본 모드를 HTML 모드로 바꿉니다.",
            "아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 글을 읽는 사람이 그림을 직접 움직여 볼 수 있습니다. 높이는 그림에 맞춰 정해 두었습니다.",
            "(선택) 스킨 편집의 HTML에 아래 스크립트를 </body> 앞에 한 번 넣으면, 그림의 높이가 바뀔 때 틀도 따라갑니다. 티스토리가 iframe을 지우면 위의 그림 파일과 링크를 씁니다.",
        ],
        code_label: "티스토리 HTML 모드에 붙여 넣을 코드 (<iframe>)",
        script_label: "티스토리 스킨 HTML에 한 번 (선택, 높이 맞춤 스크립트)",
    },
    html: HtmlPlatformWords {
        label: "HTML 페이지",
        steps: [
            "직접 만든 페이지나 WordPress·Ghost처럼 HTML을 넣을 수 있는 곳에 씁니다.",
            "아래 코드를 그림이 들어갈 자리에 붙여 넣습니다. 높이는 그림에 맞춰 정해 두었습니다.",
            "스크립트를 쓸 수 있는 곳이라면 아래 스크립트를 페이지에 한 번 넣습니다. 그림의 높이가 바뀔 때 틀도 따라갑니다.",
        ],
        code_label: "HTML에 붙여 넣을 코드 (<iframe>)",
        script_label: "페이지에 한 번 (높이 맞춤 스크립트)",
    },
    naver: PhotoPlatformWords {
        label: "네이버 블로그",
        steps: PHOTO_STEPS,
        card_label: "그림 페이지 링크 (이 그림의 링크 카드가 붙습니다)",
        alt_label: "사진 설명 (대체 텍스트)",
    },
    brunch: PhotoPlatformWords {
        label: "브런치",
        steps: PHOTO_STEPS,
        card_label: "그림 페이지 링크 (이 그림의 링크 카드가 붙습니다)",
        alt_label: "사진 설명 (대체 텍스트)",
    },
    wordpress: OembedPlatformWords {
        label: "WordPress",
        steps: OEMBED_STEPS,
        link_label: "WordPress에 붙여 넣을 그림 페이지 주소",
    },
    ghost: OembedPlatformWords {
        label: "Ghost",
        steps: OEMBED_STEPS,
        link_label: "Ghost에 붙여 넣을 그림 페이지 주소",
    },
    discourse: OembedPlatformWords {
        label: "Discourse",
        steps: OEMBED_STEPS,
        link_label: "Discourse에 붙여 넣을 그림 페이지 주소",
    },
    markdown: MarkdownPlatformWords {
        label: "마크다운",
        steps: [
            "위의 {files} 버튼으로 그림 파일을 받아 글과 함께 올립니다.",
            "아래 마크다운을 그림이 들어갈 자리에 붙여 넣고, (그림 주소) 자리에 올린 그림의 주소를 넣습니다.",
            "그림 아래의 링크를 누른 독자는 그림을 직접 움직여 볼 수 있는 페이지에 닿습니다.",
        ],
        md_label: "마크다운 (대체 텍스트와 원래 페이지 링크)",
        md_what: "마크다운",
    },
    export: ExportWords {
        bar_name: "그림 내려받기",
        bar_label: "내려받기",
        svg: ["SVG", "지금 보이는 그림을 SVG로 (lab figure와 같은 그리기 함수)"],
        png: ["PNG", "지금 보이는 그림을 PNG로 (1×)"],
        png2: ["PNG 2×", "지금 보이는 그림을 두 배 해상도 PNG로"],
        trace_json: ["트레이스 JSON", "이 설정의 실행 트레이스 (lab run --trace와 같음)"],
        metrics_csv: ["지표 CSV", "그림 아래 지표 표의 실행들을 CSV로"],
        gif: ["GIF", "재생 구간 전체를 움직이는 GIF로 (그림의 색 그대로, lab figure --animate와 같은 프레임)"],
        frames: "프레임",
        story_gif: [
            "이야기 GIF",
            "이야기의 장면마다 그 문장을 얹어 몇 초씩 보여 주는 GIF (lab figure --story와 같음, 출처와 링크 포함)",
        ],
        sweep_svg: ["SVG", "지금 보이는 지도를 SVG로 (lab figure와 같은 그리기 함수, 계산해 둔 격자를 그대로 씀)"],
        sweep_png: ["PNG", "지금 보이는 지도를 PNG로 (1×)"],
        sweep_png2: ["PNG 2×", "지금 보이는 지도를 두 배 해상도 PNG로"],
        grid_json: [
            "격자 JSON",
            "칸마다의 결과: 축 값, 시드 평균·최소·최대, 그 칸의 lab run 쿼리 (lab sweep --format json과 같음; 매개변수 지도에는 실행 하나의 트레이스가 없음)",
        ],
        cells_csv: ["칸별 CSV", "칸마다 한 줄: 축 값, 시드 수, 초과 승인·처리량 평균, 그 칸의 lab run 쿼리"],
        sweep_hint: "격자 계산이 끝나면 내려받을 수 있습니다.",
        share: "퍼가기",
        share_waiting: "퍼가기 코드를 만드는 중…",
        share_failed: "퍼가기 코드를 만들지 못했습니다",
        blog_files: "블로그용 파일: 본문 폭 720px(폰 390px), 글자 13px 이상, 아래에 출처와 링크",
        blog_buttons: ["블로그용 PNG", "블로그용 SVG", "블로그용 PNG (폰)", "블로그용 GIF"],
        file_failed: "{label} 파일을 만들지 못했습니다",
        making: "{label} 파일을 만드는 중…",
        grid_not_ready: "격자 계산이 끝난 뒤에 내려받을 수 있습니다",
        asked: "{label} 파일 내려받기를 요청했습니다. 브라우저의 다운로드 목록에서 확인해 주세요.",
        asked_sandboxed: "{label} 파일 내려받기를 요청했습니다. 다만 이 그림은 sandbox가 걸린 iframe 안에 있어, 퍼간 페이지가 내려받기(allow-downloads)를 허락하지 않았다면 파일이 오지 않습니다. 그럴 때는 그림 아래 링크로 원래 페이지를 열어 내려받아 주세요.",
        failed_because: "{label} 파일을 만들지 못했습니다: {why}",
        frames_range: "프레임 수는 {min}에서 {max} 사이의 정수로 정해 주세요",
        gif_too_large: "GIF가 너무 큽니다 (최대 {mb} MB). 프레임 수를 줄이거나 창을 좁혀 그림 폭을 줄여 주세요.",
        story_too_large: "이야기 GIF가 {mb} MB를 넘습니다. 설정을 바꿔 다시 시도해 주세요.",
        attribution: "정합성 실험실",
        story_heading: "{title} · 이야기 {scene}/{scenes}",
        vote_csv: [
            "이중 투표",
            "기억 상실",
            "잘못된 기억",
            "복구",
            "스스로 멈춘 노드",
            "포크",
            "충돌 시각 (ms)",
            "재시작 시각 (ms)",
            "충돌 지점 (이벤트 수)",
            "끝에 멈춘 노드",
            "두 트랜잭션 모두 확정",
            "디스크 전 전송",
            "작업 남은 연결 반납",
            "처리한 이벤트",
        ],
    },
};

#[cfg(test)]
mod tests {
    use crate::share::{share_kit, Field, Platform, ShareKit};
    use crate::{Lang, Words};
    use lab_model::share::ShareRequest;

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

    fn kit(r: &ShareRequest, bare: Option<u32>) -> ShareKit {
        share_kit(Words::of(Lang::Ko), r, bare)
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
    fn the_korean_kit_offers_its_five_platforms() {
        let keys: Vec<&str> = kit(&request(), Some(400)).platforms.iter().map(|p| p.key).collect();
        assert_eq!(keys, ["velog", "tistory", "html", "naver", "brunch"]);
    }

    #[test]
    fn every_copy_button_names_what_it_copies() {
        let kit = kit(&request(), Some(400));
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
    fn the_markdown_and_the_files_are_named_in_korean() {
        let full = kit(&request(), Some(400));
        let md = value(&full, "blog-velog");
        assert!(md.starts_with("![그림 1-1. \\[타임라인\\] \"A\" <b> 설명](그림 주소)"), "{md}");
        assert!(md.ends_with("(https://x.io/lab/?ch=a1-lease-expiry&fig=lease-expiry&preset=exp1&ttl_ms=250)"), "{md}");
        let r = ShareRequest { static_embed: false, bareable: false, animated: false, ..request() };
        let less = kit(&r, Some(400));
        let pen = less.platforms[0].pen.as_ref().unwrap();
        assert!(pen.alt_steps[0].starts_with("위의 PNG 버튼으로"));
    }

    #[test]
    fn the_words_take_their_particles() {
        let kit = kit(&request(), None);
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
        assert_eq!(velog.line.copied, "velog 줄을 복사했습니다.");
        let link = &kit.fields.iter().find(|(f, _)| f.class == "permalink").unwrap().0;
        assert_eq!(link.copied, "링크를 복사했습니다.");
        let code = &kit.fields[0].0;
        assert_eq!(code.copied, "퍼가기 코드를 복사했습니다.");
        let alt = &kit.fields.iter().find(|(f, _)| f.class == "alt-text").unwrap().0;
        assert!(alt.not_copied.starts_with("대체 텍스트를 복사하지 못했습니다."));
        let script = &platform(&kit, "html").fields[1];
        assert_eq!((script.copy_label(), script.copied.as_str()), ("스크립트 복사", "스크립트를 복사했습니다."));
        // Every template is filled: no `{name}` is left in what the reader sees.
        for p in &kit.platforms {
            let pen_words = p.pen.iter().flat_map(|pen| pen.alt_steps.iter());
            for line in p.steps.iter().chain(pen_words).chain(p.fields.iter().map(|f| &f.label)) {
                assert!(!line.contains('{') && !line.contains('}'), "{line}");
            }
        }
    }

    #[test]
    fn the_pen_says_what_velog_shows_and_warns_on_this_computer() {
        let kit = kit(&request(), Some(400));
        let velog = platform(&kit, "velog");
        assert!(velog.steps[4].contains("폭 768px·높이 430px") && velog.steps[4].contains("약 80px)를 뺀 약 350px"));
        let pen = velog.pen.as_ref().unwrap();
        assert!(pen.data.contains(
            "정합성 실험실의 그림을 velog 같은 블로그에 넣기 위한 펜입니다. 원래 페이지: https://x.io/lab/?ch="
        ));
        assert_eq!(pen.warning, None);
        for text in velog.fields.iter().map(|f| &f.value).chain(&velog.steps).chain(&pen.alt_steps) {
            assert!(!text.contains("<iframe"), "velog would drop it: {text}");
        }
        for page in ["http://localhost:8080/index.html", "http://127.0.0.1/x.html", "file:///tmp/d/index.html"] {
            let kit = share_kit(Words::of(Lang::Ko), &ShareRequest { page: page.into(), ..request() }, Some(400));
            let warning = platform(&kit, "velog").pen.as_ref().unwrap().warning.clone();
            assert!(warning.is_some_and(|w| w.contains("다른 사람의 컴퓨터에서 열리지 않습니다")), "{page}");
        }
    }
}
