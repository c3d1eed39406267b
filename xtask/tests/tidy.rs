//! `cargo xtask tidy` as a test, so `cargo test` keeps the architecture rules too; the
//! rules themselves are in `xtask/src/tidy.rs`, included here as they are.

use std::path::Path;

#[path = "../src/tidy.rs"]
mod tidy;

#[test]
fn tidy() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let problems = tidy::check(root);
    assert!(problems.is_empty(), "cargo xtask tidy:\n{}", problems.join("\n"));
}

/// The rules catch what they are for: a file with each kind of break, in a scratch tree.
#[test]
fn tidy_catches_breaks() {
    let root = std::env::temp_dir().join(format!("grundy-tidy-{}", std::process::id()));
    let write = |rel: &str, text: &str| {
        let path = root.join(rel);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    };
    write("crates/core/Cargo.toml", "[dependencies]\ncrc32fast.workspace = true\nserde.workspace = true\n");
    write("crates/core/src/lib.rs", "//! Core.\n#![warn(missing_docs)]\nuse std::fs;\n");
    write("crates/web/src/lib.rs", "// no doc\n");
    write("crates/sources/src/lib.rs", "//! Sources.\n");
    write("crates/web/src/run.rs", "//! Runs.\nuse std::process::Command;\n#[ignore]\nfn f() {}\n");
    write("crates/report/src/lib.rs", "//! Report.\n#![deny(missing_docs)]\n#[allow(missing_docs)]\npub fn f() {}\n");
    write("crates/report/src/long.rs", &format!("//! Long.\n{}", "fn f() {}\n".repeat(600)));
    write("crates/cli/src/sweep.rs", "//! Sweep.\nuse grundy_core::FastSweep;\n// FastSweep in a comment is fine\n");
    write("crates/cli/src/kind.rs", "//! Kind.\nfn f(g: &Game) -> bool {\n    matches!(g, Game::Nim { .. })\n}\n");
    write(
        "crates/core/src/game/kind.rs",
        "//! Kind.\nfn f(g: &Game) -> bool {\n    matches!(g, Game::Nim { .. })\n}\n",
    );
    // The front door (issue 36): a front end compares with a game kind, or reaches the
    // core past the request API.
    write("crates/web/src/compare.rs", "//! Compare.\nfn f(game: &Game) -> bool {\n    *game == Game::Grundy\n}\n");
    write("crates/web/src/unequal.rs", "//! Unequal.\nfn f(game: &Game) -> bool {\n    Game::Nim != *game\n}\n");
    write(
        "crates/cli/src/engine.rs",
        "//! Engine.\nuse grundy_core::engine::Engine;\nuse grundy_core::ask::Session;\n",
    );
    write("crates/census/src/group.rs", "//! Group.\nuse grundy_core::{ask::Session, period::certifies};\n");
    write(
        "crates/core/src/engine/compare.rs",
        "//! Compare.\nfn f(game: &Game) -> bool {\n    *game == Game::Grundy\n}\n",
    );
    // An unsafe block must say why it is sound.
    write(
        "crates/core/src/engine/raw.rs",
        "//! Raw.\nfn f(p: *const u8) -> u8 {\n    unsafe { *p }\n}\nfn g(p: *const u8) -> u8 {\n    // SAFETY: p points to a byte.\n    unsafe { *p }\n}\n",
    );
    write(
        "crates/python/src/values.rs",
        "//! Values.\nuse grundy_core::ask::Session;\nuse grundy_core::engine::Engine;\n",
    );
    // An import circle among the modules of one folder (position/a -> b -> a), and a
    // child that uses its parent's own items (no circle).
    write("crates/core/src/position/mod.rs", "//! Position.\nmod a;\nmod b;\npub struct Outcome;\n");
    write("crates/core/src/learn/mod.rs", "//! Learn.\nmod c;\nmod d;\npub struct Learner;\n");
    write("crates/core/src/position/a.rs", "//! A.\nuse crate::position::b::B;\npub struct A;\n");
    write("crates/core/src/position/b.rs", "//! B.\nuse super::{a::A, Outcome};\npub struct B;\n");
    write("crates/core/src/learn/c.rs", "//! C.\nuse super::Learner;\nuse crate::learn::d::D;\n");
    write("crates/core/src/learn/d.rs", "//! D.\nuse super::Learner;\npub struct D;\n");
    let problems = tidy::check(&root);
    std::fs::remove_dir_all(&root).unwrap();
    assert!(
        problems.iter().any(|p| p.contains("crates/core/src/position: an import circle a -> b -> a")),
        "{problems:#?}"
    );
    assert!(!problems.iter().any(|p| p.contains("crates/core/src/learn: an import circle")), "{problems:#?}");
    assert!(has_line(&problems, "crates/core/src/engine/raw.rs:3: an unsafe block"), "{problems:#?}");
    assert!(!has_line(&problems, "crates/core/src/engine/raw.rs:7"), "{problems:#?}");
    assert!(has_line(&problems, "crates/web/src/compare.rs:3: matches on Game::Grundy"), "{problems:#?}");
    assert!(has_line(&problems, "crates/web/src/unequal.rs:3: matches on Game::Nim"), "{problems:#?}");
    assert!(has_line(&problems, "crates/cli/src/engine.rs:2: reaches grundy_core::engine"), "{problems:#?}");
    assert!(!has_line(&problems, "crates/cli/src/engine.rs:3"), "the request API is the door: {problems:#?}");
    assert!(has_line(&problems, "crates/census/src/group.rs:2: reaches grundy_core::period"), "{problems:#?}");
    assert!(!has_line(&problems, "crates/core/src/engine/compare.rs"), "{problems:#?}");
    let has = |part: &str| problems.iter().any(|p| p.contains(part));
    assert!(has("crates/core/src/lib.rs: uses std::fs"), "{problems:#?}");
    assert!(has("crates/web/src/lib.rs: does not open with a `//!` doc"), "{problems:#?}");
    assert!(has("crates/web/src/lib.rs: lacks #![deny(missing_docs)]"), "{problems:#?}");
    assert!(has("crates/core/src/lib.rs: lacks #![deny(missing_docs)]"), "{problems:#?}");
    assert!(has("crates/report/src/lib.rs: allows missing_docs"), "{problems:#?}");
    assert!(has("crates/report/src/long.rs: 601 lines, more than 600"), "{problems:#?}");
    assert!(has("crates/cli/src/sweep.rs: names the engine type FastSweep"), "{problems:#?}");
    assert!(has("crates/cli/src/sweep.rs:2: reaches grundy_core::FastSweep"), "{problems:#?}");
    assert!(has("crates/cli/src/kind.rs:3: matches on Game::Nim"), "{problems:#?}");
    assert!(!has("crates/core/src/game/kind.rs"), "{problems:#?}");
    assert!(has("crates/sources/src/lib.rs: lacks"), "{problems:#?}");
    assert!(has("crates/web/src/run.rs: uses std::process::Command"), "{problems:#?}");
    assert!(has("crates/web/src/run.rs:3: #[ignore] without a reason"), "{problems:#?}");
    assert!(has("crates/python/src/values.rs:3: reaches grundy_core::engine"), "{problems:#?}");
    assert_eq!(problems.iter().filter(|p| p.contains("crates/python/src/values.rs")).count(), 1, "{problems:#?}");
    assert!(has("[dependencies] are [\"crc32fast\", \"serde\"]"), "{problems:#?}");
}

