//! Why an octal sweep cannot be built or run: each refusal with what a person needs to see.

use thiserror::Error;

use super::OctalKernel;

/// Why an octal sweep cannot be built or run.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum OctalSweepError {
    #[error("{code} is not an octal game (digits below 8, no '!'); the sparse sweep does not apply")]
    /// The game has a digit of 8 or more or a `!`, which the method does not handle.
    NotOctal {
        /// The game's code, as given.
        code: String,
    },
    #[error("the sparse/common mask must not be 0 (every value would be sparse)")]
    /// The mask was 0: no value would be common, so stage 1 would find nothing.
    ZeroMask,
    #[error("heap {heap} would have a value beyond 32 bits")]
    /// A value does not fit in 32 bits.
    TooLarge {
        /// The heap whose value does not fit.
        heap: u64,
    },
    #[error("the heap-parity rule needs every split to take stones of one parity")]
    /// The heap-parity rule was asked for, but the splitting moves take stones of both
    /// parities, so the rule is not sound for this game.
    MixedTakeParity,
    #[error("heap {heap} needs values past a window of {window} heaps: {why}")]
    /// In window mode, heap `heap` needs a value no longer held: it is sparse, or its
    /// splits must be scanned past the window.
    WindowTooSmall {
        /// The heap.
        heap: u64,
        /// The window.
        window: usize,
        /// Why it needs more.
        why: &'static str,
    },
    #[error("this CPU cannot run the {kernel:?} kernel")]
    /// The kernel asked for needs an instruction set this CPU lacks.
    KernelUnavailable {
        /// The kernel asked for.
        kernel: OctalKernel,
    },
    /// The sweep's cancellation token was set ([`crate::control::Cancel`]).
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
}
