//! Misère quotients (Plambeck and Siegel): misère play of a heap game at any size, as long
//! as its heaps stay within a bound n.
//!
//! **What it is.** Positions made of heaps of at most n stones form a closed set A_n (sums
//! and options stay inside). Two positions G, H are indistinguishable when G + X and H + X
//! have the same misère outcome for every X in A_n. The classes form a finite commutative
//! monoid Q_n (when the game is kind, as the games people study are), the *misère
//! quotient*; its *P-portion* is the set of classes of P-positions, and the *pretending
//! function* φ sends each heap to its class. Then a position h1 + ... + hk is a P-position
//! exactly when φ(h1)···φ(hk) lies in the P-portion: one multiplication chain in a table.
//!
//! **Applies to** every heap game whose heaps' options are sums of smaller heaps: all
//! take-and-break codes, subtraction games, Grundy's game, Nim, games on a graph.
//!
//! **How it is built** (after Siegel's MisereSolver, written afresh; `build`): heap by
//! heap. With Q_{n-1}, its P-portion and φ known, heap n's options give its *transition
//! set* T(n), the elements of its options.
//! 1. Conservative extension: look for an element x of Q_{n-1} that heap n can pretend to
//!    be: x must have heap n's outcome, no y with yx in P may have some yt in P for t in
//!    T(n), and the failure search below must find nothing. Then Q_n = Q_{n-1}.
//! 2. Otherwise heap n gets a new generator: the candidate is Q_{n-1} times a cyclic
//!    monoid {1, c, c², c³ = c^5 ...} (c^4 = c^2), with φ(n) = c. Its P-portion is read
//!    off one position of least height per element (found by a Dijkstra search with each
//!    heap costing its height, so a position's options, of smaller height, are decided
//!    first: P when no option's element is in P). Then elements no product tells apart
//!    are merged (partition refinement over the generators' action, `monoid::reduce`).
//! 3. The candidate is verified on every position of A_n (`families`): no P-position may
//!    have an option in P (checked for every element and heap), and every N-position with
//!    a move must have one (a search over positions keyed by element and transition set,
//!    where a set containing another of the same element is pruned, which makes it
//!    finite). A verified candidate describes A_n faithfully, and after the merging it is
//!    reduced, so it *is* Q_n.
//! 4. On a failure, the failing position of least height (each heap costing its height,
//!    the longest play from it) is wrongly classified while every smaller position is
//!    right, so its true outcome is the opposite of the candidate's (induction on height).
//!    The next candidate is the current one times fresh cyclic factors for a few heaps
//!    (those of the failing position and of the position standing for its element), with
//!    an index above the heap's count in the failing position: sets of one, two, three
//!    heaps first, each heap then mapping to its factor's generator alone (MisereSolver's
//!    way, which keeps candidates small: Q_30(.07) in 0.6 s instead of 4 s); failing
//!    that, all of them at once, each keeping its old element times the generator (a
//!    refinement of the candidate). The first that gives the failing position its true
//!    outcome is verified again (step 3), at most 64 times.
//!
//! So every quotient returned has passed the full verification; the search for a
//! candidate is what may fail (a typed error, never a wrong answer).
//!
//! **Cost.** A conservative extension costs O(|Q|·|T(n)|) for the P check and one pass of
//! the failure search over the new heap. A new generator costs a Dijkstra search over
//! |Q_{n-1}|·∏(factor sizes) trial elements, the reduction (O(trial · generators) a round)
//! and a full verification, whose size is the number of minimal transition sets (bitsets
//! of |Q| bits); it is exponential in the worst case and small in practice. The
//! multiplication table holds |Q|² entries of 4 bytes. [`QuotientBounds`] bounds all three: the
//! computation refuses with [`QuotientError::TooLarge`] past |Q| = 4096 (a 64 MB table; candidates on the way may be larger than the answer: with a recalibration that only refined candidates, one for Q_30(.07), of order 360, had 2008 elements),
//! 2^21 trial elements, or 256 MB of transition sets. Measurements: `runs/bench/`.
//!
//! **Periodicity.** MisereSolver stops once φ (as elements of the final quotient) repeats
//! with preperiod n0 and period p over L heaps with 2·n0 + 2·p + k + 2 <= L (k the largest
//! number of stones a move takes). The periodicity theorem for misère quotients of
//! Plambeck and Siegel is what makes such a stop final; this module only reports the
//! repetition and that the rule is met, and says "not proved" (see [`Periodicity`]).

