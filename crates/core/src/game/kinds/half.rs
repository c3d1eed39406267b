//! Take-at-most-half: take k stones with 1 <= k <= n / 2. Its closed form:
//!
//! G(2k) = k and G(2k + 1) = G(k). Proof, by induction on n, together with the lemma L(m):
//! for m >= 1 the heaps m, ..., 2m - 1 have the values 0, ..., m - 1, each once. The
//! options of n >= 1 are the heaps ceil(n/2), ..., n - 1. For n = 2k these are the heaps
//! k..2k-1, so by L(k) G(2k) = mex{0..k-1} = k. For n = 2k + 1 they are the heaps
//! k+1..2k: those of L(k) without heap k, plus heap 2k of value k; the values are {0..k}
//! without G(k) (G(k) < k by L), so G(2k + 1) = G(k). (n = 1 has no option: G(1) = 0 =
//! G(0).) L(m) follows from the formulas for smaller heaps: for m = 2a the even heaps
//! 2a..4a-2 have values a..2a-1 and the odd heaps 2j + 1 with j in a..2a-1 have the values
//! G(j), which are 0..a-1 by L(a); for m = 2a + 1 the even heaps give a+1..2a and the odd
//! heaps 2j + 1 with j in a..2a give L(a) plus G(2a) = a, that is 0..a. (L(1): heap 1 has
//! value 0.) The test `half_closed_form_is_the_definition` checks the formula against the
//! definition.

use crate::game::words::Words;
use crate::game::{same_as, HeapMove, Kind, Work};

/// Take-at-most-half.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TakeAtMostHalf;

impl Kind for TakeAtMostHalf {
    fn name(&self) -> String {
        "take-at-most-half".into()
    }

    fn rules(&self) -> String {
        "Take at least one stone and at most half of the stones of one heap.".into()
    }

    fn heap_moves(&self, n: u64) -> Vec<HeapMove> {
        (1..=n / 2).map(|take| HeapMove { take, left: vec![n - take] }).collect()
    }

    fn option_values<'a>(&'a self, n: usize, g: &'a [u32]) -> Box<dyn Iterator<Item = u32> + 'a> {
        Box::new((1..=n / 2).map(move |k| g[n - k]))
    }

    fn heap_move_bound(&self, n: u64) -> u64 {
        n / 2
    }

    fn words(&self) -> Words {
        Words::Take
    }

    fn definition_work(&self, n: f64) -> Work {
        Work { takes: n * n / 4.0, ..Work::default() }
    }

    fn closed_form(&self, n: u64) -> Option<u64> {
        let mut n = n;
        while n % 2 == 1 {
            n /= 2;
        }
        Some(n / 2)
    }

    /// Seconds a value takes into a table (it halves while the heap is odd: two steps on average).
    fn closed_form_seconds(&self) -> f64 {
        4e-9
    }

    fn as_any(&self) -> &dyn std::any::Any {
        self
    }

    fn same(&self, other: &dyn Kind) -> bool {
        same_as(self, other)
    }
}
