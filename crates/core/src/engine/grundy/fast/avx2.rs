//! Stage 2 with AVX2 intrinsics (x86-64 only; chosen at run time when the CPU has AVX2 but
//! not AVX-512BW): 32 splits a step, tested against the missing set in two registers, or
//! against the few values still missing once there are at most [`AVX2_TARGETS`].

use super::low::{LowBytes, LowSet};
use super::recent::Reversed;
use super::{scan_tail, BitIndices, View};
use crate::engine::grundy::class::ValueSet;
use crate::engine::grundy::state::HeapResult;
use crate::Value;

/// Missing values compared lane by lane (one compare per value and 16 splits); with more
/// missing, membership is looked up in the set instead (about nine instructions per 8
/// splits). Measured at 2^19 heaps on one thread: 4 targets 1.4 s, 8 1.6-2.0 s, 16 1.7 s.
pub(super) const AVX2_TARGETS: usize = 4;

/// Stage 2 with AVX2. Like the AVX-512 kernel there is no scalar marking phase: every step
/// of 32 splits yields the mask of lanes whose option is still missing, and only the lanes
/// that hit are walked, in order, so the stopping split is exact.
///
/// With `low` given, the splits are first taken on the values' low bytes ([`scan_low`]),
/// as far as no part n - a can be a sparse heap (`last_sparse` is the newest) and the bytes
/// are held; the rest goes on with the 16-bit values below.
///
/// While many values are missing, membership of a 9-bit option x in the 512-bit missing set
/// is looked up: the set is sixteen 32-bit words in two registers; `vpermd` picks word
/// x >> 5 (mod 8) from both, the one for x >> 8 is kept, and `vpsrlvd` by x & 31 brings the
/// bit to bit 0. Once at most [`AVX2_TARGETS`] values are missing (the long tail of most
/// scans), the options are compared with each of them instead, which is cheaper.
///
/// G(n - a) runs backwards as a grows; `recent` (when given) holds the latest values in
/// reverse order, so those loads need no lane reversal.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn scan_avx2(
    v: View,
    recent: Option<&Reversed<Value>>,
    low: Option<&LowBytes>,
    last_sparse: usize,
    n: usize,
    c: Value,
) -> Option<HeapResult> {
    use std::arch::x86_64::*;
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2;
    let limit = half.min(v.reach(n));
    let common = |stop: usize| Some(HeapResult::Common { value: c, scan_length: stop as u64 });
    let mut missing = need;
    let mut a = 1;
    if let Some(low) = low {
        // SAFETY: this CPU has the features (the caller's contract), and `scan_end` keeps the
        // scan within the low bytes held for heap n.
        match unsafe { scan_low(low, n, 1, low.scan_end(n, limit, last_sparse), &mut missing) } {
            LowScan::Emptied { stop } => return common(stop),
            LowScan::Reached { a: next } => a = next,
        }
    }
    let p = v.front.as_ptr();
    // q.add(m - base) is G(m).
    let q = v.back.as_ptr();
    let (r, reversed_to) = match recent {
        Some(recent) => {
            let (rev, reach) = recent.behind(n);
            (rev.as_ptr(), limit.min(reach))
        }
        None => (std::ptr::null(), 0),
    };
    // The options of splits a..a + 32, in two registers of 16.
    let load = |a: usize| -> (__m256i, __m256i) {
        // SAFETY: a + 31 <= limit < front.len(). From the reversed copy: it holds G(n - a)
        // at a - 1 for a <= reach. Else n - a - 31 >= n - limit >= base, and
        // n - a < n = base + back.len().
        unsafe {
            let f0 = _mm256_loadu_si256(p.add(a) as *const __m256i);
            let f1 = _mm256_loadu_si256(p.add(a + 16) as *const __m256i);
            let (b0, b1) = if a + 31 <= reversed_to {
                (
                    _mm256_loadu_si256(r.add(a - 1) as *const __m256i),
                    _mm256_loadu_si256(r.add(a + 15) as *const __m256i),
                )
            } else {
                let b = q.add(n - a - 31 - v.base);
                (
                    reverse16(_mm256_loadu_si256(b.add(16) as *const __m256i)),
                    reverse16(_mm256_loadu_si256(b as *const __m256i)),
                )
            };
            (_mm256_xor_si256(f0, b0), _mm256_xor_si256(f1, b1))
        }
    };
    // Many missing: look each option up in the set.
    if missing.len() > AVX2_TARGETS {
        let (mut lo, mut hi) = set_registers(&missing);
        while a + 31 <= limit {
            let (x0, x1) = load(a);
            let hits = set_hits(lo, hi, x0, x1);
            a += 32;
            if hits != 0 {
                match remove_hits(&mut missing, x0, x1, hits, a - 32) {
                    Removed::Emptied { stop } => return common(stop),
                    Removed::Left(left) if left <= AVX2_TARGETS => break,
                    Removed::Left(_) => {}
                }
                (lo, hi) = set_registers(&missing);
            }
        }
    }
    // Few missing: compare with each.
    if a + 31 <= limit {
        let (mut t, mut k) = targets(&missing);
        while a + 31 <= limit {
            let (x0, x1) = load(a);
            let hits = target_hits(&t, k, x0, x1);
            if hits != 0 {
                if let Removed::Emptied { stop } = remove_hits(&mut missing, x0, x1, hits, a) {
                    return common(stop);
                }
                (t, k) = targets(&missing);
            }
            a += 32;
        }
    }
    scan_tail(v, n, c, a, limit, half, missing)
}

