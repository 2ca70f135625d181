//! The words of the parameters' labels, units and descriptions (lab_model::params).
//!
//! Declared here once; the Korean table is [`crate::ko::params`], the English
//! one [`crate::en::params`]. Every key of every parameter table has its
//! label, a field named by the key; [`param_label`] finds it from the row's
//! [`Field`] (which table it belongs to) and its name. The English
//! descriptions `lab params` prints stay the rows' own (`ParamSpec::description`).

use lab_model::params::{Field, ParamSpec, SweepKind, SweepMetric};

use crate::Words;

crate::words! {
    /// Article A's keys (`LEASE_PARAMS`): one label each, named by its key.
    pub struct LeaseLabels {
        /// `preset`.
        pub preset: &'static str,
        /// `variant`.
        pub variant: &'static str,
        /// `ttl_ms`.
        pub ttl_ms: &'static str,
        /// `pause_min_ms`.
        pub pause_min_ms: &'static str,
        /// `pause_max_ms`.
        pub pause_max_ms: &'static str,
        /// `threads`.
        pub threads: &'static str,
        /// `wallets`.
        pub wallets: &'static str,
        /// `wallet_assignment`.
        pub wallet_assignment: &'static str,
        /// `processes`.
        pub processes: &'static str,
        /// `duration_s`.
        pub duration_s: &'static str,
        /// `watchdog_period_ms`.
        pub watchdog_period_ms: &'static str,
        /// `stop_count`.
        pub stop_count: &'static str,
        /// `stop_duration_ms`.
        pub stop_duration_ms: &'static str,
        /// `stop_period_ms`.
        pub stop_period_ms: &'static str,
        /// `stop_first_at_ms`.
        pub stop_first_at_ms: &'static str,
        /// `outage`.
        pub outage: &'static str,
        /// `outage_kill_ms`.
        pub outage_kill_ms: &'static str,
        /// `outage_restart_ms`.
        pub outage_restart_ms: &'static str,
        /// `fail_policy`.
        pub fail_policy: &'static str,
        /// `retry_ms`.
        pub retry_ms: &'static str,
        /// `pre_overhead_ms`.
        pub pre_overhead_ms: &'static str,
        /// `post_overhead_ms`.
        pub post_overhead_ms: &'static str,
        /// `lock_net_us`.
        pub lock_net_us: &'static str,
        /// `db_net_us`.
        pub db_net_us: &'static str,
        /// `lock_unavailable_us`.
        pub lock_unavailable_us: &'static str,
        /// `client_timeout_ms`.
        pub client_timeout_ms: &'static str,
        /// `amount_won`.
        pub amount_won: &'static str,
        /// `initial_balance_won`.
        pub initial_balance_won: &'static str,
        /// `fence_check_locks_row`.
        pub fence_check_locks_row: &'static str,
        /// `abort_on_lost_lease`.
        pub abort_on_lost_lease: &'static str,
        /// `noise`.
        pub noise: &'static str,
        /// `jitter_pct`.
        pub jitter_pct: &'static str,
        /// `stalls_per_min`.
        pub stalls_per_min: &'static str,
        /// `stall_min_ms`.
        pub stall_min_ms: &'static str,
        /// `stall_max_ms`.
        pub stall_max_ms: &'static str,
        /// `acquire_lag_ppm`.
        pub acquire_lag_ppm: &'static str,
        /// `acquire_lag_min_ms`.
        pub acquire_lag_min_ms: &'static str,
        /// `acquire_lag_max_ms`.
        pub acquire_lag_max_ms: &'static str,
        /// `seed`.
        pub seed: &'static str,
        /// `run`.
        pub run: &'static str,
    }
}

