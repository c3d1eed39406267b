//! What an analysis of a position answers, as data: the counting [`Convention`], the
//! [`Analysis`] with its [`Move`]s, which moves it [`Listed`], how a misère answer was
//! found ([`MisereMethod`]) and why a position is refused ([`PositionError`]). A leaf: the
//! analyses that fill it (`model`, `large`, `misere_play`) all import it, and it imports
//! none of them.

use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::words::{describe_placed, Words};
use crate::game::Game;
use crate::position::{after, Outcome};

/// The most moves an analysis lists (about 200 bytes each with its words): a position
/// that may have more (a heap of Nim beyond two million stones, say) is refused before
/// anything is listed, instead of running out of memory.
pub const MAX_LISTED_MOVES: u64 = 1 << 21;

/// Which moves count as different; see the module documentation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Convention {
    /// Heaps are distinct objects; a split is an unordered pair.
    #[default]
    Heaps,
    /// Games on a row: every set of squares removed is its own move.
    Placements,
    /// Moves are distinct by heap size and the heaps left.
    Sizes,
}

impl Convention {
    /// The name used on the command line and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            Convention::Heaps => "heaps",
            Convention::Placements => "placements",
            Convention::Sizes => "sizes",
        }
    }

    /// One sentence for people.
    pub fn explain(self) -> &'static str {
        match self {
            Convention::Heaps => "each heap is its own object; a split is an unordered pair",
            Convention::Placements => "each position on a row is its own move (mirror images count twice)",
            Convention::Sizes => "moves are distinct by heap size and the heaps left",
        }
    }
}

impl FromStr for Convention {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.trim().to_ascii_lowercase().as_str() {
            "heaps" => Ok(Convention::Heaps),
            "placements" => Ok(Convention::Placements),
            "sizes" => Ok(Convention::Sizes),
            _ => Err(format!("unknown count {s:?}: use heaps, placements or sizes")),
        }
    }
}

pub use crate::game::Rule;

/// Why a position cannot be analyzed as asked.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum PositionError {
    #[error("counting placements applies to games played on a row (take-and-break codes that never take nothing and never leave three heaps); {game} is not one")]
    /// Placements were asked for in a game that is not played on a row.
    NotARow {
        /// The game's name.
        game: String,
    },
    #[error("misère {game}: the misère quotient could not be computed ({quotient}), and the exhaustive search is limited to {limit} {unit} while this position has {stones}")]
    /// A misère position whose quotient grew past its limits has more stones than the
    /// exhaustive search takes.
    MisereTooLarge {
        /// Why the quotient did not answer.
        quotient: String,
        /// The game's name.
        game: String,
        /// Stones in the position (or the largest heap asked for), or on a graph the
        /// positions a search from it may reach.
        stones: u64,
        /// The most the search takes, [`super::exhaustive::MISERE_MAX_STONES`] or
        /// [`super::exhaustive::MISERE_MAX_POSITIONS`].
        limit: u64,
        /// "stones" or "positions".
        unit: &'static str,
    },
    /// The job's cancellation token was set.
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
    #[error("this position of {game} may have up to {bound} legal moves, more than the {limit} an analysis lists; positions that large are answered only for Nim, misère Nim and take-and-break codes with a proved period (`grundy period`)")]
    /// The position may have more moves than an analysis lists.
    TooManyMoves {
        /// The game's name.
        game: String,
        /// An upper bound on the position's moves, from the heap sizes.
        bound: u64,
        /// The most an analysis lists, [`MAX_LISTED_MOVES`].
        limit: u64,
    },
}

/// One legal move of a position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Move {
    /// Index of the heap moved on, in the position as given.
    pub heap_index: usize,
    /// Size of that heap.
    pub heap: u64,
    /// Stones (squares, pins) removed from the game.
    pub take: u64,
    /// Games on a row: the first square removed, counting from 1 at the left end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<u64>,
    /// Games on a row: the first and last square the piece itself covers (the pins knocked
    /// down, the domino, the cross); the other squares removed are the ones it makes
    /// unusable. The play page draws the move's button there.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub piece: Option<[u64; 2]>,
    /// The heaps left in place of the one moved on: in row order for games on a row,
    /// largest first otherwise. Empty heaps are not listed.
    pub left: Vec<u64>,
    /// Nim-sum of the normal-play values after the move (under misère play it is shown
    /// but does not decide).
    pub nim_sum_after: u64,
    /// Whether the move leaves a position lost for the opponent under the rule.
    pub winning: bool,
    /// The move in the game's own words.
    pub description: String,
}

