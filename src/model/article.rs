//! The values Article A *measured*, transcribed from model.md §3.1, as data.
//!
//! Everything in this module is the article's, never ours: the report shows
//! these rows labelled as the article's measurement beside the simulated ones, and
//! nothing here is ever fed into the simulation or into any number that
//! claims to be simulated. The article's inconsistencies (model.md §3.4) are
//! kept as written and listed in [`ARTICLE_AMBIGUITIES`].
//!
//! Tables follow the article's shape: each [`ArticleTable`] names its
//! columns, and each [`ArticleRow`] gives one measured cell per column.

/// One cell as the article printed it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Measured {
    /// One value per run, e.g. "240 · 240 · 240".
    Runs(&'static [f64]),
    /// A min–max range over the runs, e.g. "1,697–1,714".
    Range(f64, f64),
    /// A single value.
    Value(f64),
    /// "~3,300": an approximate value.
    About(f64),
    /// A value with the article's own annotation, e.g. 0 "(1 artifact)".
    Annotated(f64, CellNote),
    /// A cell that is words, not a number, e.g. "(no lock)".
    Words(CellNote),
    /// The article reports nothing for this cell.
    NotReported,
}

/// What the article's own words in a cell say (the words layer's
/// `analysis::cell_note` says it in a language: the article's Korean on the
/// page, English in `lab`'s tables), and the article's notes that stand in
/// for a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellNote {
    /// Text that reads the same in every language ("4/4").
    Verbatim(&'static str),
    /// One of the overlaps was a recording artifact.
    OneArtifact,
    /// The path takes no lock, as it should.
    NoLockIsNormal,
    /// The same before, during and after the outage.
    SameBeforeDuringAfter,
    /// Almost every request was rejected.
    AlmostAllRejected,
    /// The path takes no lock.
    NoLock,
    /// Path (a) at TTL 1 s still saw expiry, which no table row holds.
    Ttl1sExpiry,
    /// c-2 + fail-closed's read-time rejects after the restart.
    C2RestartRejects,
}

impl CellNote {
    /// `lab`'s English words. Kept until its callers ask the words layer.
    pub const fn en(self) -> &'static str {
        match self {
            CellNote::Verbatim(text) => text,
            CellNote::OneArtifact => "(1 artifact)",
            CellNote::NoLockIsNormal => "(no lock is normal)",
            CellNote::SameBeforeDuringAfter => "same before/during/after",
            CellNote::AlmostAllRejected => "(almost all rejected)",
            CellNote::NoLock => "(no lock)",
            CellNote::Ttl1sExpiry => "At TTL 1 s, path (a) still saw expiry in 2 of 3 runs (4 STOLEN, 4 over-approvals in run 3), blamed on a lock-server stall; the noise-free model shows none (§3.4 item 6).",
            CellNote::C2RestartRejects => "c-2 + fail-closed: exactly 96 read-time rejects per wallet after the restart, 384 per run, in all 3 runs.",
        }
    }
}

/// One row of an article table: which experiment and which of our presets it corresponds to.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArticleRow {
    /// The article's row label.
    pub label: &'static str,
    /// The preset key that simulates this row (`lab_sim::lease::Preset::key`).
    pub preset: &'static str,
    /// For per-run tables: the article's run number (1-based); `None` for rows over 3 runs.
    pub article_run: Option<u32>,
    pub cells: &'static [Measured],
}

/// One article table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ArticleTable {
    pub id: &'static str,
    pub title: &'static str,
    pub measurement_id: &'static str,
    pub columns: &'static [&'static str],
    pub rows: &'static [ArticleRow],
    /// What the article says around the table (quoted facts, not ours).
    pub notes: &'static [&'static str],
}

use Measured::{About, Annotated, NotReported, Range, Runs, Value, Words};

/// English for `lab`'s tables only: the site's wasm does not carry it (the
/// page says the article's numbers in Korean, from the cells).
const fn cli_only(notes: &'static [&'static str]) -> &'static [&'static str] {
    if cfg!(target_arch = "wasm32") {
        &[]
    } else {
        notes
    }
}

