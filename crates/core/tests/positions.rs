//! The nim-sum rule against an exhaustive search that uses no Grundy values, over every
//! position of Grundy's game with at most 24 stones (7,338 positions, the empty one included).

use grundy_core::grundy::naive;
use grundy_core::position::exhaustive::{positions_up_to, successor, Solver};
use grundy_core::position::{analyze, GrundysGame, Outcome};

#[test]
fn every_position_up_to_24_stones() {
    let g = naive::grundy_values(24);
    let value = |n: u64| g[n as usize];
    let mut solver = Solver::new(&GrundysGame);
    let positions = positions_up_to(24);
    assert_eq!(positions.len(), 7338);
    let mut winning_moves = 0;
    for heaps in &positions {
        let a = analyze(&GrundysGame, heaps, value);
        let wins = solver.player_to_move_wins(heaps);
        assert_eq!(a.outcome == Outcome::PlayerToMoveWins, wins, "outcome of {heaps:?}");
        for m in &a.moves {
            let next = successor(&a.heaps, m.heap_index, &m.left);
            let xor = next.iter().fold(0, |x, &h| x ^ value(h));
            assert_eq!(m.nim_sum_after, xor, "nim-sum after a move from {heaps:?}");
            // A move is winning exactly when it leaves a position lost for the opponent.
            assert_eq!(m.is_winning(), !solver.player_to_move_wins(&next), "move {m:?} from {heaps:?}");
            if m.is_winning() {
                assert_eq!(xor, 0);
                winning_moves += 1;
            }
        }
        // A won position has a winning move, a lost one has none.
        assert_eq!(a.winning_moves().next().is_some(), wins, "{heaps:?}");
    }
    assert!(winning_moves > 1000);
    assert_eq!(solver.solved(), 7338);
}
