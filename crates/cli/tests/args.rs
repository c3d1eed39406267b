//! Argument errors as a new user meets them: one line that names what is wrong (the missing
//! argument, the possible values, a number too large), the count forms accepted for heaps,
//! a closed pipe that is no error, and `sweep` at its edges.

use std::io::Read;
use std::process::{Command, Output, Stdio};

mod common;
use common::grundy;

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// A usage error: exit code 2 and exactly one line on stderr, which is returned.
fn usage_error(args: &[&str]) -> String {
    let o = grundy(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn a_missing_argument_is_named() {
    let err = usage_error(&["value"]);
    assert!(err.contains("<N>"), "{err}");
    let err = usage_error(&["analyze"]);
    assert!(err.contains("<HEAPS>"), "{err}");
    let err = usage_error(&["values"]);
    assert!(err.contains("--to"), "{err}");
}

#[test]
fn a_bad_choice_lists_the_possible_values() {
    let err = usage_error(&["values", "--to", "5", "--format", "xml"]);
    for v in ["bfile", "csv", "json"] {
        assert!(err.contains(v), "{err}");
    }
}

#[test]
fn a_number_too_large_for_u64_is_too_large_not_malformed() {
    let err = usage_error(&["value", "18446744073709551616"]);
    assert!(err.contains("too large"), "{err}");
    assert!(!err.contains("whole number"), "{err}");
    // Malformed stays malformed.
    let err = usage_error(&["value", "12x"]);
    assert!(!err.contains("too large"), "{err}");
}

#[test]
fn heaps_take_the_same_forms_as_counts() {
    // G(1024) and G(1000) of Grundy's game computed here by the definition, not taken from
    // the binary: mex over the splits into two different non-empty parts.
    let mut g = vec![0u32; 1025];
    for n in 3usize..=1024 {
        let mut seen = [false; 64];
        for a in 1..n.div_ceil(2) {
            seen[(g[a] ^ g[n - a]) as usize] = true;
        }
        g[n] = seen.iter().position(|s| !s).unwrap() as u32;
    }
    assert_eq!(stdout(&grundy(&["value", "2^10"])), format!("{}\n", g[1024]));
    assert_eq!(stdout(&grundy(&["value", "1e3"])), format!("{}\n", g[1000]));
    assert_eq!(stdout(&grundy(&["value", "1_000"])), format!("{}\n", g[1000]));
    let o = grundy(&["analyze", "2^10", "1e3"]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_closed_pipe_is_not_an_error() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["values", "--to", "200000"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut first = [0u8; 4];
    child.stdout.take().unwrap().read_exact(&mut first).unwrap();
    // The read end is dropped here, as `head -1` does after its line.
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    let status = child.wait().unwrap();
    assert_eq!(&first, b"0 0\n");
    assert!(status.success(), "{status}: {err}");
    assert_eq!(err, "");
}

#[test]
fn sweep_to_zero_is_refused_in_words() {
    let o = grundy(&["sweep", "--to", "0"]);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--to 1"), "{err}");
}

#[test]
fn sweep_speaks_plain_words() {
    for to in ["1", "3", "2000"] {
        let o = grundy(&["sweep", "--to", to]);
        assert!(o.status.success(), "{}", stderr(&o));
        let text = stdout(&o);
        assert!(!text.contains("Some(") && !text.contains("None") && !text.contains("(("), "{text}");
    }
    // Below 3 every heap has value 0 and is sparse: one record, G(0) = 0, no scans.
    let text = stdout(&grundy(&["sweep", "--to", "3"]));
    assert!(text.contains("1 records, the last G(0) = 0"), "{text}");
    assert!(text.contains("no stage-2 scans"), "{text}");
}
