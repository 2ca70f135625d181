//! The one list of the site's figures: for every figure id its code, the
//! drawing it uses, the chapter that places it, the query it starts from,
//! the controls shown first, its caption and what replaces an image file
//! when it has none. Article A's figures, the sweeps and Article B's figures,
//! the page, the export module and `lab figure` all read it; nothing else
//! lists figures.
//!
//! It holds only data (strings and enums, no functions), so the site's
//! first-load wasm, which reads it, carries no code of the figures it does
//! not draw itself.

use crate::params::SweepKind;

/// Which drawing a figure is, and so which scenario it belongs to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FigureKind {
    /// Article A: the lane timeline of one run (A1, A3, A5, A6).
    Timeline,
    /// Article A: two timelines, (c-1) above (c-2) (A4).
    SplitTimeline,
    /// Article A: snapshot against ledger (A2).
    Balance,
    /// Article A: the outage's time series (A7).
    Outage,
    /// Article A: throughput against over-approval, every variant (A8).
    Tradeoff,
    /// Article A: latency CDFs, every variant (A9).
    LatencyCdf,
    /// A parameter sweep's heatmap (S1, S2).
    Sweep(SweepKind),
    /// Article B: the story of one signed action (B1).
    Story,
    /// Article B: the story with the outer transaction, joined and refused (B3).
    OuterTransaction,
    /// Article B: the story with status probes (B4).
    UncertainFailure,
    /// Article B: finalized height per number of blocked validators (B5).
    Liveness,
    /// Article B: the storage stack under kill and power loss (B6).
    KillVsPower,
    /// Article B: the crash-point map, an HTML table (B2).
    CrashMatrix,
    /// Article B: A's lane over its first height, where the reader taps an
    /// instant to kill A or cut its power (B9).
    TapCrash,
    /// Article A's small world, where the reader is the adversary: the
    /// reader's own schedule, built by the page's `check` module (A10).
    BreakIt,
}

/// The simulation a figure runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scenario {
    /// Scenario A, one configuration (the lock-lease figures).
    Lease,
    /// Scenario A, a grid of configurations computed by the sweep workers.
    Sweep,
    /// Scenario B (the vote figures).
    Vote,
    /// Article A's small world of `lab check` (`lab_check`): none of the
    /// simulation's runs, and its own keys (`params::CHECK_KEYS`), which the
    /// page's `check` module reads and judges itself.
    Check,
}

impl FigureKind {
    pub fn scenario(self) -> Scenario {
        match self {
            FigureKind::Timeline
            | FigureKind::SplitTimeline
            | FigureKind::Balance
            | FigureKind::Outage
            | FigureKind::Tradeoff
            | FigureKind::LatencyCdf => Scenario::Lease,
            FigureKind::Sweep(_) => Scenario::Sweep,
            FigureKind::Story
            | FigureKind::OuterTransaction
            | FigureKind::UncertainFailure
            | FigureKind::Liveness
            | FigureKind::KillVsPower
            | FigureKind::CrashMatrix
            | FigureKind::TapCrash => Scenario::Vote,
            FigureKind::BreakIt => Scenario::Check,
        }
    }

    /// An Article A timeline: a time window and a player over one run's events.
    pub fn is_lease_timeline(self) -> bool {
        matches!(self, FigureKind::Timeline | FigureKind::SplitTimeline)
    }

    /// An Article B story: a player over the story's steps.
    pub fn is_story(self) -> bool {
        matches!(self, FigureKind::Story | FigureKind::OuterTransaction | FigureKind::UncertainFailure)
    }

    /// Whether the figure has a player (cursor, play, step, scrub, speed).
    pub fn has_player(self) -> bool {
        self.is_lease_timeline() || self.is_story()
    }
}

