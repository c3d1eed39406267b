//! The move model every front end uses: for a game and a position (heaps in the order the
//! user gave them, never re-sorted), every legal move, the position it leaves, the nim-sum
//! after it, whether it wins, how it reads in words, and the move the computer plays.
//!
//! Which moves count as different is a [`Convention`], stated in every [`Analysis`]:
//! - [`Convention::Heaps`] (the default): heaps are distinct objects, so two heaps of 5
//!   give two moves each, and a split is an unordered pair. This is how textbook problems
//!   on the Sprague-Grundy theorem count (which heap, how many stones).
//! - [`Convention::Placements`]: for games played on a row (Kayles, Dawson's Kayles or
//!   dominoes, crosses, any take-and-break code read as a row) every placement of the piece
//!   is its own move, so the mirror images of a placement are two moves (a cross on either
//!   square of a strip of 2 too, although both clear the whole strip).
//! - [`Convention::Sizes`]: moves are distinct by heap size and result (the count grundy
//!   used to print).
//!
//! Under misère play (whoever makes the last move loses) the values do not decide:
//! misère Nim keeps its exact rule ([`super::misere_nim`]) at any size, every other game is
//! answered by its misère quotient for heaps up to the position's largest, and by
//! exhaustive search ([`super::exhaustive::Search`], up to
//! [`super::exhaustive::MISERE_MAX_STONES`] stones)
//! when the quotient grows past its limits ([`super::misere_play`]); the analysis says
//! which method answered.
//!
//! The computer's policy ([`Analysis::computer_move`]) is the same for every game: the
//! first winning move in the list when there is one; otherwise the move after which the
//! opponent has the most legal moves (counted in the same convention), the first such
//! move in the list on a tie. The list is ordered by heap index, then by the game's order
//! of moves on a heap, so the choice is deterministic.

use std::collections::HashMap;

use crate::game::placement::{heap_moves_of, PlacedMove};
use crate::game::words::{describe, Words};
use crate::game::Game;
use crate::period::HeapValues;
use crate::position::exhaustive::SearchSize;
use crate::position::misere_play::{MisereContext, MisereOracle};
use crate::position::{after, Outcome};

pub use crate::game::words::{heap_index_of_label, heap_label};
pub use crate::position::answer::{
    Analysis, Convention, Listed, MisereMethod, Move, PositionError, Rule, MAX_LISTED_MOVES,
};

/// Counts the legal moves of positions, heap by heap, for the computer's policy.
struct MoveCounter<'g> {
    game: &'g Game,
    words: Words,
    convention: Convention,
    per_heap: HashMap<u64, usize>,
}

impl MoveCounter<'_> {
    fn heap(&mut self, n: u64) -> usize {
        if let Some(&c) = self.per_heap.get(&n) {
            return c;
        }
        let c = heap_moves_of(self.game, self.words, self.convention == Convention::Placements, n).len();
        self.per_heap.insert(n, c);
        c
    }

    /// Legal moves of a position in the convention (under `Sizes`, equal heaps once).
    fn position(&mut self, heaps: &[u64]) -> usize {
        if self.convention == Convention::Sizes {
            let mut sizes: Vec<u64> = heaps.to_vec();
            sizes.sort_unstable();
            sizes.dedup();
            sizes.iter().map(|&n| self.heap(n)).sum()
        } else {
            heaps.iter().map(|&n| self.heap(n)).sum()
        }
    }
}

/// Refuses a position that may have more than [`MAX_LISTED_MOVES`] moves, from the sizes
/// alone: front ends call it before they compute the values an analysis needs.
pub fn check_move_count(game: &Game, heaps: &[u64], limit: u64) -> Result<(), PositionError> {
    let bound = heaps.iter().fold(0u64, |b, &n| b.saturating_add(game.heap_move_bound(n)));
    if bound > limit {
        return Err(PositionError::TooManyMoves { game: game.name(), bound, limit });
    }
    Ok(())
}

/// Analyzes a position of `game` under `rule`, counting moves by `convention`, with the
/// values the core found for it: every move listed when they fit [`MAX_LISTED_MOVES`];
/// beyond, for Nim, misère Nim and take-and-break codes with a proved period, the exact
/// outcome and counts with the winning moves listed ([`super::large`]).
pub fn analyze_values(
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    values: &HeapValues,
    max_listed: u64,
    misere: &MisereContext,
) -> Result<Analysis, PositionError> {
    match check_move_count(game, heaps, max_listed) {
        Err(PositionError::TooManyMoves { .. }) if super::large::applies(game, values, convention) => {
            if convention == Convention::Placements && !Words::of(game).on_a_row() {
                return Err(PositionError::NotARow { game: game.name() });
            }
            super::large::analyze_large(game, heaps, rule, convention, values)
        }
        Err(too_many) => Err(too_many),
        Ok(()) => analyze_in(game, heaps, rule, convention, |n| values.get(n), misere),
    }
}

