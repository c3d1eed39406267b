//! The block kernel of the octal sweep: the same two stages as the scalar loop in
//! [`super`], arranged for the machine (after the Grundy's-game sweep in
//! `crate::engine::grundy::fast`). Values are read as a `u16` copy, so it applies while the values
//! are small (below [`MAX_WIDTH`]); the sweep falls back to the scalar loop otherwise.
//!
//! - Stage 1 for the far sparse heaps (r >= the block length) is done once per block: the
//!   parts G(n - k - r) of the block's heaps are final and contiguous, so they are read
//!   four at a time as one word and XORed at once; then one byte is set per heap in a row
//!   of marks (a row is as wide as the values can be, so the rows of a block stay in L1).
//!   The near sparse heaps (below the block length) of at least [`STRETCH`] are marked the
//!   same way a stretch of the block at a time (their parts are before the stretch); those
//!   below it and those found inside the block are done per heap. Every mark is a real
//!   option, sparse or common, so stage 1 also removes sparse values from stage 2's list.
//! - Stage 2 marks the options of [`MARK_STEP`] splits at a time and checks the missing
//!   sparse values once per step; when at most [`TARGETS`] are missing, it compares the
//!   XORs of [`SEARCH_STEP`] splits against just those (a vector compare, no scatter) and
//!   looks at a step one split at a time only when it holds a hit.
//!
//! The same generic code is compiled twice: as is (SSE2 on x86-64, the portable kernel)
//! and inside a function with AVX2 enabled, chosen at run time ([`super::OctalKernel`]).

use super::far::{far_rows, mark_rows, FarRows};
use super::{is_sparse, Wide};

/// Largest row of marks (values below it) for which the block kernel is used.
pub(super) const MAX_WIDTH: usize = 4096;
/// Bytes of far marks per block (256 heaps of 512 values; in L2). .6 to 2^20 with the
/// helper thread, three runs each: 16 KiB 3.9 s, 32 KiB 3.5 s, 64 KiB 3.0 s, 128 KiB 2.8 s.
const ROWS_BYTES: usize = 1 << 17;
/// Heaps per block, at most.
const MAX_BLOCK: usize = 512;
/// Heaps per block, at least (wide rows make shorter blocks).
const MIN_BLOCK: usize = 16;
/// Heaps a stretch: the near sparse heaps r >= STRETCH are marked a stretch at a time,
/// not per heap. To 2^21, three runs each: .354 1.37-1.42 s marked per heap, 0.89-0.99 s
/// by stretches; .167 0.76-0.85 against 0.61-0.62, .1777 0.43 against 0.38; stretches of
/// 16 and 64 measured the same as 32.
const STRETCH: usize = 32;
/// Missing sparse values searched for at once in the second phase of stage 2.
const TARGETS: usize = 4;
/// Splits per step of the first phase of stage 2 (mark, then check the missing values).
const MARK_STEP: usize = 32;
/// Splits per step of the second phase of stage 2 (compare against the targets).
const SEARCH_STEP: usize = 32;
/// A value no XOR reaches in block mode (all values are below [`MAX_WIDTH`]): pads targets.
const NO_VALUE: u16 = u16::MAX;

/// The moves of an octal game as the kernels read them.
pub(super) struct Moves<'a> {
    pub(super) digits: &'a [u8],
    /// Stones taken by the moves that split (bit 4).
    pub(super) split_takes: &'a [usize],
    /// The largest smaller part a split scan may read: every split (`usize::MAX`), or in
    /// window mode the first values kept (see [`super::window`]).
    pub(super) reach: usize,
}

/// Buffers kept between blocks.
#[derive(Default)]
pub(super) struct Scratch {
    /// The far marks of the block (when no helper thread makes them).
    far: FarRows,
    /// The marks of the current heap (far row, near marks, stage-2 marks).
    marks: Vec<u8>,
    /// Bit v set where value v is common under the mask; covers `marks`.
    common: Vec<u64>,
    /// The mask `common` was made for.
    common_mask: Wide,
    /// Sparse values below the candidate that no mark covers yet.
    targets: Vec<u16>,
}

/// The state a block extends: the values (all below 2^16 here) and the sparse heaps.
pub(super) struct Sweep<'a> {
    pub(super) narrow: &'a mut Vec<u16>,
    pub(super) sparse: &'a mut Vec<(usize, Wide)>,
    /// The largest value so far.
    pub(super) max: &'a mut Wide,
    pub(super) mask: Wide,
    /// Under the heap-parity rule, the parity of the splits' takes: heap n's class is
    /// flipped when n + κ is odd.
    pub(super) flip: Option<usize>,
    /// Stage 2 on AVX-512 ([`super::OctalKernel::Avx512`]; the CPU has it).
    #[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
    pub(super) avx512: bool,
}

