//! The twelve configurations a real run covers: the eleven presets of
//! lab-sim (one per row of the article's tables) plus (a) at TTL 1 s, which
//! the article ran beside (c-2) at TTL 1 s. A run shorter than 60 s keeps
//! the article's fault schedule in proportion: the Redis kill and restart
//! at one and two thirds of the run, and the stops every 1.5 s as long as
//! a stop ends before the deadline.

use lab_sim::lease::{LeaseConfig, Outage, Preset, StopSchedule, Variant};

/// One configuration of the real runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RealConfig {
    /// The `--variant` spelling (a preset key, or `exp1_ttl1s`).
    pub key: &'static str,
    /// The article's name for it.
    pub label: &'static str,
    /// The lab-sim preset it is, if it is one.
    pub preset: Option<Preset>,
}

/// Every configuration, in the order of the article's summary.
pub const REAL_CONFIGS: [RealConfig; 12] = [
    RealConfig { key: "exp1", label: "(a) lock, TTL 200 ms", preset: Some(Preset::Exp1) },
    RealConfig { key: "exp2", label: "(b) + watchdog", preset: Some(Preset::Exp2) },
    RealConfig { key: "exp2_stop", label: "(b′) + watchdog + SIGSTOP 400 ms × 35", preset: Some(Preset::Exp2Stop) },
    RealConfig { key: "exp3_c1", label: "(c-1) write-time fence", preset: Some(Preset::Exp3C1) },
    RealConfig { key: "exp3_c2", label: "(c-2) read-time fence", preset: Some(Preset::Exp3C2) },
    RealConfig { key: "exp1_ttl1s", label: "(a) lock, TTL 1 s", preset: None },
    RealConfig { key: "exp3_ttl1s", label: "(c-2) read-time fence, TTL 1 s", preset: Some(Preset::Exp3Ttl1s) },
    RealConfig { key: "exp4", label: "(d) conditional UPDATE, no lock", preset: Some(Preset::Exp4) },
    RealConfig { key: "exp5_closed", label: "(e) Redis outage, fail-closed", preset: Some(Preset::Exp5Closed) },
    RealConfig { key: "exp5_open", label: "(e) Redis outage, fail-open", preset: Some(Preset::Exp5Open) },
    RealConfig {
        key: "exp5_c2_closed",
        label: "(e) Redis outage, c-2 + fail-closed",
        preset: Some(Preset::Exp5C2Closed),
    },
    RealConfig { key: "exp5_control", label: "(e) Redis outage, control (d)", preset: Some(Preset::Exp5Control) },
];

impl RealConfig {
    pub fn from_key(key: &str) -> Option<RealConfig> {
        REAL_CONFIGS.into_iter().find(|c| c.key == key)
    }

    /// The article's configuration (60 s).
    pub fn article_config(self) -> LeaseConfig {
        match self.preset {
            Some(preset) => preset.config(),
            None => LeaseConfig { variant: Variant::Naive, ttl_ms: 1_000, ..LeaseConfig::default() },
        }
    }

    /// The configuration of a `secs`-second run: the article's, with the
    /// fault schedule in proportion (identical at 60 s).
    pub fn config(self, secs: u32) -> LeaseConfig {
        scaled(&self.article_config(), secs)
    }
}

/// `config` for a run of `secs` seconds (see the module doc).
pub fn scaled(config: &LeaseConfig, secs: u32) -> LeaseConfig {
    let mut out = config.clone();
    out.duration_s = secs;
    let run_ms = secs * 1_000;
    if let Some(outage) = config.outage {
        // 20 s and 40 s of 60 s.
        out.outage =
            Some(Outage { kill_at_ms: outage.kill_at_ms * secs / 60, restart_at_ms: outage.restart_at_ms * secs / 60 });
    }
    let stops = config.stops;
    if stops.count > 0 {
        let fitting = (0..stops.count)
            .take_while(|k| stops.first_at_ms + k * stops.period_ms + stops.duration_ms <= run_ms)
            .count() as u32;
        out.stops = StopSchedule { count: fitting, ..stops };
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sixty_seconds_is_the_article_and_ten_keep_the_proportions() {
        for c in REAL_CONFIGS {
            assert_eq!(c.config(60), c.article_config(), "{}", c.key);
        }
        let closed = RealConfig::from_key("exp5_closed").unwrap().config(9);
        assert_eq!(closed.outage, Some(Outage { kill_at_ms: 3_000, restart_at_ms: 6_000 }));
        let stop = RealConfig::from_key("exp2_stop").unwrap().config(10);
        // Stops at 1.5, 3, 4.5, 6, 7.5, 9 s; the last ends at 9.4 s.
        assert_eq!(stop.stops.count, 6);
        assert_eq!(RealConfig::from_key("exp2_stop").unwrap().config(60).stops.count, 35);
    }
}
