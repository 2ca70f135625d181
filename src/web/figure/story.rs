//! Story mode of a lease timeline figure (its "tell it as a story" button): the steps
//! `crate::figures::story` found in the figure's trace, one sentence at a
//! time in a live region, with the marks it speaks of highlighted on the
//! canvas. ← and → (or the buttons) move between steps, Esc leaves. Nothing
//! moves by itself, so reduced motion has nothing to stop.
//!
//! The story is page state only: the permalink, the export and `lab figure`
//! show the figure as it is without it.

use std::rc::Rc;

use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::{Figure, Msg};
use crate::figures::plan::LeaseFigure;
use crate::figures::story::{Highlight, Story, StoryStep};
use crate::web::page_words::words;

/// The story being told and the step shown.
pub struct StoryMode {
    pub story: Rc<Story>,
    pub step: usize,
    /// The height the canvas wrapper keeps through the focused steps
    /// (`LeaseFigure::story_room_css`), worked out once per story.
    pub room_css: f64,
}

impl StoryMode {
    pub fn new(story: Story, figure: &LeaseFigure) -> StoryMode {
        let room_css = figure.story_room_css(&story);
        StoryMode { story: Rc::new(story), step: 0, room_css }
    }

    pub fn current(&self) -> &StoryStep {
        &self.story.steps[self.step.min(self.story.steps.len() - 1)]
    }

    /// Moves `delta` steps, staying within the story.
    pub fn go(&mut self, delta: i64) {
        let last = self.story.steps.len().saturating_sub(1) as i64;
        self.step = (self.step as i64 + delta).clamp(0, last) as usize;
    }
}

/// What story mode is asked to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StoryMsg {
    Start,
    Step(i64),
    End,
}

/// The story's key, if `e` is one (its default action is then prevented).
pub fn story_key(e: &KeyboardEvent) -> Option<StoryMsg> {
    if matches!(e.key().as_str(), "Escape" | "Esc") {
        e.prevent_default();
        return Some(StoryMsg::End);
    }
    story_step_key(e).map(StoryMsg::Step)
}

/// The step a story's key moves by (→ and PageDown one on, ← and PageUp
/// one back), if `e` is one; its default action is then prevented. Also
/// the keys of a chapter's opening story (`web::story_lead`).
pub fn story_step_key(e: &KeyboardEvent) -> Option<i64> {
    let delta = match e.key().as_str() {
        "ArrowRight" | "PageDown" => 1,
        "ArrowLeft" | "PageUp" => -1,
        _ => return None,
    };
    e.prevent_default();
    Some(delta)
}

fn numbers(v: impl IntoIterator<Item = u32>) -> String {
    v.into_iter().map(|k| k.to_string()).collect::<Vec<_>>().join(",")
}

impl Figure {
    /// Whether this figure can tell a story (a single lane timeline).
    pub(super) fn tells_story(&self) -> bool {
        self.spec.kind == lab_model::registry::FigureKind::Timeline && self.query.config.variant.uses_lock()
    }

    /// The keyboard handler of the canvas while a story is told.
    pub(super) fn story_on_key(&self, ctx: &Context<Self>) -> Callback<KeyboardEvent> {
        let link = ctx.link().clone();
        Callback::from(move |e: KeyboardEvent| {
            if let Some(msg) = story_key(&e) {
                link.send_message(Msg::Story(msg));
            }
        })
    }