/// The 16 words of a register in reverse order.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn reverse16(x: std::arch::x86_64::__m256i) -> std::arch::x86_64::__m256i {
    use std::arch::x86_64::*;
    let within = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
    );
    _mm256_permute4x64_epi64::<0b01_00_11_10>(_mm256_shuffle_epi8(x, within))
}

/// The set as words 0..8 and 8..16 of 32 bits. Built from its eight 64-bit words one by
/// one (`black_box` keeps LLVM from merging them into two wide loads): `remove_hits` has
/// just written them one at a time, and a wide load of narrow stores stalls store
/// forwarding. Measured at 2^20 heaps on one thread: 2.66 s with wide loads, 2.48 s so.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn set_registers(set: &ValueSet) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) {
    use std::arch::x86_64::*;
    let w = set.words().map(|w| std::hint::black_box(w) as i64);
    (_mm256_setr_epi64x(w[0], w[1], w[2], w[3]), _mm256_setr_epi64x(w[4], w[5], w[6], w[7]))
}

/// Bit i set when option i of the 32 (16 in `x0`, then 16 in `x1`) is in the set
/// held by `lo` and `hi`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn set_hits(
    lo: std::arch::x86_64::__m256i,
    hi: std::arch::x86_64::__m256i,
    x0: std::arch::x86_64::__m256i,
    x1: std::arch::x86_64::__m256i,
) -> u32 {
    use std::arch::x86_64::*;
    let a = set_hits8(lo, hi, _mm256_castsi256_si128(x0));
    let b = set_hits8(lo, hi, _mm256_extracti128_si256::<1>(x0));
    let c = set_hits8(lo, hi, _mm256_castsi256_si128(x1));
    let d = set_hits8(lo, hi, _mm256_extracti128_si256::<1>(x1));
    a | b << 8 | c << 16 | d << 24
}

/// Bit i set when option x[i] (8 words) is in the set held as words 0..8 (`lo`) and 8..16
/// (`hi`) of 32 bits.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn set_hits8(lo: std::arch::x86_64::__m256i, hi: std::arch::x86_64::__m256i, x: std::arch::x86_64::__m128i) -> u32 {
    use std::arch::x86_64::*;
    let y = _mm256_cvtepu16_epi32(x);
    let word = _mm256_srli_epi32::<5>(y);
    let in_hi = _mm256_cmpgt_epi32(word, _mm256_set1_epi32(7));
    let w = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(lo, word), _mm256_permutevar8x32_epi32(hi, word), in_hi);
    let bit = _mm256_srlv_epi32(w, _mm256_and_si256(y, _mm256_set1_epi32(31)));
    _mm256_movemask_ps(_mm256_castsi256_ps(_mm256_slli_epi32::<31>(bit))) as u32
}

