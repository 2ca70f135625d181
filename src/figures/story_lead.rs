//! A chapter's opening story (`{{story:FIGURE}}` in `content/`): the
//! figure's story ([`super::story`]), told on the figure's own first run
//! before any prose explains it, so that a chapter opens on its phenomenon.
//!
//! The page tells it step by step (`web::story_lead`); the rendered chapter
//! carries the same steps as static text ([`static_html_in`]) for the
//! prerendered page and for readers without JavaScript. Both run the
//! figure's starting state, so they tell the same story, sentence for
//! sentence.

use super::plan::{LeaseFigure, LeasePlan};
use super::story::{outage_story, Story};
use lab_model::html::escape_html;
use lab_model::params::parse_lease_query;
use lab_model::registry::FigureKind;
use lab_words::Words;

/// The figure's first run at its starting state, and its story (`w` names
/// its threads); `None` for a figure with no opening story. A5's chart
/// tells its story on the run with a fence to remember (c-2 +
/// fail-closed), whatever policy the full figure starts on.
pub fn opening_in(figure_id: &str, w: &Words) -> Option<(LeaseFigure, Story)> {
    w.story.caption(figure_id)?;
    let spec = super::figure_spec(figure_id)?;
    let query = match spec.kind {
        FigureKind::Timeline | FigureKind::SplitTimeline => spec.initial_query(),
        FigureKind::Outage => parse_lease_query("preset=exp5_c2_closed").value,
        _ => return None,
    };
    let figure = LeasePlan::new(spec, query, None, true).run();
    let story = match spec.kind {
        FigureKind::Outage => Some(outage_story(&figure.traces()[0])),
        _ => figure.story_in(w),
    }?;
    story.found().then_some((figure, story))
}

/// [`opening_in`] with the Korean edition's names, for the callers not yet
/// handed a table (issue 42 removes it).
#[cfg(not(target_arch = "wasm32"))]
pub fn opening(figure_id: &str) -> Option<(LeaseFigure, Story)> {
    opening_in(figure_id, &lab_words::ko::WORDS)
}

/// The element id of a figure's opening story.
pub fn element_id(figure_id: &str) -> String {
    format!("{figure_id}-story")
}

/// Every step as an ordered list, in `w`'s language (the live page shows it
/// too, folded, as the drawing's text alternative).
pub fn steps_html(story: &Story, w: &Words) -> String {
    let items: String = story.sentences(w).iter().map(|s| format!("<li>{}</li>", escape_html(s))).collect();
    format!("<ol class=\"story-static-steps\">{items}</ol>")
}

/// The story as static text in `w`'s language, laid out as the page lays it
/// out at its first step (the sentence, the drawing's place at its height,
/// every step folded under it, the caption); `None` for a figure with no
/// opening story.
pub fn static_html_in(figure_id: &str, w: &Words) -> Option<String> {
    let caption = w.story.caption(figure_id)?;
    let (figure, story) = opening_in(figure_id, w)?;
    let first = &story.steps[0];
    Some(format!(
        "<figure class=\"story-lead story-lead-static\" id=\"{id}\">\
<p class=\"story-lead-sentence\"><span class=\"story-count\">1/{n}</span> {sentence}</p>\
<div class=\"story-lead-canvas\" style=\"min-height:{h}px\"><p class=\"figure-loading\">{needs_script}</p></div>\
<details class=\"story-lead-all\"><summary>{read_all}</summary>{steps}</details>\
<figcaption>{caption}</figcaption></figure>",
        id = escape_html(&element_id(figure_id)),
        n = story.steps.len(),
        sentence = escape_html(&first.sentence(w)),
        h = figure.story_room_css(&story).ceil(),
        needs_script = w.story.needs_script,
        read_all = w.story.read_all,
        steps = steps_html(&story, w),
        caption = escape_html(caption),
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_model::facts::story::StoryFact;

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
        let html = static_html_in("lease-expiry", &lab_words::ko::WORDS).unwrap();
        for sentence in story.sentences(&lab_words::ko::WORDS) {
            assert!(html.contains(&escape_html(&sentence)), "{sentence}");
        }
        assert!(html.starts_with("<figure class=\"story-lead story-lead-static\" id=\"lease-expiry-story\">"));
    }

    #[test]
    fn a2_tells_that_the_stop_froze_the_watchdog_before_the_lease_ran_out() {
        let (_, story) = opening("watchdog-stop").expect("A2 has an opening story");
        let said: Vec<&StoryFact> = story.steps.iter().map(|s| &s.fact).collect();
        let at = |pick: &dyn Fn(&StoryFact) -> bool| {
            said.iter().position(|f| pick(f)).unwrap_or_else(|| panic!("{said:#?}"))
        };
        let renews = at(&|f| matches!(f, StoryFact::FirstOwner { watchdog: Some(_), .. }));
        let stops = at(&|f| matches!(f, StoryFact::ProcessStopped { .. }));
        let runs_out = at(&|f| matches!(f, StoryFact::LeaseExpired { watchdog: true, .. }));
        let takes = at(&|f| matches!(f, StoryFact::SecondOwner { .. }));
        assert!(renews < stops && stops < runs_out && runs_out < takes, "{said:#?}");
    }

    #[test]
    fn figures_without_an_opening_story_have_none() {
        assert!(opening("tradeoff").is_none());
        assert!(static_html_in("kill-vs-power", &lab_words::ko::WORDS).is_none());
        assert!(static_html_in("no-such-figure", &lab_words::ko::WORDS).is_none());
    }
}
