//! Tidy check for issue 42's words layer: where Hangul (the Korean words a
//! reader sees) may live, as a ratchet that only tightens.
//!
//! - **Rust.** Every `.rs` file under `src/`, `tests/`, `benches/`,
//!   `examples/` and `build.rs` is read whole (comments count). Hangul is
//!   allowed anywhere under `src/words/ko/` (the Korean words layer), and
//!   elsewhere only in the files `tests/hangul-allowed.txt` lists, each with
//!   the number of its lines holding Hangul today and why. A file may only
//!   lose Korean lines: one that holds more than its number fails, and one
//!   that holds fewer (or none) fails until its line is lowered (or removed),
//!   so the list only shrinks. The test prints how many files and lines the
//!   list holds; issue 42's target is at most 10 files.
//! - **Markdown.** `content/ko/*.md` is the Korean edition: Hangul is its
//!   text. The English edition's `content/en/**/*.md` may hold Hangul only
//!   inside `<span lang="ko">…</span>` (glossary terms, the articles'
//!   original titles).
//!
//! This file holds no Hangul itself: the ranges and samples are escapes.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// The list of files outside the words layer allowed to hold Hangul.
const ALLOWED_LIST: &str = "tests/hangul-allowed.txt";
/// The Korean words layer, where Hangul is at home.
const WORDS_KO: &str = "src/words/ko/";
/// The Rust trees the test reads, plus `build.rs`.
const RUST_ROOTS: [&str; 4] = ["src", "tests", "benches", "examples"];
/// The English edition's prose.
const CONTENT_EN: &str = "content/en";
/// Issue 42's goal for the list: at most this many files outside the words layer.
const TARGET_FILES: usize = 10;

/// Hangul syllables, Hangul Jamo and Hangul compatibility Jamo.
fn is_hangul(c: char) -> bool {
    matches!(c, '\u{AC00}'..='\u{D7A3}' | '\u{1100}'..='\u{11FF}' | '\u{3130}'..='\u{318F}')
}

