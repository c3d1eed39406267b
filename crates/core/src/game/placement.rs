//! Moves with their place on a row: for games played on a row (Kayles, dominoes, crosses,
//! any take-and-break code read as a row) every placement of the piece, so that moves can
//! be counted by placements and drawn where they are made.

use crate::game::words::{piece_of, Words};
use crate::game::{Game, HeapGame};

/// One move on one heap with where on the row it is made, before it is placed in a position
/// (the game's own [`crate::game::HeapMove`] knows only what is taken and left).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedMove {
    /// Stones (squares, pins) removed.
    pub take: u64,
    /// Games on a row: the first square removed, from 1.
    pub at: Option<u64>,
    /// Games on a row: the first and last square the piece covers.
    pub piece: Option<[u64; 2]>,
    /// The heaps left, in row order for games on a row.
    pub left: Vec<u64>,
}

/// The moves on one heap of `n`: every placement on the row when `by_placement`, else the
/// game's own moves (on a row, at their leftmost placement).
pub(crate) fn heap_moves_of(game: &Game, words: Words, by_placement: bool, n: u64) -> Vec<PlacedMove> {
    if by_placement {
        return game.kind().placements(words == Words::Crosses, n).unwrap_or_default();
    }
    game.heap_moves(n)
        .into_iter()
        .map(|m| {
            if words.on_a_row() {
                // The leftmost placement with these pieces: the smaller piece on the left.
                let mut left = m.left;
                left.sort_unstable();
                let at = if left.len() == 2 { left[0] + 1 } else { 1 };
                PlacedMove { take: m.take, at: Some(at), piece: Some(piece_of(words, n, m.take, at)), left }
            } else {
                PlacedMove { take: m.take, at: None, piece: None, left: m.left }
            }
        })
        .collect()
}
