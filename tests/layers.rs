//! The layers and their walls (ARCHITECTURE.md): the simulation (`lab-sim`),
//! the model (`lab-model`), the figures (`lab-figures`), then the top
//! crate's folders `content`, `cli` and `web`. Cargo holds the walls between crates (a crate
//! cannot name one that depends on it); these tests hold the manifests that
//! make that so, the order of the top crate's folders, which Cargo cannot
//! see, that no module imports one that imports it back, and that every
//! file lives in a layer's folder.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The `.rs` files under `dir`, skipping folders that are crates of their own.
fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in fs::read_dir(&d).unwrap() {
            let p = entry.unwrap().path();
            if p.is_dir() {
                if !p.join("Cargo.toml").is_file() {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

/// The shipped code of a file: its lines before the unit tests, without `//` comments.
fn shipped_code(text: &str) -> Vec<(usize, &str)> {
    text.lines()
        .enumerate()
        .take_while(|(_, l)| !l.starts_with("#[cfg(test)]"))
        .map(|(i, l)| (i + 1, l.split("//").next().unwrap_or("")))
        .collect()
}

/// Whether `code` names `name` as a whole path segment (not inside a longer identifier).
fn names(code: &str, name: &str) -> bool {
    code.match_indices(name).any(|(i, _)| {
        let is_ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
        !is_ident(code[..i].chars().next_back()) && !is_ident(code[i + name.len()..].chars().next())
    })
}

/// The crates a manifest depends on, in every `[*dependencies]` table.
fn dependencies(manifest: &Path) -> Vec<String> {
    let text = fs::read_to_string(manifest).unwrap();
    let mut section = String::new();
    let mut deps = Vec::new();
    for line in text.lines().map(str::trim) {
        if line.starts_with('[') {
            section = line.to_string();
        } else if section.ends_with("dependencies]") && !line.is_empty() && !line.starts_with('#') {
            deps.push(line.split('=').next().unwrap().trim().to_string());
        }
    }
    deps
}

/// Every shipped line under `dir` that names one of `forbidden`.
fn lines_naming(dir: &Path, forbidden: &[&str]) -> Vec<String> {
    let mut hits = Vec::new();
    for file in rust_files(dir) {
        let text = fs::read_to_string(&file).unwrap();
        for (n, code) in shipped_code(&text) {
            for name in forbidden.iter().filter(|name| names(code, name)) {
                hits.push(format!("{}:{n}: {name}", file.display()));
            }
        }
    }
    hits
}

const BROWSER: [&str; 5] = ["yew", "web_sys", "js_sys", "gloo", "wasm_bindgen"];

#[test]
fn the_model_crate_imports_neither_plotters_nor_yew() {
    let deps = dependencies(&root().join("src/model/Cargo.toml"));
    let allowed = ["lab-sim", "serde", "serde_json", "postcard"];
    assert!(deps.contains(&"lab-sim".to_string()), "no dependencies parsed from src/model/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-model may depend on {allowed:?} only; found {extra:?}");
    let hits = lines_naming(&root().join("src/model"), &[&BROWSER[..], &["plotters", "consistency_lab"]].concat());
    assert!(hits.is_empty(), "the model layer names a layer above it:\n{}", hits.join("\n"));
}

#[test]
fn the_figures_crate_knows_no_browser_and_no_layer_above_it() {
    let deps = dependencies(&root().join("src/figures/Cargo.toml"));
    let allowed =
        ["lab-sim", "lab-model", "serde", "serde_json", "postcard", "plotters", "plotters-backend", "gif", "png"];
    assert!(deps.contains(&"lab-model".to_string()), "no dependencies parsed from src/figures/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-figures may depend on {allowed:?} only; found {extra:?}");
    let hits = lines_naming(&root().join("src/figures"), &[&BROWSER[..], &["consistency_lab"]].concat());
    assert!(hits.is_empty(), "the figures layer names the browser or a layer above it:\n{}", hits.join("\n"));
}

#[test]
fn content_imports_neither_the_page_nor_the_cli() {
    let hits = lines_naming(&root().join("src/content"), &[&BROWSER[..], &["crate::cli", "crate::web"]].concat());
    assert!(hits.is_empty(), "the content layer names the page or the CLI:\n{}", hits.join("\n"));
}

#[test]
fn the_cli_imports_nothing_from_the_page() {
    let hits = lines_naming(&root().join("src/cli"), &[&BROWSER[..], &["crate::web"]].concat());
    assert!(hits.is_empty(), "the CLI names the page:\n{}", hits.join("\n"));
}

#[test]
fn every_source_file_lives_in_a_layer() {
    let loose: Vec<String> = fs::read_dir(root().join("src"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rs"))
        .map(|p| p.file_name().unwrap().to_string_lossy().into_owned())
        .filter(|name| name != "lib.rs" && name != "main.rs")
        .collect();
    assert!(
        loose.is_empty(),
        "files at src/ beside lib.rs and main.rs (move them into their layer's folder): {loose:?}"
    );
}

/// The module a file is, as path segments from its crate's root.
fn module_of(crate_root: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(crate_root).unwrap().with_extension("");
    let mut segments: Vec<String> = rel.iter().map(|s| s.to_string_lossy().into_owned()).collect();
    if matches!(segments.last().map(String::as_str), Some("mod" | "lib")) {
        segments.pop();
    }
    segments
}

/// The modules `code` (a line of `module`'s file) refers to: `crate::a::b`
/// and `super::a` paths, resolved from the crate's root.
fn references(module: &[String], code: &str) -> Vec<Vec<String>> {
    let path_after = |at: usize| -> Vec<String> {
        code[at..]
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ':'))
            .next()
            .unwrap_or("")
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect()
    };
    let mut out = Vec::new();
    for (i, _) in code.match_indices("crate::").filter(|(i, _)| !code[..*i].ends_with('$')) {
        out.push(path_after(i + "crate::".len()));
    }
    // `super` is the module's parent, whether the module is a file or a folder's `mod.rs`.
    for (i, _) in code.match_indices("super::").filter(|(i, _)| !code[..*i].ends_with("super::")) {
        let mut path = module[..module.len().saturating_sub(1)].to_vec();
        let mut rest = path_after(i + "super::".len());
        while rest.first().map(String::as_str) == Some("super") {
            rest.remove(0);
            path.pop();
        }
        path.extend(rest);
        out.push(path);
    }
    out
}

/// The import circles among a crate's modules, each module taken `depth`
/// segments deep (`depth` 1: the crate's top-level modules).
fn import_circles(crate_root: &Path, skip: &[&str], depth: usize) -> Vec<Vec<String>> {
    let mut files: Vec<(Vec<String>, String)> = Vec::new();
    for file in rust_files(crate_root) {
        let module = module_of(crate_root, &file);
        if module.is_empty() || skip.contains(&module[0].as_str()) {
            continue;
        }
        files.push((module, fs::read_to_string(&file).unwrap()));
    }
    let node = |m: &[String]| m[..m.len().min(depth)].join("::");
    let nodes: BTreeSet<String> = files.iter().map(|(m, _)| node(m)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, text) in &files {
        let from = node(module);
        for (_, code) in shipped_code(text) {
            for target in references(module, code) {
                // The longest known module the path starts with.
                let to =
                    (1..=target.len().min(depth)).rev().map(|k| target[..k].join("::")).find(|n| nodes.contains(n));
                if let Some(to) = to.filter(|to| *to != from) {
                    edges.entry(from.clone()).or_default().insert(to);
                }
            }
        }
    }
    // A circle is a set of modules each reachable from every other.
    let reach = |start: &String| -> BTreeSet<String> {
        let mut seen = BTreeSet::new();
        let mut stack = vec![start.clone()];
        while let Some(n) = stack.pop() {
            for m in edges.get(&n).into_iter().flatten() {
                if seen.insert(m.clone()) {
                    stack.push(m.clone());
                }
            }
        }
        seen
    };
    let reachable: BTreeMap<&String, BTreeSet<String>> = nodes.iter().map(|n| (n, reach(n))).collect();
    let mut circles: Vec<Vec<String>> = Vec::new();
    for n in &nodes {
        if !reachable[n].contains(n) || circles.iter().any(|c| c.contains(n)) {
            continue;
        }
        circles
            .push(nodes.iter().filter(|m| reachable[n].contains(*m) && reachable[*m].contains(n)).cloned().collect());
    }
    circles
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let crates: [(&str, &[&str], usize); 5] = [
        // lab-sim, lab-model, lab-figures and lab-real: their top-level modules.
        ("src/sim", &[], 1),
        ("src/model", &[], 1),
        ("src/figures", &[], 1),
        ("src/real", &[], 1),
        // The top crate: every file of its layers (the bins are crates of their own).
        ("src", &["bin", "main"], 2),
    ];
    let mut found = Vec::new();
    for (dir, skip, depth) in crates {
        for circle in import_circles(&root().join(dir), skip, depth) {
            found.push(format!("{dir}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "import circles (move what both need below them):\n{}", found.join("\n"));
}

/// The detector itself: it sees a circle through `super::` and one through `crate::`.
#[test]
fn the_circle_detector_finds_circles() {
    let dir = std::env::temp_dir().join(format!("lab-layers-{}", std::process::id()));
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::write(dir.join("lib.rs"), "//! x\npub mod a;\npub mod b;\npub mod c;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "//! x\nmod inner;\nuse crate::b::thing;\n").unwrap();
    fs::write(dir.join("a/inner.rs"), "//! x\nuse super::super::c::Other;\n").unwrap();
    fs::write(dir.join("b.rs"), "//! x\nuse super::a::Item; // crate::c in a comment\n").unwrap();
    fs::write(dir.join("c.rs"), "//! x\n#[cfg(test)]\nmod tests { use crate::a::Item; }\n").unwrap();
    let circles = import_circles(&dir, &[], 1);
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(circles, vec![vec!["a".to_string(), "b".to_string()]]);
}
