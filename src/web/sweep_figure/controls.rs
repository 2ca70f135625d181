//! A sweep figure's sliders: which keys it shows first (the figure
//! registry's), their labels and ranges, and a slider's move applied to the
//! grid's spec.

use lab_model::params::{SweepKind, SweepSpec, MAX_N, MAX_SEEDS};

/// A slider: label, unit, min, max, step.
pub(super) struct SliderSpec {
    pub(super) name: &'static str,
    pub(super) label: &'static str,
    pub(super) unit: &'static str,
    pub(super) min: u32,
    pub(super) max: u32,
    pub(super) step: u32,
}

/// The figure's sliders: its keys as the figure registry lists them.
pub(super) fn sliders(kind: SweepKind) -> Vec<SliderSpec> {
    let [xk0, xk1, yk0, yk1] = kind.axis_keys();
    let [(xl, xh), (yl, yh)] = kind.axis_limits();
    let slider = |name: &'static str| {
        let (label, unit, min, max, step) = match (kind, name) {
            (SweepKind::TtlPause, n) if n == xk0 => ("TTL 시작", "ms", xl, xh, 10),
            (SweepKind::TtlPause, n) if n == xk1 => ("TTL 끝", "ms", xl, xh, 10),
            (SweepKind::TtlPause, n) if n == yk0 => ("멈춤 상한 시작", "ms", yl, yh, 10),
            (SweepKind::TtlPause, n) if n == yk1 => ("멈춤 상한 끝", "ms", yl, yh, 10),
            (SweepKind::Contention, n) if n == xk0 => ("지갑당 스레드 최소", "개", xl, xh, 1),
            (SweepKind::Contention, n) if n == xk1 => ("지갑당 스레드 최대", "개", xl, xh, 1),
            (SweepKind::Contention, n) if n == yk0 => ("지갑 수 최소", "개", yl, yh, 1),
            (SweepKind::Contention, n) if n == yk1 => ("지갑 수 최대", "개", yl, yh, 1),
            (_, "n") => ("축마다 칸 수", "칸", 2, MAX_N, 1),
            _ => ("칸마다 시드", "개", 1, MAX_SEEDS, 1),
        };
        SliderSpec { name, label, unit, min, max, step }
    };
    let main = lab_model::registry::sweep_figure(kind).main_keys;
    // The grid's size and its seeds follow the axes, under "모든 설정".
    let more = ["n", "seeds"].into_iter().filter(|k| kind.owns_key(k) && !main.contains(k));
    main.iter().copied().chain(more).map(slider).collect()
}

pub(super) fn slider_value(spec: &SweepSpec, name: &str) -> u32 {
    let [xk0, xk1, yk0, yk1] = spec.kind.axis_keys();
    match name {
        n if n == xk0 => spec.x.lo,
        n if n == xk1 => spec.x.hi,
        n if n == yk0 => spec.y.lo,
        n if n == yk1 => spec.y.hi,
        "n" => spec.x.n,
        _ => spec.seeds,
    }
}

pub(super) fn with_slider(spec: &SweepSpec, name: &str, v: u32) -> SweepSpec {
    let mut s = *spec;
    let [xk0, xk1, yk0, yk1] = spec.kind.axis_keys();
    match name {
        n if n == xk0 => s.x.lo = v,
        n if n == xk1 => s.x.hi = v,
        n if n == yk0 => s.y.lo = v,
        n if n == yk1 => s.y.hi = v,
        "n" => s.x.n = v,
        _ => s.seeds = v,
    }
    // `clamped` orders each axis, copies `n` to the TTL × pause grid's second
    // axis and gives the contention grid one cell per integer.
    s.clamped()
}
