//! Heap games beyond Grundy's game: take-and-break (octal) games by their code,
//! subtraction games, take-at-most-half and Nim, with one way to name them all ([`Game`])
//! and one list of the named ones ([`catalog`]).
//!
//! A take-and-break code lists digits d_0 . d_1 d_2 ...: digit d_k says what may be left
//! after taking k stones from a heap: bit 1 nothing (the heap had exactly k), bit 2 one
//! heap, bit 4 two heaps, bit 8 three heaps (hexadecimal digits, as in CGSuite). The digit
//! before the point governs taking no stones, so it may only split. A `!` anywhere in the
//! code means the heaps left must all be different (CGSuite's notation): Grundy's game is
//! `4!.0`.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use thiserror::Error;

pub use graph::{GraphError, GraphGame};

pub use take_and_break::{TakeAndBreak, MAX_DIGITS};

pub mod catalog;
pub mod graph;
mod options;
pub(crate) mod placement;
mod take_and_break;
pub mod words;

/// Why a game description was refused. Every field holds the text as the user typed it.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum GameError {
    /// Nothing was given.
    #[error("empty game code")]
    Empty,
    /// A code with two points.
    #[error("game code {code:?} has more than one point")]
    TwoPoints {
        /// The code.
        code: String,
    },
    /// A character that is not a hexadecimal digit, '.' or '!'.
    #[error("game code {code:?} has {found:?} at position {at}, which is not a hexadecimal digit, '.' or '!'")]
    BadChar {
        /// The code.
        code: String,
        /// The character found.
        found: char,
        /// Its position, counting characters from 0.
        at: usize,
    },
    /// More than one digit before the point.
    #[error("game code {code:?} has more than one digit before the point")]
    LongIntegerPart {
        /// The code.
        code: String,
    },
    /// More digits than [`MAX_DIGITS`].
    #[error("game code {code:?} is too long (at most {MAX_DIGITS} digits after the point)")]
    TooLong {
        /// The code.
        code: String,
    },
    /// A digit before the point that would allow a move leaving the heap as it was.
    #[error("game code {code:?}: the digit before the point may only split a heap (0, 4, 8 or c); {digit:x} would let a player take no stones and leave the heap as it was")]
    PassMove {
        /// The code.
        code: String,
        /// The digit before the point.
        digit: u8,
    },
    /// Two '!' marks.
    #[error("game code {code:?} has more than one '!'")]
    TwoBangs {
        /// The code.
        code: String,
    },
    /// Every digit is 0: no heap has a move, so there is nothing to play or compute.
    #[error("game {code} has no moves")]
    NoMoves {
        /// The code.
        code: String,
    },
    /// A subtraction set that cannot be read.
    #[error("subtraction set {text:?}: {reason}")]
    BadSubtractionSet {
        /// The set as typed.
        text: String,
        /// What is wrong with it.
        reason: String,
    },
    /// `graph:FILE` reached the core, which reads no files: the front end reads the file
    /// and calls [`Game::graph`].
    #[error(
        "graph:{file} names a file, which the command line reads (here only a graph's text can be given: Game::graph)"
    )]
    GraphFile {
        /// The file named.
        file: String,
    },
    /// Not a name, code or set grundy knows.
    #[error("unknown game {name:?} (try {}, an octal code like .137 or 4!.0, or a subtraction set like s1,2,3 or {{1,2,3}})", catalog::ids())]
    Unknown {
        /// The name as typed.
        name: String,
    },
}

/// Which periodicity theorem covers a game, with what it needs to know of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PeriodicityTheorem {
    /// Octal games (Guy and Smith): `max_take` is the most stones one move takes.
    Octal {
        /// The most stones one move takes (the code's last nonzero digit's index).
        max_take: usize,
    },
    /// Finite subtraction games: `max_take` is the largest element of the set.
    Subtraction {
        /// The largest element of the subtraction set.
        max_take: usize,
    },
}

/// The subtraction set of a subtraction game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubtractionSet {
    /// Take exactly s stones, s in the set (sorted, distinct, positive).
    Finite(Vec<u64>),
    /// Take a positive square number of stones.
    Squares,
}