/// One figure of the site.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FigureSpec {
    /// The id of the `{{figure:ID}}` marker, the `<figure>` element, the URL's `fig=` and `lab figure`.
    pub id: &'static str,
    /// The stable code of `lab figure --list` and the files (A1…, S1, B6).
    pub code: &'static str,
    /// The number the reader sees, following the chapter: experiment N's k-th
    /// figure is `N-k` (Article A's chapters counted in order, so the summary
    /// is 6 and the sweeps 7), `B-N`'s is `BN-k`. Captions open with it.
    pub number: &'static str,
    pub kind: FigureKind,
    /// The chapter (content file id) whose prose places the figure.
    pub chapter: &'static str,
    /// The query a fresh figure starts from, in the URL's syntax (a sweep's
    /// is empty: its own defaults, `SweepKind::default_spec`).
    pub start_query: &'static str,
    /// Article A: the default visible window of a timeline, in ms.
    pub window_ms: u32,
    /// Article A: only these wallets by default (empty: all).
    pub wallets: &'static [u32],
    /// The query keys whose controls are shown first (the ones the chapter's
    /// text asks the reader to move); the rest sit under "all settings".
    pub main_keys: &'static [&'static str],
    /// The one or two query keys the paragraph around the figure is about:
    /// the only settings lesson mode shows at load (a crash's point stands
    /// for its mode too); every other one waits in the figure's lab. Empty
    /// when the lesson moves no setting (a switch or the story does it). A
    /// sweep map's may name its variant and `metric` (the colour), the two
    /// selects beside its axis sliders.
    pub lesson_keys: &'static [&'static str],
    /// Article A: the live metrics (`metrics::LIVE_TABLE` keys) the chapter
    /// talks about, shown beside the figure from its own runs while the
    /// reader moves a control (empty: none).
    pub key_metrics: &'static [&'static str],
    /// Why the figure has no image file (it is not a plotters drawing), if so.
    pub not_drawn: Option<&'static str>,
}

impl FigureSpec {
    pub fn scenario(&self) -> Scenario {
        self.kind.scenario()
    }

    /// The query an Article A figure starts from.
    pub fn initial_query(&self) -> crate::params::LeaseQuery {
        crate::params::parse_lease_query(self.start_query).value
    }

    /// The configuration an Article B figure starts from.
    pub fn initial_vote_config(&self) -> lab_sim::vote::VoteConfig {
        crate::params::parse_vote_query(self.start_query).value
    }
}

const A_KEYS: &[&str] = &["threads", "ttl_ms", "pause_min_ms", "pause_max_ms"];

/// Figures the page composes from other figures' runs, with no file of their
/// own (not in [`FIGURES`], so no export, embed or `lab figure`): Article A's
/// closing small multiples (`crate::web::side_by_side`).
pub const PAGE_ONLY: &[&str] = &["side-by-side"];

