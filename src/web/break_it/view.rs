//! The figure's DOM, built again from its state at each change, top to
//! bottom in lesson order: the variant and the threads; the lanes (each
//! thread's state and its next statement, the servers' shared state, the
//! adversary's steps, undo and start over); the timeline and the schedule in
//! words; the properties; when one fell, the banner and the checker's
//! smallest schedule as a story; when the reader has tried without breaking
//! anything, the checker's verdict on request.
//!
//! The lanes' buttons are the figure itself, not settings (`mark-layer`, as
//! issue 38's count reads a grid of marks). A button that cannot be pressed
//! now stays focusable (`aria-disabled`, its reason as its title and, for a
//! thread, as visible text), so the keyboard reader's place is never lost.

use lab_check::explore::Property;
use lab_check::session::{self, Session};
use lab_check::world::{Pc, Step};
use lab_check::{Report, Verdict};
use wasm_bindgen::JsCast;
use web_sys::Element;

use super::dom::{append, set, Builder};
use super::{timeline, words, Figure, Msg, Story};

/// The reader has tried enough to ask the checker (a finished run, or this many steps).
const TRIED_STEPS: usize = 8;

/// The sentence of the reader's step `i` (0-based).
pub fn step_sentence(session: &Session, i: usize) -> String {
    let t = &session.taken()[i];
    lab_words::check::action(words::all(), &t.action, actor(t.step), session.world().amount_won)
}

/// The sentence of the story's step `i` (0-based).
pub fn story_sentence(session: &Session, story: &Story, i: usize) -> String {
    let t = &story.taken[i];
    lab_words::check::action(words::all(), &t.action, actor(t.step), session.world().amount_won)
}

/// The same, numbered (where it stands alone: the story's line, the live region).
pub fn story_line(session: &Session, story: &Story, i: usize) -> String {
    format!("{}. {}", i + 1, story_sentence(session, story, i))
}

fn actor(step: Step) -> Option<u8> {
    match step {
        Step::Thread(i) => Some(i),
        _ => None,
    }
}

/// The figure's rebuilt part.
pub fn body(b: &mut Builder, f: &Figure) -> Element {
    let body = b.el("div", "bi-body");
    if !f.notices.is_empty() {
        let notice = b.el("div", "notice bi-notice");
        set(&notice, "role", "status");
        for n in &f.notices {
            append(&notice, &[&b.text("p", "", n)]);
        }
        append(&body, &[&notice]);
    }
    append(&body, &[&controls(b, &f.session), &lanes(b, &f.session)]);
    let s = &f.session;
    let broken = f.first_broken();
    // A property fell: said right under the lanes, where the reader's eyes
    // are, and the checker's smallest schedule opens there.
    if let Some((p, _)) = broken {
        append(&body, &[&banner(b, f, p)]);
        if let Some(story) = &f.story {
            append(&body, &[&story_view(b, f, story)]);
        }
    }
    if !s.taken().is_empty() {
        let strip =
            timeline::draw(b, "strip", s.world().threads, s.world().amount_won, s.taken(), broken.map(|(_, n)| n));
        let legend = timeline::legend(b, s.taken(), broken.map(|(_, n)| n));
        append(&body, &[&strip, &legend, &schedule(b, s)]);
    }
    append(&body, &[&properties(b, s)]);
    if broken.is_none() {
        if f.verdict_open && f.report.is_some() {
            append(&body, &[&verdict(b, f)]);
            if let Some(story) = &f.story {
                append(&body, &[&story_view(b, f, story)]);
            }
        } else if s.over() || s.stuck() || s.taken().len() >= TRIED_STEPS {
            append(&body, &[&b.button("verdict", "btn bi-ask", words::b().verdict_button, Msg::Verdict)]);
        }
    }
    body
}

/// The variant select and the threads pair.
fn controls(b: &mut Builder, s: &Session) -> Element {
    let row = b.el("div", "bi-controls");
    let label = b.el("label", "bi-variant");
    let select = b.el("select", "");
    set(&select, "data-key", "variant");
    for sc in &lab_check::SCENARIOS {
        let option = b.text("option", "", lab_words::catalogue::preset_name(words::all(), sc.preset));
        set(&option, "value", sc.key);
        if sc.key == s.scenario().key {
            set(&option, "selected", "");
        }
        append(&select, &[&option]);
    }
    b.on(&select, "change", |e| {
        let select = e.target()?.dyn_into::<web_sys::HtmlSelectElement>().ok()?;
        Some(Msg::Variant(select.value()))
    });
    append(&label, &[&b.text("span", "bi-variant-name", words::b().variant), &select]);

    let threads = b.el("fieldset", "choice bi-threads");
    append(&threads, &[&b.text("legend", "", words::b().threads)]);
    let (low, high) = lab_check::scenario::THREADS_RANGE;
    for n in low..=high {
        let label = b.el("label", "");
        let radio = b.el("input", "");
        set(&radio, "type", "radio");
        set(&radio, "name", "bi-threads");
        set(&radio, "value", &n.to_string());
        set(&radio, "data-key", &format!("threads-{n}"));
        if n == s.world().threads {
            set(&radio, "checked", "");
        }
        b.on_msg(&radio, "change", Msg::Threads(n));
        append(&label, &[&radio, &b.text("span", "", &words::threads_choice(n))]);
        append(&threads, &[&label]);
    }
    append(&row, &[&label, &threads]);
    row
}

