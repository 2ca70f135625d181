//! The Korean edition, frozen (issue 42, piece 1: "the freeze").
//!
//! Issue 42 moves every word a reader sees out of the code into a words
//! layer, and promises that the Korean edition stays byte for byte the
//! same. This test is that promise's witness: it writes every reader-facing
//! Korean text the code produces today into `tests/golden/ko/DOMAIN.txt`,
//! one file per domain, one item per line or block, in a fixed order, and
//! compares. Like `tests/prose.rs`, a missing or stale file is written
//! again and the test fails once ("written again: … commit it"), so a
//! deliberate change is one re-run and a reviewed diff; an accidental one
//! is a failing test.
//!
//! What is frozen (each file a test below):
//! - `stories`: the story steps of every Article A figure with a story (A1,
//!   A3, A4, A5, A6; A7's chart on its c-2 + fail-closed run) and the
//!   scenes of every Article B story (B1, B3, B4, B7, B8) at the starting
//!   query and at two other seeds (Article B's with network jitter, without
//!   which the seed changes nothing), and the chapters' opening stories with
//!   their captions;
//! - `narration`: every figure's text alternative (a timeline's also with
//!   its first table run), its live table's headers, row labels and values,
//!   the player's narration (`Narrator::describe_step` on a sample of the
//!   steps, `describe_mark` on every mark) of its starting state; Article
//!   B's verdicts, warnings, facts, crash stops and work-cap notices; B2's
//!   description for every store profile; B9's for every instant and fault;
//!   the sweeps' on a small grid; the front page's hook; the closing small
//!   multiples;
//! - `tips`: the tip of every mark of every timeline and story in its
//!   starting state at the player's end (B6's under each fault), and of
//!   every second of every panel of A7's chart;
//! - `notices`: the Korean notices of a fixed list of bad addresses, read
//!   by the query, lease, vote and site parsers (the site's for each scope,
//!   sweeps included);
//! - `share`: the share panel's kit of every figure (the oEmbed documents
//!   are frozen by `content/pages` already);
//! - `predictions`, `real_views`, `shell`: the predictions (with their live
//!   answers where a native run gives one), every real-run view the
//!   chapters name, the site frame's words;
//! - `cli_table`, `cli_run`, `cli_check`: `lab table`, `lab run --params
//!   preset=exp1` and `lab check --variant all`, as the binary prints them;
//! - `labels`: the metrics' labels, the catalogue's names, the registry's
//!   captions, the parameters' Korean labels, Article B's label words, the
//!   timeline legend's;
//! - `check_session`: the break-it figure's session words (choices, why
//!   not, lanes, servers, steps taken, properties, address notices) for a
//!   few states of every variant, the checker's smallest breaking schedule
//!   among them.
//!
//! Nothing here judges the words; it only holds them still.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use consistency_lab::content::{predict, real_view, shell};
use consistency_lab::figures::hook::{self, HookRun};
use consistency_lab::figures::plan::{LeaseFigure, LeasePlan, VoteFigure, VotePlan};
use consistency_lab::figures::player::Narrator;
use consistency_lab::figures::series_hit::{describe_outage_point_in, SeriesPoint};
use consistency_lab::figures::story::{outage_story, Story};
use consistency_lab::figures::timeline::LegendItem;
use consistency_lab::figures::vote::{self as vote_fig, StackFault, TapCrash};
use consistency_lab::figures::{side_by_side, story_lead};
use lab_check::scenario::SCENARIOS;
use lab_check::session::{self, Session};
use lab_model::catalogue::{PRESETS, VARIANTS};
use lab_model::live_table::{row_facts, table_run, TableRun};
use lab_model::metrics::{Metric, RunFacts, LIVE_TABLE};
use lab_model::params::{
    parse_lease_query, parse_query, parse_vote_query, read_site, LeaseQuery, Scope, SweepKind, SweepMetric,
    LEASE_PARAMS, SITE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS,
};
use lab_model::registry::{FigureKind, FigureSpec, Scenario, FIGURES};
use lab_model::share::ShareRequest;
use lab_sim::vote::{FaultKind, StoreProfile};
use lab_words::check as check_words;

/// The two seeds besides each figure's own that every story is told at.
const SEEDS: [u64; 2] = [7, 20261206];

/// A timeline's narration frozen: its first steps, then the first of each kind of event.
const LEASE_STEPS_FIRST: usize = 40;
const LEASE_STEPS_PER_KIND: usize = 3;

/// The width (CSS px) the tips' marks are placed at: a desktop's column.
const TIP_WIDTH_CSS: f64 = 960.0;

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/golden/ko")
}

