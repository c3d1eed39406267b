//! Positions of heap games: every legal move, the nim-sum, the outcome and the winning moves.
//!
//! A position is a multiset of heaps; a move replaces one heap by the heaps it leaves. By
//! the Sprague-Grundy theorem the player to move wins exactly when the XOR (nim-sum) of the
//! heaps' values is not 0, and the winning moves are the ones that leave a nim-sum of 0.
//!
//! [`analyze`] here works on the multiset (heaps sorted, equal heaps once) and is what the
//! checks use; [`model`] is the move model the front ends use (heaps in the user's order,
//! a stated counting convention, misère play, descriptions and the computer's policy), and
//! [`input`] reads a move typed by a player.

use crate::game::HeapGame;
use crate::Value;

pub mod exhaustive;
pub mod input;
pub mod misere;
pub mod misere_play;
pub mod model;

/// Who wins with perfect play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Outcome {
    /// The player to move wins (an N-position, nim-sum not 0).
    PlayerToMoveWins,
    /// The player to move loses (a P-position, nim-sum 0).
    PlayerToMoveLoses,
}

/// A move within a position, with what it does to the nim-sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalyzedMove {
    /// Index (in the position's sorted heaps) of the heap moved on.
    pub heap_index: usize,
    /// Size of that heap.
    pub heap: u64,
    /// Stones removed from the game.
    pub take: u64,
    /// The heaps left in place of the one moved on, largest first.
    pub left: Vec<u64>,
    /// Nim-sum of the position after the move.
    pub nim_sum_after: Value,
}

impl AnalyzedMove {
    /// A winning move leaves nim-sum 0.
    pub fn is_winning(&self) -> bool {
        self.nim_sum_after == 0
    }
}

/// Everything about a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The heaps, largest first.
    pub heaps: Vec<u64>,
    /// The value of each heap.
    pub values: Vec<Value>,
    /// The nim-sum (XOR) of the heaps' values, the position's value.
    pub nim_sum: Value,
    /// Who wins with best play, read from the nim-sum.
    pub outcome: Outcome,
    /// Every legal move; moves on equal heaps are listed once, on the first of them.
    pub moves: Vec<AnalyzedMove>,
}

impl Analysis {
    /// The moves that leave nim-sum 0.
    pub fn winning_moves(&self) -> impl Iterator<Item = &AnalyzedMove> {
        self.moves.iter().filter(|m| m.is_winning())
    }
}

/// Sorts heaps largest first and drops empty ones: the canonical form of a multiset.
pub fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut h: Vec<u64> = heaps.iter().copied().filter(|&n| n > 0).collect();
    h.sort_unstable_by(|a, b| b.cmp(a));
    h
}

/// Analyzes a position of `game`, with `value(n)` the Grundy value of a single heap of n.
pub fn analyze<G: HeapGame + ?Sized>(game: &G, heaps: &[u64], mut value: impl FnMut(u64) -> Value) -> Analysis {
    let heaps = canonical(heaps);
    let values: Vec<Value> = heaps.iter().map(|&n| value(n)).collect();
    let nim_sum = values.iter().fold(0, |acc, &v| acc ^ v);
    let mut moves = Vec::new();
    for (i, &n) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == n {
            continue;
        }
        let rest = nim_sum ^ values[i];
        for m in game.heap_moves(n) {
            let after = m.left.iter().fold(rest, |acc, &h| acc ^ value(h));
            moves.push(AnalyzedMove { heap_index: i, heap: n, take: m.take, left: m.left, nim_sum_after: after });
        }
    }
    let outcome = if nim_sum == 0 { Outcome::PlayerToMoveLoses } else { Outcome::PlayerToMoveWins };
    Analysis { heaps, values, nim_sum, outcome, moves }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grundy::naive;
    use crate::game::GrundysGame;

    #[test]
    fn grundy_moves_of_small_heaps() {
        assert!(GrundysGame.heap_moves(1).is_empty());
        assert!(GrundysGame.heap_moves(2).is_empty());
        let six: Vec<Vec<u64>> = GrundysGame.heap_moves(6).into_iter().map(|m| m.left).collect();
        assert_eq!(six, vec![vec![5, 1], vec![4, 2]]);
    }

    #[test]
    fn analysis_of_5_9_12() {
        let g = naive::grundy_values(20);
        let a = analyze(&GrundysGame, &[5, 9, 12], |n| g[n as usize]);
        assert_eq!(a.heaps, vec![12, 9, 5]);
        assert_eq!(a.values, vec![1, 1, 2]);
        assert_eq!(a.nim_sum, 2);
        assert_eq!(a.outcome, Outcome::PlayerToMoveWins);
        for m in a.winning_moves() {
            let mut after: Vec<u64> = a.heaps.clone();
            after.remove(m.heap_index);
            after.extend(&m.left);
            assert_eq!(after.iter().fold(0, |x, &h| x ^ g[h as usize]), 0);
        }
        assert!(a.winning_moves().count() > 0);
    }
}
