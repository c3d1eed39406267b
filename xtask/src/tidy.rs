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

/// Every rule broken under `root`, one line each, naming the file; empty when all hold.
///
/// - every `.rs` file opens with a `//!` doc saying what it is;
/// - every library crate's `lib.rs` has `#![warn(missing_docs)]`;
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
    // The library crates are the crates with a lib.rs; each carries #![warn(missing_docs)].
    let mut libraries: Vec<String> = fs::read_dir(root.join("crates"))
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    libraries.sort();
    for lib in libraries {
        let path = root.join("crates").join(&lib).join("src/lib.rs");
        let Ok(text) = fs::read_to_string(&path) else { continue };
        if !text.contains("#![warn(missing_docs)]") {
            problems.push(format!("crates/{lib}/src/lib.rs: lacks #![warn(missing_docs)]"));
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
