//! The two value classes of the sparse-space method.
//!
//! Flammenkamp's mask for Grundy's game is m = 0111...10 (binary): a value v is *sparse*
//! when the parity of `v & m`, that is of the number of 1-bits of `v >> 1`, is even, and
//! *common* otherwise. The parity of a XOR is the XOR of the parities, so
//! sparse ^ sparse and common ^ common are sparse, and sparse ^ common is common.
//! Almost every heap has a common value; the few with a sparse value are the *sparse heaps*.

use crate::Value;

/// Flammenkamp's mask for Grundy's game, as the octal sweep's masks are written: every bit
/// but the lowest. A value is sparse under a mask when the 1-bits it keeps are even in
/// number (the one definition of the class: [`crate::engine::octal::is_sparse`]).
pub const MASK: u32 = !1;

/// Whether `v` is in the common class under [`MASK`] (popcount of `v >> 1` odd).
#[inline]
pub const fn is_common(v: Value) -> bool {
    !crate::engine::octal::is_sparse(v as u32, MASK)
}

const WORDS: usize = ValueSet::CAPACITY / 64;

/// A set of values below [`ValueSet::CAPACITY`], as a 512-bit bit set: one AVX-512 register,
/// eight words otherwise. This capacity, not the 16-bit storage type [`Value`], is what
/// bounds the values a Grundy's-game sweep can compute.
#[derive(Clone, Copy, PartialEq, Eq, Default, Debug)]
pub struct ValueSet {
    words: [u64; WORDS],
}

impl ValueSet {
    /// How many values a set can hold: 0..512. A sweep that would need a larger value stops
    /// with [`crate::SweepError::ValueSetFull`] instead of storing a wrong number (the
    /// largest value of Grundy's game known, up to 2^38, is 310).
    pub const CAPACITY: usize = 512;

    /// The empty set.
    pub const EMPTY: ValueSet = ValueSet { words: [0; WORDS] };

    /// Every sparse value below [`ValueSet::CAPACITY`].
    pub const SPARSE: ValueSet = ValueSet::class(true);

    /// Every common value below [`ValueSet::CAPACITY`].
    pub const COMMON: ValueSet = ValueSet::class(false);

    const fn class(sparse: bool) -> ValueSet {
        let mut words = [0u64; WORDS];
        let mut v = 0;
        while v < ValueSet::CAPACITY {
            if is_common(v as Value) != sparse {
                words[v / 64] |= 1 << (v % 64);
            }
            v += 1;
        }
        ValueSet { words }
    }

    /// The set whose bit v is bit v % 64 of word v / 64.
    pub const fn from_words(words: [u64; WORDS]) -> ValueSet {
        ValueSet { words }
    }

    /// The values `0..limit` (`limit` at most [`ValueSet::CAPACITY`]).
    pub fn below(limit: usize) -> ValueSet {
        debug_assert!(limit <= ValueSet::CAPACITY);
        let mut words = [0u64; WORDS];
        for (i, w) in words.iter_mut().enumerate() {
            let lo = i * 64;
            if limit >= lo + 64 {
                *w = u64::MAX;
            } else if limit > lo {
                *w = (1u64 << (limit - lo)) - 1;
            }
        }
        ValueSet { words }
    }

    /// Adds `v`. Values at or above [`ValueSet::CAPACITY`] cannot be represented and must be
    /// rejected by the caller; here they are a broken invariant.
    #[inline]
    pub fn insert(&mut self, v: Value) {
        let v = v as usize;
        self.words[v / 64] |= 1 << (v % 64);
    }

    /// Removes `v`.
    #[inline]
    pub fn remove(&mut self, v: Value) {
        let v = v as usize;
        self.words[v / 64] &= !(1 << (v % 64));
    }

