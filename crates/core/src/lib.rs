//! grundy-core: the mathematics of grundy, with no I/O.
//!
//! Main types:
//! - [`naive`]: Grundy values straight from the definition, the slow reference for every test.
//! - [`class`]: the split of values into *sparse* and *common* ([`class::ValueSet`]).
//! - [`SparseSweep`]: G(0..N) of Grundy's game by the sparse-space method, with the
//!   statistics of [`SweepStats`] and a checkpoint format ([`Checkpoint`]).
//! - [`position`]: positions (multisets of heaps), their moves, nim-sum and winning moves;
//!   [`exhaustive`] solves small positions without Grundy values to check them.
//! - [`games`]: take-and-break (octal) codes, subtraction games, take-at-most-half, Nim;
//!   [`sequence`] computes their values, [`period`] finds and certifies their periods.
//! - [`bfile`]: OEIS b-file text of a value table.
//!
//! Everything here is pure: inputs are validated when they are built, and no function
//! touches files, the network or the clock.

pub mod bfile;
pub mod checkpoint;
pub mod class;
pub mod count;
pub mod exhaustive;
pub mod fast;
pub mod games;
pub mod misere;
pub mod naive;
pub mod octal_sweep;
pub mod period;
pub mod position;
pub mod sequence;
pub mod stats;
pub mod sweep;

pub use checkpoint::{Checkpoint, CheckpointError};
pub use fast::{FastSweep, Kernel};
pub use stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
pub use sweep::{SparseSweep, SweepError};

/// A Sprague-Grundy value. Grundy's game stays far below [`VALUE_LIMIT`] for every range
/// anyone has computed (the largest known value is 310), so values are stored in 16 bits
/// and sets of values are 512-bit sets.
pub type Value = u16;

/// Values must stay below this; a sweep that would produce a larger one stops with
/// [`SweepError::ValueOverflow`] instead of storing a wrong number.
pub const VALUE_LIMIT: usize = 512;
