//! The fast sweep: the same two-stage sparse-space method as [`crate::SparseSweep`], with
//! the same results and statistics, arranged for the machine. Measured choices (2^22 heaps
//! on the project's 2-core machine; `runs/bench/` for whole runs):
//!
//! - Heaps are taken in blocks of [`BLOCK`]. Stage 1 for the sparse heaps r >= 2 * BLOCK
//!   is done a block ahead on a helper thread: the parts n - r of the next block's heaps
//!   are final by then and contiguous, so they are read with vector loads instead of one
//!   gather per heap, and one mark per heap goes into a row that stays in L1. The ~60
//!   sparse heaps below 2 * BLOCK (and any found since) are done per heap on the main
//!   thread. One thread: 6.8 s; two: 3.8 s; two with the spinning handoff of `Mailbox`
//!   instead of channels: 3.2 s (2^26 in a median 52 s).
//! - Stage 2 with AVX-512BW ([`Kernel::Avx512`]) holds the set of sparse values still
//!   missing in one 512-bit register and tests 32 splits against it with two lane
//!   permutations and a shift; hits are cleared in the register and the exact stopping
//!   split is found within the step. The latest values are also kept reversed, so G(n - a)
//!   needs no lane reversal. 22 s -> 7 s against the portable kernel below.
//! - The portable kernel ([`Kernel::Portable`]) marks every option of 16 splits into a
//!   512-bit set and tests coverage once per 16; when at most [`TARGETS`] values are
//!   missing it searches for just those, 32 splits a step. Both kernels are tested
//!   against the plain sweep.
//! - Window mode ([`FastSweep::set_window`]) keeps only the first and the latest values, so
//!   memory does not grow with N.

use crate::class::ValueSet;
use crate::stats::{SweepStats, DEFAULT_INTERVAL_LOG2};
use crate::sweep::{common_candidate, HeapResult, SweepError};
use crate::{checkpoint, Checkpoint, CheckpointError, Value, VALUE_LIMIT};

/// Heaps per block.
pub const BLOCK: usize = 128;
/// Missing sparse values searched for at once in the second phase of stage 2.
pub const TARGETS: usize = 4;
/// Splits per step of the first phase of stage 2.
const MARK_STEP: usize = 16;
/// Splits per step of the second phase of stage 2.
const SEARCH_STEP: usize = 32;
/// Far marks per heap: one per value, then a scratch column for the split r + r, which
/// does not count, padded to a multiple of 64.
const ROW: usize = VALUE_LIMIT + 64;
const SCRATCH: Value = VALUE_LIMIT as Value;
/// A value no heap can have: pads the target list.
const NO_VALUE: Value = u16::MAX;

/// Which stage-2 kernel to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kernel {
    /// Plain Rust, any CPU.
    Portable,
    /// The same code compiled for AVX-512BW (x86-64 only; chosen only when the CPU has it).
    Avx512,
}

impl Kernel {
    /// The fastest kernel this CPU supports.
    pub fn detect() -> Kernel {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("avx512bw") && std::arch::is_x86_feature_detected!("avx512vl") {
                return Kernel::Avx512;
            }
        }
        Kernel::Portable
    }

    /// Every kernel this CPU can run, for tests and benchmarks.
    pub fn available() -> Vec<Kernel> {
        let mut k = vec![Kernel::Portable];
        if Kernel::detect() == Kernel::Avx512 {
            k.push(Kernel::Avx512);
        }
        k
    }

    /// A short name for reports.
    pub fn name(self) -> &'static str {
        match self {
            Kernel::Portable => "portable",
            Kernel::Avx512 => "avx512bw",
        }
    }
}

/// G(0..N) of Grundy's game, fast; identical in values and statistics to [`crate::SparseSweep`].
pub struct FastSweep {
    values: Vec<Value>,
    sparse: Vec<(usize, Value)>,
    stats: SweepStats,
    kernel: Kernel,
    threads: usize,
    /// The latest values reversed, for the AVX-512 stage 2; made when first needed.
    recent: Option<Reversed>,
    /// `values` holds G(base..base + values.len()); base > 0 only in window mode.
    base: usize,
    /// Window mode: how many recent values to keep (and how many first ones, in `prefix`).
    window: Option<usize>,
    /// G(0..window), kept once the window has moved past them.
    prefix: Vec<Value>,
}

