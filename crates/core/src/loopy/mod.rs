//! Games on graphs with cycles (*loopy* impartial games): Smith's generalized
//! Sprague-Grundy function, computed by the Fraenkel–Yesha labelling, with Fraenkel's
//! counter function, and what it says of sums of tokens.
//!
//! **What it is.** On a finite graph where a token may come back to a vertex, a game need
//! not end, and a position is won (N), lost (P) or drawn (D: with perfect play neither
//! player can force a win, so it goes on for ever). Smith (1966) gave every vertex u a value
//! γ(u): a number m, or ∞ together with the set K of the finite values among u's options,
//! written here `∞{0,2}` (and `∞{}` when no option has a finite value; `∞` is never written
//! alone). γ(u) = m exactly when no option has value m, every value below m is an option's,
//! and every option whose value is larger than m or infinite has an option of value m
//! (so a move up can be *reversed*); this is the definition of Winning Ways (ch. 12),
//! Siegel's *Combinatorial Game Theory* (IV.4) and Ferguson's notes (*Impartial Games*,
//! part I, ch. 5 on graphs with cycles). On an acyclic graph γ is the Sprague-Grundy function.
//!
//! **Sums** ([`sum`]): the finite values of tokens add by nim-sum; ∞(K) plus a finite y is
//! ∞(K ⊕ y) (every element of K xor y); two or more infinite values give ∞{}. A position
//! is P when its value is 0, N when it is a non-zero number or ∞(K) with 0 in K, and D
//! otherwise.
//!
//! **Progress** ([`label`]): a winner who only moves to positions of value 0 may go round a
//! cycle for ever. Fraenkel's counter c(u) is the round of the labelling that gave u its
//! value: when the opponent moves a token up from u, the winner reverses it to a vertex of
//! u's value with a smaller counter, so the game ends. For one token c(w) - 1 is exactly the
//! number of moves the winner still needs from a P-vertex w; for a sum the winning moves are
//! ordered by the number of moves to the end when the sum's own graph is small enough to
//! walk ([`naive`]), else by (the sum of the values, the sum of the counters) after the
//! move, which decreases along every game the winner plays that way.
//!
//! **What it costs.** The labelling is O(V + E) a stage, one stage a finite value (at most
//! √(2E) + 1 stages). Measured (2026-12-02, the dev build, this project's 2-core machine): a
//! random graph of 200,000 vertices and about 300,000 moves, with cycles, takes
//! `grundy values` 1.07 s and 83 MB, as an acyclic graph of the same size through the
//! definition engine (1.00 s): reading the file dominates. A sum costs its tokens' values;
//! the exact lengths cost a walk of the sum's graph, done only when it has at most
//! [`EXACT_POSITIONS`] positions.
//!
//! **When it applies.** To any finite graph; an acyclic graph keeps its Sprague-Grundy
//! values through the engines ([`crate::game::Game::any_graph`] chooses). Only normal play:
//! misère play of a game with cycles has no such theory here, and is refused.
//!
//! [`naive`] is the slow reference: a retrograde analysis of the sum's own graph (win, lose
//! or draw by counting each position's remaining options), with no generalized values.

use serde::Serialize;

pub mod label;
pub mod naive;
pub mod position;
pub mod sum;

pub use label::{Labelling, Step};
pub use position::{LoopyAnalysis, LoopyMove, MoveKind};

/// The most positions of a sum's own graph that [`position::analyze`] walks to give each
/// move's exact length (a few tens of milliseconds); past it, moves are ordered by counters.
pub const EXACT_POSITIONS: u64 = 1 << 18;

/// Smith's generalized Sprague-Grundy value of a vertex or of a sum.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum LoopyValue {
    /// A number: the vertex plays as a nim-heap of this size.
    Finite(u64),
    /// ∞, with the finite values among the options (sorted, without repeats).
    Infinite(Vec<u64>),
}

impl LoopyValue {
    /// The number, for a finite value.
    pub fn finite(&self) -> Option<u64> {
        match self {
            LoopyValue::Finite(m) => Some(*m),
            LoopyValue::Infinite(_) => None,
        }
    }

    /// Who wins a position of this value: the player to move (N), the other (P), nobody (D).
    pub fn outcome(&self) -> LoopyOutcome {
        match self {
            LoopyValue::Finite(0) => LoopyOutcome::P,
            LoopyValue::Finite(_) => LoopyOutcome::N,
            LoopyValue::Infinite(k) if k.contains(&0) => LoopyOutcome::N,
            LoopyValue::Infinite(_) => LoopyOutcome::D,
        }
    }
}

/// `3`, `∞{0,2}`, `∞{}`.
impl std::fmt::Display for LoopyValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoopyValue::Finite(m) => write!(f, "{m}"),
            LoopyValue::Infinite(k) => {
                let k: Vec<String> = k.iter().map(u64::to_string).collect();
                write!(f, "∞{{{}}}", k.join(","))
            }
        }
    }
}

/// A finite value as its number, an infinite one as its text (`"∞{0,2}"`).
impl Serialize for LoopyValue {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            LoopyValue::Finite(m) => s.serialize_u64(*m),
            v => s.serialize_str(&v.to_string()),
        }
    }
}

/// The outcome of a position of a game that may not end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum LoopyOutcome {
    /// The player to move wins, in finitely many moves.
    N,
    /// The player to move loses: the other wins in finitely many moves.
    P,
    /// Drawn: with perfect play the game goes on for ever.
    D,
}

impl LoopyOutcome {
    /// The outcome in words.
    pub fn describe(self) -> &'static str {
        match self {
            LoopyOutcome::N => "the player to move wins",
            LoopyOutcome::P => "the player to move loses against perfect play",
            LoopyOutcome::D => {
                "a draw: with perfect play neither player can force a win, and the game goes on for ever"
            }
        }
    }
}
