//! Article B's interactive figures (model.md §6): B1 `vote-story`, B3
//! `outer-transaction`, B4 `uncertain-failure`, B5 `liveness` and B6
//! `kill-vs-power`, plus [`VoteFigureMount`], the root the lazily loaded
//! `vote_ui` module mounts for every Scenario B figure id (B2 lives in
//! `crash_matrix.rs`).
//!
//! State flows one way, as in the lock-lease figures: a control changes the
//! [`VoteConfig`] through the same query parser the URL and `lab run
//! --params "scenario=vote&…"` use, the simulation re-runs in wasm, the
//! canvas redraws (plotters, `crate::figures::vote`) and the address bar gets
//! the new permalink. The player (play/pause, step, scrub, log speed,
//! keyboard) is a small copy of the lock-lease player's behaviour, kept here
//! so the site engineer's `figure.rs` stays untouched.

use std::rc::Rc;

use super::canvas::StateCachingCanvas;
use gloo::events::EventListener;
use gloo::render::{request_animation_frame, AnimationFrame};
use plotters::prelude::*;
use web_sys::{HtmlCanvasElement, HtmlElement, HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::controls::ParamControl;
use super::crash_matrix::CrashMatrix;
use super::player::{player_key, PlayerKey};
use super::reduced_motion;
use super::url::{notice_ko, replace_url};
use crate::figures::vote::{
    conflict_ko, describe_event, describe_story, draw_liveness, draw_stack, draw_story, event_ko, fault_ko, fmt_time,
    max_depth, profile_ko, snapshot_us, stack_records, story_end_us, story_events, story_height_css, variant_ko,
    vote_figure_spec, vote_starting_config, LivenessSeries, StackFault, StoryView,
};
use crate::params::{parse_vote_query, percent_encode, vote_param, vote_to_query, vote_value_text, VOTE_PARAMS};
use crate::sim::vote::{
    run, ConflictSource, EventKind, FaultKind, StoreProfile, TraceLevel, Variant, VoteConfig, VoteTrace,
};

/// The chapter each figure lives in (for cross-figure links).
pub const STORY_CHAPTER: &str = "b1-remember";

/// The root of the `vote_ui` module's app (src/bin/vote_ui.rs): Article B's
/// figure `id`, one of `figures::vote::VOTE_FIGURES` (B2 is [`CrashMatrix`]).
#[function_component(VoteFigureMount)]
pub fn vote_figure_mount(p: &VoteFigureProps) -> Html {
    let chapter = p.chapter.to_string();
    match vote_figure_spec(&p.id).map(|f| f.id) {
        Some("crash-matrix") => html! { <CrashMatrix chapter={chapter} /> },
        Some(id) => html! { <VoteFigure id={id} chapter={chapter} /> },
        None => html! { <p class="notice" role="alert">{ format!("그림 {}은(는) 없는 그림입니다.", p.id) }</p> },
    }
}

/// What the URL says about figure `id`: the vote config (only when `fig=id`),
/// Korean notices, and the site keys' raw values.
pub struct UrlState {
    pub targeted: bool,
    pub config: Option<VoteConfig>,
    pub notices: Vec<String>,
    pub ev: Option<usize>,
    pub hit: Option<String>,
}

pub fn read_url(id: &str) -> UrlState {
    let (site, notices) = super::url::read_current(crate::params::Scope::Vote);
    if !site.targets(id) {
        return UrlState { targeted: false, config: None, notices: Vec::new(), ev: None, hit: None };
    }
    let hit = site.hit.filter(|hit| *hit).map(|_| "1".to_string());
    UrlState { targeted: true, config: Some(site.vote.unwrap_or_default()), notices, ev: site.event, hit }
}

/// The permalink of a vote figure state.
pub fn vote_search(chapter: &str, id: &str, config: &VoteConfig, extra: &[(&str, String)]) -> String {
    let mut s = format!("?ch={}&fig={}&{}", percent_encode(chapter), percent_encode(id), vote_to_query(config));
    for (k, v) in extra {
        s.push_str(&format!("&{k}={}", percent_encode(v)));
    }
    s
}

fn scroll_to(id: &str) {
    if let Some(el) = gloo::utils::document().get_element_by_id(id) {
        el.scroll_into_view();
    }
}

/// A value A sent at the story's (h, r) whose record ended up lost, if any.
fn lost_seen_vote(t: &VoteTrace) -> Option<String> {
    let (h0, r0) = (t.config.start_height, t.config.start_round);
    t.records
        .iter()
        .filter(|r| r.validator == 0 && r.height == h0 && r.round == r0)
        .filter(|r| r.layers.last().map(|l| l.layer) == Some(crate::sim::vote::Layer::Lost))
        .filter(|r| {
            !t.records.iter().any(|o| {
                o.validator == 0
                    && o.height == h0
                    && o.round == r0
                    && o.step == r.step
                    && o.value == r.value
                    && o.layers.last().map(|l| l.layer) != Some(crate::sim::vote::Layer::Lost)
            })
        })
        .find(|r| {
            t.messages.iter().any(|m| {
                m.signer == 0
                    && m.from == 0
                    && m.height == h0
                    && m.round == r0
                    && m.value == r.value
                    && m.kind.step() == r.step
            })
        })
        .map(|r| r.value.label())
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Story,
    Outer,
    Fence,
    Liveness,
    Stack,
}

impl Kind {
    const ALL: [Kind; 5] = [Kind::Story, Kind::Outer, Kind::Fence, Kind::Liveness, Kind::Stack];

    /// The kind of figure `id` (the story for an id it does not know).
    fn of(id: &str) -> Kind {
        Kind::ALL.into_iter().find(|k| k.figure_id() == id).unwrap_or(Kind::Story)
    }

    /// The figure's id (the `<figure>` id and `lab figure` id); its code and
    /// caption come from `figures::vote::VOTE_FIGURES` by this id.
    fn figure_id(self) -> &'static str {
        match self {
            Kind::Story => "vote-story",
            Kind::Outer => "outer-transaction",
            Kind::Fence => "uncertain-failure",
            Kind::Liveness => "liveness",
            Kind::Stack => "kill-vs-power",
        }
    }

    fn code(self) -> &'static str {
        vote_figure_spec(self.figure_id()).map_or("", |f| f.code)
    }

    fn caption(self) -> &'static str {
        vote_figure_spec(self.figure_id()).map_or("", |f| f.caption_ko)
    }

    /// The config a fresh figure starts from.
    fn default_config(self) -> VoteConfig {
        vote_starting_config(self.figure_id())
    }

    fn is_story(self) -> bool {
        matches!(self, Kind::Story | Kind::Outer | Kind::Fence)
    }

    /// Variants offered by the figure's ordering selector.
    fn variants(self) -> Vec<Variant> {
        match self {
            Kind::Outer => vec![Variant::V2],
            Kind::Fence => vec![
                Variant::FFence,
                Variant::FNaiveRetry,
                Variant::FEngineFenceOnly,
                Variant::IWaitThenFence,
                Variant::IAsSuccess,
                Variant::IAbortRelease,
            ],
            _ => Variant::ALL.to_vec(),
        }
    }
}

