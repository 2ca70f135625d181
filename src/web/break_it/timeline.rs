//! The figure's timeline: an inline SVG built with DOM calls, indexed by
//! step (order, not time: the small world has no clock). One row per thread
//! and one for the lock server; a column per step taken; each step a small
//! labelled box on its actor's row (its sentence as the box's `<title>`),
//! the lease each grant held as a band on its thread's row from the acquire
//! to its expiry or release, a stalled holder's belief that it still holds
//! the lock as a dashed band after its lease expired, the adversary's steps
//! as marks on the lock server's row, and the step where a property first
//! broke marked red. Colours are CSS classes (`static/site.css`'s
//! `/* break-it */` section), so the page's dark theme applies. The strip
//! scrolls sideways in its own box when it is wider than the figure.

use lab_check::explore::Taken;
use lab_check::world::{Action, Step};
use web_sys::Element;

use super::dom::{append, set, Builder};
use super::words;

/// The row names' column, a step's column, a step's box, a row, the header (CSS px).
const NAME_W: f64 = 44.0;
const COL_W: f64 = 64.0;
const BOX_W: f64 = 58.0;
const BOX_H: f64 = 22.0;
const ROW_H: f64 = 34.0;
const HEAD_H: f64 = 18.0;
const PAD: f64 = 4.0;

/// How a band on a thread's row ends.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum End {
    /// The lease expired (a stall, a process stop, the lock server's death) in the middle of this column.
    Expired(usize),
    /// The thread released (or its release found the key gone) at the end of this column.
    Released(usize),
    /// Still held after the last step.
    Open,
}

/// A lease held (or only believed held) on a thread's row, from column `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Band {
    thread: usize,
    from: usize,
    end: End,
    token: u8,
    /// The lease had expired; the thread did not know.
    belief: bool,
}

/// The bands of `taken`: each grant's lease, and each stalled holder's belief after it.
fn bands(taken: &[Taken]) -> Vec<Band> {
    // Per thread: the lease it holds, and the one it only believes it holds (from column, token).
    let mut lease: [Option<(usize, u8)>; 3] = [None; 3];
    let mut belief: [Option<(usize, u8)>; 3] = [None; 3];
    let mut out = Vec::new();
    for (c, t) in taken.iter().enumerate() {
        let expired: &[usize] = match t.action {
            Action::Stall { thread, .. } | Action::ProcessStop { thread, .. } => &[usize::from(thread)],
            Action::Kill => &[0, 1, 2],
            _ => &[],
        };
        for &i in expired {
            if let Some((from, token)) = lease[i].take() {
                out.push(Band { thread: i, from, end: End::Expired(c), token, belief: false });
                belief[i] = Some((c, token));
            }
        }
        match (t.step, t.action) {
            (Step::Thread(i), Action::Acquire { token }) => lease[usize::from(i)] = Some((c, token)),
            (Step::Thread(i), Action::Release { .. }) => {
                let i = usize::from(i);
                for (held, is_belief) in [(lease[i].take(), false), (belief[i].take(), true)] {
                    if let Some((from, token)) = held {
                        out.push(Band { thread: i, from, end: End::Released(c), token, belief: is_belief });
                    }
                }
            }
            _ => {}
        }
    }
    for i in 0..3 {
        for (held, is_belief) in [(lease[i], false), (belief[i], true)] {
            if let Some((from, token)) = held {
                out.push(Band { thread: i, from, end: End::Open, token, belief: is_belief });
            }
        }
    }
    out
}

fn col_x(c: usize) -> f64 {
    c as f64 * COL_W
}

fn row_y(row: usize) -> f64 {
    HEAD_H + row as f64 * ROW_H
}

fn num(v: f64) -> String {
    format!("{v:.1}")
}

fn rect(b: &Builder, class: &str, (x, y, w, h): (f64, f64, f64, f64)) -> Element {
    let r = b.svg("rect", class);
    for (k, v) in [("x", x), ("y", y), ("width", w), ("height", h)] {
        set(&r, k, &num(v));
    }
    r
}

