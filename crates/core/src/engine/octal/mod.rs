//! The sparse-space method for octal games (digits below 8, no `!`), after Flammenkamp
//! and the tczajka/octal-games project: a mask m splits values into *sparse* (an even
//! number of 1-bits under m; tczajka's "rare") and *common*. Sparse ^ sparse and
//! common ^ common are sparse, so a common option of a split comes only from a split with
//! exactly one sparse part. Stage 1 marks those over the (few) sparse heaps and takes the
//! smallest common value c not an option; stage 2 scans the splits until every sparse
//! value below c has been seen.
//!
//! The result is exact for any nonzero mask; a good mask only makes it fast. The mask is
//! chosen as tczajka does, from a Walsh-Hadamard transform of the value counts
//! ([`best_mask`]): the transform gives, for every mask at once, how many heaps it would
//! make sparse. Cost: O(n * sparse heaps below n) for stage 1 plus the stage-2 scans,
//! which stop early when the mask is good. Tested against the definition
//! ([`crate::engine::definition`]).
//!
//! Five kernels ([`OctalKernel`]) compute the same values: the scalar loop (`scalar`, the
//! plain method, one heap at a time; also used whenever the values are too large for the
//! others), the block kernel of `block` compiled twice, portable and with AVX2 (chosen
//! at run time), with stage 2 of `avx2`, or of `avx512` where the CPU has AVX-512 F and
//! BW (stage 2 four times as wide); `ahead` makes stage 1's far marks a block ahead
//! on a helper thread, which reads the values in place; and `dense`, every split marked
//! with no sparse space, which the block kernels give way to when the rule leaves many
//! heaps sparse (weighed at every doubling: .06, .414, 4.026; O(n^2) but a fraction of a
//! nanosecond a split, on two threads past 2^13 heaps). The rule may also count the heap's
//! parity ([`OctalSweep::heap_parity`]), which .106 needs. Memory: two bytes a heap while
//! the values fit in 16 bits, four after (`store`); window mode (`window`) holds only the
//! first and the latest, for bounded memory, and `checkpoint` saves and restores a sweep.
//! Measurements against ogsolve are in `runs/bench/` (`cargo xtask bench --peers`).

use crate::control::Cancel;
use crate::engine::definition::Wide;
use crate::engine::held::Values;
use crate::game::TakeAndBreak;

mod ahead;
#[cfg(target_arch = "x86_64")]
mod avx2;
#[cfg(target_arch = "x86_64")]
mod avx512;
mod block;
mod candidates;
mod checkpoint;
mod dense;
mod error;
mod far;
mod mask;
mod refine;
mod scalar;
mod store;
mod window;

use dense::{dense_from, run_pair, Dense, DENSE_FROM_SCALAR, PAIR_FROM, PAIR_STEP};
pub use error::OctalSweepError;
pub use mask::best_mask;
use mask::{best_rule, flipped};
use scalar::{NextHeap, Scalar, Stop};
use store::Store;
pub use window::{Tally, MIN_WINDOW};
use window::{SCAN_PAST, SPARSE_PAST};

/// Which code computes the values; all give the same values (tested against the definition).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OctalKernel {
    /// One heap at a time, every sparse heap's options looked up one by one: the plain
    /// method, kept as the reference for the others.
    Scalar,
    /// Blocks of heaps, far stage 1 per block and stage 2 in steps (see `block`), compiled for
    /// the baseline target.
    Portable,
    /// The block kernel compiled with AVX2 (x86-64 CPUs that have it).
    Avx2,
    /// The AVX2 block kernel with stage 2 on AVX-512 F and BW (`avx512`): four times the
    /// splits a vector (x86-64 CPUs that have them).
    Avx512,
    /// Every option of every heap marked, with no sparse space (`dense`): faster when the
    /// rule leaves many heaps sparse, as it does for .06. The block kernels turn to it by
    /// themselves then ([`OctalSweep::is_dense`]); this choice forces it.
    Dense,
}

