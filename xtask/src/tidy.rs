//! `cargo xtask tidy`: the architecture rules that are easy to break without noticing, as
//! one function that both the task and the `#[test]` in `xtask/tests/tidy.rs` call (as
//! rust-analyzer's tidy does), so `cargo test` keeps them too. Std only, so the test can
//! include this file as it is.

use std::fs;
use std::path::{Path, PathBuf};

/// grundy-core's whole dependency list: the mathematics needs nothing else.
const CORE_DEPENDENCIES: &[&str] = &["crc32fast", "serde", "thiserror"];

/// What grundy-core may not use: it does no I/O (no files, network, clock, environment or
/// processes); progress is a callback.
const CORE_FORBIDDEN: &[&str] =
    &["std::fs", "std::net", "std::io", "std::time", "std::env", "std::process", "std::thread::sleep"];

/// The longest a source file under `crates/*/src` may be: past it a file usually holds
/// more than one concept (the house style's advice), so it is split where they part.
const MAX_LINES: usize = 600;

/// The front ends: they ask the core only through its request API.
const FRONT_ENDS: &[&str] =
    &["crates/cli/src/", "crates/web/src/", "crates/census/src/", "crates/python/src/", "xtask/src/"];

/// The core's modules a front end may name: the request API, the game parser (and the
/// descriptions of a game: its catalog and words), the count parser and the b-file format.
const FRONT_DOORS: &[&str] = &["ask", "game", "count", "bfile"];

/// The engines' own types, which only grundy-core names.
const ENGINE_TYPES: &[&str] = &["FastSweep", "SparseSweep", "OctalSweep", "Sequence"];

/// The kinds of game; matching on them is for the game's folder and the engines only.
const GAME_KINDS: &[&str] =
    &["Game::Grundy", "Game::TakeAndBreak", "Game::Subtraction", "Game::TakeAtMostHalf", "Game::Nim", "Game::Graph"];

/// Where a `match` (or `if let`, `matches!`) on the game kind may stand.
const GAME_KIND_OWNERS: &[&str] = &["crates/core/src/game/", "crates/core/src/engine/"];