/// Sparse heaps below this are "near": done per heap, because for the next block their
/// parts are not yet final when the helper thread starts on it.
const NEAR: usize = 2 * BLOCK;

/// Stage-1 work for one block, done ahead (by the helper thread when there is one): the
/// marks of every far sparse heap, a 512-bit row per heap.
struct FarJob {
    start: usize,
    stop: usize,
    /// The far sparse heaps (r >= NEAR) known when the job was made; all are below `start`.
    far: Vec<(usize, Value)>,
    /// How many sparse heaps were known then: later ones are done per heap.
    known: usize,
    /// ROW marks per heap of the block.
    rows: Vec<u8>,
}

/// A one-slot handoff between the two threads. The threads hand a block's work back and
/// forth every ~100 microseconds, so the waiting side spins briefly instead of sleeping in
/// the kernel (a futex wake-up costs several microseconds each way).
struct Mailbox<T> {
    slot: std::sync::Mutex<Option<T>>,
    full: std::sync::atomic::AtomicBool,
    /// Set when the thread that fills this mailbox has ended (even by a panic).
    closed: std::sync::atomic::AtomicBool,
}

impl<T> Mailbox<T> {
    fn new() -> Self {
        Mailbox {
            slot: std::sync::Mutex::new(None),
            full: std::sync::atomic::AtomicBool::new(false),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    fn put(&self, value: T) {
        use std::sync::atomic::Ordering;
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
        self.full.store(true, Ordering::Release);
    }

    fn take(&self) -> T {
        use std::sync::atomic::Ordering;
        let mut spins = 0u32;
        loop {
            if self.full.swap(false, Ordering::Acquire) {
                return self
                    .slot
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .expect("a full mailbox holds a value");
            }
            if self.closed.load(Ordering::Acquire) && !self.full.load(Ordering::Acquire) {
                panic!("the helper thread of the sweep stopped unexpectedly");
            }
            spins += 1;
            if spins < 1 << 16 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Marks a mailbox closed when dropped: the helper holds one for the mailbox it fills,
/// so that a helper that dies cannot leave the main thread waiting forever.
struct CloseOnDrop<'a, T>(&'a Mailbox<T>);

impl<T> Drop for CloseOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.closed.store(true, std::sync::atomic::Ordering::Release);
    }
}

/// Tells the helper thread to stop when dropped.
struct StopHelper<'a>(&'a Mailbox<Option<(FarJob, FinalValues)>>);

impl Drop for StopHelper<'_> {
    fn drop(&mut self) {
        // The helper may still be finishing a job: wait until it has taken its last one.
        while self.0.full.load(std::sync::atomic::Ordering::Acquire) {
            std::hint::spin_loop();
        }
        self.0.put(None);
    }
}

/// Read access to the values below a bound that the main thread no longer writes.
#[derive(Clone, Copy)]
struct FinalValues {
    ptr: *const Value,
    len: usize,
    /// The heap of the first value.
    base: usize,
}

// SAFETY: the pointer is only read below `len`, which the main thread wrote before it sent
// the job (the channel orders the writes before the reads) and never writes again; the
// buffer is reserved up front, so it does not move while the helper runs.
unsafe impl Send for FinalValues {}

