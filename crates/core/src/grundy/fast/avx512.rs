//! Stage 2 with AVX-512BW intrinsics (x86-64 only; chosen at run time when the CPU has
//! AVX-512BW and VL): the set of missing sparse values lives in one register.

use super::recent::Reversed;
use super::{scan_tail, BitIndices, View};
use crate::grundy::class::ValueSet;
use crate::grundy::state::HeapResult;
use crate::Value;

/// Stage 2 with AVX-512BW. The set of sparse values still missing is 512 bits, exactly one
/// register of 32 16-bit words, so membership of 32 options at once is three instructions:
/// pick word x >> 4 of the set for every lane (`vpermw`), shift it right by x & 15, test
/// bit 0. There is no first phase and no limit on how many values may be missing; each
/// lane that hits is handled in order, so the stopping split is exact.
///
/// G(n - a) runs backwards as a grows; `recent` (when given) holds the latest values in
/// reverse order, so that those loads need no lane reversal (one `vpermw` less per step).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
pub(super) unsafe fn scan_avx512(v: View, recent: Option<&Reversed<Value>>, n: usize, c: Value) -> Option<HeapResult> {
    use std::arch::x86_64::*;
    const REVERSE: [u16; 32] = {
        let mut r = [0u16; 32];
        let mut i = 0;
        while i < 32 {
            r[i] = 31 - i as u16;
            i += 1;
        }
        r
    };
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2;
    let limit = half.min(v.reach(n));
    let p = v.front.as_ptr();
    // q.add(m - base) is G(m).
    let q = v.back.as_ptr();
    let reverse = unsafe { _mm512_loadu_si512(REVERSE.as_ptr() as *const _) };
    let mut bits = unsafe { _mm512_loadu_si512(need.words().as_ptr() as *const _) };
    let mut a = 1;
    if let Some(recent) = recent {
        let (rev, reach) = recent.behind(n);
        let r = rev.as_ptr();
        let last = limit.min(reach);
        while a + 31 <= last {
            // SAFETY: a + 31 <= limit < front.len(), and rev holds G(n - a) at a - 1 for a <= reach.
            let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
            let back = unsafe { _mm512_loadu_si512(r.add(a - 1) as *const _) };
            if let Some(stop) = unsafe { step_avx512(_mm512_xor_si512(front, back), &mut bits, a) } {
                return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
            }
            a += 32;
        }
    }
    while a + 31 <= limit {
        // SAFETY: a + 31 <= limit < front.len(); n - a - 31 >= n - limit >= base, and
        // n - a < n = base + back.len().
        let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
        let back = unsafe { _mm512_loadu_si512(q.add(n - a - 31 - v.base) as *const _) };
        let x = _mm512_xor_si512(front, _mm512_permutexvar_epi16(reverse, back));
        if let Some(stop) = unsafe { step_avx512(x, &mut bits, a) } {
            return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
        }
        a += 32;
    }
    let mut words = [0u64; 8];
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, bits) };
    scan_tail(v, n, c, a, limit, half, ValueSet::from_words(words))
}

/// One step of 32 options `x` (for splits a..a+32): clears those in the missing set `bits`
/// and returns the exact split at which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn step_avx512(x: std::arch::x86_64::__m512i, bits: &mut std::arch::x86_64::__m512i, a: usize) -> Option<usize> {
    let hits = unsafe { hits_avx512(x, *bits) };
    if hits == 0 {
        return None;
    }
    unsafe { clear_hits_avx512(x, hits, bits, a) }
}

/// Lane i set when option x[i] is in the set `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn hits_avx512(x: std::arch::x86_64::__m512i, bits: std::arch::x86_64::__m512i) -> u32 {
    use std::arch::x86_64::*;
    let word = _mm512_permutexvar_epi16(_mm512_srli_epi16::<4>(x), bits);
    let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
    _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1))
}

/// Clears the options of the `hits` lanes of `x` from `bits`; returns the exact split at
/// which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn clear_hits_avx512(
    x: std::arch::x86_64::__m512i,
    hits: u32,
    bits: &mut std::arch::x86_64::__m512i,
    a: usize,
) -> Option<usize> {
    use std::arch::x86_64::*;
    let mut xs = [0u16; 32];
    unsafe { _mm512_storeu_si512(xs.as_mut_ptr() as *mut _, x) };
    // This kernel keeps its own unmark loop instead of `ValueSet::remove_until_empty`: the
    // set lives in a register, and a trip through memory per hit would cost the hot loop.
    // Clear every hit in the register itself (bit v is bit v & 31 of 32-bit lane v >> 5),
    // without a trip through memory; only when the set becomes empty is the step walked
    // again to find the exact split.
    let before = *bits;
    let mut m = hits;
    // Four hits without a loop branch (a step has 1 to 4 hits far more often than more,
    // and a loop exit with a varying count mispredicts), then the rest.
    for _ in 0..4 {
        let v = xs[(m.trailing_zeros() & 31) as usize] as u32;
        let lane = if m != 0 { 1u16 << (v >> 5) } else { 0 };
        m &= m.wrapping_sub(1);
        *bits = _mm512_mask_andnot_epi32(*bits, lane, _mm512_set1_epi32(1 << (v & 31)), *bits);
    }
    while m != 0 {
        let v = xs[m.trailing_zeros() as usize] as u32;
        m &= m - 1;
        *bits = _mm512_mask_andnot_epi32(*bits, 1u16 << (v >> 5), _mm512_set1_epi32(1 << (v & 31)), *bits);
    }
    if _mm512_test_epi32_mask(*bits, *bits) != 0 {
        return None;
    }
    let mut words = [0u64; 8];
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, before) };
    Some(first_cover_in(&xs, hits, a, ValueSet::from_words(words)))
}

/// The split a + i at which the lanes `xs` (those in `hits`, in order) cover `missing`.
/// Cold: run once per heap at most, after the register loop above (which clears hits in
/// the register itself and so keeps its own loop) has seen the set become empty.
#[cold]
fn first_cover_in(xs: &[u16; 32], hits: u32, a: usize, mut missing: ValueSet) -> usize {
    missing.remove_until_empty(BitIndices(hits).map(|i| (a + i, xs[i]))).expect("the hits cover the missing values")
}
