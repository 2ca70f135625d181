//! A sweep figure's sliders: which keys it shows first (the figure
//! registry's), their labels and ranges (the parameter table's), and a
//! slider's move applied to the grid's spec.

use super::super::page_words::words;
use lab_model::params::{sweep_param, SweepKind, SweepSpec};

/// A slider: its key, label, unit, min, max, step.
pub(super) struct SliderSpec {
    pub(super) name: &'static str,
    pub(super) label: &'static str,
    pub(super) unit: &'static str,
    pub(super) min: u32,
    pub(super) max: u32,
    pub(super) step: u32,
}

/// The fewest cells per axis the slider offers: a map of one cell is no map
/// (an address may still ask for `n=1`, which the table allows).
const SLIDER_MIN_N: u32 = 2;

/// The figure's sliders: its keys as the figure registry lists them, each
/// with the label, range and step of its row in `SWEEP_PARAMS`.
pub(super) fn sliders(kind: SweepKind) -> Vec<SliderSpec> {
    let slider = |name: &'static str| {
        let param = sweep_param(kind, name).expect("a sweep figure's keys are rows of SWEEP_PARAMS");
        // A count's counter word where the table's unit is a number's.
        let w = &words().ui.sweep;
        let unit = match (param.unit, name) {
            ("", "n") => w.counter_cells,
            ("", _) => w.counter_items,
            (unit, _) => unit,
        };
        let min = if name == "n" { SLIDER_MIN_N } else { param.min as u32 };
        SliderSpec {
            name,
            label: lab_words::params::param_label(words(), param),
            unit,
            min,
            max: param.max as u32,
            step: param.step as u32,
        }
    };
    let main = lab_model::registry::sweep_figure(kind).main_keys;
    // The grid's size and its seeds follow the axes, under "all settings".
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