impl FinalValues {
    fn slice(&self) -> &[Value] {
        // SAFETY: see the `Send` impl.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}

impl FastSweep {
    /// Checkpoints of this sweep and of [`crate::SparseSweep`] hold the same state, so
    /// either can resume the other's.
    pub const ALGORITHM: &'static str = crate::SparseSweep::ALGORITHM;

    /// An empty sweep with the default interval, the fastest kernel and two threads.
    pub fn new() -> FastSweep {
        FastSweep::with_options(DEFAULT_INTERVAL_LOG2, Kernel::detect())
    }

    /// An empty sweep with scan averages per `1 << interval_log2` heaps and the given kernel
    /// (which must be one of [`Kernel::available`]), on two threads.
    pub fn with_options(interval_log2: u32, kernel: Kernel) -> FastSweep {
        assert!(Kernel::available().contains(&kernel), "kernel {kernel:?} is not supported by this CPU");
        FastSweep {
            values: Vec::new(),
            sparse: Vec::new(),
            stats: SweepStats::new(interval_log2),
            kernel,
            threads: 2,
            recent: None,
            base: 0,
            window: None,
            prefix: Vec::new(),
        }
    }

    /// Use one thread (everything in order) or two (stage 1 of the next block on a helper).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    pub fn threads(&self) -> usize {
        self.threads
    }

    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    /// Heaps done: G(0..len) are known.
    pub fn len(&self) -> u64 {
        self.heaps() as u64
    }

    fn heaps(&self) -> usize {
        self.base + self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.heaps() == 0
    }

    /// G(0..len). In window mode only the window is held: see [`FastSweep::first_values`].
    pub fn values(&self) -> &[Value] {
        assert!(self.base == 0, "in window mode only the first and the most recent values are held");
        &self.values
    }

    /// The first values held: all of them, or in window mode G(0..window).
    pub fn first_values(&self) -> &[Value] {
        if self.base == 0 {
            &self.values
        } else {
            &self.prefix
        }
    }

    /// Window mode: keep only G(0..window) and the latest `window` values, so that memory
    /// does not grow with N (about 5 * window bytes). The window must hold every split
    /// the scans reach and every sparse heap (Flammenkamp: all below 2^26 up to 2^38); a
    /// scan that would reach further stops the sweep with [`SweepError::WindowTooSmall`].
    pub fn set_window(&mut self, window: usize) {
        assert!(self.base == 0 && self.values.len() <= window, "set the window before the sweep passes it");
        self.window = Some(window.max(4 * NEAR));
    }

    /// Whether only a window of values is held (no checkpoints then).
    pub fn is_windowed(&self) -> bool {
        self.window.is_some()
    }

    /// The values as the scans see them.
    fn view(&self) -> View<'_> {
        View { front: self.first_values(), back: &self.values, base: self.base }
    }

    pub fn stats(&self) -> &SweepStats {
        &self.stats
    }

    /// Computes heaps until G(0..end) are known.
    pub fn run_to(&mut self, end: u64) -> Result<(), SweepError> {
        self.run_to_with(end, |_| {})
    }

    /// Like [`FastSweep::run_to`], calling `progress(len)` after every block.
    pub fn run_to_with(&mut self, end: u64, mut progress: impl FnMut(u64)) -> Result<(), SweepError> {
        let end = usize::try_from(end).map_err(|_| SweepError::TooManyHeaps { heaps: end })?;
        let Some(window) = self.window else {
            return self.run_segment(end, &mut progress);
        };
        // Window mode: run in segments; between them (no helper running), drop all but the
        // last `window` values, so the buffer never holds more than 1.5 * window.
        while self.heaps() < end {
            let limit = self.base + window + window / 2;
            self.run_segment(end.min(limit), &mut progress)?;
            if self.values.len() >= window + window / 2 {
                if self.prefix.is_empty() {
                    self.prefix = self.values[..window].to_vec();
                }
                let drop = self.values.len() - window;
                self.values.drain(..drop);
                self.base += drop;
            }
        }
        Ok(())
    }

