//! Closed forms: games whose values are proved by a formula, so any heap is answered at
//! once. Applies to Nim (G(n) = n) and take-at-most-half; cost O(1) (O(log n) for half)
//! a heap and no memory, at any n below 2^64.

use crate::game::Game;

/// G(n) of a game with a closed form (Nim or take-at-most-half).
///
/// - Nim: G(n) = n (the options of n are the heaps 0..n, whose values are 0..n by induction).
/// - Take-at-most-half: G(2k) = k and G(2k + 1) = G(k). Proof, by induction on n, together
///   with the lemma L(m): for m >= 1 the heaps m, ..., 2m - 1 have the values 0, ..., m - 1,
///   each once. The options of n >= 1 are the heaps ceil(n/2), ..., n - 1. For n = 2k
///   these are the heaps k..2k-1, so by L(k) G(2k) = mex{0..k-1} = k. For n = 2k + 1 they
///   are the heaps k+1..2k: those of L(k) without heap k, plus heap 2k of value k; the
///   values are {0..k} without G(k) (G(k) < k by L), so G(2k + 1) = G(k). (n = 1 has no
///   option: G(1) = 0 = G(0).) L(m) follows from the formulas for smaller heaps: for
///   m = 2a the even heaps 2a..4a-2 have values a..2a-1 and the odd heaps 2j + 1 with j
///   in a..2a-1 have the values G(j), which are 0..a-1 by L(a); for m = 2a + 1 the even
///   heaps give a+1..2a and the odd heaps 2j + 1 with j in a..2a give L(a) plus G(2a) = a,
///   that is 0..a. (L(1): heap 1 has value 0.) The test `half_closed_form_is_the_definition`
///   checks the formula against the definition.
pub fn closed_form(game: &Game, n: u64) -> u64 {
    match game {
        Game::Nim => n,
        Game::TakeAtMostHalf => {
            let mut n = n;
            while n % 2 == 1 {
                n /= 2;
            }
            n / 2
        }
        _ => unreachable!("closed forms are chosen only for Nim and take-at-most-half"),
    }
}
