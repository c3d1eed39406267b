//! The request API: the one door into the core for every front end (the command line, the
//! page's server, the census, xtask, the Python package). A front end parses a game
//! ([`crate::game::Game::parse`]) and a count ([`crate::count::parse_count`]), then asks a
//! [`Session`] a typed question; everything between (the engine, the cheapest exact method,
//! the limits, misère play, the words of every explanation) happens here, once.
//!
//! | question | method | answer |
//! |---|---|---|
//! | a value G(n) | [`Session::value`] | [`Valued`]: the value and the method (closed form, proved period, table) |
//! | a table G(0..N) | [`Session::table`] | [`Table`]: read heap by heap, or as one array |
//! | a period | [`Session::period`] | [`PeriodSearch`] |
//! | a position | [`Session::analyze`] | [`Analyzed`]: outcome, every move with its words and reason, the computer's move at a level, why the game ended |
//! | the values of a graph with cycles ([`Game::loopy`]) | [`Session::loopy_values`] | [`LoopyTable`]: Smith's value of every vertex, a number or ∞{K} |
//! | a position on a graph with cycles | [`Session::analyze_loopy`] | [`LoopyAnalyzed`]: P, N or D, winning moves soonest first, the moves that keep a draw |
//! | the labelling's steps on a graph with cycles | [`Session::explain_loopy`] | text |
//! | the worked solution | [`Session::explain`] | [`Explained`]: normal play's five steps or the misère quotient's |
//! | a practice problem | [`Session::practice`] | [`Practice`] |
//! | a misère quotient | [`Session::quotient`] | [`MisereQuotient`] |
//! | the genus of single heaps | [`Session::genus`] | a list of [`Genus`] |
//! | the misère P-positions among single heaps | [`Session::misere_p_heaps`] | a list of heaps |
//! | a long sweep with checkpoints | [`Session::sweep`] | [`Sweep`] |
//! | one game of a census | [`Session::census_game`] | [`CensusRun`] |
//! | what a table or a position would cost, before it runs | [`Session::estimate_table`], [`Session::estimate_position`] | [`Cost`] |
//!
//! Every request takes a [`Control`]: its limits (work past them is refused before it
//! starts, with the estimate and what would fit), a cancellation token that stops it within
//! a fraction of a second, and a progress sink ([`Progress`], with the model an ETA
//! follows). Every answer says which method answered. Errors are [`AskError`], whose
//! [`AskError::kind`] tells a front end how to report them (a bad input, a limit, a
//! cancellation, a failure).
//!
//! A [`Session`] holds what answering many requests may reuse: a cache of small value
//! tables and the memory of misère quotients that grew past their limits. It is cheap to
//! clone (the clones share the cache) and may be used from many threads at once.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use thiserror::Error;

use crate::engine::{Engine, EngineError};
use crate::game::{Game, GameError};
use crate::period::HeapValues;

mod census;
mod control;
mod estimate;
mod explain;
mod loopy;
mod misere;
mod position;
mod sweep;
mod values;

pub use crate::control::{set_clock, Cancel, Cancelled, Limits};
pub use control::{Control, Progress};
pub use estimate::{MISERE_SECONDS, SECONDS_PER_LISTED_MOVE};

pub use census::{CensusRequest, CensusRun, StoredRun, CENSUS_DEFINITION_SECONDS};
pub use explain::{ExplainRequest, Explained, MisereSolution, Practice};
pub use loopy::{drawn_by_repetition, LoopyAnalyzed, LoopyMoveView, LoopyTable, LoopyView, DRAW_REPETITIONS};
pub use misere::{GenusRequest, QuotientRequest};
pub use position::{Analyzed, Level, PositionRequest};
pub use sweep::{Sweep, SweepRequest, SweepStatus};
pub use values::{PeriodRequest, Table, TableRequest, ValueRequest, Valued};

// The vocabulary of the answers, so that a front end names nothing below this door.
pub use crate::checksum::Fnv;
pub use crate::engine::cost::{
    human_bytes, human_seconds, Cost, CostError, MisereCostError, OutputError, TableOutput, TABLE_SECONDS_PER_CSV_ROW,
    TABLE_SECONDS_PER_ROW,
};
pub use crate::engine::grundy::class::MASK as GRUNDY_SPARSE_MASK;
pub use crate::engine::grundy::fast::GrundyKernel;
/// The name summaries and checkpoints give Grundy's game's sweep (both sweeps keep one state).
pub const GRUNDY_SWEEP_ALGORITHM: &str = crate::engine::grundy::sweep::SparseSweep::ALGORITHM;
pub use crate::engine::grundy::Config as GrundyConfig;
pub use crate::engine::misere::{Genus, MisereQuotient, Presentation, QuotientBounds, QuotientError};
pub use crate::engine::octal::Config as OctalConfig;
pub use crate::engine::octal::OctalKernel;
pub use crate::engine::{EngineChoice, EngineKind};
pub use crate::learn::explain::{ExplainError, Explanation};
pub use crate::learn::practice::{parse_answer, AnswerError, PRACTICE_MAX_HEAP};
pub use crate::loopy::{LoopyAnalysis, LoopyMove, LoopyOutcome, LoopyValue, MoveKind};
pub use crate::period::{
    candidate_period, certifies, proof_name, proved_period_in, Candidate, Method, PeriodSearch, Periodicity,
    OBSERVED_MIN_SPAN,
};
pub use crate::position::answer::MisereMethod;
pub use crate::position::exhaustive::MISERE_MAX_STONES;
pub use crate::position::input::{parse_input, Command, InputError};
pub use crate::position::large::TypedMoveError;
pub use crate::position::model::{
    heap_index_of_label, heap_label, Analysis, Convention, Listed, Move, PositionError, Rule,
};
pub use crate::position::Outcome;
pub use crate::{HeapValue, ScanStats, SweepStats};

