//! The sparse-space sweep of Grundy's game: G(0..N) in order, with full statistics.
//!
//! For heap n, every option is G(a) ^ G(n - a). By the class rules ([`crate::engine::grundy::class`]) a
//! common option needs exactly one sparse part, and sparse heaps are rare (1287 below
//! 2^26), so:
//! 1. Stage 1 marks G(r) ^ G(n - r) over the known sparse heaps r and takes the smallest
//!    common value c that is not marked: G(n) is c or a sparse value below c.
//! 2. Stage 2 scans the splits a = 1, 2, ... and stops as soon as every sparse value
//!    below c has been seen (then G(n) = c). If the splits run out first, G(n) is the
//!    smallest sparse value not seen and n is a new sparse heap.
//!
//! This is the plain implementation, written to be read; it is the second reference
//! (after [`crate::engine::grundy::naive`]) for faster sweeps.

use thiserror::Error;

use crate::engine::grundy::checkpoint::CheckpointError;
use crate::engine::grundy::class::{is_common, smallest_unmarked, ValueSet};
pub use crate::engine::grundy::state::HeapResult;
use crate::engine::grundy::state::SweepState;
use crate::engine::grundy::stats::{SweepStats, DEFAULT_INTERVAL_LOG2};
use crate::Value;

/// Why a sweep cannot go on.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum SweepError {
    /// Every common value below [`ValueSet::CAPACITY`] is taken by an option, so the heap's
    /// value would not fit a value set (every value of Grundy's game known is below 311, so
    /// this means a bug or a range far beyond any known one).
    #[error("heap {heap} would get a value of at least {capacity}, beyond the value-set capacity ValueSet::CAPACITY")]
    ValueSetFull {
        /// The heap.
        heap: u64,
        /// [`ValueSet::CAPACITY`].
        capacity: usize,
    },
    /// Window mode: a scan or a sparse heap reaches further back than the values held.
    #[error("heap {heap} needs values outside the window of recent values held; use a larger window")]
    WindowTooSmall {
        /// The heap.
        heap: u64,
    },
    /// The value table would not fit in this machine's address space.
    #[error("{heaps} heaps do not fit in memory on this platform")]
    TooManyHeaps {
        /// The heaps asked for.
        heaps: u64,
    },
    /// The sweep's cancellation token was set ([`crate::control::Cancel`]).
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
}

/// Stage 1: the smallest common value not among G(r) ^ G(n - r) over the sparse heaps r.
/// `sparse` lists the sparse heaps below n with their values, in increasing order.
pub fn common_candidate(values: &[Value], sparse: &[(usize, Value)], n: usize) -> Option<Value> {
    let mut marked = ValueSet::EMPTY;
    for &(r, g) in sparse {
        if r >= n {
            break;
        }
        if r == 0 || 2 * r == n {
            continue;
        }
        let x = g ^ values[n - r];
        if is_common(x) {
            marked.insert(x);
        }
    }
    smallest_unmarked(&ValueSet::COMMON, &marked)
}

/// Stage 2 for heap n with common candidate c: scan splits until every sparse value
/// below c has been seen.
pub fn scan_splits(values: &[Value], n: usize, c: Value) -> HeapResult {
    let need = ValueSet::SPARSE.and(&ValueSet::below(c as usize));
    let mut missing = need.len();
    let mut seen = ValueSet::EMPTY;
    if missing == 0 {
        return HeapResult::Common { value: c, scan_length: 0 };
    }
    let mut a = 1;
    while 2 * a < n {
        let x = values[a] ^ values[n - a];
        if need.contains(x) && !seen.contains(x) {
            seen.insert(x);
            missing -= 1;
            if missing == 0 {
                return HeapResult::Common { value: c, scan_length: a as u64 };
            }
        }
        a += 1;
    }
    let value = need.and_not(&seen).min().expect("a missing sparse value exists when the scan ran out");
    HeapResult::Sparse { value }
}

/// G(0..N) of Grundy's game by the sparse-space method; see the module documentation.
#[derive(Clone, Debug)]
pub struct SparseSweep {
    state: SweepState,
}

impl Default for SparseSweep {
    fn default() -> Self {
        SparseSweep::new()
    }
}

impl SparseSweep {
    /// The name written into checkpoints, so that a checkpoint is resumed only by the
    /// algorithm that wrote it.
    pub const ALGORITHM: &'static str = "sparse-sweep/1";

    /// An empty sweep with scan averages per 2^21 heaps.
    pub fn new() -> SparseSweep {
        SparseSweep::with_interval_log2(DEFAULT_INTERVAL_LOG2)
    }

    /// An empty sweep with scan averages per `1 << interval_log2` heaps.
    pub fn with_interval_log2(interval_log2: u32) -> SparseSweep {
        SparseSweep { state: SweepState::new(interval_log2) }
    }

    /// Number of heaps done: G(0..len) are known.
    pub fn len(&self) -> u64 {
        self.state.stats.heaps
    }

    /// Whether no heap has been computed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(0..len).
    pub fn values(&self) -> &[Value] {
        &self.state.values
    }

    /// The statistics so far.
    pub fn stats(&self) -> &SweepStats {
        &self.state.stats
    }

    /// Computes the next heap.
    pub fn step(&mut self) -> Result<Value, SweepError> {
        let n = self.state.heaps();
        let result = if n < 3 {
            HeapResult::Sparse { value: 0 }
        } else {
            let c = common_candidate(&self.state.values, &self.state.sparse, n)
                .ok_or(SweepError::ValueSetFull { heap: n as u64, capacity: ValueSet::CAPACITY })?;
            scan_splits(&self.state.values, n, c)
        };
        self.state.push(result);
        Ok(result.value())
    }

    /// Computes heaps until G(0..end) are known.
    pub fn run_to(&mut self, end: u64) -> Result<(), SweepError> {
        let end_usize = usize::try_from(end).map_err(|_| SweepError::TooManyHeaps { heaps: end })?;
        let values = &mut self.state.values;
        values
            .try_reserve(end_usize.saturating_sub(values.len()))
            .map_err(|_| SweepError::TooManyHeaps { heaps: end })?;
        while self.len() < end {
            self.step()?;
        }
        Ok(())
    }

    /// The whole state, values and statistics, as checkpoint bytes.
    pub fn checkpoint(&self) -> Vec<u8> {
        self.state.checkpoint(Self::ALGORITHM)
    }

    /// A sweep restored from checkpoint bytes written by [`SparseSweep::checkpoint`] (or by
    /// `FastSweep`, which writes the same state).
    pub fn restore(bytes: &[u8]) -> Result<SparseSweep, CheckpointError> {
        Ok(SparseSweep { state: SweepState::restore(bytes, Self::ALGORITHM)? })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::grundy::naive;

    #[test]
    fn agrees_with_naive_on_first_2000() {
        let mut sweep = SparseSweep::new();
        sweep.run_to(2001).unwrap();
        assert_eq!(sweep.values(), &naive::grundy_values(2000)[..]);
    }

    #[test]
    fn heaps_below_three_are_sparse_zeros() {
        let mut sweep = SparseSweep::new();
        sweep.run_to(3).unwrap();
        let heaps: Vec<u64> = sweep.stats().sparse_heaps.iter().map(|h| h.heap).collect();
        assert_eq!(heaps, vec![0, 1, 2]);
        assert_eq!(sweep.stats().scan.count, 0);
    }
}
