//! Periods of value sequences: the pre-period and the smallest period, certified by the
//! periodicity theorems where they apply, and computing stops as soon as they do.
//!
//! - Octal games (digits below 8, no `!`) whose moves take at most t stones: if
//!   G(n + p) = G(n) for all n0 <= n < 2 n0 + p + t, then for all n >= n0 (Guy and Smith;
//!   Winning Ways, chapter 4).
//! - Finite subtraction games with largest move t: G(n) depends only on the t values
//!   before it, so G(n + p) = G(n) for n0 <= n < n0 + t suffices.
//!
//! For other games (`!`, three-heap splits, take-at-most-half, subtract-a-square, Nim)
//! no such bound is known here: a repeat is reported as observed, never as proved.

use crate::games::sequence::{Sequence, ValuesError};
use crate::games::{Game, SubtractionSet};
use crate::Value;

/// Largest period looked for.
pub const MAX_PERIOD: usize = 1 << 14;

/// What is known of a game's period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// G(n + period) = G(n) for every n >= preperiod (proved, or seen so far).
    pub preperiod: usize,
    pub period: usize,
    /// Proved by a periodicity theorem; otherwise only observed.
    pub proved: bool,
    /// Values computed: G(0..computed).
    pub computed: usize,
}

/// How many values past n0 + p the theorem needs for the game (None: no theorem).
fn certificate(game: &Game) -> Option<Box<dyn Fn(usize, usize) -> usize>> {
    match game {
        Game::TakeAndBreak(t) if t.is_octal() => {
            let t = t.max_take();
            // G(n + p) = G(n) for n0 <= n < 2 n0 + p + t: values up to index 2 n0 + 2p + t - 1.
            // The proof maps a split a + b to a + (b - p), which must be a heap: from n0 >= 1
            // on it is. (Game `4`, 0 0 1 0 1 ..., shows that n0 = 0 is not enough.)
            Some(Box::new(move |n0, p| 2 * n0.max(1) + 2 * p + t))
        }
        Game::Subtraction(SubtractionSet::Finite(set)) => {
            let t = *set.last().unwrap_or(&1) as usize;
            Some(Box::new(move |n0, p| n0 + p + t))
        }
        _ => None,
    }
}

/// Whether a periodicity theorem applies to `game`, so that [`find_period`] can prove a
/// period (for the other games it can only observe one, after computing up to `max` values).
pub fn can_prove(game: &Game) -> bool {
    certificate(game).is_some()
}

/// Looks for the period of `game`, computing at most `max` values and stopping as soon as a
/// period is proved. Returns `None` when no repeat was seen.
pub fn find_period(game: &Game, max: usize) -> Result<Option<Periodicity>, ValuesError> {
    let mut seq = Sequence::new(game.clone());
    let cert = certificate(game);
    // last_exception[p]: the largest n with G(n) != G(n + p) seen so far, plus one (0: none).
    let mut after_exception = vec![0usize; MAX_PERIOD + 1];
    while seq.len() < max {
        seq.step()?;
        let g = seq.values();
        let m = g.len() - 1;
        for p in 1..=m.min(MAX_PERIOD) {
            if g[m] != g[m - p] {
                after_exception[p] = m - p + 1;
            }
        }
        if let Some(cert) = &cert {
            // The smallest p proved now; a multiple of the true period may be proved first,
            // so the result is reduced to the smallest period afterwards.
            let proved = (1..=m.min(MAX_PERIOD)).find(|&p| m + 1 >= cert(after_exception[p], p));
            if let Some(p) = proved {
                return Ok(Some(reduce(g, after_exception[p], p, &after_exception, true)));
            }
        }
    }
    let g = seq.values();
    let m = g.len().saturating_sub(1);
    // Observed: the smallest p seen to repeat at least twice after its last exception.
    let observed = (1..=m.min(MAX_PERIOD)).find(|&p| after_exception[p] + 2 * p <= g.len());
    Ok(observed.map(|p| reduce(g, after_exception[p], p, &after_exception, false)))
}

/// Given that G is periodic with period p from n0 (within what is known), the smallest
/// period and its own pre-period.
fn reduce(g: &[Value], n0: usize, p: usize, after_exception: &[usize], proved: bool) -> Periodicity {
    let smallest = (1..=p)
        .filter(|d| p.is_multiple_of(*d))
        .find(|&d| (n0..n0 + p).all(|n| n + d >= g.len() || g[n] == g[n + d]))
        .unwrap_or(p);
    Periodicity { preperiod: after_exception[smallest], period: smallest, proved, computed: g.len() }
}

/// The period of a long value sequence `g` (G(0..g.len())) of an octal game whose moves
/// take at most `t` stones, proved by the octal periodicity theorem, or `None` when `g`
/// is too short to prove one. For sequences with pre-periods far beyond what
/// [`find_period`] tracks: candidate periods are the earlier places where the last
/// `window` values occur again, each checked backwards from the end.
pub fn proved_period_of(g: &[Value], t: usize, window: usize) -> Option<Periodicity> {
    let m = g.len();
    if m < 2 * window + 2 {
        return None;
    }
    let tail = &g[m - window..];
    let mut best: Option<Periodicity> = None;
    // Candidate p: g[m - window - p ..][..window] == tail.
    for p in 1..=(m - window) {
        if let Some(b) = &best {
            if p >= b.period {
                break;
            }
        }
        if g[m - window - p..m - p] != *tail {
            continue;
        }
        // The last exception, scanning back from the end.
        let mut n = m - p;
        while n > 0 && g[n - 1] == g[n - 1 + p] {
            n -= 1;
        }
        let n0 = n;
        if m >= 2 * n0.max(1) + 2 * p + t {
            best = Some(Periodicity { preperiod: n0, period: p, proved: true, computed: m });
        }
    }
    best
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(name: &str) -> Periodicity {
        find_period(&Game::parse(name).unwrap(), 100_000).unwrap().unwrap()
    }

    #[test]
    fn kayles_and_dawsons_chess() {
        let k = period("kayles");
        assert_eq!((k.preperiod, k.period, k.proved), (71, 12, true));
        // Proved as soon as the theorem allows: 2 * 71 + 2 * 12 + 2 values.
        assert_eq!(k.computed, 2 * 71 + 2 * 12 + 2);
        let four = period("4");
        assert_eq!((four.preperiod, four.period, four.proved), (1, 2, true));
        let c = period("crosses");
        assert_eq!((c.preperiod, c.period, c.proved), (52, 34, true));
        assert_eq!(period(".07").preperiod, 53);
    }

    #[test]
    fn subtraction_games() {
        let s = period("s1,2,3");
        assert_eq!((s.preperiod, s.period, s.proved), (0, 4, true));
        let s = period("s1,3");
        assert_eq!((s.preperiod, s.period), (0, 2));
    }

    #[test]
    fn never_proved_without_a_theorem() {
        let g = find_period(&Game::parse("grundy").unwrap(), 2000).unwrap();
        assert!(g.is_none_or(|p| !p.proved));
        assert_eq!(find_period(&Game::parse("nim").unwrap(), 500).unwrap(), None);
    }
}