/// Why a request was not answered.
#[derive(Debug, Error)]
pub enum AskError {
    /// The request itself makes no sense (a table of no values, a heap a finite game lacks).
    #[error("{0}")]
    Input(String),
    /// The game could not be read.
    #[error(transparent)]
    Game(#[from] GameError),
    /// The values could not be computed, or would pass the limits.
    #[error(transparent)]
    Values(EngineError),
    /// The position could not be analyzed as asked.
    #[error(transparent)]
    Position(PositionError),
    /// The worked solution could not be written.
    #[error(transparent)]
    Explain(ExplainError),
    /// The misère quotient could not be computed.
    #[error(transparent)]
    Quotient(QuotientError),
    /// A misère quotient refused before it starts: it would pass the limits.
    #[error(transparent)]
    QuotientCost(MisereCostError),
    /// A genus refused before it starts: its bound (the slowest game measured) passes the
    /// limits.
    #[error(
        "the genus of heaps 0 to {to} of {game} may take up to {} (the slowest game measured), more than the limit of {} (--max-time)",
        human_seconds(cost.seconds), human_seconds(limits.seconds)
    )]
    GenusCost {
        /// The game's name.
        game: String,
        /// The largest heap asked for.
        to: u64,
        /// The bound on its cost.
        cost: Cost,
        /// The limits it passes.
        limits: Limits,
    },
    /// The genus could not be computed.
    #[error(transparent)]
    Genus(crate::engine::misere::GenusError),
    /// The request's cancellation token was set.
    #[error("cancelled")]
    Cancelled,
    /// The request's cancellation token was set, and what it had computed is saved: the
    /// same request with this checkpoint goes on from there.
    #[error("interrupted after {} heaps", .0.heaps)]
    Interrupted(Saved),
}

/// What an interrupted request had computed, as checkpoint bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Saved {
    /// The bytes to give back as the request's `resume`.
    pub checkpoint: Vec<u8>,
    /// The heaps computed: G(0..heaps).
    pub heaps: u64,
}

/// How a front end should report an [`AskError`]: what the user can do about it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// Bad input: the user should change the question (exit 2, HTTP 400, `ValueError`).
    BadInput,
    /// The work would pass the limits or a bound of the method (HTTP 422, `LimitError`).
    Limit,
    /// The request was cancelled (exit 130, `KeyboardInterrupt`).
    Cancelled,
    /// The computation could not go on (exit 1, HTTP 500).
    Failed,
}

impl AskError {
    /// How to report it.
    pub fn kind(&self) -> ErrorKind {
        use crate::engine::misere::GenusError;
        match self {
            AskError::Cancelled | AskError::Interrupted(_) => ErrorKind::Cancelled,
            AskError::Input(_) | AskError::Game(_) => ErrorKind::BadInput,
            AskError::Values(e) => match e {
                EngineError::Cost(_) | EngineError::NoPeriodYet { .. } | EngineError::TooManyHeaps { .. } => {
                    ErrorKind::Limit
                }
                EngineError::UnknownChoice { .. } | EngineError::NotApplicable { .. } => ErrorKind::BadInput,
                _ => ErrorKind::Failed,
            },
            AskError::Position(e) => match e {
                PositionError::NotARow { .. } => ErrorKind::BadInput,
                PositionError::Cancelled(_) => ErrorKind::Cancelled,
                _ => ErrorKind::Limit,
            },
            AskError::Explain(e) => match e {
                ExplainError::HeapTooLarge { .. } | ExplainError::TooManyHeaps { .. } => ErrorKind::Limit,
                ExplainError::Engine(_) | ExplainError::Position(_) => AskError::from_explain(e.clone()).kind(),
                _ => ErrorKind::BadInput,
            },
            AskError::Quotient(e) => match e {
                QuotientError::NoSuchHeap { .. } => ErrorKind::BadInput,
                QuotientError::Recalibration { .. } => ErrorKind::Failed,
                _ => ErrorKind::Limit,
            },
            AskError::QuotientCost(_) | AskError::GenusCost { .. } => ErrorKind::Limit,
            AskError::Genus(e) => match e {
                GenusError::TooLarge { .. } => ErrorKind::Limit,
                _ => ErrorKind::Failed,
            },
        }
    }

