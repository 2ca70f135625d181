//! The site's frame around a chapter, as words and links: the chapter list
//! (`build.rs` reads `content/*.md`), the header, the chapter map's labels,
//! the pager and the footer, and the front page's hook texts. The live page
//! (`web/app.rs`, `web/hook.rs`) and the static pages (`content::prerender`)
//! both read them from here, so the two say the same.
//!
//! The words are the `shell` domain of `lab_words` ([`Frame`] takes the
//! table of the language it draws). The constants and the functions without
//! a table below are the Korean frame's old form, still read by the live
//! page's views until they take their table too.

include!(concat!(env!("OUT_DIR"), "/chapters.rs"));

use lab_words::Words;

/// One chapter: its id (file name without `.md`) and title (its first `# ` heading).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chapter {
    pub id: &'static str,
    pub title: &'static str,
}

/// The chapters in reading order, glossary last (the build script's order).
pub fn chapters() -> Vec<Chapter> {
    CHAPTERS.iter().map(|&(id, title)| Chapter { id, title }).collect()
}

/// The chapter of an id, if there is one.
pub fn chapter(id: &str) -> Option<Chapter> {
    chapters().into_iter().find(|c| c.id == id)
}

/// The site's name, at the top of every page.
pub const SITE_TITLE: &str = "정합성 실험실";
/// The line under it.
pub const SITE_SUB: &str = "두 편의 정합성 실험을 브라우저 안의 결정적 시뮬레이션으로 다시 돌려 보기";
/// The first link of every page, for keyboard readers.
pub const SKIP_LINK: &str = "본문으로 건너뛰기";
/// The chapter map's name for screen readers.
pub const CHAPTER_MAP_LABEL: &str = "장 목록";
/// The pager's name for screen readers.
pub const PAGER_LABEL: &str = "이전·다음 장";
/// The footer's one line.
pub const FOOTER: &str = "모든 수치와 그림은 브라우저 안에서 결정적 시뮬레이션(Rust → WebAssembly)으로 계산합니다. 같은 주소는 언제나 같은 그림을 그립니다.";

/// The pager's link back.
pub fn previous_label(title: &str) -> String {
    format!("← {title}")
}

/// The pager's link on.
pub fn next_label(title: &str) -> String {
    format!("{title} →")
}

/// An embed's link to the chapter that places its figure.
pub fn embed_back_label(chapter_title: &str) -> String {
    format!("{SITE_TITLE} 「{chapter_title}」에서 전체 글과 함께 보기 →")
}

/// A chapter's label in the chapter map when it is not the one being read:
/// a few words of its title, after its code ("A1", "B5"). The chapter being
/// read shows its whole title. One place for these words.
const NAV_WORDS: [(&str, &str); 18] = [
    ("00-intro", "들어가며"),
    ("a1-lease-expiry", "lease 만료"),
    ("a2-watchdog", "Watchdog"),
    ("a3-fencing", "fencing 토큰"),
    ("a4-conditional-update", "락 없는 경로"),
    ("a5-outage", "락 서버 장애"),
    ("a6-summary", "정리"),
    ("a7-sweeps", "매개변수 지도"),
    ("a8-break-it", "깨뜨려 보기"),
    ("b1-remember", "잊어버린 투표"),
    ("b2-durable", "저장 계층"),
    ("b3-outer-transaction", "바깥 트랜잭션"),
    ("b4-fence", "불확실한 실패"),
    ("b5-interrupt", "중단 요청"),
    ("b6-recovery", "재시작 복구"),
    ("b7-kill-vs-power", "종료와 전원 차단"),
    ("b8-liveness", "합의의 진행"),
    ("glossary", "용어집"),
];

/// A chapter's code, "A1" … "A8", "B1" … "B8", from its id; `None` for the introduction and the glossary.
pub fn chapter_code(id: &str) -> Option<String> {
    let head = id.split('-').next()?;
    let mut chars = head.chars();
    let article = chars.next().filter(|c| matches!(c, 'a' | 'b'))?;
    let number: String = chars.collect();
    (!number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
        .then(|| format!("{}{number}", article.to_ascii_uppercase()))
}

/// A chapter's few words in the chapter map (the table above); a chapter
/// without them shows its title's part before its colon.
pub fn nav_words(c: Chapter) -> &'static str {
    NAV_WORDS.iter().find(|(id, _)| *id == c.id).map(|&(_, w)| w).unwrap_or_else(|| short_title(c.title))
}

