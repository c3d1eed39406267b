//! Stage 1's far marks made a block ahead on a helper thread, as the Grundy's-game sweep
//! does: while the main thread computes block j heap by heap, the helper makes the rows of
//! block j + 1. Sparse heaps r >= 2 * len are far then (the parts n - r of block j + 1 lie
//! below block j, so they are final before block j starts); the others, and those found
//! since the rows were made, are done per heap on the main thread.
//!
//! When the far marks are most of the work (.14, with thousands of sparse heaps), the
//! helper alone is the bottleneck: the main thread then makes the marks of the last of the
//! far sparse heaps itself, a share it adjusts after every block by whether it had to wait
//! for the rows (then a larger share; else a smaller one).
//!
//! The helper reads the main thread's values in place, not a copy (which cost two more
//! bytes a heap): room for every value up to the end of the run is reserved first, so the
//! values never move, and the helper reads only the heaps the main thread has told it are
//! done (over a channel, which orders the writes before the reads), while the main thread
//! writes only heaps after them. The row buffers go back and forth, so nothing is allocated
//! per block.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, TryRecvError};

use super::block::{block_len, row_width, Moves, Scratch, Sweep};
use super::far::{far_rows, finish_rows, share, FarRows};
use super::{OctalKernel, Wide};

/// Runs below this many heaps are not worth a thread.
pub(super) const MIN_HEAPS: usize = 1 << 15;
/// Far sparse heaps from which the helper pays: with fewer, a block's far marks take less
/// time than handing the block over (measured to 2^21 with one thread and two: .167, 60
/// sparse heaps, 0.42-0.57 s against 0.60-1.01 s; .354, 132, 0.84 s against 1.46 s; .64,
/// 488, 2.32 s against 2.20 s; .36, 516, 1.37 s against 1.19 s; .14, 8009, 9.6 s
/// against 5.6 s).
pub(super) const MIN_FAR_SPARSE: usize = 256;
/// The main thread's share of the far marks at most, in 64ths (it has stage 2 as well).
const MAX_SHARE: usize = 48;

/// What the main thread sends after a block: where it ended, the largest value so far, the
/// sparse heaps found in it, and the rows it used (for reuse).
struct Done {
    end: usize,
    max: Wide,
    sparse: Vec<(usize, Wide)>,
    spare: FarRows,
}

/// The main thread's values, for the helper to read below the heaps it was told are done.
struct Shared(*const u16);

// SAFETY: the helper only reads through the pointer, and only heaps the main thread has
// finished writing and announced over a channel; the buffer does not move or go away while
// the helper runs (room is reserved before, and the helper ends inside the scope).
unsafe impl Send for Shared {}

