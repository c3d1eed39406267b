//! Control of long work: a cancellation token that a caller sets from anywhere (a Ctrl-C
//! handler, a server whose client has gone, a Python `KeyboardInterrupt`, a timer for a
//! deadline: to the core they are all the same cancel), and that the engines check where
//! they report progress, so that any job stops within a fraction of a second.
//!
//! The core reads no clock, so a deadline is the caller's timer setting the token. A job
//! that sees the token set stops with [`Cancelled`]; what it had computed is dropped, or
//! kept in a checkpoint where the job has one (the request API, [`crate::ask`], says so).
//!
//! Beside the token, what every job carries: its [`Limits`] (time and memory by the
//! engines' estimates). This module is a leaf: the engines below the request API and the
//! API itself use it.
//!
//! Where an engine chooses how to run by measure (the dense kernel: two threads or one),
//! it reads the time through [`set_clock`]'s hook, which a front end sets once, as a
//! logger is given to the `log` crate; without it the engine keeps its fixed rule.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

/// The front end's clock: seconds since a fixed moment of its choosing.
static CLOCK: OnceLock<fn() -> f64> = OnceLock::new();

/// Gives the core a clock (seconds since any fixed moment, never going back), for the
/// engines that choose how to run by what they measure; the first call wins. Values never
/// depend on it, only the speed.
pub fn set_clock(clock: fn() -> f64) {
    // A second call is ignored: the first clock stays, so measures stay comparable.
    let _ = CLOCK.set(clock);
}

/// The front end's clock, if it gave one ([`set_clock`]).
pub(crate) fn seconds() -> Option<f64> {
    CLOCK.get().map(|clock| clock())
}

/// How much a job may take by the engines' estimates ([`crate::engine::cost`]): the front
/// ends' `--max-memory` and `--max-time`. A job that would pass them is refused before it
/// starts, with the estimate and what would fit.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Limits {
    /// Bytes of memory.
    pub bytes: u64,
    /// Seconds of (estimated) time.
    pub seconds: f64,
}

/// A job was stopped by its cancellation token.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cancelled")]
pub struct Cancelled;

/// A cancellation token: cheap to clone (clones share the flag), `Send` and `Sync`.
/// [`Cancel::never`] (the default) can never be set and costs nothing to check.
#[derive(Clone, Debug, Default)]
pub struct Cancel(Option<Arc<AtomicBool>>);

impl Cancel {
    /// A token that [`Cancel::cancel`] sets.
    pub fn new() -> Cancel {
        Cancel(Some(Arc::new(AtomicBool::new(false))))
    }

    /// A token that is never set: for work nobody will stop (tests, small answers).
    pub fn never() -> Cancel {
        Cancel(None)
    }

    /// Asks every job holding this token (or a clone) to stop.
    pub fn cancel(&self) {
        if let Some(flag) = &self.0 {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the token is set.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.as_ref().is_some_and(|flag| flag.load(Ordering::Relaxed))
    }

    /// `Err(Cancelled)` once the token is set: `cancel.check()?` where a job reports progress.
    #[inline]
    pub fn check(&self) -> Result<(), Cancelled> {
        if self.is_cancelled() {
            Err(Cancelled)
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_the_flag_and_never_is_never_set() {
        let a = Cancel::new();
        let b = a.clone();
        assert_eq!(b.check(), Ok(()));
        a.cancel();
        assert!(b.is_cancelled());
        assert_eq!(b.check(), Err(Cancelled));
        let n = Cancel::never();
        n.cancel();
        assert!(!n.is_cancelled());
    }
}