#[derive(Properties, PartialEq, Clone)]
pub struct VoteFigureProps {
    pub id: AttrValue,
    pub chapter: AttrValue,
}

pub enum Msg {
    SetParam(String, String),
    Toggle,
    Step(i64),
    Scrub(usize),
    Speed(f64),
    Frame(f64),
    Hit(StackFault),
    Reset,
    Redraw,
}

impl From<PlayerKey> for Msg {
    fn from(key: PlayerKey) -> Msg {
        match key {
            PlayerKey::Toggle => Msg::Toggle,
            PlayerKey::Step(d) => Msg::Step(d),
        }
    }
}

pub struct VoteFigure {
    kind: Kind,
    id: String,
    chapter: String,
    config: VoteConfig,
    notices: Vec<String>,
    traces: Vec<Rc<VoteTrace>>,
    /// Foreground pipeline event names of A in a crash-free run (the crash slider's stops).
    stops: Vec<String>,
    t_end: u64,
    /// Indices into `traces[0].events` the player steps through.
    steps: Vec<usize>,
    index: usize,
    /// Fractional position while playing.
    pos: f64,
    playing: bool,
    speed_exp: f64,
    raf: Option<AnimationFrame>,
    last_ts: Option<f64>,
    hit: StackFault,
    canvas: NodeRef,
    canvas2: NodeRef,
    wrap: NodeRef,
    _resize: Option<EventListener>,
    scroll_pending: bool,
}

impl VoteFigure {
    fn recompute(&mut self) {
        let c = &self.config;
        match self.kind {
            Kind::Story | Kind::Fence | Kind::Outer => {
                let t = Rc::new(run(c, TraceLevel::Full));
                let max_depth = max_depth(c);
                let mut free = c.clone();
                free.crash_after_events = None;
                free.crash_at_ms = None;
                let f = run(&free, TraceLevel::Full);
                let mut stops: Vec<(u32, String)> = f
                    .events
                    .iter()
                    .filter_map(|e| match &e.kind {
                        EventKind::PipelineEvent { validator: 0, name, index, .. } => Some((*index, name.clone())),
                        _ => None,
                    })
                    .collect();
                stops.retain(|s| s.0 <= max_depth);
                stops.sort();
                stops.dedup_by_key(|s| s.0);
                self.stops = stops.into_iter().map(|s| s.1).collect();
                self.t_end = story_end_us(&t, max_depth);
                self.steps = story_events(&t, self.t_end);
                self.traces = vec![t];
                if self.kind == Kind::Outer {
                    let g = VoteConfig { variant: Variant::V2g, ..c.clone() };
                    let tg = Rc::new(run(&g, TraceLevel::Full));
                    self.traces.push(tg);
                }
            }
            Kind::Liveness => {
                self.traces = (0..=2u32)
                    .map(|b| Rc::new(run(&VoteConfig { blocked_validators: b, ..c.clone() }, TraceLevel::Summary)))
                    .collect();
                if c.blocked_validators > 2 {
                    self.traces.push(Rc::new(run(c, TraceLevel::Summary)));
                }
                self.steps.clear();
            }
            Kind::Stack => {
                self.traces = vec![Rc::new(run(c, TraceLevel::Spans))];
                self.steps.clear();
            }
        }
        self.index = self.index.min(self.steps.len().saturating_sub(1));
        self.pos = self.index as f64;
    }

