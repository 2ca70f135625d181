//! The layers and their walls (ARCHITECTURE.md): the simulation (`lab-sim`),
//! the model (`lab-model`), the figures (`lab-figures`) and beside them the
//! checker (`lab-check`), the words (`lab-words`, above the checker and
//! below the figures), then the top
//! crate's folders `content`, `cli` and `web`. Cargo holds the walls between crates (a crate
//! cannot name one that depends on it); these tests hold the manifests that
//! make that so, the order of the top crate's folders, which Cargo cannot
//! see, that no module of any crate, at any depth, imports one that imports
//! it back (a `use` of a re-export counts as a use of the module that
//! defines the item; a module naming its own submodules does not count),
//! and that every file lives in a layer's folder.

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
    let allowed = [
        "lab-sim",
        "lab-model",
        "lab-words",
        "serde",
        "serde_json",
        "postcard",
        "plotters",
        "plotters-backend",
        "gif",
        "png",
    ];
    assert!(deps.contains(&"lab-model".to_string()), "no dependencies parsed from src/figures/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-figures may depend on {allowed:?} only; found {extra:?}");
    let hits = lines_naming(&root().join("src/figures"), &[&BROWSER[..], &["consistency_lab"]].concat());
    assert!(hits.is_empty(), "the figures layer names the browser or a layer above it:\n{}", hits.join("\n"));
}

#[test]
fn the_checker_crate_knows_no_clock_no_threads_and_no_layer_above_it() {
    // `lab-check` sits beside lab-figures, right of lab-model; a web worker
    // will run it, so it reads no clock and starts no thread.
    let deps = dependencies(&root().join("src/check/Cargo.toml"));
    let allowed = ["lab-sim", "lab-model", "serde", "serde_json"];
    assert!(deps.contains(&"lab-model".to_string()), "no dependencies parsed from src/check/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-check may depend on {allowed:?} only; found {extra:?}");
    let forbidden = ["plotters", "lab_figures", "consistency_lab", "std::time", "std::thread", "Instant", "SystemTime"];
    let hits = lines_naming(&root().join("src/check"), &[&BROWSER[..], &forbidden[..]].concat());
    assert!(hits.is_empty(), "the checker names a clock, a thread or a layer above it:\n{}", hits.join("\n"));
}

