//! Closed forms: games whose values are proved by a formula, so any heap is answered at
//! once: Nim (G(n) = n) and take-at-most-half, each proved in its kind's file
//! (`game/kinds/`); cost O(1) (O(log n) for half) a heap and no memory, at any n below
//! 2^64.

use crate::game::Game;

/// G(n) of a game with a closed form (each kind states and proves its own: Nim's and
/// take-at-most-half's in `game/kinds/`).
pub fn closed_form(game: &Game, n: u64) -> u64 {
    game.closed_form(n).expect("the closed-form engine is chosen only for games that have one")
}