/// The (at most [`AVX2_TARGETS`]) values of the set, each broadcast to a register and
/// padded with a value no option has, and how many there are.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn targets(set: &ValueSet) -> ([std::arch::x86_64::__m256i; AVX2_TARGETS], usize) {
    use std::arch::x86_64::*;
    let mut t = [_mm256_set1_epi16(-1); AVX2_TARGETS];
    let mut k = 0;
    for (t, v) in t.iter_mut().zip(set.iter()) {
        *t = _mm256_set1_epi16(v as i16);
        k += 1;
    }
    (t, k)
}

/// Bit i set when option i of the 32 is one of the first `k` targets (rounded up to 1, 2 or
/// [`AVX2_TARGETS`]: the padding never matches).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn target_hits(
    t: &[std::arch::x86_64::__m256i; AVX2_TARGETS],
    k: usize,
    x0: std::arch::x86_64::__m256i,
    x1: std::arch::x86_64::__m256i,
) -> u32 {
    use std::arch::x86_64::*;
    let compare = |t: &[__m256i]| {
        let mut m0 = _mm256_cmpeq_epi16(x0, t[0]);
        let mut m1 = _mm256_cmpeq_epi16(x1, t[0]);
        for &t in &t[1..] {
            m0 = _mm256_or_si256(m0, _mm256_cmpeq_epi16(x0, t));
            m1 = _mm256_or_si256(m1, _mm256_cmpeq_epi16(x1, t));
        }
        // Words to bytes (the halves come out as m0 lo, m1 lo, m0 hi, m1 hi: reorder).
        let packed = _mm256_permute4x64_epi64::<0b11_01_10_00>(_mm256_packs_epi16(m0, m1));
        _mm256_movemask_epi8(packed) as u32
    };
    match k {
        0 | 1 => compare(&t[..1]),
        2 => compare(&t[..2]),
        _ => compare(&t[..]),
    }
}

/// Removes the options of the `hits` lanes (of splits a..a + 32) from `missing`: the split
/// at which it became empty, if it did, else how many values are left.
///
/// Every hit lane's option was in the set when the step began, and most steps cannot empty
/// it, so the values are cleared one word at a time, counting down, without a branch per
/// lane and without reading the whole set back (a wide load right after narrow stores
/// stalls store forwarding). Only a step that empties the set is walked again, in order:
/// the set became empty at the first lane of the last distinct value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1")]
#[inline]
fn remove_hits(
    missing: &mut ValueSet,
    x0: std::arch::x86_64::__m256i,
    x1: std::arch::x86_64::__m256i,
    hits: u32,
    a: usize,
) -> Removed {
    use std::arch::x86_64::*;
    let mut xs = [0u16; 32];
    // SAFETY: xs is 64 bytes, two registers.
    unsafe {
        _mm256_storeu_si256(xs.as_mut_ptr() as *mut __m256i, x0);
        _mm256_storeu_si256(xs.as_mut_ptr().add(16) as *mut __m256i, x1);
    }
    let mut left = missing.len();
    let words = missing.words_mut();
    for i in BitIndices(hits) {
        let x = xs[i] as usize % ValueSet::CAPACITY;
        let (word, bit) = (&mut words[x / 64], 1u64 << (x % 64));
        left -= (*word & bit != 0) as usize;
        *word &= !bit;
    }
    if left > 0 {
        return Removed::Left(left);
    }
    let mut seen = ValueSet::EMPTY;
    let mut last_new = 0;
    for i in BitIndices(hits) {
        if !seen.contains(xs[i]) {
            seen.insert(xs[i]);
            last_new = i;
        }
    }
    Removed::Emptied { stop: a + last_new }
}