/// Whether a split scan of heap `n` stopped at the reach before its splits ran out.
pub(super) fn beyond_reach(n: usize, moves: &Moves) -> bool {
    moves.split_takes.iter().any(|&k| k + 2 <= n && (n - k) / 2 > moves.reach)
}

/// Whether the block kernel applies with values up to `max`.
pub(super) fn applies(max: Wide) -> bool {
    (max as usize) < MAX_WIDTH / 2
}

/// Heaps per block when the largest value so far is `max`.
pub(super) fn block_len(max: Wide) -> usize {
    (ROWS_BYTES / row_width(max)).clamp(MIN_BLOCK, MAX_BLOCK)
}

/// Bytes per row of marks: every value so far and every XOR of two is below it.
pub(super) fn row_width(max: Wide) -> usize {
    (1usize << (Wide::BITS - max.leading_zeros())).max(64)
}

/// Computes one block of heaps (far marks, then heap by heap), at most up to `stop`;
/// returns how many heaps were done.
#[inline(always)]
fn run_block<const AVX2: bool>(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    stop: usize,
    progress: &mut dyn FnMut(u64),
) -> usize {
    let start = s.narrow.len();
    let len = block_len(*s.max).min(stop - start);
    let mut far = std::mem::take(&mut scratch.far);
    // Sparse heaps r >= len are far: every part n - k - r of the block is below `start`.
    far_rows(moves.split_takes, s.narrow, s.sparse, row_width(*s.max), start, len, len, 0, &mut far);
    let done = run_heaps::<AVX2>(moves, s, scratch, &mut far, progress);
    scratch.far = far;
    done
}

/// Computes the heaps of the block `far` was made for, heap by heap; returns how many
/// were done. Stops early (before pushing) if a value would reach [`MAX_WIDTH`] / 2, so
/// the caller can go on with the scalar loop.
/// `AVX2`: compiled inside an AVX2 function, so stage 2 may use [`super::avx2`].
#[inline(always)]
fn run_heaps<const AVX2: bool>(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    far: &mut FarRows,
    progress: &mut dyn FnMut(u64),
) -> usize {
    let (start, len, width) = (far.start, far.len, far.width);
    assert_eq!(s.narrow.len(), start, "far rows are made for the next block");
    let near_to = s.sparse.partition_point(|&(r, _)| r < far.near_below).min(s.sparse.len());
    // The near sparse heaps r >= STRETCH are marked a stretch of heaps at a time, like the
    // far ones: every part of a stretch is below its first heap. Only those below STRETCH
    // (and those found since the rows were made) are left to the loop per heap.
    let near_from = s.sparse[..near_to].partition_point(|&(r, _)| r < STRETCH);
    let mut stretched = false;
    let known = far.known;
    if scratch.common_mask != s.mask {
        scratch.common.clear();
        scratch.common_mask = s.mask;
    }
    for n in start..start + len {
        let i = n - start;
        if i % STRETCH == 0 {
            // The rows are as wide as the values were at the block's start: a stretch is
            // marked only while every XOR of its parts still fits them.
            stretched = row_width(*s.max) <= width;
            if stretched {
                let stretch = i..len.min(i + STRETCH);
                mark_rows(moves.split_takes, &s.narrow[..], &s.sparse[near_from..near_to], far, stretch);
            }
        }
        let marks = &mut scratch.marks;
        marks.clear();
        marks.extend_from_slice(&far.rows[i * width..(i + 1) * width]);
        // Room for every XOR of two values (all below 2^bits of the largest so far).
        // (The AVX2 stage 2 reads marks as one array of 512.)
        let room = width.max(2usize << (Wide::BITS - s.max.leading_zeros()));
        marks.resize(if AVX2 { room.max(512) } else { room }, 0);
        let g = &s.narrow[..];
        // Moves that leave no heap or one heap.
        for (k, &d) in moves.digits.iter().enumerate().skip(1).take_while(|&(k, _)| k <= n) {
            if d & 1 != 0 && n == k {
                marks[0] = 1;
            }
            if d & 2 != 0 && n > k {
                marks[g[n - k] as usize] = 1;
            }
        }
        // Stage 1 for the near sparse heaps: below `near_below`, or found since the rows
        // were made.
        for &k in moves.split_takes {
            if k + 2 > n {
                continue;
            }
            let rest = n - k;
            let near = if stretched { near_from } else { near_to };
            for part in [&s.sparse[..near], &s.sparse[known..]] {
                for &(r, rv) in part.iter().take_while(|&&(r, _)| r < rest) {
                    if r != 0 {
                        marks[(rv as u16 ^ g[rest - r]) as usize] = 1;
                    }
                }
            }
        }
        let flip = s.flip.is_some_and(|kappa| (n ^ kappa) & 1 == 1);
        let c = first_unmarked_common(marks, &mut scratch.common, s.mask, flip as u8);
        if c >= MAX_WIDTH {
            // Cannot happen while values are below MAX_WIDTH / 2 with few options, but
            // targets are u16: leave such a heap to the scalar loop.
            return i;
        }
        let targets = &mut scratch.targets;
        targets.clear();
        unmarked_sparse_below(marks, &scratch.common, c, flip as u8, targets);
        if !targets.is_empty() {
            #[cfg(target_arch = "x86_64")]
            {
                let narrow = targets.last().is_some_and(|&t| (t as usize) < super::avx2::WIDTH);
                if AVX2 && (*s.max as usize) < super::avx2::WIDTH && narrow {
                    let few = super::avx2::few(row_width(*s.max));
                    if s.avx512 {
                        // SAFETY: `avx512` is set only for the Avx512 kernel, which runs only on a
                        // CPU with AVX-512 F and BW, AVX2, BMI1/2 and POPCNT.
                        unsafe {
                            super::avx512::scan_splits(g, n, moves.split_takes, moves.reach, few, targets, marks)
                        };
                    } else {
                        // SAFETY: AVX2 is true only in `run_block_avx2`, whose callers checked
                        // that the CPU has AVX2 (and BMI1/2, POPCNT).
                        unsafe { super::avx2::scan_splits(g, n, moves.split_takes, moves.reach, few, targets, marks) };
                    }
                } else {
                    scan_splits(g, n, moves.split_takes, moves.reach, targets, marks);
                }
            }
            #[cfg(not(target_arch = "x86_64"))]
            scan_splits(g, n, moves.split_takes, moves.reach, targets, marks);
        }
        if !targets.is_empty() && beyond_reach(n, moves) {
            // The splits past the window's first values are not held: the scalar loop
            // stops the sweep on this heap with the reason.
            return i;
        }
        let value = targets.first().map_or(c, |&t| t as usize);
        if !applies(value as Wide) {
            return i;
        }
        let value = value as Wide;
        if is_sparse(value, s.mask) != flip {
            s.sparse.push((n, value));
        }
        *s.max = (*s.max).max(value);
        s.narrow.push(value as u16);
        if n & 0xffff == 0xffff {
            progress(n as u64 + 1);
        }
    }
    len
}

