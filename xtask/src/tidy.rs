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

/// The front ends: they ask the engine chooser (`grundy_core::engine::Engine`) and never
/// name an engine's own type.
const FRONT_ENDS: &[&str] = &["crates/cli/src/", "crates/web/src/", "crates/census/src/", "crates/python/src/"];

/// The Python binding asks grundy-core only through these modules: the request API, the
/// game parser and the count parser.
const BINDING: &str = "crates/python/src/";
const BINDING_MAY_USE: &[&str] = &["ask", "game", "count"];

/// The engines' own types, which only grundy-core, the benchmarks and the sweep task name.
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
/// - the front ends ([`FRONT_ENDS`]) name none of the [`ENGINE_TYPES`];
/// - outside [`GAME_KIND_OWNERS`] no code matches on the game kind ([`GAME_KINDS`] before
///   a `=>`, or after `if let`/`let`/`matches!`);
/// - the Python binding ([`BINDING`]) names no module of grundy-core but [`BINDING_MAY_USE`];
/// - `std::process::Command` only in `xtask/` and in the tests of the `grundy` binary
///   (`crates/cli/tests/`), where running the binary is the only way to test it;
/// - grundy-core depends on exactly [`CORE_DEPENDENCIES`] and uses none of [`CORE_FORBIDDEN`];
/// - no `#[ignore]` without a reason string (`#[ignore = "why"]`).
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
        if FRONT_ENDS.iter().any(|f| rel.starts_with(f)) {
            for name in ENGINE_TYPES {
                if code_lines(&text).any(|l| contains_word(l, name)) {
                    problems.push(format!(
                        "{rel}: names the engine type {name}; a front end asks grundy_core::engine::Engine"
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
        if rel.starts_with(BINDING) {
            for line in code_lines(&text) {
                for (at, _) in line.match_indices("grundy_core::") {
                    let module: String = line[at + "grundy_core::".len()..]
                        .chars()
                        .take_while(|c| c.is_alphanumeric() || *c == '_')
                        .collect();
                    if !BINDING_MAY_USE.contains(&module.as_str()) {
                        problems.push(format!(
                            "{rel}: uses grundy_core::{module}; the Python binding asks only grundy_core::{{ask, game, count}}"
                        ));
                    }
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

/// The game kind `line` matches on, if it does: a pattern before `=>`, or after `if let`,
/// `let` or `matches!(`.
fn matched_game_kind(line: &str) -> Option<&'static str> {
    let code = line.trim_start();
    if code.starts_with("//") {
        return None;
    }
    GAME_KINDS.iter().copied().find(|kind| {
        let Some(at) = code.find(kind) else { return false };
        let after = &code[at..];
        let before = &code[..at];
        after.contains("=>") || before.trim_end().ends_with("let") || before.contains("matches!(")
    })
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