/// Compares `lines` with `tests/golden/ko/NAME.txt`; writes it again and
/// fails when it is missing or differs.
fn freeze(name: &str, lines: Vec<String>) {
    let dir = golden_dir();
    fs::create_dir_all(&dir).unwrap();
    let path = dir.join(format!("{name}.txt"));
    let mut text = lines.join("\n");
    text.push('\n');
    if fs::read_to_string(&path).ok().as_deref() == Some(text.as_str()) {
        return;
    }
    fs::write(&path, &text).unwrap();
    panic!(
        "written again: tests/golden/ko/{name}.txt ({} lines); review the diff and commit it if the change is meant",
        text.lines().count()
    );
}

/// Every golden file this test writes, one per section below.
const SECTIONS: [&str; 13] = [
    "stories",
    "narration",
    "tips",
    "notices",
    "share",
    "predictions",
    "real_views",
    "shell",
    "cli_table",
    "cli_run",
    "cli_check",
    "labels",
    "check_session",
];

/// No golden file outlives its section (a stale one would freeze nothing).
#[test]
fn every_golden_file_has_its_section() {
    let Ok(entries) = fs::read_dir(golden_dir()) else { return };
    let mut strays: Vec<String> = entries
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|name| !name.strip_suffix(".txt").is_some_and(|stem| SECTIONS.contains(&stem)))
        .collect();
    strays.sort();
    assert!(strays.is_empty(), "tests/golden/ko/ holds files no section writes: {strays:?}");
}

/// One block: a heading line, then its lines indented, then a blank line.
fn block(out: &mut Vec<String>, heading: String, lines: impl IntoIterator<Item = String>) {
    out.push(format!("## {heading}"));
    out.extend(lines.into_iter().map(|l| format!("  {}", l.replace('\n', "\n  "))));
    out.push(String::new());
}

fn lease_figure(spec: &'static FigureSpec, query: &str) -> LeaseFigure {
    LeasePlan::new(spec, parse_lease_query(query).value, None, true).run()
}

fn vote_figure(spec: &'static FigureSpec, query: &str) -> VoteFigure {
    VotePlan::new(spec, parse_vote_query(query).value).run()
}

/// An Article B run's seed matters only with network jitter: the seeded
/// stories get this much (µs, ±) so that each seed tells its own.
const VOTE_JITTER_US: u32 = 1500;

/// A figure's starting query and the same at each of [`SEEDS`] (an Article
/// B figure's with [`VOTE_JITTER_US`] of jitter).
fn queries(spec: &FigureSpec) -> Vec<String> {
    let jitter = match spec.scenario() {
        Scenario::Vote => format!("&net_jitter_us={VOTE_JITTER_US}"),
        _ => String::new(),
    };
    let mut out = vec![spec.start_query.to_string()];
    out.extend(SEEDS.iter().map(|s| format!("{}{jitter}&seed={s}", spec.start_query)));
    out
}

fn story_lines(story: &Story) -> Vec<String> {
    let w = lab_words::Words::of(lab_words::Lang::Ko);
    story.sentences(w).iter().enumerate().map(|(i, s)| format!("{}/{}: {}", i + 1, story.steps.len(), s)).collect()
}

fn is_vote_story(kind: FigureKind) -> bool {
    matches!(kind, FigureKind::Story | FigureKind::OuterTransaction | FigureKind::UncertainFailure)
}

fn figures(scenario: Scenario) -> impl Iterator<Item = &'static FigureSpec> {
    FIGURES.iter().filter(move |f| f.scenario() == scenario)
}

// ---------------------------------------------------------------------------
// Stories

#[test]
fn stories() {
    let mut out = Vec::new();
    for spec in figures(Scenario::Lease) {
        for query in queries(spec) {
            let figure = lease_figure(spec, &query);
            if let Some(story) = figure.story_in(lab_words::Words::of(lab_words::Lang::Ko)) {
                block(&mut out, format!("{} ?{query}", spec.id), story_lines(&story));
            }
            if spec.kind == FigureKind::Outage {
                let q = query.replace("preset=exp5_open", "preset=exp5_c2_closed");
                let figure = lease_figure(spec, &q);
                block(
                    &mut out,
                    format!("{} (outage_story) ?{q}", spec.id),
                    story_lines(&outage_story(&figure.traces()[0])),
                );
            }
        }
    }
    for spec in figures(Scenario::Vote).filter(|s| is_vote_story(s.kind)) {
        for query in queries(spec) {
            let figure = vote_figure(spec, &query);
            let beats = figure.beats();
            block(
                &mut out,
                format!("{} ?{query}", spec.id),
                beats.iter().map(|b| format!("step {} [{}]: {}", b.step, b.key, b.sentence)),
            );
        }
    }
    for spec in FIGURES {
        let ko = lab_words::Words::of(lab_words::Lang::Ko);
        if let Some(caption) = ko.story.caption(spec.id) {
            let steps = story_lead::opening_in(spec.id, ko).map(|(_, s)| story_lines(&s)).unwrap_or_default();
            block(&mut out, format!("opening story of {}", spec.id), std::iter::once(caption.to_string()).chain(steps));
        }
    }
    freeze("stories", out);
}

