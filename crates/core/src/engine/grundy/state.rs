//! The state both Grundy's-game sweeps share: the values, the sparse heaps stage 1 needs and
//! the statistics, with the one `push` that records a heap and the checkpoint round trip.
//! [`crate::engine::grundy::sweep::SparseSweep`] and [`crate::engine::grundy::fast::FastSweep`] differ only in
//! how they compute a heap's [`HeapResult`]; what they keep of it is written here once.

use crate::engine::grundy::checkpoint::{self, Checkpoint, CheckpointError, Window, WindowView};
use crate::engine::grundy::stats::SweepStats;
use crate::Value;

pub use crate::engine::grundy::stats::HeapResult;

/// Values, sparse heaps and statistics of a sweep. `values` holds G(base..heaps), where
/// `heaps = stats.heaps` and `base` is 0 except in the window mode of `FastSweep`, which
/// drops old values from the front itself.
#[derive(Clone, Debug)]
pub(crate) struct SweepState {
    pub(crate) values: Vec<Value>,
    /// Sparse heaps with their values, in increasing order, for stage 1.
    pub(crate) sparse: Vec<(usize, Value)>,
    pub(crate) stats: SweepStats,
}

impl SweepState {
    /// An empty sweep with scan averages per `1 << interval_log2` heaps.
    pub(crate) fn new(interval_log2: u32) -> SweepState {
        SweepState { values: Vec::new(), sparse: Vec::new(), stats: SweepStats::new(interval_log2) }
    }

    /// Number of heaps done.
    #[inline(always)]
    pub(crate) fn heaps(&self) -> usize {
        self.stats.heaps as usize
    }

    /// Records the next heap: its value, and its statistics. Inlined into the sweeps' loops.
    #[inline(always)]
    pub(crate) fn push(&mut self, result: HeapResult) {
        if let HeapResult::Sparse { value } = result {
            self.sparse.push((self.heaps(), value));
        }
        self.values.push(result.value());
        self.stats.push(result);
    }

    /// The whole state as checkpoint bytes; only for a full sweep (base 0).
    pub(crate) fn checkpoint(&self, algorithm: &str) -> Vec<u8> {
        checkpoint::encode(algorithm, &self.values, &self.stats)
    }

    /// The checkpoint bytes piece by piece, without a second copy of the values: of a full
    /// sweep when `window` is `None`, else of window mode, whose first values and base are
    /// given (`self.values` then holds the latest values).
    pub(crate) fn checkpoint_with(
        &self,
        algorithm: &str,
        window: Option<(u64, &[Value], u64)>,
        sink: impl FnMut(&[u8]),
    ) {
        match window {
            None => checkpoint::encode_with(algorithm, &self.values, &self.stats, sink),
            Some((size, first, base)) => {
                let view = WindowView { size, first, base, latest: &self.values };
                checkpoint::encode_window_with(algorithm, view, &self.stats, sink)
            }
        }
    }

    /// The state saved by [`SweepState::checkpoint`] under `algorithm`; a checkpoint of
    /// window mode is refused, since it does not hold every value.
    pub(crate) fn restore(bytes: &[u8], algorithm: &str) -> Result<SweepState, CheckpointError> {
        let (state, _) = SweepState::from_checkpoint(Checkpoint::decode_for_window(bytes, algorithm, None)?);
        Ok(state)
    }

    /// The state of a decoded checkpoint, and window mode's own part of it.
    pub(crate) fn from_checkpoint(cp: Checkpoint) -> (SweepState, Option<Window>) {
        let Checkpoint { values, window, stats, .. } = cp;
        let sparse = stats.sparse_heaps.iter().map(|h| (h.heap as usize, h.value)).collect();
        (SweepState { values, sparse, stats }, window)
    }
}
