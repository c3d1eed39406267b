//! Periods of value sequences: the pre-period and the smallest period, certified by the
//! periodicity theorems where they apply, computing with the fastest engine
//! ([`Engine::choose`]) and stopping as soon as a period is proved.
//!
//! - Octal games (digits below 8, no `!`) whose moves take at most t stones: if
//!   G(n + p) = G(n) for all n0 <= n < 2 n0 + p + t, then for all n >= n0 (Guy and Smith;
//!   Winning Ways, chapter 4).
//! - Finite subtraction games with largest move t: G(n) depends only on the t values
//!   before it, so G(n + p) = G(n) for n0 <= n < n0 + t suffices.
//!
//! - All-but subtraction games (take any number but those of a finite set): arithmetic
//!   periods G(n + p) = G(n) + s, proved by the all-but subtraction lemma (`arithmetic`).
//!
//! For other games (`!`, three-heap splits, subtract-a-square, Grundy's game) no such
//! bound is known here: a repeat is reported as *observed*, never as proved, and only with
//! evidence: the periodic stretch must span at least [`OBSERVED_MIN_SPAN`] heaps and
//! three full periods (max(1000, 3p) heaps after the pre-period). Nim and
//! take-at-most-half have unbounded values (their closed forms), so they are not periodic.
//!
//! Convention: the *pre-period* n0 is the first heap of the periodic part: G(n + p) = G(n)
//! for every n >= n0, and n0 - 1 is the last exception (G(n0 - 1) != G(n0 - 1 + p)).

mod arithmetic;

pub use arithmetic::ALL_BUT_LEMMA;

use crate::engine::closed::closed_form;
use crate::engine::{Engine, EngineChoice, EngineError, EngineKind, Limits, Run, Values};
use crate::game::{Game, PeriodicityTheorem};

/// An observed (unproved) period needs its periodic stretch to span at least this many
/// heaps, and at least three periods.
pub const OBSERVED_MIN_SPAN: usize = 1000;

/// What is known of a game's period.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Periodicity {
    /// The first periodic heap: G(n + period) = G(n) for every n >= preperiod (proved, or
    /// seen so far). The last exception is preperiod - 1.
    pub preperiod: usize,
    /// The period p, in heaps: G(n + p) = G(n) + saltus from the preperiod on (the smallest
    /// p found).
    pub period: usize,
    /// The saltus s: G(n + p) = G(n) + s (0 for an ordinary period; only all-but
    /// subtraction games prove a positive one, others may show one).
    pub saltus: u64,
    /// Proved by a periodicity theorem; otherwise only observed.
    pub proved: bool,
    /// Values the theorem needs (G(0..needed)) when proved; the values seen otherwise.
    pub computed: usize,
}

/// The result of a period search, with what a person needs when no period was proved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PeriodSearch {
    /// The period proved, or observed over a long enough stretch; None if neither.
    pub found: Option<Periodicity>,
    /// Values computed: G(0..computed).
    pub computed: usize,
    /// The largest value among them and the first heap that has it.
    pub largest: Option<(usize, u64)>,
    /// Sparse heaps of a sparse sweep: how many, and the last one.
    pub sparse: Option<(usize, Option<u64>)>,
    /// The game has unbounded values (a closed form says so): it has no period.
    pub unbounded: bool,
    /// Whether a periodicity theorem applies to the game at all.
    pub theorem: bool,
    /// The engine that computed the values.
    pub engine: EngineKind,
}

type Bound = Box<dyn Fn(usize, usize) -> usize>;

