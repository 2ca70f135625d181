//! Figure A10 `break-it`: the reader is the adversary of
//! `lab_check`'s small world. Built by the lazily loaded `check` module
//! (`src/bin/check.rs`) into the figure's mount element, with plain web-sys
//! DOM calls and no Yew, so the module stays small and out of the first load.
//!
//! Immediate mode: the figure's state (`Figure`: the reader's
//! `lab_check::session::Session`, the notices the address gave, the
//! checker's smallest schedule being told as a story, whether the verdict
//! was asked for) changes only through a [`Msg`]; after each change the
//! figure's inner DOM is built again (`view`), the listeners of the draw
//! before are dropped, and the focus goes back to the control with the same
//! `data-key`, so a keyboard reader keeps their place. A live region outside
//! the rebuilt part says each step's sentence as it happens.
//!
//! Every change of the reader's schedule rewrites the address bar with the
//! session's permalink (`Session::address`), so a failure can be shared.
//! The checker's verdict (`Session::verdict`, every state of the world) is
//! computed only when the reader asks for it, on the main thread, timed with
//! `performance.now()` (the figure's `data-verdict-ms`).
//!
//! Keyboard, while the focus is inside the figure: 1, 2, 3 move that thread,
//! s stalls the holder (or stops the process), p, k, r the process stop, the
//! lock server's death and its restart, z or Backspace undoes.

mod dom;
mod timeline;
mod view;
mod words;

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use gloo::events::{EventListener, EventListenerOptions};
use gloo::timers::callback::Interval;
use lab_check::explore::{play, Property, Taken};
use lab_check::session::Session;
use lab_check::world::Step;
use lab_check::Report;
use wasm_bindgen::JsCast;
use web_sys::Element;

use dom::{append, set, Builder};

/// The chapter the figure lives in, when the address does not say.
const CHAPTER: &str = "a8-break-it";
/// A story's step while it plays (ms).
const STORY_STEP_MS: u32 = 1_500;

/// What the reader (or the story's clock) did.
#[derive(Clone, Debug)]
pub enum Msg {
    /// A variant's `--variant` word from the select.
    Variant(String),
    Threads(u8),
    Take(Step),
    Undo,
    Reset,
    /// The verdict button: the checker's answer for this world.
    Verdict,
    /// Opens the checker's smallest schedule as a story.
    OpenStory,
    CloseStory,
    StoryNext,
    /// Plays or pauses the story.
    StoryPlay,
    StoryRestart,
    /// The story's clock.
    Tick,
    /// A key pressed inside the figure (its `KeyboardEvent.key`).
    Key(String),
}

/// The checker's smallest schedule, told step by step.
pub(crate) struct Story {
    /// The property it is the smallest for (`None`: the smallest of all).
    pub property: Option<Property>,
    pub taken: Vec<Taken>,
    /// Steps told so far.
    pub shown: usize,
}

/// One mounted figure.
pub(crate) struct Figure {
    root: Element,
    /// The rebuilt part.
    body: Element,
    /// The live region that says each step (kept across draws).
    live: Element,
    chapter: String,
    pub session: Session,
    /// What the address asked that was clamped or ignored (until the reader's first change).
    pub notices: Vec<String>,
    /// The checker's verdict on this world, once the reader asked for it.
    pub report: Option<Report>,
    /// The verdict is shown (until the reader starts over or changes the world).
    pub verdict_open: bool,
    pub story: Option<Story>,
    playing: Option<Interval>,
    pub reduced_motion: bool,
    send: Rc<dyn Fn(Msg)>,
    listeners: Vec<EventListener>,
    /// The draw before's listeners, dropped at the next draw (never while one of them runs).
    stale: Vec<EventListener>,
    _keys: Option<EventListener>,
}

thread_local! {
    static MOUNTED: RefCell<Vec<Rc<RefCell<Figure>>>> = const { RefCell::new(Vec::new()) };
}

/// Builds the figure into `container` from the page's address `search`
/// (its `check=`, `threads=` and `sched=`); a figure mounted before into
/// the same container, or into one no longer in the page, is dropped.
pub fn mount(container: Element, search: &str) {
    unmount(&container);
    let (session, notices) = Session::from_address(search);
    let notices: Vec<String> = notices.iter().map(words::notice).collect();
    let chapter = chapter_of(search);
    container.set_text_content(None);
    let body = gloo::utils::document().create_element("div").expect("a div");
    let live = gloo::utils::document().create_element("p").expect("a p");
    live.set_class_name("visually-hidden");
    // The figure's description (web::break_it_mount: aria-describedby), as
    // B2-1's said line is: how to play, then each step as it happens.
    live.set_id("break-it-said");
    live.set_text_content(Some(words::b().how));
    set(&live, "aria-live", "polite");
    set(&live, "role", "status");
    append(&container, &[&body, &live]);
    set(&container, "tabindex", "-1");
    let fig = Rc::new_cyclic(|weak: &Weak<RefCell<Figure>>| {
        let send = sender(weak.clone());
        let keys = {
            let send = send.clone();
            let options = EventListenerOptions::enable_prevent_default();
            EventListener::new_with_options(&container, "keydown", options, move |e| {
                if let Some(key) = shortcut(e) {
                    e.prevent_default();
                    send(Msg::Key(key));
                }
            })
        };
        RefCell::new(Figure {
            root: container.clone(),
            body,
            live,
            chapter,
            session,
            notices,
            report: None,
            verdict_open: false,
            story: None,
            playing: None,
            reduced_motion: crate::web::reduced_motion(),
            send,
            listeners: Vec::new(),
            stale: Vec::new(),
            _keys: Some(keys),
        })
    });
    render(&fig);
    MOUNTED.with(|m| m.borrow_mut().push(fig));
}