    fn cursor_us(&self) -> u64 {
        if !self.kind.is_story() {
            return u64::MAX;
        }
        let Some(t) = self.traces.first() else { return u64::MAX };
        match self.steps.get(self.index) {
            Some(&i) if self.index + 1 < self.steps.len() => t.events[i].at.t_us,
            _ => u64::MAX,
        }
    }

    fn at_end(&self) -> bool {
        self.index + 1 >= self.steps.len()
    }

    fn permalink(&self) -> String {
        let mut extra = Vec::new();
        if self.kind.is_story() && !self.playing && !self.at_end() {
            extra.push(("ev", self.index.to_string()));
        }
        if self.kind == Kind::Stack && self.hit != StackFault::None {
            extra.push(("hit", "1".to_string()));
        }
        vote_search(&self.chapter, &self.id, &self.config, &extra)
    }

    fn write_url(&self) {
        replace_url(&self.permalink());
    }

    fn start_playing(&mut self, ctx: &Context<Self>) {
        if self.at_end() {
            self.index = 0;
            self.pos = 0.0;
        }
        self.playing = true;
        self.last_ts = None;
        let link = ctx.link().clone();
        self.raf = Some(request_animation_frame(move |ts| link.send_message(Msg::Frame(ts))));
    }

    fn pause(&mut self) {
        self.playing = false;
        self.raf = None;
        self.last_ts = None;
    }

    fn status(&self) -> String {
        let Some(t) = self.traces.first() else {
            return String::new();
        };
        match self.steps.get(self.index) {
            Some(&i) => describe_event(&t.events[i]),
            None => String::new(),
        }
    }

    fn snapshot_us(&self) -> u64 {
        self.traces.first().map_or(0, |t| snapshot_us(t))
    }

    fn draw(&self) {
        let Some(wrap) = self.wrap.cast::<HtmlElement>() else {
            return;
        };
        let css_w = f64::from(wrap.client_width()).max(280.0);
        let dpr = super::device_pixel_ratio();
        let prep = |canvas: &HtmlCanvasElement, css_h: f64| {
            super::size_canvas(canvas, css_w, css_h, dpr);
            let _ = canvas.style().set_property("height", &format!("{css_h}px"));
        };
        let Some(canvas) = self.canvas.cast::<HtmlCanvasElement>() else {
            return;
        };
        let Some(trace) = self.traces.first() else { return };
        let result: Result<(), String> = match self.kind {
            Kind::Story | Kind::Fence | Kind::Outer => {
                let view = StoryView {
                    scale: dpr,
                    cursor_us: self.cursor_us(),
                    t_end_us: self.t_end,
                    show_probes: self.kind == Kind::Fence,
                    show_outer: self.kind == Kind::Outer,
                    title: (self.kind == Kind::Outer).then(|| "합류하는 구현 (V2)".to_string()),
                };
                prep(&canvas, story_height_css(&view));
                let mut r = match StateCachingCanvas::new(canvas) {
                    Some(b) => {
                        let root = b.into_drawing_area();
                        let r = draw_story(&root, trace, &view).map_err(|e| format!("{e:?}"));
                        let _ = root.present();
                        r
                    }
                    None => Ok(()),
                };
                if self.kind == Kind::Outer {
                    if let (Some(c2), Some(t2)) = (self.canvas2.cast::<HtmlCanvasElement>(), self.traces.get(1)) {
                        let v2 = StoryView {
                            cursor_us: u64::MAX,
                            t_end_us: story_end_us(t2, max_depth(&t2.config)),
                            title: Some("합류를 거절하는 구현 (V2g)".to_string()),
                            ..view.clone()
                        };
                        prep(&c2, story_height_css(&v2));
                        if let Some(b) = StateCachingCanvas::new(c2) {
                            let root = b.into_drawing_area();
                            r = r.and(draw_story(&root, t2, &v2).map_err(|e| format!("{e:?}")));
                            let _ = root.present();
                        }
                    }
                }
                r
            }
            Kind::Liveness => {
                prep(&canvas, (css_w * 0.55).clamp(260.0, 380.0));
                let chosen = self.config.blocked_validators;
                let series: Vec<LivenessSeries<'_>> = self
                    .traces
                    .iter()
                    .map(|t| LivenessSeries {
                        label: format!("멈춘 노드 {}개", t.config.blocked_validators),
                        trace: t,
                        highlight: t.config.blocked_validators == chosen,
                    })
                    .collect();
                match StateCachingCanvas::new(canvas) {
                    Some(b) => {
                        let root = b.into_drawing_area();
                        let r = draw_liveness(&root, &series, dpr).map_err(|e| format!("{e:?}"));
                        let _ = root.present();
                        r
                    }
                    None => Ok(()),
                }
            }
            Kind::Stack => {
                prep(&canvas, 4.0 * if css_w < 520.0 { 84.0 } else { 64.0 } + 16.0);
                let recs = stack_records(trace, self.snapshot_us());
                match StateCachingCanvas::new(canvas) {
                    Some(b) => {
                        let root = b.into_drawing_area();
                        let r = draw_stack(
                            &root,
                            &recs,
                            self.hit,
                            self.config.device_honours_sync,
                            u64::from(self.config.device_cache_window_ms) * 1000,
                            dpr,
                        )
                        .map_err(|e| format!("{e:?}"));
                        let _ = root.present();
                        r
                    }
                    None => Ok(()),
                }
            }
        };
        if let Err(e) = result {
            gloo::console::error!(format!("figure {} failed to draw: {e}", self.id));
        }
    }

