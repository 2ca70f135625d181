//! One prediction on the page (`crate::content::predict`): a fieldset whose legend is
//! the question, the choices as radio inputs, and a button that commits the
//! guess. Committing sets the figure to the question's state (the app pushes
//! its permalink and mounts the figure again, which opens in the state that
//! answers: a timeline at the end of its run, a story past its verdict, B7
//! with its fault hit, a sweep's map with the question's cell opened) and then reveals the answer from a live run beside the
//! reader's guess, with a sentence on why. The same guess and answer are
//! echoed in a small card just above the figure (a portal into the slot the
//! app leaves there, `predict-echo-FIGURE`), which is scrolled into view
//! once the figure is drawn, so the reader sees the guess, the answer and
//! the figure in its answering state together.
//!
//! A lock-lease answer is computed here through the same plan and table runs
//! as the figure's live table (`Prediction::lease_answer`); an Article B
//! answer is the verdict of the story the `figures` module runs for that
//! state, the same call the figure makes.

use gloo::timers::callback::Timeout;
use wasm_bindgen::JsCast;
use web_sys::{HtmlElement, HtmlInputElement};
use yew::prelude::*;

use super::lazy_figures::{self, FiguresModule, VoteFigureHandle};
use super::page_words;
use crate::content::predict::{prediction, Answer, Answered, Prediction};
use lab_words::predict::PredictPageWords;
use lab_words::Words;

/// The page's words.
fn words() -> &'static Words {
    page_words::words()
}

/// The box's own words (`lab_words::predict::PredictPageWords`).
fn box_words() -> &'static PredictPageWords {
    &words().predict.page
}

/// The figure could not be computed: why.
fn compute_failed(e: &str) -> String {
    words().fill(box_words().compute_failed, &[("error", e)])
}

/// The id of the slot the app leaves just above figure `figure` for a
/// prediction's echo (`web::app`).
pub fn echo_slot_id(figure: &str) -> String {
    format!("predict-echo-{figure}")
}

#[derive(Properties, PartialEq, Clone)]
pub struct PredictProps {
    pub id: AttrValue,
    /// Sets the figure to a state: `(figure id, permalink)`.
    pub on_apply: Callback<(&'static str, String)>,
}

pub enum Msg {
    Choose(usize),
    Submit,
    /// Compute the answer (one task after the press, so the press paints first).
    Compute,
    Module(Result<FiguresModule, String>),
    /// Bring the echo and the figure into view once the figure has drawn
    /// its new state (tries left).
    Settle(u32),
}

/// Where the answer stands.
enum Reveal {
    NotAsked,
    Running,
    Shown(Answered),
    Failed(String),
}

pub struct PredictBox {
    spec: Option<&'static Prediction>,
    chosen: Option<usize>,
    /// The choice the reader had made when they pressed the button.
    guessed: Option<usize>,
    reveal: Reveal,
    _timer: Option<Timeout>,
    _settle: Option<Timeout>,
    /// A sweep question's cell has been opened on the map.
    cell_opened: bool,
}

impl PredictBox {
    /// The guess and the answer, as the box and the echo show them: the
    /// answer's line (`None` until there is one), whether the guess was right.
    fn answer_line(&self, p: &Prediction) -> Option<(Html, Option<&'static str>, Option<bool>)> {
        let Reveal::Shown(answered) = &self.reveal else { return None };
        let right = p.right_choice(answered);
        let value = match answered {
            Answered::Metric { row, column, text, .. } => html! {<>
                { format!("{row} ({column}): ") }<strong class="predict-value" data-answer-value={text.clone()}>{ text.clone() }</strong>
            </>},
            Answered::Verdict(_, line) => html! {
                <strong class="predict-value" data-answer-value={line.clone()}>{ line.clone() }</strong>
            },
        };
        let right_label = right.and_then(|r| p.choice_label(words(), r));
        let correct = match (right, self.guessed) {
            (Some(r), Some(g)) => Some(r == g),
            _ => None,
        };
        Some((value, right_label, correct))
    }

    fn guess_label(&self, p: &Prediction) -> &'static str {
        self.guessed.and_then(|i| p.choice_label(words(), i)).unwrap_or("—")
    }

