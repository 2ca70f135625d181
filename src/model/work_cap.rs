//! The site's cap on the work of one run, so that no slider position can
//! make a run blow the page's time budget (issue: sweeps, speed and
//! hardening).
//!
//! The work of a Scenario A run grows with threads × wallets × duration and
//! with how fast requests cycle (overheads, pauses, latencies): the heaviest
//! corner of the sliders is some 6 million events for 120 s, against 13–82
//! thousand for the article's presets (60 s) and at most about 2 thousand
//! for a timeline figure's starting window. (Spinning on a held lock costs
//! almost nothing: the engine computes refused attempts instead of running
//! them, though a full-level trace still records each one.) The cap counts
//! what actually costs time, with `sim::lease::run_with`: the events of
//! the event loop and, at full level, the refusals recorded. When a
//! run reaches it, [`run_within_cap`] shortens the run: a summary run's
//! duration to the whole seconds the capped attempt reached, and it tries
//! again; a timeline's visible window to the first step of 200 ms (the
//! shortest window a permalink accepts) after the time the cap caught it,
//! and the run carries on to there (`sim::lease::AtCap::EndAtNextStep`). The caller
//! shows the shortened span as a notice. Because a run's events never
//! depend on how far it is taken, the shortened run is exactly the
//! beginning of the full one.
//!
//! The page and `lab figure` apply the same caps, so a figure file still
//! equals the page's figure.

use lab_sim::lease::{run, run_with, LeaseConfig, LeaseTrace, Limits, TraceLevel};

/// Events a summary-level run may take (a 60 s run of a figure that plots
/// it on the main thread, or of the metric table): a little above the
/// heaviest article preset (82 thousand), some 6–9 ms in the browser.
pub const MAX_EVENTS_SUMMARY: u64 = 100_000;

/// Events (and recorded refusals) a full-level run may take: the
/// timeline's visible window, run and drawn on the main thread at every
/// slider move, within one 16 ms frame.
/// A run that reaches the cap goes on to the next step of [`FULL_STEP_MS`],
/// so a redraw costs this plus at most one step's events: at the heaviest
/// corner, 14 thousand events in its first 200 ms, some 3 ms in the
/// browser. Five times the busiest figure's starting window (about 2
/// thousand events).
pub const MAX_EVENTS_FULL: u64 = 10_000;

/// The cap for runs at `level`.
pub fn max_events(level: TraceLevel) -> u64 {
    if level == TraceLevel::Full {
        MAX_EVENTS_FULL
    } else {
        MAX_EVENTS_SUMMARY
    }
}

/// The step by which a timeline's window shrinks under the cap (ms).
pub const FULL_STEP_MS: u64 = 200;

/// What the cap changed in a drawn run, for the page to say (the words
/// layer's `notices::cap_notice`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CapNotice {
    /// A timeline's visible window was shortened to `shown_ms`: past
    /// [`MAX_EVENTS_FULL`] events the run goes on only to the next
    /// [`FULL_STEP_MS`] boundary.
    Window { shown_ms: u64 },
    /// A summary run was drawn shortened to `run_ms` (whole seconds): a run
    /// takes at most [`MAX_EVENTS_SUMMARY`] events.
    Duration { run_ms: u64 },
}

impl CapNotice {
    /// The notice for a run at `level` that the cap shortened to `ms`
    /// ([`run_within_cap`]'s second value).
    pub fn of(level: TraceLevel, ms: u64) -> CapNotice {
        if level == TraceLevel::Full {
            CapNotice::Window { shown_ms: ms }
        } else {
            CapNotice::Duration { run_ms: ms }
        }
    }
}

/// Runs `config` within the cap for `level`. Returns the trace and, when the
/// cap shortened the run, the simulated time it was run to (ms):
/// - at summary level the duration shrinks to the whole second the capped
///   attempt reached (at least 1 s), so the run's rates and the table stay
///   those of a complete, shorter run; a run whose first second predicts
///   more than twice the cap starts from the duration that rate allows;
/// - at full level (a timeline's window) the deadline moves to the first
///   multiple of [`FULL_STEP_MS`] after the time the cap caught the run
///   (`sim::lease::AtCap::EndAtNextStep`).
pub fn run_within_cap(config: &LeaseConfig, seed: u64, run_index: u32, level: TraceLevel) -> (LeaseTrace, Option<u64>) {
    if level == TraceLevel::Full {
        return run_window_within_cap(config, seed, run_index);
    }
    let mut config = config.clone();
    let mut shortened = None;
    if config.duration_s > 1 {
        // The first second tells a run far over the cap from one near it. A
        // far one starts from the duration its rate predicts, and a capped
        // attempt of the whole duration (plus reruns) is not paid for: at the
        // heaviest corner that was 100 thousand events wasted, then 100
        // thousand again, before the 1 s run that fits.
        let cap = max_events(level);
        let first = run(&LeaseConfig { duration_s: 1, ..config.clone() }, seed, run_index, level);
        let per_s = first.stats.events_processed.max(1);
        if per_s * u64::from(config.duration_s) > 2 * cap {
            let fit_s = u32::try_from(cap / per_s).unwrap_or(u32::MAX).clamp(1, config.duration_s - 1);
            shortened = Some(u64::from(fit_s) * 1_000);
            if fit_s == 1 {
                return (first, shortened);
            }
            config.duration_s = fit_s;
        }
    }
    loop {
        if config.duration_s <= 1 {
            // One second is bounded by the sliders' ranges (some 60 thousand events at most).
            return (run(&config, seed, run_index, level), shortened);
        }
        match run_with(&config, seed, run_index, level, Limits::capped(max_events(level))) {
            Ok(done) => return (done.trace, shortened),
            Err(reached) => {
                // Whole seconds, strictly shorter: the loop ends.
                let reached_s = u32::try_from(reached.at_us / 1_000_000).unwrap_or(u32::MAX);
                config.duration_s = reached_s.clamp(1, config.duration_s - 1);
                shortened = Some(u64::from(config.duration_s) * 1_000);
            }
        }
    }
}