crate::words! {
    /// Article B's keys (`VOTE_PARAMS`): one label each, named by its key.
    pub struct VoteLabels {
        /// `variant`.
        pub variant: &'static str,
        /// `crash`.
        pub crash: &'static str,
        /// `crash_after`.
        pub crash_after: &'static str,
        /// `crash_at_ms`.
        pub crash_at_ms: &'static str,
        /// `fault`.
        pub fault: &'static str,
        /// `conflict_source`.
        pub conflict_source: &'static str,
        /// `profile`.
        pub profile: &'static str,
        /// `layout`.
        pub layout: &'static str,
        /// `device_honours_sync`.
        pub device_honours_sync: &'static str,
        /// `device_cache_window_ms`.
        pub device_cache_window_ms: &'static str,
        /// `restart`.
        pub restart: &'static str,
        /// `restart_delay_ms`.
        pub restart_delay_ms: &'static str,
        /// `blocked_validators`.
        pub blocked_validators: &'static str,
        /// `blocked_at_ms`.
        pub blocked_at_ms: &'static str,
        /// `sync_error_true_state`.
        pub sync_error_true_state: &'static str,
        /// `poisoned_true_state`.
        pub poisoned_true_state: &'static str,
        /// `interrupt_during`.
        pub interrupt_during: &'static str,
        /// `interrupt_offset_us`.
        pub interrupt_offset_us: &'static str,
        /// `abandoned_work_delay_us`.
        pub abandoned_work_delay_us: &'static str,
        /// `outer_end`.
        pub outer_end: &'static str,
        /// `recreate_engine_after_ms`.
        pub recreate_engine_after_ms: &'static str,
        /// `sync_stall_ms`.
        pub sync_stall_ms: &'static str,
        /// `status_probe_period_us`.
        pub status_probe_period_us: &'static str,
        /// `status_probe_window_ms`.
        pub status_probe_window_ms: &'static str,
        /// `status_probe_shares_engine_lock`.
        pub status_probe_shares_engine_lock: &'static str,
        /// `rebroadcast_last_signed_on_restart`.
        pub rebroadcast_last_signed_on_restart: &'static str,
        /// `txs_submit_at_ms`.
        pub txs_submit_at_ms: &'static str,
        /// `horizon_ms`.
        pub horizon_ms: &'static str,
        /// `start_height`.
        pub start_height: &'static str,
        /// `start_round`.
        pub start_round: &'static str,
        /// `net_one_way_us`.
        pub net_one_way_us: &'static str,
        /// `net_jitter_us`.
        pub net_jitter_us: &'static str,
        /// `sign_us`.
        pub sign_us: &'static str,
        /// `wal_write_us`.
        pub wal_write_us: &'static str,
        /// `commit_us`.
        pub commit_us: &'static str,
        /// `drain_us`.
        pub drain_us: &'static str,
        /// `fsync_us`.
        pub fsync_us: &'static str,
        /// `send_us`.
        pub send_us: &'static str,
        /// `outer_begin_us`.
        pub outer_begin_us: &'static str,
        /// `outer_end_after_us`.
        pub outer_end_after_us: &'static str,
        /// `bg_write_period_ms`.
        pub bg_write_period_ms: &'static str,
        /// `os_writeback_delay_ms`.
        pub os_writeback_delay_ms: &'static str,
        /// `timeout_propose_ms`.
        pub timeout_propose_ms: &'static str,
        /// `timeout_prevote_ms`.
        pub timeout_prevote_ms: &'static str,
        /// `timeout_precommit_ms`.
        pub timeout_precommit_ms: &'static str,
        /// `timeout_delta_ms`.
        pub timeout_delta_ms: &'static str,
        /// `timeout_commit_ms`.
        pub timeout_commit_ms: &'static str,
        /// `seed`.
        pub seed: &'static str,
    }
}

