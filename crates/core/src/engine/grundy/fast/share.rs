//! Stage 1 of the blocks ahead, shared by both threads in chunks of [`CHUNK`] heaps.
//!
//! The main thread releases each block's far marks [`AHEAD`] blocks before it needs them;
//! the helper thread claims the released chunks in order and marks them. When the main
//! thread reaches a block whose marks are not all made, it claims and marks chunks itself
//! instead of waiting. With whole blocks handed to the helper, the main thread of a Zen 3
//! EPYC waited for the helper 58 % of its time (perf: stage 1's scattered byte stores take
//! it twice as long there as on the AVX-512 machines); shared, neither thread waits for
//! more than the chunk the other is on. With one thread the main thread claims every chunk.

use std::cell::UnsafeCell;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use super::stage1::{mark_chunk, FinalValues};
use super::{GrundyKernel, AHEAD, BLOCK, ROW};
use crate::Value;

/// Heaps a chunk: the unit of stage-1 work either thread claims. A sweep to 2^22 on the
/// Zen 3, three rounds alternating: 3.67-4.05 s with 32, 3.95-4.86 s with 16, 4.55-6.06 s
/// with 8.
const CHUNK: usize = 32;
const CHUNKS: usize = BLOCK / CHUNK;
const _: () = assert!(BLOCK.is_multiple_of(CHUNK));
/// Blocks in flight: the one the main thread is on and the [`AHEAD`] after it.
const SLOTS: usize = AHEAD + 1;
/// Spins before the helper, finding nothing to claim, parks (about a block's work): the
/// threads meet every few microseconds, so a futex wake-up each time would cost more
/// than the spinning; parked, it gives its core to other work on a busy machine.
const SPINS: u32 = 1 << 12;

/// What a block's far marks are made from, fixed when the main thread releases it.
pub(super) struct FarJob {
    pub(super) start: usize,
    pub(super) stop: usize,
    /// The far sparse heaps (r >= NEAR) known at the release, all below `start`.
    pub(super) far: Arc<[(usize, Value)]>,
    /// How many sparse heaps were known then: later ones are done per heap.
    pub(super) known: usize,
    /// G(base..) up to the block's parts, final at the release.
    pub(super) values: FinalValues,
}

struct Slot {
    /// Written by the main thread only while no chunk of the slot is claimable (see
    /// [`FarQueue::release`]); read by the thread that claims a chunk.
    job: UnsafeCell<Option<FarJob>>,
    /// [`ROW`] marks a heap; chunk k writes heaps k * CHUNK.. of the block.
    rows: Box<[UnsafeCell<u8>]>,
    /// Chunks of the slot's block marked.
    done: AtomicUsize,
}

/// The blocks in flight and who marks which chunk of them.
pub(super) struct FarQueue {
    kernel: GrundyKernel,
    slots: [Slot; SLOTS],
    /// Chunks released: those of blocks 0..released / CHUNKS (numbered from the queue's
    /// first block).
    released: AtomicUsize,
    /// Chunks claimed, in order: chunk i belongs to block i / CHUNKS.
    claimed: AtomicUsize,
    /// Blocks whose marks the main thread has read and let go: their slots are free.
    consumed: AtomicUsize,
    stopped: AtomicBool,
    /// Set when the helper thread has ended, even by a panic: its claimed chunk is lost.
    helper_gone: AtomicBool,
    /// Set by the helper about to park, so that `release` and `stop` unpark it.
    sleeping: AtomicBool,
    helper: OnceLock<std::thread::Thread>,
}

// SAFETY: the cells are shared under the protocol written at each access: a slot's job is
// written only by the main thread before its chunks are released (a SeqCst increment of
// `released` that claims read with Acquire) and only after the block in it was consumed;
// each chunk's rows are written only by the one thread that claimed it, and read only by
// the main thread after `done` counts every chunk (Release increments, Acquire load).
unsafe impl Sync for FarQueue {}

/// A block's far marks, made; dropping it frees the block's slot for a later block.
pub(super) struct FarBlock<'a> {
    queue: &'a FarQueue,
    pub(super) start: usize,
    pub(super) stop: usize,
    pub(super) known: usize,
    /// [`ROW`] marks a heap of the block.
    pub(super) rows: &'a [u8],
}

impl Drop for FarBlock<'_> {
    fn drop(&mut self) {
        self.queue.consumed.fetch_add(1, Ordering::SeqCst);
    }
}

impl FarQueue {
    pub(super) fn new(kernel: GrundyKernel) -> FarQueue {
        let slot = || Slot {
            job: UnsafeCell::new(None),
            rows: (0..BLOCK * ROW).map(|_| UnsafeCell::new(0)).collect(),
            done: AtomicUsize::new(0),
        };
        FarQueue {
            kernel,
            slots: std::array::from_fn(|_| slot()),
            released: AtomicUsize::new(0),
            claimed: AtomicUsize::new(0),
            consumed: AtomicUsize::new(0),
            stopped: AtomicBool::new(false),
            helper_gone: AtomicBool::new(false),
            sleeping: AtomicBool::new(false),
            helper: OnceLock::new(),
        }
    }

    /// Blocks released so far: the next one released is this one.
    pub(super) fn released_blocks(&self) -> usize {
        self.released.load(Ordering::SeqCst) / CHUNKS
    }