/// Every figure, in the order `lab figure --list` prints them: Article A's,
/// the sweeps, then Article B's.
pub static FIGURES: &[FigureSpec] = &[
    FigureSpec {
        id: "lease-expiry",
        code: "A1",
        number: "1-1",
        kind: FigureKind::Timeline,
        chapter: "a1-lease-expiry",
        start_query: "preset=exp1",
        window_ms: 3_000,
        wallets: &[],
        main_keys: &["ttl_ms", "pause_min_ms", "pause_max_ms", "threads"],
        lesson_keys: &["ttl_ms"],
        key_metrics: &["approvals", "ownership_overlap_pairs", "lost_update_pairs"],
        not_drawn: None,
    },
    FigureSpec {
        id: "silent-drift",
        code: "A2",
        number: "1-2",
        kind: FigureKind::Balance,
        chapter: "a1-lease-expiry",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: &["ttl_ms", "threads", "variant"],
        lesson_keys: &[],
        key_metrics: &["drift_won", "over_approval", "negative_ledger_wallets"],
        not_drawn: None,
    },
    FigureSpec {
        id: "watchdog-stop",
        code: "A3",
        number: "2-1",
        kind: FigureKind::Timeline,
        chapter: "a2-watchdog",
        start_query: "preset=exp2_stop",
        window_ms: 4_000,
        wallets: &[0, 1],
        main_keys: &["stop_duration_ms", "watchdog_period_ms", "processes", "ttl_ms"],
        lesson_keys: &["stop_duration_ms"],
        key_metrics: &["stolen_at_release", "ownership_overlap_pairs", "watchdog_extensions"],
        not_drawn: None,
    },
    FigureSpec {
        id: "fence-placement",
        code: "A4",
        number: "3-1",
        kind: FigureKind::SplitTimeline,
        chapter: "a3-fencing",
        start_query: "preset=exp3_c1",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["ttl_ms", "pause_min_ms", "pause_max_ms", "fence_check_locks_row"],
        lesson_keys: &["pause_min_ms"],
        key_metrics: &["fencing_rejects", "over_approval", "lost_update_pairs"],
        not_drawn: None,
    },
    FigureSpec {
        id: "lease-clock",
        code: "A5",
        number: "3-2",
        kind: FigureKind::Timeline,
        chapter: "a3-fencing",
        start_query: "preset=exp3_ttl1s&acquire_lag_ppm=150000",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["ttl_ms", "acquire_lag_ppm", "pause_min_ms", "pause_max_ms"],
        lesson_keys: &["acquire_lag_ppm"],
        key_metrics: &["ownership_overlap_pairs", "max_concurrent_owners", "approvals"],
        not_drawn: None,
    },
    FigureSpec {
        id: "conditional-update",
        code: "A6",
        number: "4-1",
        kind: FigureKind::Timeline,
        chapter: "a4-conditional-update",
        start_query: "preset=exp4",
        window_ms: 3_000,
        wallets: &[0],
        main_keys: &["pause_min_ms", "pause_max_ms", "threads", "wallets"],
        lesson_keys: &["threads"],
        key_metrics: &["approvals", "over_approval", "throughput_rps"],
        not_drawn: None,
    },
    FigureSpec {
        id: "outage",
        code: "A7",
        number: "5-1",
        kind: FigureKind::Outage,
        chapter: "a5-outage",
        start_query: "preset=exp5_open",
        window_ms: 60_000,
        wallets: &[],
        main_keys: &["variant", "fail_policy", "outage_kill_ms", "outage_restart_ms"],
        lesson_keys: &["fail_policy"],
        key_metrics: &["lockless_holds_during_outage", "post_restart_read_rejects", "drift_won"],
        not_drawn: None,
    },
    FigureSpec {
        id: "tradeoff",
        code: "A8",
        number: "6-1",
        kind: FigureKind::Tradeoff,
        chapter: "a6-summary",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: A_KEYS,
        lesson_keys: &["ttl_ms"],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "latency-cdf",
        code: "A9",
        number: "4-2",
        kind: FigureKind::LatencyCdf,
        chapter: "a4-conditional-update",
        start_query: "preset=exp1",
        window_ms: 60_000,
        wallets: &[],
        main_keys: A_KEYS,
        lesson_keys: &[],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "sweep-ttl-pause",
        code: "S1",
        number: "7-1",
        kind: FigureKind::Sweep(SweepKind::TtlPause),
        chapter: "a7-sweeps",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["ttl_lo", "ttl_hi", "pause_lo", "pause_hi"],
        lesson_keys: &["variant", "metric"],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "sweep-contention",
        code: "S2",
        number: "7-2",
        kind: FigureKind::Sweep(SweepKind::Contention),
        chapter: "a7-sweeps",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["tpw_lo", "tpw_hi", "wallets_lo", "wallets_hi"],
        lesson_keys: &[],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "break-it",
        code: "A10",
        number: "8-1",
        kind: FigureKind::BreakIt,
        chapter: "a8-break-it",
        start_query: "",
        window_ms: 0,
        wallets: &[],
        main_keys: &["check", "threads"],
        lesson_keys: &["check", "threads"],
        key_metrics: &[],
        not_drawn: Some(
            "A10 is the reader's own schedule, built by the page's check module; `lab check` prints its data, `lab check --replay F.svg` draws a counterexample as a timeline",
        ),
    },
    FigureSpec {
        id: "vote-story",
        code: "B1",
        number: "B1-1",
        kind: FigureKind::Story,
        chapter: "b1-remember",
        start_query: "scenario=vote",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["variant", "crash_after"],
        key_metrics: &[],
        not_drawn: None,
    },
    // B-2 opens on this figure, before the crash-point map.
    FigureSpec {
        id: "tap-crash",
        code: "B9",
        number: "B2-1",
        kind: FigureKind::TapCrash,
        chapter: "b2-durable",
        start_query: "scenario=vote&variant=V3&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &["fault", "variant", "device_honours_sync"],
        lesson_keys: &["fault", "variant"],
        key_metrics: &[],
        not_drawn: Some("B2-1 is drawn by the page's figures module from its own runs, beside the reader's choices; it has no file yet"),
    },
    FigureSpec {
        id: "crash-matrix",
        code: "B2",
        number: "B2-2",
        kind: FigureKind::CrashMatrix,
        chapter: "b2-durable",
        start_query: "scenario=vote",
        window_ms: 0,
        wallets: &[],
        main_keys: &["profile", "device_honours_sync"],
        lesson_keys: &["profile", "device_honours_sync"],
        key_metrics: &[],
        not_drawn: Some("B2 is an HTML table on the site, not a drawing; use `lab crashpoints` for its data"),
    },
    FigureSpec {
        id: "outer-transaction",
        code: "B3",
        number: "B3-1",
        kind: FigureKind::OuterTransaction,
        chapter: "b3-outer-transaction",
        start_query: "scenario=vote&variant=V2&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &["outer_end", "crash", "crash_after", "fault"],
        lesson_keys: &["outer_end"],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "uncertain-failure",
        code: "B4",
        number: "B4-1",
        kind: FigureKind::UncertainFailure,
        chapter: "b4-fence",
        start_query: "scenario=vote&variant=F-fence&crash=none",
        window_ms: 0,
        wallets: &[],
        main_keys: &[
            "variant",
            "status_probe_shares_engine_lock",
            "sync_error_true_state",
            "interrupt_during",
            "crash",
            "crash_after",
            "fault",
        ],
        lesson_keys: &["variant", "status_probe_shares_engine_lock"],
        key_metrics: &[],
        not_drawn: None,
    },
    // B-5's story is B1's figure on the article's own answer to an interrupt:
    // the crash point lies past the run's last event (it has no send to crash
    // after), so the reader who switches the variant to "success at once"
    // sees a power loss strike right after the third send.
    FigureSpec {
        id: "interrupt-wait",
        code: "B7",
        number: "B5-1",
        kind: FigureKind::Story,
        chapter: "b5-interrupt",
        start_query: "scenario=vote&variant=I-wait-then-fence&crash_after=8&fault=power",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["variant"],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "restart-recovery",
        code: "B8",
        number: "B6-1",
        kind: FigureKind::Story,
        chapter: "b6-recovery",
        start_query: "scenario=vote&variant=V0&crash_after=5",
        window_ms: 0,
        wallets: &[],
        main_keys: &["variant", "crash_after", "fault", "conflict_source", "profile", "device_honours_sync"],
        lesson_keys: &["crash_after"],
        key_metrics: &[],
        not_drawn: None,
    },
    // B5 starts with its transactions at 12 s, so the run spans several rounds
    // of proposer rotation before it stops: the longer step where the blocked
    // node was due to propose shows up repeatedly.
    FigureSpec {
        id: "liveness",
        code: "B5",
        number: "B8-1",
        kind: FigureKind::Liveness,
        chapter: "b8-liveness",
        start_query: "scenario=vote&variant=V0&crash=none&blocked_validators=1&txs_submit_at_ms=12000",
        window_ms: 0,
        wallets: &[],
        main_keys: &["blocked_validators"],
        lesson_keys: &["blocked_validators"],
        key_metrics: &[],
        not_drawn: None,
    },
    FigureSpec {
        id: "kill-vs-power",
        code: "B6",
        number: "B7-1",
        kind: FigureKind::KillVsPower,
        chapter: "b7-kill-vs-power",
        start_query: "scenario=vote&variant=V3&crash=none&os_writeback_delay_ms=3000",
        window_ms: 0,
        wallets: &[],
        main_keys: &["device_honours_sync", "variant", "profile"],
        lesson_keys: &["device_honours_sync"],
        key_metrics: &[],
        not_drawn: None,
    },
];

