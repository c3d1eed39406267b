//! grundy-core: the mathematics of grundy, with no I/O.
//!
//! The crate has four parts, one folder each:
//! - [`game`]: the rules only. Take-and-break codes, subtraction games, take-at-most-half
//!   and Nim under one name, [`game::Game`], and the one list of named games,
//!   [`game::catalog`].
//! - [`engine`]: the methods that compute G(0..n), one folder each, and the chooser every
//!   front end calls, [`engine::Engine::choose`]. [`engine::definition`] is the mex
//!   definition for every game; [`engine::closed`] the proved formulas; [`engine::octal`]
//!   the sparse-space method for octal games; [`engine::grundy`] Grundy's game, with
//!   [`engine::grundy::naive`] (the slow reference), [`SparseSweep`] (the sparse-space
//!   method written to be read) and [`FastSweep`] (the same method arranged for the
//!   machine: a helper thread, AVX-512 and portable stage-2 kernels, a bounded-memory
//!   window mode). Both Grundy sweeps keep one [`engine::grundy::state`]: the values and
//!   the [`SweepStats`], pushed one [`HeapResult`] at a time, saved as a [`Checkpoint`].
//!   Grundy values are stored as [`Value`] (16 bits); what bounds them is the capacity of
//!   an [`engine::grundy::class::ValueSet`] (512).
//! - [`position`]: positions of several heaps: moves, nim-sum, outcome and winning moves;
//!   misère Nim ([`position::misere_nim`]) and a brute-force solver that uses no Grundy values
//!   ([`position::exhaustive`]) to check them.
//! - [`learn`]: worked solutions and practice problems for learners.
//! - [`loopy`]: games on graphs with cycles: Smith's generalized values (the Fraenkel–Yesha
//!   labelling, Fraenkel's counters), sums, draws, and a retrograde reference.
//!
//! Beside them: [`period`] finds periods and proves them by the periodicity theorems,
//! [`count`] reads heap counts as people write them (`2^26`, `1e6`), the one count parser
//! of the workspace, and [`bfile`] writes OEIS b-files.
//!
//! Everything here is pure: inputs are validated when they are built, errors are typed, and
//! no function touches files, the network or the clock (`cargo xtask tidy` checks it).

#![deny(missing_docs)]

pub mod ask;
pub mod bfile;
pub mod checksum;
pub mod control;
pub mod count;
mod cpu;
pub mod engine;
pub mod game;
pub mod learn;
pub mod loopy;
pub mod period;
pub mod position;
pub mod random;

pub use engine::grundy::checkpoint::{Checkpoint, CheckpointError};
pub use engine::grundy::fast::{FastSweep, GrundyKernel};
pub use engine::grundy::state::HeapResult;
pub use engine::grundy::stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
pub use engine::grundy::sweep::{SparseSweep, SweepError};

/// A Sprague-Grundy value, as stored: 16 bits. This is the storage type only; the bound on
/// the values a Grundy's-game sweep can compute is the capacity of its value sets,
/// [`engine::grundy::class::ValueSet::CAPACITY`] (512; the largest known value is 310).
pub type Value = u16;
