//! A sweep figure's grid as a query: what a sweep runs ([`SweepSpec`]: its
//! [`SweepKind`], variant, two [`Axis`] and seeds; [`SweepMetric`], the
//! number its heatmap colours) and the grid keys ↔ [`SweepSpec`]: the table [`SWEEP_PARAMS`]
//! (each key marked with the sweep figure that reads it), the reader (clamp,
//! swap a range given the wrong way round, derive the cell counts) and the
//! canonical writer [`sweep_query`], which is the sweep's cache key and URL
//! state (`SweepSpec::key`).

use lab_sim::sorted::OrdMap as BTreeMap;

use super::codec::{percent_encode, read_value, NoticeLog};
use super::lease::to_query;
use super::spec::{choice, int, keyed, number, Figures, IgnoreReason, Notice, ParamSpec};
use super::state::{Axis, LeaseQuery, SweepKind, SweepMetric, SweepSpec};
use crate::catalogue::{sweep_preset, sweep_word, SWEEP_WORDS};
use lab_sim::lease::{LeaseConfig, Preset};

/// The width of the pause range in the TTL × pause grid (the article's 300–500 ms).
pub const PAUSE_WIDTH_MS: u32 = 200;

impl SweepKind {
    /// Query keys of the two axes' ranges: (x lo, x hi, y lo, y hi).
    pub fn axis_keys(self) -> [&'static str; 4] {
        match self {
            SweepKind::TtlPause => ["ttl_lo", "ttl_hi", "pause_lo", "pause_hi"],
            SweepKind::Contention => ["tpw_lo", "tpw_hi", "wallets_lo", "wallets_hi"],
        }
    }

    /// Whether `key` is one of this figure's own query keys (its axes,
    /// `variant`, `seeds`, and `n` for the TTL × pause grid).
    pub fn owns_key(self, key: &str) -> bool {
        sweep_param(self, key).is_some()
    }

    /// Allowed (min, max) of each axis value, x then y: the range of the
    /// axis's rows in [`SWEEP_PARAMS`] (an axis's two keys share one).
    pub fn axis_limits(self) -> [(u32, u32); 2] {
        let [x, _, y, _] = self.axis_keys();
        let range = |key| sweep_param(self, key).map_or((0, 0), |p| (p.min as u32, p.max as u32));
        [range(x), range(y)]
    }

    /// The default spec of the figure.
    pub fn default_spec(self) -> SweepSpec {
        match self {
            SweepKind::TtlPause => SweepSpec {
                kind: self,
                variant: Preset::Exp1,
                x: Axis { lo: 50, hi: 1_000, n: 12 },
                y: Axis { lo: 100, hi: 1_000, n: 12 },
                seeds: 3,
            },
            SweepKind::Contention => SweepSpec {
                kind: self,
                variant: Preset::Exp1,
                x: Axis { lo: 1, hi: 8, n: 8 },
                y: Axis { lo: 1, hi: 8, n: 8 },
                seeds: 3,
            },
        }
    }
}

impl Axis {
    /// The axis values (strictly increasing; an integer axis shorter than `n`
    /// steps has one value per integer).
    pub fn values(&self) -> Vec<u32> {
        self.values_in_steps_of(1)
    }

    /// As [`Axis::values`], with inner values rounded to multiples of `grain`
    /// (the ends stay `lo` and `hi`).
    pub fn values_in_steps_of(&self, grain: u32) -> Vec<u32> {
        let grain = grain.max(1);
        let (lo, hi) = (self.lo.min(self.hi), self.lo.max(self.hi));
        let n = self.n.clamp(1, MAX_N).min(hi - lo + 1);
        if n == 1 {
            return vec![lo];
        }
        let mut v: Vec<u32> = (0..n)
            .map(|i| {
                let span = u64::from(hi - lo);
                lo + ((span * u64::from(i) + u64::from(n - 1) / 2) / u64::from(n - 1)) as u32
            })
            .collect();
        let last = v.len() - 1;
        for (i, x) in v.iter_mut().enumerate() {
            if i != 0 && i != last {
                *x = ((*x + grain / 2) / grain * grain).clamp(lo, hi);
            }
        }
        v.dedup();
        v
    }
}

