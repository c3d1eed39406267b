//! Games given as a graph (`--game graph:FILE`) through every command that takes a game,
//! on the example files in `examples/graphs/`, checked against games grundy knows by name
//! and against a mex written here from the definition; and the one-line errors of bad files.

mod common;

use std::collections::HashMap;

const WYTHOFF: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/wythoff-4x4.txt");
const TAKE_123: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/graphs/take-1-2-3.txt");

/// `grundy args...`: whether it succeeded, its output, its errors.
fn grundy(args: &[&str]) -> (bool, String, String) {
    let o = common::grundy(args);
    (o.status.success(), String::from_utf8(o.stdout).unwrap(), String::from_utf8(o.stderr).unwrap())
}

fn game(file: &str) -> String {
    format!("graph:{file}")
}

/// Wythoff's game on a 4x4 board by the definition, here: the mex over every queen move.
fn wythoff_values() -> HashMap<String, u64> {
    let mut g = [[0u64; 4]; 4];
    for r in 0..4 {
        for f in 0..4 {
            let mut seen = Vec::new();
            for k in 1..4 {
                if f >= k {
                    seen.push(g[r][f - k]);
                }
                if r >= k {
                    seen.push(g[r - k][f]);
                }
                if f >= k && r >= k {
                    seen.push(g[r - k][f - k]);
                }
            }
            g[r][f] = (0..).find(|v| !seen.contains(v)).unwrap();
        }
    }
    let mut out = HashMap::new();
    for (r, row) in g.iter().enumerate() {
        for (f, &v) in row.iter().enumerate() {
            out.insert(format!("{}{}", (b'a' + f as u8) as char, r + 1), v);
        }
    }
    out
}

#[test]
fn values_of_every_vertex_by_name() {
    let (ok, out, err) = grundy(&["values", "--game", &game(WYTHOFF)]);
    assert!(ok, "{err}");
    let expected = wythoff_values();
    let got: HashMap<String, u64> = out
        .lines()
        .map(|l| {
            let (name, v) = l.split_once(' ').unwrap();
            (name.to_string(), v.parse().unwrap())
        })
        .collect();
    assert_eq!(got, expected);
    let zeros: Vec<&str> = {
        let mut z: Vec<&str> = got.iter().filter(|(_, &v)| v == 0).map(|(k, _)| k.as_str()).collect();
        z.sort_unstable();
        z
    };
    assert_eq!(zeros, ["a1", "b3", "c2"], "the P-positions the file's comment derives by hand");
}

#[test]
fn a_heap_game_written_as_a_graph_has_the_heap_games_values() {
    let (ok, graph, err) = grundy(&["values", "--game", &game(TAKE_123), "--format", "csv"]);
    assert!(ok, "{err}");
    let (ok, named, err) = grundy(&["values", "--game", "s1,2,3", "--to", "13", "--format", "csv"]);
    assert!(ok, "{err}");
    let strip = |t: &str| t.lines().skip(1).map(|l| l.rsplit(',').next().unwrap().to_string()).collect::<Vec<_>>();
    // The graph's table starts at h0 (a vertex), the heap game's at heap 0: the same rows.
    assert_eq!(strip(&graph), strip(&named));
    assert!(graph.lines().nth(1).unwrap().starts_with("h0,"), "{graph}");
}

#[test]
fn analyze_explain_value_and_play_take_vertex_names() {
    let (ok, out, err) = grundy(&["analyze", "--game", &game(WYTHOFF), "d4", "c2"]);
    assert!(ok, "{err}");
    assert!(out.contains("values:   G(d4) = 6, G(c2) = 0"), "{out}");
    assert!(out.contains("winning moves: 1\n  move token A from d4 to a1"), "{out}");
    let (ok, out, err) = grundy(&["explain", "--game", &game(WYTHOFF), "b3", "c1"]);
    assert!(ok, "{err}");
    assert!(out.contains("G(b3) = mex{G(b1), G(a2), G(b2), G(a3)} = mex{1, 1, 2, 2} = 0"), "{out}");
    let (ok, out, err) = grundy(&["value", "--game", &game(WYTHOFF), "d3"]);
    assert!((ok, out.trim()) == (true, "5"), "{out}{err}");
    let played = common::grundy_with_input(&["play", "--game", &game(WYTHOFF), "b2"], "1\n");
    let text = String::from_utf8(played.stdout).unwrap();
    assert!(text.contains("heaps: b2") && text.contains("move token A from b2 to a1"), "{text}");
}

