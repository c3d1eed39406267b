//! Stage 2 of the block kernel with AVX2, for values below 512: the sparse values still
//! missing are a 512-bit set held in two registers, and every split's XOR is looked up in
//! it with two lane permutations, a blend and a variable shift, 32 splits a step, whatever
//! the number of missing values (the portable stage 2 marks one byte per split while more
//! than a few are missing). A step with a hit is looked at lane by lane.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// Values below this are handled here (XORs of two of them stay below it).
pub(super) const WIDTH: usize = 512;
/// Splits per step (four vectors of eight).
const STEP: usize = 32;
/// Missing values from which on the lookups start (before, bytes are marked), for values
/// from 64 up; below 64 bytes are marked while any is missing (but see [`MARK_AT_MOST`]).
/// Measured at 2^21, three runs each: .6 (values to 319) 3.35-3.59 s from 8, 3.72-3.86 s
/// from the start.
const FEW: usize = 8;
/// Splits marked at most before the lookups start, however many values are missing: a
/// heap's sparse options may first appear far into its splits (.0177, values below 16:
/// 0, 3, 5 and 6 are looked for in almost every heap, found after n/64 splits on average,
/// and 150 heaps to 2^19 scan every split), and marking them all cost .0177 five times the
/// lookups (2^19: 1.26 s against 0.24 s with AVX-512, 0.62 s with AVX2); 64, 128 and 256
/// measured alike on eight other codes.
const MARK_AT_MOST: usize = 128;

/// Where the lookups start when every value is below `width`.
pub(super) fn few(width: usize) -> usize {
    if width <= 64 {
        0
    } else {
        FEW
    }
}

