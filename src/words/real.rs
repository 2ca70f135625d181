//! The words of the real runs' views beside the model and the article.
//!
//! Declared here once; the Korean table is [`crate::ko::real`], the English
//! one [`crate::en::real`]. The views (`content::real_view`) read the
//! committed runs and compose; the values (dates, versions, counts, votes)
//! stay data, filled into these templates. Some words carry inline HTML
//! (`<strong>`, `<code>`, entities): the views write them as they are.

crate::words! {
    /// Article A's real Redis and PostgreSQL runs (`{{real-pay:…}}`).
    pub struct PayRealWords {
        /// The three sources a comparison holds, as its columns name them.
        pub real: &'static str,
        pub simulated: &'static str,
        pub article: &'static str,
        /// Where the committed set came from: `{date}`, `{cpus}`, `{memory}`
        /// (empty or [`PayRealWords::memory`]), `{redis}`, `{postgres}`, `{secs}`, `{runs}`.
        pub provenance: &'static str,
        /// The machine's memory: `{gb}`.
        pub memory: &'static str,
        /// The real runs' own TTL 1 s control of (a), which no preset names.
        pub ttl1s: &'static str,
        /// A note of the article's text standing in for a cell: `{note}`.
        pub article_note: &'static str,
        /// That note in the summary's narrow cell.
        pub note_cell: &'static str,
        /// Column heads: the metric, the configuration, the source.
        pub metric_head: &'static str,
        pub condition_head: &'static str,
        pub source_head: &'static str,
        /// One configuration's caption: `{label}`; and its source line: `{provenance}`.
        pub config_title: &'static str,
        pub config_source: &'static str,
        /// The summary's caption, and its source line: `{provenance}`.
        pub summary_title: &'static str,
        pub summary_source: &'static str,
    }
}

