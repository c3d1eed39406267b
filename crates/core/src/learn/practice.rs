//! Practice problems: "here are heaps ...; how many winning moves does the player to move
//! have?", with random heaps that a seed reproduces, and the answer checked against the
//! worked solution of [`super::explain`].

use thiserror::Error;

pub use crate::random::SplitMix64;

/// Largest heap in a practice problem, on the command line and on the page: the mex table
/// of the worked solution stays short enough to follow by hand.
pub const PRACTICE_MAX_HEAP: u64 = 12;

/// A practice problem: a position, and the question of how many winning moves it has.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    /// The seed that drew it.
    pub seed: u64,
    /// The heaps, in order.
    pub heaps: Vec<u64>,
}

/// The heaps of problem `seed`: two to four heaps of 1 to `max_heap` stones. Positions
/// where the player to move loses come up too (their answer is 0), as in the exercises.
pub fn problem(seed: u64, max_heap: u64) -> Problem {
    let mut rng = SplitMix64::new(seed);
    let count = rng.between(2, 4) as usize;
    let heaps = (0..count).map(|_| rng.between(1, max_heap.max(1))).collect();
    Problem { seed, heaps }
}

/// A reader's answer that is not a number of moves.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("expected the number of winning moves (0, 1, 2, ...), got {found:?}")]
pub struct AnswerError {
    /// The text given.
    pub found: String,
}

/// Reads a reader's answer: a whole number of winning moves, with spaces around allowed.
pub fn parse_answer(text: &str) -> Result<u64, AnswerError> {
    let t = text.trim();
    t.parse::<u64>().map_err(|_| AnswerError { found: t.to_string() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seeds_reproduce() {
        assert_eq!(problem(7, 12), problem(7, 12));
        assert_ne!(problem(7, 12).heaps, problem(8, 12).heaps);
        for seed in 0..500 {
            let p = problem(seed, 12);
            assert!((2..=4).contains(&p.heaps.len()));
            assert!(p.heaps.iter().all(|&h| (1..=12).contains(&h)));
        }
        // The first outputs of SplitMix64 from seed 0, as published with the algorithm.
        let mut r = SplitMix64::new(0);
        assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
        assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    }

    #[test]
    fn answers() {
        assert_eq!(parse_answer(" 3\n"), Ok(3));
        assert!(parse_answer("three").is_err());
        assert!(parse_answer("-1").is_err());
    }
}
