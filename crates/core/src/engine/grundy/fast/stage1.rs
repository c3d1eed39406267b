//! Stage 1 for the far sparse heaps of a block, done blocks ahead (on the helper thread
//! when there is one): a row of marks per heap, and the smallest common value left unmarked.

use super::BLOCK;
use super::{GrundyKernel, ROW, SCRATCH};
use crate::engine::grundy::class::ValueSet;
use crate::Value;

/// Stage-1 work for one block, done ahead (by the helper thread when there is one): the
/// marks of every far sparse heap, a row of a byte per value for each heap.
pub(super) struct FarJob {
    pub(super) start: usize,
    pub(super) stop: usize,
    /// The far sparse heaps (r >= NEAR) known when the job was made, that the job marks;
    /// all are below `start`.
    pub(super) far: std::sync::Arc<[(usize, Value)]>,
    /// How many sparse heaps were known then: later ones are done per heap.
    pub(super) known: usize,
    /// ROW marks per heap of the block.
    pub(super) rows: Vec<u8>,
}

/// Fills the job's rows: for every far sparse heap r, the parts G(n - r) of the block's
/// heaps are final and contiguous, so they are XORed with a vector loop and then set one
/// bit per heap (the rows, 64 bytes a heap, stay in L1).
pub(super) fn run_far_job(kernel: GrundyKernel, mut job: FarJob, values: FinalValues) -> FarJob {
    match kernel {
        GrundyKernel::Portable => far_marks(&mut job, values.slice(), values.base),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx2` is only constructed when the CPU has AVX2.
        GrundyKernel::Avx2 => unsafe { far_marks_avx2(&mut job, values.slice(), values.base) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx512` is only constructed when the CPU has AVX-512BW.
        GrundyKernel::Avx512 => unsafe { far_marks_avx512(&mut job, values.slice(), values.base) },
        #[cfg(not(target_arch = "x86_64"))]
        GrundyKernel::Avx2 | GrundyKernel::Avx512 => unreachable!("x86-64 kernel on another target"),
    }
    job
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
unsafe fn far_marks_avx2(job: &mut FarJob, g: &[Value], base: usize) {
    far_marks(job, g, base)
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
unsafe fn far_marks_avx512(job: &mut FarJob, g: &[Value], base: usize) {
    far_marks(job, g, base)
}

/// `g` holds G(base..).
#[inline(always)]
fn far_marks(job: &mut FarJob, g: &[Value], base: usize) {
    job.rows.clear();
    job.rows.resize(BLOCK * ROW, 0);
    mark_far(&mut job.rows, &job.far, job.start, job.stop, g, base);
}

/// Marks the options sv ^ G(n - r) of the heaps n in start..stop for the sparse heaps
/// (r, sv) of `far` in their rows; `g` holds G(base..).
///
/// Per sparse heap, the marks' offsets in the rows are made with a vector loop first, then
/// stored one byte each with nothing else in the loop (no bounds check: every offset is
/// below `len * ROW`). At 2^22 on one thread, three runs alternating: median 8.85 s with a
/// bounds-checked store per mark, 7.20 s so. A bit per value instead of a byte (rows that
/// stay in L1, but a read-modify-write per mark) was slower: 10.19 s against 8.62 s.
#[inline(always)]
fn mark_far(rows: &mut [u8], far: &[(usize, Value)], start: usize, stop: usize, g: &[Value], base: usize) {
    let len = stop - start;
    assert!(len <= BLOCK && rows.len() >= len * ROW);
    let mut offsets = [0u32; BLOCK];
    for &(r, sv) in far {
        let parts = &g[start - r - base..stop - r - base];
        for (j, (o, &p)) in offsets.iter_mut().zip(parts).enumerate() {
            *o = (j * ROW) as u32 + ((p ^ sv) % ValueSet::CAPACITY as Value) as u32;
        }
        // Heap 2r cannot be split as r + r: its mark goes to the scratch column.
        let skip = (2 * r).wrapping_sub(start);
        if skip < len {
            offsets[skip] = (skip * ROW) as u32 + SCRATCH as u32;
        }
        for &o in &offsets[..len] {
            // SAFETY: o = j * ROW + x with j < len and x <= SCRATCH < ROW.
            unsafe { *rows.get_unchecked_mut(o as usize) = 1 };
        }
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

// SAFETY: the pointer is only read below `len`, which the main thread wrote before it sent
// the job (the queue's lock and its sequentially consistent count order the writes before
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
        for start in (3 * BLOCK..40_000 - BLOCK).step_by(997).chain([2 * 36 + 1, 2 * 1_000]) {
            let stop = start + BLOCK;
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
