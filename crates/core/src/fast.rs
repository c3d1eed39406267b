//! The fast sweep: the same two-stage sparse-space method as [`crate::SparseSweep`], with
//! the same results and statistics, arranged for the machine.
//!
//! - Heaps are taken in blocks of [`BLOCK`]. Stage 1 for a whole block is done up front
//!   for every sparse heap r >= BLOCK: the parts n - r of the block's heaps are then all
//!   final, contiguous, and read with vector loads instead of one gather per heap. Only the
//!   ~200 sparse heaps below BLOCK (and any found inside the block) are done per heap.
//! - Stage 2 first marks every option of 16 splits into a 512-bit set and tests coverage
//!   once per 16 (no branch per split). When at most [`TARGETS`] sparse values are still
//!   missing, it switches to searching for just those, 32 splits per step, which the
//!   compiler turns into a few vector instructions; the exact split where the scan
//!   stops is then found within the step, so the scan lengths are exact.
//! - The stage-2 kernels are compiled twice, portable and with AVX-512BW, and picked at
//!   run time; both are tested against the plain sweep.

use crate::class::ValueSet;
use crate::stats::{SweepStats, DEFAULT_INTERVAL_LOG2};
use crate::sweep::{common_candidate, HeapResult, SweepError};
use crate::{checkpoint, Checkpoint, CheckpointError, Value, VALUE_LIMIT};

/// Heaps per block.
pub const BLOCK: usize = 512;
/// Missing sparse values searched for at once in the second phase of stage 2.
pub const TARGETS: usize = 4;
/// Splits per step of the first phase of stage 2.
const MARK_STEP: usize = 16;
/// Splits per step of the second phase of stage 2.
const SEARCH_STEP: usize = 32;
/// 64-bit words in a set of values.
const WORDS: usize = VALUE_LIMIT / 64;
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
    /// Stage 1 marks from the far sparse heaps: a 512-bit row per heap of the block.
    far: Vec<u64>,
    /// Stage 1 marks from the near sparse heaps, for the heap being computed.
    near: [u8; VALUE_LIMIT],
}

impl FastSweep {
    /// Checkpoints of this sweep and of [`crate::SparseSweep`] hold the same state, so
    /// either can resume the other's; the name says which wrote it.
    pub const ALGORITHM: &'static str = crate::SparseSweep::ALGORITHM;

    /// An empty sweep with the default interval and the fastest kernel.
    pub fn new() -> FastSweep {
        FastSweep::with_options(DEFAULT_INTERVAL_LOG2, Kernel::detect())
    }

    /// An empty sweep with scan averages per `1 << interval_log2` heaps and the given kernel
    /// (which must be one of [`Kernel::available`]).
    pub fn with_options(interval_log2: u32, kernel: Kernel) -> FastSweep {
        assert!(Kernel::available().contains(&kernel), "kernel {kernel:?} is not supported by this CPU");
        FastSweep {
            values: Vec::new(),
            sparse: Vec::new(),
            stats: SweepStats::new(interval_log2),
            kernel,
            far: vec![0; BLOCK * WORDS],
            near: [0; VALUE_LIMIT],
        }
    }

    pub fn kernel(&self) -> Kernel {
        self.kernel
    }

    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    pub fn values(&self) -> &[Value] {
        &self.values
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
        self.values
            .try_reserve(end.saturating_sub(self.values.len()))
            .map_err(|_| SweepError::TooManyHeaps { heaps: end as u64 })?;
        while self.values.len() < end {
            let start = self.values.len();
            let stop = end.min(start + BLOCK);
            if start < 2 * BLOCK {
                // Short heaps: the block scheme needs BLOCK heaps behind it.
                for _ in start..stop {
                    self.step_plain()?;
                }
            } else {
                self.block(start, stop)?;
            }
            progress(self.values.len() as u64);
        }
        Ok(())
    }