impl OctalKernel {
    /// The fastest kernel this CPU runs: AVX-512 if it has it, else AVX2, else the portable
    /// one.
    pub fn best() -> OctalKernel {
        if OctalKernel::Avx512.is_available() {
            OctalKernel::Avx512
        } else if OctalKernel::Avx2.is_available() {
            OctalKernel::Avx2
        } else {
            OctalKernel::Portable
        }
    }

    /// Whether this CPU can run the kernel.
    pub fn is_available(self) -> bool {
        match self {
            OctalKernel::Scalar | OctalKernel::Portable | OctalKernel::Dense => true,
            OctalKernel::Avx2 => crate::cpu::has_avx2(),
            OctalKernel::Avx512 => crate::cpu::has_avx512(),
        }
    }
}

/// How an octal game is swept: the engine's own settings, which a request carries
/// (`grundy_core::ask::SweepRequest`) and no other engine reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The kernel ([`OctalKernel::best`] when `None`).
    pub kernel: Option<OctalKernel>,
    /// One thread instead of two.
    pub single_thread: bool,
    /// Window mode: keep G(0..window) and about the latest `window` values.
    pub window: Option<usize>,
    /// In window mode, keep the values the window lets go, packed, for the rare scans
    /// past it.
    pub archive: bool,
}

/// G(0..N) of an octal game by the sparse-space method.
pub struct OctalSweep {
    /// The game's code, as given (checkpoints name it).
    code: String,
    digits: Vec<u8>,
    /// Stones taken by the moves that split (bit 4).
    split_takes: Vec<usize>,
    mask: Wide,
    /// Whether the heap's parity is part of the rule ([`OctalSweep::heap_parity`]).
    parity: bool,
    /// The parity of every split's take, if they all have the same one (the heap-parity
    /// rule needs that).
    take_parity: Option<usize>,
    /// G(0..len): two bytes a heap while every value fits (the block kernel reads them so).
    values: Store,
    /// The largest value so far.
    max: Wide,
    sparse: Vec<(usize, Wide)>,
    kernel: OctalKernel,
    /// 1, or 2: the far marks of the next block on a helper thread (long runs only).
    threads: usize,
    block: block::Scratch,
    /// The scalar loop's scratch sets.
    scalar: Scalar,
    /// The share of the latest heaps the rule leaves sparse, in 1/64ths (weighed with the
    /// rule and at every doubling): many, and the dense kernel is faster.
    sparse_share: usize,
    /// The dense kernel's marks.
    dense: Dense,
    /// Window mode ([`OctalSweep::set_window`]): G(0..W) and the latest values are held.
    window: Option<usize>,
    /// In window mode, heaps let go: the values held are G(0..W) then G(W + shift..len).
    shift: usize,
    /// The largest value, where it first came and a checksum, of every value counted.
    tally: Tally,
    /// In window mode, the values let go, packed, if they are kept.
    archive: Option<window::Archive>,
    /// Heaps whose scans read the archive.
    deep_scans: u64,
    /// Checked between steps of at most [`CANCEL_STEP`] heaps (fewer where heaps cost
    /// more): a cancelled sweep stops with every value it holds computed.
    cancel: Cancel,
}

/// The most heaps a kernel runs between two checks of the cancellation token (the block
/// kernels: .6 takes about 0.1 s for 2^16 heaps).
const CANCEL_STEP: usize = 1 << 16;

/// The most splits the dense kernel marks between two checks (about 0.05 s at 0.4 ns a split).
const CANCEL_SPLITS: usize = 1 << 27;

/// Whether `v` is sparse under `mask`.
#[inline]
pub const fn is_sparse(v: Wide, mask: Wide) -> bool {
    (v & mask).count_ones() & 1 == 0
}

