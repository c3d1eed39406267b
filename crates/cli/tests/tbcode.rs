//! Issue 40 through the command line: codes in CGSuite's notation take every command
//! (`values`, `period` with a saltus, `describe`), loopy codes are refused in words.

mod common;

use common::{grundy, stdout};

#[test]
fn nim_as_a_code() {
    let text = stdout(&grundy(&["values", "--game", "0.[3]", "--to", "10"]));
    let values: Vec<&str> = text.lines().map(|l| l.split_whitespace().last().unwrap()).collect();
    assert_eq!(values, ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], "{text}");
}

#[test]
fn describe_prints_the_normal_form() {
    let text = stdout(&grundy(&["describe", "0.{0!,2!,3!}"]));
    assert_eq!(text.lines().next(), Some("0.D!"), "{text}");
    let text = stdout(&grundy(&["describe", "s2,3,5,9"]));
    assert_eq!(text.lines().next(), Some("0.033030003"), "{text}");
    let text = stdout(&grundy(&["describe", "0.300303330[3]"]));
    assert!(text.contains("take any number but 2, 3, 5 or 9"), "{text}");
    assert!(text.contains("all-but subtraction lemma"), "{text}");
}

#[test]
fn arithmetic_periods_are_proved_for_all_but_games() {
    let text = stdout(&grundy(&["period", "--game", "0.0[3]"]));
    assert!(text.contains("periodic from heap 0 with period 2 and saltus 1, G(n + 2) = G(n) + 1 (proved by the all-but subtraction lemma"), "{text}");
    let text = stdout(&grundy(&["value", "--game", "0.0[3]", "1000001"]));
    assert!(text.contains("500000"), "{text}");
    let text = stdout(&grundy(&["period", "--game", "0.[37]", "--max", "1200"]));
    assert!(text.contains("saltus 1") && text.contains("observed") && text.contains("not proved"), "{text}");
}

#[test]
fn loopy_codes_are_refused_in_words() {
    let out = grundy(&["values", "--game", "20.017", "--to", "5"]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("is loopy") && err.contains("play may never end"), "{err}");
    let text = stdout(&grundy(&["analyze", "--game", "80.0", "4"]));
    assert!(text.contains("add 1 to heap A (4) and split it into 3, 1 and 1"), "{text}");
}

/// `examples/tbcode/all-but-2.md`, worked by hand: the values, the period and G(1000001).
#[test]
fn the_worked_example_holds() {
    let text = stdout(&grundy(&["values", "--game", "0.30[3]", "--to", "7"]));
    let values: Vec<&str> = text.lines().map(|l| l.split_whitespace().last().unwrap()).collect();
    assert_eq!(values, ["0", "1", "0", "1", "2", "3", "2"], "{text}");
    let text = stdout(&grundy(&["period", "--game", "0.30[3]"]));
    assert!(
        text.contains("period 4 and saltus 2, G(n + 4) = G(n) + 2 (proved by the all-but subtraction lemma"),
        "{text}"
    );
    assert!(text.contains("from G(0..7)"), "{text}");
    assert_eq!(stdout(&grundy(&["value", "--game", "0.30[3]", "1000001"])).trim(), "500001");
}