/// The title's part before its colon ("실험 1", "B-8", "정리"), or the whole title when it has none.
pub fn short_title(title: &str) -> &str {
    match title.split_once(": ") {
        Some((head, _)) => head.strip_prefix("글 ").unwrap_or(head),
        None => title,
    }
}

/// A title's part after its colon ("lease가 먼저 끝나면 무슨 일이 생기나"), or the whole title.
pub fn title_rest(title: &str) -> &str {
    title.split_once(": ").map_or(title, |(_, rest)| rest)
}

/// The frame in one language: its words (`lab_words::shell`) and what the
/// chapter list makes of them.
#[derive(Clone, Copy)]
pub struct Frame {
    pub words: &'static Words,
}

impl Frame {
    /// The frame in the language of `words`.
    pub fn new(words: &'static Words) -> Frame {
        Frame { words }
    }

    /// The pager's link back.
    pub fn previous_label(&self, title: &str) -> String {
        lab_words::shell::previous_label(self.words, title)
    }

    /// The pager's link on.
    pub fn next_label(&self, title: &str) -> String {
        lab_words::shell::next_label(self.words, title)
    }

    /// An embed's link to the chapter that places its figure.
    pub fn embed_back_label(&self, chapter_title: &str) -> String {
        lab_words::shell::embed_back_label(self.words, chapter_title)
    }

    /// A chapter's few words in the chapter map; a chapter without them
    /// shows its title's part before its colon.
    pub fn nav_words(&self, c: Chapter) -> &'static str {
        nav_word(&self.words.shell.nav, c.id).unwrap_or_else(|| self.short_title(c.title))
    }

    /// The title's part before its colon, without the word before its
    /// article's letter, or the whole title when it has no colon.
    pub fn short_title(&self, title: &'static str) -> &'static str {
        match title.split_once(": ") {
            Some((head, _)) => head.strip_prefix(self.words.shell.article_prefix).unwrap_or(head),
            None => title,
        }
    }

    /// The chapter map with `current` marked.
    pub fn nav_items(&self, current: &str) -> Vec<NavItem> {
        chapters()
            .into_iter()
            .map(|c| {
                let is_current = c.id == current;
                NavItem {
                    chapter: c,
                    current: is_current,
                    code: if is_current { None } else { chapter_code(c.id) },
                    text: if is_current { c.title } else { self.nav_words(c) },
                    row: nav_row(c.id),
                }
            })
            .collect()
    }

    /// The front page's chapter map: one group per article and the
    /// glossary, `(name, chapters)`, each chapter with its code and the
    /// part of its title after its colon.
    pub fn hook_map(&self) -> Vec<(&'static str, Vec<MapEntry>)> {
        let [a, b, more] = self.words.shell.hook_map_groups;
        map_groups([a, b, more])
    }
}

/// The few words of the chapter `id` in `nav`, if it is one of the site's chapters.
fn nav_word(nav: &lab_words::shell::NavWords, id: &str) -> Option<&'static str> {
    Some(match id {
        "00-intro" => nav.intro,
        "a1-lease-expiry" => nav.a1,
        "a2-watchdog" => nav.a2,
        "a3-fencing" => nav.a3,
        "a4-conditional-update" => nav.a4,
        "a5-outage" => nav.a5,
        "a6-summary" => nav.a6,
        "a7-sweeps" => nav.a7,
        "a8-break-it" => nav.a8,
        "b1-remember" => nav.b1,
        "b2-durable" => nav.b2,
        "b3-outer-transaction" => nav.b3,
        "b4-fence" => nav.b4,
        "b5-interrupt" => nav.b5,
        "b6-recovery" => nav.b6,
        "b7-kill-vs-power" => nav.b7,
        "b8-liveness" => nav.b8,
        "glossary" => nav.glossary,
        _ => return None,
    })
}

/// A chapter's row on a wide screen: `nav-a` (the introduction and Article A), `nav-b` (Article B and the glossary).
fn nav_row(id: &str) -> &'static str {
    if id.starts_with('b') || id == "glossary" {
        "nav-b"
    } else {
        "nav-a"
    }
}