use thiserror::Error;

use crate::control::Cancel;
use crate::game::Game;
pub use canonical::{FormId, Forms, Phylum};
pub use genus::{genus, Genus, GenusError, GENUS_MAX_HEAP};
pub use monoid::Element;
pub use present::{generator_name, write_word, Presentation};

mod build;
mod canonical;
mod families;
mod genus;
mod genus_form;
mod monoid;
mod present;
mod tame;

/// The largest heap a quotient is computed for: the builder keeps every heap's options,
/// O(n^2) memory for games that split (Kayles to 2,048: 0.2 s and 142 MB here; to 4,096:
/// 0.9 s and 540 MB).
pub const QUOTIENT_MAX_HEAP: u64 = 2048;

/// Bounds on the work of one quotient computation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct QuotientBounds {
    /// The largest order of a quotient (its table takes 4·order² bytes).
    pub max_order: usize,
    /// The most elements of a trial monoid.
    pub trial_elements: usize,
    /// The most bytes of transition sets in the failure search.
    pub search_bytes: usize,
}

impl Default for QuotientBounds {
    fn default() -> QuotientBounds {
        QuotientBounds { max_order: 4096, trial_elements: 1 << 21, search_bytes: 256 << 20 }
    }
}

/// Why a quotient could not be computed.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum QuotientError {
    /// The work grew past a limit.
    #[error("the misère quotient grew past its limit at heap {heap}: {}", limit_hit(what, limits))]
    TooLarge {
        /// What grew too large.
        what: &'static str,
        /// The heap being added.
        heap: u64,
        /// The limits in force.
        limits: QuotientBounds,
    },
    /// No candidate passed the verification.
    #[error("no candidate quotient passed the verification at heap {heap} (the recalibration gave up)")]
    Recalibration {
        /// The heap being added.
        heap: u64,
    },
    /// The bound asked for is beyond [`QUOTIENT_MAX_HEAP`] (and the stop rule was not met before).
    #[error("heaps up to {to} asked for; the misère quotient is computed for heaps up to {QUOTIENT_MAX_HEAP} (unless the stop rule ends it earlier)")]
    TooManyHeaps {
        /// The bound asked for.
        to: u64,
    },
    /// A finite game (a graph) has no heap that large.
    #[error("{game} has no heap {to} (its largest is {largest})")]
    NoSuchHeap {
        /// The game's name.
        game: String,
        /// The bound asked for.
        to: u64,
        /// The largest heap.
        largest: u64,
    },
    /// The job's cancellation token was set.
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
}

/// The limit a computation hit, in words: "the quotient passed |Q| <= 4096" rather than
/// every limit in force (issue 35: which one was hit was left to guess).
fn limit_hit(what: &str, limits: &QuotientBounds) -> String {
    match what {
        "the quotient" => format!("its order passed the limit of |Q| <= {}", limits.max_order),
        "a trial monoid" => format!("a trial monoid passed the limit of {} elements", limits.trial_elements),
        "the failure search" => {
            format!("the failure search passed the limit of {} MB of transition sets", limits.search_bytes >> 20)
        }
        other => format!("{other} passed its limit"),
    }
}

/// How the pretending function repeats, as far as it was computed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// Heaps before the repetition starts.
    pub preperiod: u64,
    /// The period.
    pub period: u64,
    /// Heaps computed, 0..values.
    pub values: u64,
    /// Heaps MisereSolver's stop rule asks for: 2·preperiod + 2·period + k + 2.
    pub needed: u64,
}

/// The misère quotient of a game for heaps up to a bound, with everything it answers.
#[derive(Clone, Debug)]
pub struct MisereQuotient {
    game: String,
    q: monoid::Monoid,
    phi: Vec<Element>,
    nim_values: Vec<u64>,
    presentation: Presentation,
    changes: Vec<u32>,
    max_take: Option<usize>,
    tame: bool,
    stopped_periodic: bool,
}