/// A step's button: pressable or not (`aria-disabled`, its reason as its title).
fn step_button(b: &mut Builder, key: &str, class: &str, s: &Session, c: &session::Choice) -> Element {
    let button = b.button(key, class, &words::choice_label(s, c), Msg::Take(c.step));
    if let Some(why) = words::why_not(s, c) {
        set(&button, "aria-disabled", "true");
        set(&button, "title", &why);
    }
    button
}

fn step_key(step: Step) -> String {
    match step {
        Step::Thread(i) => format!("t{i}"),
        Step::Stall => "adv-stall".into(),
        Step::ProcessStop => "adv-stop".into(),
        Step::Kill => "adv-kill".into(),
        Step::Restart => "adv-restart".into(),
    }
}

/// Each thread's lane, the servers, the adversary's steps, undo and start over.
fn lanes(b: &mut Builder, s: &Session) -> Element {
    let lanes = b.el("div", "bi-lanes mark-layer");
    set(&lanes, "role", "group");
    set(&lanes, "aria-label", words::b().lanes);
    let choices = s.choices();
    let state = s.state();
    for i in 0..s.world().threads {
        let lane = b.el("div", "bi-lane");
        let who = b.text("span", "bi-who", &words::thread(i));
        let status = b.text("span", "bi-status", &words::thread_status(s, i));
        append(&lane, &[&who, &status]);
        let done = state.threads[usize::from(i)].pc == Pc::Done;
        if let Some(c) = choices.iter().find(|c| c.step == Step::Thread(i) && !done) {
            let button = step_button(b, &step_key(c.step), "btn bi-move", s, c);
            append(&lane, &[&button]);
            if let Some(why) = words::why_not(s, c) {
                append(&lane, &[&b.text("span", "bi-why", &why)]);
            }
        }
        append(&lanes, &[&lane]);
    }
    let servers = b.el("dl", "bi-servers");
    for (name, value) in words::servers(s) {
        let row = b.el("div", "");
        append(&row, &[&b.text("dt", "", name), &b.text("dd", "", &value)]);
        append(&servers, &[&row]);
    }
    append(&lanes, &[&servers]);
    let adversary: Vec<_> = choices.iter().filter(|c| !matches!(c.step, Step::Thread(_))).collect();
    if !adversary.is_empty() {
        let row = b.el("div", "bi-adversary");
        set(&row, "role", "group");
        set(&row, "aria-label", words::b().adversary);
        for c in adversary {
            let button = step_button(b, &step_key(c.step), "btn bi-adv-button", s, c);
            append(&row, &[&button]);
        }
        append(&lanes, &[&row]);
    }
    if s.taken().is_empty() {
        append(&lanes, &[&b.text("p", "bi-how", words::b().how)]);
    } else {
        let row = b.el("div", "bi-edit");
        let undo = b.button("undo", "btn", words::b().undo, Msg::Undo);
        let reset = b.button("reset", "btn", words::b().reset, Msg::Reset);
        append(&row, &[&undo, &reset]);
        if s.over() || s.stuck() {
            append(&row, &[&b.text("span", "bi-end", if s.over() { words::b().over } else { words::b().stuck })]);
        }
        append(&lanes, &[&row]);
    }
    lanes
}

/// The schedule in words: one sentence per step (the timeline's text alternative).
fn schedule(b: &mut Builder, s: &Session) -> Element {
    let wrap = b.el("div", "bi-schedule");
    append(&wrap, &[&b.text("p", "bi-head", words::b().schedule)]);
    let list = b.el("ol", "");
    let last = s.taken().len().saturating_sub(1);
    for i in 0..s.taken().len() {
        let li = b.text("li", if i == last { "bi-latest" } else { "" }, &step_sentence(s, i));
        append(&list, &[&li]);
    }
    append(&wrap, &[&list]);
    wrap
}

/// Each applicable property: kept or broken since step n, and its rule.
fn properties(b: &mut Builder, s: &Session) -> Element {
    let wrap = b.el("div", "bi-props");
    append(&wrap, &[&b.text("p", "bi-head", words::b().properties)]);
    let list = b.el("ul", "");
    for (p, at) in s.properties() {
        let li = b.el("li", if at.is_some() { "bi-prop bi-prop-broken" } else { "bi-prop" });
        let mark = match at {
            Some(n) => words::broken_since(n),
            None => words::b().holds.to_string(),
        };
        append(
            &li,
            &[
                &b.text("span", "bi-prop-mark", &mark),
                &b.text("span", "bi-prop-name", lab_words::check::property(words::all(), p)),
                &b.text("span", "bi-prop-rule", lab_words::check::property_rule(words::all(), p)),
            ],
        );
        append(&list, &[&li]);
    }
    append(&wrap, &[&list]);
    wrap
}

