//! The values a sweep holds, read by heap: every value, or in window mode the first window
//! and the latest ones.

use super::FastSweep;
use crate::Value;

impl FastSweep {
    /// G(n), when it is held: every heap below the length, or in window mode the first
    /// `window` and the latest ones.
    pub fn value(&self, n: u64) -> Option<Value> {
        let n = usize::try_from(n).ok()?;
        if n >= self.heaps() {
            return None;
        }
        match n.checked_sub(self.base) {
            Some(i) => self.state.values.get(i).copied(),
            None => self.prefix.get(n).copied(),
        }
    }

    /// G(0..) held from heap 0 on: every value, or in window mode G(0..window).
    pub fn first_values(&self) -> &[Value] {
        if self.base == 0 {
            &self.state.values
        } else {
            &self.prefix
        }
    }
}