crate::words! {
    /// What the real runs can and cannot show (`{{real-limits:pay|wal}}`).
    pub struct LimitsWords {
        /// The fold's title.
        pub more: &'static str,
        /// The heads of the fold's lists: shared with the simulation, decided
        /// by the real servers, the environment.
        pub pay_shared_head: &'static str,
        pub pay_independent_head: &'static str,
        pub machine_head: &'static str,
        pub pay_lead: &'static str,
        pub pay_shared: [&'static str; 6],
        pub pay_independent: [&'static str; 3],
        pub pay_machine: [&'static str; 3],
        /// What would make the comparison more independent.
        pub pay_next: &'static str,
        /// The rerun with independent pauses: `{date}`, `{secs}`, `{runs}`, `{finding}`.
        pub rerun: &'static str,
        /// The rerun table's sources.
        pub same_pauses: &'static str,
        pub independent_pauses: &'static str,
        /// Configurations where the independent pauses land where the shared ones did: `{labels}`.
        pub alike: &'static str,
        /// A configuration where both real runs miss the simulation:
        /// `{label}`, `{same}`, `{independent}`, `{simulated}`.
        pub both_miss: &'static str,
        pub wal_shared_head: &'static str,
        pub wal_independent_head: &'static str,
        pub wal_lead: &'static str,
        pub wal_shared: [&'static str; 2],
        pub wal_independent: [&'static str; 2],
        pub wal_machine: [&'static str; 3],
        pub wal_next: &'static str,
    }
}

crate::words! {
    /// The hot journal figure (`{{real-journal}}`).
    pub struct JournalWords {
        pub real: &'static str,
        pub title: &'static str,
        pub step1: &'static str,
        pub network: &'static str,
        pub step2: &'static str,
        pub db_note: &'static str,
        pub journal_note: &'static str,
        pub step3: &'static str,
        pub restored: &'static str,
        pub lost: &'static str,
        pub grid: &'static str,
        pub loses: &'static str,
        pub keeps: &'static str,
        pub states: &'static str,
        /// The pipeline's stages: sign, write, commit, send to B, C, D.
        pub stages: [&'static str; 6],
        /// No votes.
        pub none: &'static str,
        /// `integrity_check` said ok.
        pub integrity_ok: &'static str,
        /// Where in the log the power went: after all `{records}`, or `{point}` of `{records}`.
        pub when_all: &'static str,
        pub when_some: &'static str,
        /// `{kind}`, `{when}`, `{stage}`.
        pub state_line: &'static str,
        /// `{lost}`, `{integrity}`.
        pub lost_line: &'static str,
        /// One setting's row in the text alternative: `{name}`, `{stages}`, `{states}`, `{losing}`.
        pub alt_row: &'static str,
        pub never_lost: &'static str,
        /// `{stages}`.
        pub lost_at: &'static str,
        pub models_agree: &'static str,
        pub models_differ: &'static str,
        /// The text alternative: `{sync}`, `{network}`, `{kind}`, `{restored}`, `{lost}`, `{rows}`.
        pub desc: &'static str,
        /// The caption after its title: `{date}`, `{machine}`, `{version}`, `{sync}`, `{models}`.
        pub caption: &'static str,
    }
}

crate::words! {
    /// The names of the pipeline orders the real matrix ran.
    pub struct WalVariantWords {
        pub v0: &'static str,
        pub v1: &'static str,
        pub v3: &'static str,
        pub v4: &'static str,
    }
}

crate::words! {
    /// The real SQLite matrix (`{{real-wal:ID}}`).
    pub struct WalWords {
        pub lead_b2: &'static str,
        pub lead_b7: &'static str,
        pub none: &'static str,
        pub integrity_ok: &'static str,
        pub variants: WalVariantWords,
        /// The model's verdicts: unsafe, fenced, safe.
        pub unsafe_verdict: &'static str,
        pub fenced_verdict: &'static str,
        pub safe_verdict: &'static str,
        pub integrity_term: &'static str,
        pub random_time: &'static str,
        /// Right after a named point: `{how}`.
        pub right_after: &'static str,
        /// `{height}`.
        pub height: &'static str,
        pub kill_term: &'static str,
        /// `{how}`, `{stage}`, `{height}`.
        pub kill_value: &'static str,
        pub network: &'static str,
        pub restored: &'static str,
        pub lost: &'static str,
        pub refused: &'static str,
        /// `{n}` refused proposals.
        pub refused_value: &'static str,
        pub double: &'static str,
        /// `{lost}`, `{kills}`.
        pub kill_summary: &'static str,
        /// `{max}`, `{states}`, `{losing}`.
        pub power_summary_lost: &'static str,
        /// `{states}`.
        pub power_summary_safe: &'static str,
        pub power_at: &'static str,
        /// `{point}`, `{record}`, `{stage}`.
        pub power_at_value: &'static str,
        pub disk: &'static str,
        pub result: &'static str,
        /// `{points}`.
        pub result_value: &'static str,
        pub check: &'static str,
        /// `{states}`, `{images}`, `{unsound}`.
        pub check_value: &'static str,
        /// The two directory models.
        pub strict_posix: &'static str,
        pub ext4: &'static str,
        /// Where the real run and the model differ: `{points}`; by power, `{dir}` too.
        pub kill_differs: &'static str,
        pub power_differs_both: &'static str,
        pub power_differs: &'static str,
        pub agree: &'static str,
        /// The table's columns.
        pub columns: [&'static str; 8],
        /// `{version}`, `{date}`, `{machine}`, `{lead}`, `{votes}`, `{states}`, `{kill_lost}`, `{power_safe}`.
        pub caption: &'static str,
    }
}

crate::words! {
    /// The words of the facts `lab_real::wal` reads back from a committed
    /// run: the machine, a crash state's kind, a double signature.
    pub struct RealFactWords {
        /// `{system}`, `{cpus}`, `{fs}` (where the store files were).
        pub machine: &'static str,
        pub machine_tmpfs: &'static str,
        pub machine_temp_dir: &'static str,
        /// Only the synced writes reached the disk.
        pub synced: &'static str,
        /// And the first `{n}` unsynced operations.
        pub prefix: &'static str,
        /// And the one unsynced write at log record `{r}`.
        pub single: &'static str,
        /// And the write at log record `{r}`, torn after its first sector.
        pub torn: &'static str,
        /// Two signatures at `{height}` on values `{a}` and `{b}`.
        pub double_signature: &'static str,
    }
}

crate::words! {
    /// Every word of this domain, one field each.
    pub struct RealWords {
        pub facts: RealFactWords,
        pub pay: PayRealWords,
        pub limits: LimitsWords,
        pub journal: JournalWords,
        pub wal: WalWords,
    }
}