crate::words! {
    /// The sweeps' grid keys (`SWEEP_PARAMS`): one label each, named by its key.
    pub struct SweepLabels {
        /// `variant`.
        pub variant: &'static str,
        /// `ttl_lo`.
        pub ttl_lo: &'static str,
        /// `ttl_hi`.
        pub ttl_hi: &'static str,
        /// `pause_lo`.
        pub pause_lo: &'static str,
        /// `pause_hi`.
        pub pause_hi: &'static str,
        /// `n`.
        pub n: &'static str,
        /// `tpw_lo`.
        pub tpw_lo: &'static str,
        /// `tpw_hi`.
        pub tpw_hi: &'static str,
        /// `wallets_lo`.
        pub wallets_lo: &'static str,
        /// `wallets_hi`.
        pub wallets_hi: &'static str,
        /// `seeds`.
        pub seeds: &'static str,
    }
}

crate::words! {
    /// The site's own keys (`SITE_PARAMS`): one label each, named by its key.
    pub struct SiteLabels {
        /// `ch`.
        pub ch: &'static str,
        /// `fig`.
        pub fig: &'static str,
        /// `embed`.
        pub embed: &'static str,
        /// `win`.
        pub win: &'static str,
        /// `t`.
        pub t: &'static str,
        /// `ev`.
        pub ev: &'static str,
        /// `recon`.
        pub recon: &'static str,
        /// `real`.
        pub real: &'static str,
        /// `hit`.
        pub hit: &'static str,
        /// `bare`.
        pub bare: &'static str,
        /// `theme`.
        pub theme: &'static str,
        /// `metric`.
        pub metric: &'static str,
        /// `lab`.
        pub lab: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct ParamWords {
        /// Article A's keys.
        pub lease: LeaseLabels,
        /// Article B's keys.
        pub vote: VoteLabels,
        /// The sweeps' grid keys.
        pub sweep: SweepLabels,
        /// The site's own keys.
        pub site: SiteLabels,
        /// The TTL × pause sweep's axes, x then y, with units.
        pub ttl_pause_axes: [&'static str; 2],
        /// The contention sweep's axes, x then y.
        pub contention_axes: [&'static str; 2],
        /// What a sweep colours by: over-approval.
        pub sweep_over_approval: &'static str,
        /// What a sweep colours by: throughput.
        pub sweep_throughput: &'static str,
    }
}

/// The label of an Article A key `name`, if it is one.
fn lease_label(t: &LeaseLabels, name: &str) -> Option<&'static str> {
    Some(match name {
        "preset" => t.preset,
        "variant" => t.variant,
        "ttl_ms" => t.ttl_ms,
        "pause_min_ms" => t.pause_min_ms,
        "pause_max_ms" => t.pause_max_ms,
        "threads" => t.threads,
        "wallets" => t.wallets,
        "wallet_assignment" => t.wallet_assignment,
        "processes" => t.processes,
        "duration_s" => t.duration_s,
        "watchdog_period_ms" => t.watchdog_period_ms,
        "stop_count" => t.stop_count,
        "stop_duration_ms" => t.stop_duration_ms,
        "stop_period_ms" => t.stop_period_ms,
        "stop_first_at_ms" => t.stop_first_at_ms,
        "outage" => t.outage,
        "outage_kill_ms" => t.outage_kill_ms,
        "outage_restart_ms" => t.outage_restart_ms,
        "fail_policy" => t.fail_policy,
        "retry_ms" => t.retry_ms,
        "pre_overhead_ms" => t.pre_overhead_ms,
        "post_overhead_ms" => t.post_overhead_ms,
        "lock_net_us" => t.lock_net_us,
        "db_net_us" => t.db_net_us,
        "lock_unavailable_us" => t.lock_unavailable_us,
        "client_timeout_ms" => t.client_timeout_ms,
        "amount_won" => t.amount_won,
        "initial_balance_won" => t.initial_balance_won,
        "fence_check_locks_row" => t.fence_check_locks_row,
        "abort_on_lost_lease" => t.abort_on_lost_lease,
        "noise" => t.noise,
        "jitter_pct" => t.jitter_pct,
        "stalls_per_min" => t.stalls_per_min,
        "stall_min_ms" => t.stall_min_ms,
        "stall_max_ms" => t.stall_max_ms,
        "acquire_lag_ppm" => t.acquire_lag_ppm,
        "acquire_lag_min_ms" => t.acquire_lag_min_ms,
        "acquire_lag_max_ms" => t.acquire_lag_max_ms,
        "seed" => t.seed,
        "run" => t.run,
        _ => return None,
    })
}

/// The label of an Article B key `name`, if it is one.
fn vote_label(t: &VoteLabels, name: &str) -> Option<&'static str> {
    Some(match name {
        "variant" => t.variant,
        "crash" => t.crash,
        "crash_after" => t.crash_after,
        "crash_at_ms" => t.crash_at_ms,
        "fault" => t.fault,
        "conflict_source" => t.conflict_source,
        "profile" => t.profile,
        "layout" => t.layout,
        "device_honours_sync" => t.device_honours_sync,
        "device_cache_window_ms" => t.device_cache_window_ms,
        "restart" => t.restart,
        "restart_delay_ms" => t.restart_delay_ms,
        "blocked_validators" => t.blocked_validators,
        "blocked_at_ms" => t.blocked_at_ms,
        "sync_error_true_state" => t.sync_error_true_state,
        "poisoned_true_state" => t.poisoned_true_state,
        "interrupt_during" => t.interrupt_during,
        "interrupt_offset_us" => t.interrupt_offset_us,
        "abandoned_work_delay_us" => t.abandoned_work_delay_us,
        "outer_end" => t.outer_end,
        "recreate_engine_after_ms" => t.recreate_engine_after_ms,
        "sync_stall_ms" => t.sync_stall_ms,
        "status_probe_period_us" => t.status_probe_period_us,
        "status_probe_window_ms" => t.status_probe_window_ms,
        "status_probe_shares_engine_lock" => t.status_probe_shares_engine_lock,
        "rebroadcast_last_signed_on_restart" => t.rebroadcast_last_signed_on_restart,
        "txs_submit_at_ms" => t.txs_submit_at_ms,
        "horizon_ms" => t.horizon_ms,
        "start_height" => t.start_height,
        "start_round" => t.start_round,
        "net_one_way_us" => t.net_one_way_us,
        "net_jitter_us" => t.net_jitter_us,
        "sign_us" => t.sign_us,
        "wal_write_us" => t.wal_write_us,
        "commit_us" => t.commit_us,
        "drain_us" => t.drain_us,
        "fsync_us" => t.fsync_us,
        "send_us" => t.send_us,
        "outer_begin_us" => t.outer_begin_us,
        "outer_end_after_us" => t.outer_end_after_us,
        "bg_write_period_ms" => t.bg_write_period_ms,
        "os_writeback_delay_ms" => t.os_writeback_delay_ms,
        "timeout_propose_ms" => t.timeout_propose_ms,
        "timeout_prevote_ms" => t.timeout_prevote_ms,
        "timeout_precommit_ms" => t.timeout_precommit_ms,
        "timeout_delta_ms" => t.timeout_delta_ms,
        "timeout_commit_ms" => t.timeout_commit_ms,
        "seed" => t.seed,
        _ => return None,
    })
}

/// The label of a sweep's grid key `name`, if it is one.
fn sweep_label(t: &SweepLabels, name: &str) -> Option<&'static str> {
    Some(match name {
        "variant" => t.variant,
        "ttl_lo" => t.ttl_lo,
        "ttl_hi" => t.ttl_hi,
        "pause_lo" => t.pause_lo,
        "pause_hi" => t.pause_hi,
        "n" => t.n,
        "tpw_lo" => t.tpw_lo,
        "tpw_hi" => t.tpw_hi,
        "wallets_lo" => t.wallets_lo,
        "wallets_hi" => t.wallets_hi,
        "seeds" => t.seeds,
        _ => return None,
    })
}

