//! The sweep figures' grid keys ↔ [`SweepSpec`]: the table [`SWEEP_PARAMS`]
//! (each key marked with the sweep figure that reads it), the reader (clamp,
//! swap a range given the wrong way round, derive the cell counts) and the
//! canonical writer [`sweep_query`], which is the sweep's cache key and URL
//! state (`SweepSpec::key`).

use std::collections::BTreeMap;

use super::codec::{percent_encode, read_value, NoticeLog};
use super::spec::{choice, int, keyed, number, Figures, Notice, ParamSpec};
use crate::sweep::{SweepKind, SweepSpec, SweepVariant, MAX_N, MAX_SEEDS};

/// The sweep variants' URL words, in `SweepVariant::ALL` order.
pub const SWEEP_VARIANT_KEYS: &[&str] =
    &["naive", "watchdog", "watchdog_stop", "fence_write", "fence_read", "conditional"];

const TTL_PAUSE: Figures = Figures::SWEEP_TTL_PAUSE;
const CONTENTION: Figures = Figures::SWEEP_CONTENTION;

/// Every sweep figure key, in canonical order. Each figure reads `variant`,
/// its own two axes' ranges, `n` (`sweep-ttl-pause` only) and `seeds`.
pub const SWEEP_PARAMS: &[ParamSpec] = &[
    choice(
        "variant",
        SWEEP_VARIANT_KEYS,
        "naive",
        "Critical section every cell runs, from its preset: exp1, exp2, exp2_stop, exp3_c1, exp3_c2, exp4",
        "변형",
    )
    .field(keyed!(Sweep: variant, SweepVariant::key, SweepVariant::from_key)),
    int("ttl_lo", "ms", 10, 2_000, 10, "50", "Shortest lock TTL (x axis)", "TTL 시작")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: x.lo)),
    int("ttl_hi", "ms", 10, 2_000, 10, "1000", "Longest lock TTL", "TTL 끝")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: x.hi)),
    int(
        "pause_lo",
        "ms",
        0,
        2_000,
        10,
        "100",
        "Lowest upper end of the pause (y axis); a cell's pause is uniform in [upper − 200 ms, upper]",
        "멈춤 상한 시작",
    )
    .for_figures(TTL_PAUSE)
    .field(number!(Sweep: y.lo)),
    int("pause_hi", "ms", 0, 2_000, 10, "1000", "Highest upper end of the pause", "멈춤 상한 끝")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: y.hi)),
    int("n", "", 1, MAX_N as u64, 1, "12", "Cells per axis (both axes)", "축마다 칸 수")
        .for_figures(TTL_PAUSE)
        .field(number!(Sweep: x.n)),
    int("tpw_lo", "", 1, 8, 1, "1", "Fewest threads per wallet (x axis)", "지갑당 스레드 최소")
        .for_figures(CONTENTION)
        .field(number!(Sweep: x.lo)),
    int("tpw_hi", "", 1, 8, 1, "8", "Most threads per wallet", "지갑당 스레드 최대")
        .for_figures(CONTENTION)
        .field(number!(Sweep: x.hi)),
    int("wallets_lo", "", 1, 8, 1, "1", "Fewest wallets (y axis); one cell per whole number", "지갑 수 최소")
        .for_figures(CONTENTION)
        .field(number!(Sweep: y.lo)),
    int("wallets_hi", "", 1, 8, 1, "8", "Most wallets", "지갑 수 최대")
        .for_figures(CONTENTION)
        .field(number!(Sweep: y.hi)),
    int("seeds", "", 1, MAX_SEEDS as u64, 1, "3", "Seeds per cell (seeds 1, 2, …)", "칸마다 시드")
        .field(number!(Sweep: seeds)),
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
            log.ignored(key, given, format!("unknown key for {} (`lab params` lists the keys)", kind.figure_id()));
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
        assert_eq!(SWEEP_VARIANT_KEYS, SweepVariant::ALL.map(SweepVariant::key).as_slice());
    }

    #[test]
    fn values_are_clamped_swapped_and_reported() {
        let (spec, notices) = read(SweepKind::TtlPause, "ttl_lo=5&variant=%3Cb%3E&n=x&pause_lo=900&pause_hi=300");
        assert_eq!((spec.x.lo, spec.variant, spec.x.n, spec.y.n), (10, SweepVariant::Naive, 12, 12));
        assert_eq!((spec.y.lo, spec.y.hi), (300, 900));
        let keys: Vec<&str> = notices.iter().map(Notice::key).collect();
        assert_eq!(keys, ["variant", "ttl_lo", "n", "pause_lo"]);
        let (spec, notices) = read(SweepKind::Contention, "tpw_lo=3&tpw_hi=5&n=4&ttl_lo=50");
        assert_eq!((spec.x.lo, spec.x.hi, spec.x.n, spec.y.n), (3, 5, 3, 8));
        assert_eq!(notices.iter().map(Notice::key).collect::<Vec<_>>(), ["n", "ttl_lo"]);
    }
}