/// Most cells per axis.
pub const MAX_N: u32 = 30;
/// Most seeds per cell.
pub const MAX_SEEDS: u32 = 5;

impl SweepMetric {
    pub fn key(self) -> &'static str {
        match self {
            SweepMetric::OverApproval => "over_approval",
            SweepMetric::Throughput => "throughput",
        }
    }

    pub fn from_key(key: &str) -> Option<SweepMetric> {
        [SweepMetric::OverApproval, SweepMetric::Throughput].into_iter().find(|m| m.key() == key)
    }
}

impl SweepSpec {
    /// Clamps every field into its allowed range (URL input may be anything).
    pub fn clamped(mut self) -> SweepSpec {
        let [(xl, xh), (yl, yh)] = self.kind.axis_limits();
        let fix = |a: &mut Axis, l: u32, h: u32| {
            a.lo = a.lo.clamp(l, h);
            a.hi = a.hi.clamp(l, h);
            if a.lo > a.hi {
                std::mem::swap(&mut a.lo, &mut a.hi);
            }
            a.n = a.n.clamp(1, MAX_N);
        };
        fix(&mut self.x, xl, xh);
        fix(&mut self.y, yl, yh);
        if self.kind == SweepKind::Contention {
            // One cell per integer.
            self.x.n = self.x.hi - self.x.lo + 1;
            self.y.n = self.y.hi - self.y.lo + 1;
        } else {
            self.y.n = self.x.n;
        }
        self.seeds = self.seeds.clamp(1, MAX_SEEDS);
        self
    }

    /// Millisecond axes step in whole 10 ms, like the timeline's sliders.
    fn grain(&self) -> u32 {
        match self.kind {
            SweepKind::TtlPause => 10,
            SweepKind::Contention => 1,
        }
    }

    pub fn xs(&self) -> Vec<u32> {
        self.x.values_in_steps_of(self.grain())
    }

    pub fn ys(&self) -> Vec<u32> {
        self.y.values_in_steps_of(self.grain())
    }

    /// Rows (y values) and columns (x values).
    pub fn shape(&self) -> (usize, usize) {
        (self.ys().len(), self.xs().len())
    }

    /// Simulation runs in the whole sweep.
    pub fn runs(&self) -> u64 {
        let (r, c) = self.shape();
        (r * c) as u64 * u64::from(self.seeds)
    }

    /// The canonical query string: the cache key and the figure's URL state.
    /// Every key is written, in a fixed order (`params::SWEEP_PARAMS`).
    pub fn key(&self) -> String {
        sweep_query(self)
    }

    /// The configuration of cell (`ix`, `iy`).
    pub fn cell_config(&self, ix: usize, iy: usize) -> LeaseConfig {
        let (x, y) = (self.xs()[ix], self.ys()[iy]);
        let mut c = self.variant.config();
        match self.kind {
            SweepKind::TtlPause => {
                c.ttl_ms = x;
                c.pause_max_ms = y;
                c.pause_min_ms = y.saturating_sub(PAUSE_WIDTH_MS);
            }
            SweepKind::Contention => {
                c.wallets = y;
                c.threads = (x * y).min(64);
            }
        }
        c
    }

    /// The query of cell (`ix`, `iy`) with its first seed: what the timeline opens.
    pub fn cell_query(&self, ix: usize, iy: usize) -> LeaseQuery {
        LeaseQuery { preset: Some(self.variant), config: self.cell_config(ix, iy), seed: 1, run_index: 0 }
    }

    /// `cell_query` as the canonical query string (`lab run --params`).
    pub fn cell_query_string(&self, ix: usize, iy: usize) -> String {
        to_query(&self.cell_query(ix, iy))
    }
}

const TTL_PAUSE: Figures = Figures::SWEEP_TTL_PAUSE;
const CONTENTION: Figures = Figures::SWEEP_CONTENTION;

