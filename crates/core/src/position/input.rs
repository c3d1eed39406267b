//! Reading a move typed by a player, as a pure function of the line and the analysis of
//! the position, so that it is tested on arbitrary text and never panics.
//!
//! Accepted: `quit` (`q`), `hint` (`h`, `?`), a move's number in the list (`3`), or a
//! heap followed by numbers. The heap is its letter (`B`) or its size (`7`). For Grundy's
//! game the numbers are the new heaps (`7 4` or `7 4 3` or `7 -> 4 + 3`); for other games
//! the first is how many to take and the rest, if given, the heaps to leave (`10 1 4 5`:
//! take 1 from the heap of 10, leaving 4 and 5).

use thiserror::Error;

use crate::position::model::{heap_index_of_label, Analysis, Listed, Move};

/// What the player asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// Stop playing (`quit`, `q`, `exit`).
    Quit,
    /// Ask for a hint (`hint`, `h`, `?`).
    Hint,
    /// Play the move at this index of the analysis's list.
    Play(usize),
    /// In a position too large to list every move ([`Listed::Some`]), a move not in the
    /// list: heap `heap_index`, taking `take`, leaving `left` if given. The caller checks it
    /// against the rules ([`crate::position::large::typed_move`]).
    Typed {
        /// The heap moved on.
        heap_index: usize,
        /// Stones taken.
        take: u64,
        /// The heaps to leave, as typed.
        left: Option<Vec<u64>>,
    },
}

/// Why a line was not understood; each reads as one line for the player.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum InputError {
    #[error("type a move")]
    /// The line was blank.
    Empty,
    /// A word that should be a number (the text found) is not one.
    #[error("{0:?} is not a number")]
    NotANumber(String),
    /// A lone number is not a move's number (0, or past the end of the list).
    #[error("there is no move {number}; moves are numbered 1 to {count}")]
    NoSuchMove {
        /// The number typed.
        number: String,
        /// How many moves the list has.
        count: usize,
    },
    /// A heap letter past the last heap (the letter, in capitals).
    #[error("there is no heap {0}")]
    NoSuchHeap(String),
    /// A heap was named by its letter with nothing after it (the letter as typed).
    #[error("give a heap and then numbers, e.g. \"{0} 2\"")]
    HeapOnly(String),
    /// The heap and numbers describe no legal move (the line, trimmed).
    #[error("no legal move matches {0:?}")]
    NoMatch(String),
    /// More than one legal move fits what was typed (the line, trimmed).
    #[error("several moves match {0:?}: add the heaps to leave, or use the move's number")]
    Ambiguous(String),
}