    fn run_segment(&mut self, end: usize, progress: &mut impl FnMut(u64)) -> Result<(), SweepError> {
        if end <= self.heaps() {
            return Ok(());
        }
        // Reserved once: the helper thread reads the buffer while the main thread appends.
        let more = end - self.heaps();
        self.values.try_reserve_exact(more).map_err(|_| SweepError::TooManyHeaps { heaps: end as u64 })?;
        // The block scheme needs NEAR heaps behind it.
        while self.heaps() < end.min(NEAR) {
            self.step_plain()?;
        }
        progress(self.len());
        if self.heaps() == end {
            return Ok(());
        }
        if self.threads == 1 {
            while self.heaps() < end {
                let job = self.far_job(end, self.heaps(), Vec::new())?;
                let job = run_far_job(self.kernel, job, self.final_values());
                self.block(&job)?;
                progress(self.len());
            }
            return Ok(());
        }
        let kernel = self.kernel;
        let jobs: Mailbox<Option<(FarJob, FinalValues)>> = Mailbox::new();
        let done: Mailbox<FarJob> = Mailbox::new();
        std::thread::scope(|scope| {
            // Whatever way the main loop ends, the helper is told to stop.
            let _stop = StopHelper(&jobs);
            scope.spawn(|| {
                let _closed = CloseOnDrop(&done);
                while let Some((job, values)) = jobs.take() {
                    done.put(run_far_job(kernel, job, values));
                }
            });
            let first = self.far_job(end, self.heaps(), Vec::new())?;
            let mut current = run_far_job(kernel, first, self.final_values());
            let mut spare = Vec::new();
            loop {
                let next_start = current.stop;
                let ahead = next_start < end;
                if ahead {
                    // The next block's far parts are below this block's start: final now.
                    let job = self.far_job(end, next_start, std::mem::take(&mut spare))?;
                    jobs.put(Some((job, self.final_values())));
                }
                self.block(&current)?;
                progress(self.len());
                if !ahead {
                    return Ok(());
                }
                spare = std::mem::replace(&mut current, done.take()).rows;
            }
        })
    }

    /// The values written so far, for the helper thread.
    fn final_values(&self) -> FinalValues {
        FinalValues { ptr: self.values.as_ptr(), len: self.values.len(), base: self.base }
    }

    /// Stage-1 work for the block at `start`, with the far sparse heaps known now.
    fn far_job(&self, end: usize, start: usize, rows: Vec<u8>) -> Result<FarJob, SweepError> {
        let near_to = self.sparse.partition_point(|&(r, _)| r < NEAR);
        let far = self.sparse[near_to..].to_vec();
        // Every part G(n - r) must be held: n - r >= base.
        if let Some(&(r, _)) = far.last() {
            if start - r < self.base {
                return Err(SweepError::WindowTooSmall { heap: start as u64 });
            }
        }
        Ok(FarJob { start, stop: end.min(start + BLOCK), far, known: self.sparse.len(), rows })
    }

    fn step_plain(&mut self) -> Result<(), SweepError> {
        debug_assert_eq!(self.base, 0);
        let n = self.values.len();
        let result = if n < 3 {
            HeapResult { value: 0, scan_length: None }
        } else {
            let c = common_candidate(&self.values, &self.sparse, n)
                .ok_or(SweepError::ValueOverflow { heap: n as u64, limit: VALUE_LIMIT })?;
            scan(self.kernel, self.view(), None, n, c).ok_or(SweepError::WindowTooSmall { heap: n as u64 })?
        };
        self.values.push(result.value);
        self.record(n, result);
        Ok(())
    }

    fn record(&mut self, n: usize, result: HeapResult) {
        if result.scan_length.is_none() {
            self.sparse.push((n, result.value));
        }
        self.stats.push(result.value, result.scan_length);
    }

