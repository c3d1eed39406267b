//! Who wins a misère position of any game, and by which method: misère Nim's exact rule
//! for Nim; the misère quotient ([`crate::engine::misere`]) for every other game, computed
//! for heaps up to the largest heap of the position, with no limit on the stones; and the
//! exhaustive search ([`Search`], at most [`crate::position::exhaustive::MISERE_MAX_STONES`] stones) only when the
//! quotient grows past its limits. The method is part of every answer, so the output can
//! say which one answered.

use std::collections::BTreeMap;
use std::sync::Mutex;

use crate::control::Cancel;
use crate::engine::misere::{MisereQuotient, QuotientError};
use crate::engine::Engine;
use crate::game::Game;
use crate::position::answer::{MisereMethod, PositionError, Repetition};
use crate::position::exhaustive::{Search, SearchSize};
use crate::position::misere_nim::analyze_misere_nim;
use crate::position::Outcome;

/// The largest heap an analysis computes a quotient for (Kayles to 1,024: 0.08 s and
/// 40 MB here; the memory grows with the square of the heap for games that split).
pub const ANALYSIS_MAX_HEAP: u64 = 1024;

/// Games whose quotient grew past its limits, by name, with the heap where it did and why.
/// A quotient is built heap by heap, so every bound from that heap on fails the same way:
/// a caller that answers many positions (a server, a notebook) keeps one of these, so that
/// asking about the same game again does not spend seconds reaching the same limit again
/// (a few bytes a game). Games on a graph are not remembered: two graphs may share a name.
/// The core keeps no such state itself: the request API's cache owns it.
#[derive(Debug, Default)]
pub struct QuotientFailures(Mutex<BTreeMap<String, (u64, String)>>);

impl QuotientFailures {
    fn lock(&self) -> std::sync::MutexGuard<'_, BTreeMap<String, (u64, String)>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// What answering a misère position may use beyond the game: the caller's memory of
/// quotients that failed, and the job's cancellation token.
#[derive(Clone, Debug, Default)]
pub struct MisereContext<'a> {
    /// Quotients that grew past their limits before (none: nothing is remembered).
    pub failures: Option<&'a QuotientFailures>,
    /// Stops a quotient being computed.
    pub cancel: Cancel,
}

/// Why no quotient answers: a reason in words, or the job was cancelled.
enum NoQuotient {
    Reason(String),
    Cancelled,
}

impl From<String> for NoQuotient {
    fn from(reason: String) -> NoQuotient {
        NoQuotient::Reason(reason)
    }
}

/// The quotient of `game` for heaps up to `max_heap`, or why there is none. Past
/// [`ANALYSIS_MAX_HEAP`] the quotient is computed until its pretending function meets
/// MisereSolver's stop rule, and the repetition it found answers larger heaps: *not
/// proved*, since no periodicity theorem for misère quotients is checked here (the one
/// Plambeck and Siegel state has conditions this code does not verify), as `period` says of
/// a period only observed in normal play.
fn quotient(
    game: &Game,
    max_heap: u64,
    context: &MisereContext,
) -> Result<(MisereQuotient, Option<Repetition>), NoQuotient> {
    let bound = max_heap.min(ANALYSIS_MAX_HEAP);
    let remembered = context.failures.filter(|_| game.largest_heap().is_none());
    if let Some((heap, reason)) = remembered.and_then(|f| f.lock().get(&game.name()).cloned()) {
        if bound >= heap {
            return Err(reason.into());
        }
    }
    let past = max_heap > ANALYSIS_MAX_HEAP;
    let q = Engine::misere_quotient(game, bound, past, &mut |_| {}, &context.cancel).map_err(|e| {
        if let QuotientError::Cancelled(_) = e {
            return NoQuotient::Cancelled;
        }
        if let (Some(failures), QuotientError::TooLarge { heap, .. } | QuotientError::Recalibration { heap }) =
            (remembered, &e)
        {
            failures.lock().insert(game.name(), (*heap, e.to_string()));
        }
        NoQuotient::Reason(e.to_string())
    })?;
    if !past {
        return Ok((q, None));
    }
    match q.periodicity().filter(|_| q.stopped_periodic()) {
        Some(p) => {
            Ok((q, Some(Repetition { preperiod: p.preperiod, period: p.period, seen: p.values, proved: false })))
        }
        None => {
            Err(beyond_the_quotient(&format!("its pretending function met no stop rule by heap {ANALYSIS_MAX_HEAP}"))
                .into())
        }
    }
}

/// The one refusal of a misère position beyond what a quotient answers here, with `why`:
/// heaps past [`ANALYSIS_MAX_HEAP`] whose pretending function showed no repetition, or a
/// position with more moves than an analysis lists (issue 35: these were two refusals in
/// other words).
pub fn beyond_the_quotient(why: &str) -> String {
    format!(
        "a misère position is answered by the quotient of heaps up to {ANALYSIS_MAX_HEAP}, past that by the repetition of its pretending function (MisereSolver's stop rule, not proved), when it has at most {} moves to list; here {why}",
        crate::position::answer::MAX_LISTED_MOVES
    )
}

