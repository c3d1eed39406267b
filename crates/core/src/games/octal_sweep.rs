//! The sparse-space method for octal games (digits below 8, no `!`), after Flammenkamp
//! and the tczajka/octal-games project: a mask m splits values into *rare* (an even number
//! of 1-bits under m) and *common*. Rare ^ rare and common ^ common are rare, so a common
//! option of a split comes only from a split with exactly one rare part. Stage 1 marks
//! those over the (few) rare heaps and takes the smallest common value c not an option;
//! stage 2 scans the splits until every rare value below c has been seen.
//!
//! The result is exact for any mask; a good mask (found from the first values) only
//! makes it fast. Tested against the definition ([`crate::games::sequence`]).

use crate::games::TakeAndBreak;
use crate::Value;

/// G(0..N) of an octal game by the sparse-space method.
pub struct OctalSweep {
    digits: Vec<u8>,
    /// Stones taken by the moves that split (bit 4).
    split_takes: Vec<usize>,
    mask: Value,
    values: Vec<Value>,
    rare: Vec<(usize, Value)>,
    /// Scratch sets of values, as bit words.
    marked: Vec<u64>,
    need: Vec<u64>,
}

/// Whether `v` is rare under `mask`.
#[inline]
pub fn is_rare(v: Value, mask: Value) -> bool {
    (v & mask).count_ones().is_multiple_of(2)
}

impl OctalSweep {
    /// A sweep of `game` (which must be octal: digits below 8, no `!`) with rare/common mask `mask`.
    pub fn new(game: &TakeAndBreak, mask: Value) -> Option<OctalSweep> {
        if !game.is_octal() {
            return None;
        }
        let digits = game.digits().to_vec();
        let split_takes = digits.iter().enumerate().filter(|(_, &d)| d & 4 != 0).map(|(k, _)| k).collect();
        Some(OctalSweep {
            digits,
            split_takes,
            mask,
            values: Vec::new(),
            rare: Vec::new(),
            marked: Vec::new(),
            need: Vec::new(),
        })
    }

    /// The mask under which the fewest of the heaps n0/2 .. n0 have rare values, judged from
    /// the first n0 values (computed by the definition).
    pub fn find_mask(game: &TakeAndBreak, n0: usize) -> Value {
        let g = crate::games::sequence::values(&crate::games::Game::TakeAndBreak(game.clone()), n0).unwrap_or_default();
        let max = g.iter().copied().max().unwrap_or(1).max(1);
        let bits = 16 - max.leading_zeros();
        let late = &g[n0 / 2..];
        (1..(1u32 << bits) as Value).min_by_key(|&m| (late.iter().filter(|&&v| is_rare(v, m)).count(), m)).unwrap_or(1)
    }

    /// A mask judged from more values: the one of [`OctalSweep::find_mask`], refined on
    /// G(0..n1) computed by a sweep under it, allowing one bit above the largest value
    /// seen (the masks of games whose values keep growing have high bits).
    pub fn find_mask_refined(game: &TakeAndBreak, n1: usize) -> Value {
        let first = OctalSweep::find_mask(game, 4096.min(n1));
        let Some(mut s) = OctalSweep::new(game, first) else { return first };
        if s.run_to(n1).is_none() {
            return first;
        }
        let g = s.values();
        let max = g.iter().copied().max().unwrap_or(1).max(1);
        let bits = (16 - max.leading_zeros() + 1).min(15);
        let late = &g[n1 / 2..];
        (1..(1u32 << bits) as Value)
            .min_by_key(|&m| (late.iter().filter(|&&v| is_rare(v, m)).count(), m))
            .unwrap_or(first)
    }

    pub fn values(&self) -> &[Value] {
        &self.values
    }

    /// The rare heaps so far, with their values.
    pub fn rare_heaps(&self) -> &[(usize, Value)] {
        &self.rare
    }

    pub fn mask(&self) -> Value {
        self.mask
    }

    /// Computes until G(0..end) are known; `None` if a value would not fit in 16 bits.
    pub fn run_to(&mut self, end: usize) -> Option<()> {
        while self.values.len() < end {
            let v = self.next()?;
            let n = self.values.len();
            if is_rare(v, self.mask) {
                self.rare.push((n, v));
            }
            self.values.push(v);
        }
        Some(())
    }

    fn set(words: &mut Vec<u64>, v: usize) {
        if v / 64 >= words.len() {
            words.resize(v / 64 + 1, 0);
        }
        words[v / 64] |= 1 << (v % 64);
    }

    fn has(words: &[u64], v: usize) -> bool {
        words.get(v / 64).is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    fn next(&mut self) -> Option<Value> {
        let n = self.values.len();
        let g = &self.values;
        let mask = self.mask;
        self.marked.iter_mut().for_each(|w| *w = 0);
        // Moves that leave no heap or one heap: few, marked whatever their class.
        for (k, &d) in self.digits.iter().enumerate().skip(1).take_while(|&(k, _)| k <= n) {
            if d & 1 != 0 && n == k {
                Self::set(&mut self.marked, 0);
            }
            if d & 2 != 0 && n > k {
                Self::set(&mut self.marked, g[n - k] as usize);
            }
        }
        let direct: Vec<u64> = self.marked.clone();
        // Stage 1: common options need exactly one rare part.
        for &k in &self.split_takes {
            if k + 2 > n {
                continue;
            }
            let rest = n - k;
            for &(r, rv) in self.rare.iter().take_while(|&&(r, _)| r < rest) {
                if r == 0 {
                    continue;
                }
                let x = rv ^ g[rest - r];
                if !is_rare(x, mask) {
                    Self::set(&mut self.marked, x as usize);
                }
            }
        }
        let c = (0..).find(|&v: &usize| !is_rare(v as Value, mask) && !Self::has(&self.marked, v))?;
        // Stage 2: the rare values below c that no direct move gives.
        self.need.clear();
        let mut missing = 0;
        for v in 0..c {
            if is_rare(v as Value, mask) && !Self::has(&direct, v) {
                Self::set(&mut self.need, v);
                missing += 1;
            }
        }
        if missing > 0 {
            'scan: for &k in &self.split_takes {
                if k + 2 > n {
                    continue;
                }
                let rest = n - k;
                for a in 1..=rest / 2 {
                    let x = (g[a] ^ g[rest - a]) as usize;
                    if Self::has(&self.need, x) {
                        self.need[x / 64] &= !(1 << (x % 64));
                        missing -= 1;
                        if missing == 0 {
                            break 'scan;
                        }
                    }
                }
            }
        }
        let value =
            if missing == 0 { c } else { (0..c).find(|&v| Self::has(&self.need, v)).expect("a missing rare value") };
        Value::try_from(value).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Game;

    #[test]
    fn equals_the_definition() {
        for code in [
            ".6", ".14", ".04", ".06", ".11377", ".177", ".45", "0.014", "0.034", "0.161", ".77", ".137", "4.07",
            ".356",
        ] {
            let game = TakeAndBreak::parse(code).unwrap();
            let expected = crate::games::sequence::values(&Game::TakeAndBreak(game.clone()), 3000).unwrap();
            for mask in [OctalSweep::find_mask(&game, 1024), 1, 0x7fff] {
                let mut s = OctalSweep::new(&game, mask).unwrap();
                s.run_to(3000).unwrap();
                assert_eq!(s.values(), &expected[..], "{code} with mask {mask:x}");
            }
        }
        assert!(OctalSweep::new(&TakeAndBreak::parse("4!.0").unwrap(), 1).is_none());
    }
}
