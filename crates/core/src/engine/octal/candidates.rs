//! The dense kernel's scan: the first splits of a heap are marked one by one (the common
//! values are all there), then the rest are compared, many splits a step, against the
//! values still missing, the *candidates*. A split that hits a candidate strikes it.
//! After a pass over every split the candidates left are missing from the options; if
//! none is left, the next missing values are taken and the splits passed over again.
//! Marking a split costs a store; comparing costs a fraction of that, so a heap costs its
//! first splits marked plus a pass or two compared.
//!
//! Two scans: with AVX-512, 32 splits a step against a *window* of candidates, every value
//! not marked among [`WINDOW`] values from the smallest, as a set of bits in four registers
//! (a lane fetches its word with two `vpermt2w` and tests its bit), so that one pass
//! decides the mex unless it lies past the window; with AVX2, which has no 16-bit
//! permutation, 16 splits a step against [`FEW`] candidates, one broadcast register and
//! one compare each.
//!
//! Why it is exact: each pass takes the smallest values that are neither marked nor found
//! by an earlier pass, in order, so the candidates left after the passes are, in order,
//! the smallest values no option gives.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// No candidate in the AVX2 scan's list (values are below 2^15).
#[cfg(target_arch = "x86_64")]
const EMPTY: u16 = u16::MAX;

/// Split ranges a scan takes at most: the dense kernel keeps one a split take, up to 8.
pub(super) const MOST_SEGMENTS: usize = 8;

/// Splits a step.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const LANES: usize = 32;

/// The split ranges of a heap still to compare: a in `from..=to` with the other part
/// `rest - a` (at least a), for each split take.
#[derive(Clone, Copy, Default)]
pub(super) struct Segment {
    pub(super) rest: usize,
    pub(super) from: usize,
    pub(super) to: usize,
}

/// The smallest values missing from the options, in order, each compared with every split.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) struct Missing {
    pub(super) values: [u16; 3],
    pub(super) len: usize,
    /// Passes over the splits it took: with AVX-512 the windows begun, with AVX2 the splits
    /// compared over the splits, rounded up, since its 8 candidates often all fall early in
    /// a pass, which then costs little (the caller marks more splits when they are many).
    pub(super) passes: usize,
    /// Candidates the AVX-512 scan struck (each costs a few marks; 0 with AVX2).
    pub(super) struck: usize,
}

/// What both scans' unchecked loads rest on: every split of every segment reads values
/// inside `g`, and every value up to `bound` has a stamp.
#[cfg(target_arch = "x86_64")]
fn check(g: &[u16], segments: &[Segment], stamps: &[u32], bound: usize) {
    debug_assert!(bound < 1 << 15 && stamps.len() > bound);
    assert!(segments.len() <= MOST_SEGMENTS, "at most {MOST_SEGMENTS} split ranges");
    for s in segments.iter().filter(|s| s.from <= s.to) {
        assert!(s.from >= 1 && 2 * s.to <= s.rest && s.rest - s.from < g.len(), "a segment past the values");
    }
}

/// Values a window of the AVX-512 scan holds: a set of 2,048 bits, 128 words of 16 in four
/// registers (a `vpermt2w` fetches from two). A window of 1,024 took .06 to 2^20 in 34.4 s
/// on two cores, 1.77 windows a heap (its mex lies anywhere below 4,096 there); this one in
/// 29.4 s, 1.22 a heap, and to 2^18 5 % slower.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const WINDOW: usize = 2048;

/// Steps with hits the window scan keeps before it strikes their values from the window
/// (and reloads it): a strike then costs a few cycles, not a mispredicted branch (.06 at
/// 2^18 has some 700 strikes a heap against some 2,000 steps of 32 splits).
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
const KEPT: usize = 16;