fn text(b: &Builder, class: &str, (x, y): (f64, f64), anchor: &str, words: &str) -> Element {
    let t = b.svg("text", class);
    set(&t, "x", &num(x));
    set(&t, "y", &num(y));
    set(&t, "text-anchor", anchor);
    set(&t, "dominant-baseline", "central");
    t.set_text_content(Some(words));
    t
}

fn title(b: &Builder, words: &str) -> Element {
    let t = b.svg("title", "");
    t.set_text_content(Some(words));
    t
}

/// The timeline of `taken` in a world of `threads` threads: the rows'
/// names, which stay in view, beside the steps in their scrolling box
/// (`data-key` `key`); `broke_at` is the step (1-based) where a property first broke.
pub fn draw(b: &Builder, key: &str, threads: u8, amount_won: u32, taken: &[Taken], broke_at: Option<usize>) -> Element {
    let rows = usize::from(threads) + 1;
    let lock_row = usize::from(threads);
    let cols = taken.len().max(1);
    let (width, height) = (col_x(cols) + PAD, row_y(rows) + PAD);
    let sized = |class: &str, width: f64| {
        let svg = b.svg("svg", class);
        set(&svg, "width", &num(width));
        set(&svg, "height", &num(height));
        set(&svg, "viewBox", &format!("0 0 {} {}", num(width), num(height)));
        svg
    };
    // The rows: a line under each, and (in their own column) their names.
    let names = sized("bi-names", NAME_W);
    set(&names, "aria-hidden", "true");
    let svg = sized("bi-timeline", width);
    set(&svg, "role", "img");
    set(&svg, "aria-label", &words::timeline_label(taken.len()));
    for row in 0..rows {
        let name = if row == lock_row { words::b().lock_server.to_string() } else { words::thread(row as u8) };
        let y = row_y(row);
        for (parent, w) in [(&names, NAME_W), (&svg, width)] {
            let line = b.svg("line", "bi-grid");
            for (k, v) in [("x1", 0.0), ("y1", y + ROW_H), ("x2", w), ("y2", y + ROW_H)] {
                set(&line, k, &num(v));
            }
            append(parent, &[&line]);
        }
        append(&names, &[&text(b, "bi-rowname", (4.0, y + ROW_H / 2.0), "start", &name)]);
    }
    // The step where a property first broke: its column, red.
    if let Some(n) = broke_at.filter(|&n| n >= 1 && n <= taken.len()) {
        let c = n - 1;
        let col = rect(b, "bi-broke-col", (col_x(c) + 1.0, HEAD_H, COL_W - 2.0, row_y(rows) - HEAD_H));
        append(&col, &[&title(b, words::b().broke_mark)]);
        append(&svg, &[&col]);
    }
    // The header: each column's step number.
    for c in 0..taken.len() {
        let class = if broke_at == Some(c + 1) { "bi-colnum bi-colnum-broke" } else { "bi-colnum" };
        let label =
            if broke_at == Some(c + 1) { format!("{} {}", c + 1, words::b().broke_mark) } else { (c + 1).to_string() };
        append(&svg, &[&text(b, class, (col_x(c) + COL_W / 2.0, HEAD_H / 2.0), "middle", &label)]);
    }
    // The leases, behind the boxes.
    let last = taken.len().saturating_sub(1);
    for band in bands(taken) {
        let x0 = if band.belief { col_x(band.from) + COL_W / 2.0 } else { col_x(band.from) + 2.0 };
        let x1 = match band.end {
            End::Expired(c) => col_x(c) + COL_W / 2.0,
            End::Released(c) => col_x(c) + COL_W - 2.0,
            End::Open => col_x(last) + COL_W,
        };
        let y = row_y(band.thread) + 3.0;
        let class = if band.belief { "bi-belief" } else { "bi-lease" };
        let r = rect(b, class, (x0, y, (x1 - x0).max(4.0), ROW_H - 6.0));
        set(&r, "rx", "5");
        append(&r, &[&title(b, &words::band_title(band.belief, band.token))]);
        append(&svg, &[&r]);
    }
    // The steps.
    for (c, t) in taken.iter().enumerate() {
        let actor = match t.step {
            Step::Thread(i) => Some(i),
            _ => None,
        };
        let row = actor.map_or(lock_row, usize::from);
        let cx = col_x(c) + COL_W / 2.0;
        let cy = row_y(row) + ROW_H / 2.0;
        // An adversary's step on a holder: a line from the lock server's row to its lane.
        if let Action::Stall { thread, .. } | Action::ProcessStop { thread, .. } = t.action {
            let line = b.svg("line", "bi-adv-link");
            let (ya, yb) = (row_y(usize::from(thread)) + ROW_H / 2.0, cy);
            for (k, v) in [("x1", cx), ("y1", ya), ("x2", cx), ("y2", yb)] {
                set(&line, k, &num(v));
            }
            append(&svg, &[&line]);
        }
        let mut class = String::from("bi-step");
        if actor.is_none() {
            class += " bi-adv";
        }
        if refused(&t.action) {
            class += " bi-refused";
        }
        if c == last {
            class += " bi-now";
        }
        if broke_at == Some(c + 1) {
            class += " bi-step-broke";
        }
        let g = b.svg("g", &class);
        let r = rect(b, "", (cx - BOX_W / 2.0, cy - BOX_H / 2.0, BOX_W, BOX_H));
        set(&r, "rx", "4");
        let sentence = format!("{}. {}", c + 1, lab_words::check::action(words::all(), &t.action, actor, amount_won));
        append(&g, &[&title(b, &sentence), &r, &text(b, "", (cx, cy), "middle", words::box_label(&t.action))]);
        append(&svg, &[&g]);
    }

    let scroll = b.el("div", "bi-scroll");
    // A scrolling region a keyboard can reach and scroll.
    set(&scroll, "tabindex", "0");
    set(&scroll, "data-key", key);
    set(&scroll, "role", "group");
    set(&scroll, "aria-label", words::b().timeline);
    append(&scroll, &[&svg]);
    let strip = b.el("div", "bi-strip");
    append(&strip, &[&names, &scroll]);
    strip
}