// ---------------------------------------------------------------------------
// Text alternatives and narration

fn lease_narration(out: &mut Vec<String>, spec: &'static FigureSpec) {
    let plan = LeasePlan::new(spec, parse_lease_query(spec.start_query).value, None, true);
    let figure = plan.run();
    let mut lines = vec![format!("text alternative: {}", figure.text_alternative(None))];
    // The live table beside the figure, as the page computes it (each
    // column's runs through `live_table::table_run`); the text alternative
    // ends with its first run once the results are shown.
    let columns: Vec<(String, Vec<TableRun>)> = plan
        .table()
        .into_iter()
        .map(|c| {
            let runs = c
                .runs
                .iter()
                .map(|r| {
                    table_run(&LeaseQuery {
                        preset: None,
                        config: r.config.clone(),
                        seed: r.seed,
                        run_index: r.run_index,
                    })
                })
                .collect();
            (c.header, runs)
        })
        .collect();
    if let Some(first) = columns.first().and_then(|(_, runs)| runs.first()) {
        lines.push(format!(
            "text alternative with results: {}",
            figure.text_alternative(Some(&lab_words::analysis::run_description(
                lab_words::Words::of(lab_words::Lang::Ko),
                &first.summary
            )))
        ));
    }
    lines.extend(plan.article_note(lab_words::Words::of(lab_words::Lang::Ko)).map(|n| format!("article note: {n}")));
    for (header, runs) in &columns {
        lines.push(format!("table column: {header}"));
        for metric in LIVE_TABLE {
            let values: Vec<f64> = runs.iter().filter_map(|r| r.metric_value(metric)).collect();
            let text = match (values.iter().copied().reduce(f64::min), values.iter().copied().reduce(f64::max)) {
                (Some(lo), Some(hi)) if lo == hi => metric.format_live(lo),
                (Some(lo), Some(hi)) => format!("{}~{}", metric.format_live(lo), metric.format_live(hi)),
                _ => "-".to_string(),
            };
            let label = lab_words::metrics::metric_label(
                lab_words::Words::of(lab_words::Lang::Ko),
                metric,
                row_facts(runs).as_ref(),
            );
            lines.push(format!("  {label}: {text}"));
        }
    }
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    lines.extend(figure.cap_notice().map(|n| format!("cap notice: {}", lab_words::notices::cap_notice(ko, n))));
    lines.extend(figure.lane_notice(ko).map(|n| format!("lane notice: {n}")));
    // A timeline has thousands of steps told by a few dozen templates: the
    // first steps, then the first few of each kind of event.
    let events = &figure.traces()[0].events;
    let mut seen: std::collections::BTreeMap<String, usize> = Default::default();
    for (i, event) in events.iter().enumerate().take(figure.step_times().len()) {
        let kind = format!("{:?}", event.kind);
        let kind = kind.split([' ', '(', '{']).next().unwrap_or_default().to_string();
        let n = seen.entry(kind).or_default();
        *n += 1;
        if i < LEASE_STEPS_FIRST || *n <= LEASE_STEPS_PER_KIND {
            lines.push(format!("step {i}: {}", figure.describe_step(i)));
        }
    }
    for i in 0..figure.anomalies().len() {
        lines.push(format!("mark {i}: {}", figure.describe_mark(i)));
    }
    block(out, format!("{} ?{}", spec.id, spec.start_query), lines);
}

fn vote_narration(out: &mut Vec<String>, spec: &'static FigureSpec) {
    let figure = vote_figure(spec, spec.start_query);
    let summary = figure.summary();
    let mut lines = Vec::new();
    for (i, alt) in summary.text_alternatives.iter().enumerate() {
        lines.push(format!("text alternative {i}: {alt}"));
    }
    lines.extend(summary.cap_notice.iter().map(|n| format!("cap notice: {n}")));
    if let Some((verdict, text, warning)) = &summary.verdict {
        lines.push(format!("verdict {verdict:?}: {text}"));
        lines.extend(warning.iter().map(|w| format!("warning: {w}")));
    }
    lines.extend(summary.crash_stops.iter().map(|s| format!("crash stop: {s}")));
    for f in &summary.facts {
        lines.push(format!("fact {} run {}: {} | {} | {}", f.key, f.run, f.label_ko, f.where_ko, f.text));
    }
    for i in 0..summary.step_times.len() {
        lines.push(format!("step {i}: {}", Narrator::describe_step(&figure, i)));
    }
    block(out, format!("{} ?{}", spec.id, spec.start_query), lines);
}