/// What a step's hits did to the missing set.
enum Removed {
    /// It became empty at this split.
    Emptied { stop: usize },
    /// This many values are still missing.
    Left(usize),
}

/// How a scan on the low bytes ended.
pub(super) enum LowScan {
    /// The missing set became empty at this split.
    Emptied { stop: usize },
    /// The splits below `a` are done and the set (updated in place) is not yet empty.
    Reached { a: usize },
}

/// Steps of 32 splits taken at once on the low bytes: the lookups of the steps are
/// independent, so a group costs about one step's latency, and only a group with a hit
/// branches to clear its values. At 2^22 heaps on one thread, medians of three runs
/// alternating: steps one by one (the set on the stack) 7.82 s, one at a time with the set
/// in its register 10.45 s, groups of two 6.80 s, of four 6.65 s; two threads: 5.45, 5.30
/// (two), 4.89 s (four).
const LOW_GROUP: usize = 4;

/// Splits `from`, `from` + 1, ... of heap n on the low bytes ([`LowBytes`]), while the step ends at or
/// before `end` (within the held bytes, and below any split whose part n - a is a sparse
/// heap). Lanes whose small part is a sparse heap are masked out.
///
/// The missing set is one register of 256 bits. While many values are missing, a byte x is
/// looked up in it: `vpshufb` picks byte x >> 3 of the set (from the half that x's top bit
/// names, with `vpblendvb`) and a second `vpshufb` the bit x & 7; about ten instructions per
/// 32 splits, against some forty with the 16-bit values. Once at most [`AVX2_TARGETS`] are
/// missing, the bytes are compared with each. A hit is cleared with one `vpandn` of its
/// one-hot row, so the set stays in its register.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn scan_low(low: &LowBytes, n: usize, from: usize, end: usize, missing: &mut ValueSet) -> LowScan {
    use std::arch::x86_64::*;
    let set = LowSet::of(missing);
    // SAFETY: the set's words are 32 bytes.
    let mut s = unsafe { _mm256_loadu_si256(set.words.as_ptr() as *const __m256i) };
    let mut a = from;
    let steps = LowSteps::new(low, n, end);
    // SAFETY: each call: the caller's contract, and `steps` as made above.
    unsafe {
        // The set's phase (few values or many) is checked before each run: the many-values
        // run stops when few are left, and the few-values one takes over at once.
        for few in [false, true] {
            if (popcount(s) <= AVX2_TARGETS) != few {
                continue;
            }
            let run = if few { LowSteps::run::<LOW_GROUP, true> } else { LowSteps::run::<LOW_GROUP, false> };
            if let Some(stop) = run(&steps, &mut a, &mut s) {
                return LowScan::Emptied { stop };
            }
            if (popcount(s) <= AVX2_TARGETS) != few {
                continue;
            }
            // The last steps before `end`, one at a time.
            let run = if few { LowSteps::run::<1, true> } else { LowSteps::run::<1, false> };
            if let Some(stop) = run(&steps, &mut a, &mut s) {
                return LowScan::Emptied { stop };
            }
        }
    }
    *missing = low_set_of(s).values();
    LowScan::Reached { a }
}

/// The low bytes of one heap's splits, as [`scan_low`] takes them.
pub(super) struct LowSteps<'a> {
    pub(super) low: &'a LowBytes,
    /// G(a) as bytes, from a = 0.
    pub(super) front: *const u8,
    /// G(n - a) as bytes at a - 1.
    pub(super) back: *const u8,
    /// The last split the steps may take.
    pub(super) end: usize,
}

