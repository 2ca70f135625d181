//! Article A's critical sections and presets, one row each. Everything the
//! page, the figures and `lab` say or draw about a variant or a preset is
//! read from here: the article's label, the preset a variant starts from
//! (the names are words: lab-words' catalogue domain), the colour of its series, which figures show it,
//! and the word a sweep's `variant=` uses for it. The simulation
//! (`lab_sim::lease`) owns what a variant does and its URL key; this table
//! owns how it is shown.
//!
//! Adding a variant: its arm in the simulation (the compiler lists them),
//! one row in [`VARIANTS`] (and [`PRESETS`] for its preset), and the
//! article's numbers in `article`. [`variant`] and [`preset`] match without
//! a catch-all, so a variant or preset without a row does not compile.

use lab_sim::lease::{Preset, Variant};

/// The colour of a variant's series where every variant is drawn (A8, A9).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeriesColour {
    /// The n-th colour of the wallets' palette.
    Palette(usize),
    /// The alarm red (the palette's STOLEN), for the one series set apart: (d), the article's answer.
    Alarm,
}

/// Which of the figures that draw several variants at once draw this one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShownIn {
    /// A4's two stacked timelines (the fenced pair).
    pub split_timeline: bool,
    /// A8 (throughput against over-approval) and A9 (latency CDFs), with their tables.
    pub every_variant_charts: bool,
    /// The closing small multiples, one panel per variant.
    pub side_by_side: bool,
}

/// One critical-section variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct VariantEntry {
    pub variant: Variant,
    /// The article's label: (a), (b), (c-1), (c-2), (d).
    pub label: &'static str,
    /// The article's preset of this variant.
    pub preset: Preset,
    pub colour: SeriesColour,
    /// Its sections meet at a row lock by design (c-2's `FOR SHARE` read,
    /// (d)'s conditional UPDATE), so a stretch without a row-lock wait is
    /// worth saying.
    pub meets_at_row_lock: bool,
    pub shown_in: ShownIn,
}

const EVERY: ShownIn = ShownIn { split_timeline: false, every_variant_charts: true, side_by_side: true };
const FENCED: ShownIn = ShownIn { split_timeline: true, ..EVERY };

/// Every variant, in the article's order (`Variant::ALL`'s).
pub static VARIANTS: [VariantEntry; 5] = [
    VariantEntry {
        variant: Variant::Naive,
        label: "(a)",
        preset: Preset::Exp1,
        colour: SeriesColour::Palette(0),
        meets_at_row_lock: false,
        shown_in: EVERY,
    },
    VariantEntry {
        variant: Variant::Watchdog,
        label: "(b)",
        preset: Preset::Exp2,
        colour: SeriesColour::Palette(1),
        meets_at_row_lock: false,
        shown_in: EVERY,
    },
    VariantEntry {
        variant: Variant::FenceWrite,
        label: "(c-1)",
        preset: Preset::Exp3C1,
        colour: SeriesColour::Palette(2),
        meets_at_row_lock: false,
        shown_in: FENCED,
    },
    VariantEntry {
        variant: Variant::FenceRead,
        label: "(c-2)",
        preset: Preset::Exp3C2,
        colour: SeriesColour::Palette(3),
        meets_at_row_lock: true,
        shown_in: FENCED,
    },
    VariantEntry {
        variant: Variant::Conditional,
        label: "(d)",
        preset: Preset::Exp4,
        colour: SeriesColour::Alarm,
        meets_at_row_lock: true,
        shown_in: EVERY,
    },
];

/// One preset: a configuration the article measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PresetEntry {
    pub preset: Preset,
    /// Its word in a sweep's `variant=`, when sweeps offer it.
    pub sweep_word: Option<&'static str>,
}

const fn preset_row(preset: Preset) -> PresetEntry {
    PresetEntry { preset, sweep_word: None }
}

const fn swept(preset: Preset, sweep_word: &'static str) -> PresetEntry {
    PresetEntry { preset, sweep_word: Some(sweep_word) }
}

/// Every preset, in `Preset::ALL`'s order.
pub static PRESETS: [PresetEntry; 11] = [
    swept(Preset::Exp1, "naive"),
    swept(Preset::Exp2, "watchdog"),
    swept(Preset::Exp2Stop, "watchdog_stop"),
    swept(Preset::Exp3C1, "fence_write"),
    swept(Preset::Exp3C2, "fence_read"),
    preset_row(Preset::Exp3Ttl1s),
    swept(Preset::Exp4, "conditional"),
    preset_row(Preset::Exp5Closed),
    preset_row(Preset::Exp5Open),
    preset_row(Preset::Exp5C2Closed),
    preset_row(Preset::Exp5Control),
];

