//! Games on graphs with cycles through the `grundy` binary, on the example files in
//! `examples/graphs/`: every vertex's value (a number or ∞{K}), a drawn position with the
//! moves that keep the draw, a won one with the soonest win first, the worked labelling, a
//! game against the computer, and misère play refused in words.

mod common;

fn example(name: &str) -> String {
    format!("graph:{}/../../examples/graphs/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// `grundy args...`: its output, which must be a success.
fn ok(args: &[&str]) -> String {
    let o = common::grundy(args);
    assert!(o.status.success(), "{args:?}: {}", common::stderr(&o));
    common::stdout(&o)
}

#[test]
fn values_of_a_graph_with_cycles() {
    let out = ok(&["values", "--game", &example("ferguson-cycle.txt")]);
    assert_eq!(out, "a ∞{}\nb ∞{}\nc ∞{1}\nd 1\ne 0\n");
    let out = ok(&["values", "--game", &example("two-exits.txt"), "--format", "csv"]);
    assert_eq!(out, "n,g\na,∞{0}\nb,∞{0}\nend,0\n");
    let out = ok(&["values", "--game", &example("ferguson-cycle.txt"), "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["vertices"], serde_json::json!(["a", "b", "c", "d", "e"]));
    assert_eq!(doc["values"], serde_json::json!(["∞{}", "∞{}", "∞{1}", 1, 0]));
    assert_eq!(ok(&["value", "--game", &example("ferguson-cycle.txt"), "c"]), "∞{1}\n");
    assert_eq!(ok(&["values", "--game", &example("ferguson-cycle.txt"), "--to", "3"]), "a ∞{}\nb ∞{}\n");
    let o = common::grundy(&["values", "--game", &example("ferguson-cycle.txt"), "--to", "7"]);
    assert!(!o.status.success() && common::stderr(&o).contains("the vertices 1 to 5"), "{}", common::stderr(&o));
}

/// Ferguson's cycle: a token on c is drawn, and only c -> a keeps the draw; two tokens on a
/// cycle with exits are drawn, each move across keeping it.
#[test]
fn a_drawn_position_lists_the_moves_that_keep_the_draw() {
    let out = ok(&["analyze", "--game", &example("ferguson-cycle.txt"), "c"]);
    assert!(out.contains("outcome:  D: a draw"), "{out}");
    assert!(out.contains("moves that keep the draw: 1\n  move token A from c to a (leaves ∞{}"), "{out}");
    let out = ok(&["analyze", "--game", &example("two-exits.txt"), "a", "b"]);
    assert!(out.contains("sum:      ∞{0} + ∞{0} = ∞{}"), "{out}");
    assert!(out.contains("(two tokens have infinite values)"), "{out}");
    assert!(out.contains("moves that keep the draw: 2\n  move token A from a to b"), "{out}");
    assert!(out.contains("  move token B from b to a"), "{out}");
    assert!(!out.contains("to end"), "a move to `end` loses the draw: {out}");
}

/// A won position lists its winning moves soonest first, with the length of the game.
#[test]
fn a_won_position_lists_the_soonest_win_first() {
    let out = ok(&["analyze", "--game", &example("ring-with-exits.txt"), "r2"]);
    let wins: Vec<&str> = out.lines().skip_while(|l| !l.starts_with("winning moves: 2")).skip(1).collect();
    assert_eq!(wins.len(), 2, "{out}");
    assert!(
        wins[0].starts_with("  move token A from r2 to end (") && wins[0].ends_with("after 1 move in all)"),
        "{out}"
    );
    assert!(
        wins[1].starts_with("  move token A from r2 to r3 (") && wins[1].ends_with("after 3 moves in all)"),
        "{out}"
    );
    let out = ok(&["analyze", "--game", &example("ferguson-cycle.txt"), "c", "d"]);
    assert!(
        out.contains("outcome:  N: the player to move wins (the value ∞{0} is ∞ with 0 among its options)"),
        "{out}"
    );
    assert!(out.contains("winning moves: 1 (the soonest win first)\n  move token A from c to d"), "{out}");
    let out = ok(&["analyze", "--game", &example("ring-with-exits.txt"), "r2", "r4", "--format", "json"]);
    let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(doc["outcome"], "P");
    assert_eq!(doc["value"], 0);
    assert!(doc["moves"].as_array().unwrap().iter().all(|m| m["kind"] == "Loses"), "{out}");
}

#[test]
fn misere_play_of_a_graph_with_cycles_is_refused_in_words() {
    for command in ["analyze", "explain"] {
        let o = common::grundy(&[command, "--misere", "--game", &example("two-exits.txt"), "a"]);
        let err = common::stderr(&o);
        assert!(!o.status.success() && common::stdout(&o).is_empty());
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("misère play of the game on graph") && err.contains("the graph has a cycle"), "{err}");
    }
    // The misère quotient and the genus walk heaps down, which a cycle has not: refused too.
    for args in [["quotient", "--to", "2"], ["genus", "--to", "2"]] {
        let o = common::grundy(&[args[0], args[1], args[2], "--game", &example("ferguson-cycle.txt")]);
        let err = common::stderr(&o);
        assert!(
            !o.status.success() && err.lines().count() == 1 && err.contains("misère play of the game on graph"),
            "{err}"
        );
    }
    let o = common::grundy(&["values", "--misere", "--game", &example("two-exits.txt")]);
    assert!(!o.status.success() && common::stderr(&o).contains("misère play"), "{}", common::stderr(&o));
}

#[test]
fn explain_shows_the_labelling() {
    let out = ok(&["explain", "--game", &example("ferguson-cycle.txt"), "c", "d"]);
    for line in [
        "  stage 0, round 1: e gets value 0 (counter 1)",
        "  stage 0: a, b, c have no option of value 0, so their values are ∞",
        "  stage 1, round 1: d gets value 1 (counter 1)",
        "  [wins] move token A from c to d",
    ] {
        assert!(out.contains(line), "{line:?} in {out}");
    }
}

/// The computer keeps the draw, and the game ends drawn when a position comes back three
/// times; where it can win, it wins.
#[test]
fn play_keeps_the_draw_and_wins_when_it_can() {
    let o = common::grundy_with_input(&["play", "--game", &example("two-exits.txt"), "a", "b"], "1\n1\n1\n1\n");
    let out = common::stdout(&o);
    assert!(out.contains("computer: move token A from b to a"), "{out}");
    assert!(out.contains("a draw: this position has come 3 times"), "{out}");
    // A move typed as the vertex a token leaves and the one it goes to; a hint that keeps the draw.
    let o =
        common::grundy_with_input(&["play", "--game", &example("two-exits.txt"), "a", "b"], "hint\nb a\nz z\nquit\n");
    let out = common::stdout(&o);
    assert!(out.contains("hint: move token A from a to b: it leaves ∞{}, a draw"), "{out}");
    assert!(out.contains("tokens: a a\ncomputer: move token A from a to b"), "{out}");
    assert!(out.contains("no legal move matches \"z z\""), "{out}");
    let o = common::grundy_with_input(
        &["play", "--computer-first", "--game", &example("ferguson-cycle.txt"), "c", "d"],
        "1\n",
    );
    let out = common::stdout(&o);
    assert!(out.contains("computer: move token A from c to d"), "{out}");
    assert!(out.ends_with("no move is left: the computer wins.\n"), "{out}");
}