/// Every rule broken under `root`, one line each, naming the file; empty when all hold.
///
/// - every `.rs` file opens with a `//!` doc saying what it is;
/// - every library crate's `lib.rs` has `#![deny(missing_docs)]`, and no file allows
///   `missing_docs` anywhere;
/// - no file under `crates/*/src` is longer than [`MAX_LINES`] lines;
/// - the front ends ([`FRONT_ENDS`]) reach grundy-core only through [`FRONT_DOORS`] (a
///   path `grundy_core::X` or a `use grundy_core::{X, ...}` with any other X is refused)
///   and name none of the [`ENGINE_TYPES`];
/// - outside [`GAME_KIND_OWNERS`] no code matches on the game kind or compares with it
///   ([`GAME_KINDS`] before a `=>`, after `if let`/`let`/`matches!`, or beside `==`/`!=`);
/// - `std::process::Command` only in `xtask/` and in the tests of the `grundy` binary
///   (`crates/cli/tests/`), where running the binary is the only way to test it;
/// - grundy-core depends on exactly [`CORE_DEPENDENCIES`] and uses none of [`CORE_FORBIDDEN`];
/// - every `unsafe` block and `unsafe impl` has a `// SAFETY:` comment on its line or on
///   the comment lines just above it (clippy's `undocumented_unsafe_blocks` checks the same
///   where it builds; this keeps it in every file, test code included);
/// - no `#[ignore]` without a reason string (`#[ignore = "why"]`);
/// - no import circle among the modules of one folder of a crate ([`import_circles`]).
pub fn check(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let mut files = Vec::new();
    for dir in ["crates", "xtask"] {
        rust_files(&root.join(dir), &mut files);
    }
    if files.is_empty() {
        problems.push(format!("no .rs files under {}", root.display()));
    }
    for path in &files {
        let rel = path.strip_prefix(root).unwrap_or(path).to_string_lossy().replace('\\', "/");
        let Ok(text) = fs::read_to_string(path) else {
            problems.push(format!("{rel}: not readable as UTF-8"));
            continue;
        };
        if !text.starts_with("//!") {
            problems.push(format!("{rel}: does not open with a `//!` doc saying what the file is"));
        }
        // The rules' own files spell out what they look for.
        let rule_file = rel == "xtask/src/tidy.rs" || rel == "xtask/tests/tidy.rs";
        if !rule_file && text.contains(&format!("allow({})", "missing_docs")) {
            problems.push(format!("{rel}: allows missing_docs; document the item instead"));
        }
        let lines = text.lines().count();
        if rel.starts_with("crates/") && rel.contains("/src/") && lines > MAX_LINES {
            problems.push(format!("{rel}: {lines} lines, more than {MAX_LINES}; split it where its concepts part"));
        }
        if FRONT_ENDS.iter().any(|f| rel.starts_with(f)) && !rule_file {
            let bench = rel.starts_with("xtask/src/bench");
            for (i, line) in text.lines().enumerate() {
                if let Some(path) = core_path_outside_the_doors(line) {
                    problems.push(format!(
                        "{rel}:{}: reaches grundy_core::{path}; a front end asks the request API (grundy_core::ask), the game parser (grundy_core::game) or the count parser (grundy_core::count)",
                        i + 1
                    ));
                }
            }
            for name in ENGINE_TYPES {
                // The benchmarks name the sweep they measure in their records' words.
                if !bench && code_lines(&text).any(|l| contains_word(l, name)) {
                    problems.push(format!(
                        "{rel}: names the engine type {name}; a front end asks the request API, grundy_core::ask"
                    ));
                }
            }
        }
        if !rule_file && !GAME_KIND_OWNERS.iter().any(|o| rel.starts_with(o)) {
            for (i, line) in text.lines().enumerate() {
                if let Some(kind) = matched_game_kind(line) {
                    problems.push(format!(
                        "{rel}:{}: matches on {kind}; only game/ and the engines match on the game kind (ask the game)",
                        i + 1
                    ));
                }
            }
        }
        let command_allowed = rel.starts_with("xtask/") || rel.starts_with("crates/cli/tests/");
        if !command_allowed && (text.contains("process::Command") || text.contains("process::{Command")) {
            problems.push(format!(
                "{rel}: uses std::process::Command, which belongs in xtask (or the grundy binary's tests)"
            ));
        }
        if rel.starts_with("crates/core/src/") {
            for word in CORE_FORBIDDEN {
                if text.contains(word) {
                    problems.push(format!("{rel}: uses {word}; grundy-core must stay free of I/O"));
                }
            }
        }
        if !rule_file {
            for at in unsafe_without_safety(&text) {
                problems.push(format!(
                    "{rel}:{at}: an unsafe block or impl without a `// SAFETY:` comment saying why it is sound"
                ));
            }
        }
        for (i, line) in text.lines().enumerate() {
            if line.trim_start().starts_with("#[ignore]") {
                problems.push(format!("{rel}:{}: #[ignore] without a reason: write #[ignore = \"why\"]", i + 1));
            }
        }
    }
    // The library crates are the crates with a lib.rs; each carries #![deny(missing_docs)].
    let mut libraries: Vec<String> = fs::read_dir(root.join("crates"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    libraries.sort();
    for lib in libraries {
        let path = root.join("crates").join(&lib).join("src/lib.rs");
        let Ok(text) = fs::read_to_string(&path) else { continue };
        if !text.contains("#![deny(missing_docs)]") {
            problems.push(format!("crates/{lib}/src/lib.rs: lacks #![deny(missing_docs)]"));
        }
    }
    problems.extend(import_circles(root));
    let manifest = fs::read_to_string(root.join("crates/core/Cargo.toml")).unwrap_or_default();
    let found = dependencies(&manifest);
    if found != CORE_DEPENDENCIES {
        problems.push(format!(
            "crates/core/Cargo.toml: [dependencies] are {found:?}; grundy-core depends on exactly {CORE_DEPENDENCIES:?}"
        ));
    }
    problems
}

/// The lines of `text` that are code, not comments.
fn code_lines(text: &str) -> impl Iterator<Item = &str> {
    text.lines().filter(|l| !l.trim_start().starts_with("//"))
}

/// Whether `line` has `word` with no identifier character either side.
fn contains_word(line: &str, word: &str) -> bool {
    let ident = |c: Option<char>| c.is_some_and(|c| c.is_alphanumeric() || c == '_');
    line.match_indices(word)
        .any(|(at, _)| !ident(line[..at].chars().next_back()) && !ident(line[at + word.len()..].chars().next()))
}

/// The game kind `line` matches on or compares with, if it does: a pattern before `=>`,
/// after `if let`, `let` or `matches!(`, or an operand of `==` or `!=`.
fn matched_game_kind(line: &str) -> Option<&'static str> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    GAME_KINDS.iter().copied().find(|kind| {
        let Some(at) = code.find(kind) else { return false };
        let after = &code[at..];
        let before = &code[..at];
        let compared = |s: &str| s.contains("==") || s.contains("!=");
        after.contains("=>")
            || before.trim_end().ends_with("let")
            || before.contains("matches!(")
            || compared(before.trim_end().rsplit(['(', '{', ',', ';']).next().unwrap_or(""))
            || compared(after[kind.len()..].split([')', '{', ',', ';']).next().unwrap_or(""))
    })
}