    /// The story's bar: the start button, or the step's sentence with its
    /// buttons. The sentence's live region is always there, so that a screen
    /// reader hears the first step too.
    pub(super) fn view_story(&self, ctx: &Context<Self>) -> Html {
        if !self.tells_story() {
            return html! {};
        }
        let id = self.spec.id;
        let w = words();
        let link = ctx.link();
        let send = |msg: StoryMsg| link.callback(move |_: MouseEvent| Msg::Story(msg));
        let Some(mode) = &self.story else {
            return html! {
                <div class="story" data-story-active="false">
                    <button type="button" class="btn story-start" onclick={send(StoryMsg::Start)}
                        disabled={self.figure.is_none()}>{ w.story.start }</button>
                    <span class="story-hint">{ w.story.start_hint }</span>
                    <p class="story-sentence visually-hidden" aria-live="polite" id={format!("{id}-story-text")}></p>
                </div>
            };
        };
        let story = &mode.story;
        let step = mode.current();
        let total = story.steps.len();
        let lit = step.highlight.as_ref().map(|h| h.workers()).unwrap_or_default();
        let lit_text = match &step.highlight {
            Some(h) if !h.names.is_empty() => {
                let threads: Vec<String> = h
                    .names
                    .iter()
                    .map(|(_, k, n)| w.fill(w.story.lit_thread, &[("k", &k.to_string()), ("name", n)]))
                    .collect();
                w.fill(w.story.lit_threads, &[("list", &threads.join(w.story.list_sep))])
            }
            _ => w.story.lit_none.to_string(),
        };
        let on_key = self.story_on_key(ctx);
        html! {
            <div class="story story-active" role="group" aria-label={w.story.mode_label}
                 data-story-active="true" data-story-step={mode.step.to_string()} data-story-steps={total.to_string()}
                 data-story-cast={numbers(story.actors.iter().map(|a| a.worker))}
                 data-highlighted-threads={numbers(lit)} onkeydown={on_key}>
                // The buttons first: a longer sentence never moves them.
                <div class="story-buttons">
                    // aria-disabled, not disabled: a disabled button would drop the keyboard's focus.
                    <button type="button" class="btn story-prev" onclick={send(StoryMsg::Step(-1))} aria-disabled={(mode.step == 0).to_string()}>{ w.story.prev }</button>
                    <button type="button" class="btn btn-primary story-next" onclick={send(StoryMsg::Step(1))} aria-disabled={(mode.step + 1 >= total).to_string()}>{ w.story.next }</button>
                    <button type="button" class="btn story-end" onclick={send(StoryMsg::End)}>{ w.story.end }</button>
                </div>
                <p class="story-sentence" aria-live="polite" id={format!("{id}-story-text")}>
                    <span class="story-count">{ format!("{}/{}", mode.step + 1, total) }</span>
                    { step.sentence(w) }
                </p>
                <p class="story-lit">{ lit_text }</p>
            </div>
        }
    }

    /// Handles a story message; whether anything changed.
    pub(super) fn story_update(&mut self, msg: StoryMsg) -> bool {
        match msg {
            StoryMsg::Start => {
                let Some(figure) = &self.figure else { return false };
                let Some(story) = figure.story_in(words()) else { return false };
                let mode = StoryMode::new(story, figure);
                self.player.pause();
                self.story = Some(mode);
                self.story_focus = true;
            }
            StoryMsg::Step(delta) => match &mut self.story {
                Some(mode) => mode.go(delta),
                None => return false,
            },
            StoryMsg::End => {
                if self.story.take().is_none() {
                    return false;
                }
            }
        }
        self.dirty = true;
        true
    }

    /// What the player's current mark (an anomaly it jumped or paused at) lights.
    pub(super) fn mark_highlight(&self) -> Option<Highlight> {
        let i = self.player.player.current_mark()?;
        self.figure.as_ref()?.mark_cast(i).map(|(h, _)| h)
    }

    /// The threads lit on the canvas now (story or mark), for `data-highlighted-threads`.
    pub(super) fn lit_threads(&self) -> String {
        match &self.story {
            Some(mode) => numbers(mode.current().highlight.iter().flat_map(|h| h.workers())),
            None => numbers(self.mark_highlight().iter().flat_map(|h| h.workers())),
        }
    }

    /// A new run of the figure: a story being told is found again in it, from its first step.
    pub(super) fn story_refound(&mut self) {
        if let (Some(_), Some(figure)) = (&self.story, &self.figure) {
            self.story = figure.story_in(words()).map(|story| StoryMode::new(story, figure));
        }
    }
}
