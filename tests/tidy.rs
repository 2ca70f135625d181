//! Tidy checks: the architecture invariants of ARCHITECTURE.md, enforced as
//! ordinary tests so a violation fails `cargo test` with the file and line.

use std::fs;
use std::path::{Path, PathBuf};

fn rust_files_under(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let mut entries: Vec<_> = fs::read_dir(&d).unwrap().map(|e| e.unwrap().path()).collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                stack.push(p);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Strips `//` comments so that a doc sentence naming a forbidden item does not count.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().map(|(i, line)| (i + 1, line.split("//").next().unwrap_or("")))
}

#[test]
fn sim_knows_nothing_about_the_browser_the_clock_or_unseeded_randomness() {
    // Names whose presence in `src/sim` would break determinism or portability.
    let forbidden = [
        "yew",
        "web_sys",
        "js_sys",
        "gloo",
        "wasm_bindgen",
        "SystemTime",
        "Instant",
        "thread_rng",
        "SmallRng",
        "StdRng",
        "rand::random",
        "RandomState",
        "DefaultHasher",
        "HashMap",
        "HashSet",
        "std::fs",
        "std::env",
        "std::time",
    ];
    let mut violations = Vec::new();
    for file in rust_files_under(&root().join("src/sim")) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, code) in code_lines(&text) {
            for name in forbidden {
                let hit = code.match_indices(name).any(|(i, _)| {
                    let before = code[..i].chars().next_back();
                    let after = code[i + name.len()..].chars().next();
                    let is_ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
                    !is_ident(before) && !is_ident(after)
                });
                if hit {
                    violations.push(format!("{}:{n}: `{name}` in the simulation core", file.display()));
                }
            }
        }
    }
    assert!(violations.is_empty(), "architecture invariant broken:\n{}", violations.join("\n"));
}

/// Big rooms hide several jobs: a file that grows past this is split along its seams.
const MAX_LINES_PER_FILE: usize = 900;

#[test]
fn no_source_file_is_longer_than_900_lines() {
    let long: Vec<String> = rust_files_under(&root().join("src"))
        .into_iter()
        .filter_map(|file| {
            let lines = fs::read_to_string(&file).unwrap().lines().count();
            (lines > MAX_LINES_PER_FILE).then(|| format!("{}: {lines} lines", file.display()))
        })
        .collect();
    assert!(long.is_empty(), "files over {MAX_LINES_PER_FILE} lines (split them):\n{}", long.join("\n"));
}

#[test]
fn every_module_says_what_it_is_for() {
    let mut missing = Vec::new();
    for file in rust_files_under(&root().join("src")) {
        let text = fs::read_to_string(&file).unwrap();
        let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        if !first.starts_with("//!") {
            missing.push(file.display().to_string());
        }
    }
    assert!(missing.is_empty(), "modules without a `//!` doc:\n{}", missing.join("\n"));
}

#[test]
fn no_unwired_todo_in_shipped_code() {
    let mut hits = Vec::new();
    for file in rust_files_under(&root().join("src")) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, code) in code_lines(&text) {
            if code.contains("todo!(") || code.contains("unimplemented!(") {
                hits.push(format!("{}:{n}", file.display()));
            }
        }
    }
    assert!(hits.is_empty(), "stubs left in shipped code:\n{}", hits.join("\n"));
}

/// The site is several wasm modules built by parallel Trunk pipelines, and
/// wasm-bindgen makes every module copy the crate's JavaScript snippets
/// (`inline_js`, `#[wasm_bindgen(module = …)]`) into the one shared
/// `snippets/` directory, where the pipelines raced and once shipped the
/// digest of a half-written file. So the crate has no snippets: the JavaScript
/// halves are classic scripts of the page (`src/web/js/`, index.html), imported
/// through `#[wasm_bindgen(js_namespace = consistencyLab)]`.
#[test]
fn no_js_snippets() {
    let mut hits = Vec::new();
    for file in rust_files_under(&root().join("src")) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, code) in code_lines(&text) {
            if code.contains("inline_js") || code.contains("wasm_bindgen(module") {
                hits.push(format!("{}:{n}", file.display()));
            }
        }
    }
    assert!(hits.is_empty(), "JS snippets (use a script under src/web/js/ and js_namespace):\n{}", hits.join("\n"));
}

#[test]
fn sim_crate_depends_on_serde_a_portable_prng_and_sorted_vectors_only() {
    // The nested `lab-sim` crate makes the invariant a build fact: its manifest
    // is the complete list of what the simulation may use.
    let manifest = fs::read_to_string(root().join("src/sim/Cargo.toml")).unwrap();
    let allowed = ["serde", "serde_json", "rand_core", "rand_chacha", "litemap"];
    let mut section = String::new();
    let mut deps = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section.contains("dependencies") && !line.is_empty() && !line.starts_with('#') {
            deps.push(line.split('=').next().unwrap().trim().to_string());
        }
    }
    assert!(!deps.is_empty(), "no dependencies parsed from src/sim/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-sim may depend on {allowed:?} only; found {extra:?}");
}

#[test]
fn the_real_runs_crate_is_a_native_only_dependency() {
    // `lab-real` brings the Redis, PostgreSQL and SQLite clients; the site's
    // wasm must never compile them, so the top manifest may name it only in
    // its native-only dependency table.
    let manifest = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let mut section = String::new();
    let mut sections_naming_it = Vec::new();
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if line.starts_with("lab-real") {
            sections_naming_it.push(section.clone());
        }
    }
    assert_eq!(sections_naming_it, ["[target.'cfg(not(target_arch = \"wasm32\"))'.dependencies]"]);
}