/// The front page's chapter map under the group names `[a, b, more]`.
fn map_groups(names: [&'static str; 3]) -> Vec<(&'static str, Vec<MapEntry>)> {
    let row = |keep: &dyn Fn(&str) -> bool| {
        chapters().into_iter().filter(|c| keep(c.id)).map(|c| (chapter_code(c.id), c, title_rest(c.title))).collect()
    };
    vec![
        (names[0], row(&|id| id.starts_with('a'))),
        (names[1], row(&|id| id.starts_with('b'))),
        (names[2], row(&|id| id == "glossary")),
    ]
}

/// One entry of the chapter map, as both the live page and the static pages draw it.
#[derive(Clone, Debug, PartialEq)]
pub struct NavItem {
    pub chapter: Chapter,
    /// Marked `aria-current="page"`: it shows its whole title.
    pub current: bool,
    /// Its code ("A1"), shown small before its words; `None` on the current one.
    pub code: Option<String>,
    /// What it says after the code: its few words, or its whole title when current.
    pub text: &'static str,
    /// Its row on a wide screen: `nav-a` (the introduction and Article A), `nav-b` (Article B and the glossary).
    pub row: &'static str,
}

/// The chapter map with `current` marked.
pub fn nav_items(current: &str) -> Vec<NavItem> {
    chapters()
        .into_iter()
        .map(|c| {
            let is_current = c.id == current;
            let row = if c.id.starts_with('b') || c.id == "glossary" { "nav-b" } else { "nav-a" };
            NavItem {
                chapter: c,
                current: is_current,
                code: if is_current { None } else { chapter_code(c.id) },
                text: if is_current { c.title } else { nav_words(c) },
                row,
            }
        })
        .collect()
}

/// The front page's chapter map's name for screen readers.
pub const HOOK_MAP_LABEL: &str = "장 지도";
/// The hook's link into the first experiment.
pub const HOOK_START: &str = "실험 1부터 시작하기 →";

/// The front page's way in for Article B's readers, under the hook: who it
/// is for, what Article B asks, and the link into B-1.
pub const B_DOOR_ASK: &str = "「저장 함수가 돌아오면 서명을 보내도 될까」(글 B)에서 오셨나요?";
pub const B_DOOR_TEXT: &str = "투표에 서명해 보낸 검증 노드가 죽었다 다시 켜지면서 그 투표를 잊으면, 같은 자리에서 다른 후보에 또 서명할 수 있습니다. 투표의 기록이 어느 저장 계층까지 내려가야 보내도 되는지 그림으로 따라가 봅니다.";
pub const B_DOOR_START: &str = "글 B-1부터 시작하기 →";

/// A player's play button (the hook's, a figure's, the side-by-side view's).
pub const PLAY_LABEL: &str = "▶ 재생";
/// What that button says while the player runs.
pub const PAUSE_LABEL: &str = "❚❚ 일시정지";

/// One chapter in the front page's chapter map: its code, the chapter, the title it shows.
pub type MapEntry = (Option<String>, Chapter, &'static str);

/// The front page's chapter map: one group per article and the glossary,
/// `(name, chapters)`, each chapter with its code ("A1", "B8"; none for the
/// glossary) and its title (the part after its colon, the code saying the rest).
pub fn hook_map() -> Vec<(&'static str, Vec<MapEntry>)> {
    let row = |keep: &dyn Fn(&str) -> bool| {
        chapters().into_iter().filter(|c| keep(c.id)).map(|c| (chapter_code(c.id), c, title_rest(c.title))).collect()
    };
    vec![
        ("글 A 결제 락", row(&|id| id.starts_with('a'))),
        ("글 B 합의 투표", row(&|id| id.starts_with('b'))),
        ("함께 보기", row(&|id| id == "glossary")),
    ]
}

/// The chapter the hook's start link opens: Article A's first experiment.
pub fn hook_start() -> &'static str {
    chapters().into_iter().find(|c| c.id.starts_with("a1")).map(|c| c.id).unwrap_or("a1-lease-expiry")
}

/// The chapter Article B's way in opens: its first chapter.
pub fn b_start() -> &'static str {
    chapters().into_iter().find(|c| c.id.starts_with("b1")).map(|c| c.id).unwrap_or("b1-remember")
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_words::Lang;

    #[test]
    fn a_chapter_label_is_its_code_and_a_few_words_and_the_current_one_its_title() {
        assert_eq!(chapter_code("b5-interrupt").as_deref(), Some("B5"));
        assert_eq!(chapter_code("a7-sweeps").as_deref(), Some("A7"));
        assert_eq!(chapter_code("00-intro"), None);
        assert_eq!(chapter_code("glossary"), None);
        for lang in Lang::ALL {
            let frame = Frame::new(Words::of(lang));
            let prefix = frame.words.shell.article_prefix;
            let title: &'static str = Box::leak(format!("{prefix}A X 1: rest of it").into_boxed_str());
            assert_eq!(frame.short_title(title), "A X 1");
            assert_eq!(title_rest(title), "rest of it");
            assert_eq!(frame.short_title("Glossary"), "Glossary");
            let items = frame.nav_items("b5-interrupt");
            assert_eq!(items.len(), chapters().len());
            for item in &items {
                let c = item.chapter;
                // Every chapter has its own few words, shorter than its title.
                let words = nav_word(&frame.words.shell.nav, c.id);
                assert!(words.is_some_and(|w| !w.is_empty()), "{lang:?}: {} has no few words", c.id);
                assert!(item.current || item.text.chars().count() <= 18, "{}: {}", c.id, item.text);
                assert_eq!(item.current, c.id == "b5-interrupt");
                assert_eq!(item.text, if item.current { c.title } else { words.unwrap() });
            }
            let current = items.iter().find(|i| i.current).unwrap();
            assert_eq!((current.text, current.code.as_deref()), (chapter("b5-interrupt").unwrap().title, None));
            assert_eq!(items.iter().filter(|i| i.row == "nav-a").count(), 9, "the introduction and A1–A8");
            assert_eq!(items.iter().filter(|i| i.row == "nav-b").count(), 9, "B1–B8 and the glossary");
        }
        // The Korean few words fit the narrow chapter map.
        let korean = Frame::new(Words::of(Lang::Ko));
        assert!(korean.nav_items("").iter().all(|i| i.text.chars().count() <= 10));
    }

    #[test]
    fn the_front_map_names_every_chapter_but_the_front_page_by_title() {
        for lang in Lang::ALL {
            let frame = Frame::new(Words::of(lang));
            let map = frame.hook_map();
            let names: Vec<&str> = map.iter().map(|(name, _)| *name).collect();
            assert_eq!(names, frame.words.shell.hook_map_groups);
            let listed: Vec<&str> = map.iter().flat_map(|(_, cs)| cs.iter().map(|(_, c, _)| c.id)).collect();
            let all: Vec<&str> = chapters().iter().map(|c| c.id).filter(|id| *id != "00-intro").collect();
            assert_eq!(listed, all);
            let (code, a1, title) = &map[0].1[0];
            assert_eq!((code.as_deref(), a1.id), (Some("A1"), "a1-lease-expiry"));
            assert_eq!(Some(*title), a1.title.split_once(": ").map(|(_, rest)| rest));
            assert_eq!(map[1].1[0].0.as_deref(), Some("B1"));
        }
        assert_eq!(hook_start(), "a1-lease-expiry");
        assert_eq!(b_start(), "b1-remember");
    }

    /// The old Korean frame (still read by the live page's views) says what the Korean table says.
    #[test]
    fn the_old_korean_frame_is_the_korean_table() {
        let frame = Frame::new(Words::of(Lang::Ko));
        let w = &frame.words.shell;
        assert_eq!(
            [SITE_TITLE, SITE_SUB, SKIP_LINK, CHAPTER_MAP_LABEL, PAGER_LABEL, FOOTER, HOOK_MAP_LABEL, HOOK_START],
            [
                w.site_title,
                w.site_sub,
                w.skip_link,
                w.chapter_map_label,
                w.pager_label,
                w.footer,
                w.hook_map_label,
                w.hook_start
            ]
        );
        assert_eq!(
            [B_DOOR_ASK, B_DOOR_TEXT, B_DOOR_START, PLAY_LABEL, PAUSE_LABEL],
            [w.b_door_ask, w.b_door_text, w.b_door_start, w.play, w.pause]
        );
        for c in chapters() {
            assert_eq!(previous_label(c.title), frame.previous_label(c.title));
            assert_eq!(next_label(c.title), frame.next_label(c.title));
            assert_eq!(embed_back_label(c.title), frame.embed_back_label(c.title));
            assert_eq!(nav_words(c), frame.nav_words(c));
            assert_eq!(short_title(c.title), frame.short_title(c.title));
        }
        assert_eq!(nav_items("a3-fencing"), frame.nav_items("a3-fencing"));
        assert_eq!(hook_map(), frame.hook_map());
    }
}