/// How many values the theorem needs for pre-period n0 and period p (None: no theorem).
fn certificate(game: &Game) -> Option<Bound> {
    match game.periodicity_theorem()? {
        PeriodicityTheorem::Octal { max_take: t } => {
            // G(n + p) = G(n) for n0 <= n < 2 n0 + p + t: values up to index 2 n0 + 2p + t - 1.
            // The proof maps a split a + b to a + (b - p), which must be a heap: from n0 >= 1
            // on it is. (Game `4`, 0 0 1 0 1 ..., shows that n0 = 0 is not enough.)
            Some(Box::new(move |n0, p| 2 * n0.max(1) + 2 * p + t))
        }
        PeriodicityTheorem::Subtraction { max_take: t } => Some(Box::new(move |n0, p| n0 + p + t)),
        // Arithmetic periods, by their own lemma ([`arithmetic`]).
        PeriodicityTheorem::AllButSubtraction { .. } => None,
    }
}

/// The largest excluded number of an all-but subtraction game (the all-but lemma's x).
fn all_but(game: &Game) -> Option<usize> {
    match game.periodicity_theorem()? {
        PeriodicityTheorem::AllButSubtraction { excluded_max } => Some(excluded_max),
        _ => None,
    }
}

/// The theorem that proves the periods of `game`, by name, for what grundy prints.
pub fn proof_name(game: &Game) -> Option<&'static str> {
    Some(match game.periodicity_theorem()? {
        PeriodicityTheorem::Octal { .. } => "the periodicity theorem for octal games (Guy and Smith)",
        PeriodicityTheorem::Subtraction { .. } => "the periodicity theorem for finite subtraction games",
        PeriodicityTheorem::AllButSubtraction { .. } => ALL_BUT_LEMMA,
    })
}

/// Whether a periodicity theorem applies to `game`, so that [`find_period`] can prove a
/// period (for the other games it can only observe one, after computing up to `max` values).
pub fn can_prove(game: &Game) -> bool {
    certificate(game).is_some() || all_but(game).is_some()
}

/// Looks for the period of `game` with the fastest engine, computing at most `max` values.
/// `None` when no period was proved or observed.
pub fn find_period(game: &Game, max: usize) -> Result<Option<Periodicity>, EngineError> {
    let engine = Engine::choose(game, EngineChoice::Auto)?;
    Ok(search_period(&engine, max, &mut |_| {})?.found)
}

/// Looks for the period of the engine's game, computing at most `max` values and stopping
/// as soon as a period is proved. The values are checked at growing lengths (a quarter
/// more each time) and, once a candidate period is seen, at exactly the length its proof
/// needs, so a periodic game stops at its proof rather than at `max`.
pub fn search_period(engine: &Engine, max: usize, progress: &mut dyn FnMut(u64)) -> Result<PeriodSearch, EngineError> {
    Ok(search_period_run(engine, max, progress)?.0)
}

