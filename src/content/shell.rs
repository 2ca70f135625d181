//! The site's frame around a chapter, as words and links: the chapter list
//! (`build.rs` reads `content/ko/*.md`), the header, the chapter map's labels,
//! the pager and the footer, and the front page's hook texts. The live page
//! (`web/app.rs`, `web/hook.rs`) and the static pages (`content::prerender`)
//! both read them from here, so the two say the same.
//!
//! The words are the `shell` domain of `lab_words` ([`Frame`] takes the
//! table of the language it draws). The constants and the functions without
//! a table below are the Korean frame's old form, native only (the tests
//! and the static pages read them); the live page takes its table's
//! [`Frame`], so no Korean word is compiled into the wasm.

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

/// The chapters in reading order with their titles in the edition of
/// `words` (`content/LANG/*.md`, by the table's language code): the same
/// ids as [`chapters`], a title the edition lacks kept from the Korean.
pub fn chapters_in(words: &Words) -> Vec<Chapter> {
    let titles = CHAPTER_TITLES.iter().find(|(code, _)| *code == words.lang().code()).map_or(&[][..], |(_, t)| *t);
    chapters()
        .into_iter()
        .map(|c| Chapter { title: titles.iter().find(|(id, _)| *id == c.id).map_or(c.title, |(_, t)| *t), ..c })
        .collect()
}

/// The Korean frame's old form, native only, for the tests that read the
/// site's name and the hook's words: each is the Korean table's word
/// (`lab_words::ko::shell`), so it says the same bytes. New code takes a
/// [`Frame`].
#[cfg(not(target_arch = "wasm32"))]
pub const SITE_TITLE: &str = KO.site_title;
#[cfg(not(target_arch = "wasm32"))]
pub const HOOK_MAP_LABEL: &str = KO.hook_map_label;
#[cfg(not(target_arch = "wasm32"))]
pub const HOOK_START: &str = KO.hook_start;
#[cfg(not(target_arch = "wasm32"))]
pub const B_DOOR_ASK: &str = KO.b_door_ask;
#[cfg(not(target_arch = "wasm32"))]
pub const B_DOOR_TEXT: &str = KO.b_door_text;
#[cfg(not(target_arch = "wasm32"))]
pub const B_DOOR_START: &str = KO.b_door_start;
#[cfg(not(target_arch = "wasm32"))]
pub const PLAY_LABEL: &str = KO.play;
#[cfg(not(target_arch = "wasm32"))]
pub const PAUSE_LABEL: &str = KO.pause;

/// The Korean table's frame words, which the old constants read.
#[cfg(not(target_arch = "wasm32"))]
const KO: lab_words::shell::ShellWords = lab_words::ko::shell::SHELL;

/// The Korean frame, for the old [`hook_map`] below.
#[cfg(not(target_arch = "wasm32"))]
fn korean() -> Frame {
    Frame::new(&lab_words::ko::WORDS)
}

/// A chapter's code, "A1" … "A8", "B1" … "B8", from its id; `None` for the introduction and the glossary.
pub fn chapter_code(id: &str) -> Option<String> {
    let head = id.split('-').next()?;
    let mut chars = head.chars();
    let article = chars.next().filter(|c| matches!(c, 'a' | 'b'))?;
    let number: String = chars.collect();
    (!number.is_empty() && number.chars().all(|c| c.is_ascii_digit()))
        .then(|| format!("{}{number}", article.to_ascii_uppercase()))
}

/// A title's part after its colon (what the chapter asks), or the whole title.
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

    /// The chapters with their titles in this frame's edition ([`chapters_in`]).
    pub fn chapters(&self) -> Vec<Chapter> {
        chapters_in(self.words)
    }

    /// The chapter of an id in this frame's edition, if there is one.
    pub fn chapter(&self, id: &str) -> Option<Chapter> {
        self.chapters().into_iter().find(|c| c.id == id)
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
    pub fn short_title<'t>(&self, title: &'t str) -> &'t str {
        match title.split_once(": ") {
            Some((head, _)) => head.strip_prefix(self.words.shell.article_prefix).unwrap_or(head),
            None => title,
        }
    }

    /// The chapter map with `current` marked.
    pub fn nav_items(&self, current: &str) -> Vec<NavItem> {
        self.chapters()
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
        map_groups(self.chapters(), [a, b, more])
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

/// The front page's chapter map of `chapters` under the group names `[a, b, more]`.
fn map_groups(chapters: Vec<Chapter>, names: [&'static str; 3]) -> Vec<(&'static str, Vec<MapEntry>)> {
    let row = |keep: &dyn Fn(&str) -> bool| {
        chapters.iter().copied().filter(|c| keep(c.id)).map(|c| (chapter_code(c.id), c, title_rest(c.title))).collect()
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

/// One chapter in the front page's chapter map: its code, the chapter, the title it shows.
pub type MapEntry = (Option<String>, Chapter, &'static str);

/// The Korean front page's chapter map (old form: [`Frame::hook_map`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn hook_map() -> Vec<(&'static str, Vec<MapEntry>)> {
    korean().hook_map()
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
            assert_eq!((current.text, current.code.as_deref()), (frame.chapter("b5-interrupt").unwrap().title, None));
            assert_eq!(items.iter().filter(|i| i.row == "nav-a").count(), 9, "the introduction and A1–A8");
            assert_eq!(items.iter().filter(|i| i.row == "nav-b").count(), 9, "B1–B8 and the glossary");
        }
        // The Korean few words fit the narrow chapter map.
        let korean = Frame::new(Words::of(Lang::Ko));
        assert!(korean.nav_items("").iter().all(|i| i.text.chars().count() <= 10));
    }

    /// Each edition's frame names the chapters by that edition's titles, the same ids in the same order.
    #[test]
    fn each_edition_titles_the_chapters_in_its_language() {
        let ids = |cs: Vec<Chapter>| cs.iter().map(|c| c.id).collect::<Vec<_>>();
        let (ko, en) = (Frame::new(Words::of(Lang::Ko)), Frame::new(Words::of(Lang::En)));
        assert_eq!(ko.chapters(), chapters());
        assert_eq!(ids(en.chapters()), ids(chapters()));
        let a1 = en.chapter("a1-lease-expiry").unwrap();
        assert_eq!(a1.title, "Experiment 1: What happens when the lease runs out first");
        let hangul = |t: &str| t.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c));
        assert!(en.chapters().iter().all(|c| !hangul(c.title)), "{:?}", en.chapters());
        assert!(ko.chapters().iter().all(|c| hangul(c.title)), "{:?}", ko.chapters());
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
}
