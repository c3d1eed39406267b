//! Argument errors as a new user meets them: one line that names what is wrong (the missing
//! argument, the possible values, a number too large), the count forms accepted for heaps,
//! a closed pipe that is no error, and `sweep` at its edges.

use std::io::Read;
use std::process::{Command, Stdio};

mod common;
use common::{failure, grundy, grundy_with_input, stderr, stdout};

/// A usage error: exit code 2 and exactly one line on stderr, which is returned.
fn usage_error(args: &[&str]) -> String {
    failure(args, 2)
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
    assert!(text.contains("1 record, the last G(0) = 0"), "{text}");
    assert!(text.contains("no stage-2 scans"), "{text}");
}

/// Issue 25: `--to 0` is refused like `sweep --to 0`, and a negative count gets the count
/// parser's message rather than clap's "unexpected argument".
#[test]
fn values_to_zero_and_negative_are_refused_in_words() {
    let o = grundy(&["values", "--game", "kayles", "--to", "0"]);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("--to 0"), "{}", stderr(&o));
    let o = grundy(&["values", "--game", "kayles", "--to", "-5"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("expected a count"), "{}", stderr(&o));
}

/// Issue 25: a game far beyond reach is refused at once, with the estimate and the limits
/// the user can raise; a periodic game answers the same heap from its proved period.
#[test]
fn far_heaps_are_refused_at_once_or_answered_by_the_period() {
    let started = std::time::Instant::now();
    let o = grundy(&["value", "--game", ".6", "10^18"]);
    assert_eq!(o.status.code(), Some(1));
    let err = stderr(&o);
    assert!(err.contains("--max-time") && err.contains("years") && err.contains("no period was proved"), "{err}");
    assert!(started.elapsed().as_secs() < 30, "refused after {:?}", started.elapsed());
    let o = grundy(&["value", "--game", "kayles", "10^18"]);
    assert_eq!(stdout(&o).trim(), "1", "{}", stderr(&o));
    let o = grundy(&["values", "--game", "s1,2,3", "--to", "1e6", "--max-time", "1s"]);
    assert!(o.status.success(), "a proved period needs no table: {}", stderr(&o));
    let o = grundy(&["values", "--game", "grundy", "--to", "2^30", "--max-memory", "1M"]);
    assert!(stderr(&o).contains("--max-memory"), "{}", stderr(&o));
}

/// Issue 25: positions of any size where theory answers (a proved period, misère Nim's
/// rule, Nim's closed form).
#[test]
fn big_positions_are_answered() {
    let o = grundy(&["analyze", "--game", "kayles", "1000000000000", "5"]);
    let text = stdout(&o);
    assert!(text.contains("the player to move wins") && text.contains("winning moves: 3"), "{text}{}", stderr(&o));
    let o = grundy(&["analyze", "--game", "misere-nim", "10^18", "10^18", "1"]);
    assert!(stdout(&o).contains("winning moves: 1"), "{}{}", stdout(&o), stderr(&o));
    let o = grundy(&["analyze", "--game", "nim", "18446744073709551615", "1"]);
    assert!(stdout(&o).contains("the player to move wins"), "{}{}", stdout(&o), stderr(&o));
}

/// Issue 25: explain and play answer big positions too, through the proved period or the
/// closed form, and refuse with the reason where neither is known.
#[test]
fn big_positions_are_explained_and_played() {
    let o = grundy(&["explain", "--game", "kayles", "1000000000000", "5"]);
    let text = stdout(&o);
    assert!(o.status.success(), "{}", stderr(&o));
    // 10^12 = 4 (mod 12) and 71 = 11 (mod 12): the heap of 76 has its value.
    assert!(text.contains("G(1000000000000) = G(71 + (1000000000000 - 71) mod 12) = G(76)"), "{text}");
    assert!(text.contains("3 winning moves"), "the count analyze gives: {text}");
    let o = grundy(&["explain", "--game", "nim", "1000000000000", "3"]);
    let text = stdout(&o);
    assert!(text.contains("closed form") && text.contains("1 winning move"), "{text}{}", stderr(&o));
    let o = grundy(&["explain", "--game", ".6", "1000000000000"]);
    assert!(!o.status.success() && stderr(&o).contains("a closed form or a period"), "{}", stderr(&o));

    let play = |input: &str| stdout(&grundy_with_input(&["play", "--game", "kayles", "1000000000000", "5"], input));
    let text = play("A 1 999999999999\nquit\n");
    assert!(text.contains("computer:") && text.contains("bye"), "a typed move on a heap too large to list: {text}");
    let text = play("A 3\nA 1\nquit\n");
    assert!(text.contains("does not allow that move"), "Kayles takes 1 or 2: {text}");
    assert!(text.contains("can leave one heap or two"), "taking 1 needs the heaps to leave: {text}");
}