    /// Releases the next block's work (main thread only). Its slot must be free: at most
    /// [`SLOTS`] blocks are released and not consumed, which `FarBlock` guards enforce.
    pub(super) fn release(&self, job: FarJob) {
        let block = self.released_blocks();
        assert!(block < self.consumed.load(Ordering::SeqCst) + SLOTS, "stage-1 slot still in use");
        let slot = &self.slots[block % SLOTS];
        // SAFETY: the slot's previous block is consumed, so every chunk of it was marked
        // (the main thread waited for `done` before it consumed it) and no thread reads the
        // job; the chunks of this block are not claimable before the increment below.
        unsafe { *slot.job.get() = Some(job) };
        slot.done.store(0, Ordering::SeqCst);
        self.released.fetch_add(CHUNKS, Ordering::SeqCst);
        if self.sleeping.load(Ordering::SeqCst) {
            if let Some(helper) = self.helper.get() {
                helper.unpark();
            }
        }
    }

    /// The next released chunk nobody has claimed, now claimed by the caller.
    fn claim(&self) -> Option<usize> {
        let mut chunk = self.claimed.load(Ordering::SeqCst);
        loop {
            if chunk >= self.released.load(Ordering::SeqCst) {
                return None;
            }
            match self.claimed.compare_exchange_weak(chunk, chunk + 1, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return Some(chunk),
                Err(now) => chunk = now,
            }
        }
    }

    /// Marks a claimed chunk.
    fn mark(&self, chunk: usize) {
        let slot = &self.slots[(chunk / CHUNKS) % SLOTS];
        // SAFETY: the chunk was released, so the job is written, and it stays until the
        // block is consumed, which waits for this chunk's `done`.
        let job = unsafe { (*slot.job.get()).as_ref().expect("a released block has its job") };
        let from = job.start + (chunk % CHUNKS) * CHUNK;
        let to = job.stop.min(from + CHUNK);
        if from < to {
            let rows = &slot.rows[(from - job.start) * ROW..][..CHUNK * ROW];
            // SAFETY: only the thread that claimed this chunk touches these rows until
            // `done` counts it; `UnsafeCell<u8>` has the layout of `u8`.
            let rows = unsafe { std::slice::from_raw_parts_mut(UnsafeCell::raw_get(rows.as_ptr()), rows.len()) };
            mark_chunk(self.kernel, rows, &job.far, from, to, job.values);
        }
        slot.done.fetch_add(1, Ordering::SeqCst);
    }

    /// The next block's far marks (main thread only), marking chunks while they are not
    /// all made: its own first, then those of the blocks after it.
    pub(super) fn wait(&self) -> FarBlock<'_> {
        let block = self.consumed.load(Ordering::SeqCst);
        assert!(block < self.released_blocks(), "waiting for a block not released");
        let slot = &self.slots[block % SLOTS];
        let mut spins = 0u32;
        while slot.done.load(Ordering::SeqCst) < CHUNKS {
            if let Some(chunk) = self.claim() {
                self.mark(chunk);
                continue;
            }
            if self.helper_gone.load(Ordering::SeqCst) && slot.done.load(Ordering::SeqCst) < CHUNKS {
                panic!("the helper thread of the sweep stopped unexpectedly");
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
            } else {
                // A busy machine: let the helper, which holds the chunk, have the core.
                std::thread::yield_now();
            }
        }
        // SAFETY: every chunk is marked (`done`, SeqCst) and nothing writes the slot
        // until this block is consumed, when the guard is dropped.
        let job = unsafe { (*slot.job.get()).as_ref().expect("a released block has its job") };
        let rows = &slot.rows[..(job.stop - job.start) * ROW];
        // SAFETY: as above; `UnsafeCell<u8>` has the layout of `u8`.
        let rows = unsafe { std::slice::from_raw_parts(UnsafeCell::raw_get(rows.as_ptr()).cast_const(), rows.len()) };
        FarBlock { queue: self, start: job.start, stop: job.stop, known: job.known, rows }
    }

    /// The helper thread's loop: mark released chunks until [`FarQueue::stop`].
    pub(super) fn help(&self) {
        struct Gone<'a>(&'a FarQueue);
        impl Drop for Gone<'_> {
            fn drop(&mut self) {
                self.0.helper_gone.store(true, Ordering::SeqCst);
            }
        }
        let _gone = Gone(self);
        let _ = self.helper.set(std::thread::current());
        let mut spins = 0u32;
        loop {
            if let Some(chunk) = self.claim() {
                self.mark(chunk);
                spins = 0;
                continue;
            }
            if self.stopped.load(Ordering::SeqCst) {
                return;
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
                continue;
            }
            // Set before the last look, so that a release after it sees the flag and
            // unparks (and an unpark before the park makes the park return at once).
            self.sleeping.store(true, Ordering::SeqCst);
            let idle = self.claimed.load(Ordering::SeqCst) >= self.released.load(Ordering::SeqCst);
            if idle && !self.stopped.load(Ordering::SeqCst) {
                // The timeout only bounds the wait should a wake-up be lost; it is not needed.
                std::thread::park_timeout(core::time::Duration::from_millis(10));
            }
            self.sleeping.store(false, Ordering::SeqCst);
            spins = 0;
        }
    }

    /// Tells the helper to end once nothing it has claimed is left.
    pub(super) fn stop(&self) {
        self.stopped.store(true, Ordering::SeqCst);
        if let Some(helper) = self.helper.get() {
            helper.unpark();
        }
    }
}

/// Stops the queue's helper when dropped, whatever way the main loop ends.
pub(super) struct StopOnDrop<'a>(pub(super) &'a FarQueue);

impl Drop for StopOnDrop<'_> {
    fn drop(&mut self) {
        self.0.stop();
    }
}
