//! The words the page speaks: one accessor every component, the lazily
//! loaded modules and the exports ask ([`words`]), so that which table a
//! page reads is decided in one place.
//!
//! Today every page is Korean and the table is compiled in; issue 42's
//! piece 8 makes this the table the page loaded as data
//! (`static/words/LANG.words`), for the language of its `<html lang>`.

use lab_words::Words;

/// The table of the page's language.
pub fn words() -> &'static Words {
    &lab_words::ko::WORDS
}
