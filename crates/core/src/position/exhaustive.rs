//! Solving positions by brute force, with no Grundy values: a position is won for the
//! player to move exactly when some move leads to a position that is lost for the
//! opponent. This is the independent check of the nim-sum rule.

use std::collections::HashMap;

use crate::position::{canonical, HeapGame};

/// A memoized win/loss solver over positions (multisets of heaps) of one game.
pub struct Solver<'g, G: HeapGame + ?Sized> {
    game: &'g G,
    memo: HashMap<Vec<u64>, bool>,
    misere: bool,
}

impl<'g, G: HeapGame + ?Sized> Solver<'g, G> {
    /// Normal play: the player who cannot move loses.
    pub fn new(game: &'g G) -> Self {
        Solver { game, memo: HashMap::new(), misere: false }
    }

    /// Misère play: the player who cannot move wins (whoever made the last move loses).
    pub fn misere(game: &'g G) -> Self {
        Solver { game, memo: HashMap::new(), misere: true }
    }

    /// Whether the player to move wins from `heaps`.
    pub fn player_to_move_wins(&mut self, heaps: &[u64]) -> bool {
        let key = canonical(heaps);
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        let mut any_move = false;
        'search: for (i, &n) in key.iter().enumerate() {
            if i > 0 && key[i - 1] == n {
                continue;
            }
            for m in self.game.heap_moves(n) {
                any_move = true;
                let next = successor(&key, i, &m.left);
                if !self.player_to_move_wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        if !any_move && self.misere {
            wins = true;
        }
        self.memo.insert(key, wins);
        wins
    }

    /// Number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }
}

/// The position after replacing heap `index` of `heaps` by `left`.
pub fn successor(heaps: &[u64], index: usize, left: &[u64]) -> Vec<u64> {
    let mut next: Vec<u64> = heaps.iter().enumerate().filter(|&(j, _)| j != index).map(|(_, &h)| h).collect();
    next.extend_from_slice(left);
    canonical(&next)
}

/// Every multiset of positive heaps with at most `total` stones, the empty one included,
/// each largest heap first.
pub fn positions_up_to(total: u64) -> Vec<Vec<u64>> {
    fn extend(rest: u64, max_part: u64, current: &mut Vec<u64>, out: &mut Vec<Vec<u64>>) {
        out.push(current.clone());
        for part in (1..=max_part.min(rest)).rev() {
            current.push(part);
            extend(rest - part, part, current, out);
            current.pop();
        }
    }
    let mut out = Vec::new();
    extend(total, total, &mut Vec::new(), &mut out);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_partitions() {
        // 1 + p(1) + ... + p(5) = 1 + 1 + 2 + 3 + 5 + 7.
        assert_eq!(positions_up_to(5).len(), 19);
        assert_eq!(positions_up_to(24).len(), 7338);
    }
}
