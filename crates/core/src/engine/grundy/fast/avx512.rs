//! Stage 2 with AVX-512BW intrinsics (x86-64 only; chosen at run time when the CPU has
//! AVX-512BW and VL): first on the values' low bytes, 64 splits a step, then on the 16-bit
//! values with the set of missing sparse values in one register.

use super::avx2::{clear_hits, low_set_of, popcount, scan_low, LowScan, LowSteps, AVX2_TARGETS};
use super::low::{LowBytes, LowSet};
use super::recent::Reversed;
use super::{scan_tail, BitIndices, View};
use crate::engine::grundy::class::ValueSet;
use crate::engine::grundy::state::HeapResult;
use crate::Value;

/// Stage 2 with AVX-512BW. With `low` given, the splits are first taken on the values' low
/// bytes ([`scan_low_avx512`]), as far as no part n - a can be a sparse heap (`last_sparse`
/// is the newest) and the bytes are held; nearly every scan ends there.
///
/// The rest goes on with the 16-bit values. The set of sparse values still missing is 512
/// bits, exactly one register of 32 16-bit words, so membership of 32 options at once is
/// three instructions: pick word x >> 4 of the set for every lane (`vpermw`), shift it
/// right by x & 15, test bit 0. There is no first phase and no limit on how many values
/// may be missing; each lane that hits is handled in order, so the stopping split is exact.
///
/// G(n - a) runs backwards as a grows; `recent` (when given) holds the latest values in
/// reverse order, so that those loads need no lane reversal (one `vpermw` less per step).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn scan_avx512(
    v: View,
    recent: Option<&Reversed<Value>>,
    low: Option<&LowBytes>,
    last_sparse: usize,
    n: usize,
    c: Value,
) -> Option<HeapResult> {
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
    let mut missing = need;
    let mut a = 1;
    if let Some(low) = low {
        // SAFETY: this CPU has the features (the caller's contract), and `scan_end` keeps the
        // scan within the low bytes held for heap n.
        match unsafe { scan_low_avx512(low, n, low.scan_end(n, limit, last_sparse), &mut missing) } {
            LowScan::Emptied { stop } => return Some(HeapResult::Common { value: c, scan_length: stop as u64 }),
            LowScan::Reached { a: next } => a = next,
        }
    }
    // SAFETY: REVERSE holds 32 u16 (64 bytes) and the missing set's words are 8 u64.
    let reverse = unsafe { _mm512_loadu_si512(REVERSE.as_ptr() as *const _) };
    // SAFETY: as above, 64 bytes.
    let mut bits = unsafe { _mm512_loadu_si512(missing.words().as_ptr() as *const _) };
    if let Some(recent) = recent {
        let (rev, reach) = recent.behind(n);
        let r = rev.as_ptr();
        let last = limit.min(reach);
        while a + 31 <= last {
            // SAFETY: a + 31 <= limit < front.len().
            let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
            // SAFETY: rev holds G(n - a) at a - 1 for a + 31 <= reach.
            let back = unsafe { _mm512_loadu_si512(r.add(a - 1) as *const _) };
            if let Some(stop) = step_avx512(_mm512_xor_si512(front, back), &mut bits, a) {
                return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
            }
            a += 32;
        }
    }
    while a + 31 <= limit {
        // SAFETY: a + 31 <= limit < front.len().
        let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
        // SAFETY: n - a - 31 >= n - limit >= base, and n - a < n = base + back.len().
        let back = unsafe { _mm512_loadu_si512(q.add(n - a - 31 - v.base) as *const _) };
        let x = _mm512_xor_si512(front, _mm512_permutexvar_epi16(reverse, back));
        if let Some(stop) = step_avx512(x, &mut bits, a) {
            return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
        }
        a += 32;
    }
    let mut words = [0u64; 8];
    // SAFETY: words is 64 bytes, one register.
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, bits) };
    scan_tail(v, n, c, a, limit, half, ValueSet::from_words(words))
}

