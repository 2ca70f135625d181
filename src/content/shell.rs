//! The site's frame around a chapter, as words and links: the chapter list
//! (`build.rs` reads `content/*.md`), the header, the chapter map's labels,
//! the pager and the footer, and the front page's hook texts. The live page
//! (`web/app.rs`, `web/hook.rs`) and the static pages (`content::prerender`)
//! both read them from here, so the two say the same.

include!(concat!(env!("OUT_DIR"), "/chapters.rs"));

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

/// A chapter's label in the chapter map: the title's part before its colon
/// ("실험 1", "B-8", "정리"), or the whole title when it has none.
pub fn short_title(title: &str) -> &str {
    match title.split_once(": ") {
        Some((head, _)) => head.strip_prefix("글 ").unwrap_or(head),
        None => title,
    }
}

/// The rest of a chapter's title after its short label (for screen readers).
pub fn title_rest(title: &str) -> String {
    match title.split_once(": ") {
        Some((_, rest)) => format!(": {rest}"),
        None => String::new(),
    }
}

/// The hook's chapter map's name for screen readers.
pub const HOOK_MAP_LABEL: &str = "장 지도";
/// The hook's link into the first experiment.
pub const HOOK_START: &str = "실험 1부터 시작하기 →";

/// A player's play button (the hook's, a figure's, the side-by-side view's).
pub const PLAY_LABEL: &str = "▶ 재생";
/// What that button says while the player runs.
pub const PAUSE_LABEL: &str = "❚❚ 일시정지";

/// The hook's chapter map: one row per article, `(name, chapters)`, each
/// chapter with its code ("A1", "B8").
pub fn hook_map() -> Vec<(&'static str, Vec<(String, Chapter)>)> {
    let row = |prefix: &str| {
        chapters()
            .into_iter()
            .filter(|c| c.id.starts_with(prefix))
            .map(|c| (c.id.split('-').next().unwrap_or(c.id).to_uppercase(), c))
            .collect()
    };
    vec![("글 A 결제 락", row("a")), ("글 B 합의 투표", row("b"))]
}

/// The chapter the hook's start link opens: Article A's first experiment.
pub fn hook_start() -> &'static str {
    chapters().into_iter().find(|c| c.id.starts_with("a1")).map(|c| c.id).unwrap_or("a1-lease-expiry")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chapter_label_is_the_title_before_its_colon() {
        assert_eq!(short_title("글 A 실험 1: lease가 끝나면"), "A 실험 1");
        assert_eq!(title_rest("글 A 실험 1: lease가 끝나면"), ": lease가 끝나면");
        assert_eq!(short_title("용어집"), "용어집");
        assert_eq!(title_rest("용어집"), "");
    }

    #[test]
    fn the_hook_map_lists_both_articles_in_order() {
        let map = hook_map();
        assert_eq!(map.len(), 2);
        assert!(map[0].1.iter().all(|(code, c)| code.starts_with('A') && c.id.starts_with('a')));
        assert_eq!(map[0].1.first().map(|(code, _)| code.as_str()), Some("A1"));
        assert_eq!(map[1].1.first().map(|(code, _)| code.as_str()), Some("B1"));
        assert_eq!(hook_start(), "a1-lease-expiry");
    }
}
