//! The dense kernel's scan: the first splits of a heap are marked one by one (the common
//! values are all there), then the rest are compared, many splits a step, against the
//! values still missing, the *candidates*. A split that hits a candidate strikes it.
//! After a pass over every split the candidates left are missing from the options; if
//! none is left, the next missing values are taken and the splits passed over again.
//! Marking a split costs a store; comparing costs a fraction of that, so a heap costs its
//! first splits marked plus a pass or two compared.
//!
//! Two scans: with AVX-512, 32 splits a step against the smallest candidates, as many as
//! two tables of 64 slots hold in four registers (a candidate c sits at slot c mod 64 of
//! the first table or slot (c >> 6) mod 64 of the second; a lookup is one `vpermt2w` a
//! table and a compare), about a fifth of a mark a split; with AVX2, which has no 16-bit
//! permutation, 16 splits a step against [`FEW`] candidates, one broadcast register and
//! one compare each.
//!
//! Why it is exact: each pass takes the smallest values that are neither marked nor found
//! by an earlier pass, in order, so the candidates left after the passes are, in order,
//! the smallest values no option gives.

#[cfg(target_arch = "x86_64")]
use std::arch::x86_64::*;

/// A table slot with no candidate (values are below 2^15).
#[cfg(target_arch = "x86_64")]
const EMPTY: u16 = u16::MAX;

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
    /// Passes over the splits it took (the caller marks more splits when they are many):
    /// with AVX-512 the passes begun, with AVX2 the splits compared over the splits, rounded
    /// up, since its 8 candidates often all fall early in a pass, which then costs little.
    pub(super) passes: usize,
}

/// The smallest values not marked, from `next` on, that the two tables hold (in order,
/// stopping at the first that finds both its slots taken).
#[cfg(target_arch = "x86_64")]
fn take(stamps: &[u32], stamp: u32, bound: usize, next: &mut usize, tables: &mut [[u16; 64]; 2]) -> usize {
    *tables = [[EMPTY; 64]; 2];
    let mut taken = 0;
    while *next <= bound {
        if stamps[*next] != stamp {
            let v = *next as u16;
            let slots = [usize::from(v) & 63, (usize::from(v) >> 6) & 63];
            let Some(t) = (0..2).find(|&t| tables[t][slots[t]] == EMPTY) else { break };
            tables[t][slots[t]] = v;
            taken += 1;
        }
        *next += 1;
    }
    taken
}

/// What both scans' unchecked loads rest on: every split of every segment reads values
/// inside `g`, and every value up to `bound` has a stamp.
#[cfg(target_arch = "x86_64")]
fn check(g: &[u16], segments: &[Segment], stamps: &[u32], bound: usize) {
    debug_assert!(bound < 1 << 15 && stamps.len() > bound);
    for s in segments.iter().filter(|s| s.from <= s.to) {
        assert!(s.from >= 1 && 2 * s.to <= s.rest && s.rest - s.from < g.len(), "a segment past the values");
    }
}

/// The `need` smallest values (at most 3) that neither the marks (`stamps[v] == stamp`, for
/// v up to `bound`, which no option reaches) nor any split of `segments` give, in order.
/// `g` must hold every value a segment reads.
///
/// # Safety
/// The CPU must have AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
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
    let load = |t: &[u16; 64]| {
        // SAFETY: 64 values, two registers' worth.
        unsafe { (_mm512_loadu_si512(t.as_ptr().cast()), _mm512_loadu_si512(t.as_ptr().add(32).cast())) }
    };
    let base = g.as_ptr();
    let mut found = Missing { values: [0; 3], len: 0, passes: 0 };
    let mut passes = 0;
    let mut next = 0;
    let mut tables = [[EMPTY; 64]; 2];
    // Each pass ends with at least one candidate left once `bound` is among them.
    while found.len < need && next <= bound {
        let mut left = take(stamps, stamp, bound, &mut next, &mut tables);
        passes += 1;
        let (mut t0, mut t1) = (load(&tables[0]), load(&tables[1]));
        'pass: for seg in segments {
            let mut i = seg.from;
            while i <= seg.to {
                let len = (seg.to + 1 - i).min(LANES);
                // Lanes j < len: a = i + j, the other part rest - i - j (read backwards).
                let (a, b, lanes) = if len == LANES {
                    // SAFETY: i + 31 <= to and rest - i - 31 >= rest - to >= to: inside g.
                    unsafe {
                        (
                            _mm512_loadu_si512(base.add(i).cast()),
                            _mm512_loadu_si512(base.add(seg.rest - i - 31).cast()),
                            u32::MAX,
                        )
                    }
                } else {
                    let lanes = (1u32 << len) - 1;
                    // SAFETY: masked loads read only the lanes inside g (a up to `to`, the
                    // other part from rest - to); the others are not touched.
                    unsafe {
                        (
                            _mm512_maskz_loadu_epi16(lanes, base.wrapping_add(i).cast()),
                            _mm512_maskz_loadu_epi16(
                                lanes << (LANES - len),
                                base.wrapping_add(seg.rest).wrapping_sub(i + 31).cast(),
                            ),
                            lanes,
                        )
                    }
                };
                let x = _mm512_xor_si512(a, _mm512_permutexvar_epi16(reverse, b));
                let hit0 = _mm512_cmpeq_epi16_mask(_mm512_permutex2var_epi16(t0.0, x, t0.1), x);
                let high = _mm512_srli_epi16::<6>(x);
                let hit1 = _mm512_cmpeq_epi16_mask(_mm512_permutex2var_epi16(t1.0, high, t1.1), x);
                let mut hits = (hit0 | hit1) & lanes;
                if hits != 0 {
                    let mut xs = [0u16; LANES];
                    // SAFETY: 32 values into 32 slots.
                    unsafe { _mm512_storeu_si512(xs.as_mut_ptr().cast(), x) };
                    while hits != 0 {
                        let v = xs[hits.trailing_zeros() as usize];
                        let slots = [usize::from(v) & 63, (usize::from(v) >> 6) & 63];
                        for (table, slot) in tables.iter_mut().zip(slots) {
                            if table[slot] == v {
                                table[slot] = EMPTY;
                                left -= 1;
                            }
                        }
                        hits &= hits - 1;
                    }
                    if left == 0 {
                        break 'pass;
                    }
                    (t0, t1) = (load(&tables[0]), load(&tables[1]));
                }
                i += LANES;
            }
        }
        found.keep_left(tables.iter().flatten().copied(), need);
    }
    found.passes = passes;
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
    let mut found = Missing { values: [0; 3], len: 0, passes: 0 };
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