impl MisereQuotient {
    /// Q_to: the quotient of the positions made of heaps 0..=`to`. With
    /// `stop_when_periodic`, stops earlier once φ meets MisereSolver's stop rule.
    pub fn compute(
        game: &Game,
        to: u64,
        stop_when_periodic: bool,
        limits: QuotientBounds,
        progress: &mut dyn FnMut(u64),
        cancel: &Cancel,
    ) -> Result<MisereQuotient, QuotientError> {
        match MisereQuotient::compute_partial(game, to, stop_when_periodic, limits, progress, cancel) {
            (Some(q), None) => Ok(q),
            (_, Some(e)) => Err(e),
            (None, None) => unreachable!("a computation ends with a quotient or an error"),
        }
    }

    /// As [`MisereQuotient::compute`], but when the work grows past a limit at heap h,
    /// also returns the quotient of heaps 0..h-1 (if h > 0) beside the error: what a census
    /// records as the bound reached.
    pub fn compute_partial(
        game: &Game,
        to: u64,
        stop_when_periodic: bool,
        limits: QuotientBounds,
        progress: &mut dyn FnMut(u64),
        cancel: &Cancel,
    ) -> (Option<MisereQuotient>, Option<QuotientError>) {
        // Past QUOTIENT_MAX_HEAP only a computation that stops at the stop rule before it may start.
        if to > QUOTIENT_MAX_HEAP && !stop_when_periodic {
            return (None, Some(QuotientError::TooManyHeaps { to }));
        }
        if let Some(largest) = game.largest_heap() {
            if to > largest {
                return (None, Some(QuotientError::NoSuchHeap { game: game.name(), to, largest }));
            }
        }
        let max_take = game.periodicity_theorem().and_then(|t| match t {
            crate::game::PeriodicityTheorem::Octal { max_take }
            | crate::game::PeriodicityTheorem::Subtraction { max_take } => Some(max_take),
            crate::game::PeriodicityTheorem::AllButSubtraction { .. } => None,
        });
        let mut b = build::Builder::new(limits, cancel.clone());
        let mut stopped_periodic = false;
        let mut error = None;
        for n in 0..=to {
            if n > QUOTIENT_MAX_HEAP {
                error = Some(QuotientError::TooManyHeaps { to });
                break;
            }
            if let Err(e) = cancel.check().map_err(QuotientError::from).and_then(|()| b.push(game)) {
                error = Some(e);
                break;
            }
            progress(n);
            if stop_when_periodic {
                if let Some(k) = max_take {
                    if periodicity(&b.state.phi, k).is_some_and(|p| p.needed <= p.values) {
                        stopped_periodic = true;
                        break;
                    }
                }
            }
        }
        let state = b.state;
        if state.phi.is_empty() {
            return (None, error);
        }
        let mut nim_values = nim_values(&b.heaps);
        nim_values.truncate(state.phi.len());
        let presentation = Presentation::of(&state.q, &state.phi);
        let tame = tame::is_tame(&state.q, &state.phi, &nim_values);
        let q = MisereQuotient {
            game: game.name(),
            q: state.q,
            phi: state.phi,
            nim_values,
            presentation,
            changes: b.changes,
            max_take,
            tame,
            stopped_periodic,
        };
        (Some(q), error)
    }

    /// The game's name.
    pub fn game(&self) -> &str {
        &self.game
    }

    /// The largest heap covered: positions of heaps 0..=bound are answered.
    pub fn bound(&self) -> u64 {
        self.phi.len() as u64 - 1
    }

    /// |Q|.
    pub fn order(&self) -> usize {
        self.q.order()
    }

    /// |P|, the size of the P-portion.
    pub fn p_portion(&self) -> usize {
        self.q.p_count()
    }

    /// The elements of the P-portion.
    pub fn p_elements(&self) -> Vec<Element> {
        (0..self.order() as Element).filter(|&x| self.q.is_p(x)).collect()
    }

    /// The element of heap n (the pretending function), if n is within the bound.
    pub fn heap_element(&self, n: u64) -> Option<Element> {
        self.phi.get(usize::try_from(n).ok()?).copied()
    }

    /// The pretending function, heap 0 to the bound.
    pub fn pretending(&self) -> &[Element] {
        &self.phi
    }

