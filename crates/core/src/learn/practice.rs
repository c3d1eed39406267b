//! Practice problems: "here are heaps ...; how many winning moves does the player to move
//! have?", with random heaps that a seed reproduces, and the answer checked against the
//! worked solution of [`super::explain`].

use thiserror::Error;

/// A small deterministic generator (SplitMix64): the same seed gives the same problems on
/// every machine and in every version, which a shared seed between a teacher and a class
/// needs; no statistical quality beyond that is asked of it.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (the small bias of the modulo does not matter here).
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }
}

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
