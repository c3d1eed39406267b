//! The fast sweep: the two-stage sparse-space method of
//! [`crate::engine::grundy::sweep::SparseSweep`], with the same results and statistics,
//! arranged for the machine.
//!
//! - Heaps go in blocks of [`BLOCK`]. Stage 1 for the far sparse heaps (`stage1`) is done
//!   up to two blocks ahead, with contiguous loads of the parts, which are final by then,
//!   in chunks that a helper thread claims and the main thread too when it would otherwise
//!   wait (`share`); the few near sparse heaps are done per heap on the main thread, which
//!   does stage 2.
//! - Stage 2 runs the fastest kernel the CPU has ([`GrundyKernel`]), chosen at run time: AVX-512
//!   (64 splits a step) and AVX2 (32) first scan the values' low bytes (`low`: within a class
//!   the low byte names the value) against the missing set with `vpshufb`, then the 16-bit
//!   values; the portable kernel marks 16 splits at a time into a 512-bit set. All are
//!   tested against the plain sweep and the definition.
//! - Window mode ([`FastSweep::set_window`]) keeps only the first and the latest values, so
//!   memory does not grow with N; its checkpoints (`resume`) hold exactly those.
//!
//! Cost: about 1 µs a heap on two threads at 2^22, growing slowly with N (each doubling
//! 1.9-2.0x from 2^21 to 2^26); 2 bytes a heap held plus the rows of the blocks in flight. The
//! measurements behind each choice are in `runs/bench/` (2026-12-01-*.md and
//! avx2-low-bytes-2026-12-01.md).

use std::sync::Arc;

use crate::control::Cancel;
use crate::engine::grundy::class::ValueSet;
use crate::engine::grundy::state::{HeapResult, SweepState};
use crate::engine::grundy::stats::{SweepStats, DEFAULT_INTERVAL_LOG2};
use crate::engine::grundy::sweep::{common_candidate, SweepError};
use crate::Value;

#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod held;
mod kernel;
mod low;
mod portable;
mod recent;
mod resume;
mod share;
mod stage1;

#[cfg(target_arch = "x86_64")]
use avx2::scan_avx2;
#[cfg(target_arch = "x86_64")]
use avx512::scan_avx512;
pub use kernel::GrundyKernel;
use low::LowBytes;
use portable::scan_generic;
use recent::Reversed;
use share::{FarBlock, FarJob, FarQueue, StopOnDrop};
use stage1::{first_unmarked_common, FinalValues};

/// How the front ends show the progress that [`FastSweep::run_to_with`] reports: an
/// `indicatif` template, kept here so that `grundy sweep` and `cargo xtask compute` show
/// the same bar (the core only names it; drawing is the front ends' job).
pub const PROGRESS_TEMPLATE: &str = "{bar:40} {human_pos}/{human_len} heaps  {per_sec}  ETA {eta}";

/// Heaps per block.
pub const BLOCK: usize = 64;
/// Missing sparse values searched for at once in the second phase of stage 2.
pub const TARGETS: usize = 4;
/// Splits per step of the first phase of stage 2.
const MARK_STEP: usize = 16;
/// Splits per step of the second phase of stage 2.
const SEARCH_STEP: usize = 32;
/// Far marks per heap: one per value, then a scratch column for the split r + r, which
/// does not count, padded to a multiple of 64.
const ROW: usize = ValueSet::CAPACITY + 64;
const SCRATCH: Value = ValueSet::CAPACITY as Value;
/// A value no heap can have: pads the target list.
const NO_VALUE: Value = u16::MAX;

/// Heaps between two progress reports of [`FastSweep::run_to_with`] (about 0.4 s at 2^24).
pub const PROGRESS_STEP: u64 = 1 << 20;