/// Every sweep figure key, in canonical order. Each figure reads `variant`,
/// its own two axes' ranges, `n` (`sweep-ttl-pause` only) and `seeds`.
pub static SWEEP_PARAMS: &[ParamSpec] = &[
    choice(
        "variant",
        &SWEEP_WORDS,
        "naive",
        "Critical section every cell runs, each word from its preset (the catalogue's sweep presets)",
    )
    .field(keyed!(Sweep: variant, sweep_word, sweep_preset)),
    int("ttl_lo", "ms", 10, 2_000, 10, "50", "Shortest lock TTL (x axis)")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: x.lo)),
    int("ttl_hi", "ms", 10, 2_000, 10, "1000", "Longest lock TTL").for_figures(TTL_PAUSE).field(number!(Sweep: x.hi)),
    int(
        "pause_lo",
        "ms",
        0,
        2_000,
        10,
        "100",
        "Lowest upper end of the pause (y axis); a cell's pause is uniform in [upper − 200 ms, upper]",
    )
    .for_figures(TTL_PAUSE)
    .field(number!(Sweep: y.lo)),
    int("pause_hi", "ms", 0, 2_000, 10, "1000", "Highest upper end of the pause")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: y.hi)),
    int("n", "", 1, MAX_N as u64, 1, "12", "Cells per axis (both axes)")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: x.n)),
    int("tpw_lo", "", 1, 8, 1, "1", "Fewest threads per wallet (x axis)")
        .for_figures(CONTENTION)
        .field(number!(Sweep: x.lo)),
    int("tpw_hi", "", 1, 8, 1, "8", "Most threads per wallet").for_figures(CONTENTION).field(number!(Sweep: x.hi)),
    int("wallets_lo", "", 1, 8, 1, "1", "Fewest wallets (y axis); one cell per whole number")
        .for_figures(CONTENTION)
        .field(number!(Sweep: y.lo)),
    int("wallets_hi", "", 1, 8, 1, "8", "Most wallets").for_figures(CONTENTION).field(number!(Sweep: y.hi)),
    int("seeds", "", 1, MAX_SEEDS as u64, 1, "3", "Seeds per cell (seeds 1, 2, …)").field(number!(Sweep: seeds)),
];

/// The figure kind of a sweep.
pub fn sweep_figures(kind: SweepKind) -> Figures {
    match kind {
        SweepKind::TtlPause => Figures::SWEEP_TTL_PAUSE,
        SweepKind::Contention => Figures::SWEEP_CONTENTION,
    }
}

/// The keys `kind`'s figure reads, in canonical order.
pub fn sweep_params(kind: SweepKind) -> impl Iterator<Item = &'static ParamSpec> {
    SWEEP_PARAMS.iter().filter(move |param| param.figures.contains(sweep_figures(kind)))
}

/// The spec of `kind`'s key `name`.
pub fn sweep_param(kind: SweepKind, name: &str) -> Option<&'static ParamSpec> {
    sweep_params(kind).find(|param| param.name == name)
}

/// Builds `kind`'s [`SweepSpec`] from one value per key, starting from its
/// default: unknown keys and unusable values are ignored, numbers clamped,
/// a range given the wrong way round swapped (each with a notice); the
/// cell counts follow from the ranges (`SweepSpec::clamped`).
pub fn sweep_spec_from_values(kind: SweepKind, values: &BTreeMap<String, String>, log: &mut NoticeLog) -> SweepSpec {
    for (key, given) in values {
        if sweep_param(kind, key).is_none() {
            log.ignored(key, given, IgnoreReason::UnknownKey { of: Some(kind.figure_id().to_string()) });
        }
    }
    let mut spec = kind.default_spec();
    for param in sweep_params(kind) {
        if let Some(value) = values.get(param.name).and_then(|given| read_value(param, given, log)) {
            param.set(&mut spec, value);
        }
    }
    let [x_lo, x_hi, y_lo, y_hi] = kind.axis_keys();
    for (axis, low_key, high_key) in [(&mut spec.x, x_lo, x_hi), (&mut spec.y, y_lo, y_hi)] {
        if axis.lo > axis.hi {
            log.push(Notice::Swapped {
                low_key: low_key.to_string(),
                low: axis.lo.to_string(),
                high_key: high_key.to_string(),
                high: axis.hi.to_string(),
            });
            std::mem::swap(&mut axis.lo, &mut axis.hi);
        }
    }
    spec.clamped()
}

