//! The words of the live page's controls, buttons and status lines: the
//! lab that opens under every figure ([`LabWords`]), an Article A figure's
//! stage and tools ([`FigureWords`]), A1's recorded real run
//! ([`RecordedWords`]), the live results table ([`TableWords`]), the
//! parameter maps ([`SweepWords`]) and the page's own notices
//! ([`PageWords`]).
//!
//! Declared here once; the Korean table is [`crate::ko::ui`], the English
//! one [`crate::en::ui`]. Where a line's words depend on a fact (a count,
//! whether a figure has anomalies), the choice is made here, the same for
//! every language.

use crate::Words;

crate::words! {
    /// Every word of this domain, one field each.
    pub struct UiWords {
        /// The lab under every figure: its toggle, the lesson bar, the controls' words.
        pub lab: LabWords,
        /// An Article A figure's stage, player tools and settings.
        pub figure: FigureWords,
        /// A1's recorded real run, drawn instead of a simulation.
        pub recorded: RecordedWords,
        /// The live results table under an Article A figure.
        pub table: TableWords,
        /// The parameter maps (sweep figures).
        pub sweep: SweepWords,
        /// The page's own notices: addresses, loading, failures.
        pub page: PageWords,
    }
}

crate::words! {
    /// The lab that opens under every figure, and the controls in it.
    pub struct LabWords {
        /// The button that opens a figure's lab.
        pub open: &'static str,
        /// The same button while the lab is open.
        pub close: &'static str,
        /// The lesson bar's accessible name.
        pub lesson_label: &'static str,
        /// The lab panel's accessible name: `{number}` is the figure's number.
        pub panel_label: &'static str,
        /// A duration's exact-value field, for screen readers: `{label}`, `{unit}`.
        pub exact_input: &'static str,
        /// The folded list of every other setting.
        pub all_settings: &'static str,
        /// A legend's accessible name.
        pub legend: &'static str,
        /// `wallet_assignment=fixed`.
        pub wallet_fixed: &'static str,
        /// `wallet_assignment=random`.
        pub wallet_random: &'static str,
        /// `outage=off`.
        pub outage_off: &'static str,
        /// `outage=on`.
        pub outage_on: &'static str,
        /// `fail_policy=closed`.
        pub fail_closed: &'static str,
        /// `fail_policy=open`.
        pub fail_open: &'static str,
        /// `noise=off`.
        pub noise_off: &'static str,
        /// `noise=realistic`.
        pub noise_realistic: &'static str,
        /// The unit `won`, as a control shows it.
        pub unit_won: &'static str,
        /// The unit `s`.
        pub unit_s: &'static str,
        /// The unit `/min`.
        pub unit_per_min: &'static str,
    }
}

crate::words! {
    /// An Article A figure: its stage, the player's tools, its settings.
    pub struct FigureWords {
        /// An embed's one button that folds everything but the player.
        pub settings: &'static str,
        /// A stop slider's mark at TTL − watchdog period.
        pub mark_ttl_minus_period: &'static str,
        /// A stop slider's mark at the TTL.
        pub mark_ttl: &'static str,
        /// A2's switch that shows the ledger line.
        pub recon_switch: &'static str,
        /// What hides the results: `{moment}` is [`FigureWords::until_anomaly`] or [`FigureWords::until_end`].
        pub results_hidden: &'static str,
        /// The moment, for a figure whose run has an anomaly.
        pub until_anomaly: &'static str,
        /// The moment, for a figure whose run has none.
        pub until_end: &'static str,
        /// The button that shows the results now.
        pub reveal: &'static str,
        /// While a figure drawn from its table's runs waits for them.
        pub computing: &'static str,
        /// The canvas wrapper's accessible name: `{number}`, `{id}`.
        pub canvas_label: &'static str,
        /// The keys hint's opening, before the arrow keys.
        pub keys_lead: &'static str,
        /// After ↓/↑.
        pub keys_marks: &'static str,
        /// After ←/→.
        pub keys_events: &'static str,
        /// The space bar's name.
        pub key_space: &'static str,
        /// After the space bar.
        pub keys_play: &'static str,
        /// The escape key's name.
        pub key_esc: &'static str,
        /// After Esc.
        pub keys_close: &'static str,
        /// The TTL keys' opening, before +/−.
        pub keys_ttl_lead: &'static str,
        /// After +/−.
        pub keys_ttl_tail: &'static str,
        /// The time window slider's name.
        pub window: &'static str,
        /// Its value: `{seconds}`.
        pub window_value: &'static str,
        /// While a lease's end is dragged: `{ttl}` it would set, `{now}` the TTL now (ms).
        pub ttl_drag: &'static str,
        /// The preset chooser's name.
        pub preset: &'static str,
        /// The preset chooser when the settings match none.
        pub preset_custom: &'static str,
        /// The seed field's name.
        pub seed: &'static str,
        /// The button that draws a new seed.
        pub reroll: &'static str,
        /// The button that resets the figure.
        pub reset: &'static str,
        /// The button that copies the state's link.
        pub copy_link: &'static str,
        /// The same button once it copied.
        pub link_copied: &'static str,
    }
}

