//! The N-failure search: whether some position of the closed set is wrongly called N by a
//! candidate quotient, that is, its element is not in P, it has a move, and none of its
//! options' elements is in P.
//!
//! Whether a position X fails depends only on its element x and its transition set T(X)
//! (the elements of its options). Adding a heap h of element a to X gives the element xa
//! and the transition set T(X)a ∪ x T(h). So if X and Y have the same element and
//! T(X) ⊆ T(Y), every extension of Y has a transition set containing that of the same
//! extension of X: when Y + Z fails, so does X + Z. The search therefore keeps, for each
//! element, only the minimal transition sets found (an antichain), and extends only those.
//! It adds the heaps one kind at a time (every position is some position of the smaller
//! heaps plus copies of the next heap), so the families of the heaps below n are kept and
//! a new heap n only extends them. The antichains are finite, so the search ends.

use std::collections::VecDeque;

use super::monoid::{words, Element, Monoid};

/// The minimal transition sets of each element, with the position that reached each.
#[derive(Clone, Debug)]
pub struct Families {
    stride: usize,
    sets: Vec<u64>,
    elem: Vec<Element>,
    parent: Vec<u32>,
    heap: Vec<u32>,
    alive: Vec<bool>,
    by_elem: Vec<Vec<u32>>,
}

/// Why a search stopped.
#[derive(Debug, PartialEq, Eq)]
pub enum Stop {
    /// A position (its heaps) that the candidate calls N although no option is in P.
    Failure(Vec<u32>),
    /// More transition sets than the memory limit allows.
    TooLarge,
}

impl Families {
    /// The families of the empty position alone, for a monoid of `order` elements.
    pub fn new(order: usize) -> Families {
        let stride = words(order);
        let mut by_elem = vec![Vec::new(); order];
        by_elem[0].push(0);
        Families {
            stride,
            sets: vec![0; stride],
            elem: vec![0],
            parent: vec![u32::MAX],
            heap: vec![0],
            alive: vec![true],
            by_elem,
        }
    }

    /// Bytes held.
    pub fn bytes(&self) -> usize {
        self.sets.len() * 8 + self.elem.len() * 13
    }

    /// The heaps of the position that node `i` stands for.
    pub fn word(&self, mut i: u32) -> Vec<u32> {
        let mut w = Vec::new();
        while self.parent[i as usize] != u32::MAX {
            w.push(self.heap[i as usize]);
            i = self.parent[i as usize];
        }
        w.sort_unstable();
        w
    }

    fn set(&self, i: usize) -> &[u64] {
        &self.sets[i * self.stride..(i + 1) * self.stride]
    }

    /// Extends every family by any number of copies of heap `h` (element `a`, options'
    /// elements `t`), keeping the antichains minimal; stops at the first failure or when
    /// the sets would take more than `max_bytes`.
    pub fn close_under(
        &mut self,
        q: &Monoid,
        p_bits: &[u64],
        h: u32,
        a: Element,
        t: &[Element],
        max_bytes: usize,
    ) -> Result<(), Stop> {
        let mut queue: VecDeque<u32> = (0..self.elem.len() as u32).filter(|&i| self.alive[i as usize]).collect();
        let mut scratch = vec![0u64; self.stride];
        while let Some(i) = queue.pop_front() {
            if !self.alive[i as usize] {
                continue;
            }
            let x = self.elem[i as usize];
            let y = q.mul(x, a);
            scratch.iter_mut().for_each(|w| *w = 0);
            for (wi, &word) in self.set(i as usize).iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    let b = bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let z = q.mul((wi * 64 + b) as Element, a) as usize;
                    scratch[z / 64] |= 1 << (z % 64);
                }
            }
            for &s in t {
                let z = q.mul(x, s) as usize;
                scratch[z / 64] |= 1 << (z % 64);
            }
            let meets_p = scratch.iter().zip(p_bits).any(|(s, p)| s & p != 0);
            if !q.is_p(y) && !meets_p {
                let mut w = self.word(i);
                w.push(h);
                w.sort_unstable();
                return Err(Stop::Failure(w));
            }
            let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
            if self.by_elem[y as usize].iter().any(|&j| subset(self.set(j as usize), &scratch)) {
                continue;
            }
            let dominated: Vec<u32> =
                self.by_elem[y as usize].iter().copied().filter(|&j| subset(&scratch, self.set(j as usize))).collect();
            for j in dominated {
                self.alive[j as usize] = false;
            }
            let alive = &self.alive;
            self.by_elem[y as usize].retain(|&j| alive[j as usize]);
            let n = self.elem.len() as u32;
            self.sets.extend_from_slice(&scratch);
            self.elem.push(y);
            self.parent.push(i);
            self.heap.push(h);
            self.alive.push(true);
            self.by_elem[y as usize].push(n);
            queue.push_back(n);
            if self.bytes() > max_bytes {
                return Err(Stop::TooLarge);
            }
        }
        Ok(())
    }
}

