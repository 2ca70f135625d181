//! Article A's figures as a [`FigureSource`] in another wasm module: the
//! page's lazily loaded `figures` module makes the files, but only the
//! site's module carries Article A's simulation and drawing code. The site
//! hands the module a function that answers [`Call`]s about one figure's
//! state with [`Reply`]s (postcard bytes both ways); [`Remote`] is the
//! module's side, [`answer`] the site's.
//!
//! The drawing arrives as a [`Recording`], so the module replays exactly
//! what the site's drawing code drew: a file made this way is the file `lab
//! figure` makes of the same state (the page's SVG equals `lab figure`'s,
//! byte for byte: `e2e/tests/export.test.mjs`).

use serde::{Deserialize, Serialize};

use super::data::MetricColumn;
use super::source::FigureSource;
use crate::legend::{fixed_legend_in, LegendEntry};
use crate::plan::LeaseFigure;
use crate::recording::{record, Recording};
use crate::timeline::LegendItem;
use lab_model::registry::FigureKind;
use lab_sim::lease::wire::PackedTrace;
use lab_words::Words;

/// A question about the figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Call {
    HeightCss {
        width_css: f64,
    },
    /// A timeline's legend: the marks its run drew.
    Legend,
    Record {
        size: (u32, u32),
        cursor_us: u64,
        scale: f64,
    },
    CursorAt {
        time_us: Option<u64>,
    },
    PlayerSpan,
    /// The run's full trace (the module writes it as `lab run --trace` does).
    Trace,
    /// The metric table's runs, one column each.
    MetricColumns,
    /// A timeline's first anomaly, µs (answered as a span).
    FirstAnomaly,
    /// Plan the figure again with this visible window (a blog file's):
    /// the site answers it itself ([`window_of`], [`acknowledged`]).
    Window {
        window_ms: u32,
    },
    /// The story's pictures `width_css` wide (`super::story_gif::lease_shots`):
    /// the story this run tells, as the figure's story mode tells it.
    StoryShots {
        width_css: f64,
    },
}

/// Its answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Reply {
    HeightCss(f64),
    Legend(Vec<LegendItem>),
    Drawing(Recording),
    Cursor(u64),
    Span(Option<u64>),
    Trace(Box<PackedTrace>),
    MetricColumns(Vec<MetricColumn>),
    StoryShots(Box<super::story_gif::Shots>),
    Failed(String),
}

/// The site's answer to `call` about `figure`; `data` answers the calls for data files.
pub fn answer(figure: &LeaseFigure, call: &[u8], data: impl FnOnce(&Call) -> Reply) -> Vec<u8> {
    let reply = match postcard::from_bytes::<Call>(call) {
        Err(e) => Reply::Failed(format!("not a figure call: {e}")),
        Ok(Call::HeightCss { width_css }) => Reply::HeightCss(figure.height_css(width_css)),
        Ok(Call::Legend) => Reply::Legend(figure.legend().to_vec()),
        Ok(Call::Record { size, cursor_us, scale }) => match record(size, |area| figure.draw(area, cursor_us, scale)) {
            Ok(drawing) => Reply::Drawing(drawing),
            Err(e) => Reply::Failed(e),
        },
        Ok(Call::CursorAt { time_us }) => Reply::Cursor(figure.cursor_at(time_us)),
        Ok(Call::PlayerSpan) => Reply::Span(figure.plan().is_timeline().then(|| figure.window_us())),
        Ok(Call::StoryShots { width_css }) => match super::story_gif::lease_story_of(figure, false) {
            Some((_, story)) if story.found() => match super::story_gif::lease_shots(figure, &story, width_css) {
                Ok(shots) => Reply::StoryShots(Box::new(shots)),
                Err(e) => Reply::Failed(e),
            },
            Some((_, story)) => Reply::Failed(story.steps[0].sentence(figure.words())),
            None => Reply::Failed(super::story_gif::no_story(figure.plan().spec.id).message().to_string()),
        },
        Ok(Call::FirstAnomaly) => Reply::Span(figure.anomalies().first().map(|a| a.at.t_us)),
        Ok(call) => data(&call),
    };
    encode(&reply)
}