/// Reads one line typed during `analysis`'s position of a game in which every move
/// splits without taking (`splits_only`, Grundy's game) or not.
pub fn parse_input(line: &str, analysis: &Analysis, splits_only: bool) -> Result<Command, InputError> {
    let text = line.trim();
    match text.to_ascii_lowercase().as_str() {
        "quit" | "q" | "exit" => return Ok(Command::Quit),
        "hint" | "h" | "?" => return Ok(Command::Hint),
        _ => {}
    }
    let cleaned = text.replace("->", " ");
    let tokens: Vec<&str> =
        cleaned.split(|c: char| c.is_whitespace() || ",+:=".contains(c)).filter(|t| !t.is_empty()).collect();
    let number = |t: &str| t.parse::<u64>().map_err(|_| InputError::NotANumber(t.to_string()));
    let Some((&first, rest)) = tokens.split_first() else { return Err(InputError::Empty) };
    let by_letter = heap_index_of_label(first);
    if rest.is_empty() {
        if by_letter.is_some_and(|i| i < analysis.heaps.len()) {
            return Err(InputError::HeapOnly(first.to_string()));
        }
        let k = number(first)?;
        let count = analysis.moves.len();
        return match usize::try_from(k) {
            Ok(k) if (1..=count).contains(&k) => Ok(Command::Play(k - 1)),
            _ => Err(InputError::NoSuchMove { number: first.to_string(), count }),
        };
    }
    // The heap by its letter, or every heap of a size (the first of them for a typed move).
    let (letter, size) = match by_letter {
        Some(i) if i < analysis.heaps.len() => (Some(i), None),
        Some(_) => return Err(InputError::NoSuchHeap(first.to_ascii_uppercase())),
        None => (None, Some(number(first)?)),
    };
    let heap_matches = |m: &Move| letter.map_or(Some(m.heap) == size, |i| m.heap_index == i);
    let heap_index = letter.or_else(|| analysis.heaps.iter().position(|&h| Some(h) == size));
    let numbers: Vec<u64> = rest.iter().map(|t| number(t)).collect::<Result<_, _>>()?;
    let sorted = |v: &[u64]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    let matches = |m: &Move| -> bool {
        if splits_only {
            if numbers.len() == 1 {
                m.left.contains(&numbers[0])
            } else {
                sorted(&numbers) == sorted(&m.left)
            }
        } else {
            m.take == numbers[0] && (numbers.len() == 1 || sorted(&numbers[1..]) == sorted(&m.left))
        }
    };
    let found: Vec<usize> = (0..analysis.moves.len())
        .filter(|&j| heap_matches(&analysis.moves[j]) && matches(&analysis.moves[j]))
        .collect();
    let Some(&first_found) = found.first() else {
        // Not among the moves listed of a position too large to list them all: the caller
        // checks it against the rules.
        return match heap_index {
            Some(heap_index) if analysis.listed == Listed::Some && !splits_only => Ok(Command::Typed {
                heap_index,
                take: numbers[0],
                left: (numbers.len() > 1).then(|| numbers[1..].to_vec()),
            }),
            _ => Err(InputError::NoMatch(text.to_string())),
        };
    };
    // Moves on equal heaps (or mirror placements) that leave the same multiset are the same
    // choice for the player: take the first.
    let result = |j: usize| {
        let m = &analysis.moves[j];
        let mut position = analysis.position_after(m);
        position.sort_unstable();
        position
    };
    let target = result(first_found);
    if found.iter().all(|&j| result(j) == target) {
        Ok(Command::Play(first_found))
    } else {
        Err(InputError::Ambiguous(text.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::position::model::{analyze, Convention, Rule};

    fn analysis(name: &str, heaps: &[u64]) -> Analysis {
        analyze(&Game::parse(name).unwrap(), heaps, Rule::Normal, Convention::Heaps, |_| 0).unwrap()
    }

    #[test]
    fn the_split_7_into_4_and_3() {
        let a = analysis("grundy", &[7]);
        for line in ["7 4 3", "7 3 4", "7 4", "7 -> 4 + 3", "A 4 3", "a 3"] {
            let Ok(Command::Play(j)) = parse_input(line, &a, true) else { panic!("{line:?} refused") };
            assert_eq!(a.moves[j].left, vec![4, 3], "{line:?}");
        }
        assert!(matches!(parse_input("7 5 3", &a, true), Err(InputError::NoMatch(_))));
    }

    #[test]
    fn numbers_heaps_and_errors() {
        let a = analysis("kayles", &[10, 4]);
        assert_eq!(parse_input(" quit ", &a, false), Ok(Command::Quit));
        assert_eq!(parse_input("hint", &a, false), Ok(Command::Hint));
        assert_eq!(parse_input("1", &a, false), Ok(Command::Play(0)));
        assert!(matches!(parse_input("0", &a, false), Err(InputError::NoSuchMove { .. })));
        assert!(matches!(parse_input("99999999999999999999999", &a, false), Err(InputError::NotANumber(_))));
        assert!(matches!(parse_input("b", &a, false), Err(InputError::HeapOnly(_))));
        assert!(matches!(parse_input("x", &a, false), Err(InputError::NotANumber(_))));
        assert!(matches!(parse_input("C 1", &a, false), Err(InputError::NoSuchHeap(_))));
        assert!(matches!(parse_input("10 1", &a, false), Err(InputError::Ambiguous(_))));
        assert!(matches!(parse_input("", &a, false), Err(InputError::Empty)));
        let Ok(Command::Play(j)) = parse_input("10 1 4 5", &a, false) else { panic!() };
        assert_eq!((a.moves[j].heap, a.moves[j].take, a.moves[j].left.clone()), (10, 1, vec![4, 5]));
        // Equal heaps: either heap of 5 is the same choice.
        let a = analysis("s1,2,3", &[5, 5]);
        assert_eq!(parse_input("5 2", &a, false), Ok(Command::Play(1)));
        assert_eq!(parse_input("B 2", &a, false), Ok(Command::Play(4)));
    }
}