/// One of the heap games grundy knows, by name or description.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Game {
    /// Grundy's game, with its own fast sweep.
    Grundy,
    /// A take-and-break game by its code.
    TakeAndBreak(TakeAndBreak),
    /// A subtraction game.
    Subtraction(SubtractionSet),
    /// Take k stones with 1 <= k <= n / 2.
    TakeAtMostHalf,
    /// Take any positive number of stones.
    Nim,
    /// A game given by its graph (a token moves along an edge): heap v is a token on vertex v.
    Graph(Arc<GraphGame>),
}

impl Game {
    /// Parses a game: a name of the [`catalog`] (`kayles`, `dominoes`, ...), a
    /// take-and-break code (`.07`, `4!.0`), or a subtraction set (`s1,2,3` or `{1,2,3}`: only
    /// text of that shape is read as a set, so a misspelt name is an unknown game).
    pub fn parse(text: &str) -> Result<Game, GameError> {
        let t = text.trim();
        if t.is_empty() {
            return Err(GameError::Empty);
        }
        if let Some(file) = t.strip_prefix("graph:") {
            return Err(GameError::GraphFile { file: file.to_string() });
        }
        if let Some(entry) = catalog::find(t) {
            return Ok(entry.game());
        }
        let after_s = t.strip_prefix(['s', 'S']).map(str::trim_start);
        if t.starts_with('{') || after_s.is_some_and(|r| r.starts_with(|c: char| c.is_ascii_digit() || c == '{')) {
            return parse_set(t);
        }
        if t.chars().all(|c| c == '.' || c == '!' || c.is_ascii_hexdigit()) {
            let g = TakeAndBreak::parse(t)?;
            return Ok(if g.is_grundys_game() { Game::Grundy } else { Game::TakeAndBreak(g) });
        }
        Err(GameError::Unknown { name: t.to_string() })
    }

    /// A short name for people.
    pub fn name(&self) -> String {
        match self {
            Game::Grundy => "Grundy's game (4!.0)".into(),
            Game::TakeAndBreak(g) => format!("take-and-break {}", g.code()),
            Game::Subtraction(SubtractionSet::Finite(s)) => {
                let s: Vec<String> = s.iter().map(u64::to_string).collect();
                format!("subtraction game {{{}}}", s.join(","))
            }
            Game::Subtraction(SubtractionSet::Squares) => "subtract-a-square".into(),
            Game::TakeAtMostHalf => "take-at-most-half".into(),
            Game::Nim => "Nim".into(),
            Game::Graph(g) => format!("the game on graph {}", g.label()),
        }
    }

    /// The rules in one line: the catalog's words for a game it names, otherwise written
    /// from the game's description (a take-and-break code, a subtraction set).
    pub fn rules(&self) -> String {
        if let Some(entry) = catalog::entry_of(self) {
            return entry.rules.to_string();
        }
        match self {
            Game::Subtraction(SubtractionSet::Finite(s)) => {
                let s: Vec<String> = s.iter().map(u64::to_string).collect();
                let list = match s.as_slice() {
                    [one] => one.clone(),
                    [init @ .., last] => format!("{} or {last}", init.join(", ")),
                    [] => String::new(),
                };
                format!("Take {list} stones from one heap.")
            }
            Game::TakeAndBreak(t) => format!("Take-and-break code {}: {}", t.code(), t.rules_in_words()),
            Game::Graph(g) => format!(
                "Move one token along a move of graph {} ({} vertices, {} moves); a token with no move is dead.",
                g.label(),
                g.len(),
                g.edges()
            ),
            // Every other game has a catalog entry.
            _ => self.name(),
        }
    }

