//! Who wins a misère position of any game, and by which method: misère Nim's exact rule
//! for Nim; the misère quotient ([`crate::engine::misere`]) for every other game, computed
//! for heaps up to the largest heap of the position, with no limit on the stones; and the
//! exhaustive search ([`Search`], at most [`crate::position::exhaustive::MISERE_MAX_STONES`] stones) only when the
//! quotient grows past its limits. The method is part of every answer, so the output can
//! say which one answered.

use std::collections::BTreeMap;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use crate::control::Cancel;
use crate::engine::misere::{MisereQuotient, QuotientError};
use crate::engine::Engine;
use crate::game::Game;
use crate::position::exhaustive::{Search, SearchSize};
use crate::position::misere::analyze_misere_nim;
use crate::position::model::PositionError;
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
        crate::position::model::MAX_LISTED_MOVES
    )
}

/// The repetition of the pretending function that answers heaps past a quotient's bound:
/// φ(n + period) = φ(n) for n >= preperiod, seen over heaps 0..seen (MisereSolver's stop
/// rule: 2·preperiod + 2·period + k + 2 <= seen), and not proved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Repetition {
    /// The first heap of the repetition.
    pub preperiod: u64,
    /// Its period.
    pub period: u64,
    /// Heaps over which it was seen, 0..seen.
    pub seen: u64,
    /// Whether a theorem proves it: always false here.
    pub proved: bool,
}

impl Repetition {
    /// The heap within the quotient's bound that heap `n` pretends to be: n itself below
    /// the preperiod, else the heap of the same residue in the first period.
    pub fn heap_within(&self, n: u64) -> u64 {
        if n < self.preperiod {
            n
        } else {
            self.preperiod + (n - self.preperiod) % self.period
        }
    }
}

/// The unit of a search's limit before graphs had their own ("stones").
fn stones() -> String {
    "stones".into()
}

/// The method that answered a misère position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum MisereMethod {
    /// Misère Nim's rule (Bouton), exact at any size.
    NimRule,
    /// The misère quotient of the heaps up to `bound`, and past it by the repetition of
    /// its pretending function (not proved).
    Quotient {
        /// |Q|.
        order: usize,
        /// |P|.
        p_portion: usize,
        /// The largest heap it covers.
        bound: u64,
        /// Whether every position within the bound plays as misère Nim on its values.
        tame: bool,
        /// For heaps past `bound`: the repetition of φ that answered them, not proved.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        repetition: Option<Repetition>,
    },
    /// The memoized exhaustive search, limited to `limit` stones (on a graph, positions).
    Exhaustive {
        /// [`crate::position::exhaustive::MISERE_MAX_STONES`], or on a graph [`crate::position::exhaustive::MISERE_MAX_POSITIONS`].
        limit: u64,
        /// "stones", or "positions" on a graph.
        #[serde(default = "stones")]
        unit: String,
        /// Why the search answered: the quotient did not, or a game on a graph whose
        /// positions are few enough.
        reason: String,
    },
}

impl MisereMethod {
    /// The method in words: "by the misère quotient of order 6 (heaps up to 30)".
    pub fn describe(&self) -> String {
        match self {
            MisereMethod::NimRule => "by misère Nim's rule".into(),
            MisereMethod::Quotient { order, p_portion, bound, tame, repetition } => {
                let mut s =
                    format!("by the misère quotient of order {order} (heaps up to {bound}, {p_portion} P-elements)");
                if *tame {
                    s.push_str("; the game is tame there: it plays as misère Nim on the normal-play values");
                }
                if let Some(r) = repetition {
                    s.push_str(&format!(
                        "; heaps past {bound} by the repetition of its pretending function, period {} from heap {}, seen over heaps 0 to {} (MisereSolver's stop rule): not proved",
                        r.period, r.preperiod, r.seen - 1
                    ));
                }
                s
            }
            MisereMethod::Exhaustive { limit, unit, reason } => {
                format!("by exhaustive search (at most {limit} {unit}; {reason})")
            }
        }
    }

    /// The method in a few words, for a move's reason: "by misère Nim's rule", "by the
    /// misère quotient of order 40 (heaps up to 30)", "by a search of every position".
    pub fn short(&self) -> String {
        match self {
            MisereMethod::NimRule => "by misère Nim's rule".into(),
            MisereMethod::Quotient { order, bound, repetition: None, .. } => {
                format!("by the misère quotient of order {order} (heaps up to {bound})")
            }
            MisereMethod::Quotient { order, bound, repetition: Some(r), .. } => format!(
                "by the misère quotient of order {order} (heaps up to {bound}; beyond, its period {} from heap {}, not proved)",
                r.period, r.preperiod
            ),
            MisereMethod::Exhaustive { .. } => "by a search of every position".into(),
        }
    }
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
