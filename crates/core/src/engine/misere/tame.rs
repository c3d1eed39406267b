//! Whether a game, within the bound of its quotient, is tame: every position's misère
//! outcome is the one misère Nim's rule gives on the heaps' normal-play values (P when
//! some heap's value is 2 or more and the nim-sum is 0, or when every value is below 2 and
//! the nim-sum is 1).
//!
//! Exact, because the quotient is: a position is known by its element x, its nim-sum v and
//! whether a value of 2 or more occurs, and the search visits every such triple some
//! position reaches (each heap kind multiplies x, XORs v, may set the flag), comparing the
//! quotient's outcome with the rule's on each.

use std::collections::HashSet;

use super::monoid::{Element, Monoid};

/// Whether every position of the heaps with elements `phi` and values `values` is
/// answered by misère Nim's rule.
pub fn is_tame(q: &Monoid, phi: &[Element], values: &[u64]) -> bool {
    let mut kinds: Vec<(Element, u64)> =
        phi.iter().copied().zip(values.iter().copied()).filter(|&(x, g)| x != 0 || g != 0).collect();
    kinds.sort_unstable();
    kinds.dedup();
    let start = (0 as Element, 0u64, false);
    let mut seen: HashSet<(Element, u64, bool)> = HashSet::from([start]);
    let mut stack = vec![start];
    while let Some((x, v, big)) = stack.pop() {
        let rule_p = if big { v == 0 } else { v == 1 };
        if q.is_p(x) != rule_p {
            return false;
        }
        for &(a, g) in &kinds {
            let next = (q.mul(x, a), v ^ g, big || g >= 2);
            if seen.insert(next) {
                stack.push(next);
            }
        }
    }
    true
}
