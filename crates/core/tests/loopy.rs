//! Games on graphs with cycles: Smith's generalized values (the Fraenkel–Yesha labelling)
//! against the slow reference, a retrograde analysis of each sum's own graph
//! (`loopy::naive`), on random cyclic graphs; the textbook examples; and an acyclic graph,
//! which must keep its Sprague-Grundy values.

use grundy_core::ask::{Control, EngineChoice, Session, TableRequest};
use grundy_core::control::Cancel;
use grundy_core::game::{Game, GraphGame, LoopyGraph};
use grundy_core::loopy::naive::SumGraph;
use grundy_core::loopy::position::analyze;
use grundy_core::loopy::{Labelling, LoopyOutcome, LoopyValue, MoveKind};
use grundy_core::random::SplitMix64;

fn moves_of(graph: &LoopyGraph) -> Vec<Vec<u32>> {
    (1..=graph.len()).map(|v| graph.moves(v).to_vec()).collect()
}

fn labelling(moves: &[Vec<u32>]) -> Labelling {
    Labelling::of(moves, &Cancel::never()).unwrap()
}

/// A random graph of `n` vertices: about a fifth of them dead ends, the others with one to
/// three moves; with `downhill`, most moves go to a smaller vertex (long finite stretches
/// with a few cycles: many finite values), else anywhere (mostly draws).
fn random_graph(rng: &mut SplitMix64, n: u64, downhill: bool) -> Vec<Vec<u32>> {
    (1..=n)
        .map(|v| {
            if rng.between(0, 4) == 0 {
                return Vec::new();
            }
            let mut m: Vec<u32> = (0..rng.between(1, 3))
                .map(|_| {
                    if downhill && v > 1 && rng.between(0, 9) > 0 {
                        rng.between(1, v - 1) as u32
                    } else {
                        rng.between(1, n) as u32
                    }
                })
                .collect();
            m.sort_unstable();
            m.dedup();
            m
        })
        .collect()
}

/// The reference's outcome of a position, which the walk must have reached.
fn naive(sums: &SumGraph, tokens: &[u64]) -> LoopyOutcome {
    sums.outcome(tokens).expect("every position checked was walked from").0
}

/// 10,000 and more positions of random graphs with cycles (up to 200 vertices, sums of 2 to
/// 4 tokens): the outcome from Smith's values is the reference's, and so is every move's
/// class (wins exactly when it leaves a lost position, keeps the draw exactly when it leaves
/// a drawn one). The size of each graph is bounded so that the sum's graph stays small.
#[test]
fn smiths_values_agree_with_the_sum_graph() {
    let mut rng = SplitMix64::new(40);
    let (mut checked, mut moves_checked, mut graphs) = (0usize, 0usize, 0usize);
    let mut seen = [0usize; 3];
    while checked < 10_000 {
        let tokens = rng.between(2, 4) as usize;
        let most = match tokens {
            2 => 200,
            3 => 60,
            _ => 24,
        };
        let n = rng.between(1, most);
        let downhill = rng.between(0, 1) == 0;
        let moves = random_graph(&mut rng, n, downhill);
        let labels = labelling(&moves);
        let starts: Vec<Vec<u64>> =
            (0..40).map(|_| (0..tokens).map(|_| rng.between(1, n)).collect::<Vec<u64>>()).collect();
        let mut all = starts.clone();
        for s in &starts {
            for i in 0..s.len() {
                for &w in &moves[s[i] as usize - 1] {
                    let mut t = s.clone();
                    t[i] = u64::from(w);
                    all.push(t);
                }
            }
        }
        let sums = SumGraph::explore(&moves, &all, 400_000).expect("the sum's graph is small");
        graphs += 1;
        for s in &starts {
            let a = analyze(&moves, &labels, s, 0);
            let expected = naive(&sums, s);
            assert_eq!(a.outcome, expected, "graph {moves:?}, tokens {s:?}, value {}", a.value);
            seen[a.outcome as usize] += 1;
            for m in &a.moves {
                let after = naive(&sums, &a.after(m));
                let kind = match after {
                    LoopyOutcome::P => MoveKind::Wins,
                    LoopyOutcome::D => MoveKind::KeepsDraw,
                    LoopyOutcome::N => MoveKind::Loses,
                };
                assert_eq!(m.kind, kind, "graph {moves:?}, tokens {s:?}, move {} -> {}", m.from, m.to);
                moves_checked += 1;
            }
            let distinct: std::collections::HashSet<(u64, u64)> =
                s.iter().flat_map(|&v| moves[v as usize - 1].iter().map(move |&w| (v, u64::from(w)))).collect();
            assert_eq!(a.moves.len(), distinct.len(), "every move listed once");
            checked += 1;
        }
    }
    // Every outcome comes up often, or the check says little.
    assert!(seen.iter().all(|&k| k > 1000), "outcomes N, P, D checked: {seen:?}");
    eprintln!("{checked} positions, {moves_checked} moves, {graphs} graphs; N, P, D: {seen:?}");
}