/// The first path into grundy-core on `line` that does not go through [`FRONT_DOORS`]:
/// `grundy_core::engine::...`, `grundy_core::FastSweep`, or an item of a
/// `use grundy_core::{...}` group.
fn core_path_outside_the_doors(line: &str) -> Option<String> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    let mut rest = code;
    while let Some(at) = rest.find("grundy_core::") {
        let after = &rest[at + "grundy_core::".len()..];
        let heads: Vec<&str> = match after.strip_prefix('{') {
            Some(group) => group.split('}').next().unwrap_or("").split(',').map(str::trim).collect(),
            None => vec![after],
        };
        for head in heads {
            let name: String = head.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
            if !name.is_empty() && !FRONT_DOORS.contains(&name.as_str()) {
                return Some(name);
            }
        }
        rest = after;
    }
    None
}

/// The lines (from 1) of `text` that open an `unsafe` block or an `unsafe impl` with no
/// `// SAFETY:` comment on the line or in the comments (and attributes) just above it; the
/// comment may also sit above the statement the block ends, as in `let x = unsafe { .. };`.
fn unsafe_without_safety(text: &str) -> Vec<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let mut found = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.split("//").next().unwrap_or("");
        let opens = code.match_indices("unsafe").any(|(at, _)| {
            let after = code[at + "unsafe".len()..].trim_start();
            let word_before = code[..at].chars().next_back().is_some_and(|c| c.is_alphanumeric() || c == '_');
            !word_before && (after.starts_with('{') || after.starts_with("impl"))
        });
        if !opens || line.contains("SAFETY:") {
            continue;
        }
        let mut j = i;
        let mut documented = false;
        while j > 0 {
            j -= 1;
            let above = lines[j].trim_start();
            if above.starts_with("//") {
                if above.contains("SAFETY:") {
                    documented = true;
                    break;
                }
            } else if !above.starts_with("#[") {
                break;
            }
        }
        if !documented {
            found.push(i + 1);
        }
    }
    found
}

/// The names in the `[dependencies]` table of a Cargo.toml, in order.
fn dependencies(manifest: &str) -> Vec<&str> {
    let mut names = Vec::new();
    let mut inside = false;
    for line in manifest.lines().map(str::trim) {
        if line.starts_with('[') {
            inside = line == "[dependencies]";
        } else if inside && !line.is_empty() && !line.starts_with('#') {
            if let Some(name) = line.split(['=', '.']).next() {
                names.push(name.trim());
            }
        }
    }
    names
}

/// Every `.rs` file under `dir`, skipping build output and node modules.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else { return };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths {
        let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        if path.is_dir() {
            if name != "target" && name != "node_modules" {
                rust_files(&path, out);
            }
        } else if name.ends_with(".rs") {
            out.push(path);
        }
    }
}