/// Analyzes a position of `game` under `rule`, counting moves by `convention`, with
/// `value(n)` the normal-play value of a single heap of n. `misere-nim` is always played
/// under the misère rule.
pub fn analyze(
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    value: impl FnMut(u64) -> u64,
) -> Result<Analysis, PositionError> {
    analyze_in(game, heaps, rule, convention, value, &MisereContext::default())
}

/// [`analyze`], with what a misère answer may use: the caller's memory of failed quotients
/// and the job's cancellation token.
pub fn analyze_in(
    game: &Game,
    heaps: &[u64],
    rule: Rule,
    convention: Convention,
    value: impl FnMut(u64) -> u64,
    misere: &MisereContext,
) -> Result<Analysis, PositionError> {
    let words = Words::of(game);
    if convention == Convention::Placements && !words.on_a_row() {
        return Err(PositionError::NotARow { game: game.name() });
    }
    check_move_count(game, heaps, MAX_LISTED_MOVES)?;
    let mut oracle = match rule {
        Rule::Misere => {
            let size = SearchSize::of(game, heaps);
            Some(MisereOracle::new(game, heaps.iter().copied().max().unwrap_or(0), size, misere)?)
        }
        Rule::Normal => None,
    };
    analyze_by(game, heaps, convention, value, oracle.as_mut())
}