/// One step of 32 options `x` (for splits a..a+32): clears those in the missing set `bits`
/// and returns the exact split at which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn step_avx512(x: std::arch::x86_64::__m512i, bits: &mut std::arch::x86_64::__m512i, a: usize) -> Option<usize> {
    let hits = hits_avx512(x, *bits);
    if hits == 0 {
        return None;
    }
    clear_hits_avx512(x, hits, bits, a)
}

/// Lane i set when option x[i] is in the set `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn hits_avx512(x: std::arch::x86_64::__m512i, bits: std::arch::x86_64::__m512i) -> u32 {
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
fn clear_hits_avx512(
    x: std::arch::x86_64::__m512i,
    hits: u32,
    bits: &mut std::arch::x86_64::__m512i,
    a: usize,
) -> Option<usize> {
    use std::arch::x86_64::*;
    let mut xs = [0u16; 32];
    // SAFETY: xs is 64 bytes, one register.
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
    // SAFETY: words is 64 bytes, one register.
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

/// Steps of 64 splits on the low bytes taken at once, as the AVX2 kernel takes its steps
/// of 32 in groups: a group with no hit costs no branch. Two, so that a group's hits fit
/// in a `u128`.
const LOW_GROUP: usize = 2;

/// Splits 1, 2, ... of heap n on the values' low bytes up to `end`, 64 a step: the AVX2
/// scan of [`scan_low`] with registers twice as wide. A byte x is looked up in the missing
/// set (256 bits, a copy of each half in every 128-bit lane): `vpshufb` picks byte x >> 3
/// from the half that bit 7 of x names (one masked `vpshufb`), a second `vpshufb` the bit
/// x & 7, and `vptestmb` gives the mask of hits. The last splits before `end` (fewer than
/// 64) are left to [`scan_low`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
unsafe fn scan_low_avx512(low: &LowBytes, n: usize, end: usize, missing: &mut ValueSet) -> LowScan {
    use std::arch::x86_64::*;
    let set = LowSet::of(missing);
    // SAFETY: the set's words are 32 bytes.
    let mut s = unsafe { _mm256_loadu_si256(set.words.as_ptr() as *const __m256i) };
    let mut a = 1;
    let steps = LowSteps::new(low, n, end);
    // SAFETY: each call: the caller's contract, and `steps` as made above.
    unsafe {
        for few in [false, true] {
            if (popcount(s) <= AVX2_TARGETS) != few {
                continue;
            }
            let run = if few { run_low::<LOW_GROUP, true> } else { run_low::<LOW_GROUP, false> };
            if let Some(stop) = run(&steps, &mut a, &mut s) {
                return LowScan::Emptied { stop };
            }
            if (popcount(s) <= AVX2_TARGETS) != few {
                continue;
            }
            let run = if few { run_low::<1, true> } else { run_low::<1, false> };
            if let Some(stop) = run(&steps, &mut a, &mut s) {
                return LowScan::Emptied { stop };
            }
        }
    }
    *missing = low_set_of(s).values();
    // The last splits, 32 a step.
    // SAFETY: the caller's contract, passed on: a <= end, within the bytes held.
    unsafe { scan_low(low, n, a, end, missing) }
}

/// Takes groups of `GROUP` steps of 64 splits from split `a` while they end by `end`: the
/// 64-lane form of [`LowSteps::run`], with the same phases (`FEW`: compare with each of at
/// most [`AVX2_TARGETS`] values; else look up in the set until at most that many are left).
/// The split at which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
unsafe fn run_low<const GROUP: usize, const FEW: bool>(
    steps: &LowSteps,
    a: &mut usize,
    s: &mut std::arch::x86_64::__m256i,
) -> Option<usize> {
    use std::arch::x86_64::*;
    let (mut lo, mut hi) = halves(*s);
    let mut t = if FEW { low_targets(*s) } else { [_mm512_setzero_si512(); AVX2_TARGETS] };
    while *a + 64 * GROUP - 1 <= steps.end {
        let mut x = [_mm512_setzero_si512(); GROUP];
        let mut hits = 0u128;
        for (k, x) in x.iter_mut().enumerate() {
            let b = *a + 64 * k;
            // SAFETY: b + 63 <= end < front.len(), and the reversed bytes hold G(n - b) at
            // b - 1 for b up to their reach >= end.
            *x = unsafe {
                _mm512_xor_si512(
                    _mm512_loadu_si512(steps.front.add(b) as *const _),
                    _mm512_loadu_si512(steps.back.add(b - 1) as *const _),
                )
            };
            let m = if FEW { low_target_hits(&t, *x) } else { low_set_hits(lo, hi, *x) };
            let common = steps.low.common_from(b) as u64 | (steps.low.common_from(b + 32) as u64) << 32;
            hits |= ((m & common) as u128) << (64 * k);
        }
        if hits != 0 {
            let mut xs = [0u8; 64 * LOW_GROUP];
            // SAFETY: xs holds GROUP <= LOW_GROUP registers.
            unsafe {
                for (k, &x) in x.iter().enumerate() {
                    _mm512_storeu_si512(xs.as_mut_ptr().add(64 * k) as *mut _, x);
                }
            }
            if let Some(lane) = clear_hits(s, &xs, hits) {
                return Some(*a + lane);
            }
            *a += 64 * GROUP;
            if FEW {
                t = low_targets(*s);
            } else {
                if popcount(*s) <= AVX2_TARGETS {
                    return None;
                }
                (lo, hi) = halves(*s);
            }
        } else {
            *a += 64 * GROUP;
        }
    }
    None
}

/// The set's bytes 0..16 and 16..32, each in every 128-bit lane of a register (`vpshufb`
/// looks up within a lane).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn halves(s: std::arch::x86_64::__m256i) -> (std::arch::x86_64::__m512i, std::arch::x86_64::__m512i) {
    use std::arch::x86_64::*;
    // SAFETY: the functions calling this have AVX-512F enabled.
    unsafe {
        (_mm512_broadcast_i32x4(_mm256_castsi256_si128(s)), _mm512_broadcast_i32x4(_mm256_extracti128_si256::<1>(s)))
    }
}