/// A heap kind as the full search uses it: the heap, its element, its options' elements
/// and its height.
pub struct Kind<'a> {
    /// The heap.
    pub heap: u32,
    /// Its element.
    pub element: Element,
    /// Its options' elements.
    pub transitions: &'a [Element],
    /// The longest play from it.
    pub height: u64,
}

impl Families {
    /// The whole search at once, over positions in order of height (each heap costs its
    /// height): returns the closed families, or a failing position of least height (every
    /// position of smaller height is then classified correctly, by induction on height,
    /// so the failing one's true outcome is the opposite of the candidate's).
    pub fn search(q: &Monoid, p_bits: &[u64], kinds: &[Kind<'_>], max_bytes: usize) -> Result<Families, (Stop, u64)> {
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
        let mut fam = Families::new(q.order());
        fam.by_elem[0].clear();
        fam.alive[0] = false;
        let stride = fam.stride;
        // Pending positions: (height, parent node, kind); the set is built when popped.
        let mut queue: BinaryHeap<Reverse<(u64, u32, u32)>> = BinaryHeap::new();
        let mut pending_root = true;
        let mut scratch = vec![0u64; stride];
        let subset = |a: &[u64], b: &[u64]| a.iter().zip(b).all(|(x, y)| x & !y == 0);
        loop {
            let (height, parent, kind) = if pending_root {
                pending_root = false;
                (0, u32::MAX, u32::MAX)
            } else {
                match queue.pop() {
                    Some(Reverse(item)) => item,
                    None => return Ok(fam),
                }
            };
            let (y, h) = if parent == u32::MAX {
                scratch.iter_mut().for_each(|w| *w = 0);
                (0, 0)
            } else {
                let k = &kinds[kind as usize];
                let x = fam.elem[parent as usize];
                scratch.iter_mut().for_each(|w| *w = 0);
                for (wi, &word) in fam.set(parent as usize).iter().enumerate() {
                    let mut bits = word;
                    while bits != 0 {
                        let b = bits.trailing_zeros() as usize;
                        bits &= bits - 1;
                        let z = q.mul((wi * 64 + b) as Element, k.element) as usize;
                        scratch[z / 64] |= 1 << (z % 64);
                    }
                }
                for &s in k.transitions {
                    let z = q.mul(x, s) as usize;
                    scratch[z / 64] |= 1 << (z % 64);
                }
                (q.mul(x, k.element), k.heap)
            };
            if parent != u32::MAX {
                let meets_p = scratch.iter().zip(p_bits).any(|(s, p)| s & p != 0);
                if !q.is_p(y) && !meets_p {
                    let mut w = fam.word(parent);
                    w.push(h);
                    w.sort_unstable();
                    return Err((Stop::Failure(w), height));
                }
            }
            if fam.by_elem[y as usize].iter().any(|&j| subset(fam.set(j as usize), &scratch)) {
                continue;
            }
            let dominated: Vec<u32> =
                fam.by_elem[y as usize].iter().copied().filter(|&j| subset(&scratch, fam.set(j as usize))).collect();
            for j in dominated {
                fam.alive[j as usize] = false;
            }
            let alive = &fam.alive;
            fam.by_elem[y as usize].retain(|&j| alive[j as usize]);
            let n = if parent == u32::MAX {
                fam.alive[0] = true;
                0
            } else {
                let n = fam.elem.len() as u32;
                fam.sets.extend_from_slice(&scratch);
                fam.elem.push(y);
                fam.parent.push(parent);
                fam.heap.push(h);
                fam.alive.push(true);
                n
            };
            fam.by_elem[y as usize].push(n);
            for (ki, k) in kinds.iter().enumerate() {
                queue.push(Reverse((height + k.height, n, ki as u32)));
            }
            if fam.bytes() + queue.len() * 16 > max_bytes {
                return Err((Stop::TooLarge, height));
            }
        }
    }
}