impl OctalSweep {
    /// A sweep of `game` (which must be octal: digits below 8, no `!`) with sparse/common mask `mask`.
    pub fn new(game: &TakeAndBreak, mask: Wide) -> Result<OctalSweep, OctalSweepError> {
        if !game.is_octal() {
            return Err(OctalSweepError::NotOctal { code: game.code().to_string() });
        }
        if mask == 0 {
            return Err(OctalSweepError::ZeroMask);
        }
        let digits = game.digits().to_vec();
        let split_takes: Vec<usize> = digits.iter().enumerate().filter(|(_, &d)| d & 4 != 0).map(|(k, _)| k).collect();
        let take_parity = match split_takes.first() {
            Some(&k) if split_takes.iter().all(|&j| (j ^ k) & 1 == 0) => Some(k & 1),
            _ => None,
        };
        Ok(OctalSweep {
            code: game.code().to_string(),
            digits,
            split_takes,
            mask,
            parity: false,
            take_parity,
            values: Store::Narrow(Vec::new()),
            max: 0,
            sparse: Vec::new(),
            kernel: OctalKernel::best(),
            threads: 2,
            block: block::Scratch::default(),
            scalar: Scalar::default(),
            sparse_share: 0,
            dense: Dense::default(),
            window: None,
            shift: 0,
            tally: Tally::default(),
            archive: None,
            deep_scans: 0,
            cancel: Cancel::never(),
        })
    }

    /// A sweep that goes on from stored values G(0..len) under the rule they were computed
    /// with (`mask`, and the heap's parity when `heap_parity`), so that a census can raise
    /// its budget without starting over. The values are trusted: the caller checks them
    /// (the census keeps a checksum); the sweep continues exactly as if it had computed them.
    pub fn from_values(
        game: &TakeAndBreak,
        values: Vec<Wide>,
        mask: Wide,
        heap_parity: bool,
    ) -> Result<OctalSweep, OctalSweepError> {
        let mut s = OctalSweep::new(game, mask)?;
        if heap_parity && s.take_parity.is_none() {
            return Err(OctalSweepError::MixedTakeParity);
        }
        s.parity = heap_parity;
        s.max = values.iter().copied().max().unwrap_or(0);
        s.values = match values.iter().map(|&v| u16::try_from(v).ok()).collect() {
            Some(narrow) => Store::Narrow(narrow),
            None => Store::Wide(values),
        };
        s.set_rule(mask)?;
        s.weigh_sparse(s.len() / 2);
        Ok(s)
    }

    /// Whether the next heaps are computed by the dense kernel (values below 2^15): when it
    /// is chosen, or when a block kernel is and the rule leaves at least 8/64 of the latest
    /// heaps sparse (2/64 once the values are too large for the block kernel and the scalar
    /// loop would run instead; `dense::dense_from`).
    pub fn is_dense(&self) -> bool {
        let chosen = match self.kernel {
            OctalKernel::Dense => true,
            OctalKernel::Portable | OctalKernel::Avx2 | OctalKernel::Avx512 if block::applies(self.max) => {
                self.sparse_share >= dense_from()
            }
            OctalKernel::Portable | OctalKernel::Avx2 | OctalKernel::Avx512 => self.sparse_share >= DENSE_FROM_SCALAR,
            OctalKernel::Scalar => false,
        };
        chosen && Dense::applies(self.max) && self.window.is_none()
    }

    /// Whether the heap's parity is part of the sparse/common rule: then heap n is sparse
    /// when popcount(G(n) & mask) + n + k is even (every split takes k stones of one
    /// parity), not when popcount(G(n) & mask) is. Only [`OctalSweep::auto`] and
    /// [`OctalSweep::refine_mask`] choose it, for codes without a good plain mask (.106).
    pub fn heap_parity(&self) -> bool {
        self.parity
    }

    /// Changes to the heap-parity rule under `mask` (see [`OctalSweep::heap_parity`]),
    /// keeping the values; refused when the splits take stones of both parities.
    pub fn set_mask_with_heap_parity(&mut self, mask: Wide) -> Result<(), OctalSweepError> {
        if self.take_parity.is_none() {
            return Err(OctalSweepError::MixedTakeParity);
        }
        if mask == 0 {
            return Err(OctalSweepError::ZeroMask);
        }
        self.parity = true;
        self.set_rule(mask)
    }