fn run_window_within_cap(config: &LeaseConfig, seed: u64, run_index: u32) -> (LeaseTrace, Option<u64>) {
    let limits = Limits::capped(MAX_EVENTS_FULL).ending_at_next_step(FULL_STEP_MS * 1_000);
    let done = run_with(config, seed, run_index, TraceLevel::Full, limits).expect("a window does not give up");
    (done.trace, done.moved_deadline_us.map(|us| us / 1_000))
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::{Preset, Variant};

    fn heaviest() -> LeaseConfig {
        LeaseConfig {
            threads: 64,
            wallets: 16,
            retry_ms: 5,
            pause_min_ms: 0,
            pause_max_ms: 0,
            pre_overhead_ms: 5,
            post_overhead_ms: 0,
            lock_net_us: 0,
            db_net_us: 0,
            duration_s: 120,
            ..Preset::Exp1.config()
        }
    }

    #[test]
    fn no_article_preset_is_capped() {
        for preset in Preset::ALL {
            let (trace, shortened) = run_within_cap(&preset.config(), 1, 0, TraceLevel::Summary);
            assert_eq!(shortened, None, "{}", preset.key());
            assert_eq!(trace, run(&preset.config(), 1, 0, TraceLevel::Summary));
        }
    }

    #[test]
    fn the_heaviest_corner_is_shortened_to_fit() {
        let (trace, shortened) = run_within_cap(&heaviest(), 1, 0, TraceLevel::Summary);
        let ms = shortened.expect("the heaviest corner needs millions of events in 120 s");
        assert!((1_000..120_000).contains(&ms) && ms % 1_000 == 0);
        assert_eq!(u64::from(trace.config.duration_s) * 1_000, ms);
        assert!(trace.stats.events_processed <= MAX_EVENTS_SUMMARY || ms == 1_000);
        // Its first second alone is over half the cap: that second is the run.
        assert_eq!(ms, 1_000);
        assert_eq!(trace, run(&LeaseConfig { duration_s: 1, ..heaviest() }, 1, 0, TraceLevel::Summary));
        // A lighter run over the cap: its first second picks a duration, capped attempts trim it.
        let near = LeaseConfig { threads: 64, wallets: 16, duration_s: 120, ..Preset::Exp1.config() };
        let (trace, shortened) = run_within_cap(&near, 1, 0, TraceLevel::Summary);
        let ms = shortened.expect("120 s of 64 threads exceed the summary cap");
        assert!(
            ms > 1_000 && trace.stats.events_processed <= MAX_EVENTS_SUMMARY,
            "{ms} ms, {} events",
            trace.stats.events_processed
        );
        // A timeline's window in the same corner shrinks below a second.
        let twenty = LeaseConfig { duration_s: 20, ..heaviest() };
        let (window, shortened) = run_within_cap(&twenty, 1, 0, TraceLevel::Full);
        let ms = shortened.expect("20 s of the heaviest corner exceed the full-level cap");
        assert!(ms < 1_000 && ms % FULL_STEP_MS == 0, "window shrank to {ms} ms");
        // The cap caught it within the first step, and the step ran whole: 14 thousand events.
        assert_eq!(ms, FULL_STEP_MS);
        assert!(window.stats.events_processed > MAX_EVENTS_FULL);
        assert_eq!(window, run_with(&twenty, 1, 0, TraceLevel::Full, Limits::NONE.until(ms * 1_000)).unwrap().trace);
    }

    #[test]
    fn a_shortened_run_is_the_beginning_of_the_full_one() {
        let mut cfg = heaviest();
        cfg.variant = Variant::Watchdog;
        cfg.duration_s = 3;
        let (capped, shortened) = run_within_cap(&cfg, 3, 0, TraceLevel::Full);
        let ms = shortened.expect("3 s of the heaviest corner exceed the full-level cap");
        // Every event of the shortened run before its deadline is an event of the full run.
        let longer = run(&cfg, 3, 0, TraceLevel::Full);
        let deadline_us = ms * 1_000;
        let before = |t: &LeaseTrace| t.events.iter().filter(|e| e.at.t_us < deadline_us).cloned().collect::<Vec<_>>();
        assert_eq!(before(&capped), before(&longer));
    }

    #[test]
    fn a_capped_run_gives_up_within_the_cap() {
        let err = run_with(&heaviest(), 1, 0, TraceLevel::Summary, Limits::capped(10_000)).unwrap_err();
        assert_eq!(err.max_events, 10_000);
        assert!(err.at_us > 0 && err.at_us < 120_000_000);
    }
}