#[test]
fn narration() {
    let mut out = Vec::new();
    for spec in FIGURES {
        match spec.kind {
            FigureKind::Sweep(_) | FigureKind::BreakIt => {}
            FigureKind::CrashMatrix => {
                let lines: Vec<String> = StoreProfile::ALL
                    .iter()
                    .flat_map(|&p| [true, false].map(move |sync| (p, sync)))
                    .map(|(p, sync)| {
                        let view = vote_fig::matrix_view(p, sync);
                        format!("{p:?} honours sync {sync}: {}", view.description)
                    })
                    .collect();
                block(&mut out, spec.id.to_string(), lines);
            }
            FigureKind::TapCrash => {
                let tap =
                    TapCrash::new(&parse_vote_query(spec.start_query).value, lab_words::Words::of(lab_words::Lang::Ko));
                let mut lines = vec![format!("no cut: {}", tap.describe(None, FaultKind::Kill))];
                for cut in 0..tap.cuts.len() {
                    for fault in FaultKind::ALL {
                        lines.push(format!("cut {cut} {fault:?}: {}", tap.describe(Some(cut), fault)));
                    }
                }
                block(&mut out, spec.id.to_string(), lines);
            }
            _ if spec.scenario() == Scenario::Lease => lease_narration(&mut out, spec),
            _ => vote_narration(&mut out, spec),
        }
    }
    // The sweeps on a small grid (their own grid runs thousands of runs).
    for kind in [SweepKind::TtlPause, SweepKind::Contention] {
        let mut spec = kind.default_spec();
        spec.x.n = 2;
        spec.y.n = 2;
        spec.seeds = 1;
        let result = lab_model::sweep::SweepResult::compute(spec.clamped());
        let (nx, ny) = result.spec.shape();
        let ko = lab_words::Words::of(lab_words::Lang::Ko);
        let mut lines = vec![format!("describe: {}", lab_words::analysis::sweep_description(ko, &result))];
        for iy in 0..ny {
            for ix in 0..nx {
                lines.push(format!("cell {ix},{iy}: {}", lab_words::analysis::sweep_cell(ko, &result, ix, iy)));
                let widest = lab_words::analysis::sweep_cell_widest(ko, &result, ix, iy);
                lines.push(format!("cell {ix},{iy} widest: {widest}"));
            }
        }
        block(&mut out, format!("{} ({nx}x{ny}, seeds=1)", kind.figure_id()), lines);
    }
    let hook = HookRun::new();
    let end = hook.figure().window_us();
    block(
        &mut out,
        "hook".into(),
        [
            format!("question: {}", hook::QUESTION),
            format!("canvas: {}", hook::CANVAS_LABEL),
            format!("invitation: {}", hook::INVITATION),
            format!("asking: {}", hook.asking_in(lab_words::Words::of(lab_words::Lang::Ko)).unwrap_or_default()),
            format!("outcome: {}", hook.outcome_in(end, lab_words::Words::of(lab_words::Lang::Ko)).unwrap_or_default()),
        ],
    );
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let mut sbs =
        vec![format!("caption: {}", side_by_side::caption(ko)), format!("panels: {}", side_by_side::panels(ko))];
    for (name, figure) in side_by_side::panel_figures() {
        let frame = side_by_side::frame(&figure, figure.window_us());
        sbs.push(format!("{name}: {}", frame.sentence(lab_words::Words::of(lab_words::Lang::Ko))));
    }
    block(&mut out, side_by_side::SIDE_BY_SIDE_ID.into(), sbs);
    freeze("narration", out);
}

// ---------------------------------------------------------------------------
// Tips

#[test]
fn tips() {
    let mut out = Vec::new();
    for spec in figures(Scenario::Lease) {
        let figure = lease_figure(spec, spec.start_query);
        match spec.kind {
            FigureKind::Timeline | FigureKind::SplitTimeline => {
                let end = figure.window_us();
                let lines = figure
                    .placed_marks(TIP_WIDTH_CSS, end)
                    .into_iter()
                    .map(|(hit, _, _)| figure.describe_mark_in(hit, end, lab_words::Words::of(lab_words::Lang::Ko)));
                block(&mut out, format!("{} ?{}", spec.id, spec.start_query), lines);
            }
            FigureKind::Outage => {
                let trace = &figure.traces()[0];
                let seconds = trace.series.per_second.len() as u32;
                let lines = (0..3).flat_map(|panel| {
                    (0..seconds).map(move |second| {
                        describe_outage_point_in(
                            trace,
                            SeriesPoint { panel, second },
                            lab_words::Words::of(lab_words::Lang::Ko),
                        )
                    })
                });
                block(&mut out, format!("{} ?{}", spec.id, spec.start_query), lines);
            }
            _ => {}
        }
    }
    for spec in figures(Scenario::Vote) {
        if matches!(spec.kind, FigureKind::CrashMatrix | FigureKind::TapCrash | FigureKind::Liveness) {
            continue;
        }
        let figure = vote_figure(spec, spec.start_query);
        let end = figure.story_end_us();
        let faults: &[StackFault] =
            if spec.kind == FigureKind::KillVsPower { &StackFault::ALL } else { &[StackFault::None] };
        let mut lines = Vec::new();
        for panel in 0..figure.panel_heights_css(TIP_WIDTH_CSS).len() {
            for (x, y) in figure.mark_points(panel, TIP_WIDTH_CSS, end) {
                for &fault in faults {
                    let tip = figure.describe_point(panel, TIP_WIDTH_CSS, end, fault, x, y).unwrap_or_default();
                    lines.push(format!("panel {panel} {fault:?}: {tip}"));
                }
            }
        }
        block(&mut out, format!("{} ?{}", spec.id, spec.start_query), lines);
    }
    freeze("tips", out);
}

