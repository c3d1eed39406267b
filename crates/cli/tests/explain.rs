//! Snapshots of `grundy explain` for a handful of positions per game (their numbers are
//! checked by brute force in grundy-core's tests/learn.rs), and `grundy practice` end to end.

mod common;

/// `grundy args...` with `input`: whether it succeeded, its output and its errors.
fn grundy(args: &[&str], input: &str) -> (bool, String, String) {
    let o = common::grundy_with_input(args, input);
    (o.status.success(), String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap())
}

fn explained(game: &str, heaps: &[&str]) -> String {
    let mut args = vec!["explain", "--game", game];
    args.extend_from_slice(heaps);
    let (ok, out, err) = grundy(&args, "");
    assert!(ok, "{err}");
    out
}

#[test]
fn the_textbook_example() {
    let text = explained("s1,2,3", &["2", "5", "6"]);
    assert!(text.contains("nim-sum          1 = 01"), "{text}");
    assert!(text.contains("no move reaches 3: no winning move on this heap"), "{text}");
    assert!(text.contains("take 3 from heap C (6), leaving 3: value 3   <- reaches the target"), "{text}");
    assert!(text.contains("2 winning moves (1 on heap B, 1 on heap C)"), "{text}");
    insta::assert_snapshot!("subtraction_2_5_6", text);
}

#[test]
fn snapshots_per_game() {
    for (game, heaps, name) in [
        ("grundy", &["5", "9", "12"][..], "grundy_5_9_12"),
        ("grundy", &["7", "7"], "grundy_7_7"),
        ("s1,2,3", &["5", "5", "3"], "subtraction_5_5_3"),
        ("half", &["6", "7", "9"], "half_6_7_9"),
        ("kayles", &["7", "5", "3"], "kayles_7_5_3"),
        ("dawsons-kayles", &["5", "6"], "dawsons_kayles_5_6"),
        ("nim", &["3", "5", "6"], "nim_3_5_6"),
    ] {
        insta::assert_snapshot!(name, explained(game, heaps));
    }
}

#[test]
fn explain_refuses_what_it_cannot_explain() {
    let (ok, _, err) = grundy(&["explain", "5000"], "");
    assert!(!ok);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("at most 1000"), "{err}");
    // Misère Nim is explained by its own rule (the misère solution of `explain --misere`).
    let (ok, out, _) = grundy(&["explain", "--game", "misere-nim", "3", "4"], "");
    assert!(ok);
    assert!(out.contains("Answered by misère Nim's rule."), "{out}");
}

#[test]
fn practice_checks_the_answer() {
    let (ok, out, _) = grundy(&["practice", "--game", "s1,2,3", "--seed", "3"], "");
    assert!(ok);
    let answer = out.lines().find_map(|l| l.strip_prefix("No answer given. The answer is ")).unwrap();
    let answer = answer.trim_end_matches('.');
    let (ok, again, _) = grundy(&["practice", "--game", "s1,2,3", "--seed", "3"], &format!("{answer}\n"));
    assert!(ok);
    assert!(again.contains(&format!("Right: {answer}.")), "{again}");
    let (_, wrong, _) = grundy(&["practice", "--game", "s1,2,3", "--seed", "3"], "99\n");
    assert!(wrong.contains(&format!("Not quite: you said 99, the answer is {answer}.")), "{wrong}");
    assert!(wrong.contains("Step 5. The total."));
}

/// The question says how moves are counted, and `--count` changes it: Kayles, seed 1
/// (rows of 8, 7, 12 and 10 pins), has 2 winning moves by heaps and 4 by placements (each
/// winning move has a mirror image), as an independent count of the rows found.
#[test]
fn practice_states_and_takes_the_convention() {
    let (ok, out, _) = grundy(&["practice", "--game", "kayles", "--seed", "1"], "2\n");
    assert!(ok && out.contains("Heaps: 8, 7, 12, 10."), "{out}");
    assert!(out.contains("Count moves by heaps: each heap is its own object") && out.contains("Right: 2."), "{out}");
    let (ok, out, _) = grundy(&["practice", "--game", "kayles", "--seed", "1", "--count", "placements"], "4\n");
    assert!(ok && out.contains("Count moves by placements") && out.contains("Right: 4."), "{out}");
    let (ok, _, err) = grundy(&["practice", "--game", "nim", "--seed", "1", "--count", "placements"], "");
    assert!(!ok && err.contains("games played on a row"), "{err}");
}

#[test]
fn dominoes_counted_by_placement() {
    // A strip of 4 squares: a domino on squares 1-2 and one on 3-4 are two moves, mirror
    // images of each other; counted by heaps they are one move (leave a strip of 2).
    let (ok, by_heaps, _) = grundy(&["explain", "--game", "dominoes", "4"], "");
    assert!(ok);
    let (ok, by_place, _) = grundy(&["explain", "--game", "dominoes", "--count", "placements", "4"], "");
    assert!(ok);
    assert!(by_heaps.contains("Moves are counted by heaps"), "{by_heaps}");
    assert!(by_place.contains("Moves are counted by placements"), "{by_place}");
    // Step 4 lists one line per move: 2 by heaps (leave 2, leave 1 + 1), 3 by placements.
    let moves = |t: &str| t.lines().filter(|l| l.starts_with("    ") && l.contains(": value ")).count();
    assert_eq!((moves(&by_heaps), moves(&by_place)), (2, 3), "{by_heaps}\n{by_place}");
}