/// [`search_period`], also handing back the computation with its values (G(0..computed);
/// `None` for a closed form), for callers that need more than the period (the census).
pub fn search_period_run(
    engine: &Engine,
    max: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(PeriodSearch, Option<Run>), EngineError> {
    search_period_from(engine, engine.run(), max, progress)
}

/// [`search_period_run`] going on from a computation already under way (a run resumed from
/// stored values by [`Engine::run_from`]): its values are checked first, then extended as
/// [`search_period`] does.
pub fn search_period_from(
    engine: &Engine,
    mut run: Run,
    max: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<(PeriodSearch, Option<Run>), EngineError> {
    let search = search_in(engine, &mut run, max, progress)?;
    Ok((search, (!engine.is_closed_form()).then_some(run)))
}

/// [`search_period_from`] on a computation the caller keeps (it stays theirs on an error).
pub fn search_in(
    engine: &Engine,
    run: &mut Run,
    max: usize,
    progress: &mut dyn FnMut(u64),
) -> Result<PeriodSearch, EngineError> {
    let cert = certificate(engine.game());
    let all_but = all_but(engine.game());
    let mut search = PeriodSearch {
        found: None,
        computed: 0,
        largest: None,
        sparse: None,
        unbounded: false,
        theorem: cert.is_some() || all_but.is_some(),
        engine: engine.kind(),
    };
    if engine.is_closed_form() {
        search.unbounded = true;
        return Ok(search);
    }
    run.reserve(max);
    let mut next = max.min(1024).max(run.len().min(max));
    // A sweep may compute past `next` (whole blocks); only G(0..max) count.
    let mut m;
    loop {
        run.extend_to(next, progress)?;
        m = run.len().min(max);
        let tail = match run.held().expect("sweeps and the definition hold their values") {
            Values::Narrow(g) => tail_period(&g[..m], cert.as_deref()),
            Values::Wide(g) => tail_period(&g[..m], cert.as_deref()),
        };
        if let Some(p) = tail.proved {
            search.found = Some(p);
            break;
        }
        // Arithmetic periods read the values as numbers, in place.
        let g = |n: usize| run.get(n);
        if let Some(x) = all_but {
            if let Some(p) = arithmetic::proved_all_but(&g, m, x) {
                search.found = Some(p);
                break;
            }
        }
        if m >= max {
            search.found = tail.observed.or_else(|| arithmetic::observed(&g, m));
            break;
        }
        next = m + (m / 4).max(1024);
        if let Some(t) = tail.target.filter(|&t| t > m) {
            next = next.min(t);
        }
        next = next.min(max);
    }
    search.computed = m;
    search.sparse = run.sparse_heaps_below(m as u64);
    search.largest = (0..m).map(|n| (n, run.get(n))).max_by_key(|&(n, v)| (v, std::cmp::Reverse(n)));
    Ok(search)
}

/// How [`HeapValues`] answers G(n).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The game's closed form, at any heap.
    ClosedForm,
    /// A proved period, at any heap, from the values its proof rests on.
    Period(Periodicity),
    /// A table of G(0..len).
    Table {
        /// Heaps in the table.
        len: u64,
    },
}

/// G(n) of every heap up to a bound, by the cheapest exact way: a closed form, a proved
/// period, or a table ([`heap_values`]).
pub struct HeapValues {
    game: Game,
    run: Option<Run>,
    method: Method,
}

impl std::fmt::Debug for HeapValues {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HeapValues").field("game", &self.game.name()).field("method", &self.method).finish()
    }
}

impl HeapValues {
    /// G(n), for n up to the bound asked for (any n for a closed form or a period).
    pub fn get(&self, n: u64) -> u64 {
        let at = match &self.method {
            Method::ClosedForm => return closed_form(&self.game, n),
            Method::Period(p) if n >= p.preperiod as u64 => {
                let (pre, period) = (p.preperiod as u64, p.period as u64);
                let at = pre + (n - pre) % period;
                let run = self.run.as_ref().expect("a period holds values");
                return run.get(at as usize) + (n - pre) / period * p.saltus;
            }
            _ => n,
        };
        self.run.as_ref().expect("a table or a period holds values").get(at as usize)
    }

    /// How values are answered.
    pub fn method(&self) -> &Method {
        &self.method
    }

    /// Whether G(n) is answered for every n up to `max_heap`.
    pub fn covers(&self, max_heap: u64) -> bool {
        match &self.method {
            Method::ClosedForm | Method::Period(_) => true,
            Method::Table { len } => max_heap < *len,
        }
    }

    /// The heaps held in a table (none for a closed form; a proved period holds the values
    /// its proof rests on).
    pub fn table_len(&self) -> Option<u64> {
        self.run.as_ref().map(|r| r.len() as u64)
    }

    /// The computation behind a table or a period (none for a closed form).
    pub fn run(&self) -> Option<&Run> {
        self.run.as_ref()
    }
}

/// Estimated seconds a period search may take before a table that does not fit the limits
/// is refused: a short look (Kayles proves its period from 168 values), so that a heap far
/// beyond reach is refused at once rather than after the limit's hour.
pub const QUICK_LOOK_SECONDS: f64 = 0.5;

