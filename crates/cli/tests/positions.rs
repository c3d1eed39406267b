//! `grundy analyze`, `play` and `values --misere` as the issue states them: moves counted
//! the way the problems count them, the JSON document, misère play for every game, and the
//! typed answers to bad input.

use std::collections::HashMap;

mod common;
use common::{failure, grundy, grundy_with_input, stdout};

use grundy_core::position::model::{Analysis, Convention, Rule};
use grundy_core::position::Outcome;

#[test]
fn moves_counted_as_the_problems_count_them() {
    let text = stdout(&grundy(&["analyze", "--game", "s1,2,3", "5", "5", "3"]));
    assert!(text.contains("legal moves: 9; winning moves: 3"), "{text}");
    assert!(text.contains("counting: heaps"), "the convention is stated: {text}");
    let text = stdout(&grundy(&["analyze", "--game", "s1,2,3", "--count", "sizes", "5", "5", "3"]));
    assert!(text.contains("legal moves: 6; winning moves: 2"), "{text}");
    // A domino on a strip of 7 squares: 6 placements, 3 up to mirror image.
    let text = stdout(&grundy(&["analyze", "--game", "dominoes", "--count", "placements", "7"]));
    assert!(text.contains("legal moves: 6;"), "{text}");
    assert!(text.contains("place a domino on squares 3-4 of strip A (7), leaving 2 and 3"), "{text}");
    let text = stdout(&grundy(&["analyze", "--game", "dominoes", "7"]));
    assert!(text.contains("legal moves: 3;"), "{text}");
    failure(&["analyze", "--game", "nim", "--count", "placements", "3"], 1);
    failure(&["analyze", "--count", "pairs", "3"], 2);
}

#[test]
fn json_is_the_documented_schema() {
    let o = grundy(&["analyze", "--format", "json", "--game", "kayles", "--count", "placements", "2", "5", "6"]);
    assert!(o.status.success());
    let a: Analysis = serde_json::from_str(&stdout(&o)).expect("the output deserializes into the core's types");
    assert_eq!(a.heaps, vec![2, 5, 6], "heaps in the order given");
    assert_eq!(a.convention, Convention::Placements);
    assert_eq!(a.rule, Rule::Normal);
    // Kayles rows of 2, 5 and 6: 1 + 2 + 4 + 5 + 5 + 6 placements of one or two pins.
    assert_eq!(a.legal_moves, 2 + 1 + 5 + 4 + 6 + 5);
    assert_eq!(a.legal_moves, a.moves.len() as u64);
    assert_eq!(a.winning_moves, a.moves.iter().filter(|m| m.winning).count() as u64);
    assert_eq!(a.nim_sum, a.values.iter().fold(0, |x, v| x ^ v));
    assert_eq!(a.outcome == Outcome::PlayerToMoveWins, a.nim_sum != 0);
    for m in &a.moves {
        assert_eq!(m.heap, a.heaps[m.heap_index]);
        assert_eq!(m.take + m.left.iter().sum::<u64>(), m.heap);
    }
    let text = grundy(&["analyze", "--format", "json", "--misere", "--game", "nim", "3", "1", "1"]);
    let a: Analysis = serde_json::from_slice(&text.stdout).unwrap();
    assert_eq!(a.rule, Rule::Misere);
    assert_eq!(a.winning_moves, 1);
}

/// Misère Kayles by literal search over rows of pins (knock one pin or two adjacent).
fn misere_kayles_wins(heaps: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    let mut key: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    key.sort_unstable();
    if let Some(&w) = memo.get(&key) {
        return w;
    }
    let mut next_positions = Vec::new();
    for (i, &n) in key.iter().enumerate() {
        for k in 1..=2.min(n) {
            for left in 0..=n - k {
                let mut next = key.clone();
                next.remove(i);
                next.extend([left, n - k - left]);
                next_positions.push(next);
            }
        }
    }
    let wins = next_positions.is_empty() || next_positions.iter().any(|p| !misere_kayles_wins(p, memo));
    memo.insert(key, wins);
    wins
}

