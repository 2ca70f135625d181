//! Korean grammar for templates: which of a placeholder's two forms a value
//! asks for. A particle's first form follows a final consonant (받침), its
//! second a vowel; a form that begins with 으 (으로, 으면) is dropped after ㄹ
//! as after a vowel. How a value ends when read aloud (digits as Korean
//! numbers, Latin letters by their usual reading) is
//! [`lab_model::korean::ending`].

use lab_model::korean::{ending, Ending};

/// Whether `value` takes the first form, `first`, of a pair.
pub fn takes_first(value: &str, first: &str) -> bool {
    match ending(value) {
        Ending::Consonant => true,
        Ending::Rieul => !first.starts_with('으'),
        Ending::Vowel => false,
    }
}