    fn text_alternative(&self) -> String {
        let Some(t) = self.traces.first() else {
            return String::new();
        };
        match self.kind {
            Kind::Story | Kind::Fence => {
                let mut s = describe_story(t);
                if self.kind == Kind::Fence {
                    let d = &t.outcome.diagnostics;
                    s.push_str(&format!(
                        " 상태 조회 {}번 중 {}번 응답, 그중 {}번은 동기화를 기다리며 멈춤(최대 {}). 동기화가 막힌 동안 나간 합의 메시지 {}개.",
                        d.status_probes,
                        d.status_probes_answered,
                        d.status_probes_stalled,
                        fmt_time(d.status_probe_max_latency_us),
                        d.sends_during_blocked_sync
                    ));
                }
                s
            }
            Kind::Outer => {
                let mut s = format!("위 패널 — {}", describe_story(t));
                if let Some(t2) = self.traces.get(1) {
                    let refused = t2.events.iter().any(|e| matches!(e.kind, EventKind::JoinRefused { validator: 0 }));
                    let sends = t2
                        .messages
                        .iter()
                        .filter(|m| m.signer == 0 && m.from == 0 && !m.relayed && m.height == 10 && m.round == 1)
                        .count();
                    s.push_str(&format!(
                        " 아래 패널 — 합류 거절: 저장 호출이 {}, 그 자리의 투표 전송 {}건. {}",
                        if refused { "오류로 끝났고" } else { "거절되지 않았고" },
                        sends,
                        describe_story(t2)
                    ));
                }
                s
            }
            Kind::Liveness => self
                .traces
                .iter()
                .map(|t| {
                    let l = &t.outcome.liveness;
                    let fin = l.txs.iter().filter(|x| x.finalized_at.is_some()).count();
                    format!(
                        "멈춘 노드 {}개: {}초 동안 높이 {}까지 확정, 장애 뒤 제출한 거래 {}건 중 {}건 확정{}.",
                        t.config.blocked_validators,
                        t.config.horizon_ms / 1000,
                        l.max_finalized_height,
                        l.txs.len(),
                        fin,
                        match l.time_to_first_finalization_after_fault_us {
                            Some(us) => format!(", 장애 뒤 첫 확정까지 {}", fmt_time(us)),
                            None => String::new(),
                        }
                    )
                })
                .collect::<Vec<_>>()
                .join(" "),
            Kind::Stack => {
                let recs = stack_records(t, self.snapshot_us());
                let window = u64::from(self.config.device_cache_window_ms) * 1000;
                let count = |l| recs.iter().filter(|r| r.layer == l).count();
                use crate::sim::vote::Layer;
                let alive = recs
                    .iter()
                    .filter(|r| crate::figures::vote::survives(r, self.hit, self.config.device_honours_sync, window))
                    .count();
                format!(
                    "{} 시점 A의 안전 기록: Tx {}개, Committed {}개, OsCache {}개, Disk {}개. {}{}",
                    fmt_time(self.snapshot_us()),
                    count(Layer::Tx),
                    count(Layer::Committed),
                    count(Layer::OsCache),
                    count(Layer::Disk),
                    match self.hit {
                        StackFault::None => "아직 장애 없음.".to_string(),
                        StackFault::Kill => format!("프로세스 종료 뒤 {}개 중 {}개가 남음.", recs.len(), alive),
                        StackFault::Power => format!("전원 차단 뒤 {}개 중 {}개가 남음.", recs.len(), alive),
                    },
                    if self.config.device_honours_sync {
                        ""
                    } else {
                        " 장치가 동기화를 무시하므로 최근 디스크 기록도 잃는다."
                    }
                )
            }
        }
    }
}

impl Component for VoteFigure {
    type Message = Msg;
    type Properties = VoteFigureProps;

