//! A chapter's opening story on the page (`{{story:FIGURE}}`,
//! `crate::figures::story_lead`): the figure's story, told before the prose
//! explains anything, one step at a time on a small canvas of its own.
//!
//! The buttons come first and never move; the step's sentence follows, in
//! a live region, then the drawing, which keeps the height of its tallest
//! focused step, so that nothing under it moves until the last step opens
//! out to the whole run. There the story offers the full figure further
//! down, where every knob is. ← and → step through it. Nothing moves by
//! itself, so reduced motion has nothing to stop. Every step is also in a
//! folded list under the drawing, as its text alternative.

use std::rc::Rc;

use gloo::events::EventListener;
use web_sys::KeyboardEvent;
use yew::prelude::*;

use super::canvas::CanvasSlot;
use super::device_pixel_ratio;
use crate::figures::plan::LeaseFigure;
use crate::figures::story::Story;
use crate::figures::story_lead;
use crate::web::page_words::words;

#[derive(Properties, PartialEq)]
pub struct StoryLeadProps {
    /// The timeline figure whose story this is.
    pub figure: AttrValue,
}

pub enum StoryLeadMsg {
    Step(i64),
    /// Scroll to the full figure.
    Full,
    /// Draw again (the colour scheme or the width changed).
    Redraw,
}

pub struct StoryLead {
    told: Option<(Rc<LeaseFigure>, Rc<Story>)>,
    /// The height the drawing keeps through the focused steps (`LeaseFigure::story_room_css`).
    room_css: f64,
    step: usize,
    canvas: CanvasSlot,
    wrap: NodeRef,
    width_css: Option<f64>,
    _theme: EventListener,
    _resize: EventListener,
}

impl StoryLead {
    fn draw(&mut self) {
        let Some((figure, story)) = &self.told else { return };
        let Some(wrap) = self.wrap.cast::<web_sys::HtmlElement>() else { return };
        let w = f64::from(wrap.client_width()).max(280.0);
        self.width_css = Some(w);
        let step = &story.steps[self.step];
        let dpr = device_pixel_ratio();
        if let Err(e) =
            self.canvas.paint(w, figure.story_height_css(step, w), dpr, |root| figure.draw_story(root, step, dpr))
        {
            gloo::console::error!(format!("the opening story failed to draw: {e}"));
        }
    }
}

impl Component for StoryLead {
    type Message = StoryLeadMsg;
    type Properties = StoryLeadProps;

    fn create(ctx: &Context<Self>) -> Self {
        let told = story_lead::opening_in(&ctx.props().figure, words()).map(|(f, s)| {
            f.set_words(words());
            (Rc::new(f), Rc::new(s))
        });
        let room_css = told.as_ref().map_or(0.0, |(f, s)| f.story_room_css(s).ceil());
        let link = ctx.link().clone();
        let _theme = super::on_theme_change(move || link.send_message(StoryLeadMsg::Redraw));
        let link = ctx.link().clone();
        let _resize =
            EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(StoryLeadMsg::Redraw));
        StoryLead {
            told,
            room_css,
            step: 0,
            canvas: CanvasSlot::default(),
            wrap: NodeRef::default(),
            width_css: None,
            _theme,
            _resize,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: StoryLeadMsg) -> bool {
        let Some((_, story)) = &self.told else { return false };
        match msg {
            StoryLeadMsg::Step(delta) => {
                let last = story.steps.len().saturating_sub(1) as i64;
                let next = (self.step as i64 + delta).clamp(0, last) as usize;
                let moved = next != self.step;
                self.step = next;
                moved
            }
            StoryLeadMsg::Full => {
                // The style sheet's scroll behaviour applies (smooth unless the reader asked for less motion).
                if let Some(full) = gloo::utils::document().get_element_by_id(&ctx.props().figure) {
                    full.scroll_into_view();
                }
                false
            }
            StoryLeadMsg::Redraw => {
                // A resize that left the column's width alone needs no drawing.
                let w = self.wrap.cast::<web_sys::HtmlElement>().map(|w| f64::from(w.client_width()).max(280.0));
                if w != self.width_css {
                    self.draw();
                }
                false
            }
        }
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let figure_id = ctx.props().figure.to_string();
        let id = story_lead::element_id(&figure_id);
        let w = words();
        let caption = w.story.caption(&figure_id).unwrap_or_default();
        let Some((_, story)) = &self.told else {
            return html! {
                <figure class="story-lead" id={id}>
                    <p class="notice" role="alert">{ w.story.lead_none }</p>
                    <figcaption>{ caption }</figcaption>
                </figure>
            };
        };
        let link = ctx.link();
        let total = story.steps.len();
        let step = &story.steps[self.step];
        let sentence = step.sentence(w);
        let n = (self.step + 1).to_string();
        let canvas_label =
            w.fill(w.story.step_figure, &[("n", &n), ("total", &total.to_string()), ("sentence", &sentence)]);
        let last = self.step + 1 == total;
        let on_key = link.batch_callback(|e: KeyboardEvent| super::figure::story_step_key(&e).map(StoryLeadMsg::Step));
        let height = self.room_css;
        let steps_html = Html::from_html_unchecked(AttrValue::from(story_lead::steps_html(story, w)));
        html! {
            <figure class="story-lead" id={id.clone()} data-story-step={self.step.to_string()} data-story-steps={total.to_string()}
                onkeydown={on_key} aria-labelledby={format!("{id}-caption")}>
                <div class="story-lead-buttons" role="group" aria-label={w.story.lead_steps_label}>
                    // aria-disabled, not disabled: a disabled button would drop the keyboard's focus.
                    <button type="button" class="btn story-prev" aria-disabled={(self.step == 0).to_string()}
                        onclick={link.callback(|_| StoryLeadMsg::Step(-1))}>{ w.story.prev }</button>
                    <button type="button" class="btn btn-primary story-next" aria-disabled={last.to_string()}
                        onclick={link.callback(|_| StoryLeadMsg::Step(1))}>{ w.story.next }</button>
                    { if last { html! {
                        <button type="button" class="btn story-full" onclick={link.callback(|_| StoryLeadMsg::Full)}>
                            { w.story.lead_to_figure }
                        </button>
                    } } else { html! {} } }
                </div>
                <p class="story-lead-sentence" aria-live="polite">
                    <span class="story-count">{ format!("{}/{total}", self.step + 1) }</span>{ " " }{ sentence }
                </p>
                <div class="story-lead-canvas" ref={self.wrap.clone()} style={format!("min-height:{height}px")}>
                    <canvas ref={self.canvas.node.clone()} role="img"
                        aria-label={canvas_label}></canvas>
                </div>
                <details class="story-lead-all">
                    <summary>{ w.story.read_all }</summary>
                    // Our own text, escaped (`story_lead::steps_html`); nothing from the URL reaches it.
                    { steps_html }
                </details>
                <figcaption id={format!("{id}-caption")}>{ caption }</figcaption>
            </figure>
        }
    }
}