/// G(n) for every n up to `max_heap`, by the cheapest exact way: the closed form; for a
/// game a periodicity theorem covers, its period as soon as it is proved (computing at
/// most G(0..=max_heap), or only a short look when that table would pass the limits); or
/// a table of G(0..=max_heap) within `limits`. Refused, with the estimate, when none fits.
/// `progress(done, total)` reports G(0..done) of the G(0..total) it sets out to compute.
pub fn heap_values(
    engine: &Engine,
    max_heap: u64,
    limits: Limits,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<HeapValues, EngineError> {
    heap_values_in(engine, &mut None, max_heap, limits, false, progress)
}

/// [`heap_values`] with the computation in `slot`: one the caller made (with its
/// cancellation token, or resumed from a checkpoint) or, when empty, a new one. On success
/// the computation moves into the answer; on an error (a cancellation) it stays in `slot`,
/// so that the caller can save what it computed. With `every_value` no period is looked
/// for: every value is computed by the engine (a closed form still answers by its
/// formula), so a periodic game costs what its table costs. What `grundy values
/// --every-value` asks for, to time the kernels against a program that computes every value.
pub fn heap_values_in(
    engine: &Engine,
    slot: &mut Option<Run>,
    max_heap: u64,
    limits: Limits,
    every_value: bool,
    progress: &mut dyn FnMut(u64, u64),
) -> Result<HeapValues, EngineError> {
    let game = engine.game().clone();
    if engine.is_closed_form() {
        return Ok(HeapValues { game, run: None, method: Method::ClosedForm });
    }
    let end = max_heap.saturating_add(1);
    let fits = engine.check(end, limits);
    let run = slot.get_or_insert_with(|| engine.run());
    if can_prove(&game) && !every_value {
        let quick = Limits { bytes: limits.bytes, seconds: limits.seconds.min(QUICK_LOOK_SECONDS) };
        let look = if fits.is_ok() { end } else { end.min(engine.heaps_within(quick)) };
        let look = usize::try_from(look).map_err(|_| EngineError::TooManyHeaps { heap: max_heap, heaps: end })?;
        let search = search_in(engine, run, look, &mut |done| progress(done, look as u64))?;
        if let Some(p) = search.found.filter(|p| p.proved) {
            return Ok(HeapValues { game, run: slot.take(), method: Method::Period(p) });
        }
        if let Err(cost) = fits {
            return Err(EngineError::NoPeriodYet { cost, searched: search.computed as u64 });
        }
        return Ok(HeapValues { game, run: slot.take(), method: Method::Table { len: end } });
    }
    fits?;
    let end_usize = usize::try_from(end).map_err(|_| EngineError::TooManyHeaps { heap: max_heap, heaps: end })?;
    run.extend_to(end_usize, &mut |done| progress(done, end))?;
    Ok(HeapValues { game, run: slot.take(), method: Method::Table { len: end } })
}

/// A period the tail shows must hold over at least this many heaps (and two periods)
/// before its multiples are skipped and its proof is aimed at: the last few values agree
/// at small shifts by chance. A wrong guess only delays a proof, never makes one.
const TAIL_MIN_SPAN: usize = 256;

/// What the values so far say about a period.
struct Tail {
    /// The smallest period proved by the theorem.
    proved: Option<Periodicity>,
    /// Values the theorem needs to prove the smallest period the tail shows.
    target: Option<usize>,
    /// The smallest period seen with enough evidence ([`OBSERVED_MIN_SPAN`], 3 periods).
    observed: Option<Periodicity>,
}

/// Tries every period p <= m / 2: the first heap n0 from which G(n + p) = G(n) holds up
/// to the end (scanning back from the end, which stops at the first difference, so that
/// most p cost a few steps), then the theorem's bound. Multiples of a period the tail
/// already shows are skipped: their scans would run over the whole periodic part, and
/// if p is the period it is proved itself as values come; if it is not, it stops looking
/// like one and its multiples are tried again. Skipping can only delay a proof.
fn tail_period<T: Copy + Eq>(g: &[T], bound: Option<&dyn Fn(usize, usize) -> usize>) -> Tail {
    let m = g.len();
    let mut tail = Tail { proved: None, target: None, observed: None };
    // One bit per period (a byte each was half a byte a heap at the peak of a long sweep).
    let mut skip = vec![0u64; (m / 2) / 64 + 1];
    for p in 1..=m / 2 {
        if skip[p / 64] & (1 << (p % 64)) != 0 {
            continue;
        }
        let mut n = m - p;
        while n > 0 && g[n - 1] == g[n - 1 + p] {
            n -= 1;
        }
        let n0 = n;
        let span = m - n0;
        if let Some(bound) = bound {
            let needed = bound(n0, p);
            if m >= needed {
                let (n0, p) = smallest_divisor_period(g, n0, p);
                tail.proved =
                    Some(Periodicity { preperiod: n0, period: p, saltus: 0, proved: true, computed: bound(n0, p) });
                return tail;
            }
            if span >= (2 * p).max(TAIL_MIN_SPAN) && tail.target.is_none() {
                tail.target = Some(needed);
            }
        }
        if span >= (2 * p).max(TAIL_MIN_SPAN) {
            if tail.observed.is_none() && span >= OBSERVED_MIN_SPAN.max(3 * p) {
                tail.observed = Some(Periodicity { preperiod: n0, period: p, saltus: 0, proved: false, computed: m });
            }
            for k in (2 * p..=m / 2).step_by(p) {
                skip[k / 64] |= 1 << (k % 64);
            }
        }
    }
    tail
}

/// Given that G is periodic with period p from n0 (and the values cover n0 + p + p), the
/// smallest period and its own first periodic heap.
fn smallest_divisor_period<T: Copy + Eq>(g: &[T], n0: usize, p: usize) -> (usize, usize) {
    let m = g.len();
    for d in (1..p).filter(|d| p.is_multiple_of(*d)) {
        if (n0..n0 + p).all(|n| n + d >= m || g[n] == g[n + d]) {
            let mut n = m - d;
            while n > 0 && g[n - 1] == g[n - 1 + d] {
                n -= 1;
            }
            return (n.min(n0), d);
        }
    }
    (n0, p)
}

/// The period of `game` that its periodicity theorem proves from the values `g`
/// (G(0..g.len())), or `None` (no theorem, or too few values): the check a census runs
/// again on the values a stored proof rests on. An all-but subtraction game's arithmetic
/// period is proved by its lemma (`period/arithmetic.rs`).
pub fn proved_period_in<T: Copy + Eq + Into<u64>>(game: &Game, g: &[T]) -> Option<Periodicity> {
    if let Some(x) = all_but(game) {
        return arithmetic::proved_all_but(&|n| g[n].into(), g.len(), x);
    }
    let cert = certificate(game)?;
    tail_period(g, Some(&*cert)).proved
}

/// Checks a stored proof: that `g` (G(0..g.len())) proves by the game's periodicity
/// theorem that G(n + period) = G(n) + saltus from `preperiod` on, that this period is the
/// smallest and this pre-period the first periodic heap, and that `g` is exactly the values
/// the theorem needs. The census runs it on values computed again, so that an edited result
/// is refused; the error says what fails. A saltus is proved only for all-but subtraction
/// games (their lemma, `period/arithmetic.rs`); every other theorem proves ordinary periods.
pub fn certifies<T: Copy + Eq + Into<u64>>(
    game: &Game,
    g: &[T],
    preperiod: usize,
    period: usize,
    saltus: u64,
) -> Result<(), String> {
    if let Some(x) = all_but(game) {
        return arithmetic::certify_all_but(&|n| g[n].into(), g.len(), x, preperiod, period, saltus);
    }
    if saltus != 0 {
        return Err(format!("a saltus of {saltus}: no theorem proves an arithmetic period of this game"));
    }
    let bound = certificate(game).ok_or("no periodicity theorem applies to the game")?;
    let (n0, p, m) = (preperiod, period, g.len());
    if p == 0 {
        return Err("a period of 0".into());
    }
    let needed = bound(n0, p);
    if m != needed {
        return Err(format!("the theorem needs G(0..{needed}) for pre-period {n0} and period {p}, not G(0..{m})"));
    }
    if let Some(n) = (n0..m - p).find(|&n| g[n] != g[n + p]) {
        return Err(format!("G({}) differs from G({n}): not periodic with period {p} from {n0}", n + p));
    }
    if n0 > 0 && g[n0 - 1] == g[n0 - 1 + p] {
        return Err(format!("periodic already from heap {}, before the pre-period {n0}", n0 - 1));
    }
    if let Some(d) = (1..p).find(|&d| p.is_multiple_of(d) && (n0..n0 + p).all(|n| g[n] == g[n + d])) {
        return Err(format!("{d} is a smaller period than {p}"));
    }
    Ok(())
}

/// A period the last values show, not proved: the smallest p such that
/// G(n + p) = G(n) for every n from `preperiod` to the end, over a stretch (`span` heaps,
/// from `preperiod` to the end) of at least two periods and at least [`CANDIDATE_MIN_SPAN`]
/// heaps. What a person reads off the values of a game no theorem has settled yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The first heap of the stretch: G(n + period) = G(n) for preperiod <= n < len - period.
    pub preperiod: usize,
    /// The smallest such period.
    pub period: usize,
    /// Heaps the stretch covers: len - preperiod.
    pub span: usize,
}

