//! How the octal sweep chooses its sparse/common rule as it goes: on the first heaps, then
//! again at every doubling up to 2^16, however the run is extended (the one statement of
//! the policy).

use super::{best_rule, OctalSweep, OctalSweepError, TakeAndBreak};
use crate::control::Cancel;

/// The sweep chooses its rule again at every doubling from here ... Early, because the
/// first heaps are swept under mask 1, which leaves about half of them sparse, and stage 1
/// costs the sparse heaps times the heaps: from 2^12, .45's first 4096 heaps took 133 M
/// instructions, more than its next 28,000 (callgrind), and the cost model's probe to 2^15
/// paid them once more (`grundy values --game .45 --to 2^16` 22 ms against 13 ms before
/// the probe); from 2^8 its probe takes 2.8 ms instead of 12.7, and .6, .14 and .177 to
/// 2^20 run 7-12 % faster (three alternating runs each).
const REFINE_RULE_FROM: usize = 1 << 8;
/// ... to here (from G(2^15..2^16)): [`OctalSweep::extend_refining`].
const REFINE_RULE_UNTIL: usize = 1 << 16;

impl OctalSweep {
    /// A sweep with its mask chosen automatically: the [`super::best_mask`] of the heaps n0/2 .. n0
    /// (n0 = 256), then, if `end` is larger, refined the same way at every doubling up to
    /// 2^16 (on heaps n/2 .. n, computed under the mask chosen before:
    /// [`OctalSweep::extend_refining`]). Works for every octal code, including
    /// those whose values keep growing (one bit above the largest value is allowed).
    pub fn auto(game: &TakeAndBreak, end: usize) -> Result<OctalSweep, OctalSweepError> {
        OctalSweep::auto_with(game, end, Cancel::never())
    }

    /// [`OctalSweep::auto`], stopped by `cancel` (kept by the sweep: [`OctalSweep::set_cancel`]).
    pub fn auto_with(game: &TakeAndBreak, end: usize, cancel: Cancel) -> Result<OctalSweep, OctalSweepError> {
        let mut s = OctalSweep::first_rule(game, end, cancel)?;
        // Only as far as the rule is chosen (2^16): the caller runs the rest, in window mode
        // if it wants one.
        s.extend_refining(end.min(REFINE_RULE_UNTIL), &mut |_| {})?;
        Ok(s)
    }

    /// A sweep of the first heaps (256, or `end` when smaller, at least 64) with its rule
    /// chosen on their second half: where [`OctalSweep::extend_refining`] starts.
    pub fn first_rule(game: &TakeAndBreak, end: usize, cancel: Cancel) -> Result<OctalSweep, OctalSweepError> {
        let first_end = REFINE_RULE_FROM.min(end.max(64));
        let mut s = OctalSweep::new(game, 1)?;
        s.set_cancel(cancel);
        s.run_to(first_end)?;
        s.refine_mask(first_end / 2)?;
        Ok(s)
    }

    /// Computes until G(0..end) are known, choosing the rule again (on the last half) at
    /// every doubling from 2^8 to 2^16 that this step passes, however the run is extended:
    /// a mask chosen on few heaps can leave a third of the next ones sparse (.6: mask 6e
    /// from 2^12 heaps, 1ee from 2^13 on), and stage 1 costs the sparse heaps times the
    /// heaps; once at 2^16 only left .36 a rule from 512 heaps up to there, where the sweep
    /// spent half its time to 2^21. The one statement of the policy.
    pub fn extend_refining(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), OctalSweepError> {
        let mut at = REFINE_RULE_FROM;
        while at <= REFINE_RULE_UNTIL {
            if self.len() <= at && end > at {
                self.run_to_with(at, &mut *progress)?;
                self.refine_mask(at / 2)?;
            }
            at *= 2;
        }
        self.run_to_with(end, &mut *progress)
    }

    /// Chooses the rule again on the heaps `from..` (the [`super::best_mask`], or the heap-parity
    /// rule when it is much better there: see [`OctalSweep::heap_parity`]).
    pub fn refine_mask(&mut self, from: usize) -> Result<(), OctalSweepError> {
        let (mask, parity) = best_rule(&self.values.to_wide(), from, self.take_parity);
        if (mask, parity) != (self.mask, self.parity) {
            self.parity = parity;
            self.set_rule(mask)?;
        }
        self.weigh_sparse(from);
        Ok(())
    }

    /// Weighs the share of the heaps `from..` that the rule leaves sparse.
    /// (Places in the buffer, as `from`: the sparse heaps are listed by place too.)
    pub(super) fn weigh_sparse(&mut self, from: usize) {
        let heaps = self.values.len().saturating_sub(from).max(1);
        let sparse = self.sparse.len() - self.sparse.partition_point(|&(r, _)| r < from);
        self.sparse_share = sparse * 64 / heaps;
    }
}
