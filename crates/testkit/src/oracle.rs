//! The literal analysis of a position, straight from the Sprague-Grundy theorem, as the
//! oracle the move model ([`grundy_core::position::model`]) and the brute-force search are
//! checked against: heaps as a multiset (sorted, equal heaps once), every move of the
//! game's own list, the nim-sum after it. Nothing is shared with the model but the game's
//! moves.

use grundy_core::game::HeapGame;
use grundy_core::position::{canonical, Outcome};
use grundy_core::Value;

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