    fn view_reveal(&self, p: &Prediction) -> Html {
        let answer = match &self.reveal {
            Reveal::NotAsked => return html! {},
            Reveal::Running => {
                html! { <p class="predict-answer" data-pending="true">{ box_words().running }</p> }
            }
            Reveal::Failed(why) => html! { <p class="predict-answer notice" role="alert">{ why.clone() }</p> },
            Reveal::Shown(_) => {
                let Some((value, right_label, correct)) = self.answer_line(p) else { return html! {} };
                html! {<>
                    <p class="predict-answer">{ box_words().simulation }{ value }</p>
                    { for right_label.map(|l| html! { <p class="predict-right">{ lab_words::predict::right_answer(words(), l, correct) }</p> }) }
                    <p class="predict-why">{ p.why(words()) }</p>
                </>}
            }
        };
        html! {
            <div class="predict-reveal">
                <div class="predict-guess">
                    <p class="predict-label">{ box_words().guess }</p>
                    <p class="predict-guess-text">{ self.guess_label(p) }</p>
                </div>
                <div class="predict-result" role="status" aria-live="polite">
                    <p class="predict-label">{ box_words().result }</p>
                    { answer }
                </div>
            </div>
        }
    }

    /// The echo card above the figure: the guess and the answer side by
    /// side, over the figure that now shows it (nothing before the answer).
    fn view_echo(&self, p: &Prediction) -> Html {
        let Some((value, _, correct)) = self.answer_line(p) else { return html! {} };
        let Some(host) = gloo::utils::document().get_element_by_id(&echo_slot_id(p.figure)) else { return html! {} };
        let mark = match correct {
            Some(true) => box_words().right,
            Some(false) => box_words().wrong,
            None => "",
        };
        let card = html! {
            <div class="predict-echo-card" data-predict={p.id} data-correct={correct.map(|c| c.to_string())}>
                <div class="predict-echo-guess">
                    <span class="predict-label">{ box_words().guess }</span>
                    <span class="predict-guess-text">{ self.guess_label(p) }</span>
                </div>
                <div class="predict-echo-result">
                    <span class="predict-label">{ box_words().result }</span>
                    <span class="predict-echo-value">{ value }</span>
                    <span class="predict-echo-mark">{ mark }</span>
                </div>
                <p class="predict-echo-lead">
                    { box_words().echo_lead }{ " " }
                    <a href={format!("#predict-{}", p.id)}>{ box_words().back }</a>
                </p>
            </div>
        };
        create_portal(card, host)
    }

    /// Scrolls the echo card (or, without one, the figure) to the top of
    /// the screen, once the figure has mounted again and drawn: the figure
    /// follows right below the card. Tried again a moment later, since the
    /// figure scrolls itself into view when it first draws.
    fn settle(&mut self, ctx: &Context<Self>, p: &Prediction, tries: u32) {
        let document = gloo::utils::document();
        let figure = document.get_element_by_id(p.figure);
        let drawn = figure.as_ref().is_some_and(|f| {
            !f.has_attribute("data-awaiting-module")
                && f.query_selector("[data-awaiting-module], .figure-loading").ok().flatten().is_none()
        });
        // A sweep's answer is one cell: the map opens it (its border and its
        // summary under the map), as a click on it does, once its row is drawn.
        let cell = match p.answer {
            Answer::SweepCell { ix, iy } => document.get_element_by_id(&format!("{}-c{ix}-{iy}", p.figure)),
            _ => None,
        };
        let cell_ready = !matches!(p.answer, Answer::SweepCell { .. }) || cell.is_some();
        let settled = matches!(self.reveal, Reveal::Shown(_) | Reveal::Failed(_)) && drawn && cell_ready;
        if settled && !self.cell_opened {
            if let Some(c) = cell.and_then(|c| c.dyn_into::<HtmlElement>().ok()) {
                c.click();
                self.cell_opened = true;
            }
        }
        if settled {
            let echo = document.get_element_by_id(&echo_slot_id(p.figure)).filter(|e| e.child_element_count() > 0);
            // The figure scrolls itself into view when it first draws: it keeps
            // room above it for the echo, so that its scroll shows the echo too.
            if let (Some(echo), Some(fig)) = (&echo, figure.as_ref().and_then(|f| f.dyn_ref::<HtmlElement>())) {
                let h = echo.get_bounding_client_rect().height();
                let _ = fig.style().set_property("scroll-margin-top", &format!("calc(5.5rem + {h:.0}px + 1rem)"));
            }
            if let Some(el) = echo.or(figure).and_then(|e| e.dyn_into::<HtmlElement>().ok()) {
                el.scroll_into_view();
            }
        }
        // Once settled, once more a moment later; before, keep looking.
        let next = if settled { tries.min(1) } else { tries };
        if next > 0 {
            let link = ctx.link().clone();
            let delay = if settled { 400 } else { 150 };
            self._settle = Some(Timeout::new(delay, move || link.send_message(Msg::Settle(next - 1))));
        }
    }
}