/// Everything about a position: the document `grundy analyze --format json` prints and
/// `/api/analyze` returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Analysis {
    /// The game's name for people.
    pub game: String,
    /// The rule played: misère for `misere-nim` whatever was asked.
    pub rule: Rule,
    /// How moves were counted as different.
    pub convention: Convention,
    /// The heaps, in the order given.
    pub heaps: Vec<u64>,
    /// The normal-play value of each heap.
    pub values: Vec<u64>,
    /// The XOR of the values: the position's normal-play value.
    pub nim_sum: u64,
    /// Who wins with best play under the rule.
    pub outcome: Outcome,
    /// How many legal moves the position has (in the convention).
    pub legal_moves: u64,
    /// How many of them win.
    pub winning_moves: u64,
    /// Whether `moves` lists every legal move, or (a position too large to list) some.
    #[serde(default)]
    pub listed: Listed,
    /// Index in `moves` of the computer's choice (none when no move is left).
    pub computer_move: Option<usize>,
    /// Every legal move under the convention, by heap index, then in the game's order.
    pub moves: Vec<Move>,
    /// Under misère play: the method that answered (misère Nim's rule, the quotient or the
    /// exhaustive search).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub misere_method: Option<MisereMethod>,
}

impl Analysis {
    /// The position a move leaves: the heap moved on replaced, in place, by what is left.
    pub fn position_after(&self, m: &Move) -> Vec<u64> {
        after(&self.heaps, m.heap_index, &m.left)
    }

    /// The move the computer plays, if any move is left.
    pub fn computer(&self) -> Option<&Move> {
        self.computer_move.map(|i| &self.moves[i])
    }

    /// Whether no move is left.
    pub fn game_over(&self) -> bool {
        self.legal_moves == 0
    }

    /// The computer's move at a level: with probability `random` (0 to 1) a move drawn
    /// uniformly from the list, otherwise [`Analysis::computer`]'s choice. `seed` draws
    /// both, so a replayed game gets the same moves. An easier opponent for learners, whose
    /// chance of a random move the page states.
    pub fn computer_at_level(&self, random: f64, seed: u64) -> Option<&Move> {
        match crate::random::random_move(random, seed, self.moves.len()) {
            Some(i) => self.moves.get(i),
            None => self.computer(),
        }
    }

    /// Why a move is marked winning or losing, in a line a learner can check: the values
    /// of the heaps it leaves and their nim-sum ("leaves 3 ⊕ 1 ⊕ 2 = 0"), or under misère
    /// play the method that found it ([`Analysis::misere_method`]). `value(n)` is the normal-play value of a heap of n.
    pub fn reason(&self, m: &Move, mut value: impl FnMut(u64) -> u64) -> String {
        let verdict = if m.winning { "the opponent loses against perfect play" } else { "the opponent can win" };
        if self.rule == Rule::Misere {
            let how = if m.winning { "lost" } else { "won" };
            // The method that answered the analysis, in short (the quotient, Nim's rule or
            // the search): the words once came from a fixed string that named the search
            // whatever answered (issue 35).
            let by = self.misere_method.as_ref().map_or("by a search of every position".into(), MisereMethod::short);
            return format!("misère play: the position it leaves is {how} for the opponent {by}, so {verdict}");
        }
        let left: Vec<String> =
            self.position_after(m).into_iter().filter(|&h| h > 0).map(|h| value(h).to_string()).collect();
        if left.is_empty() {
            return "leaves nothing: the opponent cannot move and loses".to_string();
        }
        let sum = if m.nim_sum_after == 0 { "= 0".to_string() } else { format!("= {}, not 0", m.nim_sum_after) };
        format!("leaves values {} {sum}, so {verdict}", left.join(" ⊕ "))
    }

    /// Says every move in the terms of a board on which the heaps are stretches of longer
    /// rows: heap i lies in row `places[i].0` from square `places[i].1 + 1` on. The row
    /// keeps its letter and its squares their numbers, and a stretch is named by the
    /// squares it spans ("knock down pin 5 of row B (pins 5-7), leaving 2"), so the play
    /// page can draw the game as it started, with the pieces where they were played. Games
    /// not played on a row keep their words.
    pub fn describe_on_board(&mut self, game: &Game, places: &[(usize, u64)]) {
        let words = Words::of(game);
        if !words.on_a_row() {
            return;
        }
        for m in &mut self.moves {
            let Some(&(row, offset)) = places.get(m.heap_index) else { continue };
            m.description = describe_placed(game, (row, Some(offset)), m.heap, m.take, m.at, m.piece, &m.left);
        }
    }
}