    /// The rule of a heap's moves in a form that lets them be counted without listing them
    /// (positions too large to list, [`crate::position::large`]).
    pub fn move_rule(&self) -> MoveRule<'_> {
        match self {
            Game::Nim => MoveRule::TakeAny,
            Game::TakeAndBreak(t) if t.digits().iter().all(|&d| d < 8) => {
                MoveRule::Digits { digits: t.digits(), unequal: t.unequal() }
            }
            _ => MoveRule::Other,
        }
    }

    /// The game's code when it is an octal game (digits below 8, no `!`; Grundy's game is
    /// not): the games of the octal sweep.
    pub fn octal(&self) -> Option<&TakeAndBreak> {
        match self {
            Game::TakeAndBreak(t) if t.is_octal() => Some(t),
            _ => None,
        }
    }

    /// A game on the graph in `text` (the format of [`graph`]), called `label`.
    pub fn graph(label: &str, text: &str) -> Result<Game, GraphError> {
        GraphGame::parse(label, text).map(|g| Game::Graph(Arc::new(g)))
    }

    /// The largest heap the game has, for a finite game (a graph: its vertices); `None` when
    /// every heap size is a position.
    pub fn largest_heap(&self) -> Option<u64> {
        match self {
            Game::Graph(g) => Some(g.len()),
            _ => None,
        }
    }

    /// For a finite game (a graph), an upper bound on the positions a search from `heaps`
    /// visits ([`GraphGame::positions_from`]); `None` for heap games, whose searches are
    /// bounded by their stones.
    pub fn search_positions(&self, heaps: &[u64]) -> Option<u64> {
        match self {
            Game::Graph(g) => Some(g.positions_from(heaps)),
            _ => None,
        }
    }

    /// The heap a vertex's name stands for, on a graph; `None` for an unknown name and for
    /// every other game (whose heaps are counts, read by the front end's count parser).
    pub fn heap_named(&self, text: &str) -> Option<u64> {
        match self {
            Game::Graph(g) => g.vertex(text.trim()),
            _ => None,
        }
    }

    /// How heap `n` is written for people: a vertex's name on a graph, the number otherwise.
    pub fn heap_name(&self, n: u64) -> String {
        match self {
            Game::Graph(g) => g.name(n).map_or_else(|| "no token".to_string(), str::to_string),
            _ => n.to_string(),
        }
    }

    /// The periodicity theorem that covers this game, if one does (octal codes and finite
    /// subtraction sets).
    pub fn periodicity_theorem(&self) -> Option<PeriodicityTheorem> {
        match self {
            Game::TakeAndBreak(t) if t.is_octal() => Some(PeriodicityTheorem::Octal { max_take: t.max_take() }),
            Game::Subtraction(SubtractionSet::Finite(set)) => {
                Some(PeriodicityTheorem::Subtraction { max_take: *set.last().unwrap_or(&1) as usize })
            }
            _ => None,
        }
    }

    /// Whether misère play has an exact rule at any size (misère Nim's).
    pub fn has_misere_nim_rule(&self) -> bool {
        matches!(self, Game::Nim)
    }

    /// An upper bound on the moves from one heap of `n`, in any convention, found without
    /// listing them: so that a position whose moves would not fit in memory is refused
    /// before they are listed.
    pub fn heap_move_bound(&self, n: u64) -> u64 {
        match self {
            Game::Grundy | Game::TakeAtMostHalf => n / 2,
            Game::Nim => n,
            Game::Graph(g) => g.moves(n).len() as u64,
            Game::Subtraction(SubtractionSet::Finite(set)) => set.len() as u64,
            Game::Subtraction(SubtractionSet::Squares) => n.isqrt() + 1,
            Game::TakeAndBreak(t) => t.digits().iter().enumerate().fold(0u64, |sum, (k, &d)| {
                let rest = n.saturating_sub(k as u64);
                // Nothing or one heap left: at most 2; two heaps: at most one per placement
                // on a row of n; three heaps: fewer than (rest / 3 + 1) * (rest / 2 + 1).
                // Saturating: `n + 1` wrapped to 0 at n = 2^64 - 1, and a bound of a few
                // moves let the analysis list 2^63 of them (issue 35).
                let three = if d & 8 != 0 { (rest / 3 + 1).saturating_mul(rest / 2 + 1) } else { 0 };
                sum.saturating_add(2).saturating_add(n.saturating_add(1)).saturating_add(three)
            }),
        }
    }
}

/// A heap's moves, described for counting ([`Game::move_rule`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveRule<'a> {
    /// Take any number of stones (Nim).
    TakeAny,
    /// A take-and-break code that leaves at most two heaps: digit k says what taking k may
    /// leave (1: nothing, 2: one heap, 4: two heaps); `unequal`: two heaps must differ.
    Digits {
        /// The code's digits, d_0 first.
        digits: &'a [u8],
        /// Whether the heaps left must differ (`!`).
        unequal: bool,
    },
    /// Any other rule.
    Other,
}