/// The import circles inside each library crate's `src/`, one line each ("in
/// crates/core/src/position: model -> large -> model"): for every reference from one
/// module to another (`crate::a::b`, `super::b`, also in `use` groups), an edge between
/// the two children of their nearest common module on the way to each; a circle among the
/// children of one module means neither can be read, tested or moved without the other.
/// A reference to an ancestor's own items (the trait an engine implements) is no edge, nor
/// is one from test code (`tests.rs`, `*_tests.rs`, after `#[cfg(test)]`).
fn import_circles(root: &Path) -> Vec<String> {
    let mut problems = Vec::new();
    let Ok(crates) = fs::read_dir(root.join("crates")) else { return problems };
    let mut dirs: Vec<PathBuf> = crates.filter_map(|e| e.ok().map(|e| e.path().join("src"))).collect();
    dirs.sort();
    for src in dirs {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        // Each file's module path, from the crate root: lib.rs and main.rs are [], a/mod.rs
        // and a.rs are ["a"].
        let modules: Vec<(Vec<String>, String)> = files
            .iter()
            .filter_map(|path| {
                let rel = path.strip_prefix(&src).ok()?.to_string_lossy().replace('\\', "/");
                let mut parts: Vec<String> = rel.trim_end_matches(".rs").split('/').map(String::from).collect();
                if matches!(parts.last().map(String::as_str), Some("mod" | "lib" | "main")) {
                    parts.pop();
                }
                // Tests may reach any module they test.
                let name = parts.last().map_or("", String::as_str);
                if rel.starts_with("bin/") || name == "tests" || name.ends_with("_tests") {
                    return None;
                }
                let text = fs::read_to_string(path).unwrap_or_default();
                let code = text.split("#[cfg(test)]").next().unwrap_or("").to_string();
                Some((parts, code))
            })
            .collect();
        let known: std::collections::BTreeSet<Vec<String>> = modules.iter().map(|(m, _)| m.clone()).collect();
        let mut edges: std::collections::BTreeMap<Vec<String>, std::collections::BTreeSet<(String, String)>> =
            Default::default();
        for (module, text) in &modules {
            for target in referenced_modules(module, text, &known) {
                let common = module.iter().zip(&target).take_while(|(a, b)| a == b).count();
                // The target is the module itself or an ancestor (its own items): no edge.
                if common == target.len() || common == module.len() {
                    continue;
                }
                edges
                    .entry(module[..common].to_vec())
                    .or_default()
                    .insert((module[common].clone(), target[common].clone()));
            }
        }
        for (parent, pairs) in edges {
            if let Some(circle) = find_circle(&pairs) {
                let place =
                    std::iter::once(src.strip_prefix(root).unwrap_or(&src).to_string_lossy().replace('\\', "/"))
                        .chain(parent.iter().cloned())
                        .collect::<Vec<_>>()
                        .join("/");
                problems.push(format!(
                    "{place}: an import circle {}; move what both need into a module of its own",
                    circle.join(" -> ")
                ));
            }
        }
    }
    problems
}

/// The modules (of `known`) that `text`, the file of `module`, names by a `crate::` or
/// `super::` path: the longest known prefix of each path.
fn referenced_modules(
    module: &[String],
    text: &str,
    known: &std::collections::BTreeSet<Vec<String>>,
) -> Vec<Vec<String>> {
    let mut found = Vec::new();
    for line in code_lines(text) {
        for start in ["crate::", "super::"] {
            for (at, _) in line.match_indices(start) {
                let before = line[..at].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let mut base: Vec<String> = if start == "crate::" { Vec::new() } else { module.to_vec() };
                let mut rest = &line[at..];
                // `super::super::x` climbs once a `super`.
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
                let rest = rest.strip_prefix("crate::").unwrap_or(rest);
                let items: Vec<&str> = match rest.strip_prefix('{') {
                    Some(group) => group.split('}').next().unwrap_or("").split(',').collect(),
                    None => vec![rest],
                };
                for item in items {
                    let mut path = base.clone();
                    for segment in item.trim().split("::") {
                        let name: String = segment.chars().take_while(|c| c.is_alphanumeric() || *c == '_').collect();
                        if name.is_empty() {
                            break;
                        }
                        path.push(name);
                        if !known.contains(&path) {
                            path.pop();
                            break;
                        }
                    }
                    found.push(path);
                }
            }
        }
    }
    found
}

/// A circle in the directed graph of `edges`, as the names around it (first repeated
/// last), or `None`.
fn find_circle(edges: &std::collections::BTreeSet<(String, String)>) -> Option<Vec<String>> {
    let nodes: std::collections::BTreeSet<&String> = edges.iter().flat_map(|(a, b)| [a, b]).collect();
    // Depth-first search from each node, keeping the path.
    fn walk<'a>(
        node: &'a String,
        edges: &'a std::collections::BTreeSet<(String, String)>,
        path: &mut Vec<&'a String>,
        done: &mut std::collections::BTreeSet<&'a String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| *n == node) {
            let mut circle: Vec<String> = path[at..].iter().map(|s| s.to_string()).collect();
            circle.push(node.clone());
            return Some(circle);
        }
        if done.contains(node) {
            return None;
        }
        path.push(node);
        for (_, next) in edges.iter().filter(|(a, _)| a == node) {
            if let Some(circle) = walk(next, edges, path, done) {
                return Some(circle);
            }
        }
        path.pop();
        done.insert(node);
        None
    }
    let mut done = std::collections::BTreeSet::new();
    nodes.into_iter().find_map(|n| walk(n, edges, &mut Vec::new(), &mut done))
}