/// G(0..N) of Grundy's game, fast; identical in values and statistics to [`crate::engine::grundy::sweep::SparseSweep`].
pub struct FastSweep {
    /// Values, sparse heaps and statistics, as in `SparseSweep`; in window mode
    /// `state.values` holds G(base..).
    state: SweepState,
    kernel: GrundyKernel,
    threads: usize,
    /// The latest values reversed, for the vector kernels; made when first needed.
    recent: Option<Reversed<Value>>,
    /// The values' low bytes, for the vector kernels; made when first needed.
    low: Option<LowBytes>,
    /// How many small parts `low` holds: [`low::FRONT`], less in a test of the scans that
    /// go past them.
    low_front: usize,
    /// `state.values` holds G(base..base + len); base > 0 only in window mode.
    base: usize,
    /// Window mode: how many recent values to keep (and how many first ones, in `prefix`).
    window: Option<usize>,
    /// G(0..window), kept once the window has moved past them.
    prefix: Vec<Value>,
    /// Checked after every block: a cancelled sweep stops at a block's end, its state whole.
    cancel: Cancel,
    /// The far sparse heaps, shared with every stage-1 job and made anew only when one is
    /// found: a copy per block (1,274 heaps, 20 KiB, from 2^17 on) was 2.2 % of the
    /// instructions and a fifth of the L1 misses of a sweep to 2^20 (cachegrind,
    /// `runs/bench/machine-sensitivity-2026-12-02.md`).
    far: Arc<[(usize, Value)]>,
}

/// Blocks after the main thread's whose far marks are released to be made while it does
/// its own: slack for the blocks whose scans run long (with one block ahead and whole
/// blocks handed to the helper, each thread waited for the other about 8 % of the time on
/// the AVX-512 machines; three ahead measured no faster than two with shared chunks).
const AHEAD: usize = 2;

/// Sparse heaps below this are "near": done per heap, because for the blocks ahead their
/// parts are not yet final when the helper thread starts on them.
const NEAR: usize = (AHEAD + 1) * BLOCK;

/// The least window: a smaller one given to [`FastSweep::set_window`] is raised to this,
/// so that the block scheme always has the heaps it needs behind it. Fixed, not derived
/// from the block sizes, so that a checkpoint's window means the same to every build.
pub const MIN_WINDOW: usize = 1024;
const _: () = assert!(MIN_WINDOW >= 4 * NEAR, "the window must hold the near heaps and the blocks in flight");

impl FastSweep {
    /// Checkpoints of this sweep and of [`crate::engine::grundy::sweep::SparseSweep`] hold the same state, so
    /// either can resume the other's.
    pub const ALGORITHM: &'static str = crate::engine::grundy::sweep::SparseSweep::ALGORITHM;

    /// An empty sweep with the default interval, the fastest kernel and two threads.
    pub fn new() -> FastSweep {
        FastSweep::with_options(DEFAULT_INTERVAL_LOG2, GrundyKernel::detect())
    }

    /// An empty sweep with scan averages per `1 << interval_log2` heaps and the given kernel
    /// (which must be one of [`GrundyKernel::available`]), on two threads.
    pub fn with_options(interval_log2: u32, kernel: GrundyKernel) -> FastSweep {
        assert!(GrundyKernel::available().contains(&kernel), "kernel {kernel:?} is not supported by this CPU");
        FastSweep {
            state: SweepState::new(interval_log2),
            kernel,
            threads: 2,
            recent: None,
            low: None,
            low_front: low::FRONT,
            base: 0,
            window: None,
            prefix: Vec::new(),
            cancel: Cancel::never(),
            far: Arc::new([]),
        }
    }

    /// Stop with [`SweepError::Cancelled`] at the end of the block during which `cancel`
    /// is set (a block is 64 heaps: microseconds); the state is then that of a whole number
    /// of blocks, so a checkpoint taken after the stop resumes exactly.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// Use one thread (everything in order) or two (stage 1 of the next block on a helper).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    /// The number of threads: 1 or 2.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// The stage-2 kernel.
    pub fn kernel(&self) -> GrundyKernel {
        self.kernel
    }

    /// Heaps done: G(0..len) are known.
    pub fn len(&self) -> u64 {
        self.heaps() as u64
    }

    #[inline(always)]
    fn heaps(&self) -> usize {
        self.state.heaps()
    }

