//! The moves of a code in the general notation, listed from the definition: every number
//! of tokens taken (or added, before the point), every count of heaps the digit allows,
//! every way to share the tokens left among that many nonempty heaps under the digit's
//! constraint. In CGSuite's order: by tokens taken, then by heap count, then the heaps
//! (smallest first) in lexicographic order, so that the moves compare with its lists.

use super::digit::Constraint;
use super::TbCode;

/// Calls `f` with every way to leave exactly `i` nonempty heaps holding `t` tokens in all
/// under `c`, the heaps in increasing order, in lexicographic order.
pub(crate) fn each_split(t: u64, i: u64, c: Constraint, f: &mut dyn FnMut(&[u64])) {
    match i {
        0 if t == 0 => f(&[]),
        0 => {}
        _ if t < i => {}
        1 => f(&[t]),
        _ if c == Constraint::Equal => {
            if t.is_multiple_of(i) {
                f(&vec![t / i; i as usize]);
            }
        }
        _ => {
            let mut parts = Vec::with_capacity(i as usize);
            splits_from(t, i, c, 1, &mut parts, f);
        }
    }
}

/// The heaps after `parts`: `left` more of them holding `rest`, each at least `lo`.
fn splits_from(rest: u64, left: u64, c: Constraint, lo: u64, parts: &mut Vec<u64>, f: &mut dyn FnMut(&[u64])) {
    if left == 1 {
        if rest >= lo {
            parts.push(rest);
            if c.admits(parts) {
                f(parts);
            }
            parts.pop();
        }
        return;
    }
    let strict = c == Constraint::Unequal;
    let mut a = lo;
    loop {
        // The least the other heaps hold when this one has a.
        let others = left - 1;
        let least = if strict { others * a + others * (others + 1) / 2 } else { others * a };
        if a.saturating_add(least) > rest {
            break;
        }
        parts.push(a);
        splits_from(rest - a, others, c, if strict { a + 1 } else { a }, parts, f);
        parts.pop();
        a += 1;
    }
}

impl TbCode {
    /// Calls `f(tokens, heaps)` for every move from a heap of `n`: the tokens it takes
    /// (negative: added) and the heaps it leaves, smallest first.
    pub(crate) fn each_move(&self, n: u64, f: &mut dyn FnMut(i64, &[u64])) {
        if n == 0 {
            return;
        }
        let first = -(self.additive.len() as i64);
        let last = self.max_take().map_or(n, |m| m.min(n)) as i64;
        for j in first..=last {
            let digit = self.digit(j);
            if digit.is_zero() {
                continue;
            }
            let t = (n as i64 - j) as u64;
            let top = digit.max_heaps().map_or(t, |m| m.min(t));
            for i in 0..=top {
                if let Some(c) = digit.count(i) {
                    each_split(t, i, c, &mut |parts| f(j, parts));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn splits(t: u64, i: u64, c: Constraint) -> Vec<Vec<u64>> {
        let mut v = Vec::new();
        each_split(t, i, c, &mut |p| v.push(p.to_vec()));
        v
    }

    #[test]
    fn splits_by_constraint() {
        assert_eq!(splits(7, 3, Constraint::Any), [[1, 1, 5], [1, 2, 4], [1, 3, 3], [2, 2, 3]]);
        assert_eq!(splits(7, 3, Constraint::Unequal), [[1, 2, 4]]);
        assert_eq!(splits(7, 3, Constraint::SomeUnequal).len(), 4);
        assert_eq!(splits(9, 3, Constraint::SomeUnequal).len(), 6, "3,3,3 is left out");
        assert_eq!(splits(9, 3, Constraint::Equal), [[3, 3, 3]]);
        assert!(splits(2, 3, Constraint::Any).is_empty());
        assert_eq!(splits(0, 0, Constraint::Any), [Vec::<u64>::new()]);
    }
}