#[test]
fn misere_for_every_game() {
    let text = stdout(&grundy(&["analyze", "--misere", "--game", "kayles", "4"]));
    assert!(text.contains("the player to move loses"), "{text}");
    let mut memo = HashMap::new();
    let expected: Vec<String> =
        (0..30u64).filter(|&n| !misere_kayles_wins(&[n], &mut memo)).map(|n| n.to_string()).collect();
    // `--to N` counts heaps 0..N, as `values --to N` does.
    let text = stdout(&grundy(&["values", "--misere", "--game", "kayles", "--to", "30"]));
    assert_eq!(text.lines().collect::<Vec<_>>(), expected);
    let text = stdout(&grundy(&["values", "--misere", "--game", "nim", "--to", "1000000", "--format", "json"]));
    assert!(text.contains("\"p_positions\":[1]"), "{text}");
    // 41 stones of Kayles: answered by the misère quotient; Grundy's game, whose quotient
    // grows past its limits at heap 29, is refused beyond the search's 40 stones.
    let text = stdout(&grundy(&["analyze", "--misere", "--game", "kayles", "30", "11"]));
    assert!(text.contains("by the misère quotient of order 40"), "{text}");
    let err = failure(&["analyze", "--misere", "--game", "grundy", "30", "11"], 1);
    assert!(err.contains("limited to 40 stones"), "{err}");
    let text = stdout(&grundy(&["values", "--misere", "--game", "grundy", "--to", "41", "--format", "csv"]));
    assert_eq!(text.lines().last(), Some("40,N"), "heaps 0 to 40: {text}");
    failure(&["values", "--misere", "--game", "grundy", "--to", "42"], 1);
    // misere-nim has no normal-play values to print.
    let err = failure(&["value", "--game", "misere-nim", "1"], 1);
    assert!(err.contains("values --misere"), "{err}");
    // Misère is a rule: `values` of a game named for it lists its misère P-positions, as
    // `--misere` does for Nim.
    let named = stdout(&grundy(&["values", "--game", "misere-nim", "--to", "5"]));
    assert_eq!(named, stdout(&grundy(&["values", "--misere", "--game", "nim", "--to", "5"])));
    assert_eq!(named, "1\n", "a single heap of misère Nim is lost for the player to move only when it has one stone");
    // misere-nim is Nim under the misère rule.
    let text = stdout(&grundy(&["analyze", "--game", "misere-nim", "1", "1"]));
    assert!(text.contains("misère play") && text.contains("the player to move wins"), "{text}");
    // Misère Kayles from 4, the computer first: it must lose to the hinted move (leave one pin).
    let o = grundy_with_input(&["play", "--misere", "--game", "kayles", "--computer-first", "4"], "hint\n3\n");
    let text = stdout(&o);
    assert!(text.contains("you win!"), "{text}");
}

#[test]
fn play_reads_splits_and_other_forms() {
    // Issue 13: the legal split 7 -> 4 + 3, typed with both new heaps.
    for input in ["7 4 3\n", "7 3 4\n", "7 -> 4 + 3\n", "A 4\n"] {
        let text = stdout(&grundy_with_input(&["play", "7"], input));
        assert!(text.contains("computer: "), "{input:?} refused: {text}");
        assert!(!text.contains("no legal move"), "{input:?}: {text}");
    }
    // Heaps stay in the order given.
    let text = stdout(&grundy_with_input(&["play", "--game", "nim", "1", "5", "2"], "C 2\n"));
    assert!(text.contains("heaps: 1 5 2\n"), "{text}");
    assert!(text.contains("heaps: 1 5\n") || text.contains("computer: "), "{text}");
    failure(&["play", "0", "0"], 1);
    failure(&["play", "--game", "s1,2", "--count", "placements", "4"], 1);
    let text = stdout(&grundy_with_input(&["play", "--game", "kayles", "10"], "10 1\nB 1\n"));
    assert!(text.contains("several moves match") && text.contains("there is no heap B"), "{text}");
}

