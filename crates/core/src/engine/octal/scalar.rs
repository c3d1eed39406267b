//! The scalar loop of the octal sweep: the plain method, one heap at a time, every sparse
//! heap's options looked up one by one. The reference the block kernel is tested against,
//! and the loop used once values are too large for it.

use super::{is_sparse, Wide};

/// The moves and the class of the next heap, for the scalar loop.
pub(super) struct NextHeap<'a> {
    pub(super) digits: &'a [u8],
    pub(super) split_takes: &'a [usize],
    pub(super) sparse: &'a [(usize, Wide)],
    pub(super) mask: Wide,
    /// Whether the heap-parity rule flips the next heap's class.
    pub(super) flip: bool,
    /// The largest smaller part a split scan may read (as in `block::Moves`).
    pub(super) reach: usize,
}

/// Why the scalar loop could not give the next value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Stop {
    /// The value does not fit in 32 bits.
    TooLarge,
    /// The value depends on splits past the reach (a window too small for the game).
    Reach,
}

/// Sets of values of the scalar loop, as bit words, kept between heaps.
#[derive(Default)]
pub(super) struct Scalar {
    marked: Vec<u64>,
    direct: Vec<u64>,
    need: Vec<u64>,
}

impl Scalar {
    fn set(words: &mut Vec<u64>, v: usize) {
        if v / 64 >= words.len() {
            words.resize(v / 64 + 1, 0);
        }
        words[v / 64] |= 1 << (v % 64);
    }

    fn has(words: &[u64], v: usize) -> bool {
        words.get(v / 64).is_some_and(|w| w & (1 << (v % 64)) != 0)
    }

    /// G(n) for n = g.len(): the plain method, one heap at a time.
    pub(super) fn next<T: Copy + Into<Wide>>(&mut self, heap: &NextHeap, g: &[T]) -> Result<Wide, Stop> {
        self.next_with(heap, g.len(), |i| g[i].into())
    }

    /// G(n), with G(i) for i < n read by `at` (in window mode, also from the archive).
    pub(super) fn next_with(&mut self, heap: &NextHeap, n: usize, at: impl Fn(usize) -> Wide) -> Result<Wide, Stop> {
        let (mask, flip) = (heap.mask, heap.flip);
        // The class a value would have as G(n).
        let sparse_at = move |x: Wide| is_sparse(x, mask) != flip;
        self.marked.iter_mut().for_each(|w| *w = 0);
        // Moves that leave no heap or one heap: few, marked whatever their class.
        for (k, &d) in heap.digits.iter().enumerate().skip(1).take_while(|&(k, _)| k <= n) {
            if d & 1 != 0 && n == k {
                Self::set(&mut self.marked, 0);
            }
            if d & 2 != 0 && n > k {
                Self::set(&mut self.marked, at(n - k) as usize);
            }
        }
        self.direct.clear();
        self.direct.extend_from_slice(&self.marked);
        // Stage 1: common options need exactly one sparse part.
        for &k in heap.split_takes {
            if k + 2 > n {
                continue;
            }
            let rest = n - k;
            for &(r, rv) in heap.sparse.iter().take_while(|&&(r, _)| r < rest) {
                if r == 0 {
                    continue;
                }
                let x = rv ^ at(rest - r);
                if !sparse_at(x) {
                    Self::set(&mut self.marked, x as usize);
                }
            }
        }
        // A common value below 2^32 not marked exists: at most n values are marked.
        let c = (0..=u32::MAX as usize)
            .find(|&v| !sparse_at(v as Wide) && !Self::has(&self.marked, v))
            .ok_or(Stop::TooLarge)?;
        // Stage 2: the sparse values below c that no direct move gives.
        self.need.clear();
        let mut missing = 0;
        for v in 0..c {
            if sparse_at(v as Wide) && !Self::has(&self.direct, v) {
                Self::set(&mut self.need, v);
                missing += 1;
            }
        }
        if missing > 0 {
            'scan: for &k in heap.split_takes {
                if k + 2 > n {
                    continue;
                }
                let rest = n - k;
                for a in 1..=(rest / 2).min(heap.reach) {
                    let x = (at(a) ^ at(rest - a)) as usize;
                    if Self::has(&self.need, x) {
                        self.need[x / 64] &= !(1 << (x % 64));
                        missing -= 1;
                        if missing == 0 {
                            break 'scan;
                        }
                    }
                }
            }
        }
        if missing > 0 && heap.split_takes.iter().any(|&k| k + 2 <= n && (n - k) / 2 > heap.reach) {
            return Err(Stop::Reach);
        }
        let value =
            if missing == 0 { c } else { (0..c).find(|&v| Self::has(&self.need, v)).expect("a missing sparse value") };
        Wide::try_from(value).map_err(|_| Stop::TooLarge)
    }
}
