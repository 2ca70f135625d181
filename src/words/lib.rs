//! Consistency Lab's words layer: one home for every word a reader sees.
//!
//! The layers below (the simulation, the model, the checker) and the
//! figures give facts: a metric, a notice, a story's moment, a mark. This
//! crate holds the words for them, a Korean table ([`ko`], the original
//! edition) and an English one ([`en`]), and the language-neutral code that
//! picks a template from the facts and fills it ([`fill()`]); grammar (Korean
//! particles, English plurals) is each table's business.
//!
//! - **Tables** ([`Words`]): one struct per domain ([`metrics`], [`story`],
//!   [`ui`], …), each field a `&'static str` (or an array of them),
//!   declared once with [`words!`]: a field one language lacks does not
//!   compile. The Korean and English literals live in `ko/DOMAIN.rs` and
//!   `en/DOMAIN.rs`, and nowhere else (tests/tidy_hangul.rs).
//! - **Data, not code** ([`table`]): a table is also a flat list of strings,
//!   so it can travel as a data file beside the page and one wasm build can
//!   speak either language ([`encode`], [`decode`]).
//! - **Who asks:** the figures, the content, the CLI and the page take a
//!   `&'static Words` for the language they speak, natively from
//!   [`Words::of`], on the page from the table it loaded.

pub mod fill;
pub mod table;

pub mod alt;
pub mod analysis;
pub mod catalogue;
pub mod check;
pub mod cli;
pub mod hook;
pub mod legend;
pub mod metrics;
pub mod notices;
pub mod params;
pub mod predict;
pub mod real;
pub mod share;
pub mod shell;
pub mod story;
pub mod tips;
pub mod ui;
pub mod vote;

/// Native only, like the Korean table (see [`ko`]): wasm decodes `static/words/en.words`.
#[cfg(not(target_arch = "wasm32"))]
pub mod en;
pub mod ko;

pub use fill::{fill, Grammar};
pub use lab_model::lang::Lang;

words! {
    /// Every word a reader sees, in one language.
    pub struct Words {
        /// The language's code (`ko`, `en`), so a table read from a file
        /// knows its language.
        pub code: &'static str,
        /// The words of the metrics' names, units and labels (lab_model::metrics).
        pub metrics: metrics::MetricWords,
        /// The words of the variants', presets' and sweeps' names, the figures' captions (lab_model::{catalogue,registry}).
        pub catalogue: catalogue::CatalogueWords,
        /// The words of the parameters' labels, units and descriptions (lab_model::params).
        pub params: params::ParamWords,
        /// The words of what the page and `lab` say about a clamped or ignored value (lab_model::params::spec::Notice), and the work caps.
        pub notices: notices::NoticeWords,
        /// The words of a run's description, its table rows and the article's cells (lab_model::{analysis,article,sweep}).
        pub analysis: analysis::AnalysisWords,
        /// The words of `lab check` and the break-it figure: actions, why not, lanes, verdicts, Article B's smallest crashes.
        pub check: check::CheckWords,
        /// The words of the words `lab`'s reports put beside its English: the article's column, real-run labels.
        pub cli: cli::CliWords,
        /// The words of Article A's story sentences (lab_figures::story) and the story lead.
        pub story: story::StoryWords,
        /// The words of the front page's question and its outcome (lab_figures::hook).
        pub hook: hook::HookWords,
        /// The words of what a mark says when pointed at: holds, leases, writes, series points.
        pub tips: tips::TipWords,
        /// The words of the figures' text alternatives and the player's narration.
        pub alt: alt::AltWords,
        /// The words of legends, axis titles and drawn labels of Article A's figures.
        pub legend: legend::LegendWords,
        /// The words of Article B's figures: scenes, verdicts, labels, the crash matrix and the tap-to-crash figure.
        pub vote: vote::VoteWords,
        /// The words of the share panel, oEmbed titles and the exported files' words.
        pub share: share::ShareWords,
        /// The words of the site frame: navigation, the page's notices, prose markers.
        pub shell: shell::ShellWords,
        /// The words of the predictions: questions, choices, reasons, answers.
        pub predict: predict::PredictWords,
        /// The words of the real runs' views beside the model and the article.
        pub real: real::RealWords,
        /// The words of the live page's controls, buttons and status lines.
        pub ui: ui::UiWords,
    }
}

impl Words {
    /// The table of `lang`, compiled in (the CLI, the tests, the static
    /// pages; the page loads its table as data instead).
    #[cfg(not(target_arch = "wasm32"))]
    pub fn of(lang: Lang) -> &'static Words {
        match lang {
            Lang::Ko => &ko::WORDS,
            Lang::En => &en::WORDS,
        }
    }

    /// The language this table speaks.
    pub fn lang(&self) -> Lang {
        Lang::from_code(self.code).unwrap_or_default()
    }

    /// `template` filled from `values` with this language's grammar ([`fill()`]).
    pub fn fill(&self, template: &str, values: &[(&str, &str)]) -> String {
        fill::fill(Grammar::of(self.lang()), template, values)
    }
}