impl<'a> LowSteps<'a> {
    /// The splits of heap n up to `end` (within the bytes held: [`LowBytes::scan_end`]).
    pub(super) fn new(low: &'a LowBytes, n: usize, end: usize) -> LowSteps<'a> {
        LowSteps { low, front: low.front().as_ptr(), back: low.behind(n).0.as_ptr(), end }
    }

    /// Takes groups of `GROUP` steps from split `a` while they end by `end`; with `FEW`, the
    /// set holds at most [`AVX2_TARGETS`] values and they are compared with each, else they
    /// are looked up in the set, until at most that many are left. The split at which the
    /// set became empty, if it did.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    unsafe fn run<const GROUP: usize, const FEW: bool>(
        &self,
        a: &mut usize,
        s: &mut std::arch::x86_64::__m256i,
    ) -> Option<usize> {
        use std::arch::x86_64::*;
        let (mut lo, mut hi) = halves(*s);
        let mut t = if FEW { low_targets(*s) } else { [_mm256_setzero_si256(); AVX2_TARGETS] };
        while *a + 32 * GROUP - 1 <= self.end {
            let mut x = [_mm256_setzero_si256(); GROUP];
            let mut hits = 0u128;
            for (k, x) in x.iter_mut().enumerate() {
                let b = *a + 32 * k;
                // SAFETY: b + 31 <= end < front.len(), and the reversed bytes hold G(n - b)
                // at b - 1 for b up to their reach >= end.
                *x = unsafe {
                    _mm256_xor_si256(
                        _mm256_loadu_si256(self.front.add(b) as *const __m256i),
                        _mm256_loadu_si256(self.back.add(b - 1) as *const __m256i),
                    )
                };
                let m = if FEW { low_target_hits(&t, *x) } else { low_set_hits(lo, hi, *x) };
                hits |= ((m & self.low.common_from(b)) as u128) << (32 * k);
            }
            if hits != 0 {
                let mut xs = [0u8; 32 * LOW_GROUP];
                // SAFETY: xs holds GROUP <= LOW_GROUP registers.
                unsafe {
                    for (k, &x) in x.iter().enumerate() {
                        _mm256_storeu_si256(xs.as_mut_ptr().add(32 * k) as *mut __m256i, x);
                    }
                }
                if let Some(lane) = clear_hits(s, &xs, hits) {
                    return Some(*a + lane);
                }
                *a += 32 * GROUP;
                if FEW {
                    t = low_targets(*s);
                } else {
                    if popcount(*s) <= AVX2_TARGETS {
                        return None;
                    }
                    (lo, hi) = halves(*s);
                }
            } else {
                *a += 32 * GROUP;
            }
        }
        None
    }
}

/// Clears from the missing set `s` the byte of every lane of `xs` that `hits` marks; the
/// lane at which the set became empty, if it did (both vector kernels' step on a hit).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn clear_hits(s: &mut std::arch::x86_64::__m256i, xs: &[u8], hits: u128) -> Option<usize> {
    use std::arch::x86_64::*;
    let before = *s;
    for i in BitIndices(hits) {
        // SAFETY: ONE_HOT has a row per byte, each 32-byte aligned.
        let one = unsafe { _mm256_load_si256(ONE_HOT.0[xs[i] as usize].as_ptr() as *const __m256i) };
        *s = _mm256_andnot_si256(one, *s);
    }
    // SAFETY: the hits cover the values that emptied the set, as `emptied_at` needs.
    (_mm256_testz_si256(*s, *s) == 1).then(|| emptied_at(before, xs, hits))
}

/// The lane at which the set `before` became empty, walking the `hits` lanes of `xs` in
/// order (they cover it): the first lane of the last distinct value.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
fn emptied_at(before: std::arch::x86_64::__m256i, xs: &[u8], hits: u128) -> usize {
    let mut set = low_set_of(before);
    let mut left = set.len();
    for i in BitIndices(hits) {
        let x = xs[i] as usize;
        let (word, bit) = (&mut set.words[x / 64], 1u64 << (x % 64));
        if *word & bit != 0 {
            *word &= !bit;
            left -= 1;
            if left == 0 {
                return i;
            }
        }
    }
    unreachable!("the hits cover the set")
}

/// The 256 one-hot sets of 256 bits: row x has only bit x % 8 of byte x / 8.
#[repr(align(32))]
pub(super) struct OneHot(pub(super) [[u8; 32]; 256]);

