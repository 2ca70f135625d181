//! The parameter table's vocabulary: what a query key is ([`ParamSpec`]),
//! what it takes ([`ParamKind`]), which figures read it ([`Figures`]), and
//! how its row reads and writes the state it belongs to ([`Field`]).
//!
//! Each row carries its own getter and setter, so adding a key touches one
//! place: its row, `int(…)`/`choice(…)`/`flag(…)` followed by
//! `.field(…)`. The rows are `const`; the accessor macros (`number!`,
//! `boolean!`, `keyed!`) spell out the common cases, and a row whose field
//! needs more (an `Option`, a mode) writes its two closures inline.

use serde::{Deserialize, Serialize};

use super::state::{LeaseQuery, SiteQuery, SweepSpec};
use lab_sim::vote::VoteConfig;

/// Something the parser changed or dropped, to be shown to the user.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Notice {
    /// A number outside its range was replaced by the nearest bound.
    Clamped { key: String, given: String, used: String, min: String, max: String },
    /// A key or value that could not be used at all, and why.
    Ignored { key: String, given: String, reason: IgnoreReason },
    /// The two ends of a range were given the wrong way round and swapped.
    Swapped { low_key: String, low: String, high_key: String, high: String },
    /// More notices than a parse reports ([`super::MAX_NOTICES`]); this many were left out.
    Omitted { count: usize },
}

impl Notice {
    /// The key the notice is about (`…` for [`Notice::Omitted`]).
    pub fn key(&self) -> &str {
        match self {
            Notice::Clamped { key, .. } | Notice::Ignored { key, .. } => key,
            Notice::Swapped { low_key, .. } => low_key,
            Notice::Omitted { .. } => "…",
        }
    }

    /// One English sentence for the CLI (plain text; front ends escape it).
    /// The words layer's `notices::notice_message` says the same from the
    /// English table; this stays until its callers ask it.
    pub fn message(&self) -> String {
        match self {
            Notice::Clamped { key, given, used, min, max } => {
                format!("`{key}={given}` is out of range: allowed {min}..={max}; {used} would be used")
            }
            Notice::Ignored { key, given, reason } => format!("`{key}={given}` was ignored: {}", reason.message()),
            Notice::Swapped { low_key, low, high_key, high } => {
                format!("`{low_key}={low}` is above `{high_key}={high}`: the two ends were swapped")
            }
            Notice::Omitted { count } => format!("`…=` was ignored: {count} more notices were left out"),
        }
    }
}

/// Why a key or value was ignored: a fact, which the words layer's
/// `notices` domain puts into words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "why", rename_all = "snake_case")]
pub enum IgnoreReason {
    /// The key names nothing the query's reader takes; `of` is what reads it
    /// when that is not a lease query (`scenario=vote`, a sweep's figure id).
    UnknownKey { of: Option<String> },
    /// A `scenario=` other than the query's own, which is Scenario B when `vote`.
    OtherScenario { vote: bool },
    /// A key without `=value`.
    NoValue,
    /// A key given twice; this was the earlier value.
    Repeated,
    /// Not a whole number; `allowed` is the key's range.
    NotWholeNumber { allowed: String },
    /// Not one of the key's words (`allowed`).
    NotOneOf { allowed: String },
    /// Not a time in ms; `allowed` is the key's range.
    NotMillis { allowed: String },
    /// A view key of other figures than the query's (`scope`, "lease", "vote", a sweep's).
    OtherFigures { scope: String },
    /// An outage time while the outage is off.
    OutageOff,
    /// `crash_at_ms` while the crash is set by `crash_after`.
    CrashAfterEvents,
    /// `crash_after` while the crash is set by `crash_at_ms`.
    CrashAtMs,
    /// A crash point while there is no crash.
    NoCrash,
    /// A restart delay while A never restarts.
    NeverRestarts,
}

impl IgnoreReason {
    /// The reason in the CLI's English ([`Notice::message`]).
    fn message(&self) -> String {
        match self {
            IgnoreReason::UnknownKey { of: None } => "unknown key (`lab params` lists the keys)".into(),
            IgnoreReason::UnknownKey { of: Some(of) } => format!("unknown key for {of} (`lab params` lists the keys)"),
            IgnoreReason::OtherScenario { vote } => format!(
                "this is a Scenario {} query; allowed lease|vote at the top level",
                if *vote { "B" } else { "A" }
            ),
            IgnoreReason::NoValue => "no value (expected key=value)".into(),
            IgnoreReason::Repeated => "repeated key; the last value is used".into(),
            IgnoreReason::NotWholeNumber { allowed } => format!("not a whole number; allowed {allowed}"),
            IgnoreReason::NotOneOf { allowed } => format!("not one of {allowed}"),
            IgnoreReason::NotMillis { allowed } => format!("not a time in ms; allowed {allowed}"),
            IgnoreReason::OtherFigures { scope } => format!("not a key of the {scope} figures"),
            IgnoreReason::OutageOff => "the outage is off (outage=off)".into(),
            IgnoreReason::CrashAfterEvents => "the crash is set by crash_after (crash=after_events)".into(),
            IgnoreReason::CrashAtMs => "the crash is set by crash_at_ms (crash=at_ms)".into(),
            IgnoreReason::NoCrash => "there is no crash (crash=none)".into(),
            IgnoreReason::NeverRestarts => "A never restarts (restart=off)".into(),
        }
    }
}