    /// Whether heap `n` with value `v` is sparse under the sweep's rule.
    pub fn is_sparse_heap(&self, n: usize, v: Wide) -> bool {
        is_sparse(v, self.mask) != self.flips(n)
    }

    /// Whether the heap-parity rule flips heap n's class.
    fn flips(&self, n: usize) -> bool {
        self.parity && self.take_parity.is_some_and(|kappa| flipped(n, kappa))
    }

    /// The same sweep under another mask: the values do not depend on the mask, only the
    /// list of sparse heaps does.
    pub fn with_mask(mut self, mask: Wide) -> Result<OctalSweep, OctalSweepError> {
        self.set_mask(mask)?;
        Ok(self)
    }

    /// Changes the mask, keeping the values (the sparse heaps are listed anew); the rule
    /// becomes the plain one (no heap parity).
    pub fn set_mask(&mut self, mask: Wide) -> Result<(), OctalSweepError> {
        self.parity = false;
        self.set_rule(mask)
    }

    fn set_rule(&mut self, mask: Wide) -> Result<(), OctalSweepError> {
        assert_eq!(self.shift, 0, "the rule is fixed once a window has let values go");
        if mask == 0 {
            return Err(OctalSweepError::ZeroMask);
        }
        self.mask = mask;
        let sparse =
            (0..self.values.len()).map(|n| (n, self.values.get(n))).filter(|&(n, v)| self.is_sparse_heap(n, v));
        self.sparse = sparse.collect();
        Ok(())
    }

