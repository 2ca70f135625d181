//! Configuration of a Scenario A run (model.md §1.3) and the article's presets.
//!
//! Every field carries its unit in its name. Defaults are the article's
//! common conditions; [`Preset`] names one configuration per experiment.
//! Validation and ranges live in `crate::params`, not here: a `LeaseConfig`
//! that reaches the simulation is already valid.

use serde::{Deserialize, Serialize};

/// The shape of the critical section (model.md §1.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// (a) SET NX PX lock; read → pause → compute → unconditional write.
    Naive,
    /// (b) (a) plus a watchdog that extends the lease every `watchdog_period`.
    Watchdog,
    /// (c-1) (a) plus a fence check-and-advance inside the write transaction.
    FenceWrite,
    /// (c-2) (a) plus a fence advance and FOR SHARE read right after acquiring;
    /// the write passes only while the fence still equals the holder's token.
    FenceRead,
    /// (d) No distributed lock: pause, then a conditional atomic UPDATE.
    Conditional,
}

impl Variant {
    pub const ALL: [Variant; 5] =
        [Variant::Naive, Variant::Watchdog, Variant::FenceWrite, Variant::FenceRead, Variant::Conditional];

    /// The query-string spelling (`variant=…`).
    pub fn key(self) -> &'static str {
        match self {
            Variant::Naive => "naive",
            Variant::Watchdog => "watchdog",
            Variant::FenceWrite => "fence_write",
            Variant::FenceRead => "fence_read",
            Variant::Conditional => "conditional",
        }
    }

    pub fn from_key(key: &str) -> Option<Variant> {
        Variant::ALL.into_iter().find(|v| v.key() == key)
    }

    /// The article's label: (a), (b), (c-1), (c-2), (d).
    pub fn article_label(self) -> &'static str {
        match self {
            Variant::Naive => "(a)",
            Variant::Watchdog => "(b)",
            Variant::FenceWrite => "(c-1)",
            Variant::FenceRead => "(c-2)",
            Variant::Conditional => "(d)",
        }
    }
}

/// What a worker does when the lock server cannot be reached (Exp 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailPolicy {
    /// Answer 503; no hold, no write.
    Closed,
    /// Proceed without the lock (a lockless hold).
    Open,
}

impl FailPolicy {
    pub fn key(self) -> &'static str {
        match self {
            FailPolicy::Closed => "closed",
            FailPolicy::Open => "open",
        }
    }
}

/// How workers are spread over wallets (model.md §1.2, [INF/CAL]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WalletAssignment {
    /// `wallet = worker mod wallets`.
    Fixed,
    /// A uniformly random wallet per request.
    Random,
}

/// A lock-server kill and restart with state loss (Exp 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outage {
    pub kill_at_ms: u32,
    pub restart_at_ms: u32,
}

/// Freezes of process 0 (Exp 2's SIGSTOP): `count` stops of `duration_ms`,
/// the k-th starting at `first_at_ms + k·period_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct StopSchedule {
    pub count: u32,
    pub duration_ms: u32,
    pub period_ms: u32,
    pub first_at_ms: u32,
}

impl StopSchedule {
    pub const NONE: StopSchedule = StopSchedule { count: 0, duration_ms: 400, period_ms: 1_500, first_at_ms: 1_500 };
    pub const ARTICLE: StopSchedule =
        StopSchedule { count: 35, duration_ms: 400, period_ms: 1_500, first_at_ms: 1_500 };
}

/// Optional real-world noise (model.md §1.3, all \[PROP\]); all zero is noise-free.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Noise {
    /// ± this percentage, uniform, on every one-way network latency.
    pub latency_jitter_pct: u32,
    /// Mean lock-server stalls per minute (Poisson); 0 = none.
    pub stalls_per_min: u32,
    pub stall_min_ms: u32,
    pub stall_max_ms: u32,
    /// Probability, in parts per million, that an acquisition is observed late by the client.
    pub acquire_lag_ppm: u32,
    pub acquire_lag_min_ms: u32,
    pub acquire_lag_max_ms: u32,
}

impl Noise {
    pub const OFF: Noise = Noise {
        latency_jitter_pct: 0,
        stalls_per_min: 0,
        stall_min_ms: 100,
        stall_max_ms: 400,
        acquire_lag_ppm: 0,
        acquire_lag_min_ms: 550,
        acquire_lag_max_ms: 700,
    };
    /// The "realistic" preset: jitter, occasional stalls, rare observation lag.
    pub const REALISTIC: Noise = Noise {
        latency_jitter_pct: 20,
        stalls_per_min: 2,
        stall_min_ms: 100,
        stall_max_ms: 400,
        acquire_lag_ppm: 2_000,
        acquire_lag_min_ms: 550,
        acquire_lag_max_ms: 700,
    };

    pub fn is_off(&self) -> bool {
        self.latency_jitter_pct == 0 && self.stalls_per_min == 0 && self.acquire_lag_ppm == 0
    }
}