/// Who loses: the player who cannot move (normal play) or the one who made the last move.
/// A rule applies to any game; a name may imply one (`misere-nim`: see [`Played`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Rule {
    /// Normal play: the player who cannot move loses.
    #[default]
    Normal,
    /// Misère play: the player who makes the last move loses.
    Misere,
}

/// A game with the rule it is played under, as a name may give both: `misere-nim` is Nim
/// under the misère rule; every other name is its game under normal play.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// The game.
    pub game: Game,
    /// The rule its name implies.
    pub rule: Rule,
}

impl Played {
    /// Parses a name, code or set as [`Game::parse`] does, with the rule the name implies.
    pub fn parse(text: &str) -> Result<Played, GameError> {
        let game = Game::parse(text)?;
        let rule = catalog::find(text).map_or(Rule::Normal, |e| e.rule);
        Ok(Played { game, rule })
    }
}

/// A game played on heaps, one heap at a time.
pub trait HeapGame {
    /// Every move from a single heap of `n` stones: what is taken and which heaps are left
    /// (heaps of size 0 are not listed). Distinct moves that leave the same heaps may both
    /// be listed; callers treat them as one position.
    fn heap_moves(&self, n: u64) -> Vec<HeapMove>;
}

/// One move on one heap.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct HeapMove {
    /// Stones removed from the game.
    pub take: u64,
    /// The heaps left in place of the one moved on, largest first.
    pub left: Vec<u64>,
}

/// Grundy's game: split one heap into two heaps of different sizes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GrundysGame;

impl HeapGame for GrundysGame {
    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        (1..n).take_while(|&a| a < n - a).map(|a| HeapMove { take: 0, left: vec![n - a, a] }).collect()
    }
}

fn parse_set(text: &str) -> Result<Game, GameError> {
    let bad = |reason: &str| GameError::BadSubtractionSet { text: text.to_string(), reason: reason.to_string() };
    let body = text.trim_start_matches(['s', 'S']).trim();
    let inner = match (body.strip_prefix('{'), body.ends_with('}')) {
        (Some(rest), true) => &rest[..rest.len() - 1],
        (None, false) => body,
        _ => return Err(bad("unbalanced braces")),
    };
    if inner.contains(['{', '}']) {
        return Err(bad("unbalanced braces"));
    }
    let mut set = Vec::new();
    for token in inner.split(',').map(str::trim) {
        if token.is_empty() {
            return Err(bad("an empty element"));
        }
        let s: u64 = token.parse().map_err(|_| bad(&format!("{token:?} is not a positive whole number")))?;
        if s == 0 {
            return Err(bad("0 is not a move"));
        }
        if s > 1_000_000 {
            return Err(bad("elements above 1,000,000 are not supported"));
        }
        set.push(s);
    }
    set.sort_unstable();
    set.dedup();
    if set.len() > 64 {
        return Err(bad("at most 64 elements"));
    }
    Ok(Game::Subtraction(SubtractionSet::Finite(set)))
}