/// A parsed value and what had to be changed to get it.
#[derive(Clone, Debug, PartialEq)]
pub struct Parsed<T> {
    pub value: T,
    pub notices: Vec<Notice>,
}

/// What kind of value a key takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ParamKind {
    /// A whole number in `min..=max`; out-of-range values are clamped.
    Integer,
    /// One of a fixed list of words.
    Choice(&'static [&'static str]),
    /// `true` or `false` (`1`/`0`, `on`/`off`, `yes`/`no` are accepted too).
    Flag,
    /// A flag the site writes as `1` or `0` (read like [`ParamKind::Flag`]).
    Switch,
    /// A time in ms with up to three decimals, `min..=max` ms; its value is in µs.
    Millis,
    /// Free text (an id), kept to a notice's length ([`super::NOTICE_TEXT_MAX_CHARS`]).
    Text,
}

/// A key's value, as its row's getter returns it and its setter takes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// An integer key's number; a [`ParamKind::Millis`] key's time in µs.
    Int(u64),
    /// A choice key's canonical word.
    Word(&'static str),
    Flag(bool),
    Text(String),
}

impl Value {
    /// The number (0 for a value that is not one; the parser never sets one so).
    pub fn int(&self) -> u64 {
        match self {
            Value::Int(v) => *v,
            _ => 0,
        }
    }

    /// The word ("" for a value that is not one).
    pub fn word(&self) -> &'static str {
        match self {
            Value::Word(w) => w,
            _ => "",
        }
    }

    pub fn flag(&self) -> bool {
        matches!(self, Value::Flag(true))
    }

    pub fn into_text(self) -> String {
        match self {
            Value::Text(text) => text,
            _ => String::new(),
        }
    }
}

/// Narrows a key's number to its field's type. The value is already within
/// the key's range, which fits the field; the conversion saturates anyway.
pub trait FromInt {
    fn from_int(value: u64) -> Self;
}

impl FromInt for u32 {
    fn from_int(value: u64) -> Self {
        u32::try_from(value).unwrap_or(u32::MAX)
    }
}

impl FromInt for u64 {
    fn from_int(value: u64) -> Self {
        value
    }
}

impl FromInt for usize {
    fn from_int(value: u64) -> Self {
        usize::try_from(value).unwrap_or(usize::MAX)
    }
}

/// How a row reads its key from a `T` and writes it. `get` gives `None` when
/// the state has no canonical value for the key (no preset, custom noise, an
/// unset view key); `set` takes a value the parser has already checked.
#[derive(Debug)]
pub struct Access<T> {
    pub get: fn(&T) -> Option<Value>,
    pub set: fn(&mut T, Value),
}

impl<T> Clone for Access<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Access<T> {}

impl<T> PartialEq for Access<T> {
    fn eq(&self, other: &Self) -> bool {
        std::ptr::fn_addr_eq(self.get, other.get) && std::ptr::fn_addr_eq(self.set, other.set)
    }
}

impl<T> Eq for Access<T> {}

/// Where a key's value lives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Field {
    /// A Scenario A key: a [`LeaseQuery`].
    Lease(Access<LeaseQuery>),
    /// A Scenario B key: a [`VoteConfig`].
    Vote(Access<VoteConfig>),
    /// A sweep figure's grid key: a [`SweepSpec`].
    Sweep(Access<SweepSpec>),
    /// One of the site's own keys (route and view): a [`SiteQuery`].
    Site(Access<SiteQuery>),
}

/// The state types a row can read and write.
pub trait Keyed: Sized {
    /// The row's accessors, when the row is about `Self`.
    fn access(field: &Field) -> Option<Access<Self>>;
}

impl Keyed for LeaseQuery {
    fn access(field: &Field) -> Option<Access<Self>> {
        if let Field::Lease(access) = field {
            Some(*access)
        } else {
            None
        }
    }
}

impl Keyed for VoteConfig {
    fn access(field: &Field) -> Option<Access<Self>> {
        if let Field::Vote(access) = field {
            Some(*access)
        } else {
            None
        }
    }
}

impl Keyed for SweepSpec {
    fn access(field: &Field) -> Option<Access<Self>> {
        if let Field::Sweep(access) = field {
            Some(*access)
        } else {
            None
        }
    }
}