/// Which moves an [`Analysis`] lists.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Listed {
    /// Every legal move.
    #[default]
    Every,
    /// A position with more moves than [`MAX_LISTED_MOVES`]: the winning moves (up to
    /// [`super::large::MAX_LISTED_WINNING`]), or when none wins the first legal move of
    /// each heap; the counts are still exact.
    Some,
}

/// The method that answered a misère position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MisereMethod {
    /// Misère Nim's rule (Bouton), exact at any size.
    NimRule,
    /// The misère quotient of the heaps up to `bound`, and past it by the repetition of
    /// its pretending function (not proved).
    Quotient {
        /// |Q|.
        order: usize,
        /// |P|.
        p_portion: usize,
        /// The largest heap it covers.
        bound: u64,
        /// Whether every position within the bound plays as misère Nim on its values.
        tame: bool,
        /// For heaps past `bound`: the repetition of φ that answered them, not proved.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        repetition: Option<Repetition>,
    },
    /// The memoized exhaustive search, limited to `limit` stones (on a graph, positions).
    Exhaustive {
        /// [`crate::position::exhaustive::MISERE_MAX_STONES`], or on a graph [`crate::position::exhaustive::MISERE_MAX_POSITIONS`].
        limit: u64,
        /// "stones", or "positions" on a graph.
        #[serde(default = "stones")]
        unit: String,
        /// Why the search answered: the quotient did not, or a game on a graph whose
        /// positions are few enough.
        reason: String,
    },
}

impl MisereMethod {
    /// The method in words: "by the misère quotient of order 6 (heaps up to 30)".
    pub fn describe(&self) -> String {
        match self {
            MisereMethod::NimRule => "by misère Nim's rule".into(),
            MisereMethod::Quotient { order, p_portion, bound, tame, repetition } => {
                let mut s =
                    format!("by the misère quotient of order {order} (heaps up to {bound}, {p_portion} P-elements)");
                if *tame {
                    s.push_str("; the game is tame there: it plays as misère Nim on the normal-play values");
                }
                if let Some(r) = repetition {
                    s.push_str(&format!(
                        "; heaps past {bound} by the repetition of its pretending function, period {} from heap {}, seen over heaps 0 to {} (MisereSolver's stop rule): not proved",
                        r.period, r.preperiod, r.seen - 1
                    ));
                }
                s
            }
            MisereMethod::Exhaustive { limit, unit, reason } => {
                format!("by exhaustive search (at most {limit} {unit}; {reason})")
            }
        }
    }

    /// The method in a few words, for a move's reason: "by misère Nim's rule", "by the
    /// misère quotient of order 40 (heaps up to 30)", "by a search of every position".
    pub fn short(&self) -> String {
        match self {
            MisereMethod::NimRule => "by misère Nim's rule".into(),
            MisereMethod::Quotient { order, bound, repetition: None, .. } => {
                format!("by the misère quotient of order {order} (heaps up to {bound})")
            }
            MisereMethod::Quotient { order, bound, repetition: Some(r), .. } => format!(
                "by the misère quotient of order {order} (heaps up to {bound}; beyond, its period {} from heap {}, not proved)",
                r.period, r.preperiod
            ),
            MisereMethod::Exhaustive { .. } => "by a search of every position".into(),
        }
    }
}

/// The repetition of the pretending function that answers heaps past a quotient's bound:
/// φ(n + period) = φ(n) for n >= preperiod, seen over heaps 0..seen (MisereSolver's stop
/// rule: 2·preperiod + 2·period + k + 2 <= seen), and not proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetition {
    /// The first heap of the repetition.
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
    /// Heaps over which it was seen, 0..seen.
    pub seen: u64,
    /// Whether a theorem proves it: always false here.
    pub proved: bool,
}

impl Repetition {
    /// The heap within the quotient's bound that heap `n` pretends to be: n itself below
    /// the preperiod, else the heap of the same residue in the first period.
    pub fn heap_within(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The unit of a search's limit before graphs had their own ("stones").
fn stones() -> String {
    "stones".into()
}
