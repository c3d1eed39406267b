//! Arithmetic periods: G(n + p) = G(n) + s for every n from a first heap n0 on, with a
//! saltus s (0 is an ordinary period). Proved for all-but subtraction games by the lemma
//! below; only observed for every other game.
//!
//! The all-but subtraction lemma. In an all-but subtraction game (take any number of
//! tokens but those of a finite set X, largest element x; x = 0 when X is empty) heap n
//! has every heap m <= n - x - 1 as an option, and the near heaps n - j (j <= x, j not in
//! X). Suppose that
//!
//! 1. G(n + p) = G(n) + s for n0 <= n <= n0 + x (the values G(0..n0 + x + p + 1)), and
//! 2. the values of the heaps below n0 + p are exactly [0, s) together with s more than
//!    the values of the heaps below n0.
//!
//! Then G(n + p) = G(n) + s for every n >= n0. By induction on n >= n0 + p + x + 1: the
//! options of n are the heaps below n0 + p, whose values are [0, s) and s more than the
//! heaps below n0 (2), and heaps of n0 + p and above, whose values are s more than those of
//! the options of n - p at or above n0 (by induction, the far ones and the near ones alike).
//! So the values of n's options are [0, s) with s more than those of n - p's, and their mex
//! is G(n - p) + s. Angela Siegel proved that every all-but subtraction game is
//! arithmetic-periodic, so the search for such a proof ends.

use super::{Periodicity, OBSERVED_MIN_SPAN};

/// The name the lemma goes by in what grundy prints.
pub const ALL_BUT_LEMMA: &str = "the all-but subtraction lemma (arithmetic periodicity; A. Siegel's theorem)";

/// The first heap n0 from which G(n + p) = G(n) + s holds up to the end of `g`, for the
/// saltus that the last values show (`None` when they show a negative one).
fn tail_from(g: &dyn Fn(usize) -> u64, m: usize, p: usize) -> Option<(usize, u64)> {
    let s = g(m - 1).checked_sub(g(m - 1 - p))?;
    let mut n = m - p;
    while n > 0 && g(n - 1 + p) == g(n - 1) + s {
        n -= 1;
    }
    Some((n, s))
}

/// Whether condition 2 of the lemma holds at `n0` (values of heaps below n0 + p are
/// [0, s) and s more than the values below n0).
fn values_below_match(g: &dyn Fn(usize) -> u64, n0: usize, p: usize, s: u64) -> bool {
    let top = (0..n0 + p).map(g).max().unwrap_or(0).max(s) as usize + 1;
    let mut below_p = vec![false; top];
    for v in (0..n0 + p).map(g) {
        below_p[v as usize] = true;
    }
    let mut want = vec![false; top];
    want[..s as usize].iter_mut().for_each(|w| *w = true);
    for v in (0..n0).map(g) {
        match want.get_mut((v + s) as usize) {
            Some(w) => *w = true,
            None => return false,
        }
    }
    below_p == want
}

/// The smallest arithmetic period the all-but subtraction lemma proves from G(0..m)
/// (`g(n)` is G(n)) of an all-but game whose largest excluded number is `x`.
pub(crate) fn proved_all_but(g: &dyn Fn(usize) -> u64, m: usize, x: usize) -> Option<Periodicity> {
    for p in 1..=m / 2 {
        let Some((n0, s)) = tail_from(g, m, p) else { continue };
        // Condition 1 at n1 >= n0 needs the values up to n1 + x + p; try a few n1.
        let last = (n0 + 2 * p + x).min(m.saturating_sub(x + p + 1));
        if let Some(n1) = (n0..=last).find(|&n1| n1 + x + p < m && values_below_match(g, n1, p, s)) {
            return Some(Periodicity { preperiod: n0, period: p, saltus: s, proved: true, computed: n1 + x + p + 1 });
        }
    }
    None
}

/// Checks a stored proof by the lemma: that G(0..m) (`g(n)` is G(n)) are exactly the values
/// the lemma needs to prove G(n + p) = G(n) + s from `n0` on for an all-but game whose
/// largest excluded number is `x` (m = n1 + x + p + 1 with condition 2 at n1 >= n0), that
/// `n0` is the first heap it holds from and that no divisor of `p` is a period too. What
/// the census runs on values computed again.
pub(crate) fn certify_all_but(
    g: &dyn Fn(usize) -> u64,
    m: usize,
    x: usize,
    n0: usize,
    p: usize,
    s: u64,
) -> Result<(), String> {
    if p == 0 {
        return Err("a period of 0".into());
    }
    let n1 = m
        .checked_sub(x + p + 1)
        .filter(|&n1| n1 >= n0)
        .ok_or_else(|| format!("G(0..{m}) are fewer values than the lemma needs from heap {n0} with period {p}"))?;
    if let Some(n) = (n0..m - p).find(|&n| g(n + p) != g(n) + s) {
        return Err(format!("G({}) is not G({n}) + {s}: no period {p} with saltus {s} from {n0}", n + p));
    }
    if n0 > 0 && g(n0 - 1 + p) == g(n0 - 1) + s {
        return Err(format!("it holds already from heap {}, before the pre-period {n0}", n0 - 1));
    }
    if !values_below_match(g, n1, p, s) {
        return Err(format!("the values below {} are not [0, {s}) and {s} more than those below {n1}", n1 + p));
    }
    if (n0..n1).any(|n| values_below_match(g, n, p, s)) {
        return Err(format!("the lemma proves it from fewer values than G(0..{m})"));
    }
    let smaller = (1..p).filter(|&d| p.is_multiple_of(d) && (s * d as u64).is_multiple_of(p as u64));
    if let Some(d) = smaller.into_iter().find(|&d| (n0..m - d).all(|n| g(n + d) == g(n) + s * d as u64 / p as u64)) {
        return Err(format!("{d} is a smaller period than {p}"));
    }
    Ok(())
}

/// The smallest arithmetic period with a positive saltus over a long enough stretch of
/// G(0..m) ([`OBSERVED_MIN_SPAN`] heaps and three periods): observed, not proved. Reads the
/// values in place (a sweep's run may hold billions).
pub(crate) fn observed(g: &dyn Fn(usize) -> u64, m: usize) -> Option<Periodicity> {
    (1..=m / 3).find_map(|p| {
        let (n0, s) = tail_from(g, m, p)?;
        (s > 0 && m - n0 >= OBSERVED_MIN_SPAN.max(3 * p)).then_some(Periodicity {
            preperiod: n0,
            period: p,
            saltus: s,
            proved: false,
            computed: m,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_and_a_made_up_sequence() {
        fn at(v: &[u64]) -> impl Fn(usize) -> u64 + '_ {
            move |n| v[n]
        }
        let nim: Vec<u64> = (0..10).collect();
        let p = proved_all_but(&at(&nim), nim.len(), 0).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.computed), (0, 1, 1, 2));
        // 0 0 1 1 2 2 ...: take any number but 1.
        let g: Vec<u64> = (0..20).map(|n| n / 2).collect();
        let p = proved_all_but(&at(&g), g.len(), 1).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus), (0, 2, 1));
        // Condition 2 fails when a value below n0 + p is missing from [0, s).
        assert!(!values_below_match(&at(&[1, 2, 3]), 0, 1, 1));
        let long: Vec<u64> = (0..3000).map(|n| 2 * (n / 3) + n % 3 % 2).collect();
        let o = observed(&at(&long), long.len()).unwrap();
        assert_eq!((o.period, o.saltus, o.proved), (3, 2, false));
        assert_eq!(observed(&at(&long), 500), None, "too short a stretch");
    }
}
