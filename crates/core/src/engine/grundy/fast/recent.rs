//! The latest values of the sweep kept in reverse order, for the vector kernels: G(n - a)
//! runs backwards as the split a grows, and reading it from a reversed copy saves a lane
//! reversal per step.

use crate::Value;

/// The latest values in reverse order (as `T`: the values, or their low bytes): heap m at
/// index `top - m`. When the front is reached, the newest half is moved to the back (a copy
/// of RECENT values every RECENT heaps).
pub(super) struct Reversed<T> {
    buf: Vec<T>,
    top: usize,
    /// The oldest heap held.
    low: usize,
}

/// Heaps held by [`Reversed`] at least; 64 K covers all but the longest scans.
const RECENT: usize = 1 << 16;

impl<T: Copy + Default> Reversed<T> {
    /// Holds `to(G(m))` for the heaps m in `start..start + values.len()` (the last RECENT of
    /// them).
    pub(super) fn new(start: usize, values: &[Value], to: impl Fn(Value) -> T) -> Reversed<T> {
        let keep = values.len().min(RECENT);
        let low = start + values.len() - keep;
        let mut r = Reversed { buf: vec![T::default(); 2 * RECENT], top: low + 2 * RECENT - 1, low };
        for (i, &v) in values[values.len() - keep..].iter().enumerate() {
            r.push(low + i, to(v));
        }
        r
    }

    /// Adds heap m, the one after the newest.
    #[inline]
    pub(super) fn push(&mut self, m: usize, v: T) {
        if m > self.top {
            self.buf.copy_within(0..RECENT, RECENT);
            self.top += RECENT;
            self.low = m - RECENT;
        }
        self.buf[self.top - m] = v;
    }

    /// G(n - 1), G(n - 2), ... as far as held, and how many that is.
    #[inline]
    pub(super) fn behind(&self, n: usize) -> (&[T], usize) {
        let first = self.top - (n - 1);
        (&self.buf[first..], n - self.low)
    }
}