/// The words file's first bytes.
pub const MAGIC: &[u8; 4] = b"LABW";

/// Why a words file could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DecodeError {
    /// Not a words file.
    NotWords,
    /// Written for another build's tables (the schema hash differs).
    OtherSchema,
    /// The strings could not be read, or are not as many as a table holds.
    Damaged,
}

/// A table as the words file carries it: [`MAGIC`], the schema hash (8
/// bytes, little-endian), then the postcard list of its strings.
pub fn encode(words: &Words) -> Vec<u8> {
    let mut out = MAGIC.to_vec();
    out.extend_from_slice(&<Words as table::Flat>::SCHEMA.to_le_bytes());
    let strings = postcard::to_allocvec(table::as_flat(words)).expect("a list of strings always encodes");
    out.extend_from_slice(&strings);
    out
}

/// The table a words file holds. The bytes live as long as the page (the
/// strings borrow them), so they are `'static`: leak them once.
pub fn decode(bytes: &'static [u8]) -> Result<&'static Words, DecodeError> {
    let rest = bytes.strip_prefix(MAGIC.as_slice()).ok_or(DecodeError::NotWords)?;
    let (hash, rest) = rest.split_at_checked(8).ok_or(DecodeError::NotWords)?;
    if hash != <Words as table::Flat>::SCHEMA.to_le_bytes() {
        return Err(DecodeError::OtherSchema);
    }
    let strings: Vec<&'static str> = postcard::from_bytes(rest).map_err(|_| DecodeError::Damaged)?;
    table::from_flat(Vec::leak(strings)).ok_or(DecodeError::Damaged)
}

#[cfg(test)]
mod tests {
    use super::{decode, encode, table, DecodeError, Lang, Words};

    #[test]
    fn every_table_reads_back_from_its_file() {
        for lang in Lang::ALL {
            let words = Words::of(lang);
            let bytes: &'static [u8] = Vec::leak(encode(words));
            let back = decode(bytes).expect("a table reads back");
            assert_eq!(table::as_flat(back), table::as_flat(words));
            assert_eq!(back.lang(), lang);
        }
    }

    #[test]
    fn a_file_of_another_schema_or_damaged_is_refused() {
        let mut bytes = encode(Words::of(Lang::En));
        bytes[5] ^= 1;
        assert_eq!(decode(Vec::leak(bytes.clone())).err(), Some(DecodeError::OtherSchema));
        bytes[5] ^= 1;
        bytes.truncate(bytes.len() - 1);
        assert_eq!(decode(Vec::leak(bytes)).err(), Some(DecodeError::Damaged));
        assert_eq!(decode(b"PNG!").err(), Some(DecodeError::NotWords));
    }

    #[test]
    fn the_english_table_holds_no_hangul() {
        let hangul = |s: &str| {
            s.chars().any(|c| ('\u{ac00}'..='\u{d7a3}').contains(&c) || ('\u{3131}'..='\u{318e}').contains(&c))
        };
        let found: Vec<_> = table::as_flat(Words::of(Lang::En)).iter().filter(|s| hangul(s)).collect();
        assert!(found.is_empty(), "Korean in the English table: {found:?}");
    }
}

#[cfg(test)]
mod template_tests {
    use super::{table, Lang, Words};

    /// The names a template's placeholders use (`{name}`, `{name|A/B}`,
    /// `{name?A/B}`), sorted, without repeats.
    fn placeholder_names(template: &str) -> Vec<&str> {
        let mut names: Vec<&str> = template
            .split('{')
            .skip(1)
            .filter_map(|rest| rest.split_once('}'))
            .map(|(inner, _)| inner.split(['|', '?']).next().unwrap_or(""))
            .filter(|name| !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_'))
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }

    #[test]
    fn every_template_takes_the_same_values_in_every_language() {
        let korean = table::as_flat(Words::of(Lang::Ko));
        let english = table::as_flat(Words::of(Lang::En));
        let differ: Vec<String> = korean
            .iter()
            .zip(english)
            .filter(|(ko, en)| placeholder_names(ko) != placeholder_names(en))
            .map(|(ko, en)| {
                format!("{:?} has {:?}, {:?} has {:?}", ko, placeholder_names(ko), en, placeholder_names(en))
            })
            .collect();
        assert!(differ.is_empty(), "templates whose languages take different values:\n{}", differ.join("\n"));
    }
}