#[test]
fn misere_play_on_a_graph_by_search() {
    // One queen on b1: the only move is to a1, after which the opponent cannot move and,
    // under misère play, wins. So b1 alone is lost for the player to move; a1 alone is won.
    let (ok, out, err) = grundy(&["analyze", "--misere", "--game", &game(WYTHOFF), "b1"]);
    assert!(ok, "{err}");
    assert!(out.contains("outcome:  the player to move loses"), "{out}");
    let (ok, out, err) = grundy(&["analyze", "--misere", "--game", &game(WYTHOFF), "a1"]);
    assert!(ok, "{err}");
    assert!(out.contains("outcome:  the player to move wins"), "{out}");
}

#[test]
fn bad_graph_files_get_one_line_errors() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        format!("graph:{}", p.display())
    };
    let cases = [
        (write("missing.txt", "a: b\n"), "graph line 1: a move leads to \"b\", which has no line of its own"),
        (write("empty.txt", "# nothing\n"), "the graph has no vertices"),
        ("graph:/no/such/file".to_string(), "reading graph /no/such/file"),
    ];
    for (g, message) in &cases {
        let (ok, out, err) = grundy(&["values", "--game", g]);
        assert!(!ok && out.is_empty(), "{g}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(message), "{g}: {err}");
    }
    let (ok, _, err) = grundy(&["analyze", "--game", &game(WYTHOFF), "e5"]);
    assert!(!ok && err.contains("has no vertex named \"e5\""), "{err}");
    let (ok, _, err) = grundy(&["values", "--game", &game(WYTHOFF), "--to", "18"]);
    assert!(!ok && err.contains("asks for more heaps than"), "{err}");
    // A file past the size limit is refused before it is read.
    let big = dir.join("big.txt");
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((64 << 20) + 1).unwrap();
    let (ok, _, err) = grundy(&["values", "--game", &format!("graph:{}", big.display())]);
    assert!(!ok && err.contains("more than the limit"), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue 35, item 11: the size limit holds while reading, not only against the size a file
/// states: `/dev/zero` (size 0, no end) and a pipe are refused after 64 MiB and a byte, in
/// a second and without the memory of the stream.
#[test]
fn an_endless_graph_file_is_refused_while_reading() {
    let started = std::time::Instant::now();
    let err = common::failure(&["values", "--game", "graph:/dev/zero"], 2);
    assert!(err.contains("more than the limit of 67108864 bytes"), "{err}");
    assert!(started.elapsed().as_secs() < 20, "took {:?}", started.elapsed());
}

/// Issue 35, item 18: a line without a colon was taken silently as a vertex with no moves;
/// it is a one-line error with its line number (a dead vertex is written `name:`).
#[test]
fn a_graph_line_without_a_colon_is_an_error_with_its_line() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-colon-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("colon.txt");
    std::fs::write(&path, "# a comment\nstart: end\nend\n").unwrap();
    let err = common::failure(&["values", "--game", &format!("graph:{}", path.display())], 2);
    assert!(err.contains("graph line 3") && err.contains("no colon"), "{err}");
    std::fs::write(&path, "start: end\nend:\n").unwrap();
    let (ok, out, err) = grundy(&["values", "--game", &format!("graph:{}", path.display())]);
    assert!(ok && out.contains("start 1\n") && out.contains("end 0\n"), "{out}{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A DAG of 60 vertices v0..v59 from a fixed LCG: vertex i moves to up to 6 of the vertices
/// below it. Its misère quotient (vertices taken as heaps 1..60) grows past its limits at
/// about heap 34, which is what made a token on v59 look like "60 stones" past the search.
fn lcg_dag(seed: u64) -> Vec<Vec<usize>> {
    let mut x = seed;
    let mut next = || {
        x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        x >> 33
    };
    (0..60usize)
        .map(|i| {
            let k = next() % (i.min(6) as u64 + 1);
            let moves: std::collections::BTreeSet<usize> = (0..k).map(|_| (next() % i as u64) as usize).collect();
            moves.into_iter().collect()
        })
        .collect()
}

/// Misère outcome of tokens on `dag` by the definition, here: the player to move wins when
/// no move is left, or when some move leaves a position the opponent loses.
fn misere_wins(dag: &[Vec<usize>], tokens: &mut Vec<usize>, memo: &mut HashMap<Vec<usize>, bool>) -> bool {
    tokens.sort_unstable();
    if let Some(&w) = memo.get(tokens.as_slice()) {
        return w;
    }
    let key = tokens.clone();
    let mut any_move = false;
    let mut wins = false;
    'all: for i in 0..key.len() {
        for &to in &dag[key[i]] {
            any_move = true;
            let mut next = key.clone();
            next[i] = to;
            if !misere_wins(dag, &mut next, memo) {
                wins = true;
                break 'all;
            }
        }
    }
    let wins = wins || !any_move;
    memo.insert(key, wins);
    wins
}

/// Issue 35, item 14: one or two tokens on a 60-vertex DAG were refused ("the exhaustive
/// search is limited to 40 stones while this position has 60"): a vertex's number counted
/// as stones. A graph position is searched over its own positions, and the answers agree
/// with the definition.
#[test]
fn misere_graph_positions_are_searched_over_their_own_positions() {
    let dir = std::env::temp_dir().join(format!("grundy-graph-misere-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for seed in [1u64, 2, 4] {
        let dag = lcg_dag(seed);
        let text: String = dag
            .iter()
            .enumerate()
            .map(|(i, m)| format!("v{i}: {}\n", m.iter().map(|j| format!("v{j}")).collect::<Vec<_>>().join(" ")))
            .collect();
        let path = dir.join(format!("dag{seed}.txt"));
        std::fs::write(&path, text).unwrap();
        let g = format!("graph:{}", path.display());
        let mut memo = HashMap::new();
        for tokens in [vec![59], vec![59, 58], vec![57, 41], vec![59, 59]] {
            let names: Vec<String> = tokens.iter().map(|t| format!("v{t}")).collect();
            let mut args = vec!["analyze", "--misere", "--format", "json", "--game", &g];
            args.extend(names.iter().map(String::as_str));
            let (ok, out, err) = grundy(&args);
            assert!(ok, "seed {seed} {names:?}: {err}");
            let doc: serde_json::Value = serde_json::from_str(&out).unwrap();
            let wins = misere_wins(&dag, &mut tokens.clone(), &mut memo);
            let expected = if wins { "player-to-move-wins" } else { "player-to-move-loses" };
            assert_eq!(doc["outcome"], expected, "seed {seed} {names:?}");
            // Each move ("move token A from v59 to v4") wins exactly when it leaves a
            // position the opponent loses.
            let moves = doc["moves"].as_array().unwrap();
            assert_eq!(moves.len(), tokens.iter().map(|&t| dag[t].len()).sum::<usize>(), "seed {seed} {names:?}");
            for m in moves {
                let text = m["description"].as_str().unwrap();
                let to: usize = text.rsplit(" to v").next().unwrap().parse().expect(text);
                let mut after = tokens.clone();
                after[m["heap_index"].as_u64().unwrap() as usize] = to;
                let opponent_wins = misere_wins(&dag, &mut after, &mut memo);
                assert_eq!(m["winning"], !opponent_wins, "seed {seed} {names:?}: {text}");
            }
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
