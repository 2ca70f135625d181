//! The words of the controls' choices and units, from the page's table
//! (`lab_words::ui`); a variant's name is the catalogue's
//! (`lab_words::catalogue`).

use super::page_words::words;
use lab_model::catalogue;

/// The words of key `key`'s choice `word` (a variant's are its catalogue name).
pub fn choice_word(key: &str, word: &str) -> String {
    if let Some(v) = catalogue::variant_by_key(word).filter(|_| key == "variant") {
        return lab_words::catalogue::variant_name(words(), v.variant).to_string();
    }
    lab_words::ui::choice(words(), key, word).to_string()
}

/// A parameter table's unit as a control shows it.
pub fn unit_word(unit: &str) -> &str {
    lab_words::ui::unit(words(), unit)
}