/// `reply` as bytes; a reply that cannot be written becomes a failure.
fn encode(reply: &Reply) -> Vec<u8> {
    postcard::to_allocvec(reply)
        .or_else(|e| postcard::to_allocvec(&Reply::Failed(format!("cannot write the reply: {e}"))))
        .unwrap_or_default()
}

/// The window a [`Call::Window`] asks for (`None`: another call), for the
/// site, which plans its figure again before answering the next call.
pub fn window_of(call: &[u8]) -> Option<u32> {
    match postcard::from_bytes::<Call>(call) {
        Ok(Call::Window { window_ms }) => Some(window_ms),
        _ => None,
    }
}

/// The reply to a [`Call::Window`] the site has done.
pub fn acknowledged() -> Vec<u8> {
    encode(&Reply::Span(None))
}

/// The reply to any call when the figure could not be planned.
pub fn failed(why: &str) -> Vec<u8> {
    encode(&Reply::Failed(why.to_string()))
}

/// How the module asks: call bytes in, reply bytes out.
pub type Ask = Box<dyn Fn(&[u8]) -> Result<Vec<u8>, String>>;

/// The module's side: an Article A figure of `kind` answered by `ask` (the
/// site's function), its file's own words (legend, CSV labels) in `words`.
pub struct Remote {
    ask: Ask,
    kind: FigureKind,
    words: &'static Words,
}

impl Remote {
    pub fn new(ask: Ask, kind: FigureKind, words: &'static Words) -> Self {
        Remote { ask, kind, words }
    }

    /// The reply to `call`; a failure to ask, or a failed reply, as text.
    pub fn call(&self, call: &Call) -> Result<Reply, String> {
        let bytes = postcard::to_allocvec(call).map_err(|e| e.to_string())?;
        match postcard::from_bytes::<Reply>(&(self.ask)(&bytes)?) {
            Ok(Reply::Failed(e)) => Err(e),
            Ok(reply) => Ok(reply),
            Err(e) => Err(format!("not a figure reply: {e}")),
        }
    }

    /// The metric table's runs as CSV, its rows labelled in the remote's words.
    pub fn metrics_csv(&self) -> Result<String, String> {
        match self.call(&Call::MetricColumns)? {
            Reply::MetricColumns(columns) => Ok(super::data::metrics_csv(self.words, &columns)),
            other => Err(unexpected(&other)),
        }
    }

    /// The pictures of the story the figure's run tells, `width_css` wide
    /// (the sentence of a run without one, as the failure).
    pub fn story_shots(&self, width_css: f64) -> Result<super::story_gif::Shots, String> {
        match self.call(&Call::StoryShots { width_css })? {
            Reply::StoryShots(shots) => Ok(*shots),
            other => Err(unexpected(&other)),
        }
    }

    /// The figure's run, as `lab run --params QUERY --trace FILE` writes it.
    pub fn trace_json(&self) -> Result<String, String> {
        match self.call(&Call::Trace)? {
            Reply::Trace(packed) => {
                serde_json::to_string(&packed.unpack()).map_err(|e| format!("cannot encode the trace: {e}"))
            }
            other => Err(unexpected(&other)),
        }
    }
}

fn unexpected(reply: &Reply) -> String {
    let what = match reply {
        Reply::HeightCss(_) => "a height",
        Reply::Legend(_) => "a legend",
        Reply::Drawing(_) => "a drawing",
        Reply::Cursor(_) => "a time",
        Reply::Span(_) => "a span",
        Reply::Trace(_) => "a trace",
        Reply::MetricColumns(_) => "a table",
        Reply::StoryShots(_) => "a story",
        Reply::Failed(_) => "a failure",
    };
    format!("an unexpected figure reply: {what}")
}