// ---------------------------------------------------------------------------
// Notices

/// Bad addresses, each read as the page reads it for every scope.
const BAD_QUERIES: &[&str] = &[
    "threads=0",
    "threads=999999",
    "ttl_ms=abc",
    "ttl_ms=-5",
    "pause_min_ms=900&pause_max_ms=100",
    "preset=exp9",
    "variant=zz",
    "scenario=moon",
    "wallets=1&wallets=2&wallets=x",
    "unknown_key=1",
    "seed=18446744073709551616",
    "fence=maybe",
    "duration_s=0",
    "a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10",
    "scenario=vote&variant=V9",
    "scenario=vote&crash_after=9999",
    "scenario=vote&fault=flood",
    "scenario=vote&blocked_validators=7",
    "scenario=vote&os_writeback_delay_ms=-1",
    "scenario=vote&profile=tape",
    "scenario=vote&crash=sometimes",
    "scenario=vote&jitter_ms=1e9",
    "ch=nowhere&fig=nothing",
    "fig=lease-expiry&t=-1&ev=x",
    "fig=lease-expiry&win=0",
    "theme=purple",
    "embed=nothing&bare=2",
    "lab=yes",
    "fig=sweep-ttl-pause&x_min=5000&x_max=1",
    "fig=sweep-contention&n=99&seeds=0",
    "fig=sweep-ttl-pause&metric=joy&variant=naive",
    "fig=break-it&check=zz&threads=9&sched=1x",
    "fig=vote-story&recon=2&real=1",
];

#[test]
fn notices() {
    let mut out = Vec::new();
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let notices_ko = |notices: &[lab_model::params::Notice]| lab_words::notices::site_notices(ko, notices);
    for q in BAD_QUERIES {
        let mut lines = Vec::new();
        for n in notices_ko(&parse_query(q).notices) {
            lines.push(format!("query: {n}"));
        }
        for n in notices_ko(&parse_lease_query(q).notices) {
            lines.push(format!("lease: {n}"));
        }
        for n in notices_ko(&parse_vote_query(q).notices) {
            lines.push(format!("vote: {n}"));
        }
        for (name, scope) in [
            ("site lease", Scope::Lease),
            ("site vote", Scope::Vote),
            ("site sweep ttl-pause", Scope::Sweep(SweepKind::TtlPause)),
            ("site sweep contention", Scope::Sweep(SweepKind::Contention)),
        ] {
            for n in notices_ko(&read_site(&format!("?{q}"), scope).notices) {
                lines.push(format!("{name}: {n}"));
            }
        }
        block(&mut out, (*q).to_string(), lines);
    }
    freeze("notices", out);
}

// ---------------------------------------------------------------------------
// The share kit