/// An Article B answer, from the same call the figure makes for the
/// prediction's state: the story's verdict, a fact of its summary, or B2's grid.
fn vote_reveal(module: &FiguresModule, p: &Prediction) -> Reveal {
    let missing = || Reveal::Failed(box_words().no_answer.into());
    let config = p.vote_config();
    if let Answer::MatrixUnsafe { .. } = p.answer {
        return match lazy_figures::crash_matrix(module, config.profile, config.device_honours_sync) {
            Ok(view) => p.matrix_answer(words(), &view).map_or_else(missing, Reveal::Shown),
            Err(e) => Reveal::Failed(compute_failed(&e.to_string())),
        };
    }
    match VoteFigureHandle::prepare(module, p.figure, &config) {
        Ok(figure) => match p.answer {
            Answer::VoteFact { .. } => p.fact_answer(&figure.summary.facts).map_or_else(missing, Reveal::Shown),
            _ => match figure.summary.verdict.clone() {
                Some((v, line, _)) => Reveal::Shown(Answered::Verdict(v, line)),
                None => missing(),
            },
        },
        Err(e) => Reveal::Failed(compute_failed(&e.to_string())),
    }
}

impl Component for PredictBox {
    type Message = Msg;
    type Properties = PredictProps;

    fn create(ctx: &Context<Self>) -> Self {
        PredictBox {
            spec: prediction(&ctx.props().id),
            chosen: None,
            guessed: None,
            reveal: Reveal::NotAsked,
            _timer: None,
            _settle: None,
            cell_opened: false,
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let Some(p) = self.spec else { return false };
        match msg {
            Msg::Choose(i) => {
                if self.guessed.is_some() {
                    return false;
                }
                self.chosen = Some(i)
            }
            Msg::Submit => {
                let Some(choice) = self.chosen else { return false };
                if self.guessed.is_some() {
                    return false;
                }
                self.guessed = Some(choice);
                self.reveal = Reveal::Running;
                ctx.props().on_apply.emit((p.figure, p.permalink()));
                let link = ctx.link().clone();
                self._timer = Some(Timeout::new(0, move || link.send_message(Msg::Compute)));
            }
            Msg::Compute => match p.answer {
                Answer::Metric { .. } | Answer::SweepCell { .. } => {
                    self.reveal = match p.lease_answer(words()).or_else(|| p.sweep_answer(words())) {
                        Some(a) => Reveal::Shown(a),
                        None => Reveal::Failed(box_words().no_metric.into()),
                    }
                }
                Answer::Verdict | Answer::VoteFact { .. } | Answer::MatrixUnsafe { .. } => {
                    lazy_figures::load(ctx.link().callback(Msg::Module))
                }
            },
            Msg::Module(Err(why)) => self.reveal = Reveal::Failed(why),
            Msg::Module(Ok(module)) => self.reveal = vote_reveal(&module, p),
            Msg::Settle(tries) => {
                self.settle(ctx, p, tries);
                return false;
            }
        }
        true
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        // The answer is in: bring the echo and the figure into view (once the figure has drawn).
        if matches!(self.reveal, Reveal::Shown(_) | Reveal::Failed(_)) && self._settle.is_none() {
            let link = ctx.link().clone();
            // Up to 30 s: a sweep's map fills row by row in its workers.
            self._settle = Some(Timeout::new(0, move || link.send_message(Msg::Settle(200))));
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let Some(p) = self.spec else {
            let line = words().fill(box_words().not_found, &[("id", &ctx.props().id)]);
            return html! { <p class="notice" role="alert">{ line }</p> };
        };
        let link = ctx.link();
        let name = format!("predict-{}-choice", p.id);
        let committed = self.guessed.is_some();
        html! {
            <fieldset class="predict" id={format!("predict-{}", p.id)} data-figure={p.figure}
                data-committed={committed.to_string()}>
                <legend>{ p.question(words()) }</legend>
                <div class="predict-choices">
                    { for (0..p.choices.len()).map(|i| {
                        let input_id = format!("predict-{}-{i}", p.id);
                        let onchange = link.callback(move |e: Event| {
                            let _: HtmlInputElement = e.target_unchecked_into();
                            Msg::Choose(i)
                        });
                        html! {
                            <div class="predict-choice">
                                <input type="radio" id={input_id.clone()} name={name.clone()} value={i.to_string()}
                                    checked={self.chosen == Some(i)} disabled={committed} {onchange} />
                                <label for={input_id}>{ p.choice_label(words(), i).unwrap_or_default() }</label>
                            </div>
                        }
                    }) }
                </div>
                <div class="controls-row">
                    <button type="button" class="btn predict-go" disabled={self.chosen.is_none() || committed}
                        onclick={link.callback(|_| Msg::Submit)}>
                        { box_words().go }
                    </button>
                    { if self.chosen.is_none() { html! { <span class="predict-hint">{ box_words().pick_first }</span> } } else { html!{} } }
                </div>
                { self.view_reveal(p) }
                { self.view_echo(p) }
            </fieldset>
        }
    }
}