    fn create(ctx: &Context<Self>) -> Self {
        let props = ctx.props();
        let kind = Kind::of(&props.id);
        let url = read_url(&props.id);
        let config = url.config.clone().unwrap_or_else(|| kind.default_config());
        let reduced = reduced_motion();
        let mut f = VoteFigure {
            kind,
            id: props.id.to_string(),
            chapter: props.chapter.to_string(),
            config,
            notices: url.notices.clone(),
            traces: Vec::new(),
            stops: Vec::new(),
            t_end: 0,
            steps: Vec::new(),
            index: usize::MAX,
            pos: 0.0,
            playing: false,
            speed_exp: 0.6,
            raf: None,
            last_ts: None,
            hit: if url.hit.is_some() {
                if url.config.as_ref().map(|c| c.fault) == Some(FaultKind::Power) {
                    StackFault::Power
                } else {
                    StackFault::Kill
                }
            } else {
                StackFault::None
            },
            canvas: NodeRef::default(),
            canvas2: NodeRef::default(),
            wrap: NodeRef::default(),
            _resize: None,
            scroll_pending: url.targeted,
        };
        f.recompute();
        match url.ev {
            Some(ev) => {
                f.index = ev.min(f.steps.len().saturating_sub(1));
                f.pos = f.index as f64;
            }
            None if kind.is_story() && !reduced && !url.targeted => {
                f.index = 0;
                f.pos = 0.0;
                f.start_playing(ctx);
            }
            None => {
                f.index = f.steps.len().saturating_sub(1);
                f.pos = f.index as f64;
            }
        }
        let link = ctx.link().clone();
        f._resize = Some(EventListener::new(&gloo::utils::window(), "resize", move |_| link.send_message(Msg::Redraw)));
        f
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        match msg {
            Msg::SetParam(key, value) => {
                let mut parts: Vec<String> = vote_to_query(&self.config)
                    .split('&')
                    .filter(|p| !p.is_empty() && p.split('=').next() != Some(key.as_str()))
                    .map(str::to_string)
                    .collect();
                parts.push(format!("{}={}", percent_encode(&key), percent_encode(&value)));
                let parsed = parse_vote_query(&parts.join("&"));
                self.notices = parsed.notices.iter().map(notice_ko).collect();
                self.config = parsed.value;
                self.recompute();
                if self.kind == Kind::Fence && key == "variant" {
                    // B4: crash right after the variant's last send (where the
                    // uncertain branches can turn into equivocation); no crash
                    // for the variants that never send.
                    let last_send = self.stops.iter().rposition(|n| n.starts_with("SEND")).map(|i| i as u32 + 1);
                    self.config.crash_after_events = last_send;
                    self.config.crash_at_ms = None;
                    self.recompute();
                }
                if self.kind.is_story() && !self.playing {
                    self.index = self.steps.len().saturating_sub(1);
                    self.pos = self.index as f64;
                }
                self.write_url();
            }
            Msg::Reset => {
                self.config = self.kind.default_config();
                self.notices.clear();
                self.hit = StackFault::None;
                self.recompute();
                self.index = self.steps.len().saturating_sub(1);
                self.write_url();
            }
            Msg::Toggle => {
                if self.playing {
                    self.pause();
                    self.write_url();
                } else {
                    self.start_playing(ctx);
                }
            }
            Msg::Step(d) => {
                self.pause();
                let n = self.steps.len();
                let i = if d < 0 {
                    self.index.saturating_sub(d.unsigned_abs() as usize)
                } else {
                    self.index.saturating_add(d as usize)
                };
                self.index = i.min(n.saturating_sub(1));
                self.pos = self.index as f64;
                self.write_url();
            }
            Msg::Scrub(i) => {
                self.pause();
                self.index = i.min(self.steps.len().saturating_sub(1));
                self.pos = self.index as f64;
                self.write_url();
            }
            Msg::Speed(v) => self.speed_exp = v.clamp(-0.5, 2.0),
            Msg::Frame(ts) => {
                if !self.playing {
                    return false;
                }
                let dt = self.last_ts.map(|l| (ts - l).clamp(0.0, 100.0)).unwrap_or(0.0);
                self.last_ts = Some(ts);
                self.pos += dt / 1000.0 * 10f64.powf(self.speed_exp);
                let n = self.steps.len();
                if self.pos as usize + 1 >= n {
                    self.index = n.saturating_sub(1);
                    self.pause();
                    self.write_url();
                    return true;
                }
                self.index = self.pos as usize;
                let link = ctx.link().clone();
                self.raf = Some(request_animation_frame(move |ts| link.send_message(Msg::Frame(ts))));
            }
            Msg::Hit(h) => {
                self.hit = h;
                match h {
                    StackFault::Kill => self.config.fault = FaultKind::Kill,
                    StackFault::Power => self.config.fault = FaultKind::Power,
                    StackFault::None => {}
                }
                self.write_url();
            }
            Msg::Redraw => {}
        }
        true
    }

