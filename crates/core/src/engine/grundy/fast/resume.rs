//! A sweep saved and restored: its state as checkpoint bytes, and a sweep rebuilt from them
//! (whole, or in window mode with the first and the latest values).

use super::{FastSweep, GrundyKernel, MIN_WINDOW};
use crate::engine::grundy::checkpoint::{Checkpoint, CheckpointError, Window};
use crate::engine::grundy::state::SweepState;

impl FastSweep {
    /// The whole state as checkpoint bytes (the format of [`crate::engine::grundy::checkpoint`]): every
    /// value, or in window mode the first and the latest values with their base.
    pub fn checkpoint(&self) -> Vec<u8> {
        let mut out = Vec::new();
        self.checkpoint_with(|bytes| out.extend_from_slice(bytes));
        out
    }

    /// The checkpoint bytes, piece by piece, without a second copy of the values (in window
    /// mode too: the first and the latest values are written from where they are held).
    pub fn checkpoint_with(&self, sink: impl FnMut(&[u8])) {
        let window = self.window.map(|w| (w as u64, &self.prefix[..], self.base as u64));
        self.state.checkpoint_with(Self::ALGORITHM, window, sink);
    }

    /// A sweep restored from checkpoint bytes, in window mode (with the window it had) when
    /// they were written in window mode.
    pub fn restore(bytes: &[u8], kernel: GrundyKernel) -> Result<FastSweep, CheckpointError> {
        FastSweep::from_checkpoint(Checkpoint::decode_for(bytes, Self::ALGORITHM)?, kernel)
    }

    /// Like [`FastSweep::restore`], but refusing with [`CheckpointError::WrongWindow`] bytes
    /// written keeping another window than `window` would (as given to
    /// [`FastSweep::set_window`]; `None`: every value): a run resumes only the state it
    /// would itself have saved.
    pub fn restore_with_window(
        bytes: &[u8],
        kernel: GrundyKernel,
        window: Option<usize>,
    ) -> Result<FastSweep, CheckpointError> {
        let window = window.map(|w| w.max(MIN_WINDOW) as u64);
        FastSweep::from_checkpoint(Checkpoint::decode_for_window(bytes, Self::ALGORITHM, window)?, kernel)
    }

    fn from_checkpoint(cp: Checkpoint, kernel: GrundyKernel) -> Result<FastSweep, CheckpointError> {
        let (state, window) = SweepState::from_checkpoint(cp);
        let mut sweep = FastSweep::with_options(state.stats.scan.interval_log2, kernel);
        sweep.state = state;
        if let Some(Window { size, first, base }) = window {
            let bad = |m: String| Err(CheckpointError::Inconsistent(m));
            let Ok(size) = usize::try_from(size) else { return bad(format!("a window of {size} heaps")) };
            if size < MIN_WINDOW {
                return bad(format!("a window of {size} heaps, below the least window {MIN_WINDOW}"));
            }
            sweep.window = Some(size);
            sweep.prefix = first;
            sweep.base = usize::try_from(base).map_err(|_| CheckpointError::Inconsistent(format!("base {base}")))?;
        }
        Ok(sweep)
    }
}
