//! Grundy's game: split one heap into two heaps of different sizes; heaps of 1 and 2 are
//! dead. Three engines compute G(0..N), each checked against the one before:
//!
//! - [`naive`]: the definition, G(n) = mex{ G(a) ^ G(n - a) : 1 <= a < n - a }; quadratic.
//! - [`sweep::SparseSweep`]: the sparse-space method ([`class`] splits values into sparse
//!   and common), written to be read; about N * (average scan) steps.
//! - [`fast::FastSweep`]: the same method arranged for the machine; the one to use.
//!
//! Both sweeps keep one [`state`] (values, sparse heaps and [`stats::SweepStats`], pushed one
//! [`state::HeapResult`] at a time) and save it in the [`checkpoint`] format.

pub mod checkpoint;
pub mod class;
pub mod fast;
pub mod naive;
pub mod state;
pub mod stats;
pub mod sweep;

/// How Grundy's game is swept: the engine's own settings, which a request carries
/// (`grundy_core::ask::SweepRequest`) and no other engine reads.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// The stage-2 kernel ([`fast::GrundyKernel::detect`] when `None`).
    pub kernel: Option<fast::GrundyKernel>,
    /// One thread instead of two.
    pub single_thread: bool,
    /// Window mode: keep G(0..window) and the latest `window` values.
    pub window: Option<usize>,
    /// The plain method ([`sweep::SparseSweep`], the reference the fast one is checked
    /// against) instead of [`fast::FastSweep`].
    pub plain: bool,
}