crate::words! {
    /// A1's recorded real run, drawn instead of a simulation.
    pub struct RecordedWords {
        /// When a control took the figure back to the simulation.
        pub left: &'static str,
        /// The source switch's legend.
        pub choose: &'static str,
        /// The switch's simulation choice.
        pub simulation: &'static str,
        /// The switch's recorded-run choice.
        pub real: &'static str,
        /// While the recording is fetched.
        pub loading: &'static str,
        /// When it could not be fetched.
        pub failed: &'static str,
        /// The badge above the canvas, before the source.
        pub badge: &'static str,
        /// The source line's first, strong sentence.
        pub what: &'static str,
        /// The rest of the source line: `{source}`, `{seed}`.
        pub how: &'static str,
        /// The table's caption.
        pub caption: &'static str,
        /// The table's metric column.
        pub metric: &'static str,
        /// The table's value column.
        pub run: &'static str,
    }
}

crate::words! {
    /// The live results table under an Article A figure.
    pub struct TableWords {
        /// A key number whose metric does not apply to the variant.
        pub not_applicable: &'static str,
        /// The caption: `{seed}`, `{ran}` (seconds run).
        pub caption: &'static str,
        /// Added when the work cap shortened the runs: `{max}` events, `{asked}`, `{ran}` seconds.
        pub capped: &'static str,
        /// An article column's head: `{label}`.
        pub article: &'static str,
        /// Added while the first runs are computed.
        pub computing: &'static str,
        /// Added while new settings' runs are computed.
        pub recomputing: &'static str,
        /// The metric column's head.
        pub metric: &'static str,
    }
}

crate::words! {
    /// The parameter maps (sweep figures).
    pub struct SweepWords {
        /// The opened cell's panel's accessible name.
        pub opened: &'static str,
        /// The link that opens the cell's run in a timeline.
        pub open_run: &'static str,
        /// The button that closes the opened cell.
        pub close: &'static str,
        /// The legend's colour, when it shows over-approvals.
        pub colour_over: &'static str,
        /// The legend's colour, when it shows throughput.
        pub colour_throughput: &'static str,
        /// The legend's red dot.
        pub dot: &'static str,
        /// The legend's grey hatching.
        pub pending: &'static str,
        /// The legend's outline.
        pub focus_outline: &'static str,
        /// The legend's article point: `{label}`, `{preset}`, `{measurement}`, `{x_name}`, `{x}`, `{y_name}`, `{y}`.
        pub article_point: &'static str,
        /// The status when no web worker could start.
        pub failed: &'static str,
        /// Done from the saved results: `{runs}`.
        pub done_cached: &'static str,
        /// Done, timed: `{runs}`, `{seconds}`.
        pub done_timed: &'static str,
        /// Done: `{runs}`.
        pub done: &'static str,
        /// Computing: `{done}` of `{rows}` rows, `{runs}`.
        pub running: &'static str,
        /// The variant chooser's name.
        pub variant: &'static str,
        /// The metric chooser's name.
        pub metric: &'static str,
        /// The selected cell's line: `{cell}`.
        pub focus: &'static str,
        /// The progress bar's name.
        pub progress: &'static str,
        /// The counter of the grid-size slider (`n`).
        pub counter_cells: &'static str,
        /// The counter of any other unitless slider.
        pub counter_items: &'static str,
        /// The grid's accessible name: `{name}`, `{xn}`, `{yn}`.
        pub grid: &'static str,
        /// A row that no worker computed (the console): `{key}`, `{row}`.
        pub row_failed: &'static str,
    }
}