impl FigureSource for Remote {
    fn height_css(&self, width_css: f64) -> Result<f64, String> {
        match self.call(&Call::HeightCss { width_css })? {
            Reply::HeightCss(h) => Ok(h),
            other => Err(unexpected(&other)),
        }
    }
    fn legend(&self) -> Result<Vec<LegendEntry>, String> {
        if !self.kind.is_lease_timeline() {
            return Ok(fixed_legend_in(self.kind, self.words));
        }
        match self.call(&Call::Legend)? {
            Reply::Legend(items) => Ok(items.into_iter().map(|i| i.entry_in(self.words)).collect()),
            other => Err(unexpected(&other)),
        }
    }
    fn record(&self, size: (u32, u32), cursor_us: u64, scale: f64) -> Result<Recording, String> {
        match self.call(&Call::Record { size, cursor_us, scale })? {
            Reply::Drawing(drawing) => Ok(drawing),
            other => Err(unexpected(&other)),
        }
    }
    fn cursor_at(&self, time_us: Option<u64>) -> u64 {
        match self.call(&Call::CursorAt { time_us }) {
            Ok(Reply::Cursor(t)) => t,
            _ => u64::MAX,
        }
    }
    fn player_span_us(&self) -> Option<u64> {
        match self.call(&Call::PlayerSpan) {
            Ok(Reply::Span(span)) => span,
            _ => None,
        }
    }
    /// The caps' notes are `lab figure`'s (it prints them); the page's files
    /// say nothing of them (the figure on the page says them in its words).
    fn notes_en(&self) -> Vec<String> {
        Vec::new()
    }
    fn first_anomaly_us(&self) -> Result<Option<u64>, String> {
        match self.call(&Call::FirstAnomaly)? {
            Reply::Span(t) => Ok(t),
            other => Err(unexpected(&other)),
        }
    }
    fn set_window_ms(&mut self, window_ms: u32) -> Result<(), String> {
        match self.call(&Call::Window { window_ms })? {
            Reply::Span(None) => Ok(()),
            other => Err(unexpected(&other)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{run, Preset, TraceLevel};

    #[test]
    fn a_trace_crosses_between_the_modules_whole() {
        for preset in [Preset::Exp1, Preset::Exp4] {
            let trace = run(&preset.config(), 1, 0, TraceLevel::Full);
            assert!(!trace.events.is_empty());
            // As it is, a trace cannot go through postcard: its events are written for JSON.
            assert!(postcard::to_allocvec(&trace).is_err());
            let bytes = encode(&Reply::Trace(Box::new(PackedTrace::pack(trace.clone()))));
            let Ok(Reply::Trace(back)) = postcard::from_bytes::<Reply>(&bytes) else { panic!("not a trace") };
            assert_eq!(back.unpack(), trace);
        }
    }

    #[test]
    fn a_story_crosses_whole() {
        let spec = lab_model::registry::figure("lease-expiry").unwrap();
        let figure = crate::plan::LeasePlan::new(spec, spec.initial_query(), None, true).run();
        let call = postcard::to_allocvec(&Call::StoryShots { width_css: 600.0 }).unwrap();
        let reply = answer(&figure, &call, |_| Reply::Failed("no data".into()));
        let Ok(Reply::StoryShots(shots)) = postcard::from_bytes::<Reply>(&reply) else { panic!("not a story") };
        let story = figure.story().unwrap();
        assert_eq!(*shots, super::super::story_gif::lease_shots(&figure, &story, 600.0).unwrap());
        assert_eq!(shots.sentences.len(), story.steps.len());
    }

    #[test]
    fn a_drawing_crosses_whole() {
        let figure = crate::plan::LeasePlan::new(
            lab_model::registry::figure("lease-expiry").unwrap(),
            lab_model::registry::figure("lease-expiry").unwrap().initial_query(),
            None,
            true,
        )
        .run();
        let call = postcard::to_allocvec(&Call::Record { size: (600, 400), cursor_us: u64::MAX, scale: 1.0 }).unwrap();
        let reply = answer(&figure, &call, |_| Reply::Failed("no data".into()));
        let Ok(Reply::Drawing(drawing)) = postcard::from_bytes::<Reply>(&reply) else { panic!("not a drawing") };
        let direct = record((600, 400), |area| figure.draw(area, u64::MAX, 1.0)).unwrap();
        assert_eq!(drawing, direct);
        assert!(drawing.ops.len() > 100);
    }
}
