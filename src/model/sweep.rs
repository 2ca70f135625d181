//! Parameter sweeps of Scenario A: the grids behind the figures
//! `sweep-ttl-pause` (TTL × pause) and `sweep-contention` (threads per
//! wallet × wallets).
//!
//! Pure and native-testable: a [`SweepSpec`] names the variant, the two axes
//! and how many seeds each cell runs; [`run_row`] runs one row of cells at
//! `TraceLevel::Summary` (the unit of work a web worker takes and the unit of
//! progress the page shows), and [`SweepResult`] aggregates the seeds of a
//! cell into means and ranges. [`SweepSpec::key`] is the canonical query
//! string of a sweep, used as the cache key and in the page URL;
//! [`SweepSpec::cell_query`] is the `LeaseQuery` of one cell, so a cell opens
//! in the timeline figure (or in `lab run --params`) exactly as it was run.
//!
//! The page's web workers run rows as `crate::worker::Job::SweepRow`.

use serde::{Deserialize, Serialize};

use crate::catalogue::SWEEP_WORDS;
use crate::params::{SweepKind, SweepMetric, SweepSpec, MAX_N, MAX_SEEDS};
use lab_sim::lease::{run, TraceLevel};

/// What the seeds of one cell gave.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct CellStats {
    pub over_mean: f64,
    pub over_min: u64,
    pub over_max: u64,
    pub thr_mean: f64,
    pub thr_min: f64,
    pub thr_max: f64,
    pub approvals_mean: f64,
    /// Simulation events processed over all seeds (a cost measure).
    pub events: u64,
}

impl SweepMetric {
    /// This metric's value in a cell.
    pub fn value(self, c: &CellStats) -> f64 {
        match self {
            SweepMetric::OverApproval => c.over_mean,
            SweepMetric::Throughput => c.thr_mean,
        }
    }
}

/// Reads a sweep figure's query strictly, as `lab sweep` and `lab figure`
/// do: an unknown key, an unreadable value, a clamped one or a swapped range
/// is an error (English, for the CLI). `metric` (the colour of the heatmap,
/// a view key of the page) is accepted only when `with_metric`; it defaults
/// to over-approval.
pub fn parse_strict(kind: SweepKind, text: &str, with_metric: bool) -> Result<(SweepSpec, SweepMetric), String> {
    let id = kind.figure_id();
    let mut metric = SweepMetric::OverApproval;
    let mut pairs = Vec::new();
    for p in crate::params::split_query(text) {
        if with_metric && p.key == "metric" {
            let v = p.value.unwrap_or_default();
            metric = SweepMetric::from_key(&v)
                .ok_or_else(|| format!("--params: metric `{v}` is not allowed; allowed over_approval|throughput"))?;
        } else {
            pairs.push(p);
        }
    }
    let [xl, xh, yl, yh] = kind.axis_keys();
    if let Some(p) = pairs.iter().find(|p| !kind.owns_key(&p.key)) {
        return Err(format!(
            "--params: unknown key `{}` for {id}; allowed variant, {xl}, {xh}, {yl}, {yh}{}, seeds{}",
            p.key,
            if kind == SweepKind::TtlPause { ", n" } else { "" },
            if with_metric { ", metric" } else { "" }
        ));
    }
    let mut log = crate::params::NoticeLog::default();
    let values = crate::params::last_values(pairs, &mut log);
    let spec = crate::params::sweep_spec_from_values(kind, &values, &mut log);
    let notices = log.finish();
    if !notices.is_empty() {
        return Err(format!(
            "--params: {} (allowed: variant {}; x {:?}, y {:?}, n 1..={}, seeds 1..={})",
            notices.iter().map(crate::params::Notice::message).collect::<Vec<_>>().join("; "),
            SWEEP_WORDS.join("|"),
            kind.axis_limits()[0],
            kind.axis_limits()[1],
            MAX_N,
            MAX_SEEDS
        ));
    }
    Ok((spec, metric))
}