    /// G(0..n), the values computed so far: narrow while every value fits in 16 bits.
    /// In window mode only until the window first moves.
    pub fn values(&self) -> Values<'_> {
        assert_eq!(self.shift, 0, "in window mode only the first and the latest values are held");
        match &self.values {
            Store::Narrow(g) => Values::Narrow(g),
            Store::Wide(g) => Values::Wide(g),
        }
    }

    /// Heaps known: G(0..len).
    pub fn len(&self) -> usize {
        self.values.len() + self.shift
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n), for n below [`OctalSweep::len`] (in window mode, a value still held).
    pub fn get(&self, n: usize) -> Wide {
        self.held(n).expect("G(n) is held: n < len and, in window mode, not let go")
    }

    /// G(n) when it is held: below [`OctalSweep::len`] and, in window mode, among the first
    /// or the latest values.
    pub fn held(&self, n: usize) -> Option<Wide> {
        if n >= self.len() {
            return None;
        }
        match self.window {
            Some(w) if n >= w && n < w + self.shift => None,
            Some(w) if n >= w => Some(self.values.get(n - self.shift)),
            _ => Some(self.values.get(n)),
        }
    }

    /// Makes room for G(0..end), so that the values do not move while they grow to it.
    pub fn reserve_to(&mut self, end: usize) {
        match &mut self.values {
            Store::Narrow(g) => g.reserve_exact(end.saturating_sub(g.len())),
            Store::Wide(g) => g.reserve_exact(end.saturating_sub(g.len())),
        }
    }

    /// G(0..len) as wide values, copied (in window mode, until the window first moves).
    pub fn to_vec(&self) -> Vec<Wide> {
        assert_eq!(self.shift, 0, "in window mode only the first and the latest values are held");
        self.values.to_wide()
    }

    /// Gives the values away, as wide values (in window mode, until the window first moves).
    pub fn into_values(self) -> Vec<Wide> {
        assert_eq!(self.shift, 0, "in window mode only the first and the latest values are held");
        match self.values {
            Store::Narrow(g) => g.into_iter().map(Wide::from).collect(),
            Store::Wide(g) => g,
        }
    }

    /// The sparse heaps so far, with their values.
    pub fn sparse_heaps(&self) -> &[(usize, Wide)] {
        &self.sparse
    }

    /// The sparse/common mask in use.
    pub fn mask(&self) -> Wide {
        self.mask
    }

    /// Stops the sweep with [`OctalSweepError::Cancelled`] soon after `cancel` is set (it is
    /// checked every 2^16 heaps at most, or every 2^27 splits of the dense kernel); the values
    /// held are then all computed, so a checkpoint resumes.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    /// The kernel in use ([`OctalKernel::best`] unless set).
    pub fn kernel(&self) -> OctalKernel {
        self.kernel
    }

    /// Uses one thread, or two (stage 1's far marks a block ahead on a helper thread, for
    /// runs of at least 2^15 heaps with the block kernel). The values do not depend on it.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, 2);
    }

    /// The number of threads: 1 or 2 (the default).
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Chooses the kernel (the values do not depend on it; tests compare them).
    pub fn set_kernel(&mut self, kernel: OctalKernel) -> Result<(), OctalSweepError> {
        if !kernel.is_available() {
            return Err(OctalSweepError::KernelUnavailable { kernel });
        }
        self.kernel = kernel;
        Ok(())
    }

    /// Computes until G(0..end) are known.
    pub fn run_to(&mut self, end: usize) -> Result<(), OctalSweepError> {
        self.run_to_with(end, |_| {})
    }

    /// Computes until G(0..end) are known, calling `progress` with the number of values
    /// known every 2^16 heaps.
    pub fn run_to_with(&mut self, end: usize, mut progress: impl FnMut(u64)) -> Result<(), OctalSweepError> {
        match self.window {
            None => self.run_held(end, &mut progress),
            Some(_) => self.run_windowed(end, &mut progress),
        }
    }

    /// Computes until the buffer holds `end` values: G(0..end), or in window mode the
    /// first values and the latest up to place `end` (see `window`).
    fn run_held(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), OctalSweepError> {
        self.values.reserve(end.saturating_sub(self.values.len()));
        // The share of sparse heaps changes as the run grows (.04's falls): weighed at every
        // doubling from 2^12 however the run is extended (the rule's refinements stop at 2^16
        // and are skipped by steps that pass a doubling).
        let mut weigh_at = (self.values.len() + 1).next_power_of_two().max(1 << 12);
        while self.values.len() < end {
            self.cancel.check()?;
            let n = self.values.len();
            if n >= weigh_at {
                self.weigh_sparse(n / 2);
                weigh_at = n.next_power_of_two().max(2 * weigh_at);
            }
            if self.is_dense() {
                if let Store::Narrow(g) = &mut self.values {
                    let n = g.len();
                    // Two threads, a heap each, in steps that leave room for progress.
                    let stop = end.min(weigh_at).min(n + PAIR_STEP).min(n + (CANCEL_SPLITS / n.max(1)).max(2));
                    let may_pair = self.threads == 2 && n >= PAIR_FROM && stop - n >= 2;
                    let done = if may_pair {
                        // Timed by the front end's clock, to choose between the pair and
                        // one thread by measure; without a clock, always the pair.
                        let pair = self.dense.threads.pair();
                        let began = crate::control::seconds();
                        let done = if pair {
                            run_pair(&self.digits, &self.split_takes, g, stop)
                        } else {
                            self.dense.run_step(&self.digits, &self.split_takes, g, self.max, stop)
                        };
                        if let (Some(began), Some(now)) = (began, crate::control::seconds()) {
                            // Heap m has about m / 2 splits.
                            let splits = done as f64 * (n as f64 + done as f64 / 2.0) / 2.0;
                            self.dense.threads.timed(pair, splits, now - began);
                        }
                        done
                    } else {
                        let v = self.dense.next(&self.digits, &self.split_takes, g, self.max);
                        g.push(v);
                        1
                    };
                    for (m, &v) in g.iter().enumerate().skip(n) {
                        let v = Wide::from(v);
                        let flip = self.parity && self.take_parity.is_some_and(|kappa| flipped(m, kappa));
                        if is_sparse(v, self.mask) != flip {
                            self.sparse.push((m, v));
                        }
                        self.max = self.max.max(v);
                    }
                    if (n + done) >> 16 != n >> 16 {
                        progress((n + done) as u64);
                    }
                    if done > 0 {
                        continue;
                    }
                }
            }
            if self.kernel != OctalKernel::Scalar && self.kernel != OctalKernel::Dense && block::applies(self.max) {
                let reach = self.reach();
                if let Store::Narrow(narrow) = &mut self.values {
                    // Back here at the next doubling, to weigh the sparse heaps again, and
                    // to check the cancellation token.
                    let stop = end.min(weigh_at).min(narrow.len() + CANCEL_STEP);
                    let moves = block::Moves { digits: &self.digits, split_takes: &self.split_takes, reach };
                    let mut s = block::Sweep {
                        narrow,
                        sparse: &mut self.sparse,
                        max: &mut self.max,
                        mask: self.mask,
                        flip: if self.parity { self.take_parity } else { None },
                        avx512: self.kernel == OctalKernel::Avx512,
                    };
                    // The helper pays only when it has many far marks to make: sparse heaps
                    // at least two blocks long (.1777 has none past heap 123; its sweep ran
                    // 12 % slower with a helper than without), and many of them.
                    let far = 2 * block::block_len(*s.max);
                    let far_sparse = s.sparse.len() - s.sparse.partition_point(|&(r, _)| r < far);
                    let long = stop - s.narrow.len() >= ahead::MIN_HEAPS && far_sparse >= ahead::MIN_FAR_SPARSE;
                    let done = match self.kernel {
                        _ if self.threads == 2 && long => {
                            ahead::run(self.kernel, &moves, &mut s, &mut self.block, stop, progress)
                        }
                        #[cfg(target_arch = "x86_64")]
                        // SAFETY: the kernel is Avx2 or Avx512 only if `OctalKernel::is_available`
                        // said so (checked by `set_kernel` and `OctalKernel::best`), and a CPU
                        // with AVX-512 has AVX2 (`cpu::has_avx512`).
                        OctalKernel::Avx2 | OctalKernel::Avx512 => unsafe {
                            block::run_block_avx2(&moves, &mut s, &mut self.block, stop, progress)
                        },
                        _ => block::run_block_portable(&moves, &mut s, &mut self.block, stop, progress),
                    };
                    if let (Some(w), Some(&(r, _))) = (self.window, self.sparse.last()) {
                        if r >= w {
                            return Err(self.too_small(r, SPARSE_PAST));
                        }
                    }
                    if done > 0 {
                        continue;
                    }
                }
            }
            let n = self.values.len();
            let heap = NextHeap {
                digits: &self.digits,
                split_takes: &self.split_takes,
                sparse: &self.sparse,
                mask: self.mask,
                flip: self.flips(n),
                reach: self.reach(),
            };
            let v = match &self.values {
                Store::Narrow(g) => self.scalar.next(&heap, g),
                Store::Wide(g) => self.scalar.next(&heap, g),
            };
            let v = match v {
                Err(Stop::Reach) => self.deep(n, self.flips(n)),
                v => v,
            };
            let v = v.map_err(|stop| match stop {
                Stop::TooLarge => OctalSweepError::TooLarge { heap: (n + self.shift) as u64 },
                Stop::Reach => self.too_small(n, SCAN_PAST),
            })?;
            if self.is_sparse_heap(n, v) {
                if self.window.is_some_and(|w| n >= w) {
                    return Err(self.too_small(n, SPARSE_PAST));
                }
                self.sparse.push((n, v));
            }
            self.values.push(v);
            self.max = self.max.max(v);
            if n & 0xffff == 0xffff {
                progress(n as u64 + 1);
            }
        }
        progress(self.values.len() as u64);
        Ok(())
    }
}

#[cfg(test)]
mod tests;