    /// Stage 2's "unmark until covered" loop, written once for the fast kernels: removes
    /// the option x of each split in turn and returns the split at which the set became
    /// empty, or `None` (the rest still in `self`) when the splits ran out. The plain
    /// [`crate::engine::grundy::sweep::scan_splits`] keeps its own loop on purpose: it is the
    /// reference the fast kernels are tested against.
    ///
    /// It counts down instead of testing the set for emptiness after each removal: that test
    /// reads the whole set right after a one-word write, a store-forwarding stall that cost
    /// the AVX2 kernel 15 % of its time.
    #[inline(always)]
    pub fn remove_until_empty(&mut self, splits: impl IntoIterator<Item = (usize, Value)>) -> Option<usize> {
        let mut left = self.len();
        for (split, x) in splits {
            if self.contains(x) {
                self.remove(x);
                left -= 1;
                if left == 0 {
                    return Some(split);
                }
            }
        }
        None
    }

    /// Whether `v` is in the set.
    #[inline]
    pub fn contains(&self, v: Value) -> bool {
        let v = v as usize;
        v < ValueSet::CAPACITY && self.words[v / 64] & (1 << (v % 64)) != 0
    }

    /// The intersection of two sets.
    #[inline]
    pub fn and(&self, other: &ValueSet) -> ValueSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words.iter()) {
            *w &= o;
        }
        ValueSet { words }
    }

    /// The values of `self` that are not in `other`.
    #[inline]
    pub fn and_not(&self, other: &ValueSet) -> ValueSet {
        let mut words = self.words;
        for (w, o) in words.iter_mut().zip(other.words.iter()) {
            *w &= !o;
        }
        ValueSet { words }
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// The number of values in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.words.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// The smallest value in the set.
    #[inline]
    pub fn min(&self) -> Option<Value> {
        for (i, &w) in self.words.iter().enumerate() {
            if w != 0 {
                return Some((i * 64 + w.trailing_zeros() as usize) as Value);
            }
        }
        None
    }

    /// The values in increasing order, a set bit at a time (the kernels refill their
    /// target lists from this after every hit, so it must not walk all 512 values).
    #[inline]
    pub fn iter(&self) -> impl Iterator<Item = Value> + '_ {
        self.words.iter().enumerate().flat_map(|(i, &w)| {
            let mut w = w;
            std::iter::from_fn(move || {
                (w != 0).then(|| {
                    let bit = w.trailing_zeros() as usize;
                    w &= w - 1;
                    (i * 64 + bit) as Value
                })
            })
        })
    }

    /// The raw words, for fast paths that test coverage a word at a time.
    #[inline]
    pub fn words(&self) -> &[u64; WORDS] {
        &self.words
    }

    /// Mutable raw words, for fast paths that mark many values without bounds checks.
    #[inline]
    pub fn words_mut(&mut self) -> &mut [u64; WORDS] {
        &mut self.words
    }
}

/// The smallest value of the given class that is not in `marked`, or `None` when every
/// value of the class below [`ValueSet::CAPACITY`] is marked.
pub fn smallest_unmarked(class: &ValueSet, marked: &ValueSet) -> Option<Value> {
    class.and_not(marked).min()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classes_of_small_values() {
        let sparse: Vec<Value> = (0..16).filter(|&v| !is_common(v)).collect();
        assert_eq!(sparse, vec![0, 1, 6, 7, 10, 11, 12, 13]);
        assert_eq!(ValueSet::SPARSE.len() + ValueSet::COMMON.len(), ValueSet::CAPACITY);
        assert!(ValueSet::SPARSE.and(&ValueSet::COMMON).is_empty());
    }

    /// The closure rules that make the method work, for every pair of values below 512.
    #[test]
    fn xor_closure_for_every_pair_below_512() {
        for a in 0..512u16 {
            for b in 0..512u16 {
                let x = a ^ b;
                let expected_sparse = is_common(a) == is_common(b);
                assert_eq!(!is_common(x), expected_sparse, "{a} ^ {b} = {x}");
            }
        }
    }

    #[test]
    fn below_and_min() {
        assert_eq!(ValueSet::below(0), ValueSet::EMPTY);
        assert_eq!(ValueSet::below(70).len(), 70);
        assert_eq!(ValueSet::below(512).len(), 512);
        let s = ValueSet::SPARSE.and(&ValueSet::below(6));
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 1]);
        let mut m = ValueSet::EMPTY;
        m.insert(2);
        m.insert(3);
        assert_eq!(smallest_unmarked(&ValueSet::COMMON, &m), Some(4));
        assert!(!m.contains(600));
    }
}
