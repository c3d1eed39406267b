//! Positions of heap games: every legal move, the nim-sum, the outcome and the winning moves.
//!
//! A position is a multiset of heaps; a move replaces one heap by the heaps it leaves. By
//! the Sprague-Grundy theorem the player to move wins exactly when the XOR (nim-sum) of the
//! heaps' values is not 0, and the winning moves are the ones that leave a nim-sum of 0.
//!
//! [`answer`] is what an analysis answers, as data (a leaf the others import), [`model`]
//! the one analysis (heaps in the user's order, a stated counting convention, misère play,
//! descriptions and the computer's policy), [`large`] its exact answers for positions too
//! large to list, [`misere_play`] how a misère position is answered (misère Nim's rule
//! from [`misere_nim`], the quotient, or the search), [`exhaustive`] the one win/loss
//! search with no values, and [`input`] reads a move typed by a player. The literal
//! enumeration the tests check them against lives in the test kit (`grundy-testkit`).

pub mod answer;
pub mod exhaustive;
pub mod input;
pub mod large;
pub mod misere_nim;
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

/// Sorts heaps largest first and drops empty ones: the canonical form of a multiset.
pub fn canonical(heaps: &[u64]) -> Vec<u64> {
    let mut h: Vec<u64> = heaps.iter().copied().filter(|&n| n > 0).collect();
    h.sort_unstable_by(|a, b| b.cmp(a));
    h
}

/// The heaps after replacing heap `index` by `left`, in place (the one "position after a
/// move" of the workspace; [`canonical`] of it is the multiset).
pub fn after(heaps: &[u64], index: usize, left: &[u64]) -> Vec<u64> {
    let mut next = heaps[..index].to_vec();
    next.extend_from_slice(left);
    next.extend_from_slice(&heaps[index + 1..]);
    next
}

#[cfg(test)]
mod tests {
    use crate::game::{GrundysGame, HeapGame};

    #[test]
    fn grundy_moves_of_small_heaps() {
        assert!(GrundysGame.heap_moves(1).is_empty());
        assert!(GrundysGame.heap_moves(2).is_empty());
        let six: Vec<Vec<u64>> = GrundysGame.heap_moves(6).into_iter().map(|m| m.left).collect();
        assert_eq!(six, vec![vec![5, 1], vec![4, 2]]);
    }
}