impl HeapGame for Game {
    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        let leave = |take: u64| HeapMove { take, left: if take == n { vec![] } else { vec![n - take] } };
        match self {
            Game::Grundy => GrundysGame.heap_moves(n),
            Game::TakeAndBreak(g) => g.heap_moves(n),
            Game::Subtraction(SubtractionSet::Finite(set)) => {
                set.iter().copied().filter(|&s| s <= n).map(leave).collect()
            }
            Game::Subtraction(SubtractionSet::Squares) => {
                (1..).map(|i: u64| i * i).take_while(|&s| s <= n).map(leave).collect()
            }
            Game::TakeAtMostHalf => (1..=n / 2).map(leave).collect(),
            Game::Nim => (1..=n).map(leave).collect(),
            Game::Graph(g) => g.moves(n).iter().map(|&w| HeapMove { take: 0, left: vec![u64::from(w)] }).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes() {
        let g = TakeAndBreak::parse("0.07").unwrap();
        assert_eq!(g.digits(), &[0, 0, 7]);
        assert_eq!(TakeAndBreak::parse(".07").unwrap().digits(), g.digits());
        assert_eq!(TakeAndBreak::parse("4.07").unwrap().digits(), &[4, 0, 7]);
        assert_eq!(TakeAndBreak::parse(".1370").unwrap().max_take(), 3);
        assert!(TakeAndBreak::parse(".137").unwrap().is_octal());
        assert!(!TakeAndBreak::parse(".f").unwrap().is_octal());
        assert!(Game::parse("4!.0").unwrap() == Game::Grundy);
        assert!(Game::parse("Kayles").unwrap() == Game::parse(".77").unwrap());
        assert!(Game::parse("Dawson's Kayles").unwrap() == Game::parse("0.07").unwrap());
        assert!(Game::parse("crosses").unwrap() == Game::parse(".137").unwrap());
        assert_eq!(Game::parse("s3,1,3").unwrap(), Game::Subtraction(SubtractionSet::Finite(vec![1, 3])));
        assert_eq!(Game::parse("{1,2,3}").unwrap(), Game::Subtraction(SubtractionSet::Finite(vec![1, 2, 3])));
    }

    #[test]
    fn malformed_codes_are_errors() {
        assert_eq!(TakeAndBreak::parse(""), Err(GameError::Empty));
        assert_eq!(TakeAndBreak::parse("!"), Err(GameError::Empty));
        assert!(matches!(TakeAndBreak::parse(".0.7"), Err(GameError::TwoPoints { .. })));
        assert!(matches!(TakeAndBreak::parse(".0g"), Err(GameError::BadChar { found: 'g', at: 2, .. })));
        assert!(matches!(TakeAndBreak::parse("12.3"), Err(GameError::LongIntegerPart { .. })));
        assert!(matches!(TakeAndBreak::parse(&format!(".{}", "7".repeat(40))), Err(GameError::TooLong { .. })));
        assert!(matches!(TakeAndBreak::parse("2.07"), Err(GameError::PassMove { digit: 2, .. })));
        assert!(matches!(TakeAndBreak::parse("4!!.0"), Err(GameError::TwoBangs { .. })));
        assert!(matches!(Game::parse("s1,,2"), Err(GameError::BadSubtractionSet { .. })));
        assert!(matches!(Game::parse("s0"), Err(GameError::BadSubtractionSet { .. })));
        assert!(matches!(Game::parse("chess"), Err(GameError::Unknown { .. })));
    }

    /// Issue 13: codes whose digits are all 0 have no moves; braces must balance; only
    /// `s<digits>` and `{...}` are subtraction sets.
    #[test]
    fn games_with_no_moves_and_malformed_sets() {
        for code in [".", "0", "!.", ".0", "0.000"] {
            assert_eq!(Game::parse(code), Err(GameError::NoMoves { code: code.into() }), "{code}");
        }
        assert_eq!(Game::parse(".0").unwrap_err().to_string(), "game .0 has no moves");
        assert!(Game::parse("4.").is_ok(), "4. splits a heap in two without taking");
        for set in ["{1,2", "s{1,2", "s1,2}", "{1,{2}}"] {
            assert_eq!(
                Game::parse(set),
                Err(GameError::BadSubtractionSet { text: set.into(), reason: "unbalanced braces".into() }),
                "{set}"
            );
        }
        assert_eq!(Game::parse("s{1, 2}").unwrap(), Game::Subtraction(SubtractionSet::Finite(vec![1, 2])));
        for name in ["sprague", "s", "S-x"] {
            assert_eq!(Game::parse(name), Err(GameError::Unknown { name: name.into() }), "{name}");
        }
        assert!(Game::parse("sprague").unwrap_err().to_string().contains("dawsons-chess, s1,2,3, half"));
    }

    #[test]
    fn moves() {
        let kayles = Game::parse("kayles").unwrap();
        let m: Vec<(u64, Vec<u64>)> = kayles.heap_moves(3).into_iter().map(|m| (m.take, m.left)).collect();
        assert_eq!(m, vec![(1, vec![2]), (1, vec![1, 1]), (2, vec![1])]);
        assert!(kayles.heap_moves(0).is_empty());
        let g = Game::parse("4!.0").unwrap();
        assert_eq!(g.heap_moves(6).len(), 2);
        let three = TakeAndBreak::parse("8.").unwrap();
        assert_eq!(
            three.heap_moves(6).into_iter().map(|m| m.left).collect::<Vec<_>>(),
            vec![vec![4, 1, 1], vec![3, 2, 1], vec![2, 2, 2]]
        );
        assert_eq!(Game::parse("half").unwrap().heap_moves(5).len(), 2);
    }
}