    /// Whether no heap has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.heaps() == 0
    }

    /// G(0..len). In window mode only the window is held: see [`FastSweep::first_values`].
    pub fn values(&self) -> &[Value] {
        assert!(self.base == 0, "in window mode only the first and the most recent values are held");
        &self.state.values
    }

    /// The first values held: all of them, or in window mode G(0..window).
    /// Window mode: keep only G(0..window) and the latest `window` values, so that memory
    /// does not grow with N (about 5 * window bytes). The window must hold every split
    /// the scans reach and every sparse heap (Flammenkamp: all below 2^26 up to 2^38); a
    /// scan that would reach further stops the sweep with [`SweepError::WindowTooSmall`].
    pub fn set_window(&mut self, window: usize) {
        assert!(self.base == 0 && self.state.values.len() <= window, "set the window before the sweep passes it");
        self.window = Some(window.max(MIN_WINDOW));
    }

    /// Whether only a window of values is held.
    pub fn is_windowed(&self) -> bool {
        self.window.is_some()
    }

    /// The window size in window mode (at least [`MIN_WINDOW`]).
    pub fn window(&self) -> Option<usize> {
        self.window
    }

    /// The values as the scans see them.
    fn view(&self) -> View<'_> {
        View { front: self.first_values(), back: &self.state.values, base: self.base }
    }

    /// The statistics so far.
    pub fn stats(&self) -> &SweepStats {
        &self.state.stats
    }

    /// Computes heaps until G(0..end) are known.
    pub fn run_to(&mut self, end: u64) -> Result<(), SweepError> {
        let end = usize::try_from(end).map_err(|_| SweepError::TooManyHeaps { heaps: end })?;
        // The block loop is built with a progress callback that does nothing: with a real
        // callback inside it, the same loop measured 20 % slower (2^24: 8.2-8.9 s against
        // 6.6-7.1 s), so progress is reported between calls instead (`run_to_with`).
        let mut progress = |_: u64| {};
        let Some(window) = self.window else {
            return self.run_segment(end, &mut progress);
        };
        // Window mode: run in segments; between them (no helper running), drop all but the
        // last `window` values, so the buffer never holds more than 1.5 * window.
        while self.heaps() < end {
            let limit = self.base + window + window / 2;
            self.run_segment(end.min(limit), &mut progress)?;
            let values = &mut self.state.values;
            if values.len() >= window + window / 2 {
                if self.prefix.is_empty() {
                    self.prefix = values[..window].to_vec();
                }
                let drop = values.len() - window;
                values.drain(..drop);
                self.base += drop;
            }
        }
        Ok(())
    }

    /// Like [`FastSweep::run_to`], calling `progress(len)` every [`PROGRESS_STEP`] heaps:
    /// the sweep runs to each step's end at the full speed of `run_to`, and reports between.
    pub fn run_to_with(&mut self, end: u64, mut progress: impl FnMut(u64)) -> Result<(), SweepError> {
        while (self.heaps() as u64) < end {
            let next = (self.heaps() as u64 / PROGRESS_STEP + 1) * PROGRESS_STEP;
            self.run_to(next.min(end))?;
            progress(self.heaps() as u64);
        }
        Ok(())
    }

    fn run_segment(&mut self, end: usize, progress: &mut impl FnMut(u64)) -> Result<(), SweepError> {
        if end <= self.heaps() {
            return Ok(());
        }
        // Reserved once: the helper thread reads the buffer while the main thread appends.
        let more = end - self.heaps();
        self.state.values.try_reserve_exact(more).map_err(|_| SweepError::TooManyHeaps { heaps: end as u64 })?;
        // The block scheme needs NEAR heaps behind it.
        while self.heaps() < end.min(NEAR) {
            self.step_plain()?;
        }
        progress(self.len());
        if self.heaps() == end {
            return Ok(());
        }
        let queue = FarQueue::new(self.kernel);
        std::thread::scope(|scope| {
            // Whatever way the main loop ends, the helper is told to stop.
            let _stop = StopOnDrop(&queue);
            if self.threads == 2 {
                scope.spawn(|| queue.help());
            }
            // The start of the next block to release.
            let mut sent = self.heaps();
            loop {
                // Keep this block and the AHEAD after it released: their far parts are
                // below this block's start, final now.
                while sent < end && sent <= self.heaps() + AHEAD * BLOCK {
                    let job = self.far_job(end, sent)?;
                    sent = job.stop;
                    queue.release(job);
                }
                let far = queue.wait();
                self.block(&far)?;
                let stop = far.stop;
                drop(far);
                progress(self.len());
                self.cancel.check()?;
                if stop >= end {
                    return Ok(());
                }
            }
        })
    }

    /// Stage-1 work for the block at `start`, with the far sparse heaps known now.
    fn far_job(&mut self, end: usize, start: usize) -> Result<FarJob, SweepError> {
        let sparse = &self.state.sparse;
        let near_to = sparse.partition_point(|&(r, _)| r < NEAR);
        let far = &sparse[near_to..];
        // Every part G(n - r) must be held: n - r >= base.
        if let Some(&(r, _)) = far.last() {
            if start - r < self.base {
                return Err(SweepError::WindowTooSmall { heap: start as u64 });
            }
        }
        // The list only grows (heaps in order): same length and last heap, same list.
        if self.far.len() != far.len() || self.far.last() != far.last() {
            self.far = far.into();
        }
        let far = Arc::clone(&self.far);
        let values = FinalValues { ptr: self.state.values.as_ptr(), len: self.state.values.len(), base: self.base };
        Ok(FarJob { start, stop: end.min(start + BLOCK), far, known: self.state.sparse.len(), values })
    }

    fn step_plain(&mut self) -> Result<(), SweepError> {
        debug_assert_eq!(self.base, 0);
        let n = self.heaps();
        let result = if n < 3 {
            HeapResult::Sparse { value: 0 }
        } else {
            let c = common_candidate(&self.state.values, &self.state.sparse, n)
                .ok_or(SweepError::ValueSetFull { heap: n as u64, capacity: ValueSet::CAPACITY })?;
            scan(self.kernel, self.view(), None, None, 0, n, c).ok_or(SweepError::WindowTooSmall { heap: n as u64 })?
        };
        self.state.push(result);
        Ok(())
    }

    /// The heaps of one block, given its far marks, compiled for the chosen kernel.
    fn block(&mut self, job: &FarBlock) -> Result<(), SweepError> {
        debug_assert_eq!(job.start, self.heaps());
        match self.kernel {
            GrundyKernel::Portable => self.block_body(job),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `GrundyKernel::Avx2` is only constructed when the CPU has AVX2, BMI and POPCNT.
            GrundyKernel::Avx2 => unsafe { self.block_avx2(job) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `GrundyKernel::Avx512` is only constructed when the CPU has AVX-512BW.
            GrundyKernel::Avx512 => unsafe { self.block_avx512(job) },
            #[cfg(not(target_arch = "x86_64"))]
            GrundyKernel::Avx2 | GrundyKernel::Avx512 => unreachable!("x86-64 kernel on another target"),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,popcnt")]
    fn block_avx2(&mut self, job: &FarBlock) -> Result<(), SweepError> {
        self.block_body(job)
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
    fn block_avx512(&mut self, job: &FarBlock) -> Result<(), SweepError> {
        self.block_body(job)
    }

    #[inline(always)]
    fn block_body(&mut self, job: &FarBlock) -> Result<(), SweepError> {
        let near_to = self.state.sparse.partition_point(|&(r, _)| r < NEAR);
        // Heap 0 is never a part of a split.
        let near_from = self.state.sparse.partition_point(|&(r, _)| r == 0);
        let mut near_marks = [0u8; ValueSet::CAPACITY];
        if self.recent.is_none() && self.kernel != GrundyKernel::Portable {
            self.recent = Some(Reversed::new(self.base, &self.state.values, |v| v));
        }
        if self.low.is_none() && matches!(self.kernel, GrundyKernel::Avx2 | GrundyKernel::Avx512) {
            self.low = Some(LowBytes::new(self.first_values(), self.base, &self.state.values, self.low_front));
        }
        for n in job.start..job.stop {
            let j = n - job.start;
            let g = self.view();
            // Stage 1, near part: sparse r < NEAR, and those found since the job was made.
            // Past 2 * NEAR no near r is n / 2, and the reversed copy (when there is one)
            // holds G(n - r) at r - 1 for every near r: the common case reads it there.
            let reversed = self.recent.as_ref().map(|recent| recent.behind(n)).filter(|&(_, reach)| reach >= NEAR);
            let since = &self.state.sparse[job.known..];
            match reversed {
                Some((rev, _)) if n >= 2 * NEAR => {
                    for &(r, sv) in &self.state.sparse[near_from..near_to] {
                        near_marks[(sv ^ rev[r - 1]) as usize] = 1;
                    }
                    for &(r, sv) in since {
                        near_marks[(sv ^ g.hi(n - r)) as usize] = 1;
                    }
                }
                _ => {
                    for &(r, sv) in self.state.sparse[..near_to].iter().chain(since) {
                        if r == 0 || 2 * r == n {
                            continue;
                        }
                        near_marks[(sv ^ g.hi(n - r)) as usize] = 1;
                    }
                }
            }
            let far_row: &[u8; ValueSet::CAPACITY] = job.rows[j * ROW..][..ValueSet::CAPACITY].try_into().unwrap();
            let c = first_unmarked_common(&near_marks, far_row);
            near_marks = [0; ValueSet::CAPACITY];
            let c = c.ok_or(SweepError::ValueSetFull { heap: n as u64, capacity: ValueSet::CAPACITY })?;
            let last_sparse = self.state.sparse.last().map_or(0, |&(r, _)| r);
            let result = scan(self.kernel, g, self.recent.as_ref(), self.low.as_ref(), last_sparse, n, c)
                .ok_or(SweepError::WindowTooSmall { heap: n as u64 })?;
            if let Some(recent) = &mut self.recent {
                recent.push(n, result.value());
            }
            if let Some(low) = &mut self.low {
                low.push(n, result.value());
            }
            // Within the reserved capacity: the helper's pointer stays valid.
            debug_assert!(self.state.values.len() < self.state.values.capacity());
            debug_assert_eq!(n, self.heaps());
            self.state.push(result);
        }
        Ok(())
    }
}

impl Default for FastSweep {
    fn default() -> Self {
        FastSweep::new()
    }
}

/// The values as stage 2 reads them: G(a) for the small part a from `front` (G(0..)),
/// G(n - a) from `back` (G(base..)). In full mode both are all the values.
#[derive(Clone, Copy)]
struct View<'a> {
    front: &'a [Value],
    back: &'a [Value],
    base: usize,
}

impl View<'_> {
    /// G(a), for a small part.
    #[inline(always)]
    fn lo(&self, a: usize) -> Value {
        self.front[a]
    }

    /// G(m), for a recent heap m >= base.
    #[inline(always)]
    fn hi(&self, m: usize) -> Value {
        self.back[m - self.base]
    }

    /// The largest split a of heap n for which both parts are held.
    #[inline(always)]
    fn reach(&self, n: usize) -> usize {
        self.front.len().saturating_sub(1).min(n - self.base)
    }
}

/// Stage 2 with the chosen kernel; `None` when the scan would need values outside the window.
/// `last_sparse` is the newest sparse heap below n (for `low`).
#[inline]
#[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
fn scan(
    kernel: GrundyKernel,
    v: View,
    recent: Option<&Reversed<Value>>,
    low: Option<&LowBytes>,
    last_sparse: usize,
    n: usize,
    c: Value,
) -> Option<HeapResult> {
    match kernel {
        GrundyKernel::Portable => scan_generic(v, n, c),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx2` is only constructed when the CPU has AVX2, BMI and POPCNT.
        GrundyKernel::Avx2 => unsafe { scan_avx2(v, recent, low, last_sparse, n, c) },
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `GrundyKernel::Avx512` is only constructed when the CPU has AVX-512BW/VL.
        GrundyKernel::Avx512 => unsafe { scan_avx512(v, recent, low, last_sparse, n, c) },
        #[cfg(not(target_arch = "x86_64"))]
        GrundyKernel::Avx2 | GrundyKernel::Avx512 => unreachable!("x86-64 kernel on another target"),
    }
}

/// The last splits a..=limit one by one, until `missing` is covered; then, if the splits
/// ran out (limit = half), the smallest value still missing is the heap's sparse value.
/// `None` when the window ends before the splits do.
#[inline(always)]
fn scan_tail(
    v: View,
    n: usize,
    c: Value,
    a: usize,
    limit: usize,
    half: usize,
    mut missing: ValueSet,
) -> Option<HeapResult> {
    if let Some(stop) = missing.remove_until_empty((a..=limit).map(|i| (i, v.lo(i) ^ v.hi(n - i)))) {
        return Some(HeapResult::Common { value: c, scan_length: stop as u64 });
    }
    (limit == half).then(|| HeapResult::Sparse { value: missing.min().expect("scan ran out with values missing") })
}

/// The indices of the set bits of a mask (`u32`, `u64` or `u128`), lowest first: the lanes
/// of a step that hit.
#[derive(Clone, Copy)]
struct BitIndices<T>(T);

macro_rules! bit_indices {
    ($($t:ty),*) => {$(
        impl Iterator for BitIndices<$t> {
            type Item = usize;

            #[inline(always)]
            fn next(&mut self) -> Option<usize> {
                if self.0 == 0 {
                    return None;
                }
                let i = self.0.trailing_zeros() as usize;
                self.0 &= self.0 - 1;
                Some(i)
            }
        }
    )*};
}

bit_indices!(u32, u64, u128);

#[cfg(test)]
mod tests;