pub(super) static ONE_HOT: OneHot = {
    let mut rows = [[0u8; 32]; 256];
    let mut x = 0;
    while x < 256 {
        rows[x][x / 8] = 1 << (x % 8);
        x += 1;
    }
    OneHot(rows)
};

/// The set in a register as a [`LowSet`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
pub(super) fn low_set_of(s: std::arch::x86_64::__m256i) -> LowSet {
    let mut set = LowSet::default();
    // SAFETY: the words are 32 bytes.
    unsafe { std::arch::x86_64::_mm256_storeu_si256(set.words.as_mut_ptr() as *mut _, s) };
    set
}

/// How many bits of a register are set.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
#[inline]
pub(super) fn popcount(s: std::arch::x86_64::__m256i) -> usize {
    use std::arch::x86_64::*;
    let lo = _mm256_castsi256_si128(s);
    let hi = _mm256_extracti128_si256::<1>(s);
    let words = [_mm_cvtsi128_si64(lo), _mm_extract_epi64::<1>(lo), _mm_cvtsi128_si64(hi), _mm_extract_epi64::<1>(hi)];
    words.iter().map(|&w| (w as u64).count_ones() as usize).sum()
}

/// The set's bytes 0..16 and 16..32, each in both halves of a register (`vpshufb` looks up
/// within a half).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn halves(s: std::arch::x86_64::__m256i) -> (std::arch::x86_64::__m256i, std::arch::x86_64::__m256i) {
    use std::arch::x86_64::*;
    // SAFETY: the functions calling this have AVX2 enabled.
    unsafe { (_mm256_permute4x64_epi64::<0b01_00_01_00>(s), _mm256_permute4x64_epi64::<0b11_10_11_10>(s)) }
}

/// Bit i set when byte i of `x` is in the set held by `lo` and `hi`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn low_set_hits(lo: std::arch::x86_64::__m256i, hi: std::arch::x86_64::__m256i, x: std::arch::x86_64::__m256i) -> u32 {
    use std::arch::x86_64::*;
    let bits = _mm256_setr_epi8(
        1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32, 64, -128, 1, 2, 4, 8, 16, 32,
        64, -128,
    );
    // Byte x >> 3 of the set: bits 3..6 of x pick it within a half, bit 7 the half.
    let index = _mm256_and_si256(_mm256_srli_epi16::<3>(x), _mm256_set1_epi8(0x0F));
    let byte = _mm256_blendv_epi8(_mm256_shuffle_epi8(lo, index), _mm256_shuffle_epi8(hi, index), x);
    let bit = _mm256_shuffle_epi8(bits, _mm256_and_si256(x, _mm256_set1_epi8(7)));
    _mm256_movemask_epi8(_mm256_cmpeq_epi8(_mm256_and_si256(byte, bit), bit)) as u32
}

/// The (at most [`AVX2_TARGETS`]) bytes of the set, each broadcast to a register; the
/// first repeated where there are fewer. Only called while the set is small.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn low_targets(s: std::arch::x86_64::__m256i) -> [std::arch::x86_64::__m256i; AVX2_TARGETS] {
    use std::arch::x86_64::*;
    let set = low_set_of(s);
    let first = set.bytes().next().unwrap_or(0);
    let mut t = [_mm256_set1_epi8(first as i8); AVX2_TARGETS];
    for (t, x) in t.iter_mut().zip(set.bytes()) {
        *t = _mm256_set1_epi8(x as i8);
    }
    t
}

/// Bit i set when byte i of `x` is one of the targets.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
#[inline]
fn low_target_hits(t: &[std::arch::x86_64::__m256i; AVX2_TARGETS], x: std::arch::x86_64::__m256i) -> u32 {
    use std::arch::x86_64::*;
    let mut m = _mm256_cmpeq_epi8(x, t[0]);
    for &t in &t[1..] {
        m = _mm256_or_si256(m, _mm256_cmpeq_epi8(x, t));
    }
    _mm256_movemask_epi8(m) as u32
}
