//! grundy-core: the mathematics of grundy, with no I/O.
//!
//! The crate has three parts, one folder each:
//! - [`grundy`]: Grundy's game. [`grundy::naive`] is the definition (the slow reference),
//!   [`SparseSweep`] the sparse-space method written to be read, and [`FastSweep`] the
//!   same method arranged for the machine (a helper thread, AVX-512 and portable stage-2
//!   kernels, a bounded-memory window mode). Both keep one [`grundy::state`]: the values and
//!   the [`SweepStats`], pushed one [`HeapResult`] at a time, saved as a [`Checkpoint`].
//!   Values are stored as [`Value`] (16 bits); what bounds them is the capacity of a
//!   [`grundy::class::ValueSet`] (512).
//! - [`games`]: every other heap game: take-and-break codes, subtraction games,
//!   take-at-most-half and Nim under one name, [`games::Game`], and the one list of named
//!   games, [`games::catalog`]; their values by the definition ([`games::sequence`]) and, for
//!   octal games, by the sparse-space method ([`games::octal_sweep`]); periods proved by the
//!   periodicity theorems ([`games::period`]).
//! - [`position`]: positions of several heaps: moves, nim-sum, outcome and winning moves;
//!   misère Nim ([`position::misere`]) and a brute-force solver that uses no Grundy values
//!   ([`position::exhaustive`]) to check them.
//!
//! Beside them: [`count`] reads heap counts as people write them (`2^26`, `1e6`), the one
//! count parser of the workspace, and [`bfile`] writes OEIS b-files.
//!
//! Everything here is pure: inputs are validated when they are built, errors are typed, and
//! no function touches files, the network or the clock (`cargo xtask tidy` checks it).

#![warn(missing_docs)]

pub mod bfile;
pub mod count;
mod cpu;
pub mod engine;
pub mod game;
pub mod learn;
pub mod period;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod position;

pub use engine::grundy::checkpoint::{Checkpoint, CheckpointError};
pub use engine::grundy::fast::{FastSweep, Kernel};
pub use engine::grundy::state::HeapResult;
pub use engine::grundy::stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
pub use engine::grundy::sweep::{SparseSweep, SweepError};

/// A Sprague-Grundy value, as stored: 16 bits. This is the storage type only; the bound on
/// the values a Grundy's-game sweep can compute is the capacity of its value sets,
/// [`grundy::class::ValueSet::CAPACITY`] (512; the largest known value is 310).
pub type Value = u16;