/// The shortest stretch a [`Candidate`] must cover.
pub const CANDIDATE_MIN_SPAN: usize = TAIL_MIN_SPAN;

/// The [`Candidate`] period of `g`, if any.
pub fn candidate_period<T: Copy + Eq>(g: &[T]) -> Option<Candidate> {
    let m = g.len();
    (1..=m / 2).find_map(|p| {
        let mut n = m - p;
        while n > 0 && g[n - 1] == g[n - 1 + p] {
            n -= 1;
        }
        let span = m - n;
        (span >= (2 * p).max(CANDIDATE_MIN_SPAN)).then_some(Candidate { preperiod: n, period: p, span })
    })
}

/// The period of a long value sequence `g` (G(0..g.len())) of an octal game whose moves
/// take at most `t` stones, proved by the octal periodicity theorem, or `None` when `g`
/// is too short to prove one.
pub fn proved_period_of<T: Copy + Eq>(g: &[T], t: usize) -> Option<Periodicity> {
    let bound = move |n0: usize, p: usize| 2 * n0.max(1) + 2 * p + t;
    tail_period(g, Some(&bound)).proved
}

#[cfg(test)]
mod tests {
    use super::*;

    fn period(name: &str) -> Periodicity {
        find_period(&Game::parse(name).unwrap(), 100_000).unwrap().unwrap()
    }