/// Answers misère positions of one game whose heaps stay within those it was made for.
pub enum MisereOracle<'g> {
    /// Misère Nim.
    Nim,
    /// The quotient, and the repetition that answers heaps past its bound (not proved).
    Quotient(Box<MisereQuotient>, Option<Repetition>),
    /// The exhaustive search, why the quotient did not answer, and the size it is bounded by.
    Search(Search<'g, Game>, String, SearchSize),
}

impl<'g> MisereOracle<'g> {
    /// The oracle for positions of `game` whose heaps are at most `max_heap` and whose
    /// stones are at most `stones`: the quotient when it can be computed, the exhaustive
    /// search when the quotient fails and the stones are within its limit.
    /// The size of a search is its stones for a heap game and the positions it may reach
    /// for a game on a graph ([`SearchSize`]), where a vertex's number is no count of
    /// stones.
    pub fn new(
        game: &'g Game,
        max_heap: u64,
        size: SearchSize,
        context: &MisereContext,
    ) -> Result<MisereOracle<'g>, PositionError> {
        if game.has_misere_nim_rule() {
            return Ok(MisereOracle::Nim);
        }
        // A game on a graph is searched over its own positions when they are few: the
        // search takes milliseconds where a quotient over the vertices (numbered as heaps)
        // took seconds to grow past its limits (issue 35).
        if let (SearchSize::Positions(p), true) = (size, size.searchable()) {
            let reason = format!("a game on a graph, whose position reaches at most {p} positions");
            return Ok(MisereOracle::Search(Search::new(game, true), reason, size));
        }
        match quotient(game, max_heap, context) {
            Ok((q, repetition)) => Ok(MisereOracle::Quotient(Box::new(q), repetition)),
            Err(NoQuotient::Cancelled) => Err(PositionError::Cancelled(crate::control::Cancelled)),
            Err(NoQuotient::Reason(e)) if size.searchable() => {
                Ok(MisereOracle::Search(Search::new(game, true), e, size))
            }
            Err(NoQuotient::Reason(e)) => {
                let (stones, limit, unit) = size.and_limit();
                Err(PositionError::MisereTooLarge { game: game.name(), stones, limit, unit, quotient: e })
            }
        }
    }

    /// Whether the player to move wins `heaps` under misère play.
    pub fn player_to_move_wins(&mut self, heaps: &[u64]) -> bool {
        match self {
            MisereOracle::Nim => analyze_misere_nim(heaps).outcome == Outcome::PlayerToMoveWins,
            MisereOracle::Quotient(q, None) => {
                !q.is_p_position(heaps).expect("positions stay within the heaps the quotient was computed for")
            }
            MisereOracle::Quotient(q, Some(r)) => {
                let within: Vec<u64> = heaps.iter().map(|&h| r.heap_within(h)).collect();
                !q.is_p_position(&within).expect("the repetition maps every heap within the quotient's bound")
            }
            MisereOracle::Search(s, _, _) => s.player_to_move_wins(heaps),
        }
    }

    /// The quotient, when it answers.
    pub fn quotient(&self) -> Option<&MisereQuotient> {
        match self {
            MisereOracle::Quotient(q, _) => Some(q),
            _ => None,
        }
    }

    /// Which method answers.
    pub fn method(&self) -> MisereMethod {
        match self {
            MisereOracle::Nim => MisereMethod::NimRule,
            MisereOracle::Quotient(q, repetition) => MisereMethod::Quotient {
                order: q.order(),
                p_portion: q.p_portion(),
                bound: q.bound(),
                tame: q.is_tame(),
                repetition: *repetition,
            },
            MisereOracle::Search(_, reason, size) => {
                let (_, limit, unit) = size.and_limit();
                MisereMethod::Exhaustive { limit, unit: unit.into(), reason: reason.clone() }
            }
        }
    }
}

/// The single heaps 0..=`to` that are misère P-positions of `game` (the player to move
/// loses): by the exact rule for Nim (only the heap of 1), by the misère quotient of the
/// heaps up to `to` for every other game, or by exhaustive search within
/// [`crate::position::exhaustive::MISERE_MAX_STONES`] when the quotient grows past its limits.
pub fn losing_single_heaps(game: &Game, to: u64) -> Result<Vec<u64>, PositionError> {
    if game.has_misere_nim_rule() {
        return Ok((0..=to.min(1))
            .filter(|&n| analyze_misere_nim(&[n]).outcome == Outcome::PlayerToMoveLoses)
            .collect());
    }
    // Single heaps up to `to`: at most `to` stones, and on a graph a token on vertex v
    // reaches at most the v vertices numbered up to it.
    let size = match game.search_positions(&[to]) {
        Some(_) => crate::position::exhaustive::SearchSize::Positions(to),
        None => crate::position::exhaustive::SearchSize::Stones(to),
    };
    let mut oracle = MisereOracle::new(game, to, size, &MisereContext::default())?;
    Ok((0..=to).filter(|&n| !oracle.player_to_move_wins(&[n])).collect())
}