/// Bit i set when byte i of `x` is in the set held by `lo` and `hi`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn low_set_hits(lo: std::arch::x86_64::__m512i, hi: std::arch::x86_64::__m512i, x: std::arch::x86_64::__m512i) -> u64 {
    use std::arch::x86_64::*;
    // Byte k of each 64-bit lane is 1 << k.
    let bits = _mm512_set1_epi64(0x8040_2010_0804_0201u64 as i64);
    // Byte x >> 3 of the set: bits 3..6 of x pick it within a half, bit 7 the half.
    let index = _mm512_and_si512(_mm512_srli_epi16::<3>(x), _mm512_set1_epi8(0x0F));
    let byte = _mm512_mask_shuffle_epi8(_mm512_shuffle_epi8(lo, index), _mm512_movepi8_mask(x), hi, index);
    let bit = _mm512_shuffle_epi8(bits, _mm512_and_si512(x, _mm512_set1_epi8(7)));
    _mm512_test_epi8_mask(byte, bit)
}

/// The (at most [`AVX2_TARGETS`]) bytes of the set, each broadcast to a register; the
/// first repeated where there are fewer. Only called while the set is small.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2")]
#[inline]
fn low_targets(s: std::arch::x86_64::__m256i) -> [std::arch::x86_64::__m512i; AVX2_TARGETS] {
    use std::arch::x86_64::*;
    let set = low_set_of(s);
    let first = set.bytes().next().unwrap_or(0);
    let mut t = [_mm512_set1_epi8(first as i8); AVX2_TARGETS];
    for (t, x) in t.iter_mut().zip(set.bytes()) {
        *t = _mm512_set1_epi8(x as i8);
    }
    t
}

/// Bit i set when byte i of `x` is one of the targets.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
fn low_target_hits(t: &[std::arch::x86_64::__m512i; AVX2_TARGETS], x: std::arch::x86_64::__m512i) -> u64 {
    use std::arch::x86_64::*;
    let mut m = _mm512_cmpeq_epi8_mask(x, t[0]);
    for &t in &t[1..] {
        m |= _mm512_cmpeq_epi8_mask(x, t);
    }
    m
}
