//! Stage 2 in portable Rust, for any CPU: mark 16 splits at a time and test coverage once
//! per step; when few values are missing, search 32 splits a step for just those.

use super::{scan_tail, BitIndices, View, MARK_STEP, NO_VALUE, SEARCH_STEP, TARGETS};
use crate::engine::grundy::class::ValueSet;
use crate::engine::grundy::state::HeapResult;
use crate::Value;

/// Stage 2 for heap n >= 3 with common candidate c; the result and scan length are those of
/// [`crate::engine::grundy::sweep::scan_splits`].
#[inline(always)]
pub(super) fn scan_generic(v: View, n: usize, c: Value) -> Option<HeapResult> {
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2; // the last split is (half, n - half)
    let limit = half.min(v.reach(n));
    let mut seen = ValueSet::EMPTY;
    let mut a = 1;
    // Phase 1: mark everything, test once per step.
    while a <= limit {
        let end = (a + MARK_STEP - 1).min(limit);
        let before = seen;
        {
            let w = seen.words_mut();
            for i in a..=end {
                let x = (v.lo(i) ^ v.hi(n - i)) as usize;
                w[x / 64] |= 1 << (x % 64);
            }
        }
        let missing = need.and_not(&seen);
        if missing.is_empty() {
            let stop = first_cover(v, n, a, end, need.and_not(&before));
            return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
        }
        a = end + 1;
        if missing.len() <= TARGETS {
            return search_missing(v, n, c, a, limit, half, missing);
        }
    }
    let value = need.and_not(&seen).min().expect("a sparse value below c is missing");
    (limit == half).then_some(HeapResult::Sparse { value })
}

/// The split in a..=end at which every value of `missing` has been seen (it is known that
/// they all occur there).
#[inline(always)]
fn first_cover(v: View, n: usize, a: usize, end: usize, mut missing: ValueSet) -> usize {
    missing
        .remove_until_empty((a..=end).map(|i| (i, v.lo(i) ^ v.hi(n - i))))
        .expect("the missing values occur in the step")
}

/// Phase 2: splits a..=limit, looking only for the few `missing` values (`None` when the
/// window ends before the splits do).
#[inline(always)]
fn search_missing(
    v: View,
    n: usize,
    c: Value,
    mut a: usize,
    limit: usize,
    half: usize,
    mut missing: ValueSet,
) -> Option<HeapResult> {
    let mut targets = [NO_VALUE; TARGETS];
    let fill = |targets: &mut [Value; TARGETS], missing: &ValueSet| {
        *targets = [NO_VALUE; TARGETS];
        for (t, v) in targets.iter_mut().zip(missing.iter()) {
            *t = v;
        }
    };
    fill(&mut targets, &missing);
    while a + SEARCH_STEP - 1 <= limit {
        let mask = hits(v, n, a, &targets);
        if mask != 0 {
            let hit_splits = BitIndices(mask).map(|i| a + i).map(|i| (i, v.lo(i) ^ v.hi(n - i)));
            if let Some(stop) = missing.remove_until_empty(hit_splits) {
                return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
            }
            fill(&mut targets, &missing);
        }
        a += SEARCH_STEP;
    }
    scan_tail(v, n, c, a, limit, half, missing)
}

/// Bit i set when G(a + i) ^ G(n - a - i) is one of the targets, for i < SEARCH_STEP.
#[inline(always)]
fn hits(v: View, n: usize, a: usize, targets: &[Value; TARGETS]) -> u32 {
    let front: &[Value; SEARCH_STEP] = v.front[a..a + SEARCH_STEP].try_into().unwrap();
    let lo = n - a - (SEARCH_STEP - 1) - v.base;
    let back: &[Value; SEARCH_STEP] = v.back[lo..lo + SEARCH_STEP].try_into().unwrap();
    let mut mask = 0u32;
    for (i, (&f, &b)) in front.iter().zip(back.iter().rev()).enumerate() {
        let x = f ^ b;
        let hit = targets.iter().fold(false, |hit, &t| hit | (x == t));
        mask |= (hit as u32) << i;
    }
    mask
}