impl Keyed for SiteQuery {
    fn access(field: &Field) -> Option<Access<Self>> {
        if let Field::Site(access) = field {
            Some(*access)
        } else {
            None
        }
    }
}

/// A set of figure kinds: which figures read a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figures(u8);

impl Figures {
    /// The lock-lease figures (Scenario A).
    pub const LEASE: Figures = Figures(1);
    /// The vote figures (Scenario B).
    pub const VOTE: Figures = Figures(2);
    pub const SWEEP_TTL_PAUSE: Figures = Figures(4);
    pub const SWEEP_CONTENTION: Figures = Figures(8);
    pub const SWEEPS: Figures = Figures(4 | 8);
    pub const ALL: Figures = Figures(1 | 2 | 4 | 8);
    /// The name of each kind, in bit order (`lab params`' `figures`).
    const NAMES: [&'static str; 4] = ["lease", "vote", "sweep-ttl-pause", "sweep-contention"];

    pub const fn and(self, other: Figures) -> Figures {
        Figures(self.0 | other.0)
    }

    /// Whether every kind of `other` is in `self`.
    pub fn contains(self, other: Figures) -> bool {
        self.0 & other.0 == other.0
    }

    /// The kinds' names: `lease`, `vote`, `sweep-ttl-pause`, `sweep-contention`.
    pub fn names(self) -> Vec<&'static str> {
        Self::NAMES.iter().enumerate().filter(|(bit, _)| self.0 & (1 << bit) != 0).map(|(_, name)| *name).collect()
    }
}

/// One query key: its name, unit, range, default, meaning, the figures that
/// read it, and how its row reads and writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ParamSpec {
    pub name: &'static str,
    /// Unit of an integer (`ms`, `µs`, `s`, `won`, `%`, `ppm`, `/min`), or "" when unitless.
    pub unit: &'static str,
    pub kind: ParamKind,
    /// Range and slider step; meaningful for [`ParamKind::Integer`] and [`ParamKind::Millis`] only (0 otherwise).
    pub min: u64,
    pub max: u64,
    pub step: u64,
    /// The canonical text of the default (no preset); "" when the key is unset by default.
    pub default: &'static str,
    /// Short English description (empty in wasm: the CLI's and the docs' only).
    /// Its label on the page is words (lab-words' `params::param_label`).
    pub description: &'static str,
    /// The figures that read the key.
    pub figures: Figures,
    /// The key's getter and setter.
    pub field: Field,
}

impl ParamSpec {
    /// The allowed values as text: `1..=10000 ms`, `naive|watchdog|…`, `true|false`.
    pub fn allowed(&self) -> String {
        match self.kind {
            ParamKind::Integer | ParamKind::Millis => {
                if self.unit.is_empty() {
                    format!("{}..={}", self.min, self.max)
                } else {
                    format!("{}..={} {}", self.min, self.max, self.unit)
                }
            }
            ParamKind::Choice(words) => words.join("|"),
            ParamKind::Flag => "true|false".to_string(),
            ParamKind::Switch => "1|0".to_string(),
            ParamKind::Text => "text".to_string(),
        }
    }

    /// The default as a number, for integer keys.
    pub fn default_u64(&self) -> Option<u64> {
        self.default.parse().ok()
    }

    /// The key's value in `target` (`None` when this row is not about `T`).
    pub fn get<T: Keyed>(&self, target: &T) -> Option<Value> {
        T::access(&self.field).and_then(|access| (access.get)(target))
    }

    /// Sets the key in `target` (nothing when this row is not about `T`).
    pub fn set<T: Keyed>(&self, target: &mut T, value: Value) {
        if let Some(access) = T::access(&self.field) {
            (access.set)(target, value);
        }
    }

    /// The canonical text of a value of this key.
    pub fn text(&self, value: &Value) -> String {
        match (self.kind, value) {
            (ParamKind::Millis, Value::Int(us)) if us % 1000 == 0 => format!("{}", us / 1000),
            (ParamKind::Millis, Value::Int(us)) => format!("{}.{:03}", us / 1000, us % 1000),
            (ParamKind::Switch, Value::Flag(on)) => (if *on { "1" } else { "0" }).to_string(),
            (_, Value::Int(v)) => v.to_string(),
            (_, Value::Word(word)) => word.to_string(),
            (_, Value::Flag(on)) => bool_word(*on).to_string(),
            (_, Value::Text(text)) => text.clone(),
        }
    }

    /// The key's value in `target` as canonical text.
    pub fn value_text<T: Keyed>(&self, target: &T) -> Option<String> {
        self.get(target).map(|value| self.text(&value))
    }

