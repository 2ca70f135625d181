//! Korean pages say things in Korean: over every static page (rendered as
//! `tests/prerender.rs` renders them, from the chapters' markdown as
//! `tests/prose.rs` renders it), the reader's visible text has no run of two
//! or more Latin words. English is allowed in code (`<code>`, `<kbd>`),
//! scripts and styles, attributes, the glossary's English column, a quoted
//! title (「…」), and in the words of `tests/latin_allowlist.json`
//! (products, units, command names; shared with the live pages' check,
//! `e2e/tests/korean_text.test.mjs`). A word in capitals (an acronym, an SQL
//! keyword, a Redis command, a variant code) passes too.
//!
//! A second rule catches the one-word gloss the first cannot see: a
//! parenthesis right after a Hangul word holding one lowercase Latin word,
//! hyphenated or not ("검증 노드(validator)", "막거나(fail-closed)"). The
//! English of a term lives in the glossary's English column. A mode, state
//! or code written as the code writes it, (DELETE), (Committed), (Tx), (c-2),
//! is not such a word and passes; so does a single letter, the variants'
//! labels (a)–(d) that the summary table and the figures use; and so do the
//! allowlist's words: "(ms)" says what a number counts in, not what a Korean
//! word is in English.

use std::fs;
use std::path::Path;

use consistency_lab::content::prerender::Page;
use consistency_lab::content::prose::render_chapter;
use lab_model::html::unescape_html;

/// The Korean edition's words: what `content/ko/*.md` is written in.
fn korean() -> &'static consistency_lab::words::Words {
    consistency_lab::words::Words::of(consistency_lab::words::Lang::Ko)
}

/// Elements whose text is not prose: code, keys, scripts, styles.
const SKIPPED: [&str; 4] = ["code", "kbd", "script", "style"];

/// Elements inside a line of text: their edges do not end a phrase.
const INLINE: [&str; 12] = ["a", "abbr", "b", "em", "i", "mark", "q", "small", "span", "strong", "sub", "sup"];

#[path = "support/static_pages.rs"]
mod static_pages;

/// Every static page, its chapters rendered from their markdown now.
fn built(root: &Path) -> Vec<Page> {
    let content = root.join("content/ko");
    static_pages::built_pages(root, korean(), &|id: &str| {
        let markdown =
            fs::read_to_string(content.join(format!("{id}.md"))).unwrap_or_else(|e| panic!("content/ko/{id}.md: {e}"));
        render_chapter(korean(), &markdown)
    })
}

/// The words a Korean page may show in Latin letters (the allowlist's keys).
fn allowlist(root: &Path) -> Vec<String> {
    let text = fs::read_to_string(root.join("tests/latin_allowlist.json")).unwrap();
    let json: serde_json::Value = serde_json::from_str(&text).unwrap();
    json["words"].as_object().expect("tests/latin_allowlist.json has \"words\"").keys().cloned().collect()
}

/// The text a reader sees in `html`: text nodes outside [`SKIPPED`]
/// elements and outside the glossary's English column, entities decoded; a
/// block element's edge is a line break, so that two cells never make one
/// phrase, and a skipped element stands as a space.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut skip_depth = 0usize;
    // Per open table: the English column, the current column, in the head?
    let mut tables: Vec<(Option<usize>, usize, bool)> = Vec::new();
    let mut skip_cell = false;
    let mut rest = html;
    while let Some(lt) = rest.find('<') {
        let text = &rest[..lt];
        if skip_depth == 0 && !skip_cell {
            out.push_str(&unescape_html(text));
        }
        let after = &rest[lt..];
        let end = tag_end(after);
        let tag = &after[1..end.saturating_sub(1)];
        rest = &after[end..];
        if tag.starts_with('!') {
            continue;
        }
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if SKIPPED.contains(&name.as_str()) {
            if closing {
                skip_depth = skip_depth.saturating_sub(1);
            } else {
                skip_depth += 1;
            }
            out.push(' ');
            continue;
        }
        match (name.as_str(), closing) {
            ("table", false) => tables.push((None, 0, false)),
            ("table", true) => {
                tables.pop();
            }
            ("thead", closing) => {
                if let Some(t) = tables.last_mut() {
                    t.2 = !closing;
                }
            }
            ("tr", false) => {
                if let Some(t) = tables.last_mut() {
                    t.1 = 0;
                }
            }
            ("th" | "td", false) => {
                if let Some(t) = tables.last_mut() {
                    skip_cell = !t.2 && t.0 == Some(t.1) && name == "td";
                    if t.2 && name == "th" {
                        // The glossary's English column is the one headed "English".
                        let head = rest.split('<').next().unwrap_or("").trim();
                        if head == "English" {
                            t.0 = Some(t.1);
                        }
                    }
                }
            }
            ("th" | "td", true) => {
                if let Some(t) = tables.last_mut() {
                    t.1 += 1;
                }
                skip_cell = false;
            }
            _ => {}
        }
        if !INLINE.contains(&name.as_str()) {
            out.push('\n');
        }
    }
    if skip_depth == 0 {
        out.push_str(&unescape_html(rest));
    }
    out
}

