//! Runs the `grundy` binary for the CLI's test files (each includes this module), so that
//! there is one way to start it, with or without standard input.
#![allow(dead_code)] // each test file uses the part it needs

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// `grundy args...`, its standard input empty.
pub fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("run grundy")
}

/// `grundy args...` with `input` written to its standard input.
pub fn grundy_with_input(args: &[&str], input: &str) -> Output {
    grundy_with_bytes(args, input.as_bytes())
}

/// `grundy args...` with `input`, any bytes, written to its standard input.
pub fn grundy_with_bytes(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

/// What the command wrote on standard output (lossy: a test reads it as text).
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// What the command wrote on standard error.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs `grundy args...` and fails unless it exits with `code` and one line on stderr (no
/// panic); returns that line. The one check of the CLI's errors: 1 for an error, 2 for a
/// usage error.
pub fn failure(args: &[&str], code: i32) -> String {
    let o = grundy(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(code), "{args:?}: {err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    err
}
