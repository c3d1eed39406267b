//! Why a game's text was refused: [`GameError`], with the text as the user typed it.

use thiserror::Error;

use super::catalog;
use super::MAX_DIGITS;

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
    /// A code in the general notation that cannot be read.
    #[error("game code {code:?}: {reason}")]
    BadCode {
        /// The code.
        code: String,
        /// What is wrong with it.
        reason: String,
    },
    /// A code whose play could go on for ever (CGSuite's loopy codes).
    #[error("game code {code} is loopy: {reason}")]
    Loopy {
        /// The code.
        code: String,
        /// The move that makes it so.
        reason: String,
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
    /// and calls [`super::Game::graph`].
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