crate::words! {
    /// The page's own notices: addresses, loading, failures.
    pub struct PageWords {
        /// An address names no chapter: `{ch}`.
        pub unknown_chapter: &'static str,
        /// No chapter to show.
        pub no_chapter: &'static str,
        /// An embed's address names no figure: `{asked}`.
        pub unknown_embed: &'static str,
        /// The link from that notice to the first chapter.
        pub go_home: &'static str,
        /// A chapter's text could not be fetched: `{title}`, `{why}`.
        pub chapter_failed: &'static str,
        /// A chapter's text is being fetched: `{title}`.
        pub chapter_loading: &'static str,
        /// The side-by-side figure ignores an address's settings.
        pub side_by_side_fixed: &'static str,
        /// A figure not yet made: `{id}`.
        pub figure_missing: &'static str,
        /// The banner after a panic: `{info}`.
        pub panic: &'static str,
        /// The console, when the offline cache could not register.
        pub offline_failed: &'static str,
        /// The key numbers line's accessible name.
        pub key_numbers: &'static str,
        /// The same line while its values are held back.
        pub key_numbers_held: &'static str,
        /// When the live page could not take over the static one: `{why}`.
        pub takeover_failed: &'static str,
        /// The console, when a web worker could not start: `{reason}`.
        pub worker_failed: &'static str,
        /// The same, before a value the console shows as it is.
        pub worker_failed_lead: &'static str,
    }
}

/// The lab's words for key `key`'s choice `word`, or the word itself
/// when the table has none (a variant's name is the catalogue's).
pub fn choice<'a>(w: &'a Words, key: &str, word: &'a str) -> &'a str {
    let lab = &w.ui.lab;
    match (key, word) {
        ("wallet_assignment", "fixed") => lab.wallet_fixed,
        ("wallet_assignment", "random") => lab.wallet_random,
        ("outage", "off") => lab.outage_off,
        ("outage", "on") => lab.outage_on,
        ("fail_policy", "closed") => lab.fail_closed,
        ("fail_policy", "open") => lab.fail_open,
        ("noise", "off") => lab.noise_off,
        ("noise", "realistic") => lab.noise_realistic,
        _ => word,
    }
}

/// A parameter table's unit as a control shows it.
pub fn unit<'a>(w: &'a Words, unit: &'a str) -> &'a str {
    match unit {
        "won" => w.ui.lab.unit_won,
        "s" => w.ui.lab.unit_s,
        "/min" => w.ui.lab.unit_per_min,
        u => u,
    }
}

/// What hides a figure's results, by whether its run has an anomaly.
pub fn results_hidden(w: &Words, has_anomaly: bool) -> String {
    let f = &w.ui.figure;
    w.fill(f.results_hidden, &[("moment", if has_anomaly { f.until_anomaly } else { f.until_end })])
}

/// A live table's caption: `seed`, the seconds every run ran (`ran`),
/// and when the work cap made that shorter than `asked`, why.
pub fn table_caption(w: &Words, seed: &str, ran: u32, asked: u32, max_events: &str) -> String {
    let t = &w.ui.table;
    let shortened = ran < asked;
    let (ran, asked) = (ran.to_string(), asked.to_string());
    let mut caption = w.fill(t.caption, &[("seed", seed), ("ran", &ran)]);
    if shortened {
        caption.push_str(&w.fill(t.capped, &[("max", max_events), ("asked", &asked), ("ran", &ran)]));
    }
    caption
}

/// Where a parameter map's computation stands, for its status line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SweepProgress {
    /// No web worker could start.
    pub failed: bool,
    /// Every row is computed.
    pub complete: bool,
    /// The rows came from the saved results.
    pub cached: bool,
    /// How long the computation took, when it ran here.
    pub elapsed_ms: Option<f64>,
    /// The runs the whole map takes.
    pub runs: u64,
    /// The rows computed so far.
    pub done: usize,
    /// The map's rows.
    pub rows: usize,
}