    fn rendered(&mut self, _ctx: &Context<Self>, _first: bool) {
        self.draw();
        if self.scroll_pending {
            self.scroll_pending = false;
            scroll_to(&self.id);
        }
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let id = self.id.clone();
        let kind = self.kind;
        let desc_id = format!("{id}-desc");
        let on_change = link.callback(|(k, v): (String, String)| Msg::SetParam(k, v));
        let t = self.traces.first();
        let equiv = t.map(|t| t.outcome.equivocations.len()).unwrap_or(0);
        let onkeydown = link.batch_callback(|e: KeyboardEvent| player_key(&e).map(Msg::from));
        html! {
            <figure id={id.clone()} class={classes!("lab-figure", "vote-figure", format!("vote-{}", kind.code().to_ascii_lowercase()))}
                aria-describedby={desc_id.clone()} data-equivocations={equiv.to_string()}
                data-variant={self.config.variant.code()}>
                { if self.notices.is_empty() { html!{} } else { html! {
                    <div class="notice" role="status">{ for self.notices.iter().map(|n| html! { <p>{ n }</p> }) }</div>
                } } }
                { if kind.is_story() { self.view_summary() } else { html!{} } }
                <div class="canvas-wrap" ref={self.wrap.clone()} tabindex={if kind.is_story() { "0" } else { "-1" }}
                     aria-label={format!("그림 {} ({id})", kind.code())}
                     onkeydown={if kind.is_story() { onkeydown } else { Callback::noop() }}>
                    <canvas ref={self.canvas.clone()} role="img" aria-label={format!("{} — 자세한 설명은 그림 아래 글", kind.caption())}></canvas>
                    { if kind == Kind::Outer { html! {
                        <canvas ref={self.canvas2.clone()} class="vote-second" role="img" aria-label="합류를 거절하는 구현의 타임라인 — 자세한 설명은 그림 아래 글"></canvas>
                    } } else { html!{} } }
                </div>
                { if kind.is_story() { self.view_legend() } else { html!{} } }
                <p id={desc_id} class="visually-hidden vote-alt">{ self.text_alternative() }</p>
                <figcaption>{ kind.caption() }</figcaption>
                { if kind.is_story() { self.view_player(ctx) } else { html!{} } }
                { if kind == Kind::Stack { self.view_stack_buttons(ctx) } else { html!{} } }
                <div class="controls">
                    <div class="controls-grid">{ self.view_controls(ctx, &on_change) }</div>
                    <details class="all-settings">
                        <summary>{ "모든 설정" }</summary>
                        <div class="controls-grid">
                            { for VOTE_PARAMS.iter().filter(|p| !self.main_keys().contains(&p.name)).map(|p| html! {
                                <ParamControl prefix={format!("{id}-all")} spec={p} value={vote_value_text(&self.config, p.name).unwrap_or_default()} on_change={on_change.clone()} />
                            }) }
                        </div>
                    </details>
                    <div class="controls-row">
                        <button type="button" class="btn" onclick={link.callback(|_| Msg::Reset)}>{ "초기화" }</button>
                        <a class="btn vote-permalink" href={self.permalink()}>{ "이 상태의 링크" }</a>
                    </div>
                </div>
                { super::export_panel::panel(super::export_panel::PanelData { id: &id, params: vote_to_query(&self.config), permalink: self.permalink(),
                    time_us: (!self.playing && self.cursor_us() != u64::MAX).then(|| self.cursor_us()), window_ms: None, recon: true }) }
            </figure>
        }
    }
}

