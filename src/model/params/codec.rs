//! Reading and writing query text: splitting a query string into decoded
//! pairs, percent-encoding, the bounded raw text notices carry, the capped
//! notice log, and reading one key's value by its kind (clamp, ignore, and
//! say so).

use lab_sim::sorted::OrdMap as BTreeMap;

use super::spec::{IgnoreReason, Notice, ParamKind, ParamSpec, Value};

/// Raw text in notices (and the site's free-text keys) is cut to this many characters (plus `…`).
pub const NOTICE_TEXT_MAX_CHARS: usize = 80;

/// A parse reports at most this many notices, then one that says how many were left out.
pub const MAX_NOTICES: usize = 64;

/// One `key=value` pair of a query string, percent-decoded.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RawPair {
    pub key: String,
    /// `None` when the pair had no `=`.
    pub value: Option<String>,
}

/// Splits a query string on `&` (a leading `?` is dropped), percent-decodes
/// keys and values (`+` is a space), and skips empty pairs.
pub fn split_query(query: &str) -> Vec<RawPair> {
    let query = query.strip_prefix('?').unwrap_or(query);
    query
        .split('&')
        .filter(|pair| !pair.is_empty())
        .map(|pair| match pair.split_once('=') {
            Some((key, value)) => RawPair { key: percent_decode(key), value: Some(percent_decode(value)) },
            None => RawPair { key: percent_decode(pair), value: None },
        })
        .collect()
}

/// Decodes `%XX` escapes and `+`; invalid escapes are kept as text and invalid UTF-8 is replaced.
pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => {
                out.push(b' ');
                i += 1;
            }
            b'%' if i + 2 < bytes.len() && hex_value(bytes[i + 1]).is_some() && hex_value(bytes[i + 2]).is_some() => {
                let high = hex_value(bytes[i + 1]).unwrap_or(0);
                let low = hex_value(bytes[i + 2]).unwrap_or(0);
                out.push(high * 16 + low);
                i += 3;
            }
            byte => {
                out.push(byte);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

fn hex_value(byte: u8) -> Option<u8> {
    match byte {
        b'0'..=b'9' => Some(byte - b'0'),
        b'a'..=b'f' => Some(byte - b'a' + 10),
        b'A'..=b'F' => Some(byte - b'A' + 10),
        _ => None,
    }
}

/// Escapes every byte outside `[A-Za-z0-9-_.~]`, so the result is safe in a URL query.
pub fn percent_encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(byte as char);
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// Raw text as it may appear in a notice: bounded in length, control characters dropped.
pub fn notice_text(text: &str) -> String {
    let mut out: String = text.chars().filter(|c| !c.is_control()).take(NOTICE_TEXT_MAX_CHARS).collect();
    if text.chars().filter(|c| !c.is_control()).nth(NOTICE_TEXT_MAX_CHARS).is_some() {
        out.push('…');
    }
    out
}

/// Collects notices, capped at [`MAX_NOTICES`].
#[derive(Debug, Default)]
pub struct NoticeLog {
    notices: Vec<Notice>,
    omitted: usize,
}

impl NoticeLog {
    pub fn push(&mut self, notice: Notice) {
        if self.notices.len() < MAX_NOTICES {
            self.notices.push(notice);
        } else {
            self.omitted += 1;
        }
    }

    pub fn ignored(&mut self, key: &str, given: &str, reason: IgnoreReason) {
        self.push(Notice::Ignored { key: notice_text(key), given: notice_text(given), reason });
    }

    pub fn finish(mut self) -> Vec<Notice> {
        if self.omitted > 0 {
            self.notices.push(Notice::Omitted { count: self.omitted });
        }
        self.notices
    }
}

/// The pairs of a query, one value per key (the last wins), in first-seen order.
/// Repeated keys and pairs without `=` are reported.
pub fn last_values(pairs: Vec<RawPair>, log: &mut NoticeLog) -> BTreeMap<String, String> {
    let mut values: BTreeMap<String, String> = BTreeMap::new();
    for RawPair { key, value } in pairs {
        let Some(value) = value else {
            log.ignored(&key, "", IgnoreReason::NoValue);
            continue;
        };
        if let Some(previous) = values.insert(key.clone(), value) {
            log.ignored(&key, &previous, IgnoreReason::Repeated);
        }
    }
    values
}

/// The outcome of reading a whole number.
enum WholeNumber {
    Value(u64),
    Negative,
    TooLarge,
    Malformed,
}

fn read_whole_number(text: &str) -> WholeNumber {
    let text = text.trim();
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return WholeNumber::Malformed;
    }
    let is_zero = digits.bytes().all(|b| b == b'0');
    if negative && !is_zero {
        return WholeNumber::Negative;
    }
    match digits.parse::<u64>() {
        Ok(value) => WholeNumber::Value(value),
        Err(_) => WholeNumber::TooLarge,
    }
}