    /// The heaps of one block, given its far marks, compiled for the chosen kernel.
    fn block(&mut self, job: &FarJob) -> Result<(), SweepError> {
        debug_assert_eq!(job.start, self.heaps());
        match self.kernel {
            Kernel::Portable => self.block_body(job),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kernel::Avx512` is only constructed when the CPU has AVX-512BW.
            Kernel::Avx512 => unsafe { self.block_avx512(job) },
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => unreachable!("AVX-512 kernel on a non-x86 target"),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
    unsafe fn block_avx512(&mut self, job: &FarJob) -> Result<(), SweepError> {
        self.block_body(job)
    }

    #[inline(always)]
    fn block_body(&mut self, job: &FarJob) -> Result<(), SweepError> {
        let near_to = self.sparse.partition_point(|&(r, _)| r < NEAR);
        let mut near_marks = [0u8; VALUE_LIMIT];
        if self.recent.is_none() && self.kernel == Kernel::Avx512 {
            self.recent = Some(Reversed::new(self.base, &self.values));
        }
        for n in job.start..job.stop {
            let j = n - job.start;
            let g = self.view();
            // Stage 1, near part: sparse r < NEAR, and those found since the job was made.
            let near = self.sparse[..near_to].iter().chain(&self.sparse[job.known..]);
            for &(r, sv) in near {
                if r == 0 || 2 * r == n {
                    continue;
                }
                near_marks[(sv ^ g.hi(n - r)) as usize] = 1;
            }
            let far_row: &[u8; VALUE_LIMIT] = job.rows[j * ROW..][..VALUE_LIMIT].try_into().unwrap();
            let c = first_unmarked_common(&near_marks, far_row);
            near_marks = [0; VALUE_LIMIT];
            let c = c.ok_or(SweepError::ValueOverflow { heap: n as u64, limit: VALUE_LIMIT })?;
            let result = scan(self.kernel, g, self.recent.as_ref(), n, c)
                .ok_or(SweepError::WindowTooSmall { heap: n as u64 })?;
            if let Some(recent) = &mut self.recent {
                recent.push(n, result.value);
            }
            // Within the reserved capacity: the helper's pointer stays valid.
            debug_assert!(self.values.len() < self.values.capacity());
            debug_assert_eq!(n, self.heaps());
            self.values.push(result.value);
            self.record(n, result);
        }
        Ok(())
    }

    /// The whole state as checkpoint bytes (the format of [`crate::checkpoint`]).
    pub fn checkpoint(&self) -> Vec<u8> {
        checkpoint::encode(Self::ALGORITHM, self.values(), &self.stats)
    }

    /// The checkpoint bytes, piece by piece, without a second copy of the values.
    pub fn checkpoint_with(&self, sink: impl FnMut(&[u8])) {
        checkpoint::encode_with(Self::ALGORITHM, self.values(), &self.stats, sink)
    }

    /// A sweep restored from checkpoint bytes.
    pub fn restore(bytes: &[u8], kernel: Kernel) -> Result<FastSweep, CheckpointError> {
        let Checkpoint { values, stats, .. } = Checkpoint::decode_for(bytes, Self::ALGORITHM)?;
        let mut sweep = FastSweep::with_options(stats.scan.interval_log2, kernel);
        sweep.sparse = stats.sparse_heaps.iter().map(|h| (h.heap as usize, h.value)).collect();
        sweep.values = values;
        sweep.stats = stats;
        Ok(sweep)
    }
}

impl Default for FastSweep {
    fn default() -> Self {
        FastSweep::new()
    }
}

/// Fills the job's rows: for every far sparse heap r, the parts G(n - r) of the block's
/// heaps are final and contiguous, so they are XORed with a vector loop and then set one
/// bit per heap (the rows, 64 bytes a heap, stay in L1).
fn run_far_job(kernel: Kernel, mut job: FarJob, values: FinalValues) -> FarJob {
    match kernel {
        Kernel::Portable => far_marks(&mut job, values.slice(), values.base),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Kernel::Avx512` is only constructed when the CPU has AVX-512BW.
        Kernel::Avx512 => unsafe { far_marks_avx512(&mut job, values.slice(), values.base) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx512 => unreachable!("AVX-512 kernel on a non-x86 target"),
    }
    job
}

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
unsafe fn far_marks_avx512(job: &mut FarJob, g: &[Value], base: usize) {
    far_marks(job, g, base)
}

/// `g` holds G(base..).
#[inline(always)]
fn far_marks(job: &mut FarJob, g: &[Value], base: usize) {
    let (start, stop) = (job.start, job.stop);
    let len = stop - start;
    job.rows.clear();
    job.rows.resize(BLOCK * ROW, 0);
    let rows = &mut job.rows[..];
    let mut options = [0 as Value; BLOCK];
    for &(r, sv) in &job.far {
        let parts = &g[start - r - base..stop - r - base];
        for (o, &p) in options.iter_mut().zip(parts) {
            *o = p ^ sv;
        }
        // Heap 2r cannot be split as r + r: its mark goes to the scratch column.
        let skip = (2 * r).wrapping_sub(start);
        if skip < len {
            options[skip] = SCRATCH;
        }
        for (row, &o) in rows.chunks_exact_mut(ROW).zip(&options[..len]) {
            row[o as usize] = 1;
        }
    }
}

/// The smallest common value marked neither in `near` nor in `far`, 64 values at a time.
#[inline(always)]
fn first_unmarked_common(near: &[u8; VALUE_LIMIT], far: &[u8; VALUE_LIMIT]) -> Option<Value> {
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
#[inline]
fn scan(kernel: Kernel, v: View, recent: Option<&Reversed>, n: usize, c: Value) -> Option<HeapResult> {
    match kernel {
        Kernel::Portable => scan_generic(v, n, c),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Kernel::Avx512` is only constructed when the CPU has AVX-512BW/VL.
        Kernel::Avx512 => unsafe { scan_avx512(v, recent, n, c) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx512 => unreachable!("AVX-512 kernel on a non-x86 target"),
    }
}

/// Stage 2 with AVX-512BW. The set of sparse values still missing is 512 bits, exactly one
/// register of 32 16-bit words, so membership of 32 options at once is three instructions:
/// pick word x >> 4 of the set for every lane (`vpermw`), shift it right by x & 15, test
/// bit 0. There is no first phase and no limit on how many values may be missing; each
/// lane that hits is handled in order, so the stopping split is exact.
///
/// G(n - a) runs backwards as a grows; `recent` (when given) holds the latest values in
/// reverse order, so that those loads need no lane reversal (one `vpermw` less per step).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn scan_avx512(v: View, recent: Option<&Reversed>, n: usize, c: Value) -> Option<HeapResult> {
    use std::arch::x86_64::*;
    const REVERSE: [u16; 32] = {
        let mut r = [0u16; 32];
        let mut i = 0;
        while i < 32 {
            r[i] = 31 - i as u16;
            i += 1;
        }
        r
    };
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2;
    let limit = half.min(v.reach(n));
    let p = v.front.as_ptr();
    // q.add(m - base) is G(m).
    let q = v.back.as_ptr();
    let reverse = unsafe { _mm512_loadu_si512(REVERSE.as_ptr() as *const _) };
    let mut bits = unsafe { _mm512_loadu_si512(need.words().as_ptr() as *const _) };
    let mut a = 1;
    if let Some(recent) = recent {
        let (rev, reach) = recent.behind(n);
        let r = rev.as_ptr();
        let last = limit.min(reach);
        while a + 31 <= last {
            // SAFETY: a + 31 <= limit < front.len(), and rev holds G(n - a) at a - 1 for a <= reach.
            let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
            let back = unsafe { _mm512_loadu_si512(r.add(a - 1) as *const _) };
            if let Some(stop) = unsafe { step_avx512(_mm512_xor_si512(front, back), &mut bits, a) } {
                return Some(HeapResult { value: c, scan_length: Some(stop as u64) });
            }
            a += 32;
        }
    }
    while a + 31 <= limit {
        // SAFETY: a + 31 <= limit < front.len(); n - a - 31 >= n - limit >= base, and
        // n - a < n = base + back.len().
        let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
        let back = unsafe { _mm512_loadu_si512(q.add(n - a - 31 - v.base) as *const _) };
        let x = _mm512_xor_si512(front, _mm512_permutexvar_epi16(reverse, back));
        if let Some(stop) = unsafe { step_avx512(x, &mut bits, a) } {
            return Some(HeapResult { value: c, scan_length: Some(stop as u64) });
        }
        a += 32;
    }
    let mut words = [0u64; 8];
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, bits) };
    scan_tail(v, n, c, a, limit, half, ValueSet::from_words(words))
}

/// One step of 32 options `x` (for splits a..a+32): clears those in the missing set `bits`
/// and returns the exact split at which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn step_avx512(x: std::arch::x86_64::__m512i, bits: &mut std::arch::x86_64::__m512i, a: usize) -> Option<usize> {
    let hits = unsafe { hits_avx512(x, *bits) };
    if hits == 0 {
        return None;
    }
    unsafe { clear_hits_avx512(x, hits, bits, a) }
}

/// Lane i set when option x[i] is in the set `bits`.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn hits_avx512(x: std::arch::x86_64::__m512i, bits: std::arch::x86_64::__m512i) -> u32 {
    use std::arch::x86_64::*;
    let word = _mm512_permutexvar_epi16(_mm512_srli_epi16::<4>(x), bits);
    let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, _mm512_set1_epi16(15)));
    _mm512_test_epi16_mask(bit, _mm512_set1_epi16(1))
}

/// Clears the options of the `hits` lanes of `x` from `bits`; returns the exact split at
/// which the set became empty, if it did.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
#[inline]
unsafe fn clear_hits_avx512(
    x: std::arch::x86_64::__m512i,
    hits: u32,
    bits: &mut std::arch::x86_64::__m512i,
    a: usize,
) -> Option<usize> {
    use std::arch::x86_64::*;
    let mut xs = [0u16; 32];
    unsafe { _mm512_storeu_si512(xs.as_mut_ptr() as *mut _, x) };
    // Clear every hit in the register itself (bit v is bit v & 31 of 32-bit lane v >> 5),
    // without a trip through memory; only when the set becomes empty is the step walked
    // again to find the exact split.
    let before = *bits;
    let mut m = hits;
    // Four hits without a loop branch (a step has 1 to 4 hits far more often than more,
    // and a loop exit with a varying count mispredicts), then the rest.
    for _ in 0..4 {
        let v = xs[(m.trailing_zeros() & 31) as usize] as u32;
        let lane = if m != 0 { 1u16 << (v >> 5) } else { 0 };
        m &= m.wrapping_sub(1);
        *bits = _mm512_mask_andnot_epi32(*bits, lane, _mm512_set1_epi32(1 << (v & 31)), *bits);
    }
    while m != 0 {
        let v = xs[m.trailing_zeros() as usize] as u32;
        m &= m - 1;
        *bits = _mm512_mask_andnot_epi32(*bits, 1u16 << (v >> 5), _mm512_set1_epi32(1 << (v & 31)), *bits);
    }
    if _mm512_test_epi32_mask(*bits, *bits) != 0 {
        return None;
    }
    let mut words = [0u64; 8];
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, before) };
    Some(first_cover_in(&xs, hits, a, ValueSet::from_words(words)))
}

/// The latest values in reverse order: heap m at index `top - m`. When the front is
/// reached, the newest half is moved to the back (a copy of RECENT values every RECENT heaps).
pub(crate) struct Reversed {
    buf: Vec<Value>,
    top: usize,
    /// The oldest heap held.
    low: usize,
}

/// Heaps held by [`Reversed`] at least; 64 K covers all but the longest scans.
const RECENT: usize = 1 << 16;

impl Reversed {
    /// Holds the values of heaps `start..start + values.len()` (the last RECENT of them).
    fn new(start: usize, values: &[Value]) -> Reversed {
        let keep = values.len().min(RECENT);
        let low = start + values.len() - keep;
        let mut r = Reversed { buf: vec![0; 2 * RECENT], top: low + 2 * RECENT - 1, low };
        for (i, &v) in values[values.len() - keep..].iter().enumerate() {
            r.push(low + i, v);
        }
        r
    }

    /// Adds heap m, the one after the newest.
    #[inline]
    fn push(&mut self, m: usize, v: Value) {
        if m > self.top {
            self.buf.copy_within(0..RECENT, RECENT);
            self.top += RECENT;
            self.low = m - RECENT;
        }
        self.buf[self.top - m] = v;
    }

    /// G(n - 1), G(n - 2), ... as far as held, and how many that is.
    #[inline]
    fn behind(&self, n: usize) -> (&[Value], usize) {
        let first = self.top - (n - 1);
        (&self.buf[first..], n - self.low)
    }
}

/// The split a + i at which the lanes `xs` (those in `hits`, in order) cover `missing`.
#[cold]
fn first_cover_in(xs: &[u16; 32], hits: u32, a: usize, mut missing: ValueSet) -> usize {
    let mut m = hits;
    while m != 0 {
        let i = m.trailing_zeros() as usize;
        m &= m - 1;
        missing.and_not_assign_one(xs[i]);
        if missing.is_empty() {
            return a + i;
        }
    }
    unreachable!("the hits cover the missing values")
}

/// Stage 2 for heap n >= 3 with common candidate c; the result and scan length are those of
/// [`crate::sweep::scan_splits`].
#[inline(always)]
fn scan_generic(v: View, n: usize, c: Value) -> Option<HeapResult> {
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2; // the last split is (half, n - half)
    let limit = half.min(v.reach(n));
    let mut seen = ValueSet::EMPTY;
    let mut a = 1;
    // Phase 1: mark everything, test once per step.
    while a <= limit {
        let end = (a + MARK_STEP - 1).min(limit);
        let before = seen;
        {
            let w = seen.words_mut();
            for i in a..=end {
                let x = (v.lo(i) ^ v.hi(n - i)) as usize;
                w[x / 64] |= 1 << (x % 64);
            }
        }
        let missing = need.and_not(&seen);
        if missing.is_empty() {
            let stop = first_cover(v, n, a, end, need.and_not(&before));
            return Some(HeapResult { value: c, scan_length: Some(stop as u64) });
        }
        a = end + 1;
        if missing.len() <= TARGETS {
            return search_missing(v, n, c, a, limit, half, missing);
        }
    }
    let value = need.and_not(&seen).min().expect("a sparse value below c is missing");
    (limit == half).then_some(HeapResult { value, scan_length: None })
}

/// The split in a..=end at which every value of `missing` has been seen (it is known that
/// they all occur there).
#[inline(always)]
fn first_cover(v: View, n: usize, a: usize, end: usize, mut missing: ValueSet) -> usize {
    let mut left = missing.len();
    for i in a..=end {
        let x = v.lo(i) ^ v.hi(n - i);
        if missing.contains(x) {
            missing.and_not_assign_one(x);
            left -= 1;
            if left == 0 {
                return i;
            }
        }
    }
    unreachable!("the missing values occur in the step")
}

/// Phase 2: splits a..=limit, looking only for the few `missing` values (`None` when the
/// window ends before the splits do).
#[inline(always)]
fn search_missing(
    v: View,
    n: usize,
    c: Value,
    mut a: usize,
    limit: usize,
    half: usize,
    mut missing: ValueSet,
) -> Option<HeapResult> {
    let mut targets = [NO_VALUE; TARGETS];
    let fill = |targets: &mut [Value; TARGETS], missing: &ValueSet| {
        *targets = [NO_VALUE; TARGETS];
        for (t, v) in targets.iter_mut().zip(missing.iter()) {
            *t = v;
        }
    };
    fill(&mut targets, &missing);
    while a + SEARCH_STEP - 1 <= limit {
        let mask = hits(v, n, a, &targets);
        if mask != 0 {
            let mut m = mask;
            while m != 0 {
                let i = a + m.trailing_zeros() as usize;
                m &= m - 1;
                let x = v.lo(i) ^ v.hi(n - i);
                if missing.contains(x) {
                    missing.and_not_assign_one(x);
                    if missing.is_empty() {
                        return Some(HeapResult { value: c, scan_length: Some(i as u64) });
                    }
                }
            }
            fill(&mut targets, &missing);
        }
        a += SEARCH_STEP;
    }
    scan_tail(v, n, c, a, limit, half, missing)
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
    for i in a..=limit {
        let x = v.lo(i) ^ v.hi(n - i);
        if missing.contains(x) {
            missing.and_not_assign_one(x);
            if missing.is_empty() {
                return Some(HeapResult { value: c, scan_length: Some(i as u64) });
            }
        }
    }
    (limit == half)
        .then(|| HeapResult { value: missing.min().expect("scan ran out with values missing"), scan_length: None })
}

/// Bit i set when G(a + i) ^ G(n - a - i) is one of the targets, for i < SEARCH_STEP.
#[inline(always)]
fn hits(v: View, n: usize, a: usize, targets: &[Value; TARGETS]) -> u32 {
    let front: &[Value; SEARCH_STEP] = v.front[a..a + SEARCH_STEP].try_into().unwrap();
    let lo = n - a - (SEARCH_STEP - 1) - v.base;
    let back: &[Value; SEARCH_STEP] = v.back[lo..lo + SEARCH_STEP].try_into().unwrap();
    let mut mask = 0u32;
    for (i, (&f, &b)) in front.iter().zip(back.iter().rev()).enumerate() {
        let x = f ^ b;
        let hit = targets.iter().fold(false, |hit, &t| hit | (x == t));
        mask |= (hit as u32) << i;
    }
    mask
}
