//! Stage 1 of the block kernel (`super::block`) for the sparse heaps whose parts are
//! final: a row of marks per heap of a block, made before the block for the far sparse
//! heaps (by the helper thread when there is one, `super::ahead`), and added to a stretch
//! of the block's heaps at a time for the near ones that reach back past the stretch.

use super::Wide;
use crate::engine::marks::mark_xors;

/// Stage 1 of one block for the far sparse heaps: a row of marks per heap.
#[derive(Default)]
pub(super) struct FarRows {
    /// The block: heaps start..start + len.
    pub(super) start: usize,
    pub(super) len: usize,
    /// Bytes per row: every value and XOR of the far marks is below it.
    pub(super) width: usize,
    /// Sparse heaps below this are near (done per heap), the others far.
    pub(super) near_below: usize,
    /// How many sparse heaps were known when the rows were made (later ones are near).
    pub(super) known: usize,
    /// The far marks of `sparse[split..known]` are not in the rows yet ([`finish_rows`]).
    pub(super) split: usize,
    pub(super) rows: Vec<u8>,
}

/// Makes the far rows of the block start..start + len, `width` bytes a row (above every
/// value and XOR of two so far): the options of every sparse heap
/// r >= `near_below` in `sparse`, whose parts n - k - r must all be in `g`, except the last
/// `left` of them, which [`finish_rows`] adds (the main thread's share when a helper
/// makes the rows).
#[allow(clippy::too_many_arguments)]
#[inline(always)]
pub(super) fn far_rows(
    split_takes: &[usize],
    g: &[u16],
    sparse: &[(usize, Wide)],
    width: usize,
    start: usize,
    len: usize,
    near_below: usize,
    left: usize,
    far: &mut FarRows,
) {
    far.start = start;
    far.len = len;
    far.width = width;
    far.near_below = near_below;
    far.known = sparse.len();
    far.rows.clear();
    far.rows.resize(len * width, 0);
    let from = sparse.partition_point(|&(r, _)| r < near_below);
    far.split = far.known - left.min(far.known - from);
    mark_rows(split_takes, g, &sparse[from..far.split], far, 0..len);
}

/// Adds the marks [`far_rows`] left out: those of `sparse[split..known]`.
#[inline(always)]
pub(super) fn finish_rows(split_takes: &[usize], g: &[u16], sparse: &[(usize, Wide)], far: &mut FarRows) {
    let part = &sparse[far.split..far.known];
    mark_rows(split_takes, g, part, far, 0..far.len);
}

/// Far heaps, in [`far_rows`] left to [`finish_rows`]: how many of `count`.
pub(super) fn share(count: usize, sixty_fourths: usize) -> usize {
    count * sixty_fourths / 64
}

/// Marks the options of the sparse heaps `part` in the rows of the block's heaps
/// `start + heaps` (every heap of the block, or one stretch of it).
#[inline(always)]
pub(super) fn mark_rows(
    split_takes: &[usize],
    g: &[u16],
    part: &[(usize, Wide)],
    far: &mut FarRows,
    heaps: std::ops::Range<usize>,
) {
    let (start, len, width) = (far.start, far.len, far.width);
    assert!(heaps.end <= len);
    // A plain slice, not the Vec: a byte store through the Vec could change its length as
    // far as the compiler knows, so it would reload it after every mark.
    let rows = &mut far.rows[..];
    assert!(width.is_power_of_two() && rows.len() == len * width, "a row per heap of the block");
    for &k in split_takes {
        for &(r, rv) in part {
            // Heap n = start + i has the part n - k - r, which must be at least 1.
            let i0 = (k + r + 1).saturating_sub(start).max(heaps.start);
            if i0 >= heaps.end {
                continue;
            }
            let parts = &g[start + i0 - k - r..start + heaps.end - k - r];
            mark_xors(&mut rows[i0 * width..], width, parts, rv as u16, width - 1);
        }
    }
}

/// [`far_rows`] compiled with AVX2.
///
/// # Safety
/// As [`run_block_avx2`].
#[allow(clippy::too_many_arguments)]
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn far_rows_avx2(
    split_takes: &[usize],
    g: &[u16],
    sparse: &[(usize, Wide)],
    width: usize,
    start: usize,
    len: usize,
    near_below: usize,
    left: usize,
    far: &mut FarRows,
) {
    far_rows(split_takes, g, sparse, width, start, len, near_below, left, far)
}

/// [`finish_rows`] compiled with AVX2.
///
/// # Safety
/// As [`run_block_avx2`].
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
pub(super) unsafe fn finish_rows_avx2(split_takes: &[usize], g: &[u16], sparse: &[(usize, Wide)], far: &mut FarRows) {
    finish_rows(split_takes, g, sparse, far)
}