    #[test]
    fn kayles_and_dawsons_chess() {
        let k = period("kayles");
        assert_eq!((k.preperiod, k.period, k.proved), (71, 12, true));
        // The theorem needs 2 * 71 + 2 * 12 + 2 values.
        assert_eq!(k.computed, 2 * 71 + 2 * 12 + 2);
        let four = period("4");
        assert_eq!((four.preperiod, four.period, four.proved), (1, 2, true));
        let c = period("crosses");
        assert_eq!((c.preperiod, c.period, c.proved), (52, 34, true));
        assert_eq!(period(".07").preperiod, 53);
    }

    #[test]
    fn subtraction_games() {
        let s = period("s1,2,3");
        assert_eq!((s.preperiod, s.period, s.proved), (0, 4, true));
        let s = period("s1,3");
        assert_eq!((s.preperiod, s.period), (0, 2));
    }

    #[test]
    fn stops_at_the_proof() {
        let engine = Engine::choose(&Game::parse("kayles").unwrap(), EngineChoice::Auto).unwrap();
        let s = search_period(&engine, 1 << 30, &mut |_| {}).unwrap();
        assert!(s.computed <= 2048, "computed {}", s.computed);
    }

    #[test]
    fn never_proved_without_a_theorem() {
        let g = find_period(&Game::parse("grundy").unwrap(), 2000).unwrap();
        assert!(g.is_none_or(|p| !p.proved));
        // Heap 994 on repeats with period 3 for a while: not evidence.
        assert_eq!(find_period(&Game::parse("grundy").unwrap(), 1000).unwrap(), None);
        let nim = Engine::choose(&Game::parse("nim").unwrap(), EngineChoice::Auto).unwrap();
        assert!(search_period(&nim, 500, &mut |_| {}).unwrap().unbounded);
        let nim = Engine::choose(&Game::parse("nim").unwrap(), EngineChoice::Definition).unwrap();
        assert_eq!(search_period(&nim, 500, &mut |_| {}).unwrap().found, None);
    }