    /// The key's number in `target`, for integer keys.
    pub fn integer<T: Keyed>(&self, target: &T) -> Option<u64> {
        match self.get(target) {
            Some(Value::Int(v)) => Some(v),
            _ => None,
        }
    }

    /// The key's word in `target`, for choice keys.
    pub fn word<T: Keyed>(&self, target: &T) -> Option<&'static str> {
        match self.get(target) {
            Some(Value::Word(word)) => Some(word),
            _ => None,
        }
    }
}

pub(crate) fn bool_word(value: bool) -> &'static str {
    if value {
        "true"
    } else {
        "false"
    }
}

const fn figures_of(field: &Field) -> Figures {
    match field {
        Field::Lease(_) => Figures::LEASE,
        Field::Vote(_) => Figures::VOTE,
        Field::Sweep(_) => Figures::SWEEPS,
        Field::Site(_) => Figures::ALL,
    }
}

/// A table row being written: the key's description, waiting for its
/// getter and setter ([`Key::field`]), which make it a [`ParamSpec`].
#[derive(Clone, Copy)]
pub(crate) struct Key {
    pub(crate) name: &'static str,
    pub(crate) unit: &'static str,
    pub(crate) kind: ParamKind,
    pub(crate) min: u64,
    pub(crate) max: u64,
    pub(crate) step: u64,
    pub(crate) default: &'static str,
    pub(crate) description: &'static str,
    /// The figures that read the key; by default, those of its field.
    pub(crate) figures: Option<Figures>,
}

impl Key {
    /// The key is read by `figures` only.
    pub(crate) const fn for_figures(mut self, figures: Figures) -> Key {
        self.figures = Some(figures);
        self
    }

    /// The row: this key, read and written through `field`.
    pub(crate) const fn field(self, field: Field) -> ParamSpec {
        let figures = match self.figures {
            Some(figures) => figures,
            None => figures_of(&field),
        };
        let Key { name, unit, kind, min, max, step, default, description, .. } = self;
        // The English description is `lab params`' and the docs'; the site
        // says the words layer's labels, so its wasm does not carry the descriptions.
        let description = if cfg!(target_arch = "wasm32") { "" } else { description };
        ParamSpec { name, unit, kind, min, max, step, default, description, figures, field }
    }
}

/// An integer key; positional so each row of a table reads as one line.
#[allow(clippy::too_many_arguments)]
pub(crate) const fn int(
    name: &'static str,
    unit: &'static str,
    min: u64,
    max: u64,
    step: u64,
    default: &'static str,
    description: &'static str,
) -> Key {
    Key { name, unit, kind: ParamKind::Integer, min, max, step, default, description, figures: None }
}

/// A key of kind `kind` that has no range (choice, flag, switch, text).
pub(crate) const fn word_key(
    name: &'static str,
    kind: ParamKind,
    default: &'static str,
    description: &'static str,
) -> Key {
    Key { name, unit: "", kind, min: 0, max: 0, step: 0, default, description, figures: None }
}

/// A choice key.
pub(crate) const fn choice(
    name: &'static str,
    words: &'static [&'static str],
    default: &'static str,
    description: &'static str,
) -> Key {
    word_key(name, ParamKind::Choice(words), default, description)
}

/// A flag key.
pub(crate) const fn flag(name: &'static str, default: &'static str, description: &'static str) -> Key {
    word_key(name, ParamKind::Flag, default, description)
}

/// The accessors of a whole-number field (`u32` or `u64`) at `path` in the row's target:
/// `number!(Lease: config.ttl_ms)`.
macro_rules! number {
    ($target:ident: $($path:ident).+) => {
        $crate::params::Field::$target($crate::params::Access {
            get: |t| Some($crate::params::Value::Int(u64::from(t.$($path).+))),
            set: |t, v| t.$($path).+ = $crate::params::FromInt::from_int(v.int()),
        })
    };
}

/// The accessors of a `bool` field at `path` in the row's target.
macro_rules! boolean {
    ($target:ident: $($path:ident).+) => {
        $crate::params::Field::$target($crate::params::Access {
            get: |t| Some($crate::params::Value::Flag(t.$($path).+)),
            set: |t, v| t.$($path).+ = v.flag(),
        })
    };
}

/// The accessors of an enum field at `path` whose words are `$key(value)` and
/// `$from_key(word)`: `keyed!(Vote: fault, FaultKind::key, FaultKind::from_key)`.
macro_rules! keyed {
    ($target:ident: $($path:ident).+, $key:path, $from_key:path) => {
        $crate::params::Field::$target($crate::params::Access {
            get: |t| Some($crate::params::Value::Word($key(t.$($path).+))),
            set: |t, v| {
                if let Some(found) = $from_key(v.word()) {
                    t.$($path).+ = found;
                }
            },
        })
    };
}

pub(crate) use {boolean, keyed, number};
