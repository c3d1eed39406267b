//! Finite commutative monoids with a P-portion: the explicit multiplication table of a
//! reduced quotient, the trial monoids (a quotient times fresh cyclic factors) the builder
//! tries, and the reduction that merges indistinguishable elements.

use std::collections::HashMap;

/// An element of a monoid, by index; the identity is always 0.
pub type Element = u32;

/// A finite commutative monoid given by its full multiplication table, with the set of
/// elements that are P-positions (a bipartite monoid). Element 0 is the identity.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Monoid {
    order: usize,
    table: Vec<Element>,
    p: Vec<bool>,
}

impl Monoid {
    /// The trivial monoid {1}, with 1 an N-position (the empty position: the player to move
    /// has no move and wins under misère play).
    pub fn trivial() -> Monoid {
        Monoid { order: 1, table: vec![0], p: vec![false] }
    }

    /// How many elements.
    pub fn order(&self) -> usize {
        self.order
    }

    /// The product of two elements.
    #[inline]
    pub fn mul(&self, a: Element, b: Element) -> Element {
        self.table[a as usize * self.order + b as usize]
    }

    /// Whether the element is a P-position (the player to move loses).
    #[inline]
    pub fn is_p(&self, a: Element) -> bool {
        self.p[a as usize]
    }

    /// The size of the P-portion.
    pub fn p_count(&self) -> usize {
        self.p.iter().filter(|&&p| p).count()
    }

    /// The P-portion as a bitset of `words(order)` 64-bit words.
    pub fn p_bits(&self) -> Vec<u64> {
        let mut bits = vec![0u64; words(self.order)];
        for (i, _) in self.p.iter().enumerate().filter(|(_, &p)| p) {
            bits[i / 64] |= 1 << (i % 64);
        }
        bits
    }
}

/// 64-bit words in a bitset over `n` elements.
pub fn words(n: usize) -> usize {
    n.div_ceil(64)
}

/// A cyclic monoid factor {1, c, c^2, ...} with c^(index + period) = c^index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cyclic {
    /// Exponents below the index are never identified with another.
    pub index: u32,
    /// The cycle the exponents fall into from the index on.
    pub period: u32,
}

impl Cyclic {
    fn size(self) -> usize {
        (self.index + self.period) as usize
    }

    fn add(self, a: usize, b: usize) -> usize {
        let e = a + b;
        if e < self.size() {
            e
        } else {
            let i = self.index as usize;
            i + (e - i) % self.period as usize
        }
    }
}

/// A trial monoid: a known quotient times fresh cyclic factors, its elements encoded as
/// `base + order(base) * (mixed-radix exponents)`.
pub struct Trial<'a> {
    base: &'a Monoid,
    factors: Vec<Cyclic>,
}

impl<'a> Trial<'a> {
    /// `base` times the cyclic `factors`; `None` when it would have more than `limit`
    /// elements.
    pub fn new(base: &'a Monoid, factors: Vec<Cyclic>, limit: usize) -> Option<Trial<'a>> {
        let mut size = base.order();
        for f in &factors {
            size = size.checked_mul(f.size())?;
        }
        (size <= limit).then_some(Trial { base, factors })
    }

    /// The element (base element, with factor `j`'s generator to the first power).
    pub fn unit(&self, j: usize) -> usize {
        let mut stride = self.base.order();
        for f in &self.factors[..j] {
            stride *= f.size();
        }
        stride
    }

    /// The product of two encoded elements.
    pub fn mul(&self, a: usize, b: usize) -> usize {
        let q = self.base.order();
        let (mut ra, mut rb) = (a / q, b / q);
        let mut out = self.base.mul((a % q) as Element, (b % q) as Element) as usize;
        let mut stride = q;
        for f in &self.factors {
            let s = f.size();
            out += f.add(ra % s, rb % s) * stride;
            ra /= s;
            rb /= s;
            stride *= s;
        }
        out
    }
}

/// The coarsest congruence of a bipartite monoid that keeps P and N apart, found by
/// partition refinement (Moore's algorithm) over the action of the generators: two
/// elements are merged when no product with any element tells their outcomes apart.
///
/// `elements` lists the reachable elements, the identity first; `act(e, g)` is e times
/// generator g; `is_p(e)` the outcome. Returns the class of each listed element, classes
/// numbered by first appearance (so the identity's class is 0), and the number of classes.
pub fn reduce(
    elements: &[usize],
    generators: usize,
    mut act: impl FnMut(usize, usize) -> usize,
    is_p: impl Fn(usize) -> bool,
) -> (Vec<Element>, usize) {
    let index: HashMap<usize, usize> = elements.iter().enumerate().map(|(i, &e)| (e, i)).collect();
    let moves: Vec<Vec<usize>> =
        elements.iter().map(|&e| (0..generators).map(|g| index[&act(e, g)]).collect()).collect();
    let mut class: Vec<Element> = elements.iter().map(|&e| Element::from(is_p(e))).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<Vec<Element>, Element> = HashMap::new();
        let mut next = Vec::with_capacity(class.len());
        for (i, m) in moves.iter().enumerate() {
            let mut sig = Vec::with_capacity(generators + 1);
            sig.push(class[i]);
            sig.extend(m.iter().map(|&j| class[j]));
            let n = ids.len() as Element;
            next.push(*ids.entry(sig).or_insert(n));
        }
        let c = ids.len();
        class = next;
        if c == count {
            return (class, c);
        }
        count = c;
    }
}

/// Builds the reduced monoid from representatives: `reps[k]` an element of class k (in the
/// trial's encoding), `mul` the trial's product, `class_of` the class of an encoded element.
pub fn quotient_table(
    reps: &[usize],
    mul: impl Fn(usize, usize) -> usize,
    class_of: impl Fn(usize) -> Element,
    p: Vec<bool>,
) -> Monoid {
    let order = reps.len();
    let mut table = vec![0; order * order];
    for a in 0..order {
        for b in a..order {
            let c = class_of(mul(reps[a], reps[b]));
            table[a * order + b] = c;
            table[b * order + a] = c;
        }
    }
    Monoid { order, table, p }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cyclic_wraps_into_its_period() {
        let c = Cyclic { index: 2, period: 2 };
        assert_eq!(c.add(1, 1), 2);
        assert_eq!(c.add(2, 2), 2);
        assert_eq!(c.add(3, 2), 3);
        assert_eq!(c.add(3, 3), 2);
    }

    #[test]
    fn trial_multiplies_factorwise() {
        let base = Monoid::trivial();
        let t = Trial::new(&base, vec![Cyclic { index: 1, period: 2 }, Cyclic { index: 2, period: 2 }], 100).unwrap();
        let (a, b) = (t.unit(0), t.unit(1));
        assert_eq!(t.mul(a, a), 2 * a);
        assert_eq!(t.mul(t.mul(a, a), a), a);
        assert_eq!(t.mul(b, t.mul(b, b)), 3 * b);
        assert!(Trial::new(&base, vec![Cyclic { index: 1, period: 2 }; 10], 100).is_none());
    }
}