#[test]
fn share() {
    let mut out = Vec::new();
    for spec in FIGURES {
        let request = ShareRequest {
            page: format!("https://example.org/lab/{}.html", spec.chapter),
            permalink: lab_model::permalink::figure_in_chapter(spec.chapter, spec.id, spec.start_query),
            figure: spec.id.to_string(),
            caption: lab_words::catalogue::caption(lab_words::Words::of(lab_words::Lang::Ko), spec).to_string(),
            description: format!("(the text alternative of figure {})", spec.number),
            bareable: !matches!(spec.kind, FigureKind::Sweep(_) | FigureKind::CrashMatrix | FigureKind::BreakIt),
            animated: spec.kind.has_player(),
            static_embed: spec.not_drawn.is_none(),
        };
        let kit = lab_words::share::share_kit(
            lab_words::Words::of(lab_words::Lang::Ko),
            &request,
            request.bareable.then_some(400),
        );
        let mut lines = Vec::new();
        let field = |lines: &mut Vec<String>, f: &lab_words::share::Field| {
            lines.push(format!("field {} | {} | {} | {}", f.class, f.label, f.what, f.copy_label()));
            lines.push(format!("  value: {}", f.value));
            lines.push(format!("  copied: {} | not copied: {}", f.copied, f.not_copied));
        };
        for (f, preview) in &kit.fields {
            field(&mut lines, f);
            if let Some(p) = preview {
                lines.push(format!("  preview: {} → {}", p.text, p.href));
            }
        }
        lines.push(format!("kit: {}", kit.kit_legend));
        for p in &kit.platforms {
            lines.push(format!("platform {}: {}", p.key, p.label));
            lines.extend(p.steps.iter().map(|s| format!("  step: {s}")));
            if let Some(pen) = &p.pen {
                lines.push(format!("  pen: {} | {} | {}", pen.button, pen.address_label, pen.address_placeholder));
                lines.push(format!("  pen data: {}", pen.data));
                lines.extend(pen.warning.iter().map(|w| format!("  pen warning: {w}")));
                lines.push(format!("  pen: {} | {} | {}", pen.line_empty, pen.address_bad, pen.alt_heading));
                lines.extend(pen.alt_steps.iter().map(|s| format!("  pen step: {s}")));
                field(&mut lines, &pen.line);
            }
            for f in &p.fields {
                field(&mut lines, f);
            }
        }
        block(&mut out, spec.id.to_string(), lines);
    }
    freeze("share", out);
}

// ---------------------------------------------------------------------------
// Predictions, real-run views, the shell

#[test]
fn predictions() {
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let mut out = Vec::new();
    for p in predict::PREDICTIONS {
        let mut lines = vec![p.static_html(ko), format!("why: {}", p.why(ko)), format!("permalink: {}", p.permalink())];
        let answered = match p.spec().scenario() {
            Scenario::Lease => p.lease_answer(ko),
            Scenario::Vote if p.spec().kind == FigureKind::CrashMatrix => {
                let c = p.vote_config();
                p.matrix_answer(ko, &vote_fig::matrix_view(c.profile, c.device_honours_sync))
            }
            Scenario::Vote => {
                let figure = VotePlan::new(p.spec(), p.vote_config()).run();
                p.fact_answer(&figure.facts())
                    .or_else(|| figure.verdict().map(|(v, text, _)| predict::Answered::Verdict(v, text)))
            }
            Scenario::Sweep => p.sweep_answer(ko),
            Scenario::Check => None,
        };
        if let Some(a) = &answered {
            lines.push(match a {
                predict::Answered::Metric { row, column, text, .. } => format!("answer: {row} | {column} | {text}"),
                predict::Answered::Verdict(v, text) => format!("answer: {v:?} {text}"),
            });
            lines.push(format!("right choice: {:?}", p.right_choice(a)));
        }
        block(&mut out, p.id.to_string(), lines);
    }
    freeze("predictions", out);
}

/// An HTML fragment one element per line: a line ends after each closing
/// or self-closing tag; the fragment's own line breaks stay.
fn html_lines(html: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for piece in html.split_inclusive('>') {
        line.push_str(piece);
        let tag = &piece[piece.rfind('<').unwrap_or(0)..];
        if tag.starts_with("</") || tag.ends_with("/>") {
            lines.push(std::mem::take(&mut line));
        }
    }
    lines.push(line);
    lines.retain(|l| !l.is_empty());
    lines
}

#[test]
fn real_views() {
    let mut out = Vec::new();
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content/ko");
    let mut markers = std::collections::BTreeSet::new();
    for entry in fs::read_dir(&content).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().and_then(|e| e.to_str()) == Some("md") {
            for line in fs::read_to_string(&path).unwrap().lines() {
                if line.trim().starts_with("{{real") {
                    markers.insert(line.trim().to_string());
                }
            }
        }
    }
    for m in &markers {
        let ko = lab_words::Words::of(lab_words::Lang::Ko);
        let html = real_view::block(ko, m).unwrap_or_else(|| panic!("{m} is no real-run view"));
        block(&mut out, m.clone(), html_lines(&html));
    }
    block(&mut out, "pay provenance".into(), [real_view::pay::provenance(lab_words::Words::of(lab_words::Lang::Ko))]);
    freeze("real_views", out);
}

