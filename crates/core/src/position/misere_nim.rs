//! Misère Nim: whoever takes the last stone loses.
//!
//! The strategy (Bouton): while at least two heaps have 2 or more stones, play as in
//! normal Nim (leave nim-sum 0). When exactly one heap has 2 or more, reduce it to 0 or 1
//! so that an odd number of heaps of one stone is left. With only heaps of one stone, the
//! player to move wins exactly when their number is even.

use crate::position::{canonical, Outcome};

/// A move of misère Nim: take `take` stones from heap `heap_index` (of the sorted heaps).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NimMove {
    /// Index, in the sorted heaps, of the heap moved on.
    pub heap_index: usize,
    /// Size of that heap, in stones.
    pub heap: u64,
    /// Stones taken from it (at least one).
    pub take: u64,
}

/// Outcome and every winning move of a misère Nim position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MisereAnalysis {
    /// The heaps, largest first.
    pub heaps: Vec<u64>,
    /// The XOR of the heaps; it decides the outcome only while two heaps have 2 or more.
    pub nim_sum: u64,
    /// Who wins with best play under the misère rule.
    pub outcome: Outcome,
    /// Every winning move, on the first of equal heaps only; empty when the player loses.
    pub winning_moves: Vec<NimMove>,
}

/// Analyzes a misère Nim position.
pub fn analyze_misere_nim(heaps: &[u64]) -> MisereAnalysis {
    let heaps = canonical(heaps);
    let nim_sum = heaps.iter().fold(0, |x, &h| x ^ h);
    let big = heaps.iter().filter(|&&h| h >= 2).count();
    let ones = heaps.iter().filter(|&&h| h == 1).count() as u64;
    let mut winning = Vec::new();
    let distinct = |i: usize| i == 0 || heaps[i - 1] != heaps[i];
    match big {
        0 => {
            if ones.is_multiple_of(2) && ones > 0 {
                winning.push(NimMove { heap_index: 0, heap: 1, take: 1 });
            }
        }
        1 => {
            // The big heap is the largest, first. Leave an odd number of ones.
            let h = heaps[0];
            let keep = if ones.is_multiple_of(2) { 1 } else { 0 };
            winning.push(NimMove { heap_index: 0, heap: h, take: h - keep });
        }
        _ => {
            for (i, &h) in heaps.iter().enumerate().filter(|&(i, _)| distinct(i)) {
                let target = h ^ nim_sum;
                if target < h {
                    winning.push(NimMove { heap_index: i, heap: h, take: h - target });
                }
            }
        }
    }
    let wins = match big {
        0 => ones.is_multiple_of(2),
        1 => true,
        _ => nim_sum != 0,
    };
    let outcome = if wins { Outcome::PlayerToMoveWins } else { Outcome::PlayerToMoveLoses };
    MisereAnalysis { heaps, nim_sum, outcome, winning_moves: winning }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::exhaustive::{positions_up_to, Search};

    /// The strategy against brute force over every position with at most 14 stones: the
    /// outcome, and a move is listed exactly when it wins.
    #[test]
    fn strategy_equals_exhaustive_search() {
        let nim = Game::parse("nim").unwrap();
        let mut solver = Search::new(&nim, true);
        for heaps in positions_up_to(14) {
            let a = analyze_misere_nim(&heaps);
            let wins = solver.player_to_move_wins(&heaps);
            assert_eq!(a.outcome == Outcome::PlayerToMoveWins, wins, "{heaps:?}");
            let mut found = Vec::new();
            for (i, &h) in a.heaps.iter().enumerate() {
                if i > 0 && a.heaps[i - 1] == h {
                    continue;
                }
                for take in 1..=h {
                    let mut next = a.heaps.clone();
                    next[i] -= take;
                    if !solver.player_to_move_wins(&next) {
                        found.push(NimMove { heap_index: i, heap: h, take });
                    }
                }
            }
            // Where a heap of one stone is taken, every such heap is the same move.
            let norm = |v: &[NimMove]| -> Vec<(u64, u64)> {
                let mut x: Vec<(u64, u64)> = v.iter().map(|m| (m.heap, m.take)).collect();
                x.sort_unstable();
                x.dedup();
                x
            };
            assert_eq!(norm(&a.winning_moves), norm(&found), "{heaps:?}");
        }
    }

    #[test]
    fn misere_differs_from_normal_play_only_at_the_end() {
        // 1, 1: normal play loses (nim-sum 0), misère wins.
        assert_eq!(analyze_misere_nim(&[1, 1]).outcome, Outcome::PlayerToMoveWins);
        assert_eq!(analyze_misere_nim(&[1]).outcome, Outcome::PlayerToMoveLoses);
        // 2, 2 loses in both.
        assert_eq!(analyze_misere_nim(&[2, 2]).outcome, Outcome::PlayerToMoveLoses);
        // 3, 1, 1: leave one stone of the 3, so that three heaps of one remain.
        assert_eq!(analyze_misere_nim(&[3, 1, 1]).winning_moves, vec![NimMove { heap_index: 0, heap: 3, take: 2 }]);
    }
}