/// Where the tag that `s` starts with ends (after its `>`), quotes respected.
fn tag_end(s: &str) -> usize {
    let mut quote: Option<char> = None;
    for (i, c) in s.char_indices().skip(1) {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some(_), _) => {}
            (None, '"' | '\'') => quote = Some(c),
            (None, '>') => return i + 1,
            _ => {}
        }
    }
    s.len()
}

/// A word that passes anywhere: in the allowlist, or in capitals (two or
/// more letters, all upper case: TTL, SET, STOLEN, DELETE).
fn exempt(word: &str, allowed: &[String]) -> bool {
    (word.len() >= 2 && word.chars().all(|c| c.is_ascii_uppercase())) || allowed.iter().any(|a| a == word)
}

/// Every run of two or more Latin words (letters only) that `text` shows
/// outside a quoted title, as the reader sees it: words joined by nothing
/// but spaces, at least two of them not [`exempt`].
fn latin_phrases(text: &str, allowed: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    let mut phrase: Vec<&str> = Vec::new();
    let mut flush = |phrase: &mut Vec<&str>| {
        if phrase.iter().filter(|w| !exempt(w, allowed)).count() >= 2 {
            found.push(phrase.join(" "));
        }
        phrase.clear();
    };
    let mut quoted = 0usize;
    let mut i = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    let mut gap_is_space = true;
    while i < bytes.len() {
        let (at, c) = bytes[i];
        match c {
            '「' => {
                quoted += 1;
                flush(&mut phrase);
            }
            '」' => {
                quoted = quoted.saturating_sub(1);
                flush(&mut phrase);
            }
            c if c.is_ascii_alphabetic() => {
                let mut j = i;
                while j < bytes.len() && bytes[j].1.is_ascii_alphabetic() {
                    j += 1;
                }
                let end = bytes.get(j).map_or(text.len(), |b| b.0);
                if quoted == 0 {
                    if !gap_is_space {
                        flush(&mut phrase);
                    }
                    phrase.push(&text[at..end]);
                }
                gap_is_space = true;
                i = j;
                continue;
            }
            ' ' | '\u{a0}' | '\t' => {}
            _ => {
                gap_is_space = false;
                flush(&mut phrase);
            }
        }
        i += 1;
    }
    flush(&mut phrase);
    found
}

/// A Hangul syllable (가–힣).
fn hangul(c: char) -> bool {
    ('\u{ac00}'..='\u{d7a3}').contains(&c)
}