/// The canonical query string of a sweep: every key of its figure, in table order.
pub fn sweep_query(spec: &SweepSpec) -> String {
    sweep_params(spec.kind)
        .filter_map(|param| param.value_text(spec).map(|text| format!("{}={}", param.name, percent_encode(&text))))
        .collect::<Vec<_>>()
        .join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::params::codec::{last_values, split_query};

    #[test]
    fn an_axis_range_is_its_two_rows_range() {
        for kind in [SweepKind::TtlPause, SweepKind::Contention] {
            let [x0, x1, y0, y1] = kind.axis_keys();
            let range = |k| sweep_param(kind, k).map(|p| (p.min as u32, p.max as u32));
            assert_eq!(range(x0), range(x1));
            assert_eq!(range(y0), range(y1));
            assert_eq!([range(x0).unwrap(), range(y0).unwrap()], kind.axis_limits());
        }
        assert_eq!(SweepKind::TtlPause.axis_limits(), [(10, 2_000), (0, 2_000)]);
        assert_eq!(SweepKind::Contention.axis_limits(), [(1, 8), (1, 8)]);
    }

    fn read(kind: SweepKind, query: &str) -> (SweepSpec, Vec<Notice>) {
        let mut log = NoticeLog::default();
        let values = last_values(split_query(query), &mut log);
        let spec = sweep_spec_from_values(kind, &values, &mut log);
        (spec, log.finish())
    }

    #[test]
    fn the_table_matches_the_figures() {
        for kind in [SweepKind::TtlPause, SweepKind::Contention] {
            let default = kind.default_spec();
            for param in sweep_params(kind) {
                assert_eq!(param.value_text(&default).as_deref(), Some(param.default), "{}", param.name);
            }
            let [x_lo, x_hi, y_lo, y_hi] = kind.axis_keys();
            let [(x_min, x_max), (y_min, y_max)] = kind.axis_limits();
            for (key, min, max) in
                [(x_lo, x_min, x_max), (x_hi, x_min, x_max), (y_lo, y_min, y_max), (y_hi, y_min, y_max)]
            {
                let param = sweep_param(kind, key).expect("an axis key is in the table");
                assert_eq!((param.min, param.max), (u64::from(min), u64::from(max)), "{key}");
            }
            let owned: Vec<&str> = sweep_params(kind).map(|param| param.name).collect();
            assert!(owned.iter().all(|key| kind.owns_key(key)), "{owned:?}");
            assert_eq!(read(kind, &sweep_query(&default)), (default, vec![]));
        }
    }

    #[test]
    fn values_are_clamped_swapped_and_reported() {
        let (spec, notices) = read(SweepKind::TtlPause, "ttl_lo=5&variant=%3Cb%3E&n=x&pause_lo=900&pause_hi=300");
        assert_eq!((spec.x.lo, spec.variant, spec.x.n, spec.y.n), (10, Preset::Exp1, 12, 12));
        assert_eq!((spec.y.lo, spec.y.hi), (300, 900));
        let keys: Vec<&str> = notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["variant", "ttl_lo", "n", "pause_lo"]);
        let (spec, notices) = read(SweepKind::Contention, "tpw_lo=3&tpw_hi=5&n=4&ttl_lo=50");
        assert_eq!((spec.x.lo, spec.x.hi, spec.x.n, spec.y.n), (3, 5, 3, 8));
        assert_eq!(notices.iter().map(Notice::key).collect::<Vec<_>>(), ["n", "ttl_lo"]);
    }
}
