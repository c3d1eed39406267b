//! Stage 2 of the block kernel with AVX-512 (F and BW), for values below 512: the same
//! scan as [`super::avx2`], four times as wide. The sparse values still missing are a
//! 512-bit set in one register, as 32 words of 16 bits; a split's XOR x is looked up
//! with one word permutation (word x >> 4), a variable shift (bit x & 15) and a test, 32
//! splits a vector, two vectors a step, where the AVX2 scan widens to 32-bit lanes and
//! needs two permutations, a blend and a shift for 8. A step with a hit is looked at lane
//! by lane. Measured in `runs/bench/` (the kernels' record of this change).

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

use super::avx2::{mark_while_many, Missing};

/// Splits per vector (16-bit lanes).
const LANES: usize = 32;
/// Splits per step (two vectors: one branch on the hits of both).
const STEP: usize = 2 * LANES;

/// Scans the splits of heap `n` until every target (all below [`super::avx2::WIDTH`]) has been seen as
/// an option, or the splits run out (or reach past `reach`); `targets` keeps the missing
/// ones, smallest first. While more than `few` are missing, bytes are marked instead (as
/// [`super::avx2::scan_splits`] does).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx2,bmi1,bmi2,popcnt")]
pub(super) fn scan_splits(
    g: &[u16],
    n: usize,
    split_takes: &[usize],
    reach: usize,
    few: usize,
    targets: &mut Vec<u16>,
    marks: &mut [u8],
) {
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
        30, 31,
    );
    let ones = _mm512_set1_epi16(1);
    let fifteen = _mm512_set1_epi16(15);
    for &k in split_takes {
        if k + 2 > n {
            continue;
        }
        let rest = n - k;
        let half = (rest / 2).min(reach);
        let mut a = mark_while_many(g, rest, half, few, targets, marks);
        if targets.is_empty() {
            return;
        }
        let mut set = Missing::of(targets);
        // SAFETY: the set holds 64 bytes, one register (32 words of 16 bits).
        let mut words = unsafe { _mm512_loadu_si512(set.as_ptr().cast()) };
        let lookup = |x: __m512i, words: __m512i| -> __mmask32 {
            let word = _mm512_permutexvar_epi16(_mm512_srli_epi16::<4>(x), words);
            let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, fifteen));
            _mm512_test_epi16_mask(bit, ones)
        };
        let base = g.as_ptr();
        while a + STEP - 1 <= half {
            // Lane j of vector v: a + v * 32 + j and rest - a - v * 32 - j (read backwards).
            // SAFETY: a + STEP - 1 <= half <= rest / 2 < g.len(), and rest - a - (STEP - 1)
            // >= rest - half >= half >= 1: both ranges are inside g.
            let (x0, x1) = unsafe {
                let lo0 = _mm512_loadu_si512(base.add(a).cast());
                let lo1 = _mm512_loadu_si512(base.add(a + LANES).cast());
                let hi0 = _mm512_loadu_si512(base.add(rest - a - (LANES - 1)).cast());
                let hi1 = _mm512_loadu_si512(base.add(rest - a - (STEP - 1)).cast());
                (
                    _mm512_xor_si512(lo0, _mm512_permutexvar_epi16(reverse, hi0)),
                    _mm512_xor_si512(lo1, _mm512_permutexvar_epi16(reverse, hi1)),
                )
            };
            let hits = [lookup(x0, words), lookup(x1, words)];
            if hits[0] | hits[1] != 0 {
                for (x, mut lanes) in [x0, x1].into_iter().zip(hits) {
                    if lanes == 0 {
                        continue;
                    }
                    let mut values = [0u16; LANES];
                    // SAFETY: `values` has room for 32 u16.
                    unsafe { _mm512_storeu_si512(values.as_mut_ptr().cast(), x) };
                    while lanes != 0 {
                        set.strike(values[lanes.trailing_zeros() as usize] as usize);
                        lanes &= lanes - 1;
                    }
                }
                if set.is_empty() {
                    targets.clear();
                    return;
                }
                // SAFETY: as above.
                words = unsafe { _mm512_loadu_si512(set.as_ptr().cast()) };
            }
            a += STEP;
        }
        if set.strike_splits(g, rest, a, half) {
            targets.clear();
            return;
        }
        set.keep(targets);
    }
}