/// The winner who orders winning moves by (sum of values, sum of counters) after them, as
/// the analysis does when the sum is too large to walk, wins in finitely many moves against
/// any defence: the key drops at each of its moves, and the game ends.
#[test]
fn the_counter_order_makes_progress() {
    let mut rng = SplitMix64::new(41);
    let mut games = 0;
    while games < 2_000 {
        let n = rng.between(2, 40);
        let moves = random_graph(&mut rng, n, true);
        let labels = labelling(&moves);
        let mut tokens: Vec<u64> = (0..rng.between(1, 3)).map(|_| rng.between(1, n)).collect();
        if analyze(&moves, &labels, &tokens, 0).outcome != LoopyOutcome::N {
            continue;
        }
        games += 1;
        let mut last_key: Option<(u64, u64)> = None;
        for ply in 0.. {
            assert!(ply < 10_000, "the winner went round for ever on {moves:?} from {tokens:?}");
            let a = analyze(&moves, &labels, &tokens, 0);
            let Some(best) = a.best() else { break };
            if ply % 2 == 0 {
                assert_eq!(best.kind, MoveKind::Wins, "the winner always has a winning move");
                let key = best.progress.expect("a winning move has a key");
                assert!(last_key.is_none_or(|k| key < k), "the key drops: {last_key:?} then {key:?}");
                last_key = Some(key);
                tokens = a.after(best);
            } else {
                let pick = &a.moves[rng.between(0, a.moves.len() as u64 - 1) as usize];
                tokens = a.after(pick);
            }
        }
    }
}

/// With the sum's graph walked, lengths are exact: the first winning move's length is the
/// position's, and a lost position's length is its longest resistance.
#[test]
fn exact_lengths_put_the_soonest_win_first() {
    let mut rng = SplitMix64::new(42);
    for _ in 0..300 {
        let n = rng.between(2, 30);
        let moves = random_graph(&mut rng, n, true);
        let labels = labelling(&moves);
        let tokens: Vec<u64> = (0..2).map(|_| rng.between(1, n)).collect();
        let a = analyze(&moves, &labels, &tokens, 100_000);
        assert!(a.exact);
        match a.outcome {
            LoopyOutcome::N => {
                let lengths: Vec<u32> =
                    a.moves.iter().filter(|m| m.kind == MoveKind::Wins).map(|m| m.length.unwrap()).collect();
                assert!(lengths.windows(2).all(|w| w[0] <= w[1]), "soonest first: {lengths:?}");
                assert_eq!(Some(lengths[0]), a.length);
            }
            LoopyOutcome::P if !a.moves.is_empty() => assert_eq!(a.moves[0].length, a.length),
            _ => {}
        }
    }
}

