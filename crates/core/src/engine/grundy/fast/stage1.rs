//! Stage 1 for the far sparse heaps of a block, done blocks ahead (in chunks shared by the
//! two threads, `share`): a row of marks per heap, and the smallest common value left
//! unmarked.

use super::BLOCK;
use super::{GrundyKernel, ROW, SCRATCH};
use crate::engine::grundy::class::ValueSet;
use crate::engine::marks::mark_xors;
use crate::Value;

/// Marks the far options of the heaps `from..to` (at most [`BLOCK`]) in `rows`, [`ROW`]
/// bytes a heap, cleared first, with the given kernel's instructions.
pub(super) fn mark_chunk(
    kernel: GrundyKernel,
    rows: &mut [u8],
    far: &[(usize, Value)],
    from: usize,
    to: usize,
    values: FinalValues,
) {
    let (g, base) = (values.slice(), values.base);
    match kernel {
        GrundyKernel::Portable => clear_and_mark(rows, far, from, to, g, base),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx2` is only constructed when the CPU has AVX2.
        GrundyKernel::Avx2 => unsafe { mark_avx2(rows, far, from, to, g, base) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx512` is only constructed when the CPU has AVX-512BW.
        GrundyKernel::Avx512 => unsafe { mark_avx512(rows, far, from, to, g, base) },
        #[cfg(not(target_arch = "x86_64"))]
        GrundyKernel::Avx2 | GrundyKernel::Avx512 => unreachable!("x86-64 kernel on another target"),
    }
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn mark_avx2(rows: &mut [u8], far: &[(usize, Value)], from: usize, to: usize, g: &[Value], base: usize) {
    clear_and_mark(rows, far, from, to, g, base)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
unsafe fn mark_avx512(rows: &mut [u8], far: &[(usize, Value)], from: usize, to: usize, g: &[Value], base: usize) {
    clear_and_mark(rows, far, from, to, g, base)
}

#[inline(always)]
fn clear_and_mark(rows: &mut [u8], far: &[(usize, Value)], from: usize, to: usize, g: &[Value], base: usize) {
    rows[..(to - from) * ROW].fill(0);
    mark_far(rows, far, from, to, g, base);
}

/// Marks the options sv ^ G(n - r) of the heaps n in start..stop for the sparse heaps
/// (r, sv) of `far` in their rows; `g` holds G(base..).
///
/// The marks are stored by [`mark_xors`] (four parts a word; measured there). Earlier, at
/// 2^22 on one thread: median 8.85 s with a bounds-checked store a mark, 7.20 s without;
/// a bit per value instead of a byte (rows that stay in L1, but a read-modify-write per
/// mark) was slower: 10.19 s against 8.62 s.
#[inline(always)]
fn mark_far(rows: &mut [u8], far: &[(usize, Value)], start: usize, stop: usize, g: &[Value], base: usize) {
    let len = stop - start;
    assert!(len <= BLOCK && rows.len() >= len * ROW);
    const MASK: usize = ValueSet::CAPACITY - 1;
    const _: () = assert!(ValueSet::CAPACITY.is_power_of_two() && ValueSet::CAPACITY <= 1 << 16);
    for &(r, sv) in far {
        let parts = &g[start - r - base..stop - r - base];
        let skip = (2 * r).wrapping_sub(start);
        if skip < len {
            // Heap 2r cannot be split as r + r: its mark goes to the scratch column (once
            // a sparse heap, so the plain loop).
            for (j, &p) in parts.iter().enumerate() {
                let x = if j == skip { SCRATCH as usize } else { (p ^ sv) as usize & MASK };
                rows[j * ROW + x] = 1;
            }
            continue;
        }
        mark_xors(rows, ROW, parts, sv, MASK);
    }
}

/// The smallest common value marked neither in `near` nor in `far`, 64 values at a time.
#[inline(always)]
pub(super) fn first_unmarked_common(near: &[u8; ValueSet::CAPACITY], far: &[u8; ValueSet::CAPACITY]) -> Option<Value> {
    let common = ValueSet::COMMON;
    for (k, (chunk, far)) in near.chunks_exact(64).zip(far.chunks_exact(64)).enumerate() {
        let mut unmarked = 0u64;
        for (i, (&m, &f)) in chunk.iter().zip(far).enumerate() {
            unmarked |= (((m | f) == 0) as u64) << i;
        }
        let free = unmarked & common.words()[k];
        if free != 0 {
            return Some((k * 64 + free.trailing_zeros() as usize) as Value);
        }
    }
    None
}

/// Read access to the values below a bound that the main thread no longer writes.
#[derive(Clone, Copy)]
pub(super) struct FinalValues {
    pub(super) ptr: *const Value,
    pub(super) len: usize,
    /// The heap of the first value.
    pub(super) base: usize,
}

// SAFETY: the pointer is only read below `len`, which the main thread wrote before it
// released the job (its SeqCst release and the claim's SeqCst loads order the writes before
// the reads) and never writes again; the buffer is reserved up front, so it does not move
// while the helper runs.
unsafe impl Send for FinalValues {}

impl FinalValues {
    pub(super) fn slice(&self) -> &[Value] {
        // SAFETY: see the `Send` impl.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grundy::sweep::SparseSweep;

    /// The rows mark exactly the options of the far sparse heaps, by the definition, in
    /// blocks where some heaps are 2r (not split as r + r) and some parts are sparse heaps.
    #[test]
    fn far_rows_mark_exactly_the_common_options() {
        let mut plain = SparseSweep::with_interval_log2(8);
        plain.run_to(40_000).unwrap();
        let g = plain.values();
        let sparse: Vec<(usize, Value)> =
            plain.stats().sparse_heaps.iter().map(|h| (h.heap as usize, h.value)).collect();
        let heaps: Vec<usize> = sparse.iter().map(|&(r, _)| r).collect();
        let mut sparse_parts = 0;
        let starts = (3 * BLOCK..40_000 - BLOCK).step_by(997).chain([2 * 36 + 1, 2 * 1_000, 2 * 1_000 - 62]);
        // Whole blocks, and chunks whose length is not a multiple of the four parts read
        // at once.
        for (start, len) in starts.zip([BLOCK, 61, 3, 32, 17, 1].into_iter().cycle()) {
            let stop = start + len;
            let far: Vec<(usize, Value)> = sparse.iter().copied().filter(|&(r, _)| r >= 3 && r < start).collect();
            let mut rows = vec![0u8; BLOCK * ROW];
            mark_far(&mut rows, &far, start, stop, g, 0);
            for n in start..stop {
                let row = &rows[(n - start) * ROW..][..ValueSet::CAPACITY];
                let mut expected = [0u8; ValueSet::CAPACITY];
                for &(r, sv) in &far {
                    sparse_parts += heaps.binary_search(&(n - r)).is_ok() as usize;
                    let x = sv ^ g[n - r];
                    if 2 * r != n {
                        expected[x as usize] = 1;
                    }
                }
                assert_eq!(row, &expected[..], "heap {n}");
            }
        }
        assert!(sparse_parts > 100, "only {sparse_parts} parts were sparse heaps");
    }
}