#[test]
fn shell_words() {
    let frame = shell::Frame::new(lab_words::Words::of(lab_words::Lang::Ko));
    let w = &frame.words.shell;
    let mut lines = vec![
        w.site_title.to_string(),
        w.site_sub.to_string(),
        w.skip_link.to_string(),
        w.chapter_map_label.to_string(),
        w.pager_label.to_string(),
        w.footer.to_string(),
        w.hook_map_label.to_string(),
        w.hook_start.to_string(),
        w.b_door_ask.to_string(),
        w.b_door_text.to_string(),
        w.b_door_start.to_string(),
        w.play.to_string(),
        w.pause.to_string(),
        format!("hook start: {} | b start: {}", shell::hook_start(), shell::b_start()),
    ];
    for c in shell::chapters() {
        let title = c.title;
        lines.push(format!(
            "chapter {}: {title} | code {:?} | nav {} | short {} | rest {} | prev {} | next {} | back {}",
            c.id,
            shell::chapter_code(c.id),
            frame.nav_words(c),
            frame.short_title(title),
            shell::title_rest(title),
            frame.previous_label(title),
            frame.next_label(title),
            frame.embed_back_label(title),
        ));
    }
    for (group, entries) in frame.hook_map() {
        lines.push(format!("map {group}: {entries:?}"));
    }
    for item in frame.nav_items("a1-lease-expiry") {
        lines.push(format!("nav item: {item:?}"));
    }
    freeze("shell", lines);
}

// ---------------------------------------------------------------------------
// lab's output

fn lab(args: &[&str]) -> Vec<String> {
    let output = Command::new(env!("CARGO_BIN_EXE_lab")).args(args).output().expect("the lab binary runs");
    let mut lines = vec![format!("$ lab {} (exit {:?})", args.join(" "), output.status.code())];
    lines.extend(String::from_utf8_lossy(&output.stdout).lines().map(str::to_string));
    let err = String::from_utf8_lossy(&output.stderr);
    lines.extend(err.lines().map(|l| format!("stderr: {l}")));
    lines
}

#[test]
fn cli_table() {
    freeze("cli_table", lab(&["table"]));
}

#[test]
fn cli_run() {
    freeze("cli_run", lab(&["run", "--params", "preset=exp1"]));
}

#[test]
fn cli_check() {
    freeze("cli_check", lab(&["check", "--variant", "all"]));
}

// ---------------------------------------------------------------------------
// Labels, names, captions

#[test]
fn labels() {
    let mut out = Vec::new();
    let ko = lab_words::Words::of(lab_words::Lang::Ko);
    let facts = RunFacts { possible_approvals: (240, 480), wallets: (1, 4) };
    block(
        &mut out,
        "metrics".into(),
        Metric::ALL.iter().map(|m| {
            format!(
                "{}: {} | {} | {} | {}",
                m.key(),
                lab_words::metrics::metric_name(ko, *m),
                lab_words::metrics::metric_label(ko, *m, None),
                lab_words::metrics::metric_label(ko, *m, Some(&facts)),
                lab_words::metrics::metric_axis(ko, *m)
            )
        }),
    );
    block(
        &mut out,
        "variants".into(),
        VARIANTS
            .iter()
            .map(|v| format!("{:?}: {} | {}", v.variant, v.label, lab_words::catalogue::variant_name(ko, v.variant))),
    );
    block(
        &mut out,
        "presets".into(),
        PRESETS.iter().map(|p| {
            format!(
                "{:?}: {} | {}",
                p.preset,
                lab_words::catalogue::preset_name(ko, p.preset),
                lab_words::catalogue::sweep_name(ko, p.preset)
            )
        }),
    );
    block(
        &mut out,
        "sweeps".into(),
        [SweepKind::TtlPause, SweepKind::Contention]
            .into_iter()
            .map(|k| {
                let caption = lab_words::catalogue::caption(ko, lab_model::registry::sweep_figure(k));
                format!("{:?}: {} | {:?}", k, caption, lab_words::params::axis_names(ko, k))
            })
            .chain(
                [SweepMetric::OverApproval, SweepMetric::Throughput]
                    .into_iter()
                    .map(|m| format!("{:?}: {}", m, lab_words::params::sweep_metric_name(ko, m))),
            ),
    );
    block(
        &mut out,
        "registry".into(),
        FIGURES.iter().flat_map(|f| {
            [
                format!("{} {}: {}", f.code, f.id, lab_words::catalogue::caption(ko, f)),
                format!("  canvas: {}", lab_words::catalogue::canvas_label(ko, f)),
                format!("  not drawn: {}", f.not_drawn.unwrap_or("")),
            ]
        }),
    );
    block(
        &mut out,
        "parameters".into(),
        [("lease", LEASE_PARAMS), ("vote", VOTE_PARAMS), ("site", SITE_PARAMS), ("sweep", SWEEP_PARAMS)]
            .into_iter()
            .flat_map(|(scope, params)| {
                params.iter().map(move |p| format!("{scope} {}: {}", p.name, lab_words::params::param_label(ko, p)))
            }),
    );
    let mut b = Vec::new();
    for v in lab_sim::vote::Variant::ALL {
        b.push(format!("variant {v:?}: {}", lab_words::catalogue::vote_variant(ko, v)));
    }
    for f in FaultKind::ALL {
        b.push(format!("fault {f:?}: {}", lab_words::catalogue::fault(ko, f)));
    }
    for p in StoreProfile::ALL {
        b.push(format!("profile {p:?}: {}", lab_words::vote::profile(lab_words::Words::of(lab_words::Lang::Ko), p)));
    }
    for c in lab_sim::vote::ConflictSource::ALL {
        b.push(format!("conflict {c:?}: {}", lab_words::vote::conflict(lab_words::Words::of(lab_words::Lang::Ko), c)));
    }
    for r in 0..4 {
        b.push(format!("round {r}: {}", lab_words::catalogue::round(ko, r)));
    }
    let w = &lab_words::Words::of(lab_words::Lang::Ko).vote.tap;
    b.extend(
        [w.lane, w.network, w.pick, w.safe, w.could_twice, w.did_twice, w.fenced, w.kept, w.wiped, w.keys, w.not_yet]
            .map(|t| format!("tap word: {t}")),
    );
    block(&mut out, "article B labels".into(), b);
    block(
        &mut out,
        "timeline legend".into(),
        LegendItem::ALL.iter().map(|l| format!("{}: {}", l.key(), l.label(lab_words::Words::of(lab_words::Lang::Ko)))),
    );
    freeze("labels", out);
}

