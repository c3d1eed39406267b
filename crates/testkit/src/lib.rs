//! Helpers shared by the tests of several crates, so that each exists once: the fuzz runner
//! that counts the inputs it ran, the one-line check of error messages, scratch copies of
//! the committed `fixtures/` folder, and the literal analysis of positions ([`oracle`]). A
//! dev-dependency only; nothing here ships.
#![deny(missing_docs)]

pub mod oracle;

use std::cell::Cell;
use std::fs;
use std::path::{Path, PathBuf};

use proptest::strategy::Strategy;
use proptest::test_runner::{Config, TestRunner};

/// Runs `check` on `cases` inputs from `strategy`; a panic is a failure (proptest shrinks
/// it to a small input). Prints the number of inputs run, and fails if fewer ran than asked
/// (a strategy that rejects too much must not pass quietly).
pub fn fuzz<S: Strategy>(name: &str, cases: u32, strategy: S, check: impl Fn(S::Value)) {
    let config = Config { cases, max_shrink_iters: 2000, failure_persistence: None, ..Config::default() };
    let mut runner = TestRunner::new(config);
    let ran = Cell::new(0usize);
    runner
        .run(&strategy, |input| {
            ran.set(ran.get() + 1);
            check(input);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("fuzz target {name}: {e}"));
    eprintln!("fuzz target {name}: {} inputs", ran.get());
    assert_eq!(ran.get(), cases as usize, "fuzz target {name} ran fewer inputs than asked");
}

/// Asserts that an error message is what a user should see: one line, not empty.
pub fn one_line(message: String) {
    assert!(!message.trim().is_empty(), "empty error message");
    assert!(!message.contains('\n'), "error message over several lines: {message:?}");
}

/// The workspace's root folder.
pub fn repo_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The committed `fixtures/` folder.
pub fn repo_fixtures() -> PathBuf {
    repo_root().join("fixtures")
}

/// A fresh copy of `fixtures/` in the temporary folder, named after the test (`label`) and
/// this process, for tests that edit or replace fixture files.
pub fn scratch_fixtures(label: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-fixtures-{label}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    copy_dir(&repo_fixtures(), &dir);
    dir
}

/// Copies the folder `from` into `to`, recursively.
pub fn copy_dir(from: &Path, to: &Path) {
    fs::create_dir_all(to).unwrap();
    for e in fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            fs::copy(e.path(), target).unwrap();
        }
    }
}