/// Drops the figure mounted into `container` (its listeners and story clock),
/// and any whose container has left the page.
pub fn unmount(container: &Element) {
    let gone: Vec<_> = MOUNTED.with(|m| {
        let mut m = m.borrow_mut();
        let (gone, kept) = std::mem::take(&mut *m)
            .into_iter()
            .partition(|f| f.try_borrow().is_ok_and(|f| &f.root == container || !f.root.is_connected()));
        *m = kept;
        gone
    });
    drop(gone);
}

/// The chapter of the address `search` (`ch=`), else the figure's own.
fn chapter_of(search: &str) -> String {
    search
        .trim_start_matches('?')
        .split('&')
        .filter_map(|kv| kv.split_once('='))
        .filter(|(k, v)| *k == "ch" && !v.is_empty() && v.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-'))
        .map(|(_, v)| v.to_string())
        .next_back()
        .unwrap_or_else(|| CHAPTER.to_string())
}

/// The figure's keyboard shortcut in `e`, if it is one (not typed into the select, no modifier).
fn shortcut(e: &web_sys::Event) -> Option<String> {
    let e = e.dyn_ref::<web_sys::KeyboardEvent>()?;
    if e.ctrl_key() || e.meta_key() || e.alt_key() || e.repeat() {
        return None;
    }
    let target = e.target().and_then(|t| t.dyn_into::<Element>().ok());
    if target.is_some_and(|t| t.tag_name() == "SELECT") {
        return None;
    }
    let key = e.key();
    matches!(key.as_str(), "1" | "2" | "3" | "s" | "p" | "k" | "r" | "z" | "Backspace").then_some(key)
}

fn sender(weak: Weak<RefCell<Figure>>) -> Rc<dyn Fn(Msg)> {
    Rc::new(move |msg| {
        let Some(fig) = weak.upgrade() else { return };
        let changed = match fig.try_borrow_mut() {
            Ok(mut f) => f.update(msg),
            Err(_) => false,
        };
        if changed {
            render(&fig);
        }
    })
}

impl Figure {
    /// Applies `msg`; whether the figure must be drawn again.
    fn update(&mut self, msg: Msg) -> bool {
        match msg {
            Msg::Variant(key) => {
                let Some(s) = lab_check::SCENARIOS.iter().find(|s| s.key == key) else { return false };
                let threads = self.session.world().threads;
                self.session = Session::new(s, threads);
                self.report = None;
                self.verdict_open = false;
                self.schedule_changed(None);
            }
            Msg::Threads(n) => {
                if n == self.session.world().threads {
                    return false;
                }
                self.session = Session::new(self.session.scenario(), n);
                self.report = None;
                self.verdict_open = false;
                self.schedule_changed(None);
            }
            Msg::Take(step) => {
                let before = self.first_broken();
                if !self.session.take(step) {
                    let choice = self.session.choices().into_iter().find(|c| c.step == step);
                    let why = choice.and_then(|c| words::why_not(&self.session, &c));
                    self.say(&why.unwrap_or_default());
                    return false;
                }
                let mut said = view::step_sentence(&self.session, self.session.taken().len() - 1);
                if let (None, Some((p, _))) = (before, self.first_broken()) {
                    said = format!("{said} {}", lab_words::check::broke_headline(words::all(), p));
                }
                self.schedule_changed(Some(said));
            }
            Msg::Undo => {
                if !self.session.undo() {
                    return false;
                }
                self.schedule_changed(None);
            }
            Msg::Reset => {
                self.session.reset();
                self.verdict_open = false;
                self.schedule_changed(None);
            }
            Msg::Verdict => {
                self.verdict();
                self.verdict_open = true;
                let said = self.report.as_ref().map(view::verdict_line).unwrap_or_default();
                self.say(&said);
            }
            Msg::OpenStory => {
                self.verdict();
                let property = self.first_broken().map(|(p, _)| p);
                let report = self.report.as_ref().expect("just computed");
                let schedule = match property {
                    Some(p) => report.schedules.iter().find(|s| s.breaks.contains(&p)),
                    None => report.schedules.first(),
                };
                let Some(schedule) = schedule else { return false };
                let steps: Vec<Step> = schedule.steps.iter().map(|s| s.step).collect();
                let Some(taken) = play(self.session.world(), &steps) else { return false };
                self.say(&words::smallest_heading(taken.len()));
                self.story = Some(Story { property, taken, shown: 0 });
            }
            Msg::CloseStory => {
                self.playing = None;
                self.story = None;
            }
            Msg::Tick if !self.root.is_connected() => {
                // The figure has left the page: its story stops.
                self.playing = None;
                return false;
            }
            Msg::StoryNext | Msg::Tick => {
                let Some(story) = self.story.as_mut() else { return false };
                if story.shown < story.taken.len() {
                    story.shown += 1;
                    let said = view::story_line(&self.session, story, story.shown - 1);
                    self.say(&said);
                }
                if self.story.as_ref().is_none_or(|s| s.shown >= s.taken.len()) {
                    self.playing = None;
                }
            }
            Msg::StoryPlay => {
                if self.playing.take().is_none() {
                    let Some(story) = self.story.as_mut() else { return false };
                    if story.shown >= story.taken.len() {
                        story.shown = 0;
                    }
                    let send = self.send.clone();
                    self.playing = Some(Interval::new(STORY_STEP_MS, move || send(Msg::Tick)));
                }
            }
            Msg::StoryRestart => {
                self.playing = None;
                let Some(story) = self.story.as_mut() else { return false };
                story.shown = 0;
            }
            Msg::Key(key) => return self.key(&key),
        }
        true
    }

    /// A shortcut: the step it names, if the variant has it.
    fn key(&mut self, key: &str) -> bool {
        let step = match key {
            "1" | "2" | "3" => Step::Thread(key.as_bytes()[0] - b'1'),
            "s" => {
                let has = |s: Step| self.session.choices().iter().any(|c| c.step == s && c.enabled);
                if has(Step::ProcessStop) && !has(Step::Stall) {
                    Step::ProcessStop
                } else {
                    Step::Stall
                }
            }
            "p" => Step::ProcessStop,
            "k" => Step::Kill,
            "r" => Step::Restart,
            _ => return self.update(Msg::Undo),
        };
        if !self.session.choices().iter().any(|c| c.step == step) {
            return false;
        }
        self.update(Msg::Take(step))
    }

    /// The property that broke first in the reader's schedule, and the step (1-based).
    pub fn first_broken(&self) -> Option<(Property, usize)> {
        self.session.properties().into_iter().filter_map(|(p, at)| at.map(|n| (p, n))).min_by_key(|&(_, n)| n)
    }

    /// Asks the checker for its verdict on this world (every state, on the
    /// main thread), timed: the figure's `data-verdict-ms` and `-states`.
    fn verdict(&mut self) {
        if self.report.is_some() {
            return;
        }
        let start = crate::web::now_ms();
        let report = self.session.verdict().clone();
        let ms = crate::web::now_ms() - start;
        set(&self.root, "data-verdict-ms", &format!("{ms:.1}"));
        set(&self.root, "data-verdict-states", &report.states.to_string());
        self.report = Some(report);
    }

    /// After a change of the reader's schedule: the story closes, the notices
    /// go, the address bar holds the new schedule, and `said` is announced.
    fn schedule_changed(&mut self, said: Option<String>) {
        self.story = None;
        self.playing = None;
        self.notices.clear();
        crate::web::url::replace_url(&self.session.address(&self.chapter));
        self.say(&said.unwrap_or_default());
    }

    /// Whether the story is playing.
    pub fn is_playing(&self) -> bool {
        self.playing.is_some()
    }

    fn say(&self, words: &str) {
        self.live.set_text_content(Some(words));
    }
}

/// Draws the figure again and puts the focus back where it was.
fn render(fig: &Rc<RefCell<Figure>>) {
    let Ok(mut f) = fig.try_borrow_mut() else { return };
    let active = gloo::utils::document().active_element();
    let inside = active.as_ref().is_some_and(|a| f.root.contains(Some(a)));
    let key = active.as_ref().and_then(|a| dom::key_inside(&f.root, a));
    let mut b = Builder::new(f.send.clone());
    let body = view::body(&mut b, &f);
    let _ = f.body.replace_with_with_node_1(&body);
    f.body = body;
    f.stale = std::mem::replace(&mut f.listeners, b.listeners);
    // The newest step in view: each strip scrolled to its end.
    if let Ok(strips) = f.body.query_selector_all(".bi-scroll") {
        for i in 0..strips.length() {
            if let Some(el) = strips.item(i).and_then(|n| n.dyn_into::<Element>().ok()) {
                el.set_scroll_left(el.scroll_width());
            }
        }
    }
    if inside {
        // The same control, else the one that took its place (the story's
        // first button for the one that opened it, the opener for the closer).
        let next: &[&str] = match key.as_deref() {
            Some("story-open") => &["story-next"],
            Some("story-close" | "verdict") => &["story-open"],
            _ => &[],
        };
        let found = key
            .iter()
            .map(String::as_str)
            .chain(next.iter().copied())
            .any(|k| dom::focus(&f.body, &format!("[data-key=\"{k}\"]")));
        if !found && !dom::focus(&f.body, "button.bi-move:not([aria-disabled=true])") {
            let _ = f.root.dyn_ref::<web_sys::HtmlElement>().map(|r| r.focus());
        }
    }
}
