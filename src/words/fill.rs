//! Templates and the grammar that fills them, one syntax for every language.
//!
//! A template is text with placeholders:
//! - `{name}`: the value;
//! - `{name|A/B}`: the value followed by the form of a word its value asks for;
//! - `{name?A/B}`: only that form, without the value.
//!
//! Which form a value asks for is the language's grammar ([`Grammar`]):
//! Korean picks A after a final consonant and B after a vowel (a particle,
//! [`crate::ko::grammar`]); English picks A when the value is exactly `1`
//! and B otherwise (`{n} {n?thread/threads}`). So the language files hold the
//! particles and the plurals, and the code that picks a template from the
//! facts holds neither.
//!
//! A placeholder whose name is not given is left as it is, so text with
//! other braces (code, JSON) passes through; `tests` in each domain check
//! that every template's names are given.

use lab_model::lang::Lang;

/// How a language picks between a placeholder's two forms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Grammar {
    /// Korean: by the sound the value ends with.
    Korean,
    /// English: by whether the value is one.
    English,
}

impl Grammar {
    /// The grammar of `lang`.
    pub fn of(lang: Lang) -> Grammar {
        match lang {
            Lang::Ko => Grammar::Korean,
            Lang::En => Grammar::English,
        }
    }

    /// Whether `value` asks for the first form of `first`/`second`.
    fn takes_first(self, value: &str, first: &str) -> bool {
        match self {
            Grammar::Korean => crate::ko::grammar::takes_first(value, first),
            Grammar::English => value.trim() == "1",
        }
    }
}

/// `template` with each placeholder filled from `values` (name, value).
pub fn fill(grammar: Grammar, template: &str, values: &[(&str, &str)]) -> String {
    let mut out = String::with_capacity(template.len() + 16);
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let inner = &after[..close];
        match placeholder(grammar, inner, values) {
            Some(text) => out.push_str(&text),
            None => {
                out.push('{');
                out.push_str(inner);
                out.push('}');
            }
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

/// What one placeholder's inside (`name`, `name|A/B`, `name?A/B`) becomes,
/// or `None` when its name is not given.
fn placeholder(grammar: Grammar, inner: &str, values: &[(&str, &str)]) -> Option<String> {
    let split = inner.find(['|', '?']);
    let name = split.map_or(inner, |i| &inner[..i]);
    let value = values.iter().find(|(n, _)| *n == name)?.1;
    let Some(i) = split else { return Some(value.to_string()) };
    let (first, second) = inner[i + 1..].split_once('/')?;
    let form = if grammar.takes_first(value, first) { first } else { second };
    Some(if inner.as_bytes()[i] == b'|' { format!("{value}{form}") } else { form.to_string() })
}

#[cfg(test)]
mod tests {
    use super::{fill, Grammar};

    #[test]
    fn names_are_filled_and_unknown_braces_pass_through() {
        let text = fill(Grammar::English, "{a} and {b}; {\"json\": 1} {c", &[("a", "x"), ("b", "y")]);
        assert_eq!(text, "x and y; {\"json\": 1} {c");
    }

    #[test]
    fn english_picks_the_singular_for_one_only() {
        let t = "{n} {n?thread/threads}, {n|/s}";
        assert_eq!(fill(Grammar::English, t, &[("n", "1")]), "1 thread, 1");
        assert_eq!(fill(Grammar::English, t, &[("n", "2")]), "2 threads, 2s");
        assert_eq!(fill(Grammar::English, t, &[("n", "0")]), "0 threads, 0s");
    }
}