/// See [`cli_only`].
const fn cli_only_text(text: &'static str) -> &'static str {
    if cfg!(target_arch = "wasm32") {
        ""
    } else {
        text
    }
}

/// Exp 1 (M-024), TTL 200 ms, pause 300–500 ms, per run.
pub const ARTICLE_EXP1: ArticleTable = ArticleTable {
    id: "exp1",
    title: cli_only_text("Exp 1 (M-024): does an expired lease cause double ownership?"),
    measurement_id: "M-024",
    columns: &[
        "approvals (of 240)",
        "overlap pairs",
        "max concurrent owners",
        "STOLEN at release",
        "drift (won)",
        "over-approval",
        "negative-ledger wallets",
    ],
    rows: &[
        ArticleRow {
            label: "run 1",
            preset: "exp1",
            article_run: Some(1),
            cells: &[Value(590.0), Value(1714.0), Value(3.0), Value(1135.0), Value(350_000.0), Value(350.0), Words(CellNote::Verbatim("4/4"))],
        },
        ArticleRow {
            label: "run 2",
            preset: "exp1",
            article_run: Some(2),
            cells: &[Value(580.0), Value(1697.0), Value(4.0), Value(1131.0), Value(340_000.0), Value(340.0), Words(CellNote::Verbatim("4/4"))],
        },
        ArticleRow {
            label: "run 3",
            preset: "exp1",
            article_run: Some(3),
            cells: &[Value(586.0), Value(1710.0), Value(3.0), Value(1131.0), Value(346_000.0), Value(346.0), Words(CellNote::Verbatim("4/4"))],
        },
    ],
    notes: cli_only(&[
        "141–149 approvals per wallet against 60 possible; ledger per wallet −81,000 to −89,000; the snapshot stopped at 0.",
        "A 15 s preliminary run showed a snapshot of +30,000 while the ledger was already −14,000.",
        "Max concurrent owners 4 (run 2) needs real-world noise; the noise-free model gives 3 (model.md §3.3).",
    ]),
};

/// Exp 2 (M-025), watchdog with and without process stops, over 3 runs.
pub const ARTICLE_EXP2: ArticleTable = ArticleTable {
    id: "exp2",
    title: cli_only_text("Exp 2 (M-025): watchdog"),
    measurement_id: "M-025",
    columns: &["approvals", "extensions", "overlap pairs", "STOLEN", "drift (won)", "over-approval", "throughput (/s)"],
    rows: &[
        ArticleRow {
            label: "watchdog, 3 runs",
            preset: "exp2",
            article_run: None,
            cells: &[
                Runs(&[240.0, 240.0, 240.0]),
                About(3300.0),
                Annotated(0.0, CellNote::OneArtifact),
                Value(0.0),
                Value(0.0),
                Value(0.0),
                Value(9.7),
            ],
        },
        ArticleRow {
            label: "watchdog + SIGSTOP 400 ms × 35, 3 runs",
            preset: "exp2_stop",
            article_run: None,
            cells: &[
                Range(321.0, 323.0),
                About(2475.0),
                Range(131.0, 132.0),
                Range(128.0, 131.0),
                Range(81_000.0, 83_000.0),
                Range(81.0, 83.0),
                Value(8.7),
            ],
        },
    ],
    notes: cli_only(&[
        "The artifact overlap was 3 µs and 17 µs, both rows RELEASED (one pair, or one per run: §3.4 item 4).",
        "About 3.7 overlap pairs per stop; throughput fell from 19.2/s to 9.7/s once the lock was really exclusive.",
    ]),
};

/// Exp 3 (M-026), write-time vs read-time fencing, over 3 runs, plus the TTL 1 s supplement.
pub const ARTICLE_EXP3: ArticleTable = ArticleTable {
    id: "exp3",
    title: cli_only_text("Exp 3 (M-026): where to put the fence"),
    measurement_id: "M-026",
    columns: &["approvals", "fencing rejects", "lost-update pairs", "drift (won)", "over-approval"],
    rows: &[
        ArticleRow {
            label: "c-1 write time, 3 runs",
            preset: "exp3_c1",
            article_run: None,
            cells: &[
                Range(590.0, 593.0),
                Runs(&[1.0, 0.0, 0.0]),
                Range(864.0, 876.0),
                Range(350_000.0, 353_000.0),
                Range(350.0, 353.0),
            ],
        },
        ArticleRow {
            label: "c-2 read time, 3 runs",
            preset: "exp3_c2",
            article_run: None,
            cells: &[Runs(&[6.0, 4.0, 4.0]), Range(1153.0, 1165.0), Value(0.0), Value(0.0), Value(0.0)],
        },
        ArticleRow {
            label: "c-2, TTL 1 s (supplement), 3 runs",
            preset: "exp3_ttl1s",
            article_run: None,
            cells: &[Runs(&[240.0, 240.0, 240.0]), Runs(&[0.0, 0.0, 0.0]), NotReported, Runs(&[0.0, 0.0, 0.0]), NotReported],
        },
    ],
    notes: cli_only(&[
        "c-1 had 1 rejection \"out of 1,505\" over 3 runs; the base of 1,505 is undefined (§3.4 item 3). We show `writes_after_overtake` as the denominator.",
        "c-2 approved 4–6 of about 1,159 requests per run.",
        CellNote::Ttl1sExpiry.en(),
    ]),
};

/// Exp 4 (M-027), the default path with the pause before the UPDATE, per run.
pub const ARTICLE_EXP4: ArticleTable = ArticleTable {
    id: "exp4",
    title: cli_only_text("Exp 4 (M-027): the default path under the same pause"),
    measurement_id: "M-027",
    columns: &[
        "approvals",
        "concurrent-section overlap pairs (no lock)",
        "drift",
        "over-approval",
        "throughput (/s)",
        "p95 (ms)",
    ],
    rows: &[
        ArticleRow {
            label: "run 1",
            preset: "exp4",
            article_run: Some(1),
            cells: &[Value(240.0), Value(5212.0), Value(0.0), Value(0.0), Value(30.3), Value(588.0)],
        },
        ArticleRow {
            label: "run 2",
            preset: "exp4",
            article_run: Some(2),
            cells: &[Value(240.0), Value(6752.0), Value(0.0), Value(0.0), Value(38.5), Value(506.0)],
        },
        ArticleRow {
            label: "run 3",
            preset: "exp4",
            article_run: Some(3),
            cells: &[Value(240.0), Value(6340.0), Value(0.0), Value(0.0), Value(36.8), Value(536.0)],
        },
    ],
    notes: cli_only(&[
        "The text gives pairs 5,212–6,771: it merges in the Exp 5 control runs (§3.4 item 2).",
        "Run 1 (30.3/s, 588 ms, 9.4 s maximum latency) was blamed on the environment; absolute throughput and p95 are for relative comparison only.",
    ]),
};

/// Exp 5 (M-028), lock server killed at 20 s and restarted at 40 s, over 3 runs.
pub const ARTICLE_EXP5: ArticleTable = ArticleTable {
    id: "exp5",
    title: cli_only_text("Exp 5 (M-028): lock-server outage (killed at 20 s, restarted empty at 40 s)"),
    measurement_id: "M-028",
    columns: &[
        "503 during outage",
        "lockless holds during outage",
        "overlap pairs during outage",
        "drift (won)",
        "over-approval",
    ],
    rows: &[
        ArticleRow {
            label: "fail-closed, 3 runs",
            preset: "exp5_closed",
            article_run: None,
            cells: &[
                Range(20_108.0, 22_075.0),
                Value(0.0),
                Value(0.0),
                Range(343_000.0, 360_000.0),
                Range(343.0, 360.0),
            ],
        },
        ArticleRow {
            label: "fail-open, 3 runs",
            preset: "exp5_open",
            article_run: None,
            cells: &[
                Value(0.0),
                Range(480.0, 771.0),
                Range(1115.0, 2245.0),
                Range(475_000.0, 491_000.0),
                Range(475.0, 491.0),
            ],
        },
        ArticleRow {
            label: "c-2 fencing + fail-closed, 3 runs",
            preset: "exp5_c2_closed",
            article_run: None,
            cells: &[Range(21_270.0, 24_183.0), Value(0.0), Value(0.0), Value(0.0), Value(0.0)],
        },
        ArticleRow {
            label: "control, 3 runs",
            preset: "exp5_control",
            article_run: None,
            cells: &[
                Value(0.0),
                Words(CellNote::NoLockIsNormal),
                Words(CellNote::SameBeforeDuringAfter),
                Value(0.0),
                Value(0.0),
            ],
        },
    ],
    notes: cli_only(&[
        "Fail-open lockless holds: the table says 480–771, the text 766–771 (§3.4 item 1).",
        CellNote::C2RestartRejects.en(),
        "Fail-closed drift is \"the same as Exp 1\"; fail-closed approvals are not reported (§3.4 item 10).",
    ]),
};

/// The article's summary table (same load, same 300–500 ms pause).
pub const ARTICLE_SUMMARY: ArticleTable = ArticleTable {
    id: "summary",
    title: cli_only_text("Summary (same load, same 300–500 ms pause)"),
    measurement_id: "M-024…M-028",
    columns: &["overlap", "drift (won)", "over-approval", "approvals/60 s (of 240)", "throughput (/s)"],
    rows: &[
        ArticleRow {
            label: "(a) SETNX+TTL lock, read→compute→store",
            preset: "exp1",
            article_run: None,
            cells: &[
                Range(1697.0, 1714.0),
                Range(340_000.0, 350_000.0),
                Range(340.0, 350.0),
                Range(580.0, 590.0),
                Value(19.2),
            ],
        },
        ArticleRow {
            label: "(b) + watchdog",
            preset: "exp2",
            article_run: None,
            cells: &[Value(0.0), Value(0.0), Value(0.0), Value(240.0), Value(9.7)],
        },
        ArticleRow {
            label: "(b) + watchdog + process stop",
            preset: "exp2_stop",
            article_run: None,
            cells: &[
                Range(131.0, 132.0),
                Range(81_000.0, 83_000.0),
                Range(81.0, 83.0),
                Range(321.0, 323.0),
                Value(8.7),
            ],
        },
        ArticleRow {
            label: "(c-1) + write-time fencing",
            preset: "exp3_c1",
            article_run: None,
            cells: &[
                Range(1713.0, 1732.0),
                Range(350_000.0, 353_000.0),
                Range(350.0, 353.0),
                Range(590.0, 593.0),
                Value(19.1),
            ],
        },
        ArticleRow {
            label: "(c-2) + read-time fencing",
            preset: "exp3_c2",
            article_run: None,
            cells: &[
                Range(1722.0, 1770.0),
                Value(0.0),
                Value(0.0),
                Range(4.0, 6.0),
                Annotated(19.1, CellNote::AlmostAllRejected),
            ],
        },
        ArticleRow {
            label: "(d) no distributed lock, conditional atomic UPDATE",
            preset: "exp4",
            article_run: None,
            cells: &[Words(CellNote::NoLock), Value(0.0), Value(0.0), Value(240.0), Range(36.8, 38.5)],
        },
        ArticleRow {
            label: "(e) Redis outage, fail-open",
            preset: "exp5_open",
            article_run: None,
            cells: &[
                Range(1115.0, 2245.0),
                Range(475_000.0, 491_000.0),
                Range(475.0, 491.0),
                Range(715.0, 731.0),
                NotReported,
            ],
        },
        ArticleRow {
            label: "(e) Redis outage, control",
            preset: "exp5_control",
            article_run: None,
            cells: &[Words(CellNote::NoLock), Value(0.0), Value(0.0), Value(240.0), Range(37.9, 38.4)],
        },
    ],
    notes: cli_only(&["The article itself says absolute throughput and latency are for relative comparison only."]),
};

/// Every article table, in the article's order.
pub const ARTICLE_TABLES: [&ArticleTable; 6] =
    [&ARTICLE_EXP1, &ARTICLE_EXP2, &ARTICLE_EXP3, &ARTICLE_EXP4, &ARTICLE_EXP5, &ARTICLE_SUMMARY];

/// model.md §3.4: where the article is ambiguous or inconsistent, and the choice made.
pub const ARTICLE_AMBIGUITIES: &[(&str, &str)] = &[
    (
        "fail-open lockless holds",
        "table 480–771 against text 766–771; the table's range is shown; the model gives about 770",
    ),
    ("Exp 4 overlap range", "text 5,212–6,771 against table 5,212–6,752; the text merges in the Exp 5 control runs"),
    (
        "c-1 \"1 reject out of 1,505\"",
        "the base is undefined; `writes_after_overtake` is our denominator, the 1/1,505 only a quotation",
    ),
    ("watchdog artifact \"1\" with 3 µs and 17 µs", "one pair or one per run; artifacts only come from jitter"),
    ("STOLEN vs absent key", "we count only a different token as STOLEN; an absent key is `expired_at_release`"),
    (
        "the 4 extra TTL-1 s STOLEN",
        "a stall the 500 ms timeout should have caught; modelled as `acquire_lag_ppm` noise",
    ),
    ("wallet assignment, retry, overheads, token timing", "inferred or calibrated (model.md §1.2–§1.3)"),
    ("whether a c-2 read-phase rejection pauses", "no pause"),
    ("run end", "in-flight requests drain"),
    ("fail-closed approvals", "not reported by the article; the model gives about (a)'s"),
];

/// Formats a number the article's way: thousands separators, `decimals` after the point.
pub fn format_number(value: f64, decimals: usize) -> String {
    if !value.is_finite() {
        return "—".to_string();
    }
    let text = format!("{:.*}", decimals, value.abs());
    let (whole, fraction) = match text.split_once('.') {
        Some((w, f)) => (w.to_string(), Some(f.to_string())),
        None => (text.clone(), None),
    };
    let mut grouped = String::new();
    for (i, digit) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i) % 3 == 0 {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    let sign = if value < 0.0 && text.chars().any(|c| c.is_ascii_digit() && c != '0') { "−" } else { "" };
    match fraction {
        Some(f) => format!("{sign}{grouped}.{f}"),
        None => format!("{sign}{grouped}"),
    }
}

impl Measured {
    /// The cell as the article printed it, its words in English (`lab`).
    pub fn display(&self, decimals: usize) -> String {
        self.display_in(decimals, CellNote::en)
    }

    /// The cell as the article printed it, its words as `words_in` picks them.
    pub fn display_in(&self, decimals: usize, words_in: impl Fn(CellNote) -> &'static str) -> String {
        match *self {
            Runs(values) => values.iter().map(|v| format_number(*v, decimals)).collect::<Vec<_>>().join(" · "),
            Range(low, high) => format!("{}–{}", format_number(low, decimals), format_number(high, decimals)),
            Value(v) => format_number(v, decimals),
            About(v) => format!("~{}", format_number(v, decimals)),
            Annotated(v, note) => format!("{} {}", format_number(v, decimals), words_in(note)),
            Words(words) => words_in(words).to_string(),
            NotReported => "—".to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use lab_sim::lease::Preset;

    #[test]
    fn every_row_names_a_preset_and_fills_every_column() {
        for table in ARTICLE_TABLES {
            for row in table.rows {
                assert!(Preset::from_key(row.preset).is_some(), "{} / {}", table.id, row.label);
                assert_eq!(row.cells.len(), table.columns.len(), "{} / {}", table.id, row.label);
            }
        }
    }

    #[test]
    fn numbers_are_formatted_like_the_article() {
        assert_eq!(format_number(350_000.0, 0), "350,000");
        assert_eq!(format_number(-81_000.0, 0), "−81,000");
        assert_eq!(format_number(9.7, 1), "9.7");
        assert_eq!(Range(1697.0, 1714.0).display(0), "1,697–1,714");
        assert_eq!(Runs(&[240.0, 240.0, 240.0]).display(0), "240 · 240 · 240");
    }

    #[test]
    fn lab_gets_the_articles_english_and_a_cell_its_words_from_the_caller() {
        let cell = Annotated(19.1, CellNote::AlmostAllRejected);
        assert_eq!(cell.display(1), "19.1 (almost all rejected)");
        assert_eq!(cell.display_in(1, |_| "(words)"), "19.1 (words)");
    }
}