/// The `need` smallest values (at most 3) that neither the marks (`stamps[v] == stamp`, for
/// v up to `bound`, which no option reaches) nor any split of `segments` give, in order.
/// `g` must hold every value a segment reads.
///
/// A window holds the values not marked among [`WINDOW`] from the smallest not marked, a
/// bit each; a pass strikes the values its splits give, and the values left are missing.
/// Only when a pass strikes every candidate does the next window take another pass. Every
/// step stores its values and its hits, and only a step with hits advances the store;
/// every [`KEPT`] such steps their hits are struck at once, so that no step branches on
/// its hits.
///
/// # Safety
/// The CPU must have AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,popcnt")]
pub(super) unsafe fn smallest_missing(
    g: &[u16],
    segments: &[Segment],
    stamps: &[u32],
    stamp: u32,
    bound: usize,
    need: usize,
) -> Missing {
    check(g, segments, stamps, bound);
    let reverse = _mm512_set_epi16(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29,
        30, 31,
    );
    let load = |w: &[u16; WINDOW / 16]| {
        // SAFETY: 128 words, four registers' worth.
        unsafe { [0, 32, 64, 96].map(|at| _mm512_loadu_si512(w.as_ptr().add(at).cast())) }
    };
    // Strikes the kept steps' hits (their values less the window's start) from the
    // window's words; returns how many were still there. The hits are first packed into
    // one list (16 lanes at a time, as 32-bit values), so that the loop over them has one
    // exit to predict, not one a step.
    let mut list = [0u32; KEPT * LANES + 16];
    let mut strike = |words: &mut [u16; WINDOW / 16], kept: &[([u16; LANES], u32)]| {
        let mut len = 0;
        for (ds, hits) in kept {
            for half in 0..2 {
                let mask = (hits >> (16 * half)) as u16;
                // SAFETY: 16 values from ds (32 of them), and at most 16 stored from `len`,
                // which stays below KEPT * LANES.
                unsafe {
                    let v = _mm512_cvtepu16_epi32(_mm256_loadu_si256(ds.as_ptr().add(16 * half).cast()));
                    _mm512_storeu_si512(list.as_mut_ptr().add(len).cast(), _mm512_maskz_compress_epi32(mask, v));
                }
                len += mask.count_ones() as usize;
            }
        }
        let mut struck = 0;
        for &v in &list[..len] {
            let (w, b) = ((v >> 4) as usize % (WINDOW / 16), v & 15);
            struck += usize::from((words[w] >> b) & 1);
            words[w] &= !(1 << b);
        }
        struck
    };
    let (one, low4, upper) = (_mm512_set1_epi16(1), _mm512_set1_epi16(15), _mm512_set1_epi16(WINDOW as i16 / 2));
    let base = g.as_ptr();
    let mut found = Missing { values: [0; 3], len: 0, passes: 0, struck: 0 };
    let mut kept = [([0u16; LANES], 0u32); KEPT];
    let mut next = 0;
    while found.len < need && next <= bound {
        while next <= bound && stamps[next] == stamp {
            next += 1;
        }
        if next > bound {
            break;
        }
        // The window: the values lo..hi not marked, bit v - lo.
        let (lo, hi) = (next, (next + WINDOW).min(bound + 1));
        let mut words = [0u16; WINDOW / 16];
        let mut left = 0usize;
        let marked = _mm512_set1_epi32(stamp as i32);
        for (w, word) in words.iter_mut().enumerate().take((hi - lo).div_ceil(16)) {
            // The stamps of lo + 16w.. up to hi - 1 (inside `stamps`), a bit each.
            let lanes = if hi - lo - 16 * w >= 16 { u16::MAX } else { (1u16 << (hi - lo - 16 * w)) - 1 };
            // SAFETY: lanes past hi - 1 are not read; `stamps` reaches `bound` >= hi - 1.
            let s = unsafe { _mm512_maskz_loadu_epi32(lanes, stamps.as_ptr().add(lo + 16 * w).cast()) };
            *word = _mm512_mask_cmpneq_epi32_mask(lanes, s, marked);
            left += word.count_ones() as usize;
        }
        next = hi;
        found.passes += 1;
        let offset = _mm512_set1_epi16(lo as i16);
        let mut set = load(&words);
        let mut k = 0;
        // The splits' values less lo, from their first parts `a` and their second parts
        // `b` read backwards (lane j of b is the other part of lane 31 - j of a).
        let split_values = |a: __m512i, b: __m512i| {
            _mm512_sub_epi16(_mm512_xor_si512(a, _mm512_permutexvar_epi16(reverse, b)), offset)
        };
        // The same for the 32 splits a = i.. of a range with `rest` whose first parts are `a`.
        let values = |rest: usize, a: __m512i, i: usize| {
            // SAFETY: for a full step of a range: i + 31 <= to and rest - i - 31 >= rest -
            // to >= to, inside g.
            split_values(a, unsafe { _mm512_loadu_si512(base.add(rest - i - 31).cast()) })
        };
        // One step: looks up the values `d` (the lanes in `lanes`) in the window, keeps the
        // hits, and strikes them every KEPT steps with hits (leaving the pass `$pass` once
        // the window is empty).
        macro_rules! probe {
            ($pass:lifetime, $d:expr, $lanes:expr) => {{
                let d = $d;
                // d is in the window when below WINDOW (unsigned). Its bit is d & 15 of
                // word d >> 4; outside the window the shift is made 16 or more (d >> 7 with
                // its low 4 bits cleared), which shifts the bit out.
                let index = _mm512_srli_epi16::<4>(d);
                let word = _mm512_mask_blend_epi16(
                    _mm512_test_epi16_mask(d, upper),
                    _mm512_permutex2var_epi16(set[0], index, set[1]),
                    _mm512_permutex2var_epi16(set[2], index, set[3]),
                );
                // Bitwise: low4 ? d : d >> 7.
                let shift = _mm512_ternarylogic_epi32::<0xe4>(d, _mm512_srli_epi16::<7>(d), low4);
                let hits = _mm512_mask_test_epi16_mask($lanes, word, _mm512_sllv_epi16(one, shift));
                // SAFETY: k < KEPT (struck and reset on reaching it): inside `kept`.
                unsafe {
                    let slot = kept.get_unchecked_mut(k);
                    _mm512_storeu_si512(slot.0.as_mut_ptr().cast(), d);
                    slot.1 = hits;
                }
                k += usize::from(hits != 0);
                if k == KEPT {
                    let struck = strike(&mut words, &kept[..k]);
                    (found.struck, left, k) = (found.struck + struck, left - struck, 0);
                    if left == 0 {
                        break $pass;
                    }
                    set = load(&words);
                }
            }};
        }
        // Where each range goes on (a range passed together with the one before it).
        let mut resume = [0; MOST_SEGMENTS];
        for (r, seg) in resume.iter_mut().zip(segments) {
            *r = seg.from;
        }
        'pass: for (j, seg) in segments.iter().enumerate() {
            let mut i = resume[j];
            // Two ranges whose rests differ by one (split takes k and k + 1) share their
            // first parts, and their second parts lie one value apart: their full steps
            // are passed together, each value read from memory once (.76 reads the values
            // twice a heap otherwise). A range already passed with the one before it is
            // not paired again.
            let twin = segments.get(j + 1).filter(|t| i == seg.from && t.from == seg.from && t.rest + 1 == seg.rest);
            if let Some(twin) = twin {
                while i + LANES - 1 <= seg.to.min(twin.to) {
                    // SAFETY: i + 31 <= to: inside g.
                    let a = unsafe { _mm512_loadu_si512(base.add(i).cast()) };
                    probe!('pass, values(seg.rest, a, i), u32::MAX);
                    probe!('pass, values(twin.rest, a, i), u32::MAX);
                    i += LANES;
                }
                resume[j + 1] = i;
            }
            while i <= seg.to {
                let len = (seg.to + 1 - i).min(LANES);
                if len == LANES {
                    // SAFETY: i + 31 <= to: inside g.
                    let a = unsafe { _mm512_loadu_si512(base.add(i).cast()) };
                    probe!('pass, values(seg.rest, a, i), u32::MAX);
                } else {
                    // Lanes j < len: a = i + j, the other part rest - i - j.
                    let lanes = (1u32 << len) - 1;
                    // SAFETY: masked loads read only the lanes inside g (a up to `to`, the
                    // other part from rest - to); the others are not touched.
                    let (a, b) = unsafe {
                        (
                            _mm512_maskz_loadu_epi16(lanes, base.wrapping_add(i).cast()),
                            _mm512_maskz_loadu_epi16(
                                lanes << (LANES - len),
                                base.wrapping_add(seg.rest).wrapping_sub(i + 31).cast(),
                            ),
                        )
                    };
                    probe!('pass, split_values(a, b), lanes);
                }
                i += LANES;
            }
        }
        found.struck += strike(&mut words, &kept[..k]);
        // The values left, smallest first.
        for (w, &bits) in words.iter().enumerate() {
            let mut bits = bits;
            while bits != 0 && found.len < need {
                found.values[found.len] = (lo + 16 * w + bits.trailing_zeros() as usize) as u16;
                found.len += 1;
                bits &= bits - 1;
            }
        }
    }
    found
}

impl Missing {
    /// Adds the candidates a pass left (any order, [`EMPTY`] for none), smallest first,
    /// until `need` values are found.
    #[cfg(target_arch = "x86_64")]
    fn keep_left(&mut self, left: impl Iterator<Item = u16> + Clone, need: usize) {
        while self.len < need {
            let found = &self.values[..self.len];
            let Some(v) = left.clone().filter(|&v| v != EMPTY && !found.contains(&v)).min() else {
                break;
            };
            self.values[self.len] = v;
            self.len += 1;
        }
    }
}

/// Candidates a pass of the AVX2 scan compares with: one register each.
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) const FEW: usize = 8;

/// [`smallest_missing`] with AVX2: 16 splits a step, each compared with the [`FEW`]
/// smallest candidates left.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
pub(super) fn smallest_missing_avx2(
    g: &[u16],
    segments: &[Segment],
    stamps: &[u32],
    stamp: u32,
    bound: usize,
    need: usize,
) -> Missing {
    const STEP: usize = 16;
    check(g, segments, stamps, bound);
    // Reverses the 16-bit words of each 128-bit half (the halves are then swapped).
    let reverse = _mm256_setr_epi8(
        14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1, 14, 15, 12, 13, 10, 11, 8, 9, 6, 7, 4, 5, 2, 3, 0, 1,
    );
    let base = g.as_ptr();
    let mut found = Missing { values: [0; 3], len: 0, passes: 0, struck: 0 };
    let mut compared = 0usize;
    let total: usize = segments.iter().map(|s| (s.to + 1).saturating_sub(s.from)).sum();
    let mut next = 0;
    while found.len < need && next <= bound {
        // The next FEW values not marked, in order.
        let mut list = [EMPTY; FEW];
        let mut left = 0;
        while left < FEW && next <= bound {
            if stamps[next] != stamp {
                list[left] = next as u16;
                left += 1;
            }
            next += 1;
        }
        let mut wanted = list.map(|c| _mm256_set1_epi16(c as i16));
        'pass: for seg in segments {
            let mut i = seg.from;
            while i + STEP - 1 <= seg.to {
                // SAFETY: i + 15 <= to and rest - i - 15 >= rest - to >= to: inside g.
                let (a, b) = unsafe {
                    (
                        _mm256_loadu_si256(base.add(i).cast()),
                        _mm256_loadu_si256(base.add(seg.rest - i - (STEP - 1)).cast()),
                    )
                };
                // Lane j: G(i + j) ^ G(rest - i - j).
                let b = _mm256_permute4x64_epi64::<0x4e>(_mm256_shuffle_epi8(b, reverse));
                let x = _mm256_xor_si256(a, b);
                let hit = wanted
                    .iter()
                    .fold(_mm256_setzero_si256(), |hit, &w| _mm256_or_si256(hit, _mm256_cmpeq_epi16(x, w)));
                // One bit a byte: the low byte's bit of each 16-bit lane.
                let mut lanes = _mm256_movemask_epi8(hit) as u32 & 0x5555_5555;
                if lanes != 0 {
                    let mut xs = [0u16; STEP];
                    // SAFETY: 16 values into 16 slots.
                    unsafe { _mm256_storeu_si256(xs.as_mut_ptr().cast(), x) };
                    while lanes != 0 {
                        let v = xs[lanes.trailing_zeros() as usize / 2];
                        if let Some(slot) = list.iter().position(|&c| c == v) {
                            list[slot] = EMPTY;
                            left -= 1;
                        }
                        lanes &= lanes - 1;
                    }
                    if left == 0 {
                        compared += STEP;
                        break 'pass;
                    }
                    wanted = list.map(|c| _mm256_set1_epi16(c as i16));
                }
                i += STEP;
                compared += STEP;
            }
            // The last splits of the range, one by one.
            for a in i..=seg.to {
                compared += 1;
                if let Some(slot) = list.iter().position(|&c| c == g[a] ^ g[seg.rest - a]) {
                    list[slot] = EMPTY;
                    left -= 1;
                    if left == 0 {
                        break 'pass;
                    }
                }
            }
        }
        found.keep_left(list.into_iter(), need);
    }
    found.passes = compared.div_ceil(total.max(1));
    found
}