/// The figure `id`, of any scenario.
pub fn figure(id: &str) -> Option<&'static FigureSpec> {
    FIGURES.iter().find(|f| f.id == id)
}

/// The figure `id` if it belongs to `scenario`.
pub fn figure_of(scenario: Scenario, id: &str) -> Option<&'static FigureSpec> {
    figure(id).filter(|f| f.scenario() == scenario)
}

/// The figures of one scenario, in order.
pub fn figures_of(scenario: Scenario) -> impl Iterator<Item = &'static FigureSpec> {
    FIGURES.iter().filter(move |f| f.scenario() == scenario)
}

/// The sweep figure of `kind`.
pub fn sweep_figure(kind: SweepKind) -> &'static FigureSpec {
    FIGURES.iter().find(|f| f.kind == FigureKind::Sweep(kind)).expect("every sweep kind has a figure")
}

/// A sweep figure's catalogue entries, by its kind.
impl SweepKind {
    /// The figure id (from the figure registry, `crate::registry`).
    pub fn figure_id(self) -> &'static str {
        crate::registry::sweep_figure(self).id
    }

    pub fn from_figure_id(id: &str) -> Option<SweepKind> {
        [SweepKind::TtlPause, SweepKind::Contention].into_iter().find(|k| k.figure_id() == id)
    }

    /// The figure's code in captions and `lab figure --list` (from the figure registry).
    pub fn code(self) -> &'static str {
        crate::registry::sweep_figure(self).code
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::{parse_lease_query, parse_vote_query, vote_to_query};

    #[test]
    fn ids_and_codes_are_unique() {
        for (i, a) in FIGURES.iter().enumerate() {
            for b in &FIGURES[i + 1..] {
                assert_ne!(a.id, b.id);
                assert_ne!(a.code, b.code);
                assert_ne!(a.number, b.number);
            }
        }
    }

    /// Every starting query parses without a notice, in its canonical form.
    #[test]
    fn starting_queries_are_clean_and_canonical() {
        for f in FIGURES {
            match f.scenario() {
                Scenario::Lease => {
                    let parsed = parse_lease_query(f.start_query);
                    assert!(parsed.notices.is_empty(), "{}: {:?}", f.id, parsed.notices);
                    assert!(parsed.value.preset.is_some(), "{}", f.id);
                }
                Scenario::Vote => {
                    let parsed = parse_vote_query(f.start_query);
                    assert!(parsed.notices.is_empty(), "{}: {:?}", f.id, parsed.notices);
                    assert_eq!(vote_to_query(&parsed.value), f.start_query, "{}", f.id);
                }
                Scenario::Sweep | Scenario::Check => assert_eq!(f.start_query, "", "{}", f.id),
            }
        }
    }

    /// Less to hold (issue 25): no figure shows more than six setting
    /// controls before "all settings": its main keys (a crash's mode and point
    /// are one control), plus a lock-lease figure's preset and seed (and
    /// figure 1-2's ledger switch), plus a sweep's variant and colour.
    #[test]
    fn no_figure_shows_more_than_six_controls_first() {
        for f in FIGURES {
            let paired = |k: &&str| *k == "crash_after" && f.main_keys.contains(&"crash");
            let keys = f.main_keys.iter().filter(|k| !paired(k)).count();
            let fixed = match f.scenario() {
                Scenario::Lease => 2 + usize::from(f.kind == FigureKind::Balance),
                Scenario::Sweep => 2,
                Scenario::Vote | Scenario::Check => 0,
            };
            assert!(keys + fixed <= 6, "{}: {} controls shown first", f.id, keys + fixed);
        }
    }

    /// The controls shown first name keys of the figure's scenario.
    #[test]
    fn main_keys_are_keys_of_the_scenario() {
        for f in FIGURES {
            for key in f.main_keys {
                let known = match f.kind {
                    FigureKind::Sweep(kind) => kind.owns_key(key),
                    _ if f.scenario() == Scenario::Check => crate::params::CHECK_KEYS.contains(key),
                    _ if f.scenario() == Scenario::Lease => crate::params::lease_param(key).is_some(),
                    // The vote figures' own controls: `crash` and `crash_after` are one key pair.
                    _ => crate::params::vote_param(key).is_some() || *key == "crash",
                };
                assert!(known, "{}: {key}", f.id);
            }
        }
    }

    /// Lesson mode's settings (issue 38) are real keys of the figure's
    /// scenario, at most two, and among the controls shown first.
    #[test]
    fn lesson_keys_are_a_few_of_the_main_keys() {
        for f in FIGURES {
            assert!(f.lesson_keys.len() <= 2, "{}: at most two lesson keys", f.id);
            for key in f.lesson_keys {
                let real = match f.kind {
                    FigureKind::Sweep(kind) => kind.owns_key(key) || *key == "metric",
                    _ if f.scenario() == Scenario::Check => crate::params::CHECK_KEYS.contains(key),
                    _ if f.scenario() == Scenario::Lease => crate::params::lease_param(key).is_some(),
                    _ => crate::params::vote_param(key).is_some(),
                };
                assert!(real, "{}: {key} is no parameter of its scenario", f.id);
                // A sweep's main keys are its axis sliders; its variant and
                // colour are the selects beside them.
                let select = matches!(f.kind, FigureKind::Sweep(_)) && ["variant", "metric"].contains(key);
                assert!(select || f.main_keys.contains(key), "{}: {key} is not among its main keys", f.id);
            }
        }
        let keys = |id: &str| figure(id).unwrap().lesson_keys;
        assert_eq!((keys("lease-expiry"), keys("watchdog-stop")), (&["ttl_ms"][..], &["stop_duration_ms"][..]));
        // Each names what its chapter's question asks the reader to move.
        assert_eq!(keys("kill-vs-power"), &["device_honours_sync"][..]);
        assert_eq!(keys("uncertain-failure"), &["variant", "status_probe_shares_engine_lock"][..]);
        assert_eq!(keys("crash-matrix"), &["profile", "device_honours_sync"][..]);
        assert_eq!(keys("sweep-ttl-pause"), &["variant", "metric"][..]);
    }

    /// The live numbers beside a figure are rows of the metric table, and
    /// only Article A's figures, whose runs have them, name any.
    #[test]
    fn key_metrics_are_table_rows() {
        for f in FIGURES {
            assert!(f.key_metrics.len() <= 3, "{}: at most three live numbers", f.id);
            if f.scenario() != Scenario::Lease {
                assert!(f.key_metrics.is_empty(), "{}", f.id);
            }
            for key in f.key_metrics {
                assert!(crate::metrics::LIVE_TABLE.iter().any(|m| m.key() == *key), "{}: {key}", f.id);
            }
        }
        assert!(!figure("lease-expiry").unwrap().key_metrics.is_empty());
    }
}