/// Scans the splits of heap `n` until every target (all below [`WIDTH`]) has been seen as
/// an option, or the splits run out (or reach past `reach`, the most a window holds);
/// `targets` keeps the missing ones, smallest first.
/// While more than `few` are missing, bytes are marked instead of looking them up.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) fn scan_splits(
    g: &[u16],
    n: usize,
    split_takes: &[usize],
    reach: usize,
    few: usize,
    targets: &mut Vec<u16>,
    marks: &mut [u8],
) {
    let reverse = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    for &k in split_takes {
        if k + 2 > n {
            continue;
        }
        let rest = n - k;
        let half = (rest / 2).min(reach);
        // While many values are missing, hits would come every few splits and each costs
        // branches: mark bytes instead (no branch), checking the missing values now and then.
        let mut a = mark_while_many(g, rest, half, few, targets, marks);
        if targets.is_empty() {
            return;
        }
        let mut set = Missing::of(targets);
        let (mut low, mut high) = load_set(&set);
        while a + STEP - 1 <= half {
            let lo = &g[a..a + STEP];
            let hi = &g[rest - a - (STEP - 1)..=rest - a];
            let mut hits = [_mm256_setzero_si256(); STEP / 8];
            let mut xs = [_mm256_setzero_si256(); STEP / 8];
            for (j, (x, hit)) in xs.iter_mut().zip(&mut hits).enumerate() {
                // SAFETY: both slices hold STEP u16 values, and j * 8 + 8 <= STEP.
                let (l, h) = unsafe {
                    (
                        _mm_loadu_si128(lo.as_ptr().add(j * 8) as *const __m128i),
                        _mm_loadu_si128(hi.as_ptr().add(STEP - 8 - j * 8) as *const __m128i),
                    )
                };
                // Lane i: G(a + j*8 + i) ^ G(rest - a - j*8 - i).
                let h = _mm256_permutevar8x32_epi32(_mm256_cvtepu16_epi32(h), reverse);
                *x = _mm256_xor_si256(_mm256_cvtepu16_epi32(l), h);
                *hit = lookup(low, high, *x);
            }
            let any = _mm256_or_si256(_mm256_or_si256(hits[0], hits[1]), _mm256_or_si256(hits[2], hits[3]));
            if _mm256_movemask_ps(_mm256_castsi256_ps(any)) != 0 {
                // Only the lanes that hit (usually one or two), each value cleared once.
                for (x, hit) in xs.into_iter().zip(hits) {
                    let mut lanes = _mm256_movemask_ps(_mm256_castsi256_ps(hit)) as u32;
                    if lanes == 0 {
                        continue;
                    }
                    let mut values = [0u32; 8];
                    // SAFETY: `values` has room for 8 u32.
                    unsafe { _mm256_storeu_si256(values.as_mut_ptr() as *mut __m256i, x) };
                    while lanes != 0 {
                        set.strike(values[lanes.trailing_zeros() as usize] as usize);
                        lanes &= lanes - 1;
                    }
                }
                if set.is_empty() {
                    targets.clear();
                    return;
                }
                (low, high) = load_set(&set);
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

/// The targets still missing in a stage-2 scan, as a set of 512 bits (bit v at bit v % 64
/// of word v / 64, so the AVX2 scan loads it as 16 words of 32 bits and the AVX-512 scan
/// as 32 of 16), and how many there are.
pub(super) struct Missing {
    bits: [u64; WIDTH / 64],
    left: usize,
}

impl Missing {
    /// The set of `targets` (distinct, all below [`WIDTH`]).
    pub(super) fn of(targets: &[u16]) -> Missing {
        let mut bits = [0u64; WIDTH / 64];
        for &t in targets {
            bits[t as usize / 64] |= 1 << (t % 64);
        }
        Missing { bits, left: targets.len() }
    }

    /// Takes `x` (below [`WIDTH`]) out of the set if it is there.
    #[inline(always)]
    pub(super) fn strike(&mut self, x: usize) {
        let word = &mut self.bits[x / 64];
        let bit = 1 << (x % 64);
        if *word & bit != 0 {
            *word &= !bit;
            self.left -= 1;
        }
    }

    /// Whether every target has been seen.
    pub(super) fn is_empty(&self) -> bool {
        self.left == 0
    }

    /// Strikes the options of the splits a + (rest - a), a from `from` to `half`, one at a
    /// time (a scan's last partial step); true as soon as nothing is missing.
    pub(super) fn strike_splits(&mut self, g: &[u16], rest: usize, from: usize, half: usize) -> bool {
        for a in from..=half {
            self.strike((g[a] ^ g[rest - a]) as usize);
            if self.is_empty() {
                return true;
            }
        }
        false
    }

    /// Keeps in `targets` only those still missing.
    pub(super) fn keep(&self, targets: &mut Vec<u16>) {
        targets.retain(|&t| self.bits[t as usize / 64] & (1 << (t % 64)) != 0);
    }

    /// The set's 64 bytes, for vector loads.
    pub(super) fn as_ptr(&self) -> *const u8 {
        self.bits.as_ptr().cast()
    }
}

/// Marks the options of the splits a + (rest - a) from a = 1 to `half` while more than `few`
/// targets are missing, in steps of whole vectors, removing the targets seen after every
/// step, for about [`MARK_AT_MOST`] splits; returns the next split. A check costs one load
/// per target, so the steps grow with their number.
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) fn mark_while_many(
    g: &[u16],
    rest: usize,
    half: usize,
    few: usize,
    targets: &mut Vec<u16>,
    marks: &mut [u8],
) -> usize {
    let marks: &mut [u8; WIDTH] = (&mut marks[..WIDTH]).try_into().expect("marks cover every value below WIDTH");
    let mut a = 1;
    while targets.len() > few && a + STEP - 1 <= half.min(MARK_AT_MOST) {
        let steps = (8 * targets.len()).div_ceil(STEP);
        for _ in 0..steps {
            if a + STEP - 1 > half {
                break;
            }
            let lo: &[u16; STEP] = g[a..a + STEP].try_into().expect("a whole step");
            let hi: &[u16; STEP] = g[rest - a - (STEP - 1)..=rest - a].try_into().expect("a whole step");
            let mut xs = [0u16; STEP];
            for (j, x) in xs.iter_mut().enumerate() {
                *x = lo[j] ^ hi[STEP - 1 - j];
            }
            for x in xs {
                marks[x as usize % WIDTH] = 1;
            }
            a += STEP;
        }
        targets.retain(|&t| marks[t as usize] == 0);
    }
    a
}

/// The set's 32-bit words 0..8 and 8..16.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn load_set(set: &Missing) -> (__m256i, __m256i) {
    // SAFETY: the set holds 64 bytes, two vectors.
    unsafe { (_mm256_loadu_si256(set.as_ptr().cast()), _mm256_loadu_si256(set.as_ptr().add(32).cast())) }
}

/// Per lane, bit 31 set where x (below 512) is in the set held by `low` and `high`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn lookup(low: __m256i, high: __m256i, x: __m256i) -> __m256i {
    let word = _mm256_srli_epi32::<5>(x);
    let from_low = _mm256_permutevar8x32_epi32(low, word);
    let from_high = _mm256_permutevar8x32_epi32(high, word);
    // Bit 3 of the word index, moved to the sign bit, chooses the half.
    let choose = _mm256_slli_epi32::<28>(word);
    let w = _mm256_castps_si256(_mm256_blendv_ps(
        _mm256_castsi256_ps(from_low),
        _mm256_castsi256_ps(from_high),
        _mm256_castsi256_ps(choose),
    ));
    let shift = _mm256_sub_epi32(_mm256_set1_epi32(31), _mm256_and_si256(x, _mm256_set1_epi32(31)));
    _mm256_sllv_epi32(w, shift)
}