/// Everything that defines a Scenario A run, apart from the seed and run index.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LeaseConfig {
    pub variant: Variant,
    pub ttl_ms: u32,
    /// The injected pause is uniform in `[pause_min_ms, pause_max_ms]`, inclusive, drawn in whole µs.
    pub pause_min_ms: u32,
    pub pause_max_ms: u32,
    pub threads: u32,
    pub wallets: u32,
    pub wallet_assignment: WalletAssignment,
    /// Application processes; workers are spread round-robin; stops hit process 0.
    pub processes: u32,
    /// No request starts after this; requests in flight drain.
    pub duration_s: u32,
    /// Watchdog extension period; `None` means `floor(ttl / 3)` in whole ms.
    pub watchdog_period_ms: Option<u32>,
    pub stops: StopSchedule,
    pub outage: Option<Outage>,
    pub fail_policy: FailPolicy,
    /// Sleep after a failed SET NX before trying again.
    pub retry_ms: u32,
    pub pre_overhead_ms: u32,
    pub post_overhead_ms: u32,
    pub lock_net_us: u32,
    pub db_net_us: u32,
    pub lock_unavailable_us: u32,
    pub client_timeout_ms: u32,
    pub amount_won: u32,
    pub initial_balance_won: u32,
    /// c-2's write-time equality check takes the fence row's X lock (model.md §1.2 \[AMB\]).
    pub fence_check_locks_row: bool,
    /// Non-article toggle: the worker aborts its write when its watchdog saw the lease lost.
    pub abort_on_lost_lease: bool,
    pub noise: Noise,
}

impl Default for LeaseConfig {
    fn default() -> Self {
        LeaseConfig {
            variant: Variant::Naive,
            ttl_ms: 200,
            pause_min_ms: 300,
            pause_max_ms: 500,
            threads: 16,
            wallets: 4,
            wallet_assignment: WalletAssignment::Fixed,
            processes: 1,
            duration_s: 60,
            watchdog_period_ms: None,
            stops: StopSchedule::NONE,
            outage: None,
            fail_policy: FailPolicy::Closed,
            retry_ms: 20,
            pre_overhead_ms: 10,
            post_overhead_ms: 5,
            lock_net_us: 250,
            db_net_us: 250,
            lock_unavailable_us: 200,
            client_timeout_ms: 500,
            amount_won: 1_000,
            initial_balance_won: 60_000,
            fence_check_locks_row: true,
            abort_on_lost_lease: false,
            noise: Noise::OFF,
        }
    }
}

impl LeaseConfig {
    /// The watchdog period actually used.
    pub fn effective_watchdog_period_ms(&self) -> u32 {
        self.watchdog_period_ms.unwrap_or(self.ttl_ms / 3).max(1)
    }

    pub fn possible_approvals_per_wallet(&self) -> u64 {
        u64::from(self.initial_balance_won / self.amount_won.max(1))
    }
}

/// One named configuration per experiment of Article A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Preset {
    Exp1,
    Exp2,
    Exp2Stop,
    Exp3C1,
    Exp3C2,
    Exp3Ttl1s,
    Exp4,
    Exp5Closed,
    Exp5Open,
    Exp5C2Closed,
    Exp5Control,
}

impl Preset {
    pub const ALL: [Preset; 11] = [
        Preset::Exp1,
        Preset::Exp2,
        Preset::Exp2Stop,
        Preset::Exp3C1,
        Preset::Exp3C2,
        Preset::Exp3Ttl1s,
        Preset::Exp4,
        Preset::Exp5Closed,
        Preset::Exp5Open,
        Preset::Exp5C2Closed,
        Preset::Exp5Control,
    ];

    pub fn key(self) -> &'static str {
        match self {
            Preset::Exp1 => "exp1",
            Preset::Exp2 => "exp2",
            Preset::Exp2Stop => "exp2_stop",
            Preset::Exp3C1 => "exp3_c1",
            Preset::Exp3C2 => "exp3_c2",
            Preset::Exp3Ttl1s => "exp3_ttl1s",
            Preset::Exp4 => "exp4",
            Preset::Exp5Closed => "exp5_closed",
            Preset::Exp5Open => "exp5_open",
            Preset::Exp5C2Closed => "exp5_c2_closed",
            Preset::Exp5Control => "exp5_control",
        }
    }

    pub fn from_key(key: &str) -> Option<Preset> {
        Preset::ALL.into_iter().find(|p| p.key() == key)
    }

    /// The article's measurement id.
    pub fn measurement_id(self) -> &'static str {
        match self {
            Preset::Exp1 => "M-024",
            Preset::Exp2 | Preset::Exp2Stop => "M-025",
            Preset::Exp3C1 | Preset::Exp3C2 | Preset::Exp3Ttl1s => "M-026",
            Preset::Exp4 => "M-027",
            Preset::Exp5Closed | Preset::Exp5Open | Preset::Exp5C2Closed | Preset::Exp5Control => "M-028",
        }
    }

    pub fn config(self) -> LeaseConfig {
        let base = LeaseConfig::default();
        let outage = Some(Outage { kill_at_ms: 20_000, restart_at_ms: 40_000 });
        match self {
            Preset::Exp1 => base,
            Preset::Exp2 => LeaseConfig { variant: Variant::Watchdog, ..base },
            Preset::Exp2Stop => LeaseConfig { variant: Variant::Watchdog, stops: StopSchedule::ARTICLE, ..base },
            Preset::Exp3C1 => LeaseConfig { variant: Variant::FenceWrite, ..base },
            Preset::Exp3C2 => LeaseConfig { variant: Variant::FenceRead, ..base },
            Preset::Exp3Ttl1s => LeaseConfig { variant: Variant::FenceRead, ttl_ms: 1_000, ..base },
            Preset::Exp4 => LeaseConfig { variant: Variant::Conditional, ..base },
            Preset::Exp5Closed => LeaseConfig { outage, fail_policy: FailPolicy::Closed, ..base },
            Preset::Exp5Open => LeaseConfig { outage, fail_policy: FailPolicy::Open, ..base },
            Preset::Exp5C2Closed => {
                LeaseConfig { variant: Variant::FenceRead, outage, fail_policy: FailPolicy::Closed, ..base }
            }
            Preset::Exp5Control => LeaseConfig { variant: Variant::Conditional, outage, ..base },
        }
    }
}
