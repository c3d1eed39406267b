//! Every number of a worked solution checked by brute force: the values against the
//! definition computed separately, the outcome and every per-heap count of winning moves
//! against an exhaustive search that uses no Grundy values at all.

use grundy_core::engine::definition::values;
use grundy_core::game::Game;
use grundy_core::game::HeapGame;
use grundy_core::learn::explain::explain;
use grundy_core::learn::practice::problem;
use grundy_core::position::after;
use grundy_core::position::exhaustive::Search;
use grundy_core::position::model::Convention;

/// The position after replacing heap `index` by `left`, heaps kept as a plain list.
fn check(name: &str, heaps: &[u64]) {
    let game = Game::parse(name).unwrap();
    let largest = *heaps.iter().max().unwrap();
    let table: Vec<u64> = values(&game, largest as usize + 1).unwrap().into_iter().map(u64::from).collect();
    let e = explain(&game, heaps, Convention::Heaps, &table, None).unwrap();
    assert_eq!(e.heaps, heaps, "heaps stay in the order given");
    // Step 1: each row is the mex of the values of the listed moves, and the listed moves
    // are exactly the game's moves.
    for row in &e.table {
        let mut seen: Vec<u64> = row.options.iter().map(|o| o.value).collect();
        seen.sort_unstable();
        seen.dedup();
        let mex = (0..).find(|v| !seen.contains(v)).unwrap();
        assert_eq!(row.value, mex, "{name}: G({})", row.heap);
        assert_eq!(row.options.len(), game.heap_moves(row.heap).len());
    }
    let mut solver = Search::new(&game, false);
    let wins = solver.player_to_move_wins(heaps);
    assert_eq!(e.player_to_move_wins(), wins, "{name} {heaps:?}: outcome");
    let mut total = 0;
    for (i, s) in e.steps.iter().enumerate() {
        // Count literally: every move on heap i that leaves a position lost for the opponent.
        let literal =
            game.heap_moves(heaps[i]).iter().filter(|m| !solver.player_to_move_wins(&after(heaps, i, &m.left))).count();
        assert_eq!(s.winning().count(), literal, "{name} {heaps:?}: winning moves on heap {i}");
        total += literal;
    }
    assert_eq!(e.winning_moves(), total, "{name} {heaps:?}: total");
    assert_eq!(total > 0, wins);
}

#[test]
fn worked_solutions_against_exhaustive_search() {
    for (name, heaps) in [
        ("grundy", &[5u64, 9, 12][..]),
        ("grundy", &[7, 7]),
        ("grundy", &[3, 4, 5, 6]),
        ("s1,2,3", &[2, 5, 6]),
        ("s1,2,3", &[5, 5, 3]),
        ("half", &[6, 7, 9]),
        ("kayles", &[4, 1]),
        ("kayles", &[7, 5, 3]),
        ("dawsons-kayles", &[5, 6]),
        ("dawsons-kayles", &[3, 8, 9]),
        ("nim", &[3, 5, 6]),
        ("crosses", &[6, 9]),
    ] {
        check(name, heaps);
    }
}

#[test]
fn practice_problems_against_exhaustive_search() {
    for name in ["grundy", "s1,2,3", "half", "kayles", "dawsons-kayles", "nim"] {
        for seed in 0..40 {
            check(name, &problem(seed, 12).heaps);
        }
    }
}