/// Runs every seed of one cell.
pub fn run_cell(spec: &SweepSpec, ix: usize, iy: usize) -> CellStats {
    let cfg = spec.cell_config(ix, iy);
    let n = spec.seeds.max(1);
    let mut st = CellStats { over_min: u64::MAX, thr_min: f64::INFINITY, ..CellStats::default() };
    for s in 0..n {
        let t = run(&cfg, 1 + u64::from(s), 0, TraceLevel::Summary);
        let m = &t.metrics;
        st.over_mean += m.over_approval as f64;
        st.over_min = st.over_min.min(m.over_approval);
        st.over_max = st.over_max.max(m.over_approval);
        st.thr_mean += m.throughput_rps;
        st.thr_min = st.thr_min.min(m.throughput_rps);
        st.thr_max = st.thr_max.max(m.throughput_rps);
        st.approvals_mean += m.approvals as f64;
        st.events += t.stats.events_processed;
    }
    let k = f64::from(n);
    st.over_mean /= k;
    st.thr_mean /= k;
    st.approvals_mean /= k;
    st
}

/// Runs one row (`iy`) of cells: the unit of work and of progress.
pub fn run_row(spec: &SweepSpec, iy: usize) -> Vec<CellStats> {
    (0..spec.xs().len()).map(|ix| run_cell(spec, ix, iy)).collect()
}

/// A sweep's results, possibly partial: `rows[iy]` is `None` until that row is done.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SweepResult {
    pub spec: SweepSpec,
    pub rows: Vec<Option<Vec<CellStats>>>,
}

impl SweepResult {
    pub fn empty(spec: SweepSpec) -> SweepResult {
        SweepResult { spec, rows: vec![None; spec.ys().len()] }
    }

    /// Runs the whole sweep on this thread.
    pub fn compute(spec: SweepSpec) -> SweepResult {
        let rows = (0..spec.ys().len()).map(|iy| Some(run_row(&spec, iy))).collect();
        SweepResult { spec, rows }
    }

    pub fn rows_done(&self) -> usize {
        self.rows.iter().filter(|r| r.is_some()).count()
    }

    pub fn is_complete(&self) -> bool {
        self.rows.iter().all(Option::is_some)
    }

    pub fn cell(&self, ix: usize, iy: usize) -> Option<&CellStats> {
        self.rows.get(iy)?.as_ref()?.get(ix)
    }

    /// Every finished cell as `(ix, iy, stats)`.
    pub fn cells(&self) -> impl Iterator<Item = (usize, usize, &CellStats)> {
        self.rows
            .iter()
            .enumerate()
            .filter_map(|(iy, r)| r.as_ref().map(|r| (iy, r)))
            .flat_map(|(iy, r)| r.iter().enumerate().map(move |(ix, c)| (ix, iy, c)))
    }

    /// (min, max) of `metric` over the finished cells.
    pub fn range(&self, metric: SweepMetric) -> (f64, f64) {
        self.cells().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), (_, _, c)| {
            let v = metric.value(c);
            (lo.min(v), hi.max(v))
        })
    }
}

impl SweepResult {
    /// Every cell as JSON (pretty, keys sorted, a final newline): what
    /// `lab sweep --format json` prints and the page's grid JSON download
    /// holds, its axes named `axes` (the words layer's `params::axis_names`).
    /// Unfinished rows are left out.
    pub fn grid_json(&self, axes: [&str; 2]) -> String {
        let spec = &self.spec;
        let (xs, ys) = (spec.xs(), spec.ys());
        let cells: Vec<serde_json::Value> = self
            .cells()
            .map(|(ix, iy, c)| {
                serde_json::json!({
                    "x": xs[ix], "y": ys[iy], "params": spec.cell_query_string(ix, iy),
                    "over_approval_mean": c.over_mean, "over_approval_min": c.over_min, "over_approval_max": c.over_max,
                    "throughput_mean": c.thr_mean, "throughput_min": c.thr_min, "throughput_max": c.thr_max,
                    "approvals_mean": c.approvals_mean,
                })
            })
            .collect();
        let value = serde_json::json!({
            "figure": spec.kind.figure_id(), "sweep": spec.key(), "runs": spec.runs(),
            "axes": axes, "cells": cells,
        });
        let mut text = serde_json::to_string_pretty(&value).unwrap_or_else(|_| "null".to_string());
        text.push('\n');
        text
    }

