//! Stage 1's far marks made a block ahead on a helper thread, as the Grundy's-game sweep
//! does: while the main thread computes block j heap by heap, the helper makes the rows of
//! block j + 1. Sparse heaps r >= 2 * len are far then (the parts n - r of block j + 1 lie
//! below block j, so they are final before block j starts); the others, and those found
//! since the rows were made, are done per heap on the main thread.
//!
//! The helper keeps its own copy of the u16 values (sent a block at a time over a channel)
//! instead of reading the main thread's while it grows, so no unsafe sharing is needed;
//! the row buffers go back and forth, so nothing is allocated per block.

use std::sync::mpsc;

use super::block::{block_len, far_rows, FarRows, Moves, Scratch, Sweep};
use super::{OctalKernel, Wide};

/// Runs below this many heaps are not worth a thread.
pub(super) const MIN_HEAPS: usize = 1 << 15;

/// What the main thread sends after a block: its values, the sparse heaps found in it, and
/// the rows it used (for reuse).
struct Done {
    values: Vec<u16>,
    sparse: Vec<(usize, Wide)>,
    spare: FarRows,
}

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
    let start = s.values.len();
    let len = block_len(*s.max);
    let (done_tx, done_rx) = mpsc::channel::<Done>();
    let (rows_tx, rows_rx) = mpsc::channel::<FarRows>();
    let helper = Helper {
        kernel,
        g: s.narrow.clone(),
        sparse: s.sparse.clone(),
        max: *s.max,
        len,
        stop,
        next: start,
        spare: Vec::new(),
    };
    std::thread::scope(|scope| {
        scope.spawn(move || helper.run(moves, done_rx, rows_tx));
        let mut total = 0;
        // The helper stops sending after the last block, and ends when `done_tx` is dropped.
        while let Ok(far) = rows_rx.recv() {
            let (block_start, sparse_before) = (s.values.len(), s.sparse.len());
            let done = match kernel {
                #[cfg(target_arch = "x86_64")]
                // SAFETY: the kernel is Avx2 only when the CPU has it (OctalKernel::is_available).
                OctalKernel::Avx2 => unsafe { super::block::run_heaps_avx2(moves, s, scratch, &far, progress) },
                _ => super::block::run_heaps_portable(moves, s, scratch, &far, progress),
            };
            total += done;
            if done < far.len || s.values.len() >= stop {
                break;
            }
            let block = Done {
                values: s.narrow[block_start..].to_vec(),
                sparse: s.sparse[sparse_before..].to_vec(),
                spare: far,
            };
            if done_tx.send(block).is_err() {
                break;
            }
        }
        drop(done_tx);
        total
    })
}

/// The helper thread's state: its copy of the values and sparse heaps.
struct Helper {
    kernel: OctalKernel,
    g: Vec<u16>,
    sparse: Vec<(usize, Wide)>,
    max: Wide,
    len: usize,
    stop: usize,
    /// The first heap of the next block to make rows for.
    next: usize,
    spare: Vec<FarRows>,
}

impl Helper {
    fn run(mut self, moves: &Moves, done: mpsc::Receiver<Done>, rows: mpsc::Sender<FarRows>) {
        // The rows of the first two blocks need only the values known at the start.
        for _ in 0..2 {
            if self.next < self.stop && rows.send(self.make(moves)).is_err() {
                return;
            }
        }
        // After block j - 2 is done, the rows of block j can be made.
        while self.next < self.stop {
            let Ok(block) = done.recv() else { return };
            self.max = block.values.iter().fold(self.max, |m, &v| m.max(v as Wide));
            self.g.extend_from_slice(&block.values);
            self.sparse.extend_from_slice(&block.sparse);
            self.spare.push(block.spare);
            if rows.send(self.make(moves)).is_err() {
                return;
            }
        }
    }

    fn make(&mut self, moves: &Moves) -> FarRows {
        let mut far = self.spare.pop().unwrap_or_default();
        let (start, len) = (self.next, self.len.min(self.stop - self.next));
        let near_below = 2 * self.len;
        match self.kernel {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: the kernel is Avx2 only when the CPU has it (OctalKernel::is_available).
            OctalKernel::Avx2 => unsafe {
                super::block::far_rows_avx2(moves, &self.g, &self.sparse, self.max, start, len, near_below, &mut far)
            },
            _ => far_rows(moves, &self.g, &self.sparse, self.max, start, len, near_below, &mut far),
        }
        self.next += len;
        far
    }
}