    /// The normal-play value of heap n (within the bound).
    pub fn nim_value(&self, n: u64) -> Option<u64> {
        self.nim_values.get(usize::try_from(n).ok()?).copied()
    }

    /// The element of a position, if every heap is within the bound.
    pub fn position_element(&self, heaps: &[u64]) -> Option<Element> {
        heaps.iter().try_fold(0, |x, &h| Some(self.q.mul(x, self.heap_element(h)?)))
    }

    /// Whether a position is a misère P-position (the player to move loses), if every heap
    /// is within the bound.
    pub fn is_p_position(&self, heaps: &[u64]) -> Option<bool> {
        self.position_element(heaps).map(|x| self.q.is_p(x))
    }

    /// The presentation: generators, least words, relations.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// An element's name: its least word in the generators.
    pub fn name(&self, x: Element) -> String {
        self.presentation.name(x)
    }

    /// Heaps at which a new generator was needed (the presentation changed).
    pub fn changes(&self) -> &[u32] {
        &self.changes
    }

    /// Whether every position within the bound plays as misère Nim on its heaps'
    /// normal-play values (the game is tame there).
    pub fn is_tame(&self) -> bool {
        self.tame
    }

    /// The repetition of φ found, if the game has a largest move (octal codes, finite
    /// subtraction sets); `needed <= values` means MisereSolver's stop rule is met.
    pub fn periodicity(&self) -> Option<Periodicity> {
        periodicity(&self.phi, self.max_take?)
    }

    /// The most stones one move takes, for octal codes and finite subtraction sets (the k
    /// of the stop rule); `None` for the other games, whose φ is not checked for a period.
    pub fn largest_move(&self) -> Option<usize> {
        self.max_take
    }

    /// Whether the computation stopped before the bound asked for because the stop rule
    /// was met.
    pub fn stopped_periodic(&self) -> bool {
        self.stopped_periodic
    }
}

/// The shortest period p, then the shortest preperiod n0, with φ(i + p) = φ(i) for every
/// n0 <= i < L - p, that meets the stop rule 2·n0 + 2·p + k + 2 <= L; or, when none does,
/// the repetition that comes closest (least `needed`), if any period at all is seen.
fn periodicity(phi: &[Element], k: usize) -> Option<Periodicity> {
    let l = phi.len();
    let mut best: Option<Periodicity> = None;
    for p in 1..l {
        let mut n0 = l - p;
        while n0 > 0 && phi[n0 - 1] == phi[n0 - 1 + p] {
            n0 -= 1;
        }
        let needed = (2 * n0 + 2 * p + k + 2) as u64;
        let cand = Periodicity { preperiod: n0 as u64, period: p as u64, values: l as u64, needed };
        if needed <= l as u64 {
            return Some(cand);
        }
        // A repetition seen at least twice, the closest to the rule so far.
        if l - n0 >= 2 * p && best.is_none_or(|b| needed < b.needed) {
            best = Some(cand);
        }
    }
    best
}

/// The order of Q_h for h = 0, 1, ... up to `to` (at most [`QUOTIENT_MAX_HEAP`]), as far as `limits`
/// let the computation go: what the misère cost model's probe reads.
pub fn orders(game: &Game, to: u64, limits: QuotientBounds) -> Vec<usize> {
    let mut b = build::Builder::new(limits, Cancel::never());
    let mut out = Vec::new();
    for _ in 0..=to.min(QUOTIENT_MAX_HEAP) {
        if b.push(game).is_err() {
            break;
        }
        out.push(b.state.q.order());
    }
    out
}

/// Normal-play values of heaps 0..len, by the definition over the builder's options.
fn nim_values(heaps: &build::Heaps) -> Vec<u64> {
    let mut g: Vec<u64> = Vec::with_capacity(heaps.live.len());
    for opts in &heaps.options {
        let mut seen: Vec<bool> = vec![false; opts.len() + 1];
        for o in opts {
            let v = o.iter().fold(0, |x, &h| x ^ g[h as usize]) as usize;
            if v < seen.len() {
                seen[v] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap_or(opts.len()) as u64);
    }
    g
}

#[cfg(test)]
mod canonical_tests;
#[cfg(test)]
mod tests;