    /// One CSV row per finished cell: the axis values, seeds, the seed means,
    /// minima and maxima, and the cell's `lab run --params` query. The
    /// header names the axes in English; raw numbers, no byte-order mark.
    pub fn cells_csv(&self) -> String {
        let spec = &self.spec;
        let (xs, ys) = (spec.xs(), spec.ys());
        let mut out = String::from(
            "x,y,seeds,over_approval_mean,throughput_mean,over_approval_min,over_approval_max,throughput_min,throughput_max,params\n",
        );
        for (ix, iy, c) in self.cells() {
            out.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{}\n",
                xs[ix],
                ys[iy],
                spec.seeds,
                c.over_mean,
                c.thr_mean,
                c.over_min,
                c.over_max,
                c.thr_min,
                c.thr_max,
                spec.cell_query_string(ix, iy)
            ));
        }
        out
    }
}

/// A mean as the heatmap's cells say it: whole, or with one decimal.
pub fn fmt1(v: f64) -> String {
    if (v - v.round()).abs() < 1e-9 {
        format!("{}", v.round() as i64)
    } else {
        format!("{v:.1}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::Axis;
    use lab_sim::lease::Preset;

    fn small(kind: SweepKind, variant: Preset) -> SweepSpec {
        SweepSpec { variant, ..kind.default_spec() }
    }

    #[test]
    fn axis_values_are_even_and_bounded() {
        assert_eq!(Axis { lo: 100, hi: 1000, n: 10 }.values(), vec![100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]);
        assert_eq!(Axis { lo: 1, hi: 8, n: 30 }.values(), (1..=8).collect::<Vec<_>>());
        assert_eq!(Axis { lo: 5, hi: 5, n: 4 }.values(), vec![5]);
        let v = Axis { lo: 50, hi: 1000, n: 30 }.values();
        assert_eq!((v.len(), v[0], v[29]), (30, 50, 1000));
        let v = Axis { lo: 50, hi: 1000, n: 30 }.values_in_steps_of(10);
        assert_eq!((v.len(), v[0], v[29]), (30, 50, 1000));
        assert!(v[1..29].iter().all(|x| x % 10 == 0), "{v:?}");
        assert_eq!(
            SweepKind::TtlPause.default_spec().xs(),
            vec![50, 140, 220, 310, 400, 480, 570, 660, 740, 830, 910, 1000]
        );
    }

    #[test]
    fn key_round_trips_and_clamps() {
        for kind in [SweepKind::TtlPause, SweepKind::Contention] {
            let spec = SweepSpec { variant: Preset::Exp3C2, seeds: 2, ..kind.default_spec() };
            assert_eq!(parse_strict(kind, &spec.key(), false), Ok((spec, SweepMetric::OverApproval)));
        }
        let page =
            crate::params::read_site("ttl_lo=5&variant=%3Cb%3E&n=x", crate::params::Scope::Sweep(SweepKind::TtlPause));
        let s = page.value.sweep.expect("grid keys");
        assert_eq!(s.x.lo, 10);
        assert_eq!(s.variant, Preset::Exp1);
        assert_eq!(page.notices.len(), 3);
    }

    #[test]
    fn cell_queries_parse_back_to_the_cell_config() {
        let spec = SweepKind::TtlPause.default_spec();
        let q = spec.cell_query_string(3, 7);
        let parsed = crate::params::parse_lease_query(&q);
        assert!(parsed.notices.is_empty(), "{:?}", parsed.notices);
        assert_eq!(parsed.value.config, spec.cell_config(3, 7));
        let c = SweepKind::Contention.default_spec();
        assert_eq!(c.cell_config(3, 1).threads, 4 * 2);
        assert_eq!(c.cell_config(3, 1).wallets, 2);
    }

    #[test]
    fn rows_are_deterministic() {
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 700, n: 4 },
            y: Axis { lo: 300, hi: 600, n: 4 },
            seeds: 2,
            ..SweepKind::TtlPause.default_spec()
        };
        assert_eq!(run_row(&spec, 2), run_row(&spec, 2));
    }

    /// (a): a lease longer than every pause never expires under a holder, so no
    /// over-approval; a lease shorter than the shortest pause over-approves.
    #[test]
    fn naive_is_safe_only_when_the_ttl_outlasts_the_pause() {
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 900, n: 3 },
            y: Axis { lo: 500, hi: 500, n: 1 },
            seeds: 2,
            ..small(SweepKind::TtlPause, Preset::Exp1)
        };
        let row = run_row(&spec, 0);
        // TTL 100 < pause 300–500: over-approval in every seed.
        assert!(row[0].over_min > 0, "{:?}", row[0]);
        // TTL 900 > pause 500 (+ latencies): none.
        assert_eq!(row[2].over_max, 0, "{:?}", row[2]);
        // A longer lease serialises the wallet: throughput falls.
        assert!(row[2].thr_mean < row[0].thr_mean);
    }

    /// (c-2) and (d) never over-approve, whatever the TTL and pause.
    #[test]
    fn safe_variants_stay_at_zero() {
        for v in [Preset::Exp3C2, Preset::Exp4] {
            let spec = SweepSpec {
                x: Axis { lo: 50, hi: 800, n: 3 },
                y: Axis { lo: 200, hi: 800, n: 2 },
                seeds: 1,
                ..small(SweepKind::TtlPause, v)
            };
            let r = SweepResult::compute(spec);
            assert!(r.cells().all(|(_, _, c)| c.over_max == 0), "{v:?}");
        }
    }

    /// One thread per wallet has no contention, so (a) is harmless there
    /// (model.md S3); four per wallet over-approves.
    #[test]
    fn contention_drives_naive_over_approval() {
        let spec = SweepSpec {
            x: Axis { lo: 1, hi: 4, n: 4 },
            y: Axis { lo: 2, hi: 2, n: 1 },
            seeds: 1,
            ..small(SweepKind::Contention, Preset::Exp1)
        }
        .clamped();
        let row = run_row(&spec, 0);
        assert_eq!(row[0].over_max, 0);
        assert!(row[3].over_min > 0);
    }

    #[test]
    fn grid_csv_has_a_row_per_cell_with_its_query() {
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 900, n: 2 },
            y: Axis { lo: 300, hi: 500, n: 2 },
            seeds: 1,
            ..SweepKind::TtlPause.default_spec()
        };
        let mut r = SweepResult::compute(spec);
        let csv = r.cells_csv();
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines.len(), 1 + 4, "{csv}");
        assert!(lines[0].starts_with("x,y,seeds,over_approval_mean,throughput_mean,"));
        let first: Vec<&str> = lines[1].split(',').collect();
        assert_eq!(&first[..3], &["100", "300", "1"]);
        assert_eq!(first[3].parse::<f64>().unwrap(), r.cell(0, 0).unwrap().over_mean);
        assert_eq!(first[9], spec.cell_query_string(0, 0));
        let json: serde_json::Value = serde_json::from_str(&r.grid_json(["x", "y"])).unwrap();
        assert_eq!(json["axes"], serde_json::json!(["x", "y"]));
        assert_eq!(json["cells"].as_array().unwrap().len(), 4);
        // An unfinished row is left out of both.
        r.rows[1] = None;
        assert_eq!(r.cells_csv().lines().count(), 1 + 2);
    }

    #[test]
    fn strict_parsing_rejects_what_the_page_would_clamp() {
        let (s, m) = parse_strict(SweepKind::TtlPause, "n=3&seeds=1&metric=throughput", true).unwrap();
        assert_eq!((s.x.n, s.seeds, m), (3, 1, SweepMetric::Throughput));
        assert!(parse_strict(SweepKind::TtlPause, "metric=throughput", false).is_err(), "lab sweep has no colour");
        assert!(parse_strict(SweepKind::TtlPause, "n=99", true).is_err());
        assert!(parse_strict(SweepKind::Contention, "n=3", true).is_err());
        assert!(parse_strict(SweepKind::Contention, "metric=x", true).is_err());
    }

    #[test]
    fn description_names_the_worst_cell() {
        let spec = SweepSpec {
            x: Axis { lo: 100, hi: 900, n: 2 },
            y: Axis { lo: 500, hi: 500, n: 1 },
            seeds: 1,
            ..SweepKind::TtlPause.default_spec()
        };
        let r = SweepResult::compute(spec);
        // TTL 100 ms over-approves, TTL 900 ms (longer than every pause) never does.
        assert!(r.cell(0, 0).is_some_and(|c| c.over_max > 0));
        assert_eq!(r.cell(1, 0).map(|c| c.over_max), Some(0));
        assert_eq!((r.spec.xs(), r.spec.ys()), (vec![100, 900], vec![500]));
    }
}
