//! The dense kernel's scan with AVX-512: the first splits of a heap are marked one by one
//! (the common values are all there), then the rest are compared, 32 splits a step,
//! against the values still missing, the *candidates*: the smallest of them, as many as
//! two tables of 64 slots hold in four registers (a candidate c sits at slot c mod 64 of
//! the first table or slot (c >> 6) mod 64 of the second; a lookup is one `vpermt2w` a
//! table and a compare). A split that hits a candidate strikes it. After a pass over every
//! split the candidates left are missing from the options; if none is left, the next
//! missing values are taken and the splits passed over again. Marking a split costs a
//! store (about 0.45 ns here); comparing costs a fifth of that, so a heap costs its first
//! splits marked plus a pass or two compared.
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
    /// Passes over the splits it took (the caller marks more splits when they are many).
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
    debug_assert!(bound < 1 << 15 && stamps.len() > bound);
    for s in segments.iter().filter(|s| s.from <= s.to) {
        assert!(s.from >= 1 && 2 * s.to <= s.rest && s.rest - s.from < g.len(), "a segment past the values");
    }
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
        // The candidates left, smallest first (at most `need` of them are wanted).
        while found.len < need {
            let Some(v) = tables
                .iter()
                .flatten()
                .copied()
                .filter(|&v| v != EMPTY && found.values[..found.len].iter().all(|&f| f != v))
                .min()
            else {
                break;
            };
            found.values[found.len] = v;
            found.len += 1;
        }
    }
    found.passes = passes;
    found
}
