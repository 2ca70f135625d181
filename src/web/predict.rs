//! One prediction on the page (`crate::content::predict`): a fieldset whose legend is
//! the question, the choices as radio inputs, and a button that sets the
//! figure to the question's state (the app pushes its permalink and runs the
//! figure again) and then reveals the answer from a live run beside the
//! reader's guess, with a sentence on why.
//!
//! A lock-lease answer is computed here through the same plan and table runs
//! as the figure's live table (`Prediction::lease_answer`); an Article B
//! answer is the verdict of the story the `figures` module runs for that
//! state, the same call the figure makes.

use gloo::timers::callback::Timeout;
use web_sys::HtmlInputElement;
use yew::prelude::*;

use super::lazy_figures::{self, FiguresModule, VoteFigureHandle};
use crate::content::predict::{prediction, Answer, Answered, Prediction};

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
}

impl PredictBox {
    fn view_reveal(&self, p: &Prediction) -> Html {
        let guess = self.guessed.and_then(|i| p.choices.get(i)).map(|c| c.label_ko).unwrap_or("—");
        let answer = match &self.reveal {
            Reveal::NotAsked => return html! {},
            Reveal::Running => {
                html! { <p class="predict-answer" data-pending="true">{ "시뮬레이션을 돌리는 중…" }</p> }
            }
            Reveal::Failed(why) => html! { <p class="predict-answer notice" role="alert">{ why.clone() }</p> },
            Reveal::Shown(answered) => {
                let right = p.right_choice(answered);
                let verdict = match (right, self.guessed) {
                    (Some(r), Some(g)) if r == g => "짐작이 맞았습니다.",
                    (Some(_), Some(_)) => "짐작과 다릅니다.",
                    _ => "",
                };
                let value = match answered {
                    Answered::Metric { row_ko, column_ko, text, .. } => html! {<>
                        { format!("{row_ko} ({column_ko}): ") }<strong class="predict-value" data-answer-value={text.clone()}>{ text.clone() }</strong>
                    </>},
                    Answered::Verdict(_, line) => html! {
                        <strong class="predict-value" data-answer-value={line.clone()}>{ line.clone() }</strong>
                    },
                };
                let right_label = right.and_then(|r| p.choices.get(r)).map(|c| c.label_ko);
                html! {<>
                    <p class="predict-answer">{ "시뮬레이션: " }{ value }</p>
                    { for right_label.map(|l| html! { <p class="predict-right">{ format!("맞는 답: {l}. {verdict}") }</p> }) }
                    <p class="predict-why">{ p.why_ko }</p>
                </>}
            }
        };
        html! {
            <div class="predict-reveal">
                <div class="predict-guess">
                    <p class="predict-label">{ "내 짐작" }</p>
                    <p class="predict-guess-text">{ guess }</p>
                </div>
                <div class="predict-result" role="status" aria-live="polite">
                    <p class="predict-label">{ "결과" }</p>
                    { answer }
                </div>
            </div>
        }
    }
}

/// An Article B answer, from the same call the figure makes for the
/// prediction's state: the story's verdict, a fact of its summary, or B2's grid.
fn vote_reveal(module: &FiguresModule, p: &Prediction) -> Reveal {
    let missing = || Reveal::Failed("이 그림에는 그 답이 없습니다.".into());
    let config = p.vote_config();
    if let Answer::MatrixUnsafe { .. } = p.answer {
        return match lazy_figures::crash_matrix(module, config.profile, config.device_honours_sync) {
            Ok(view) => p.matrix_answer(&view).map_or_else(missing, Reveal::Shown),
            Err(e) => Reveal::Failed(format!("그림을 계산하지 못했습니다 ({e}).")),
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
        Err(e) => Reveal::Failed(format!("그림을 계산하지 못했습니다 ({e}).")),
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
        }
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let Some(p) = self.spec else { return false };
        match msg {
            Msg::Choose(i) => self.chosen = Some(i),
            Msg::Submit => {
                let Some(choice) = self.chosen else { return false };
                self.guessed = Some(choice);
                self.reveal = Reveal::Running;
                ctx.props().on_apply.emit((p.figure, p.permalink()));
                let link = ctx.link().clone();
                self._timer = Some(Timeout::new(0, move || link.send_message(Msg::Compute)));
            }
            Msg::Compute => match p.answer {
                Answer::Metric { .. } | Answer::SweepCell { .. } => {
                    self.reveal = match p.lease_answer().or_else(|| p.sweep_answer()) {
                        Some(a) => Reveal::Shown(a),
                        None => Reveal::Failed("이 상태에서는 그 지표가 없습니다.".into()),
                    }
                }
                Answer::Verdict | Answer::VoteFact { .. } | Answer::MatrixUnsafe { .. } => {
                    lazy_figures::load(ctx.link().callback(Msg::Module))
                }
            },
            Msg::Module(Err(why)) => self.reveal = Reveal::Failed(why),
            Msg::Module(Ok(module)) => self.reveal = vote_reveal(&module, p),
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let Some(p) = self.spec else {
            let id = lab_model::korean::with_particle(&ctx.props().id, lab_model::korean::Particle::EulReul);
            return html! { <p class="notice" role="alert">{ format!("질문 {id} 찾을 수 없습니다.") }</p> };
        };
        let link = ctx.link();
        let name = format!("predict-{}-choice", p.id);
        let running = matches!(self.reveal, Reveal::Running);
        html! {
            <fieldset class="predict" id={format!("predict-{}", p.id)} data-figure={p.figure}>
                <legend>{ p.question_ko }</legend>
                <div class="predict-choices">
                    { for p.choices.iter().enumerate().map(|(i, c)| {
                        let input_id = format!("predict-{}-{i}", p.id);
                        let onchange = link.callback(move |e: Event| {
                            let _: HtmlInputElement = e.target_unchecked_into();
                            Msg::Choose(i)
                        });
                        html! {
                            <div class="predict-choice">
                                <input type="radio" id={input_id.clone()} name={name.clone()} value={i.to_string()}
                                    checked={self.chosen == Some(i)} {onchange} />
                                <label for={input_id}>{ c.label_ko }</label>
                            </div>
                        }
                    }) }
                </div>
                <div class="controls-row">
                    <button type="button" class="btn predict-go" disabled={self.chosen.is_none() || running}
                        onclick={link.callback(|_| Msg::Submit)}>
                        { "이 상태로 그림을 돌려 확인하기" }
                    </button>
                    { if self.chosen.is_none() { html! { <span class="predict-hint">{ "먼저 답 하나를 고르세요." }</span> } } else { html!{} } }
                </div>
                { self.view_reveal(p) }
            </fieldset>
        }
    }
}
