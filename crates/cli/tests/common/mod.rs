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