/// What a parameter map's status line says.
pub fn sweep_status(w: &Words, p: SweepProgress) -> String {
    let s = &w.ui.sweep;
    let SweepProgress { failed, complete, cached, elapsed_ms, runs, done, rows } = p;
    let runs = runs.to_string();
    if failed {
        s.failed.to_string()
    } else if complete {
        match elapsed_ms {
            Some(_) if cached => w.fill(s.done_cached, &[("runs", &runs)]),
            Some(ms) => w.fill(s.done_timed, &[("runs", &runs), ("seconds", &format!("{:.1}", ms / 1000.0))]),
            None => w.fill(s.done, &[("runs", &runs)]),
        }
    } else {
        w.fill(s.running, &[("done", &done.to_string()), ("rows", &rows.to_string()), ("runs", &runs)])
    }
}

#[cfg(test)]
mod tests {
    use super::{choice, results_hidden, sweep_status, table_caption, unit, SweepProgress};
    use crate::{table, Lang, Words};

    fn hangul(s: &str) -> bool {
        s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c))
    }

    #[test]
    fn a_shortened_run_says_why() {
        let en = Words::of(Lang::En);
        assert_eq!(
            table_caption(en, "7", 60, 60, "2,000,000"),
            "Live numbers: seed 7 · runs 0–2 (each the whole 60 s)"
        );
        assert_eq!(
            table_caption(en, "7", 20, 60, "2,000,000"),
            "Live numbers: seed 7 · runs 0–2 (each the whole 20 s) — the work cap (at most 2,000,000 events per run) ran 20 s instead of 60 s"
        );
    }

    #[test]
    fn a_sweeps_status_counts_its_runs() {
        let p = SweepProgress {
            failed: false,
            complete: false,
            cached: false,
            elapsed_ms: None,
            runs: 1,
            done: 3,
            rows: 8,
        };
        let en = Words::of(Lang::En);
        assert_eq!(sweep_status(en, p), "Computing · 3/8 rows · 1 run in all (web workers)");
        let done = SweepProgress { complete: true, elapsed_ms: Some(2345.0), runs: 120, ..p };
        assert_eq!(sweep_status(en, done), "Done · 120 runs · 2.3 s");
        assert_eq!(sweep_status(en, SweepProgress { cached: true, ..done }), "Done · saved results · 120 runs");
        for lang in Lang::ALL {
            let w = Words::of(lang);
            assert_eq!(sweep_status(w, SweepProgress { failed: true, ..p }), w.ui.sweep.failed);
        }
    }

    #[test]
    fn the_hidden_results_name_the_moment_they_wait_for() {
        let en = Words::of(Lang::En);
        let line = results_hidden(en, false);
        assert!(line.contains("until the player reaches the end or you press \"Show results\""), "{line}");
        assert_ne!(results_hidden(en, true), line);
    }

    #[test]
    fn an_unknown_embed_names_what_was_asked() {
        let en = Words::of(Lang::En);
        assert_eq!(
            en.fill(en.ui.page.unknown_embed, &[("asked", "nope")]),
            "The embed address names figure \"nope\", which does not exist. Please check the address."
        );
    }

    #[test]
    fn choices_and_units_fall_back_to_the_tables_word() {
        for lang in Lang::ALL {
            let w = Words::of(lang);
            assert_eq!(choice(w, "noise", "realistic"), w.ui.lab.noise_realistic);
            assert_eq!(choice(w, "variant", "c2"), "c2");
            assert_eq!(unit(w, "won"), w.ui.lab.unit_won);
            assert_eq!(unit(w, "ms"), "ms");
        }
    }

    #[test]
    fn the_english_ui_holds_no_hangul() {
        let en = Words::of(Lang::En);
        let found: Vec<_> = table::as_flat(&en.ui).iter().filter(|s| hangul(s)).collect();
        assert!(found.is_empty(), "{found:?}");
        assert!(table::as_flat(&Words::of(Lang::Ko).ui).iter().any(|s| hangul(s)));
    }
}