#[test]
fn the_words_crate_knows_no_drawing_no_browser_and_no_layer_above_it() {
    // `lab-words` sits above the model and the checker (it words their
    // facts) and below the figures, the content, the CLI and the page.
    let deps = dependencies(&root().join("src/words/Cargo.toml"));
    let allowed = ["lab-sim", "lab-model", "lab-check", "postcard"];
    assert!(deps.contains(&"lab-model".to_string()), "no dependencies parsed from src/words/Cargo.toml");
    let extra: Vec<_> = deps.iter().filter(|d| !allowed.contains(&d.as_str())).collect();
    assert!(extra.is_empty(), "lab-words may depend on {allowed:?} only; found {extra:?}");
    let hits = lines_naming(
        &root().join("src/words"),
        &[&BROWSER[..], &["plotters", "lab_figures", "consistency_lab"]].concat(),
    );
    assert!(hits.is_empty(), "the words layer names a drawing, the browser or a layer above it:\n{}", hits.join("\n"));
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

/// A file's shipped code as one text (its lines before the unit tests,
/// without `//` comments), so that a `use` over several lines reads whole.
fn shipped_text(text: &str) -> String {
    shipped_code(text).into_iter().map(|(_, code)| code).collect::<Vec<_>>().join("\n")
}

fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The `use` declarations of `code`: each one's tree (the text between
/// `use` and `;`), and `code` with them blanked out.
fn use_declarations(code: &str) -> (Vec<String>, String) {
    let mut trees = Vec::new();
    let mut rest = code.to_string();
    let mut from = 0;
    while let Some(found) = rest[from..].find("use ") {
        let at = from + found;
        let before = rest[..at].trim_end();
        let starts_item = before.is_empty()
            || before.ends_with([';', '{', '}', ']', ')'])
            || (before.ends_with("pub") && !before[..before.len() - 3].ends_with(is_ident_char));
        if (at > 0 && rest[..at].ends_with(is_ident_char)) || !starts_item {
            from = at + 4;
            continue;
        }
        let Some(len) = rest[at..].find(';') else { break };
        trees.push(rest[at + 4..at + len].to_string());
        rest.replace_range(at..at + len, &" ".repeat(len));
        from = at + len;
    }
    (trees, rest)
}

/// The paths a `use` tree names, each with the name it binds:
/// `a::{b, c::{d as e, self}}` gives `a::b` (b), `a::c::d` (e), `a::c` (c).
fn use_paths(tree: &str) -> Vec<(Vec<String>, String)> {
    let mut tokens: Vec<String> = Vec::new();
    let mut chars = tree.chars().peekable();
    while let Some(c) = chars.next() {
        if is_ident_char(c) {
            let mut word = c.to_string();
            while let Some(&n) = chars.peek().filter(|n| is_ident_char(**n)) {
                word.push(n);
                chars.next();
            }
            tokens.push(word);
        } else if c == ':' && chars.peek() == Some(&':') {
            chars.next();
            tokens.push("::".into());
        } else if "{},*".contains(c) {
            tokens.push(c.to_string());
        }
    }
    fn tree_at(tokens: &[String], i: &mut usize, mut path: Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
        while let Some(token) = tokens.get(*i) {
            *i += 1;
            match token.as_str() {
                "::" => {}
                "{" => {
                    while tokens.get(*i).is_some_and(|t| t != "}") {
                        tree_at(tokens, i, path.clone(), out);
                        if tokens.get(*i).is_some_and(|t| t == ",") {
                            *i += 1;
                        }
                    }
                    *i += 1;
                    return;
                }
                "*" => return out.push((path, "*".into())),
                "}" | "," => {
                    *i -= 1;
                    return;
                }
                word => {
                    if word != "self" {
                        path.push(word.to_string());
                    }
                    if tokens.get(*i).is_some_and(|t| t == "::") {
                        continue;
                    }
                    let mut name = path.last().cloned().unwrap_or_default();
                    if tokens.get(*i).is_some_and(|t| t == "as") {
                        name = tokens.get(*i + 1).cloned().unwrap_or_default();
                        *i += 2;
                    }
                    return out.push((path, name));
                }
            }
        }
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        tree_at(&tokens, &mut i, Vec::new(), &mut out);
        i += 1;
    }
    out
}

/// A crate's modules, every file at every depth, and what each one's code names.
struct CrateModules {
    /// Each module's path from the crate's root (the root itself is `[]`).
    modules: BTreeSet<Vec<String>>,
    /// The names each module's `use` declarations bind, and the absolute path each stands for.
    bindings: BTreeMap<(Vec<String>, String), Vec<String>>,
    /// The absolute paths each module's code names (its `use` declarations and
    /// the `crate::`, `super::`, `self::` and child-module paths in its code).
    paths: BTreeMap<Vec<String>, Vec<Vec<String>>>,
}

impl CrateModules {
    fn read(crate_root: &Path, skip: &[&str]) -> CrateModules {
        let mut files = Vec::new();
        for file in rust_files(crate_root) {
            let module = module_of(crate_root, &file);
            if module.first().is_some_and(|m| skip.contains(&m.as_str())) {
                continue;
            }
            files.push((module, shipped_text(&fs::read_to_string(&file).unwrap())));
        }
        let modules: BTreeSet<Vec<String>> = files.iter().map(|(m, _)| m.clone()).collect();
        let mut crate_modules = CrateModules { modules, bindings: BTreeMap::new(), paths: BTreeMap::new() };
        for (module, code) in &files {
            let (trees, rest) = use_declarations(code);
            let mut named = Vec::new();
            for (path, name) in trees.iter().flat_map(|tree| use_paths(tree)) {
                let Some(absolute) = crate_modules.absolute(module, &path) else { continue };
                if name != "*" {
                    crate_modules.bindings.insert((module.clone(), name), absolute.clone());
                }
                named.push(absolute);
            }
            for path in inline_paths(&rest, |word| crate_modules.is_child(module, word)) {
                named.extend(crate_modules.absolute(module, &path));
            }
            crate_modules.paths.insert(module.clone(), named);
        }
        crate_modules
    }

    fn is_child(&self, module: &[String], name: &str) -> bool {
        let mut child = module.to_vec();
        child.push(name.to_string());
        self.modules.contains(&child)
    }

    /// `path` as written in `module`, from the crate's root; `None` for another crate's.
    fn absolute(&self, module: &[String], path: &[String]) -> Option<Vec<String>> {
        let first = path.first()?;
        let (mut base, mut rest) = match first.as_str() {
            "crate" => (Vec::new(), &path[1..]),
            "self" => (module.to_vec(), &path[1..]),
            "super" => (module.to_vec(), path),
            name if self.is_child(module, name) => (module.to_vec(), path),
            _ => return None,
        };
        while rest.first().is_some_and(|s| s == "super") {
            base.pop();
            rest = &rest[1..];
        }
        base.extend(rest.iter().cloned());
        Some(base)
    }

    /// The module an absolute path names an item of: the longest module it
    /// starts with, followed through that module's `use` of the next name
    /// (`crate::params::SweepSpec` is `params::sweep`'s when `params`
    /// re-exports it from there).
    fn module_of_path(&self, path: &[String]) -> Vec<String> {
        let mut path = path.to_vec();
        for _ in 0..32 {
            let k = (0..=path.len()).rev().find(|k| self.modules.contains(&path[..*k])).unwrap_or(0);
            let module = path[..k].to_vec();
            match path.get(k).and_then(|name| self.bindings.get(&(module.clone(), name.clone()))) {
                Some(target) if target.as_slice() != &path[..=k] => {
                    let mut next = target.clone();
                    next.extend(path[k + 1..].iter().cloned());
                    path = next;
                }
                _ => return module,
            }
        }
        path
    }
}

/// The paths in `code` (a module's code without its `use` declarations)
/// that start with `crate::`, `super::`, `self::` or a child module's name.
fn inline_paths(code: &str, is_child: impl Fn(&str) -> bool) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    for (i, _) in code.match_indices("::") {
        let start = code[..i].rfind(|c: char| !(is_ident_char(c) || c == ':')).map_or(0, |j| j + 1);
        // Only where a path begins, once per path; `$crate::` is a macro's.
        if code[..start].ends_with('$') || code[start..i].contains("::") {
            continue;
        }
        let first = &code[start..i];
        if !matches!(first, "crate" | "super" | "self") && !is_child(first) {
            continue;
        }
        let path: Vec<String> = code[start..]
            .split(|c: char| !(is_ident_char(c) || c == ':'))
            .next()
            .unwrap_or("")
            .split("::")
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        out.push(path);
    }
    out
}