// ---------------------------------------------------------------------------
// The break-it figure's session words

/// A few states of each variant: the start, a few steps, a whole schedule
/// taken greedily (the first enabled step each time), and the checker's
/// smallest schedule that breaks a property, where it finds one.
#[test]
fn check_session() {
    let mut out = Vec::new();
    let w = lab_words::Words::of(lab_words::Lang::Ko);
    let describe = |out: &mut Vec<String>, heading: String, s: &Session, notices: &[session::SessionNotice]| {
        let world = s.world();
        let mut lines: Vec<String> =
            notices.iter().map(|n| format!("notice: {}", check_words::session_notice(w, n))).collect();
        lines.push(format!("address: {}", s.address("a8-break-it")));
        for t in s.taken() {
            let actor = match t.step {
                lab_check::world::Step::Thread(i) => Some(i),
                _ => None,
            };
            lines.push(format!("taken: {}", check_words::action(w, &t.action, actor, world.amount_won)));
        }
        for c in s.choices() {
            let (state, label) = (s.state(), check_words::choice_label(w, c.step, &s.state(), world));
            let why = if c.enabled { String::new() } else { check_words::why_not(w, c.step, &state) };
            lines.push(format!("choice {}: {label} | {why}", c.enabled));
        }
        for i in 0..session::lanes(s) as u8 {
            lines.push(format!(
                "lane {}: {}",
                check_words::thread(i),
                check_words::thread_status(w, &s.state(), world, i)
            ));
        }
        for (name, value) in check_words::servers(w, &s.state(), world) {
            lines.push(format!("server {name}: {value}"));
        }
        for (p, at) in s.properties() {
            lines.push(format!(
                "property {} ({}): {:?}",
                check_words::property(w, p),
                check_words::property_rule(w, p),
                at
            ));
        }
        if let Some((at, broken)) = s.first_break() {
            for p in broken {
                lines.push(format!("broke at {at}: {}", check_words::broke_headline(w, p)));
            }
        }
        lines.push(format!("over {} stuck {}", s.over(), s.stuck()));
        block(out, heading, lines);
    };
    for scenario in &SCENARIOS {
        for threads in [2, 3] {
            let mut s = Session::new(scenario, threads);
            describe(&mut out, format!("{} threads={threads} start", scenario.key), &s, &[]);
            let mut n = 0;
            while let Some(&step) = s.enabled().first() {
                s.take(step);
                n += 1;
                if n == 3 {
                    describe(&mut out, format!("{} threads={threads} after 3", scenario.key), &s, &[]);
                }
            }
            describe(&mut out, format!("{} threads={threads} end ({n} steps)", scenario.key), &s, &[]);
        }
        // The checker's own smallest schedule that breaks a property, replayed step by step.
        let mut s = Session::new(scenario, session::DEFAULT_THREADS);
        let steps: Vec<_> =
            s.verdict().schedules.first().map(|r| r.steps.iter().map(|st| st.step).collect()).unwrap_or_default();
        if !steps.is_empty() {
            for step in steps {
                assert!(s.take(step), "{}: the checker's schedule replays", scenario.key);
            }
            describe(&mut out, format!("{} smallest breaking schedule", scenario.key), &s, &[]);
        }
    }
    for search in ["?check=nope&threads=7&sched=12", "?threads=x&sched=1q", "?check=c1&sched=111111111111"] {
        let (s, notices) = Session::from_address(search);
        describe(&mut out, format!("address {search}"), &s, &notices);
    }
    out.push(format!("stuck: {}", w.check.report.stuck));
    out.push(format!("assumptions: {}", w.check.report.assumptions));
    freeze("check_session", out);
}