/// [`analyze_in`] with the misère oracle made by the caller (who may keep it: the misère
/// worked solution shows the quotient that answered); `None` for normal play.
pub fn analyze_by(
    game: &Game,
    heaps: &[u64],
    convention: Convention,
    mut value: impl FnMut(u64) -> u64,
    mut oracle: Option<&mut MisereOracle>,
) -> Result<Analysis, PositionError> {
    let words = Words::of(game);
    if convention == Convention::Placements && !words.on_a_row() {
        return Err(PositionError::NotARow { game: game.name() });
    }
    check_move_count(game, heaps, MAX_LISTED_MOVES)?;
    let rule = if oracle.is_some() { Rule::Misere } else { Rule::Normal };
    let misere_method = oracle.as_deref().map(MisereOracle::method);
    let values: Vec<u64> = heaps.iter().map(|&n| value(n)).collect();
    let nim_sum = values.iter().fold(0, |x, &v| x ^ v);
    // Under misère play a move wins when the position it leaves is lost for the mover.
    let mut misere_wins =
        |position: &[u64]| -> bool { oracle.as_deref_mut().is_some_and(|o| o.player_to_move_wins(position)) };

    let mut moves = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (i, &n) in heaps.iter().enumerate() {
        let rest = nim_sum ^ values[i];
        for PlacedMove { take, at, piece, left } in heap_moves_of(game, words, convention == Convention::Placements, n)
        {
            if convention == Convention::Sizes {
                let mut key = left.clone();
                key.sort_unstable();
                if !seen.insert((n, take, key)) {
                    continue;
                }
            }
            let nim_sum_after = left.iter().fold(rest, |x, &h| x ^ value(h));
            let winning = match rule {
                Rule::Normal => nim_sum_after == 0,
                Rule::Misere => !misere_wins(&after(heaps, i, &left)),
            };
            let description = describe(game, i, n, take, at, piece, &left);
            moves.push(Move { heap_index: i, heap: n, take, at, piece, left, nim_sum_after, winning, description });
        }
    }
    let wins = match rule {
        Rule::Normal => nim_sum != 0,
        Rule::Misere => misere_wins(heaps),
    };
    let outcome = if wins { Outcome::PlayerToMoveWins } else { Outcome::PlayerToMoveLoses };
    let winning_moves = moves.iter().filter(|m| m.winning).count();
    let computer_move = moves.iter().position(|m| m.winning).or_else(|| {
        let mut counter = MoveCounter { game, words, convention, per_heap: HashMap::new() };
        let mut best: Option<(usize, usize)> = None;
        for (j, m) in moves.iter().enumerate() {
            let c = counter.position(&after(heaps, m.heap_index, &m.left));
            if best.is_none_or(|(_, b)| c > b) {
                best = Some((j, c));
            }
        }
        best.map(|(j, _)| j)
    });
    Ok(Analysis {
        game: game.name(),
        rule,
        convention,
        heaps: heaps.to_vec(),
        values,
        nim_sum,
        outcome,
        legal_moves: moves.len() as u64,
        winning_moves: winning_moves as u64,
        listed: Listed::Every,
        computer_move,
        moves,
        misere_method,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_round_trip() {
        assert_eq!(heap_label(0), "A");
        assert_eq!(heap_label(25), "Z");
        assert_eq!(heap_label(26), "AA");
        assert_eq!(heap_label(255), "IV");
        for i in 0..1000 {
            assert_eq!(heap_index_of_label(&heap_label(i)), Some(i));
        }
        assert_eq!(heap_index_of_label("b"), Some(1));
        assert_eq!(heap_index_of_label("1"), None);
    }

    #[test]
    fn words_of_each_game() {
        let one = |name: &str, heaps: &[u64], convention: Convention| {
            let game = Game::parse(name).unwrap();
            analyze(&game, heaps, Rule::Normal, convention, |_| 0).unwrap().moves
        };
        let g = one("grundy", &[3, 7], Convention::Heaps);
        assert!(g.iter().any(|m| m.description == "split heap B (7) into 4 and 3"), "{g:?}");
        let n = one("nim", &[5], Convention::Heaps);
        assert_eq!(n[1].description, "take 2 from heap A (5), leaving 3");
        assert_eq!(n[4].description, "take all 5 of heap A");
        let d = one("dominoes", &[1, 7], Convention::Placements);
        assert!(d.iter().any(|m| m.description == "place a domino on squares 3-4 of strip B (7), leaving 2 and 3"));
        let k = one("kayles", &[5], Convention::Placements);
        assert_eq!(k[2].description, "knock down pin 3 of row A (5), leaving 2 and 2");
        assert!(k.iter().any(|m| m.description == "knock down pins 3-4 of row A (5), leaving 2 and 1"));
        let c = one("crosses", &[5], Convention::Placements);
        let words: Vec<&str> = c.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            words,
            [
                "put a cross on square 1 of strip A (5), leaving 3",
                "put a cross on square 2 of strip A (5), leaving 2",
                "put a cross on square 3 of strip A (5), leaving 1 and 1",
                "put a cross on square 4 of strip A (5), leaving 2",
                "put a cross on square 5 of strip A (5), leaving 3",
            ]
        );
        // On a strip of 2 either cross clears both squares: two placements, one move by heaps.
        let c = one("crosses", &[2], Convention::Placements);
        let words: Vec<&str> = c.iter().map(|m| m.description.as_str()).collect();
        assert_eq!(
            words,
            [
                "put a cross on square 1 of strip A (2), leaving nothing",
                "put a cross on square 2 of strip A (2), leaving nothing"
            ]
        );
        assert_eq!(c.iter().map(|m| m.piece).collect::<Vec<_>>(), [Some([1, 1]), Some([2, 2])]);
        assert_eq!(one("crosses", &[2], Convention::Heaps).len(), 1);
    }

    /// The bound [`check_move_count`] uses is never below the moves listed, in any
    /// convention, on every heap up to 60 of games of every kind.
    #[test]
    fn move_bound_holds() {
        for name in [
            "grundy", "nim", "half", "squares", "s1,3,4", "kayles", "dominoes", "crosses", ".6", "4.07", ".8", ".f3",
            "4!.0",
        ] {
            let game = Game::parse(name).unwrap();
            let words = Words::of(&game);
            for n in 0..=60 {
                let bound = game.heap_move_bound(n) as usize;
                let mut conventions = vec![Convention::Heaps, Convention::Sizes];
                if words.on_a_row() {
                    conventions.push(Convention::Placements);
                }
                for convention in conventions {
                    let listed = heap_moves_of(&game, words, convention == Convention::Placements, n).len();
                    assert!(listed <= bound, "{name} heap {n} {convention:?}: {listed} moves, bound {bound}");
                }
            }
        }
        let nim = Game::parse("nim").unwrap();
        assert!(check_move_count(&nim, &[MAX_LISTED_MOVES], MAX_LISTED_MOVES).is_ok());
        assert!(matches!(
            check_move_count(&nim, &[MAX_LISTED_MOVES, 1], MAX_LISTED_MOVES),
            Err(PositionError::TooManyMoves { bound, .. }) if bound == MAX_LISTED_MOVES + 1
        ));
    }

    #[test]
    fn placements_need_a_row() {
        let g = Game::parse("s1,2,3").unwrap();
        assert!(matches!(
            analyze(&g, &[3], Rule::Normal, Convention::Placements, |n| n),
            Err(PositionError::NotARow { .. })
        ));
        // Grundy's game's quotient grows past its limits at heap 29, and 41 stones are
        // beyond the exhaustive search.
        let g = Game::parse("grundy").unwrap();
        assert!(matches!(
            analyze(&g, &[41], Rule::Misere, Convention::Heaps, |n| n),
            Err(PositionError::MisereTooLarge { .. })
        ));
    }
}