    fn step_plain(&mut self) -> Result<(), SweepError> {
        let n = self.values.len();
        let result = if n < 3 {
            HeapResult { value: 0, scan_length: None }
        } else {
            let c = common_candidate(&self.values, &self.sparse, n)
                .ok_or(SweepError::ValueOverflow { heap: n as u64, limit: VALUE_LIMIT })?;
            scan(self.kernel, &self.values, n, c)
        };
        self.push(result);
        Ok(())
    }

    fn push(&mut self, result: HeapResult) {
        let n = self.values.len();
        if result.scan_length.is_none() {
            self.sparse.push((n, result.value));
        }
        self.values.push(result.value);
        self.stats.push(result.value, result.scan_length);
    }

    /// Heaps start..stop (stop - start <= BLOCK, start >= 2 * BLOCK), with the code
    /// compiled for the chosen kernel's instruction set.
    fn block(&mut self, start: usize, stop: usize) -> Result<(), SweepError> {
        match self.kernel {
            Kernel::Portable => self.block_body(start, stop),
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Kernel::Avx512` is only constructed when the CPU has AVX-512BW.
            Kernel::Avx512 => unsafe { self.block_avx512(start, stop) },
            #[cfg(not(target_arch = "x86_64"))]
            Kernel::Avx512 => unreachable!("AVX-512 kernel on a non-x86 target"),
        }
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx2,bmi1,bmi2,popcnt")]
    unsafe fn block_avx512(&mut self, start: usize, stop: usize) -> Result<(), SweepError> {
        self.block_body(start, stop)
    }

    #[inline(always)]
    fn block_body(&mut self, start: usize, stop: usize) -> Result<(), SweepError> {
        let len = stop - start;
        // Stage 1, far part: for sparse r >= BLOCK, n - r < start for every n of the block,
        // so the parts G(n - r) are final and contiguous: XOR them with a vector loop,
        // then set one bit per heap in that heap's 512-bit row (rows stay in L1).
        let far_from = self.sparse.partition_point(|&(r, _)| r < BLOCK);
        let in_block_from = self.sparse.len();
        {
            let g = &self.values;
            let far = &mut self.far[..];
            let mut options = [0 as Value; BLOCK];
            for &(r, sv) in &self.sparse[far_from..] {
                let parts = &g[start - r..stop - r];
                for (o, &p) in options.iter_mut().zip(parts) {
                    *o = p ^ sv;
                }
                // Heap 2r cannot be split as r + r: leave it out.
                let skip = (2 * r).wrapping_sub(start).min(len);
                for (j, &o) in options[..len].iter().enumerate() {
                    if j != skip {
                        far[j * WORDS + (o as usize >> 6)] |= 1 << (o & 63);
                    }
                }
            }
        }
        for j in 0..len {
            let n = start + j;
            let g = &self.values;
            let row = &mut self.near;
            // Stage 1, near part: sparse r < BLOCK, and sparse heaps found in this block.
            let near = self.sparse[..far_from].iter().chain(&self.sparse[in_block_from..]);
            for &(r, sv) in near {
                if r == 0 || 2 * r == n {
                    continue;
                }
                row[(sv ^ g[n - r]) as usize] = 1;
            }
            let far_row: &mut [u64; WORDS] = (&mut self.far[j * WORDS..][..WORDS]).try_into().unwrap();
            let c = first_unmarked_common(row, far_row);
            row.fill(0);
            *far_row = [0; WORDS];
            let c = c.ok_or(SweepError::ValueOverflow { heap: n as u64, limit: VALUE_LIMIT })?;
            let result = scan(self.kernel, &self.values, n, c);
            self.push(result);
        }
        Ok(())
    }

    /// The whole state as checkpoint bytes (the format of [`crate::checkpoint`]).
    pub fn checkpoint(&self) -> Vec<u8> {
        checkpoint::encode(Self::ALGORITHM, &self.values, &self.stats)
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

/// The smallest common value marked neither in `near` nor in `far`, 64 values at a time.
#[inline(always)]
fn first_unmarked_common(near: &[u8; VALUE_LIMIT], far: &[u64; WORDS]) -> Option<Value> {
    let common = ValueSet::COMMON;
    for (k, chunk) in near.chunks_exact(64).enumerate() {
        let mut unmarked = 0u64;
        for (i, &m) in chunk.iter().enumerate() {
            unmarked |= ((m == 0) as u64) << i;
        }
        let free = unmarked & !far[k] & common.words()[k];
        if free != 0 {
            return Some((k * 64 + free.trailing_zeros() as usize) as Value);
        }
    }
    None
}

/// Stage 2 with the chosen kernel.
#[inline]
fn scan(kernel: Kernel, g: &[Value], n: usize, c: Value) -> HeapResult {
    match kernel {
        Kernel::Portable => scan_generic(g, n, c),
        #[cfg(target_arch = "x86_64")]
        // SAFETY: `Kernel::Avx512` is only constructed when the CPU has AVX-512BW/VL.
        Kernel::Avx512 => unsafe { scan_avx512(g, n, c) },
        #[cfg(not(target_arch = "x86_64"))]
        Kernel::Avx512 => unreachable!("AVX-512 kernel on a non-x86 target"),
    }
}

/// Stage 2 with AVX-512BW. The set of sparse values still missing is 512 bits, exactly one
/// register of 32 16-bit words, so membership of 32 options at once is three instructions:
/// pick word x >> 4 of the set for every lane (`vpermw`), shift it right by x & 15, test
/// bit 0. There is no first phase and no limit on how many values may be missing; each
/// lane that hits is handled in order, so the stopping split is exact.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn scan_avx512(g: &[Value], n: usize, c: Value) -> HeapResult {
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
    let p = g.as_ptr();
    // SAFETY (all loads): lanes a..a+32 and n-a-31..=n-a are inside g because
    // a + 31 <= half < n - half <= n - a - 31 + ... and n - a <= n - 1 < g.len().
    let reverse = unsafe { _mm512_loadu_si512(REVERSE.as_ptr() as *const _) };
    let low4 = _mm512_set1_epi16(15);
    let one = _mm512_set1_epi16(1);
    let mut bits = unsafe { _mm512_loadu_si512(need.words().as_ptr() as *const _) };
    let mut a = 1;
    debug_assert!(g.len() >= n);
    while a + 31 <= half {
        let front = unsafe { _mm512_loadu_si512(p.add(a) as *const _) };
        let back = unsafe { _mm512_loadu_si512(p.add(n - a - 31) as *const _) };
        let x = _mm512_xor_si512(front, _mm512_permutexvar_epi16(reverse, back));
        let word = _mm512_permutexvar_epi16(_mm512_srli_epi16::<4>(x), bits);
        let bit = _mm512_srlv_epi16(word, _mm512_and_si512(x, low4));
        let hits = _mm512_test_epi16_mask(bit, one);
        if hits != 0 {
            let mut xs = [0u16; 32];
            unsafe { _mm512_storeu_si512(xs.as_mut_ptr() as *mut _, x) };
            // Clear every hit in the register itself (bit v is bit v & 31 of 32-bit lane
            // v >> 5), without a branch per lane and without a trip through memory; only
            // when the set becomes empty is the step walked again to find the exact split.
            let before = bits;
            let mut m = hits;
            while m != 0 {
                let v = xs[m.trailing_zeros() as usize] as u32;
                m &= m - 1;
                let lane = 1u16 << (v >> 5);
                bits = _mm512_mask_andnot_epi32(bits, lane, _mm512_set1_epi32(1 << (v & 31)), bits);
            }
            if _mm512_test_epi32_mask(bits, bits) == 0 {
                let mut words = [0u64; 8];
                unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, before) };
                let before = ValueSet::from_words(words);
                return HeapResult { value: c, scan_length: Some(first_cover_in(&xs, hits, a, before) as u64) };
            }
        }
        a += 32;
    }
    let mut words = [0u64; 8];
    unsafe { _mm512_storeu_si512(words.as_mut_ptr() as *mut _, bits) };
    let mut missing = ValueSet::from_words(words);
    for i in a..=half {
        let x = g[i] ^ g[n - i];
        if missing.contains(x) {
            missing.and_not_assign_one(x);
            if missing.is_empty() {
                return HeapResult { value: c, scan_length: Some(i as u64) };
            }
        }
    }
    HeapResult { value: missing.min().expect("scan ran out with values missing"), scan_length: None }
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
fn scan_generic(g: &[Value], n: usize, c: Value) -> HeapResult {
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let half = (n - 1) / 2; // the last split is (half, n - half)
    let mut seen = ValueSet::EMPTY;
    let mut a = 1;
    // Phase 1: mark everything, test once per step.
    while a <= half {
        let end = (a + MARK_STEP - 1).min(half);
        let before = seen;
        {
            let w = seen.words_mut();
            for i in a..=end {
                let x = (g[i] ^ g[n - i]) as usize;
                w[x / 64] |= 1 << (x % 64);
            }
        }
        let missing = need.and_not(&seen);
        if missing.is_empty() {
            let stop = first_cover(g, n, a, end, need.and_not(&before));
            return HeapResult { value: c, scan_length: Some(stop as u64) };
        }
        a = end + 1;
        if missing.len() <= TARGETS {
            return search_missing(g, n, c, a, half, missing);
        }
    }
    let value = need.and_not(&seen).min().expect("a sparse value below c is missing");
    HeapResult { value, scan_length: None }
}

/// The split in a..=end at which every value of `missing` has been seen (it is known that
/// they all occur there).
#[inline(always)]
fn first_cover(g: &[Value], n: usize, a: usize, end: usize, mut missing: ValueSet) -> usize {
    let mut left = missing.len();
    for i in a..=end {
        let x = g[i] ^ g[n - i];
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

/// Phase 2: splits a..=half, looking only for the few `missing` values.
#[inline(always)]
fn search_missing(g: &[Value], n: usize, c: Value, mut a: usize, half: usize, mut missing: ValueSet) -> HeapResult {
    let mut targets = [NO_VALUE; TARGETS];
    let fill = |targets: &mut [Value; TARGETS], missing: &ValueSet| {
        let mut k = 0;
        *targets = [NO_VALUE; TARGETS];
        for v in missing.iter() {
            targets[k] = v;
            k += 1;
        }
    };
    fill(&mut targets, &missing);
    while a + SEARCH_STEP - 1 <= half {
        let mask = hits(g, n, a, &targets);
        if mask != 0 {
            let mut m = mask;
            while m != 0 {
                let i = a + m.trailing_zeros() as usize;
                m &= m - 1;
                let x = g[i] ^ g[n - i];
                if missing.contains(x) {
                    missing.and_not_assign_one(x);
                    if missing.is_empty() {
                        return HeapResult { value: c, scan_length: Some(i as u64) };
                    }
                }
            }
            fill(&mut targets, &missing);
        }
        a += SEARCH_STEP;
    }
    for i in a..=half {
        let x = g[i] ^ g[n - i];
        if missing.contains(x) {
            missing.and_not_assign_one(x);
            if missing.is_empty() {
                return HeapResult { value: c, scan_length: Some(i as u64) };
            }
        }
    }
    HeapResult { value: missing.min().expect("scan ran out with values missing"), scan_length: None }
}

/// Bit i set when G(a + i) ^ G(n - a - i) is one of the targets, for i < SEARCH_STEP.
#[inline(always)]
fn hits(g: &[Value], n: usize, a: usize, targets: &[Value; TARGETS]) -> u32 {
    let front: &[Value; SEARCH_STEP] = g[a..a + SEARCH_STEP].try_into().unwrap();
    let back: &[Value; SEARCH_STEP] = g[n - a - (SEARCH_STEP - 1)..=n - a].try_into().unwrap();
    let mut x = [0 as Value; SEARCH_STEP];
    for i in 0..SEARCH_STEP {
        x[i] = front[i] ^ back[SEARCH_STEP - 1 - i];
    }
    let mut mask = 0u32;
    for i in 0..SEARCH_STEP {
        let mut hit = false;
        for t in targets {
            hit |= x[i] == *t;
        }
        mask |= (hit as u32) << i;
    }
    mask
}
