//! A chapter's opening story (`{{story:FIGURE}}` in `content/`): the
//! figure's story ([`super::story`]), told on the figure's own first run
//! before any prose explains it, so that a chapter opens on its phenomenon.
//!
//! The page tells it step by step (`web::story_lead`); the rendered chapter
//! carries the same steps as static text ([`static_html`]) for the
//! prerendered page and for readers without JavaScript. Both run the
//! figure's starting state, so they tell the same story, sentence for
//! sentence.

use super::plan::{LeaseFigure, LeasePlan};
use super::story::{outage_story, Story};
use lab_model::html::escape_html;
use lab_model::params::parse_lease_query;
use lab_model::registry::FigureKind;

/// The opening story's caption, for the figures that have one.
pub fn caption_ko(figure_id: &str) -> Option<&'static str> {
    match figure_id {
        "lease-expiry" => Some(
            "그림 1-0. 실험 1의 기본 실행에서 처음 생긴 겹침을 한 지갑, 스레드 두세 개만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        ),
        "watchdog-stop" => Some(
            "그림 2-0. 실험 2의 (b′) 실행(watchdog에 프로세스 정지를 더한 것)에서 처음 생긴 겹침을 한 지갑만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        ),
        "fence-placement" => Some(
            "그림 3-0. 같은 멈춤 아래 두 fence: 쓰기 시점 fencing(c-1)이 낡은 쓰기를 통과시키는 순간과, 읽기 시점 fencing(c-2)이 뒤처진 소유자를 거부하는 순간을 한 지갑만 떼어 따라갑니다. 마지막 단계는 두 실행의 전체 그림입니다.",
        ),
        "outage" => Some(
            "그림 5-0. 실험 5의 c-2 + fail-closed 실행에서, 락 서버가 살아 있던 때·죽어 있던 때·빈 채로 돌아온 뒤를 차례로 따라갑니다. 맨 아래 칸은 지갑 0의 토큰 카운터와 fence 값입니다. 마지막 단계는 같은 실행의 60초 전체입니다.",
        ),
        "conditional-update" => Some(
            "그림 4-0. 락 없는 조건부 UPDATE의 실행에서 두 UPDATE가 같은 행 잠금 앞에서 처음 만난 순간을 한 지갑만 떼어 한 걸음씩 따라갑니다. 마지막 단계는 같은 실행의 전체 그림입니다.",
        ),
        _ => None,
    }
}

/// The figure's first run at its starting state, and its story; `None` for
/// a figure with no opening story. A5's chart tells its story on the run
/// with a fence to remember (c-2 + fail-closed), whatever policy the full
/// figure starts on.
pub fn opening(figure_id: &str) -> Option<(LeaseFigure, Story)> {
    caption_ko(figure_id)?;
    let spec = super::figure_spec(figure_id)?;
    let (query, story): (_, fn(&LeaseFigure) -> Option<Story>) = match spec.kind {
        FigureKind::Timeline | FigureKind::SplitTimeline => (spec.initial_query(), LeaseFigure::story),
        FigureKind::Outage => {
            (parse_lease_query("preset=exp5_c2_closed").value, |f| Some(outage_story(&f.traces()[0])))
        }
        _ => return None,
    };
    let figure = LeasePlan::new(spec, query, None, true).run();
    let story = story(&figure)?;
    story.found().then_some((figure, story))
}

/// The element id of a figure's opening story.
pub fn element_id(figure_id: &str) -> String {
    format!("{figure_id}-story")
}

/// Every step as an ordered list (the live page shows it too, folded, as
/// the drawing's text alternative).
pub fn steps_html(story: &Story) -> String {
    let items: String = story.steps.iter().map(|s| format!("<li>{}</li>", escape_html(&s.sentence))).collect();
    format!("<ol class=\"story-static-steps\">{items}</ol>")
}

/// The story as static text, laid out as the page lays it out at its first
/// step (the sentence, the drawing's place at its height, every step folded
/// under it, the caption); `None` for a figure with no opening story.
pub fn static_html(figure_id: &str) -> Option<String> {
    let caption = caption_ko(figure_id)?;
    let (figure, story) = opening(figure_id)?;
    let first = &story.steps[0];
    Some(format!(
        "<figure class=\"story-lead story-lead-static\" id=\"{id}\">\
<p class=\"story-lead-sentence\"><span class=\"story-count\">1/{n}</span> {sentence}</p>\
<div class=\"story-lead-canvas\" style=\"min-height:{h}px\"><p class=\"figure-loading\">자바스크립트를 켜면 이 자리에 그림이 그려지고, 단계를 하나씩 넘겨 볼 수 있습니다.</p></div>\
<details class=\"story-lead-all\"><summary>이야기 전체를 글로 읽기</summary>{steps}</details>\
<figcaption>{caption}</figcaption></figure>",
        id = escape_html(&element_id(figure_id)),
        n = story.steps.len(),
        sentence = escape_html(&first.sentence),
        h = figure.story_room_css(&story).ceil(),
        steps = steps_html(&story),
        caption = escape_html(caption),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_opens_on_a_story_found_in_its_own_first_run() {
        let (figure, story) = opening("lease-expiry").expect("A1 has an opening story");
        assert!(story.steps.len() >= 4, "{:?}", story.steps);
        // Every step but the last is told in the small view, the last on the whole run.
        let (last, told) = story.steps.split_last().unwrap();
        assert!(told.iter().all(|s| s.focus.is_some() && s.highlight.is_some()));
        assert!(last.focus.is_none() && last.highlight.is_none());
        assert!(figure.story_room_css(&story) > 60.0);
        // The static text tells the same steps, escaped.
        let html = static_html("lease-expiry").unwrap();
        for step in &story.steps {
            assert!(html.contains(&escape_html(&step.sentence)), "{}", step.sentence);
        }
        assert!(html.starts_with("<figure class=\"story-lead story-lead-static\" id=\"lease-expiry-story\">"));
    }

    #[test]
    fn a2_tells_that_the_stop_froze_the_watchdog_before_the_lease_ran_out() {
        let (_, story) = opening("watchdog-stop").expect("A2 has an opening story");
        let said: Vec<&str> = story.steps.iter().map(|s| s.sentence.as_str()).collect();
        let at = |needle: &str| {
            said.iter().position(|s| s.contains(needle)).unwrap_or_else(|| panic!("{needle}: {said:#?}"))
        };
        let (renews, stops, runs_out, takes) =
            (at("watchdog이 lease를"), at("SIGSTOP"), at("연장이 끊긴 lease"), at("이중 소유"));
        assert!(renews < stops && stops < runs_out && runs_out < takes, "{said:#?}");
        assert!(said[stops].contains("watchdog도 함께 멈춥니다"), "{}", said[stops]);
    }

    #[test]
    fn figures_without_an_opening_story_have_none() {
        assert!(opening("tradeoff").is_none());
        assert!(static_html("kill-vs-power").is_none());
        assert!(static_html("no-such-figure").is_none());
    }
}