/// Whether one of the problems says `part`.
fn has_line(problems: &[String], part: &str) -> bool {
    problems.iter().any(|p| p.contains(part))
}

/// Every folder ARCHITECTURE.md names (a `name/` in backquotes) is a folder of the tree,
/// so the code map cannot drift from the code unnoticed.
#[test]
fn architecture_names_only_folders_that_exist() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap();
    let text = std::fs::read_to_string(root.join("ARCHITECTURE.md")).unwrap();
    let mut folders = Vec::new();
    collect_folders(root, root, &mut folders);
    let named: Vec<&str> =
        text.split('`').skip(1).step_by(2).filter(|t| t.ends_with('/') && t.len() > 1 && !t.contains(' ')).collect();
    assert!(named.len() >= 10, "ARCHITECTURE.md names {} folders: {named:?}", named.len());
    for name in named {
        let want = name.trim_end_matches('/');
        assert!(
            folders.iter().any(|f| f == want || f.ends_with(&format!("/{want}"))),
            "ARCHITECTURE.md names the folder {name}, which does not exist"
        );
    }
}

/// Every folder under `dir`, relative to `root`, without build output, git and node modules.
fn collect_folders(root: &Path, dir: &Path, out: &mut Vec<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.filter_map(Result::ok) {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() && !matches!(name.as_str(), "target" | "node_modules" | ".git") {
            out.push(path.strip_prefix(root).unwrap().to_string_lossy().replace('\\', "/"));
            collect_folders(root, &path, out);
        }
    }
}