/// The import circles among a crate's modules, every file at every depth:
/// sets of modules each of which imports, directly or not, every other.
fn import_circles(crate_root: &Path, skip: &[&str]) -> Vec<Vec<String>> {
    let crate_modules = CrateModules::read(crate_root, skip);
    let name = |m: &[String]| if m.is_empty() { "crate".to_string() } else { m.join("::") };
    let nodes: BTreeSet<String> = crate_modules.modules.iter().map(|m| name(m)).collect();
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, paths) in &crate_modules.paths {
        for path in paths {
            // A module owns its submodules: naming them (its facade's
            // `pub use`, calls into them) is no import back.
            let target = crate_modules.module_of_path(path);
            if !target.starts_with(module) {
                edges.entry(name(module)).or_default().insert(name(&target));
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

/// The workspace's crates: the `members` of the root manifest.
fn workspace_members() -> Vec<String> {
    let text = fs::read_to_string(root().join("Cargo.toml")).unwrap();
    let list = text.split("members").nth(1).and_then(|rest| rest.split(']').next()).unwrap_or("");
    list.split('"').skip(1).step_by(2).map(str::to_string).collect()
}

#[test]
fn no_module_imports_one_that_imports_it_back() {
    let members = workspace_members();
    assert!(members.len() >= 5 && members.contains(&".".to_string()), "members of Cargo.toml: {members:?}");
    let mut found = Vec::new();
    for dir in &members {
        // Each crate's every module, at every depth. The top crate's bins
        // (`src/bin/`, `src/main.rs`) are crates of their own.
        let (crate_root, skip): (PathBuf, &[&str]) =
            if dir == "." { (root().join("src"), &["bin", "main"]) } else { (root().join(dir), &[]) };
        for circle in import_circles(&crate_root, skip) {
            found.push(format!("{dir}: {}", circle.join(" ↔ ")));
        }
    }
    assert!(found.is_empty(), "import circles (move what both need below them):\n{}", found.join("\n"));
}

/// The detector itself: it sees a circle through `super::`, one through
/// `crate::`, one between two files of a folder through the folder's
/// re-export, and none where a folder only re-exports what its files define.
#[test]
fn the_circle_detector_finds_circles() {
    let dir = std::env::temp_dir().join(format!("lab-layers-{}", std::process::id()));
    fs::create_dir_all(dir.join("a")).unwrap();
    fs::create_dir_all(dir.join("p")).unwrap();
    fs::write(dir.join("lib.rs"), "//! x\npub mod a;\npub mod b;\npub mod c;\npub mod p;\n").unwrap();
    fs::write(dir.join("a/mod.rs"), "//! x\nmod inner;\nuse crate::b::thing;\n").unwrap();
    fs::write(dir.join("a/inner.rs"), "//! x\nuse super::super::c::Other;\n").unwrap();
    fs::write(dir.join("b.rs"), "//! x\nuse super::a::Item; // crate::c in a comment\n").unwrap();
    fs::write(dir.join("c.rs"), "//! x\n#[cfg(test)]\nmod tests { use crate::a::Item; }\n").unwrap();
    // p's files: x names y's type, y names x's through p's re-export; z is
    // re-exported by p and names p's other items through it, which is no circle.
    fs::write(
        dir.join("p/mod.rs"),
        "//! x\nmod x;\nmod y;\nmod z;\npub use x::{\n    X,\n    Other as Renamed,\n};\npub use z::Z;\n",
    )
    .unwrap();
    fs::write(dir.join("p/x.rs"), "//! x\npub struct X(super::y::Y);\npub struct Other;\n").unwrap();
    fs::write(dir.join("p/y.rs"), "//! x\npub struct Y;\nfn f() -> crate::p::Renamed { todo!() }\n").unwrap();
    fs::write(dir.join("p/z.rs"), "//! x\nuse crate::p::{X, Renamed};\npub struct Z(X, Renamed);\n").unwrap();
    let circles = import_circles(&dir, &[]);
    fs::remove_dir_all(&dir).unwrap();
    let expected: Vec<Vec<String>> =
        [vec!["a", "b"], vec!["p::x", "p::y"]].iter().map(|c| c.iter().map(|m| m.to_string()).collect()).collect();
    assert_eq!(circles, expected);
}

#[test]
fn use_trees_are_read_whole() {
    let paths = use_paths("crate::a::{b, c::{d as e, self}, f::*}");
    let text: Vec<String> = paths.iter().map(|(p, name)| format!("{}={name}", p.join("::"))).collect();
    assert_eq!(text, ["crate::a::b=b", "crate::a::c::d=e", "crate::a::c=c", "crate::a::f=*"]);
    let (trees, rest) = use_declarations("pub use x::Y;\nfn reuse() { use super::z; }\nlet fuse = 1;");
    assert_eq!(trees, ["x::Y", "super::z"]);
    assert!(!rest.contains("x::Y") && rest.contains("fuse"));
}