/// The README's schema of `analyze --format json` names exactly the keys the command prints.
#[test]
fn readme_documents_every_key() {
    let readme = include_str!("../../../README.md");
    let start = readme.find("<!-- analyze-json-schema").expect("the schema block in the README");
    let end = readme.find("<!-- end of analyze-json-schema -->").expect("its end");
    let block = &readme[start..end];
    let documented: std::collections::BTreeSet<String> = block
        .split('"')
        .collect::<Vec<_>>()
        .windows(2)
        .filter(|w| w[1].starts_with(':'))
        .map(|w| w[0].to_string())
        .collect();
    let o = grundy(&["analyze", "--format", "json", "--game", "kayles", "2", "5", "6"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut printed: std::collections::BTreeSet<String> = v.as_object().unwrap().keys().cloned().collect();
    printed.extend(v["moves"][0].as_object().unwrap().keys().cloned());
    assert_eq!(documented, printed);
    // The example in the README is itself a document the types read.
    let example: String = block
        .lines()
        .skip_while(|l| !l.starts_with('{'))
        .take_while(|l| !l.starts_with("```"))
        .map(|l| l.trim_start().split("   ").next().unwrap_or(l))
        .collect::<Vec<_>>()
        .join("\n");
    let a: Analysis = serde_json::from_str(&example).expect("the README's example deserializes");
    assert_eq!(a.heaps, vec![2, 5, 6]);
    assert_eq!(a.moves.len(), 1);
    assert_eq!(a.moves[0].at, Some(1));
}

/// What an independent audit found (2026-12-01), each answered now: a cross on either
/// square of a strip of 2 is its own placement; a position whose moves would not fit is
/// refused before anything is computed; a position with no stones is a lost position,
/// not an error; a period search needs at least two heaps.
#[test]
fn audit_findings() {
    // Misère, strips of 2 and 6: the crosses on squares 1 and 2 of the strip of 2 both win.
    let text = stdout(&grundy(&["analyze", "--game", "dawsons-chess", "--count", "placements", "--misere", "2", "6"]));
    assert!(text.contains("legal moves: 8; winning moves: 6"), "{text}");
    assert!(text.contains("put a cross on square 2 of strip A (2), leaving nothing"), "{text}");
    let text = stdout(&grundy(&["analyze", "--game", "dawsons-chess", "2", "3"]));
    assert!(text.contains("legal moves: 3;"), "by heaps, one move per strip of 2: {text}");

    // Too many moves to list, but Nim's closed form answers: exact counts, winning moves listed.
    let text = stdout(&grundy(&["analyze", "--game", "nim", "1000000000"]));
    assert!(text.contains("legal moves: 1000000000; winning moves: 1"), "{text}");
    let err = failure(&["analyze", "--game", "grundy", "2^30"], 1);
    assert!(err.contains("legal moves"), "refused before the values are swept: {err}");

    let text = stdout(&grundy(&["analyze", "0"]));
    assert!(text.contains("legal moves: 0") && text.contains("the player to move loses"), "{text}");
    let text = stdout(&grundy(&["analyze", "--misere", "--game", "kayles", "0", "0"]));
    assert!(text.contains("the player to move wins (no move is left"), "{text}");

    failure(&["period", "--game", ".07", "--max", "1"], 1);
}

/// Issue 35, item 10: the largest heap the parser accepts, 2^64 - 1, is answered (Kayles,
/// Dawson's Kayles, crosses: their periods) in analyze, explain and play, at once; the
/// analysis once set out to list 2^63 moves and grew without end.
#[test]
fn the_largest_heap_is_answered_at_once() {
    let top = u64::MAX.to_string();
    for game in ["kayles", ".07", ".137", "4.07", ".4"] {
        let started = std::time::Instant::now();
        let o = grundy(&["analyze", "--game", game, &top, "3"]);
        assert!(o.status.success() && stdout(&o).contains("legal moves"), "{game}: {}", common::stderr(&o));
        let o = grundy_with_input(&["play", "--game", game, &top, "3"], "quit\n");
        assert!(o.status.success(), "{game}: {}", common::stderr(&o));
        let o = grundy(&["explain", "--game", game, &top, "3"]);
        assert!(o.status.success() || common::stderr(&o).lines().count() == 1, "{game}: {}", common::stderr(&o));
        assert!(started.elapsed().as_secs() < 30, "{game}: {:?}", started.elapsed());
    }
}