/// A property fell: the headline, the reader's length, the way to the checker's smallest.
fn banner(b: &mut Builder, f: &Figure, p: Property) -> Element {
    // Said once by the figure's live region when it happened (a status role
    // here would speak again at each redraw).
    let banner = b.el("div", "bi-banner");
    append(
        &banner,
        &[
            &b.text("p", "bi-headline", lab_words::check::broke_headline(words::all(), p)),
            &b.text("p", "", &words::yours(f.session.taken().len())),
        ],
    );
    if f.story.is_none() {
        append(&banner, &[&b.button("story-open", "btn btn-primary", words::b().smallest_button, Msg::OpenStory)]);
    }
    banner
}

/// The checker's verdict, asked for after the reader tried and broke nothing.
fn verdict(b: &mut Builder, f: &Figure) -> Element {
    let report: &Report = f.report.as_ref().expect("asked for");
    let wrap = b.el("div", "bi-verdict");
    let class = if report.verdict == Verdict::Safe { "bi-headline bi-safe" } else { "bi-headline" };
    append(&wrap, &[&b.text("p", class, &verdict_line(report))]);
    append(&wrap, &[&b.text("p", "bi-assumptions", words::all().check.report.assumptions)]);
    if report.verdict == Verdict::Unsafe && f.story.is_none() {
        append(&wrap, &[&b.button("story-open", "btn btn-primary", words::b().smallest_button, Msg::OpenStory)]);
    }
    wrap
}

/// The checker's verdict in one sentence.
pub fn verdict_line(report: &Report) -> String {
    match (report.verdict, report.smallest) {
        (Verdict::Unsafe, Some(n)) => words::unsafe_verdict(report.states, n),
        (Verdict::Safe, _) => lab_words::check::safe_verdict(words::all(), report.states),
        (v, _) => lab_words::check::report::verdict(words::all(), v).to_string(),
    }
}

/// The checker's smallest schedule, told one step per sentence.
fn story_view(b: &mut Builder, f: &Figure, story: &Story) -> Element {
    let s = &f.session;
    let total = story.taken.len();
    let wrap = b.el("section", "bi-story");
    set(&wrap, "aria-label", &words::smallest_heading(total));
    append(&wrap, &[&b.text("p", "bi-head", &words::smallest_heading(total))]);
    if let (Some(_), Some((_, _))) = (story.property, f.first_broken()) {
        append(&wrap, &[&b.text("p", "bi-compare", &words::compare(s.taken().len(), total))]);
    }
    let bar = b.el("div", "bi-story-bar");
    let next = b.button("story-next", "btn btn-primary", words::b().story_next, Msg::StoryNext);
    if story.shown >= total {
        set(&next, "aria-disabled", "true");
    }
    append(&bar, &[&next]);
    if !f.reduced_motion {
        let playing = f.is_playing();
        let play = b.button(
            "story-play",
            "btn",
            if playing { words::b().story_pause } else { words::b().story_play },
            Msg::StoryPlay,
        );
        set(&play, "aria-pressed", if playing { "true" } else { "false" });
        append(&bar, &[&play]);
    }
    append(&bar, &[&b.button("story-restart", "btn", words::b().story_restart, Msg::StoryRestart)]);
    append(&bar, &[&b.text("span", "bi-story-pos", &words::story_position(story.shown, total))]);
    append(&bar, &[&b.button("story-close", "btn bi-close", words::b().story_close, Msg::CloseStory)]);
    append(&wrap, &[&bar]);
    let now = if story.shown == 0 { words::b().story_start.to_string() } else { story_line(s, story, story.shown - 1) };
    append(&wrap, &[&b.text("p", "bi-story-now", &now)]);
    if story.shown > 0 {
        let shown = &story.taken[..story.shown];
        let broke = shown
            .iter()
            .position(|t| Property::ALL.iter().any(|p| p.applies(s.world()) && p.broken(s.world(), &t.after)));
        let strip =
            timeline::draw(b, "story-strip", s.world().threads, s.world().amount_won, shown, broke.map(|i| i + 1));
        let legend = timeline::legend(b, shown, broke.map(|i| i + 1));
        let list = b.el("ol", "bi-story-list");
        for i in 0..story.shown {
            let li = b.text("li", if i + 1 == story.shown { "bi-latest" } else { "" }, &story_sentence(s, story, i));
            append(&list, &[&li]);
        }
        append(&wrap, &[&strip, &legend, &list]);
    }
    wrap
}