impl VoteFigure {
    fn main_keys(&self) -> &'static [&'static str] {
        match self.kind {
            Kind::Story => &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
            Kind::Outer => &["outer_end", "crash", "crash_after", "fault"],
            Kind::Fence => &[
                "variant",
                "status_probe_shares_engine_lock",
                "sync_error_true_state",
                "interrupt_during",
                "crash",
                "crash_after",
                "fault",
            ],
            Kind::Liveness => &["blocked_validators"],
            Kind::Stack => &["device_honours_sync", "variant", "profile"],
        }
    }

    fn view_summary(&self) -> Html {
        let Some(t) = self.traces.first() else { return html! {} };
        let o = &t.outcome;
        let (cls, text) = if let Some(e) = o.equivocations.first() {
            (
                "vote-verdict unsafe",
                format!("✗ 이중 투표: B·C·D가 A의 {}와 {} 서명을 모두 쥠", e.v1.label(), e.v2.label()),
            )
        } else if o.fenced.first().map(|f| f.is_some()).unwrap_or(false) {
            ("vote-verdict fenced", "■ 차단: A가 스스로 멈췄고 이중 투표 증거는 없음".to_string())
        } else if let Some(lost) = lost_seen_vote(t) {
            ("vote-verdict fenced", format!("⚠ 아직 이중 투표는 없지만, 네트워크가 본 A의 {lost} 투표 기록이 저장소에서 사라졌음 (재시작하면 막을 근거가 없음)"))
        } else {
            ("vote-verdict safe", "✓ 안전: 이중 투표 증거 없음".to_string())
        };
        let warn = (o.diagnostics.conn_returned_while_pending > 0)
            .then(|| "⚠ 경고: 저장 작업이 남은 DB 연결을 풀에 반납했습니다. 호출자는 \"기록 안 됨\"으로 믿지만 기록은 뒤늦게 생깁니다.".to_string());
        html! {<>
            <p class={cls} role="status">{ text }</p>
            { for warn.map(|w| html! { <p class="vote-verdict fenced">{ w }</p> }) }
        </>}
    }

    fn view_legend(&self) -> Html {
        html! {
            <ul class="legend vote-legend" aria-label="범례">
                <li><span class="sw vsw-stage"></span>{ "처리 단계" }</li>
                <li><span class="sw vsw-send"></span>{ "전송 단계" }</li>
                <li><span class="sw vsw-x"></span>{ "X 기록·투표" }</li>
                <li><span class="sw vsw-y"></span>{ "Y 기록·투표" }</li>
                <li><span class="sw vsw-fence"></span>{ "차단" }</li>
                <li><span class="sw vsw-down"></span>{ "꺼짐" }</li>
                <li><span class="vmk vmk-ok"></span>{ "증거 없음" }</li>
                <li><span class="vmk vmk-bad">{ "!" }</span>{ "이중 투표 증거" }</li>
            </ul>
        }
    }

    fn view_controls(&self, ctx: &Context<Self>, _on_change: &Callback<(String, String)>) -> Html {
        let id = &self.id;
        let link = ctx.link();
        let select = |key: &'static str, label: &str, options: Vec<(String, String)>| -> Html {
            let cur = vote_value_text(&self.config, key).unwrap_or_default();
            let cb = link.callback(move |e: Event| {
                let s: HtmlSelectElement = e.target_unchecked_into();
                Msg::SetParam(key.to_string(), s.value())
            });
            let fid = format!("{id}-{key}");
            html! {
                <div class="ctl ctl-choice">
                    <label for={fid.clone()}><span class="ctl-name">{ label.to_string() }</span></label>
                    <select id={fid} name={key} onchange={cb}>
                        { for options.into_iter().map(|(v, l)| html! { <option value={v.clone()} selected={cur == v}>{ l }</option> }) }
                    </select>
                </div>
            }
        };
        let flag = |key: &'static str, label: &str, inverted: bool| -> Html {
            let cur = vote_value_text(&self.config, key).unwrap_or_default() == "true";
            let cb = link.callback(move |e: Event| {
                let i: HtmlInputElement = e.target_unchecked_into();
                let on = i.checked() != inverted;
                Msg::SetParam(key.to_string(), if on { "true".into() } else { "false".into() })
            });
            let fid = format!("{id}-{key}");
            html! {
                <div class="ctl ctl-flag">
                    <input type="checkbox" id={fid.clone()} name={key} checked={cur != inverted} onchange={cb} />
                    <label for={fid}>{ label.to_string() }</label>
                </div>
            }
        };
        let crash_slider = || -> Html {
            let n = self.stops.len();
            let cur = self.config.crash_after_events;
            let value = cur.unwrap_or(0) as usize;
            let cb = link.callback(|e: InputEvent| {
                let i: HtmlInputElement = e.target_unchecked_into();
                Msg::SetParam("crash_after".into(), i.value())
            });
            let fid = format!("{id}-crash_after");
            let shown = match cur {
                None => "장애 없음".to_string(),
                Some(0) => "0 · 첫 처리 단계 전".to_string(),
                Some(k) => match self.stops.get(k as usize - 1) {
                    Some(name) => format!("{k} · {name} 직후 ({})", event_ko(name)),
                    None => format!("{k} · 마지막 단계 뒤"),
                },
            };
            let list_id = format!("{id}-crash-stops");
            html! {
                <div class="ctl ctl-range vote-crash">
                    <label for={fid.clone()}>
                        <span class="ctl-name">{ "장애 지점 (처리 단계 기준)" }</span>
                        <output for={fid.clone()} class="ctl-value">{ shown }</output>
                    </label>
                    <input type="range" id={fid} name="crash_after" min="0" max={n.to_string()} step="1" list={list_id.clone()}
                        value={value.to_string()} oninput={cb} aria-valuetext={self.stops.get(value.wrapping_sub(1)).cloned().unwrap_or_else(|| "시작 전".into())} />
                    <datalist id={list_id}>{ for (0..=n).map(|k| html! { <option value={k.to_string()}></option> }) }</datalist>
                </div>
            }
        };
        let variants = |vs: Vec<Variant>| -> Vec<(String, String)> {
            vs.into_iter().map(|v| (v.code().to_string(), format!("{} ({})", variant_ko(v), v.code()))).collect()
        };
        let faults = || -> Vec<(String, String)> {
            FaultKind::ALL.iter().map(|f| (f.key().to_string(), fault_ko(*f).to_string())).collect()
        };
        let profiles = || -> Vec<(String, String)> {
            StoreProfile::ALL.iter().map(|p| (p.key().to_string(), profile_ko(*p).to_string())).collect()
        };
        match self.kind {
            Kind::Story => html! {<>
                { select("variant", "순서 선택", variants(Variant::ALL.to_vec())) }
                { crash_slider() }
                { select("fault", "장애 종류", faults()) }
                { select("conflict_source", "충돌 출처", ConflictSource::ALL.iter().map(|c| (c.key().to_string(), conflict_ko(*c).to_string())).collect()) }
                { select("profile", "저장소 설정", profiles()) }
                { flag("device_honours_sync", "장치가 동기화를 무시", true) }
            </>},
            Kind::Outer => html! {<>
                { select("outer_end", "바깥 트랜잭션의 결과", vec![("rollback".into(), "롤백".into()), ("commit".into(), "커밋".into())]) }
                { select("crash", "장애", vec![("none".into(), "넣지 않음".into()), ("after_events".into(), "처리 단계 뒤에 넣음".into())]) }
                { if self.config.crash_after_events.is_some() { crash_slider() } else { html!{} } }
                { select("fault", "장애 종류", faults()) }
            </>},
            Kind::Fence => html! {<>
                { select("variant", "처리 방식", variants(self.kind.variants())) }
                { flag("status_probe_shares_engine_lock", "상태 조회가 엔진 잠금을 공유", false) }
                { select("sync_error_true_state", "동기화 오류 뒤 진짜 저장 상태", vec![("dropped".into(), "유실".into()), ("os_cache".into(), "OS 캐시".into()), ("disk".into(), "디스크".into())]) }
                { select("interrupt_during", "중단 요청 시점", vec![("auto".into(), "변형의 기본값".into()), ("commit".into(), "커밋 중".into()), ("drain".into(), "저장 큐 비우기 중".into()), ("fsync".into(), "파일 동기화 중".into())]) }
                { select("crash", "장애", vec![("none".into(), "넣지 않음".into()), ("after_events".into(), "처리 단계 뒤에 넣음".into())]) }
                { if self.config.crash_after_events.is_some() { crash_slider() } else { html!{} } }
                { select("fault", "장애 종류", faults()) }
            </>},
            Kind::Liveness => {
                let spec = vote_param("blocked_validators");
                let (min, max) = spec.map(|s| (s.min, s.max)).unwrap_or((0, 3));
                let cb = link.callback(|e: InputEvent| {
                    let i: HtmlInputElement = e.target_unchecked_into();
                    Msg::SetParam("blocked_validators".into(), i.value())
                });
                let fid = format!("{id}-blocked_validators");
                let b = self.config.blocked_validators;
                html! {
                    <div class="ctl ctl-range">
                        <label for={fid.clone()}>
                            <span class="ctl-name">{ "멈춘 노드 수" }</span>
                            <output for={fid.clone()} class="ctl-value">{ format!("{b}개{}", if b >= 2 { " (정족수 미달)" } else { "" }) }</output>
                        </label>
                        <input type="range" id={fid} name="blocked_validators" min={min.to_string()} max={max.to_string()} step="1" value={b.to_string()} oninput={cb} />
                    </div>
                }
            }
            Kind::Stack => html! {<>
                { flag("device_honours_sync", "장치가 동기화를 무시", true) }
                { select("variant", "순서", variants(Variant::ALL.to_vec())) }
                { select("profile", "저장소 설정", profiles()) }
            </>},
        }
    }

    fn view_stack_buttons(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let pressed = |h: StackFault| if self.hit == h { "true" } else { "false" };
        html! {
            <div class="player-buttons vote-stack-buttons" role="group" aria-label="장애 고르기">
                <button type="button" class="btn" aria-pressed={pressed(StackFault::None)} onclick={link.callback(|_| Msg::Hit(StackFault::None))}>{ "장애 전" }</button>
                <button type="button" class="btn btn-warn" aria-pressed={pressed(StackFault::Kill)} onclick={link.callback(|_| Msg::Hit(StackFault::Kill))}>{ "프로세스 종료" }</button>
                <button type="button" class="btn btn-warn" aria-pressed={pressed(StackFault::Power)} onclick={link.callback(|_| Msg::Hit(StackFault::Power))}>{ "전원 차단" }</button>
            </div>
        }
    }

    fn view_player(&self, ctx: &Context<Self>) -> Html {
        let link = ctx.link();
        let id = &self.id;
        let n = self.steps.len();
        let speed = 10f64.powf(self.speed_exp);
        let onkeydown = link.batch_callback(|e: KeyboardEvent| player_key(&e).map(Msg::from));
        let scrub = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Scrub(i.value().parse().unwrap_or(0))
        });
        let speed_cb = link.callback(|e: InputEvent| {
            let i: HtmlInputElement = e.target_unchecked_into();
            Msg::Speed(i.value().parse().unwrap_or(0.6))
        });
        let cursor = self.cursor_us();
        let at = if cursor == u64::MAX { "끝".to_string() } else { fmt_time(cursor) };
        html! {
            <div class="player" role="group" aria-label="타임라인 재생기 (스페이스: 재생/정지, ←/→: 한 사건씩)" {onkeydown}>
                <div class="player-buttons">
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Step(-1))} aria-label="한 사건 뒤로">{ "◀ 한 사건" }</button>
                    <button type="button" class="btn btn-primary play" onclick={link.callback(|_| Msg::Toggle)} aria-pressed={if self.playing { "true" } else { "false" }}>
                        { if self.playing { "❚❚ 일시정지" } else { "▶ 재생" } }
                    </button>
                    <button type="button" class="btn" onclick={link.callback(|_| Msg::Step(1))} aria-label="한 사건 앞으로">{ "한 사건 ▶" }</button>
                </div>
                <div class="player-sliders">
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-scrub")}>
                            <span class="ctl-name">{ "위치" }</span>
                            <output class="ctl-value">{ format!("{at} · 사건 {}/{}", (self.index + 1).min(n), n) }</output>
                        </label>
                        <input type="range" id={format!("{id}-scrub")} class="scrub" min="0" max={n.saturating_sub(1).to_string()} step="1" value={self.index.to_string()} oninput={scrub} />
                    </div>
                    <div class="ctl ctl-range">
                        <label for={format!("{id}-speed")}>
                            <span class="ctl-name">{ "속도 (로그 눈금)" }</span>
                            <output class="ctl-value">{ format!("초당 사건 {:.1}개", speed) }</output>
                        </label>
                        <input type="range" id={format!("{id}-speed")} min="-0.5" max="2" step="0.1" value={format!("{:.1}", self.speed_exp)} oninput={speed_cb} />
                    </div>
                </div>
                <p class="player-status" aria-live={if self.playing { "off" } else { "polite" }}>{ self.status() }</p>
            </div>
        }
    }
}