/// Computes heaps up to `stop` with the far marks made on a helper thread; returns how many
/// heaps were done (fewer when a value grew too large for the block kernel).
pub(super) fn run(
    kernel: OctalKernel,
    moves: &Moves,
    s: &mut Sweep,
    scratch: &mut Scratch,
    stop: usize,
    progress: &mut dyn FnMut(u64),
) -> usize {
    let start = s.narrow.len();
    let len = block_len(*s.max);
    // Every push up to `stop` fits: the values stay where the helper reads them.
    s.narrow.reserve(stop - start);
    assert!(s.narrow.capacity() >= stop, "room for every value of the run");
    // The main thread's share of the far marks, in 64ths.
    let main_share = AtomicUsize::new(0);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let (rows_tx, rows_rx) = mpsc::channel::<FarRows>();
    let helper = Helper {
        kernel,
        g: Shared(s.narrow.as_ptr()),
        known: start,
        sparse: s.sparse.clone(),
        max: *s.max,
        len,
        stop,
        next: start,
        spare: Vec::new(),
    };
    std::thread::scope(|scope| {
        let shared = &main_share;
        scope.spawn(move || helper.run(moves, shared, done_rx, rows_tx));
        let mut total = 0;
        // The helper stops sending after the last block, and ends when `done_tx` is dropped.
        loop {
            let now = main_share.load(Ordering::Relaxed);
            let mut far = match rows_rx.try_recv() {
                Ok(far) => {
                    // The rows were ready: the helper has time to spare.
                    main_share.store(now.saturating_sub(1), Ordering::Relaxed);
                    far
                }
                Err(TryRecvError::Empty) => {
                    // The main thread waits: the helper is behind.
                    main_share.store((now + 1).min(MAX_SHARE), Ordering::Relaxed);
                    let Ok(far) = rows_rx.recv() else { break };
                    far
                }
                Err(TryRecvError::Disconnected) => break,
            };
            match kernel {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the kernel is Avx2 or Avx512 only when the CPU has AVX2
                // (OctalKernel::is_available; AVX-512 comes with it).
                OctalKernel::Avx2 | OctalKernel::Avx512 => unsafe {
                    super::far::finish_rows_avx2(moves.split_takes, s.narrow, s.sparse, &mut far)
                },
                _ => finish_rows(moves.split_takes, s.narrow, s.sparse, &mut far),
            }
            let (block_start, sparse_before) = (s.narrow.len(), s.sparse.len());
            let done = match kernel {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the kernel is Avx2 or Avx512 only when the CPU has AVX2
                // (OctalKernel::is_available; AVX-512 comes with it).
                OctalKernel::Avx2 | OctalKernel::Avx512 => unsafe {
                    super::block::run_heaps_avx2(moves, s, scratch, &mut far, progress)
                },
                _ => super::block::run_heaps_portable(moves, s, scratch, &mut far, progress),
            };
            total += done;
            if done < far.len || s.narrow.len() >= stop {
                break;
            }
            debug_assert!(block_start < s.narrow.len());
            let block =
                Done { end: s.narrow.len(), max: *s.max, sparse: s.sparse[sparse_before..].to_vec(), spare: far };
            if done_tx.send(block).is_err() {
                break;
            }
        }
        drop(done_tx);
        total
    })
}

/// The helper thread's state: the values it may read, and its copy of the sparse heaps.
struct Helper {
    kernel: OctalKernel,
    g: Shared,
    /// Heaps the main thread has finished: G(0..known) may be read.
    known: usize,
    sparse: Vec<(usize, Wide)>,
    max: Wide,
    len: usize,
    stop: usize,
    /// The first heap of the next block to make rows for.
    next: usize,
    spare: Vec<FarRows>,
}

impl Helper {
    fn run(mut self, moves: &Moves, main_share: &AtomicUsize, done: mpsc::Receiver<Done>, rows: mpsc::Sender<FarRows>) {
        // The rows of the first two blocks need only the values known at the start.
        for _ in 0..2 {
            if self.next < self.stop && rows.send(self.make(moves, 0)).is_err() {
                return;
            }
        }
        // After block j - 2 is done, the rows of block j can be made.
        while self.next < self.stop {
            let Ok(block) = done.recv() else { return };
            self.max = block.max;
            self.known = block.end;
            self.sparse.extend_from_slice(&block.sparse);
            self.spare.push(block.spare);
            if rows.send(self.make(moves, main_share.load(Ordering::Relaxed))).is_err() {
                return;
            }
        }
    }

    /// The rows of the next block, leaving `main_share` 64ths of the far sparse heaps to
    /// the main thread.
    fn make(&mut self, moves: &Moves, main_share: usize) -> FarRows {
        let mut far = self.spare.pop().unwrap_or_default();
        let (start, len) = (self.next, self.len.min(self.stop - self.next));
        let near_below = 2 * self.len;
        // SAFETY: G(0..known) are written and announced (see `Shared`), and the buffer holds
        // at least `known` values that stay in place while the helper runs.
        let g = unsafe { std::slice::from_raw_parts(self.g.0, self.known) };
        let far_heaps = self.sparse.len() - self.sparse.partition_point(|&(r, _)| r < near_below);
        let left = share(far_heaps, main_share);
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the kernel is Avx2 or Avx512 only when the CPU has AVX2
            // (OctalKernel::is_available; AVX-512 comes with it).
            OctalKernel::Avx2 | OctalKernel::Avx512 => unsafe {
                super::far::far_rows_avx2(
                    moves.split_takes,
                    g,
                    &self.sparse,
                    row_width(self.max),
                    start,
                    len,
                    near_below,
                    left,
                    &mut far,
                )
            },
            _ => far_rows(
                moves.split_takes,
                g,
                &self.sparse,
                row_width(self.max),
                start,
                len,
                near_below,
                left,
                &mut far,
            ),
        }
        self.next += len;
        far
    }
}
