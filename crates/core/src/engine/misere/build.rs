//! The heap-by-heap construction of Q_n (see the module documentation of
//! [`super`] for the algorithm in words).

use std::cmp::Reverse;
use std::collections::{BTreeMap, BinaryHeap, HashMap};

use super::families::{Families, Kind, Stop};
use super::monoid::{quotient_table, reduce, Cyclic, Element, Monoid, Trial};
use super::{QuotientBounds, QuotientError};
use crate::control::Cancel;
use crate::game::{Game, HeapGame};

/// The most candidates tried for one heap before giving up.
const MAX_ROUNDS: usize = 64;

/// The rules as the builder needs them: which heaps have a move, their heights (the
/// longest play from a heap alone), and each heap's options as lists of heaps with a move.
pub struct Heaps {
    /// Whether heap n has a move.
    pub live: Vec<bool>,
    height: Vec<u64>,
    /// The options of heap n, each a sorted list of heaps that have a move, no repeats.
    pub options: Vec<Vec<Vec<u32>>>,
}

impl Heaps {
    fn new() -> Heaps {
        Heaps { live: Vec::new(), height: Vec::new(), options: Vec::new() }
    }

    fn push(&mut self, game: &Game) {
        let n = self.live.len() as u64;
        let mut opts: Vec<Vec<u32>> = game
            .heap_moves(n)
            .into_iter()
            .map(|m| {
                let mut o: Vec<u32> = m.left.iter().map(|&h| h as u32).filter(|&h| self.live[h as usize]).collect();
                o.sort_unstable();
                o
            })
            .collect();
        opts.sort();
        opts.dedup();
        let height = opts.iter().map(|o| o.iter().map(|&h| self.height[h as usize]).sum::<u64>() + 1).max();
        self.live.push(height.is_some());
        self.height.push(height.unwrap_or(0));
        self.options.push(opts);
    }
}

/// A quotient with its pretending function and a representative position of each element.
#[derive(Clone)]
pub struct State {
    /// The reduced quotient.
    pub q: Monoid,
    /// The element of each heap 0..=n.
    pub phi: Vec<Element>,
    /// A position of least height for each element, as sorted heaps.
    pub words: Vec<Vec<u32>>,
}

impl State {
    /// The elements of heap h's options.
    pub fn transitions(&self, heaps: &Heaps, h: usize) -> Vec<Element> {
        let mut t: Vec<Element> =
            heaps.options[h].iter().map(|o| o.iter().fold(0, |x, &g| self.q.mul(x, self.phi[g as usize]))).collect();
        t.sort_unstable();
        t.dedup();
        t
    }

    /// An element y with y·a in P and some y·t in P (t an option's element): a position
    /// wrongly called P.
    fn p_failure(&self, a: Element, t: &[Element]) -> Option<Element> {
        (0..self.q.order() as Element)
            .find(|&y| self.q.is_p(self.q.mul(y, a)) && t.iter().any(|&s| self.q.is_p(self.q.mul(y, s))))
    }
}

/// Builds Q_0, Q_1, ... one heap at a time.
pub struct Builder {
    /// The rules, heap by heap.
    pub heaps: Heaps,
    /// The quotient so far.
    pub state: State,
    families: Families,
    limits: QuotientBounds,
    /// Checked at every round of a heap's recalibration, which may take seconds.
    cancel: Cancel,
    /// Heaps at which the presentation changed (a new generator or a recalibration).
    pub changes: Vec<u32>,
}

impl Builder {
    /// Q_{-1}: no heap yet, the trivial monoid.
    pub fn new(limits: QuotientBounds, cancel: Cancel) -> Builder {
        let state = State { q: Monoid::trivial(), phi: Vec::new(), words: vec![Vec::new()] };
        Builder { heaps: Heaps::new(), state, families: Families::new(1), limits, cancel, changes: Vec::new() }
    }

