//! The `grundy` binary as a user runs it: answers on stdout, one-line errors on stderr,
//! exit codes 0 (ok), 1 (error), 2 (usage).

use std::process::{Command, Output};

fn grundy(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().expect("run grundy")
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn value_of_a_heap() {
    let o = grundy(&["value", "1222"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "0\n");
    assert_eq!(stdout(&grundy(&["value", "18"])), "4\n");
}

#[test]
fn values_in_bfile_format() {
    let o = grundy(&["values", "--to", "20"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("0 0\n1 0\n2 0\n3 1\n4 0\n5 2\n"));
    assert!(text.ends_with("20 0\n"));
    assert_eq!(text.lines().count(), 21);
}

#[test]
fn analyze_lists_winning_moves() {
    let o = grundy(&["analyze", "5", "9", "12"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("nim-sum:  1 xor 1 xor 2 = 2"), "{text}");
    assert!(text.contains("the player to move wins"), "{text}");
    assert!(text.contains("winning moves: 1"), "{text}");
    assert!(text.contains("split the heap of 5 into 4 and 1"), "{text}");

    let o = grundy(&["analyze", "20"]);
    assert!(stdout(&o).contains("winning moves: 0"));
    assert!(stdout(&o).contains("loses"));
}

#[test]
fn bad_input_gets_one_line_and_an_exit_code() {
    for (args, code) in [
        (&["value", "-5"][..], 2),
        (&["value", "abc"][..], 2),
        (&["value", "1.5"][..], 2),
        (&["value", "99999999999999999999999"][..], 2),
        (&["value", "99999999999999"][..], 2),
        (&["analyze"][..], 2),
        (&["analyze", "3", "x"][..], 2),
        (&["analyze", "0"][..], 1),
        (&["frobnicate"][..], 2),
        (&[][..], 2),
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if code == 1 || !args.is_empty() {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
}
