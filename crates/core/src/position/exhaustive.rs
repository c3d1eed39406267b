//! Solving positions by brute force, with no Grundy values: a position is won for the
//! player to move exactly when some move leads to a position that is lost for the
//! opponent. [`Search`] is the one such solver: the engine of misère play for every game
//! but Nim, and the independent check of the nim-sum rule.

use std::collections::HashMap;
use std::rc::Rc;

use crate::game::HeapGame;

/// The most stones a misère position of a game other than Nim may have. Stones never
/// increase during play, so a search from such a position visits at most the multisets of
/// at most 40 stones, sum over k <= 40 of p(k) = 215,308 positions (fewer in practice:
/// heaps with no move are dropped from the key). The slowest game measured, Kayles from a
/// row of 40, takes 0.55 s in the dev build (10 MB); Grundy's game from 40 takes 0.08 s.
pub const MISERE_MAX_STONES: u64 = 40;

/// The most positions a misère search of a game on a graph may visit, where a vertex's
/// number says nothing of the position's size: about as many as [`MISERE_MAX_STONES`]
/// allow a heap game (215,308).
pub const MISERE_MAX_POSITIONS: u64 = 1 << 18;

/// How large a search from a position is: its stones for a heap game, a bound on its
/// positions for a game on a graph ([`crate::game::Game::search_positions`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SearchSize {
    /// Stones in the position, at most [`MISERE_MAX_STONES`] for a search.
    Stones(u64),
    /// Positions a search from it may visit, at most [`MISERE_MAX_POSITIONS`].
    Positions(u64),
}

impl SearchSize {
    /// The size of a search from `heaps` of `game`.
    pub fn of(game: &crate::game::Game, heaps: &[u64]) -> SearchSize {
        match game.search_positions(heaps) {
            Some(p) => SearchSize::Positions(p),
            None => SearchSize::Stones(heaps.iter().fold(0u64, |s, &h| s.saturating_add(h))),
        }
    }

    /// The size and the search's limit in its unit.
    pub fn and_limit(self) -> (u64, u64, &'static str) {
        match self {
            SearchSize::Stones(s) => (s, MISERE_MAX_STONES, "stones"),
            SearchSize::Positions(p) => (p, MISERE_MAX_POSITIONS, "positions"),
        }
    }

    /// Whether the exhaustive search takes it.
    pub fn searchable(self) -> bool {
        let (size, limit, _) = self.and_limit();
        size <= limit
    }
}

/// A memoized win/loss search over
/// positions keyed by the multiset of heaps, with the moves of each heap size computed once
/// and heaps that have no move left out of the key (they change nothing in either rule).
/// Callers keep positions within [`MISERE_MAX_STONES`]; the search itself is total.
pub struct Search<'g, G: HeapGame + ?Sized> {
    game: &'g G,
    misere: bool,
    /// For each heap size, the heaps each of its moves leaves.
    moves: HashMap<u64, Rc<Vec<Vec<u64>>>>,
    memo: HashMap<Vec<u64>, bool>,
}

impl<'g, G: HeapGame + ?Sized> Search<'g, G> {
    /// A search under misère play (`misere`) or normal play.
    pub fn new(game: &'g G, misere: bool) -> Self {
        Search { game, misere, moves: HashMap::new(), memo: HashMap::new() }
    }

    fn moves_of(&mut self, n: u64) -> Rc<Vec<Vec<u64>>> {
        let game = self.game;
        self.moves.entry(n).or_insert_with(|| Rc::new(game.heap_moves(n).into_iter().map(|m| m.left).collect())).clone()
    }

    /// Sorted largest first, without the heaps that have no move.
    fn key(&mut self, heaps: impl IntoIterator<Item = u64>) -> Vec<u64> {
        let mut key: Vec<u64> = heaps.into_iter().filter(|&n| !self.moves_of(n).is_empty()).collect();
        key.sort_unstable_by(|a, b| b.cmp(a));
        key
    }

    /// Whether the player to move wins from `heaps`.
    pub fn player_to_move_wins(&mut self, heaps: &[u64]) -> bool {
        let key = self.key(heaps.iter().copied());
        self.solve(key)
    }

    fn solve(&mut self, key: Vec<u64>) -> bool {
        if key.is_empty() {
            // No move: under misère play the player to move wins, the opponent moved last.
            return self.misere;
        }
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        'search: for i in 0..key.len() {
            if i > 0 && key[i - 1] == key[i] {
                continue;
            }
            let moves = self.moves_of(key[i]);
            for left in moves.iter() {
                let rest = key.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h);
                let next = self.key(rest.chain(left.iter().copied()));
                if !self.solve(next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }

    /// Number of positions solved so far.
    pub fn solved(&self) -> usize {
        self.memo.len()
    }
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