/// Ferguson, *Game Theory*, Part I (Impartial Combinatorial Games), Figure 3.4 (p. I-17):
/// a cycle a -> b -> c -> a, with c -> d -> e. Ferguson states that e has value 0, d value 1,
/// and that a, b and c are tied (drawn): a player at c will not move to d. He gives no
/// generalized values; the sets ∞{} and ∞{1} below are ours, from the definition: c's
/// options are a (infinite) and d (1), and a and b have only infinite options.
#[test]
fn fergusons_cycle_is_drawn() {
    let text = "a: b\nb: c\nc: a d\nd: e\ne:\n";
    let game = Game::any_graph("ferguson", text).unwrap();
    let graph = game.loopy().expect("the graph has a cycle");
    let labels = labelling(&moves_of(graph));
    let value = |name: &str| labels.value(graph.vertex(name).unwrap()).clone();
    assert_eq!(value("e"), LoopyValue::Finite(0));
    assert_eq!(value("d"), LoopyValue::Finite(1));
    for v in ["a", "b", "c"] {
        assert_eq!(value(v).outcome(), LoopyOutcome::D, "{v} is tied");
    }
    assert_eq!(
        (value("a").to_string(), value("b").to_string(), value("c").to_string()),
        ("∞{}".into(), "∞{}".into(), "∞{1}".into())
    );
    // At c the draw is kept only by the move to a.
    let a = analyze(&moves_of(graph), &labels, &[graph.vertex("c").unwrap()], 1000);
    let keeps: Vec<&str> =
        a.moves.iter().filter(|m| m.kind == MoveKind::KeepsDraw).map(|m| graph.name(m.to).unwrap()).collect();
    assert_eq!(keeps, ["a"]);
}

// Winning Ways (ch. 12, "Games Eternal - Games Entailed") and Siegel's *Combinatorial Game
// Theory* (IV.4) work examples of Smith's theory; we could not check their figures' exact
// graphs here, so they are not transcribed (values written from memory would be invented).
// What both state in general is checked instead: a token that may pass (a vertex with a
// loop to itself and a move to 0) is ∞{0}, an N-position, and two such tokens are drawn.
#[test]
fn a_pass_is_infinite_and_two_passes_draw() {
    let game = Game::any_graph("pass", "p: p z\nz:\n").unwrap();
    let graph = game.loopy().unwrap();
    let labels = labelling(&moves_of(graph));
    let p = graph.vertex("p").unwrap();
    assert_eq!(labels.value(p).to_string(), "∞{0}");
    assert_eq!(analyze(&moves_of(graph), &labels, &[p], 100).outcome, LoopyOutcome::N);
    assert_eq!(analyze(&moves_of(graph), &labels, &[p, p], 100).outcome, LoopyOutcome::D);
}

/// An acyclic graph read by `Game::any_graph` is today's graph game, with today's values
/// through today's engines; and the labelling, run on the same graph, gives them too (Smith's
/// function is the Sprague-Grundy function on an acyclic graph).
#[test]
fn an_acyclic_graph_keeps_its_values() {
    let text = include_str!("../../../examples/graphs/wythoff-4x4.txt");
    let game = Game::any_graph("wythoff-4x4.txt", text).unwrap();
    assert!(game.loopy().is_none());
    assert_eq!(game, Game::graph("wythoff-4x4.txt", text).unwrap());
    let graph = GraphGame::parse("wythoff-4x4.txt", text).unwrap();
    let n = graph.len();
    let req = TableRequest { game, count: n + 1, engine: EngineChoice::Auto, resume: None, every_value: false };
    let table = Session::new().table(&req, &mut Control::unlimited()).unwrap();
    let moves: Vec<Vec<u32>> = (1..=n).map(|v| graph.moves(v).to_vec()).collect();
    let labels = labelling(&moves);
    for v in 1..=n {
        assert_eq!(labels.value(v), &LoopyValue::Finite(table.get(v)), "vertex {}", graph.name(v).unwrap());
    }
    // b3 and c2 are the lost squares besides a1 (the file's hand analysis).
    let zeros: Vec<&str> = (1..=n).filter(|&v| table.get(v) == 0).map(|v| graph.name(v).unwrap()).collect();
    assert_eq!(zeros, ["a1", "c2", "b3"]);
}
