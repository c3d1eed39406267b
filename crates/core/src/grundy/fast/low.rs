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
use crate::grundy::class::{is_common, ValueSet};
use crate::Value;

/// Small parts whose low bytes are held: the scans of nearly every heap end well within
/// them (the average scan is about 3,100 splits); a longer one goes on with the 16-bit values.
pub(super) const FRONT: usize = 1 << 20;

/// The low bytes of G(0..) up to [`FRONT`] (by default), whether each of those heaps is common, and the
/// low bytes of the latest values in reverse order.
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

    /// Bits 0..32: whether G(a), ..., G(a + 31) are common, for a + 31 < front.len().
    #[inline(always)]
    pub(super) fn common_from(&self, a: usize) -> u32 {
        debug_assert!(a / 8 + 8 <= self.common.len());
        // SAFETY: `common` is eight bytes longer than the front needs.
        let word = unsafe { std::ptr::read_unaligned(self.common.as_ptr().add(a / 8) as *const u64) };
        (word >> (a % 8)) as u32
    }
}

/// The sparse value whose low byte is x.
#[inline]
pub(super) fn sparse_of_low(x: u8) -> Value {
    x as Value | (((x >> 1).count_ones() & 1) as Value) << 8
}

/// A set of sparse values as the set of their low bytes: 256 bits.
#[derive(Clone, Copy, Default)]
pub(super) struct LowSet {
    pub(super) words: [u64; 4],
}

impl LowSet {
    /// The low bytes of the values of `set`, every one sparse.
    pub(super) fn of(set: &ValueSet) -> LowSet {
        let mut low = LowSet::default();
        for v in set.iter() {
            debug_assert!(!is_common(v));
            low.words[(v as usize & 0xFF) / 64] |= 1 << (v % 64);
        }
        low
    }

    /// The sparse values whose low bytes are in the set.
    pub(super) fn values(&self) -> ValueSet {
        let mut set = ValueSet::EMPTY;
        for (k, &w) in self.words.iter().enumerate() {
            for bit in super::BitIndices(w) {
                set.insert(sparse_of_low((k * 64 + bit) as u8));
            }
        }
        set
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
    use crate::grundy::class::is_sparse;

    #[test]
    fn a_low_byte_names_one_sparse_value() {
        for v in 0..ValueSet::CAPACITY as Value {
            if is_sparse(v) {
                assert_eq!(sparse_of_low(v as u8), v);
            }
        }
    }

    #[test]
    fn low_sets_keep_their_values() {
        let set = ValueSet::SPARSE.and(&ValueSet::below(300));
        let low = LowSet::of(&set);
        assert_eq!(low.len(), set.len());
        assert_eq!(low.values(), set);
        assert_eq!(low.bytes().count(), set.len());
    }
}