    /// The estimate a refusal rests on, when the work would pass the limits.
    pub fn cost(&self) -> Option<&CostError> {
        match self {
            AskError::Values(EngineError::Cost(c) | EngineError::NoPeriodYet { cost: c, .. }) => Some(c),
            AskError::Explain(ExplainError::Engine(EngineError::Cost(c))) => Some(c),
            _ => None,
        }
    }

    fn from_explain(e: ExplainError) -> AskError {
        match e {
            ExplainError::Engine(e) => AskError::from(e),
            ExplainError::Position(e) => AskError::from(e),
            e => AskError::Explain(e),
        }
    }
}

impl From<EngineError> for AskError {
    fn from(e: EngineError) -> AskError {
        match e {
            EngineError::Cancelled(_) => AskError::Cancelled,
            EngineError::Octal(crate::engine::octal::OctalSweepError::Cancelled(_)) => AskError::Cancelled,
            EngineError::Sweep(crate::engine::grundy::sweep::SweepError::Cancelled(_)) => AskError::Cancelled,
            e => AskError::Values(e),
        }
    }
}

impl From<PositionError> for AskError {
    fn from(e: PositionError) -> AskError {
        match e {
            PositionError::Cancelled(_) => AskError::Cancelled,
            e => AskError::Position(e),
        }
    }
}

impl From<ExplainError> for AskError {
    fn from(e: ExplainError) -> AskError {
        AskError::from_explain(e)
    }
}

impl From<QuotientError> for AskError {
    fn from(e: QuotientError) -> AskError {
        match e {
            QuotientError::Cancelled(_) => AskError::Cancelled,
            e => AskError::Quotient(e),
        }
    }
}

impl From<crate::engine::misere::GenusError> for AskError {
    fn from(e: crate::engine::misere::GenusError) -> AskError {
        match e {
            crate::engine::misere::GenusError::Cancelled(_) => AskError::Cancelled,
            e => AskError::Genus(e),
        }
    }
}

impl From<Cancelled> for AskError {
    fn from(_: Cancelled) -> AskError {
        AskError::Cancelled
    }
}

/// The largest table a session keeps for reuse (Grundy's game to 2^17: 0.1 s to compute,
/// a few hundred kilobytes to keep).
const CACHED_TABLE_HEAPS: u64 = 1 << 17;

/// The most games whose tables a session keeps.
const CACHED_GAMES: usize = 64;

/// What a session reuses between requests.
#[derive(Default)]
struct Cache {
    /// Small value tables, by the game's name (games on a graph are not kept: two graphs
    /// may share a name).
    tables: Mutex<HashMap<String, Arc<HeapValues>>>,
    /// Misère quotients that grew past their limits, from their heap on.
    failures: crate::position::misere_play::QuotientFailures,
}

/// The door: every question a front end asks goes through one of its methods. Clones share
/// the cache.
#[derive(Clone, Default)]
pub struct Session {
    cache: Arc<Cache>,
}

impl std::fmt::Debug for Session {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Session").finish_non_exhaustive()
    }
}

impl Session {
    /// A session with an empty cache.
    pub fn new() -> Session {
        Session::default()
    }

    /// The values of `game` for every heap up to `max_heap` by the cheapest exact way, from
    /// the cache when it covers them; a small table computed is kept for the next request.
    fn remembered_values(
        &self,
        game: &Game,
        choice: EngineChoice,
        max_heap: u64,
        ctl: &mut Control,
    ) -> Result<Arc<HeapValues>, AskError> {
        let engine = Engine::choose(game, choice)?;
        let key = (choice == EngineChoice::Auto && game.largest_heap().is_none()).then(|| game.name());
        if let Some(key) = &key {
            let cached = self.cache.tables.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned();
            if let Some(values) = cached.filter(|v| v.covers(max_heap)) {
                return Ok(values);
            }
        }
        let values = values::heap_values_under(&engine, max_heap, ctl, None, false)?;
        let values = Arc::new(values);
        if let Some(key) = key.filter(|_| values.table_len().is_none_or(|len| len <= CACHED_TABLE_HEAPS)) {
            let mut tables = self.cache.tables.lock().unwrap_or_else(|e| e.into_inner());
            if tables.len() >= CACHED_GAMES {
                tables.clear();
            }
            tables.insert(key, values.clone());
        }
        Ok(values)
    }
}

/// A session is shared by the threads of a server and released around Python's GIL.
const _: () = {
    fn shared<T: Send + Sync>() {}
    let _ = shared::<Session>;
    let _ = shared::<Table>;
    let _ = shared::<Analyzed>;
};