/// Reads an integer key's value, clamping it to the spec's range. `None` when malformed.
pub fn read_integer(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<u64> {
    let (used, in_range) = match read_whole_number(given) {
        WholeNumber::Value(value) if value < spec.min => (spec.min, false),
        WholeNumber::Value(value) if value > spec.max => (spec.max, false),
        WholeNumber::Value(value) => (value, true),
        WholeNumber::Negative => (spec.min, false),
        WholeNumber::TooLarge => (spec.max, false),
        WholeNumber::Malformed => {
            log.ignored(spec.name, given, IgnoreReason::NotWholeNumber { allowed: spec.allowed() });
            return None;
        }
    };
    if !in_range {
        log.push(Notice::Clamped {
            key: spec.name.to_string(),
            given: notice_text(given),
            used: used.to_string(),
            min: spec.min.to_string(),
            max: spec.max.to_string(),
        });
    }
    Some(used)
}

/// Reads a choice key's value (trimmed, ASCII case-insensitive). `None` when not one of the words.
pub fn read_choice(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<&'static str> {
    let ParamKind::Choice(words) = spec.kind else { return None };
    let wanted = given.trim();
    let found = words.iter().copied().find(|word| word.eq_ignore_ascii_case(wanted));
    if found.is_none() {
        log.ignored(spec.name, given, IgnoreReason::NotOneOf { allowed: spec.allowed() });
    }
    found
}

/// Reads a flag's value. `None` when not a boolean word.
pub fn read_flag(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<bool> {
    match given.trim().to_ascii_lowercase().as_str() {
        "true" | "1" | "on" | "yes" => Some(true),
        "false" | "0" | "off" | "no" => Some(false),
        _ => {
            log.ignored(spec.name, given, IgnoreReason::NotOneOf { allowed: spec.allowed() });
            None
        }
    }
}

/// Reads a [`ParamKind::Millis`] key's value (a time in ms, up to µs
/// precision), clamping it to the spec's range. `None` when not a number.
pub fn read_millis(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<u64> {
    let ms = match crate::decimal::parse_finite(given.trim()) {
        Some(ms) => ms,
        None => {
            log.ignored(spec.name, given, IgnoreReason::NotMillis { allowed: spec.allowed() });
            return None;
        }
    };
    let (min, max) = (spec.min as f64, spec.max as f64);
    let used_ms = ms.clamp(min, max);
    let used_us = (used_ms * 1000.0).round() as u64;
    if used_ms != ms {
        log.push(Notice::Clamped {
            key: spec.name.to_string(),
            given: notice_text(given),
            used: spec.text(&Value::Int(used_us)),
            min: spec.min.to_string(),
            max: spec.max.to_string(),
        });
    }
    Some(used_us)
}

/// Reads one key's value by its kind. `None` (and a notice) when it cannot be used.
pub fn read_value(spec: &ParamSpec, given: &str, log: &mut NoticeLog) -> Option<Value> {
    match spec.kind {
        ParamKind::Integer => read_integer(spec, given, log).map(Value::Int),
        ParamKind::Choice(_) => read_choice(spec, given, log).map(Value::Word),
        ParamKind::Flag | ParamKind::Switch => read_flag(spec, given, log).map(Value::Flag),
        ParamKind::Millis => read_millis(spec, given, log).map(Value::Int),
        ParamKind::Text => Some(Value::Text(notice_text(given))),
    }
}