    /// Candidates: the smallest period over the last stretch, with its span; none when the
    /// stretch is short.
    #[test]
    fn candidates() {
        let mut g: Vec<u32> = (0..700).map(|i| (i * 37 % 101) as u32).collect();
        g.extend((0..600).map(|i| [3u32, 1, 4, 1, 5, 9][i % 6]));
        let c = candidate_period(&g).unwrap();
        assert_eq!((c.period, c.preperiod + c.span), (6, 1300));
        assert!(c.preperiod <= 700 && g[c.preperiod - 1] != g[c.preperiod - 1 + 6]);
        assert_eq!(candidate_period(&g[..800]), None, "100 heaps of the pattern are too few");
        let game = Game::parse("kayles").unwrap();
        let v = crate::engine::definition::values(&game, 300).unwrap();
        let p = proved_period_in(&game, &v).unwrap();
        assert_eq!((p.preperiod, p.period), (71, 12));
        assert_eq!(proved_period_in(&game, &v[..160]), None, "the theorem needs 168 values");
        assert_eq!(certifies(&game, &v[..168], 71, 12, 0), Ok(()));
        assert!(certifies(&game, &v[..168], 71, 24, 0).is_err(), "not the smallest period");
        assert!(certifies(&game, &v[..168], 72, 12, 0).is_err(), "not the first periodic heap");
        assert!(certifies(&game, &v[..170], 71, 12, 0).is_err(), "not the values the proof rests on");
        assert!(certifies(&game, &v[..166], 70, 12, 0).is_err(), "not periodic from 70");
        assert!(certifies(&game, &v[..168], 71, 12, 1).is_err(), "no theorem proves a saltus of Kayles");
        // An all-but game's arithmetic period (examples/tbcode/all-but-2.md, census.md).
        let all_but_2 = Game::parse("0.30[3]").unwrap();
        let v = crate::engine::definition::values(&all_but_2, 100).unwrap();
        let p = proved_period_in(&all_but_2, &v).unwrap();
        assert_eq!((p.preperiod, p.period, p.saltus, p.computed), (0, 4, 2, 7));
        assert_eq!(certifies(&all_but_2, &v[..7], 0, 4, 2), Ok(()));
        assert!(certifies(&all_but_2, &v[..7], 0, 4, 3).is_err(), "not the saltus");
        assert!(certifies(&all_but_2, &v[..8], 0, 4, 2).is_err(), "not the values the lemma rests on");
        assert!(certifies(&all_but_2, &v[..7], 0, 8, 4).is_err(), "not the smallest period");
    }

    /// A sequence with a long pre-period and a period whose multiples match too.
    #[test]
    fn tail_of_a_made_up_sequence() {
        let mut g: Vec<u32> = (0..5000).map(|i| (i * 37 % 101) as u32).collect();
        g.extend((0..20000).map(|i| [3u32, 1, 4, 1, 5][i % 5]));
        let bound = |n0: usize, p: usize| 2 * n0 + 2 * p;
        let t = tail_period(&g, Some(&bound));
        let p = t.proved.unwrap();
        // 5000 + a few heaps of the pattern may agree by chance with the start.
        assert_eq!(p.period, 5);
        assert!(p.preperiod <= 5000 && p.preperiod >= 4990);
        assert!(g[p.preperiod - 1] != g[p.preperiod - 1 + 5]);
    }
}