/// The smallest common value not marked; values past `marks` are unmarked (the marks grow
/// by 64 at a time until one is found). `common` (bit v set where v is common under the
/// plain rule) is extended to cover `marks`; `flip` 1 swaps the classes (heap parity).
#[inline(always)]
fn first_unmarked_common(marks: &mut Vec<u8>, common: &mut Vec<u64>, mask: Wide, flip: u8) -> usize {
    let flip = flip_word(flip);
    let mut from = 0;
    loop {
        if !marks.len().is_multiple_of(64) {
            marks.resize(marks.len().next_multiple_of(64), 0);
        }
        while common.len() < marks.len() / 64 {
            let base = 64 * common.len() as Wide;
            common.push((0..64).fold(0, |w, j| w | (!is_sparse(base + j, mask) as u64) << j));
        }
        for (k, m) in marks[from..].chunks_exact(64).enumerate() {
            let free = unmarked(m.try_into().expect("64 marks")) & (common[from / 64 + k] ^ flip);
            if free != 0 {
                return from + k * 64 + free.trailing_zeros() as usize;
            }
        }
        from = marks.len();
        marks.resize(from + 64, 0);
    }
}

/// Pushes the sparse values below `c` that are not marked, in increasing order (`flip` as
/// in [`first_unmarked_common`]).
#[inline(always)]
fn unmarked_sparse_below(marks: &[u8], common: &[u64], c: usize, flip: u8, targets: &mut Vec<u16>) {
    let flip = flip_word(flip);
    for (k, m) in marks[..c.next_multiple_of(64)].chunks_exact(64).enumerate() {
        let mut free = unmarked(m.try_into().expect("64 marks")) & !(common[k] ^ flip);
        while free != 0 {
            let v = k * 64 + free.trailing_zeros() as usize;
            if v >= c {
                return;
            }
            targets.push(v as u16);
            free &= free - 1;
        }
    }
}

/// All ones when the classes are swapped (`flip` 1), else 0.
#[inline(always)]
fn flip_word(flip: u8) -> u64 {
    0u64.wrapping_sub(flip as u64)
}

/// Bit j set where `marks[j]` is 0: with SSE2 on x86-64 (every x86-64 CPU has it), four
/// compares and four byte masks, which the per-byte loop elsewhere is not turned into.
#[inline(always)]
fn unmarked(marks: &[u8; 64]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::*;
        let mut bits = 0u64;
        for q in 0..4 {
            // SAFETY: SSE2 is part of x86-64; `marks` holds 64 bytes, so 16 at 16 * q are in it.
            let m = unsafe {
                let v = _mm_loadu_si128(marks.as_ptr().add(16 * q) as *const __m128i);
                _mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_setzero_si128())) as u16
            };
            bits |= (m as u64) << (16 * q);
        }
        bits
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        marks.iter().enumerate().fold(0, |bits, (j, &m)| bits | ((m == 0) as u64) << j)
    }
}