/// The label of a site key `name`, if it is one.
fn site_label(t: &SiteLabels, name: &str) -> Option<&'static str> {
    Some(match name {
        "ch" => t.ch,
        "fig" => t.fig,
        "embed" => t.embed,
        "win" => t.win,
        "t" => t.t,
        "ev" => t.ev,
        "recon" => t.recon,
        "real" => t.real,
        "hit" => t.hit,
        "bare" => t.bare,
        "theme" => t.theme,
        "metric" => t.metric,
        "lab" => t.lab,
        _ => return None,
    })
}

/// A key's label on the page, from its row: the controls' names.
pub fn param_label(w: &Words, spec: &ParamSpec) -> &'static str {
    let t = &w.params;
    let label = match spec.field {
        Field::Lease(_) => lease_label(&t.lease, spec.name),
        Field::Vote(_) => vote_label(&t.vote, spec.name),
        Field::Sweep(_) => sweep_label(&t.sweep, spec.name),
        Field::Site(_) => site_label(&t.site, spec.name),
    };
    label.unwrap_or(spec.name)
}

/// Every parameter table with its heading, each key's meaning followed by
/// its label in `w`: what `lab params` prints and docs/cli.md shows (in Korean).
pub fn all_params_markdown(w: &'static Words) -> String {
    lab_model::params::all_params_markdown(&|p| param_label(w, p))
}