/// Every one-word English gloss in `text`, as "word(gloss)": a parenthesis
/// whose content is one lowercase Latin word, or several joined by hyphens
/// (fail-closed), right after a Hangul word (spaces or a closing quote may
/// stand between). Content with a capital letter, a digit, a space or an
/// allowlisted word is not a gloss: (DELETE), (Committed), (c-2), (ms); nor
/// is a single letter, a variant's label: "대조군(d)", "(a)의 점".
fn glosses(text: &str, allowed: &[String]) -> Vec<String> {
    let mut found = Vec::new();
    for (open, _) in text.match_indices('(') {
        let Some(len) = text[open + 1..].find(')') else { continue };
        let inner = &text[open + 1..open + 1 + len];
        let one_word = inner.split('-').all(|part| !part.is_empty() && part.chars().all(|c| c.is_ascii_lowercase()));
        if !one_word || inner.len() == 1 || allowed.iter().any(|a| a == inner) {
            continue;
        }
        let before = text[..open].trim_end_matches([' ', '\u{a0}', '"', '”', '’', '\'']);
        if !before.chars().next_back().is_some_and(hangul) {
            continue;
        }
        let word =
            before.rsplit(char::is_whitespace).next().unwrap_or(before).trim_start_matches(['"', '“', '‘', '\'']);
        found.push(format!("{word}({inner})"));
    }
    found
}

#[test]
fn the_gloss_rule_finds_one_word_glosses_and_passes_codes_states_and_units() {
    let allowed = vec!["ms".to_string()];
    let text = "검증 노드(validator)가, 결제를 막거나(fail-closed), \"아무 후보도 아님\" (nil)에, \
        저널(DELETE) 모드, 큐(Committed), 트랜잭션(Tx), 실험 3(c-2), 대조군(d), 지연(ms), 거부합니다(c-2 + fail-closed), \
        fail-closed(닫힘), lease(lease), 시간 (두 번째), 글 B의 \"차단(fence)\", nil에 투표(nil)";
    assert_eq!(
        glosses(text, &allowed),
        vec!["노드(validator)", "막거나(fail-closed)", "아님(nil)", "차단(fence)", "투표(nil)"]
    );
}

/// Every static page's file name and the text a reader sees on it: its
/// title, then the app's visible text.
fn page_texts(root: &Path) -> Vec<(String, String)> {
    built(root)
        .into_iter()
        .map(|page| {
            let title = page.head.split("<title>").nth(1).and_then(|t| t.split("</title>").next()).unwrap_or("");
            let text = format!("{}\n{}", unescape_html(title), visible_text(&page.app));
            (page.file.to_string(), text)
        })
        .collect()
}

#[test]
fn no_korean_page_glosses_a_word_in_english() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let allowed = allowlist(root);
    let found: Vec<String> = page_texts(root)
        .into_iter()
        .flat_map(|(file, text)| glosses(&text, &allowed).into_iter().map(move |gloss| format!("{file}: {gloss}")))
        .collect();
    assert!(
        found.is_empty(),
        "An English gloss on a Korean page (drop the parenthesis; the term's English belongs in the glossary's \
         English column, content/ko/glossary.md):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_detector_finds_english_phrases_and_passes_the_exceptions() {
    let allowed = vec!["Redis".to_string(), "ms".to_string(), "lab".to_string()];
    let html = "<p>안전 기록(safety record)과 <code>lab real --secs 10</code>, <kbd>Shift Tab</kbd></p>\
        <p>Redis lease가 1,000ms lease보다 SET NX PX 명령</p><p>「SETNX 락, fencing token, 그리고」</p>\
        <table><thead><tr><th>한국어</th><th>English</th><th>뜻</th></tr></thead>\
        <tbody><tr><td>안전</td><td>safety record</td><td>a plain phrase</td></tr></tbody></table>\
        <p><span title=\"not text at all\">속성</span> lab real 결과, overlap</p><p>pairs</p>\
        <p>the <code>x</code> value, c-2 read, p95 지연, <strong>lost</strong> update</p>";
    let text = visible_text(html);
    assert_eq!(latin_phrases(&text, &allowed), vec!["safety record", "a plain phrase", "the value", "lost update"]);
}

#[test]
fn no_korean_page_shows_an_english_phrase() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let allowed = allowlist(root);
    let found: Vec<String> = page_texts(root)
        .into_iter()
        .flat_map(|(file, text)| {
            latin_phrases(&text, &allowed).into_iter().map(move |phrase| format!("{file}: {phrase}"))
        })
        .collect();
    assert!(
        found.is_empty(),
        "English on a Korean page (say it in Korean, or put code in <code>; products and units go in \
         tests/latin_allowlist.json):\n{}",
        found.join("\n")
    );
}