/// Stage 2: scans the splits of heap `n` until every target has been seen as an option
/// (then `targets` is empty) or the splits run out (then `targets` holds the missing ones,
/// smallest first). `marks` must have room for every XOR of two values.
#[inline(always)]
fn scan_splits(g: &[u16], n: usize, split_takes: &[usize], reach: usize, targets: &mut Vec<u16>, marks: &mut [u8]) {
    for &k in split_takes {
        if k + 2 > n {
            continue;
        }
        let rest = n - k;
        let half = (rest / 2).min(reach);
        let mut a = 1;
        while a <= half {
            if targets.len() > TARGETS {
                a = mark_while_many(g, rest, half, a, TARGETS, targets, marks);
            } else {
                let mut t = [NO_VALUE; TARGETS];
                t[..targets.len()].copy_from_slice(targets);
                // Whole steps: compare the XORs of SEARCH_STEP splits against the targets.
                while a + SEARCH_STEP - 1 <= half {
                    let lo: &[u16; SEARCH_STEP] = g[a..a + SEARCH_STEP].try_into().expect("a whole step");
                    let hi: &[u16; SEARCH_STEP] =
                        g[rest - a - (SEARCH_STEP - 1)..=rest - a].try_into().expect("a whole step");
                    if step_hits(lo, hi, &t) {
                        break;
                    }
                    a += SEARCH_STEP;
                }
                // A step with a hit, or the last partial step: one split at a time.
                let end = (a + SEARCH_STEP).min(half + 1);
                for a in a..end {
                    let x = g[a] ^ g[rest - a];
                    targets.retain(|&t| t != x);
                }
                a = end;
            }
            if targets.is_empty() {
                return;
            }
        }
    }
}

/// Marks the options of the splits a + (rest - a) of `rest` stones from `a` to `half` while
/// more than `few` targets are missing, removing the targets seen every step; returns the next
/// split. Checking costs one load per target, so the steps grow with their number.
#[inline(always)]
pub(super) fn mark_while_many(
    g: &[u16],
    rest: usize,
    half: usize,
    mut a: usize,
    few: usize,
    targets: &mut Vec<u16>,
    marks: &mut [u8],
) -> usize {
    while targets.len() > few && a <= half {
        let step = MARK_STEP.max(4 * targets.len());
        let end = (a + step).min(half + 1);
        for a in a..end {
            marks[(g[a] ^ g[rest - a]) as usize] = 1;
        }
        a = end;
        targets.retain(|&t| marks[t as usize] == 0);
    }
    a
}

/// Whether any split of a step gives one of the targets: `lo[j] ^ hi[STEP - 1 - j]` are the
/// step's options. Written as plain loops for the compiler to vectorize.
#[inline(always)]
fn step_hits(lo: &[u16; SEARCH_STEP], hi: &[u16; SEARCH_STEP], t: &[u16; TARGETS]) -> bool {
    let mut hit = 0u16;
    for j in 0..SEARCH_STEP {
        let x = lo[j] ^ hi[SEARCH_STEP - 1 - j];
        let mut h = 0u16;
        for &t in t {
            h |= (x == t) as u16;
        }
        hit |= h;
    }
    hit != 0
}

/// [`run_block`] compiled with AVX2.
///
/// # Safety
/// The CPU must have AVX2, BMI1/2 and POPCNT ([`super::OctalKernel::Avx2`] is only chosen then).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn run_block_avx2(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    stop: usize,
    progress: &mut dyn FnMut(u64),
) -> usize {
    run_block::<true>(moves, s, scratch, stop, progress)
}

/// [`run_block`] compiled for the baseline target.
pub(super) fn run_block_portable(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    stop: usize,
    progress: &mut dyn FnMut(u64),
) -> usize {
    run_block::<false>(moves, s, scratch, stop, progress)
}

/// [`run_heaps`] compiled with AVX2.
///
/// # Safety
/// As [`run_block_avx2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn run_heaps_avx2(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    far: &mut FarRows,
    progress: &mut dyn FnMut(u64),
) -> usize {
    run_heaps::<true>(moves, s, scratch, far, progress)
}

/// [`run_heaps`] compiled for the baseline target.
pub(super) fn run_heaps_portable(
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    far: &mut FarRows,
    progress: &mut dyn FnMut(u64),
) -> usize {
    run_heaps::<false>(moves, s, scratch, far, progress)
}
