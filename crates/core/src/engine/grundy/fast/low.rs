//! The values' low bytes, for the AVX2 stage 2: 32 splits to a register instead of 16.
//!
//! Within one class a value is fixed by its low 8 bits: bit 8 of a sparse value is the
//! parity of its bits 1..7 (the parity of v >> 1 is even), and of a common value the other
//! one. Stage 2 looks for sparse options, and a split gives one only when its two parts are
//! of one class. While neither part is a sparse heap, both are common, the option is sparse,
//! and the XOR of the parts' low bytes is the low byte of the option: it names the option
//! exactly. A split whose small part a is a sparse heap (and whose other part is not) gives a
//! common option, never one stage 2 looks for; such lanes are masked out with a bit per
//! small part. The kernel stops before the first split whose other part n - a could be a
//! sparse heap.

use super::recent::Reversed;
use crate::engine::grundy::class::{is_common, ValueSet};
use crate::Value;

/// Small parts whose low bytes are held: the scans of nearly every heap end well within
/// them (the average scan is about 3,100 splits); a longer one goes on with the 16-bit values.
pub(super) const FRONT: usize = 1 << 20;

/// The low bytes of G(0..) up to [`FRONT`] (by default), whether each of those heaps is
/// common, and the low bytes of the latest values in reverse order.
pub(super) struct LowBytes {
    /// G(a) as a byte, for a < front.len() <= FRONT.
    front: Vec<u8>,
    /// How many small parts to hold: [`FRONT`], less in tests.
    front_cap: usize,
    /// Bit a % 8 of byte a / 8: G(a) is common. Eight bytes longer than the front needs, so
    /// that a 64-bit word can be read at any bit of it.
    common: Vec<u8>,
    back: Reversed<u8>,
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl LowBytes {
    /// Holds the first values `first` (G(0..)), at most `front_cap` of them, and the latest
    /// ones, `latest` (G(base..)).
    pub(super) fn new(first: &[Value], base: usize, latest: &[Value], front_cap: usize) -> LowBytes {
        let mut low = LowBytes {
            front: Vec::with_capacity(front_cap),
            front_cap,
            common: vec![0; front_cap / 8 + 8],
            back: Reversed::new(base, latest, |v| v as u8),
        };
        for &v in &first[..first.len().min(front_cap)] {
            low.push_front(v);
        }
        low
    }

    /// Adds heap m, the one after the newest.
    #[inline]
    pub(super) fn push(&mut self, m: usize, v: Value) {
        self.back.push(m, v as u8);
        if m == self.front.len() && m < self.front_cap {
            self.push_front(v);
        }
    }

    fn push_front(&mut self, v: Value) {
        let a = self.front.len();
        self.front.push(v as u8);
        self.common[a / 8] |= (is_common(v) as u8) << (a % 8);
    }

    /// The low bytes of G(0..) held.
    #[inline]
    pub(super) fn front(&self) -> &[u8] {
        &self.front
    }

    /// The low bytes of G(n - 1), G(n - 2), ... as far as held, and how many that is.
    #[inline]
    pub(super) fn behind(&self, n: usize) -> (&[u8], usize) {
        self.back.behind(n)
    }

    /// The last split of heap n that a scan on the low bytes may take: within `limit`,
    /// within the bytes held, and below every split whose part n - a could be a sparse heap
    /// (`last_sparse` is the newest sparse heap below n).
    #[inline]
    pub(super) fn scan_end(&self, n: usize, limit: usize, last_sparse: usize) -> usize {
        limit.min(n - last_sparse - 1).min(self.front.len().saturating_sub(1)).min(self.behind(n).1)
    }

    /// Bits 0..32: whether G(a), ..., G(a + 31) are common, for a + 31 < front.len().
    #[inline(always)]
    pub(super) fn common_from(&self, a: usize) -> u32 {
        debug_assert!(a / 8 + 8 <= self.common.len());
        // SAFETY: `common` is eight bytes longer than the front needs.
        let word = unsafe { std::ptr::read_unaligned(self.common.as_ptr().add(a / 8) as *const u64) };
        (word >> (a % 8)) as u32
    }
}

/// A set of sparse values as the set of their low bytes: 256 bits.
#[derive(Clone, Copy, Default)]
#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
pub(super) struct LowSet {
    pub(super) words: [u64; 4],
}

#[cfg_attr(not(target_arch = "x86_64"), allow(dead_code))]
impl LowSet {
    /// The low bytes of the values of `set`, every one sparse. The sparse values v and
    /// 256 + v differ in class, so the two halves of the set fold onto each other without
    /// overlap.
    pub(super) fn of(set: &ValueSet) -> LowSet {
        debug_assert_eq!(set.and(&ValueSet::COMMON), ValueSet::EMPTY);
        let w = set.words();
        LowSet { words: [w[0] | w[4], w[1] | w[5], w[2] | w[6], w[3] | w[7]] }
    }

    /// The sparse values whose low bytes are in the set.
    pub(super) fn values(&self) -> ValueSet {
        let sparse = ValueSet::SPARSE;
        let s = sparse.words();
        let mut words = [0u64; 8];
        for k in 0..4 {
            words[k] = self.words[k] & s[k];
            words[k + 4] = self.words[k] & s[k + 4];
        }
        ValueSet::from_words(words)
    }

    /// How many values the set holds.
    pub(super) fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The values, lowest byte first.
    pub(super) fn bytes(&self) -> impl Iterator<Item = u8> + '_ {
        self.words.iter().enumerate().flat_map(|(k, &w)| super::BitIndices(w).map(move |b| (k * 64 + b) as u8))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What the low bytes rest on: v and v ^ 256 are never of one class.
    #[test]
    fn a_low_byte_names_one_value_of_each_class() {
        for v in 0..256 as Value {
            assert_ne!(is_common(v), is_common(v ^ 256));
        }
    }

    #[test]
    fn low_sets_keep_their_values() {
        for c in [0, 1, 2, 100, 255, 256, 257, 300, 511, 512] {
            let set = ValueSet::SPARSE.and(&ValueSet::below(c));
            let low = LowSet::of(&set);
            assert_eq!(low.len(), set.len());
            assert_eq!(low.values(), set);
            let bytes: Vec<u8> = low.bytes().collect();
            let expected: Vec<u8> =
                set.iter().map(|v| v as u8).collect::<std::collections::BTreeSet<_>>().into_iter().collect();
            assert_eq!(bytes, expected);
        }
    }
}
