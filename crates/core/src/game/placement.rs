//! Moves with their place on a row: for games played on a row (Kayles, dominoes, crosses,
//! any take-and-break code read as a row) every placement of the piece, so that moves can
//! be counted by placements and drawn where they are made.

use crate::game::words::{piece_of, Words};
use crate::game::{Game, HeapGame};

/// One move on one heap with where on the row it is made, before it is placed in a position
/// (the game's own [`crate::game::HeapMove`] knows only what is taken and left).
pub(crate) struct PlacedMove {
    /// Stones (squares, pins) removed.
    pub(crate) take: u64,
    /// Games on a row: the first square removed, from 1.
    pub(crate) at: Option<u64>,
    /// Games on a row: the first and last square the piece covers.
    pub(crate) piece: Option<[u64; 2]>,
    /// The heaps left, in row order for games on a row.
    pub(crate) left: Vec<u64>,
}

/// Every placement on a row of `n` squares. A placement of k squares starting at p leaves
/// p - 1 squares on its left and n - k - (p - 1) on its right; the code's digit d_k says
/// whether it may leave nothing (bit 1), one piece (bit 2) or two pieces (bit 4), and `!`
/// forbids two equal pieces. Dawson's chess is counted by its crosses instead: a cross on
/// square s clears s and its neighbours on the strip, so on a strip of 2 a cross on
/// either square clears both, two placements of one take-and-break move.
fn placements(game: &Game, words: Words, n: u64) -> Vec<PlacedMove> {
    let Game::TakeAndBreak(t) = game else { return Vec::new() };
    let pieces = |a: u64, b: u64| [a, b].into_iter().filter(|&x| x > 0).collect();
    if words == Words::Crosses {
        return (1..=n)
            .map(|s| {
                let (lo, hi) = (s.max(2) - 1, (s + 1).min(n));
                PlacedMove { take: hi - lo + 1, at: Some(lo), piece: Some([s, s]), left: pieces(lo - 1, n - hi) }
            })
            .collect();
    }
    let mut out = Vec::new();
    for (k, &d) in t.digits().iter().enumerate().skip(1) {
        let k = k as u64;
        if k > n {
            break;
        }
        for p in 1..=n - k + 1 {
            let (a, b) = (p - 1, n - k - (p - 1));
            let ok = match (a, b) {
                (0, 0) => d & 1 != 0,
                (0, _) | (_, 0) => d & 2 != 0,
                _ => d & 4 != 0 && !(t.unequal() && a == b),
            };
            if ok {
                out.push(PlacedMove { take: k, at: Some(p), piece: Some([p, p + k - 1]), left: pieces(a, b) });
            }
        }
    }
    out
}

/// The moves on one heap of `n`: every placement on the row when `by_placement`, else the
/// game's own moves (on a row, at their leftmost placement).
pub(crate) fn heap_moves_of(game: &Game, words: Words, by_placement: bool, n: u64) -> Vec<PlacedMove> {
    if by_placement {
        return placements(game, words, n);
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