/// A sweep's axis names with units, x then y.
pub fn axis_names(w: &Words, kind: SweepKind) -> [&'static str; 2] {
    match kind {
        SweepKind::TtlPause => w.params.ttl_pause_axes,
        SweepKind::Contention => w.params.contention_axes,
    }
}

/// What a sweep heatmap colours by, with its unit.
pub fn sweep_metric_name(w: &Words, metric: SweepMetric) -> &'static str {
    match metric {
        SweepMetric::OverApproval => w.params.sweep_over_approval,
        SweepMetric::Throughput => w.params.sweep_throughput,
    }
}

#[cfg(test)]
mod tests {
    use lab_model::params::{SweepKind, SweepMetric, LEASE_PARAMS, SITE_PARAMS, SWEEP_PARAMS, VOTE_PARAMS};

    use super::{all_params_markdown, axis_names, param_label, sweep_metric_name};
    use crate::{Lang, Words};

    #[test]
    fn the_parameter_tables_carry_the_tables_labels() {
        let en = all_params_markdown(Words::of(Lang::En));
        assert!(
            en.contains("| Lock lease TTL (") && !en.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c)),
            "{en}"
        );
        let ko = Words::of(Lang::Ko);
        let ttl = LEASE_PARAMS.iter().find(|p| p.name == "ttl_ms").unwrap();
        assert!(all_params_markdown(ko).contains(&format!("| Lock lease TTL ({}) |", param_label(ko, ttl))));
    }

    #[test]
    fn every_key_has_its_own_label_in_every_language() {
        for lang in Lang::ALL {
            let w = Words::of(lang);
            for table in [LEASE_PARAMS, VOTE_PARAMS, SWEEP_PARAMS, SITE_PARAMS] {
                let labels: Vec<&str> = table.iter().map(|p| param_label(w, p)).collect();
                for (p, label) in table.iter().zip(&labels) {
                    assert_ne!(*label, p.name, "{lang:?}: {} has no label", p.name);
                }
                for (i, a) in labels.iter().enumerate() {
                    assert!(!labels[i + 1..].contains(a), "{lang:?}: {a} labels two keys");
                }
            }
        }
    }

    #[test]
    fn english_labels_read_as_english() {
        let en = Words::of(Lang::En);
        let ttl = LEASE_PARAMS.iter().find(|p| p.name == "ttl_ms").unwrap();
        assert_eq!(param_label(en, ttl), "Lock TTL");
        let crash = VOTE_PARAMS.iter().find(|p| p.name == "crash_after").unwrap();
        assert_eq!(param_label(en, crash), "Crash point (events)");
        assert_eq!(axis_names(en, SweepKind::Contention), ["Threads per wallet", "Wallets"]);
        assert_eq!(sweep_metric_name(en, SweepMetric::Throughput), "Throughput (requests/s, mean over seeds)");
    }
}