    /// Adds the next heap and brings the quotient up to it.
    pub fn push(&mut self, game: &Game) -> Result<(), QuotientError> {
        let n = self.state.phi.len();
        self.heaps.push(game);
        if !self.heaps.live[n] {
            self.state.phi.push(0);
            return Ok(());
        }
        let t = self.state.transitions(&self.heaps, n);
        let alone_p = t.iter().all(|&x| !self.state.q.is_p(x));
        // A conservative extension: heap n behaves as an element already there.
        let p_bits = self.state.q.p_bits();
        for x in 0..self.state.q.order() as Element {
            if self.state.q.is_p(x) != alone_p || self.state.p_failure(x, &t).is_some() {
                continue;
            }
            let mut fam = self.families.clone();
            match fam.close_under(&self.state.q, &p_bits, n as u32, x, &t, self.limits.search_bytes) {
                Ok(()) => {
                    self.families = fam;
                    self.state.phi.push(x);
                    return Ok(());
                }
                Err(Stop::TooLarge) => return Err(self.too_large("the failure search", n)),
                Err(Stop::Failure(_)) => {}
            }
        }
        // Otherwise heap n gets a generator of its own; while the candidate fails, the
        // heaps of its least failing position get fresh factors (smallest sets first).
        let base = self.state.clone();
        let mut cand = self.trial(&base, &BTreeMap::from([(n as u32, 2)]), false, n)?;
        for _ in 0..MAX_ROUNDS {
            self.cancel.check()?;
            let (word, claimed_p) = match self.verify(&cand, n)? {
                Ok(fam) => {
                    self.state = cand;
                    self.families = fam;
                    self.changes.push(n as u32);
                    return Ok(());
                }
                Err(failure) => failure,
            };
            // The heaps that may need a factor of their own: those of the failing position
            // and those of the position that stands for its element (the candidate may
            // have merged the two wrongly), each with its count in the failing position.
            let element = word.iter().fold(0, |x, &h| cand.q.mul(x, cand.phi[h as usize]));
            let mut kinds: Vec<(u32, u32)> = Vec::new();
            for &h in word.iter().chain(&cand.words[element as usize]) {
                let m = word.iter().filter(|&&g| g == h).count() as u32;
                if !kinds.iter().any(|&(g, _)| g == h) {
                    kinds.push((h, m));
                }
            }
            let fixes = |t: &State| t.q.is_p(word.iter().fold(0, |x, &h| t.q.mul(x, t.phi[h as usize]))) != claimed_p;
            let mut next = None;
            'sizes: for size in 1..=kinds.len().min(3) {
                for subset in subsets(kinds.len(), size) {
                    let freed: BTreeMap<u32, u32> =
                        subset.iter().map(|&i| (kinds[i].0, (kinds[i].1 + 1).max(2))).collect();
                    let t = self.trial(&cand, &freed, false, n)?;
                    if fixes(&t) {
                        next = Some(t);
                        break 'sizes;
                    }
                }
            }
            // Then every such heap at once, with room for more copies.
            for extra in [1, 3] {
                if next.is_none() {
                    let freed: BTreeMap<u32, u32> = kinds.iter().map(|&(h, m)| (h, (m + extra).max(2))).collect();
                    let t = self.trial(&cand, &freed, true, n)?;
                    if fixes(&t) {
                        next = Some(t);
                    }
                }
            }
            cand = match next {
                Some(t) => t,
                None => return Err(QuotientError::Recalibration { heap: n as u64 }),
            };
        }
        Err(QuotientError::Recalibration { heap: n as u64 })
    }

    fn too_large(&self, what: &'static str, n: usize) -> QuotientError {
        QuotientError::TooLarge { what, heap: n as u64, limits: self.limits }
    }

    /// The candidate: `base` times a cyclic factor per freed heap, which then maps to that
    /// factor's generator (times its old element when `keep`), its P-portion found from
    /// positions of least height, reduced.
    fn trial(&self, base: &State, freed: &BTreeMap<u32, u32>, keep: bool, n: usize) -> Result<State, QuotientError> {
        let factors: Vec<Cyclic> = freed.values().map(|&index| Cyclic { index, period: 2 }).collect();
        // The product may be far larger than the part the heaps reach; only that part is
        // visited (and bounded by the limit), so the encoding only has to fit a usize.
        let trial = Trial::new(&base.q, factors, usize::MAX >> 8).ok_or_else(|| self.too_large("a trial monoid", n))?;
        let phi: Vec<usize> = (0..=n)
            .map(|h| {
                let old = base.phi.get(h).map_or(0, |&x| x as usize);
                match freed.keys().position(|&g| g as usize == h) {
                    Some(j) => trial.unit(j) + if keep { old } else { 0 },
                    None => old,
                }
            })
            .collect();
        let live: Vec<usize> = (0..=n).filter(|&h| self.heaps.live[h]).collect();
        let trans: Vec<Vec<usize>> = (0..=n)
            .map(|h| {
                let mut t: Vec<usize> = self.heaps.options[h]
                    .iter()
                    .map(|o| o.iter().fold(0, |x, &g| trial.mul(x, phi[g as usize])))
                    .collect();
                t.sort_unstable();
                t.dedup();
                t
            })
            .collect();
        // Dijkstra over the elements, each heap costing its height: the first position
        // found for an element has the least height, so its options' elements (of smaller
        // height) are already decided.
        let mut fin: HashMap<usize, u32> = HashMap::new();
        let mut order: Vec<usize> = Vec::new();
        let mut parent: Vec<(u32, u32)> = Vec::new();
        let mut is_p: Vec<bool> = Vec::new();
        let mut queue = BinaryHeap::from([Reverse((0u64, 0usize, u32::MAX, 0u32))]);
        while let Some(Reverse((d, e, par, heap))) = queue.pop() {
            if fin.contains_key(&e) {
                continue;
            }
            let i = order.len() as u32;
            fin.insert(e, i);
            order.push(e);
            parent.push((par, heap));
            let mut word = Vec::new();
            let mut j = i;
            while parent[j as usize].0 != u32::MAX {
                word.push(parent[j as usize].1);
                j = parent[j as usize].0;
            }
            word.sort_unstable();
            let mut p = !word.is_empty();
            'heaps: for (k, &h) in word.iter().enumerate() {
                if k > 0 && word[k - 1] == h {
                    continue;
                }
                let rest = word
                    .iter()
                    .enumerate()
                    .filter(|&(m, _)| m != k)
                    .fold(0, |x, (_, &g)| trial.mul(x, phi[g as usize]));
                for &s in &trans[h as usize] {
                    let f = fin.get(&trial.mul(rest, s)).expect("an option, of smaller height, is decided first");
                    if is_p[*f as usize] {
                        p = false;
                        break 'heaps;
                    }
                }
            }
            is_p.push(p);
            if order.len() > self.limits.trial_elements {
                return Err(self.too_large("a trial monoid", n));
            }
            for &h in &live {
                let f = trial.mul(e, phi[h]);
                if !fin.contains_key(&f) {
                    queue.push(Reverse((d + self.heaps.height[h], f, i, h as u32)));
                }
            }
        }
        let mut gens: Vec<usize> = live.iter().map(|&h| phi[h]).collect();
        gens.sort_unstable();
        gens.dedup();
        let (class, count) = reduce(&order, gens.len(), |e, g| trial.mul(e, gens[g]), |e| is_p[fin[&e] as usize]);
        if count > self.limits.max_order {
            return Err(self.too_large("the quotient", n));
        }
        let mut reps = vec![usize::MAX; count];
        for (i, &c) in class.iter().enumerate() {
            if reps[c as usize] == usize::MAX {
                reps[c as usize] = i;
            }
        }
        let words: Vec<Vec<u32>> = reps
            .iter()
            .map(|&i| {
                let mut w = Vec::new();
                let mut j = i as u32;
                while parent[j as usize].0 != u32::MAX {
                    w.push(parent[j as usize].1);
                    j = parent[j as usize].0;
                }
                w.sort_unstable();
                w
            })
            .collect();
        let p: Vec<bool> = reps.iter().map(|&i| is_p[i]).collect();
        let rep_elems: Vec<usize> = reps.iter().map(|&i| order[i]).collect();
        let q = quotient_table(&rep_elems, |a, b| trial.mul(a, b), |e| class[fin[&e] as usize], p);
        let phi = phi.iter().map(|&e| class[fin[&e] as usize]).collect();
        Ok(State { q, phi, words })
    }

    /// Checks a candidate on every position of heaps up to n: no P-position has an option
    /// in P, and every N-position with a move has one. Returns the families of transition
    /// sets on success, or a failing position of least height with the outcome the
    /// candidate gives it (wrongly).
    fn verify(&self, cand: &State, n: usize) -> Result<Result<Families, (Vec<u32>, bool)>, QuotientError> {
        if cand.q.is_p(0) {
            return Err(QuotientError::Recalibration { heap: n as u64 });
        }
        let p_bits = cand.q.p_bits();
        let live: Vec<usize> = (0..=n).filter(|&h| self.heaps.live[h]).collect();
        let trans: Vec<Vec<Element>> = live.iter().map(|&h| cand.transitions(&self.heaps, h)).collect();
        let word_height = |w: &[u32]| w.iter().map(|&h| self.heaps.height[h as usize]).sum::<u64>();
        // The least P-failure: y·φ(h) in P with some y·t in P.
        let mut best: Option<(u64, Vec<u32>, bool)> = None;
        for (i, &h) in live.iter().enumerate() {
            for y in 0..cand.q.order() as Element {
                let a = cand.q.mul(y, cand.phi[h]);
                if cand.q.is_p(a) && trans[i].iter().any(|&s| cand.q.is_p(cand.q.mul(y, s))) {
                    let height = word_height(&cand.words[y as usize]) + self.heaps.height[h];
                    if best.as_ref().is_none_or(|b| height < b.0) {
                        let mut w = cand.words[y as usize].clone();
                        w.push(h as u32);
                        w.sort_unstable();
                        best = Some((height, w, true));
                    }
                }
            }
        }
        // Heaps with the same element and options' elements behave alike: the cheapest.
        let mut kinds: Vec<Kind<'_>> = Vec::new();
        for (i, &h) in live.iter().enumerate() {
            let (a, t, height) = (cand.phi[h], &trans[i], self.heaps.height[h]);
            match kinds.iter_mut().find(|k| k.element == a && k.transitions == t.as_slice()) {
                Some(k) if k.height <= height => {}
                Some(k) => *k = Kind { heap: h as u32, element: a, transitions: t, height },
                None => kinds.push(Kind { heap: h as u32, element: a, transitions: t, height }),
            }
        }
        match Families::search(&cand.q, &p_bits, &kinds, self.limits.search_bytes) {
            Ok(fam) => match best {
                None => Ok(Ok(fam)),
                Some((_, w, claimed)) => Ok(Err((w, claimed))),
            },
            Err((Stop::TooLarge, _)) => Err(self.too_large("the failure search", n)),
            Err((Stop::Failure(w), height)) => match best {
                Some((bh, bw, claimed)) if bh <= height => Ok(Err((bw, claimed))),
                _ => Ok(Err((w, false))),
            },
        }
    }
}

/// The subsets of 0..n with `size` elements, in lexicographic order.
fn subsets(n: usize, size: usize) -> Vec<Vec<usize>> {
    fn rec(start: usize, n: usize, size: usize, cur: &mut Vec<usize>, out: &mut Vec<Vec<usize>>) {
        if cur.len() == size {
            out.push(cur.clone());
            return;
        }
        for i in start..n {
            cur.push(i);
            rec(i + 1, n, size, cur, out);
            cur.pop();
        }
    }
    let mut out = Vec::new();
    rec(0, n, size, &mut Vec::new(), &mut out);
    out
}