/// The sweep's `variant=` words, in [`PRESETS`]' order (the parameter table's choice list).
pub const SWEEP_WORDS: [&str; 6] = ["naive", "watchdog", "watchdog_stop", "fence_write", "fence_read", "conditional"];

/// The row of `v`.
pub fn variant(v: Variant) -> &'static VariantEntry {
    &VARIANTS[match v {
        Variant::Naive => 0,
        Variant::Watchdog => 1,
        Variant::FenceWrite => 2,
        Variant::FenceRead => 3,
        Variant::Conditional => 4,
    }]
}

/// The row of `p`.
pub fn preset(p: Preset) -> &'static PresetEntry {
    &PRESETS[match p {
        Preset::Exp1 => 0,
        Preset::Exp2 => 1,
        Preset::Exp2Stop => 2,
        Preset::Exp3C1 => 3,
        Preset::Exp3C2 => 4,
        Preset::Exp3Ttl1s => 5,
        Preset::Exp4 => 6,
        Preset::Exp5Closed => 7,
        Preset::Exp5Open => 8,
        Preset::Exp5C2Closed => 9,
        Preset::Exp5Control => 10,
    }]
}

/// The variants `keep` selects, in the article's order.
pub fn variants_shown(keep: fn(ShownIn) -> bool) -> Vec<&'static VariantEntry> {
    VARIANTS.iter().filter(|v| keep(v.shown_in)).collect()
}

/// The row of the variant whose URL key is `key`.
pub fn variant_by_key(key: &str) -> Option<&'static VariantEntry> {
    VARIANTS.iter().find(|v| v.variant.key() == key)
}

/// The presets a sweep can run, in order.
pub fn sweep_presets() -> impl Iterator<Item = &'static PresetEntry> {
    PRESETS.iter().filter(|p| p.sweep_word.is_some())
}

/// A sweep preset's `variant=` word (a preset sweeps do not offer never
/// reaches a sweep: the reader takes only [`SWEEP_WORDS`]; it falls back to the preset's key).
pub fn sweep_word(p: Preset) -> &'static str {
    preset(p).sweep_word.unwrap_or(p.key())
}

/// The preset a sweep's `variant=` word names.
pub fn sweep_preset(word: &str) -> Option<Preset> {
    sweep_presets().find(|p| p.sweep_word == Some(word)).map(|p| p.preset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rows_follow_the_simulations_order_and_agree_with_it() {
        assert_eq!(VARIANTS.map(|v| v.variant), Variant::ALL);
        assert_eq!(PRESETS.map(|p| p.preset), Preset::ALL);
        for v in VARIANTS {
            assert_eq!(variant(v.variant), &v);
            assert_eq!(v.label, v.variant.article_label());
            assert_eq!(v.preset.config().variant, v.variant, "{}", v.label);
        }
        for p in PRESETS {
            assert_eq!(preset(p.preset), &p);
        }
        assert_eq!(variant_by_key("fence_read").map(|v| v.label), Some("(c-2)"));
        assert_eq!(variant_by_key("exp3_c2"), None);
    }

    #[test]
    fn sweep_words_read_back_to_their_presets() {
        let words: Vec<&str> = sweep_presets().map(|p| p.sweep_word.unwrap()).collect();
        assert_eq!(words, SWEEP_WORDS);
        for p in sweep_presets() {
            assert_eq!(sweep_preset(sweep_word(p.preset)), Some(p.preset));
        }
        assert_eq!(sweep_preset("exp1"), None);
    }

    #[test]
    fn the_alarm_colour_marks_one_series_and_the_palette_slots_are_distinct() {
        assert_eq!(VARIANTS.iter().filter(|v| v.colour == SeriesColour::Alarm).count(), 1);
        let slots: Vec<usize> = VARIANTS
            .iter()
            .filter_map(|v| match v.colour {
                SeriesColour::Palette(i) => Some(i),
                SeriesColour::Alarm => None,
            })
            .collect();
        assert!(slots.iter().enumerate().all(|(i, s)| !slots[i + 1..].contains(s)));
    }
}