/// The legend of the marks the timeline of `taken` draws, and only those.
pub fn legend(b: &Builder, taken: &[Taken], broke_at: Option<usize>) -> Element {
    let bands = bands(taken);
    let drawn = [
        ("bi-sw-lease", words::b().legend_lease, bands.iter().any(|band| !band.belief)),
        ("bi-sw-belief", words::b().legend_belief, bands.iter().any(|band| band.belief)),
        ("bi-sw-adv", words::b().legend_adversary, taken.iter().any(|t| !matches!(t.step, Step::Thread(_)))),
        ("bi-sw-refused", words::b().legend_refused, taken.iter().any(|t| refused(&t.action))),
        ("bi-sw-broke", words::b().legend_broke, broke_at.is_some()),
    ];
    let list = b.el("ul", "legend bi-legend");
    set(&list, "aria-label", words::b().legend);
    for (class, label, _) in drawn.into_iter().filter(|(_, _, shown)| *shown) {
        let li = b.el("li", "");
        append(&li, &[&b.el("span", &format!("bi-sw {class}"))]);
        li.append_with_str_1(label).ok();
        append(&list, &[&li]);
    }
    list
}

/// A step that was refused or found nothing to do (drawn greyed).
fn refused(a: &Action) -> bool {
    matches!(
        a,
        Action::Unavailable
            | Action::Compute { approve: false, .. }
            | Action::Stamp { passed: false, .. }
            | Action::FenceAdvance { passed: false, .. }
            | Action::FenceEqual { passed: false, .. }
            | Action::UpdateIfSufficient { matched: false, .. }
            | Action::Rollback
            | Action::Release { result: lab_check::world::Released::Stolen | lab_check::world::Released::Expired }
    )
}