fn has_hangul(s: &str) -> bool {
    s.chars().any(is_hangul)
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every file under `dir` whose name ends in `.{ext}`, sorted (the walk of
/// `tests/tidy.rs`, with the extension as a parameter). A missing `dir` has none.
fn files_under(dir: &Path, ext: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(read) = fs::read_dir(&d) else { continue };
        let mut entries: Vec<_> = read.map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == ext) {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// `path` relative to the repository, with `/` separators, as the list writes it.
fn relative(path: &Path) -> String {
    let rel = path.strip_prefix(root()).unwrap();
    rel.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect::<Vec<_>>().join("/")
}

/// "1 line holds" or "N lines hold".
fn lines_hold(n: usize) -> String {
    if n == 1 {
        "1 line holds".to_string()
    } else {
        format!("{n} lines hold")
    }
}

/// The 1-based numbers of the lines of `text` that hold Hangul.
fn hangul_lines(text: &str) -> Vec<usize> {
    text.lines().enumerate().filter(|(_, l)| has_hangul(l)).map(|(i, _)| i + 1).collect()
}

/// Every Rust file the test reads, relative, with its Hangul line numbers
/// (files without Hangul left out). The words layer is left out too.
fn rust_files_holding_hangul() -> BTreeMap<String, Vec<usize>> {
    let mut files: Vec<PathBuf> = RUST_ROOTS.iter().flat_map(|d| files_under(&root().join(d), "rs")).collect();
    let build = root().join("build.rs");
    if build.is_file() {
        files.push(build);
    }
    files
        .into_iter()
        .map(|p| (relative(&p), hangul_lines(&fs::read_to_string(&p).unwrap())))
        .filter(|(rel, lines)| !lines.is_empty() && !rel.starts_with(WORDS_KO))
        .collect()
}

/// One line of the list: how many lines of the file may hold Hangul, and where the list says so.
struct Allowed {
    lines: usize,
    list_line: usize,
}

/// Reads the list: `PATH<TAB>N<TAB>REASON` a line, `#` comments and blank
/// lines aside. Malformed lines go to `problems`.
fn read_list(text: &str, problems: &mut Vec<String>) -> BTreeMap<String, Allowed> {
    let mut list: BTreeMap<String, Allowed> = BTreeMap::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{ALLOWED_LIST}:{}", i + 1);
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [path, n, reason] = fields[..] else {
            problems.push(format!("{at}: want PATH<TAB>N<TAB>REASON, found {} tab-separated fields", fields.len()));
            continue;
        };
        let Some(n) = n.trim().parse::<usize>().ok().filter(|&n| n > 0) else {
            problems.push(format!("{at}: N must be a number of lines above 0, found `{n}`"));
            continue;
        };
        if reason.trim().is_empty() || has_hangul(reason) {
            problems.push(format!("{at}: {path}: say in a few English words why the file holds Korean"));
        }
        if path.starts_with(WORDS_KO) {
            problems.push(format!("{at}: {path} is in the words layer, where Hangul needs no leave: remove the line"));
            continue;
        }
        if let Some(first) = list.get(path) {
            problems.push(format!("{at}: {path} is listed twice (first on line {}): keep one line", first.list_line));
        } else {
            list.insert(path.to_string(), Allowed { lines: n, list_line: i + 1 });
        }
    }
    list
}

/// Compares the files holding Hangul with the list; every mismatch is one problem.
fn compare(found: &BTreeMap<String, Vec<usize>>, list: &BTreeMap<String, Allowed>) -> Vec<String> {
    let mut problems = Vec::new();
    for (path, lines) in found {
        let have = lines.len();
        let shown: Vec<String> = lines.iter().take(5).map(|n| n.to_string()).collect();
        let more = if have > shown.len() { ", …" } else { "" };
        let at = format!("{} {}{more}", if have == 1 { "line" } else { "lines" }, shown.join(", "));
        match list.get(path) {
            None => problems.push(format!(
                "{path}: {} Hangul ({at}) but the file is not in {ALLOWED_LIST}: \
                 put its words in the words layer ({WORDS_KO}); the list only shrinks",
                lines_hold(have)
            )),
            Some(allowed) if have > allowed.lines => problems.push(format!(
                "{path}: {} Hangul, the list allows {} ({ALLOWED_LIST}:{}): the words may only leave; \
                 put the new ones in the words layer ({WORDS_KO}) (Hangul on {at})",
                lines_hold(have),
                allowed.lines,
                allowed.list_line
            )),
            Some(allowed) if have < allowed.lines => problems.push(format!(
                "{path}: {} Hangul, the list says {} ({ALLOWED_LIST}:{}): lower N to {have}",
                lines_hold(have),
                allowed.lines,
                allowed.list_line
            )),
            Some(_) => {}
        }
    }
    for (path, allowed) in list {
        if !found.contains_key(path) {
            let why = if root().join(path).is_file() { "holds no Hangul any more" } else { "no longer exists" };
            problems.push(format!("{path}: {why} ({ALLOWED_LIST}:{}): remove the line", allowed.list_line));
        }
    }
    problems
}

#[test]
fn hangul_in_rust_only_in_the_words_layer_and_the_listed_files() {
    let text = fs::read_to_string(root().join(ALLOWED_LIST)).unwrap();
    let mut problems = Vec::new();
    let list = read_list(&text, &mut problems);
    let found = rust_files_holding_hangul();
    problems.extend(compare(&found, &list));

    let listed_lines: usize = list.values().map(|a| a.lines).sum();
    let found_lines: usize = found.values().map(Vec::len).sum();
    eprintln!(
        "{ALLOWED_LIST}: {} files, {listed_lines} lines listed (issue 42's target: at most {TARGET_FILES} files); \
         found {} files, {found_lines} lines holding Hangul outside {WORDS_KO}",
        list.len(),
        found.len()
    );
    assert!(
        problems.is_empty(),
        "Hangul outside the words layer ({} problems):\n{}",
        problems.len(),
        problems.join("\n")
    );
}

/// The lines of `text` holding Hangul outside every `<span … lang="ko" …>`
/// element (spans nest; any other element inside a Korean span stays Korean).
fn hangul_outside_korean_spans(text: &str) -> Vec<usize> {
    let mut bad = Vec::new();
    // For each open `<span>`, whether it is `lang="ko"`.
    let mut open: Vec<bool> = Vec::new();
    let mut line = 1;
    let mut rest = text;
    while let Some(c) = rest.chars().next() {
        if rest.starts_with("<span") && rest[5..].starts_with(|c: char| c == '>' || c.is_whitespace()) {
            let tag = &rest[..rest.find('>').map_or(rest.len(), |e| e + 1)];
            open.push(tag.contains("lang=\"ko\"") || tag.contains("lang='ko'"));
            line += tag.matches('\n').count();
            rest = &rest[tag.len()..];
            continue;
        }
        if rest.starts_with("</span>") {
            open.pop();
            rest = &rest["</span>".len()..];
            continue;
        }
        if c == '\n' {
            line += 1;
        } else if is_hangul(c) && !open.iter().any(|&ko| ko) && bad.last() != Some(&line) {
            bad.push(line);
        }
        rest = &rest[c.len_utf8()..];
    }
    bad
}

#[test]
fn the_english_edition_holds_hangul_only_inside_korean_spans() {
    let mut problems = Vec::new();
    let files = files_under(&root().join(CONTENT_EN), "md");
    for file in &files {
        for line in hangul_outside_korean_spans(&fs::read_to_string(file).unwrap()) {
            problems.push(format!("{}:{line}: Hangul outside <span lang=\"ko\">…</span>", relative(file)));
        }
    }
    eprintln!("{CONTENT_EN}: {} markdown files read", files.len());
    assert!(problems.is_empty(), "Korean words in the English edition:\n{}", problems.join("\n"));
}

#[test]
fn the_span_rule_finds_hangul_outside_korean_spans_only() {
    // "Korean" (the autonym) and "article", written as escapes.
    let ko = "\u{D55C}\u{AD6D}\u{C5B4}";
    let article = "\u{AE00}";
    let jamo = "\u{3131}";
    let text = format!(
        "Plain English.\n\
         The glossary says <span lang=\"ko\">{ko}</span>.\n\
         Nested: <span lang=\"ko\" class=\"t\">{ko} <span class=\"x\">{article}</span></span> and <em>x</em>\n\
         A stray {article} here.\n\
         <span class=\"note\">{ko}</span>\n\
         <span lang=\"ko\">over\ntwo lines {ko}</span> then {jamo}\n\
         <spanner>{ko}</spanner>\n"
    );
    assert_eq!(hangul_outside_korean_spans(&text), [4, 5, 7, 8]);
    assert!(hangul_outside_korean_spans("no Korean at all\n").is_empty());
}

#[test]
fn the_ratchet_fails_on_every_kind_of_mismatch() {
    let mut problems = Vec::new();
    let list = read_list(
        "# a comment\n\
         \n\
         src/a.rs\t2\tstory sentences\n\
         src/b.rs\t3\tlabels\n\
         src/c.rs\t1\tcaptions\n\
         src/gone.rs\t1\tremoved file\n\
         src/words/ko/x.rs\t1\tthe words layer\n\
         src/a.rs\t2\ttwice\n\
         src/d.rs\tmany\twhy\n\
         src/e.rs\t1\n",
        &mut problems,
    );
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].contains(":7: src/words/ko/x.rs is in the words layer"));
    assert!(problems[1].contains(":8: src/a.rs is listed twice"));
    assert!(problems[2].contains(":9: N must be a number"));
    assert!(problems[3].contains(":10: want PATH<TAB>N<TAB>REASON"));

    let found: BTreeMap<String, Vec<usize>> = [
        ("src/a.rs".to_string(), vec![1, 2]),
        ("src/b.rs".to_string(), vec![4, 9, 12, 20]),
        ("src/new.rs".to_string(), vec![7]),
    ]
    .into();
    let problems = compare(&found, &list);
    assert_eq!(problems.len(), 4, "{problems:#?}");
    assert!(problems[0].contains("src/b.rs: 4 lines hold Hangul, the list allows 3"));
    assert!(problems[1].contains("src/new.rs: 1 line holds Hangul (line 7) but the file is not in"));
    assert!(problems[2].contains("src/c.rs: no longer exists") && problems[2].ends_with("remove the line"));
    assert!(problems[3].contains("src/gone.rs") && problems[3].ends_with("remove the line"));

    let fewer: BTreeMap<String, Vec<usize>> = [("src/a.rs".to_string(), vec![3])].into();
    let problems = compare(&fewer, &list);
    assert!(problems[0].starts_with("src/a.rs: 1 line holds Hangul, the list says 2"), "{problems:#?}");
    assert!(problems[0].ends_with("lower N to 1"), "{problems:#?}");
}
