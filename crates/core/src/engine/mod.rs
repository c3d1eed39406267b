//! One choice of engine for every front end, after regex-automata's `meta`: the caller asks
//! for a game's values, [`Engine::choose`] picks the fastest exact method that applies.
//!
//! | engine | applies to | folder |
//! |---|---|---|
//! | closed form | Nim, take-at-most-half: one heap at any n < 2^64 | [`closed`] |
//! | Grundy's-game sparse sweep | Grundy's game | [`grundy`] |
//! | octal sparse sweep | octal codes (digits below 8, no `!`) | [`octal`] |
//! | definition | every game | [`definition`] |
//!
//! Each engine is behind the [`strategy::Strategy`] trait (what it applies to, its cost
//! model, a computation that can be extended, cancelled and checkpointed), adapted in
//! `wrappers.rs`, where the one list of engines is; the engines' folders know nothing of
//! the chooser. What only one engine has (the octal sweep's rule, Grundy's sweep's
//! statistics, a window) is asked of that engine's own type ([`Run::engine`]) or set in its
//! own configuration (`grundy::Config`, `ask::OctalConfig`).
//!
//! What each costs (time and memory as n grows, with the constants measured here) is in
//! [`cost`], the one source of the estimates, refusals and ETAs every front end shows.
//! [`crate::period::heap_values`] adds the cheapest exact way to answer any heap: the
//! closed form, a period proved as soon as the values allow, or a table.
//!
//! Misère play has its own engine, [`misere`] (the misère quotient, heap by heap, for every
//! heap game; cost in its module documentation), reached through [`Engine::misere_quotient`].
//!
//! `Auto` takes the engine whose model says the table costs least (the rows' order breaks
//! ties); forcing an engine that does not apply is a
//! typed error ([`EngineError::NotApplicable`]). Values leave an engine as `u32`
//! ([`Wide`]); Grundy's game keeps `u16` inside its sweeps and is widened at this boundary.
//! Progress is a callback (the core does no I/O).

use thiserror::Error;

use crate::control::Cancel;

use crate::game::Game;
use definition::ValuesError;
use grundy::sweep::SweepError;
use octal::OctalSweepError;
use strategy::Computation;

pub use cost::{Cost, CostError, Limits};
pub use definition::Wide;
pub use held::Values;

pub mod closed;
pub mod cost;
pub mod definition;
pub(crate) mod envelope;
pub mod grundy;
mod held;
pub(crate) mod marks;
pub mod misere;
pub mod octal;
pub mod strategy;
mod wrappers;

pub use strategy::EngineKind;
pub use wrappers::{DefinitionRun, OctalRun};

/// Which engine the caller wants: `Auto` (the fastest that applies) or one forced.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EngineChoice {
    /// The fastest engine that applies.
    #[default]
    Auto,
    /// The mex definition, for every game.
    Definition,
    /// A sparse-space sweep: Grundy's game or an octal game.
    Sparse,
    /// A proved closed form: Nim, take-at-most-half.
    Closed,
}

impl EngineChoice {
    /// Reads `auto`, `definition`, `sparse` or `closed`.
    pub fn parse(text: &str) -> Result<EngineChoice, EngineError> {
        match text.trim().to_ascii_lowercase().as_str() {
            "auto" => Ok(EngineChoice::Auto),
            "definition" => Ok(EngineChoice::Definition),
            "sparse" => Ok(EngineChoice::Sparse),
            "closed" => Ok(EngineChoice::Closed),
            _ => Err(EngineError::UnknownChoice { text: text.to_string() }),
        }
    }

    /// The word used on the command line.
    pub fn name(self) -> &'static str {
        match self {
            EngineChoice::Auto => "auto",
            EngineChoice::Definition => "definition",
            EngineChoice::Sparse => "sparse",
            EngineChoice::Closed => "closed",
        }
    }
}

/// Why an engine cannot be chosen or cannot finish.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum EngineError {
    /// `--engine` named no engine.
    #[error("unknown engine {text:?} (auto, definition, sparse or closed)")]
    UnknownChoice {
        /// The text given.
        text: String,
    },
    /// The engine forced does not apply to the game.
    #[error("the {engine} engine does not apply to {game}: {reason}")]
    NotApplicable {
        /// The engine's name on the command line.
        engine: &'static str,
        /// The game's name.
        game: String,
        /// Which games it applies to.
        reason: &'static str,
    },
    /// A table that cannot be addressed on this platform.
    #[error("G({heap}) needs a table of {heaps} heaps, beyond this platform's address space")]
    TooManyHeaps {
        /// The heap asked for.
        heap: u64,
        /// The heaps the table would hold.
        heaps: u64,
    },
    /// The definition could not go on.
    #[error(transparent)]
    Values(#[from] ValuesError),
    /// The octal sweep could not go on.
    #[error(transparent)]
    Octal(#[from] OctalSweepError),
    /// Grundy's sweep could not go on.
    #[error(transparent)]
    Sweep(#[from] SweepError),
    /// The job would pass the memory or time limit.
    #[error(transparent)]
    Cost(#[from] CostError),
    /// The job's cancellation token was set ([`crate::control::Cancel`]).
    #[error(transparent)]
    Cancelled(#[from] crate::control::Cancelled),
    /// A checkpoint could not be restored.
    #[error("the checkpoint is refused: {0}")]
    Checkpoint(#[from] envelope::CheckpointError),
    /// A heap beyond the limits, of a game whose period a short look did not prove.
    #[error("{cost}; no period was proved from G(0..{searched}) (`grundy period` looks further)")]
    NoPeriodYet {
        /// Why the table itself is refused.
        cost: CostError,
        /// Values the short look computed.
        searched: u64,
    },
}

/// An engine chosen for one game.
#[derive(Clone, Debug)]
pub struct Engine {
    game: Game,
    kind: EngineKind,
}

/// The size at which [`Engine::choose`] compares the engines' models: large enough that
/// the sweeps' fixed costs do not decide, small enough that no model needs a probe
/// (`cost::OCTAL_PROBE_HEAPS`).
const CHOICE_HEAPS: f64 = 32768.0;

impl Engine {
    /// The engines that apply to `game`, in the order they are preferred on a tie (the
    /// definition always applies, last).
    pub fn applicable(game: &Game) -> Vec<EngineKind> {
        wrappers::ENGINES.iter().filter(|s| s.applies(game)).map(|&s| EngineKind(s)).collect()
    }

    /// Picks the engine for `game`: the one forced by `choice` (an error if none of its
    /// kind applies), or with `Auto` the one whose model says G(0..2^15) costs least.
    pub fn choose(game: &Game, choice: EngineChoice) -> Result<Engine, EngineError> {
        if game.loopy().is_some() {
            return Err(EngineError::NotApplicable {
                engine: choice.name(),
                game: game.name(),
                reason: "the graph has a cycle, so it has no Sprague-Grundy values (its values are Smith's: `grundy values` lists them, `grundy analyze` plays them)",
            });
        }
        let kinds = Engine::applicable(game);
        let kind = match choice {
            EngineChoice::Auto => kinds
                .iter()
                .copied()
                .min_by(|a, b| a.0.seconds(game, CHOICE_HEAPS).total_cmp(&b.0.seconds(game, CHOICE_HEAPS)))
                .expect("the definition applies to every game"),
            forced => kinds.iter().copied().find(|k| k.choice() == forced).ok_or_else(|| {
                let reason = wrappers::ENGINES
                    .iter()
                    .find(|s| s.choice() == forced)
                    .map_or("no engine of that kind", |s| s.applies_to());
                EngineError::NotApplicable { engine: forced.name(), game: game.name(), reason }
            })?,
        };
        Ok(Engine { game: game.clone(), kind })
    }

    /// The misère quotient of `game` for heaps 0..=`to` (see [`misere`]): the one way front
    /// ends reach it. With `stop_when_periodic` it stops once the pretending function meets
    /// MisereSolver's stop rule.
    pub fn misere_quotient(
        game: &Game,
        to: u64,
        stop_when_periodic: bool,
        progress: &mut dyn FnMut(u64),
        cancel: &Cancel,
    ) -> Result<misere::MisereQuotient, misere::QuotientError> {
        misere::MisereQuotient::compute(
            game,
            to,
            stop_when_periodic,
            misere::QuotientBounds::default(),
            progress,
            cancel,
        )
    }

    /// As [`Engine::misere_quotient`] with the given limits, keeping the quotient of the
    /// heaps done when a limit stops the work (a census records how far it got).
    pub fn misere_quotient_partial(
        game: &Game,
        to: u64,
        stop_when_periodic: bool,
        limits: misere::QuotientBounds,
        cancel: &Cancel,
    ) -> (Option<misere::MisereQuotient>, Option<misere::QuotientError>) {
        misere::MisereQuotient::compute_partial(game, to, stop_when_periodic, limits, &mut |_| {}, cancel)
    }

    /// The genus of heaps 0..=`to` (see [`misere::genus`]).
    pub fn genus(game: &Game, to: u64, cancel: &Cancel) -> Result<Vec<misere::Genus>, misere::GenusError> {
        misere::genus(game, to, cancel)
    }

    /// The game this engine computes.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Which engine it is.
    pub fn kind(&self) -> EngineKind {
        self.kind
    }

    /// Whether the engine is a closed form: any heap at once, without a table of smaller heaps.
    pub fn is_closed_form(&self) -> bool {
        self.kind.0.bytes_per_heap() == 0
    }

    /// A computation of G(0..) that can be extended.
    pub fn run(&self) -> Run {
        Run { computation: self.kind.0.start(&self.game) }
    }

    /// A run that goes on from a computation made outside the chooser (an octal sweep
    /// resumed from a census's stored values: [`OctalRun::of`]).
    pub fn run_from(&self, computation: Box<dyn Computation>) -> Run {
        Run { computation }
    }

    /// The computation a checkpoint holds ([`Run::checkpoint`]), for the engines that keep
    /// one (the two sweeps); refused when the bytes are damaged or of another game.
    pub fn restore(&self, bytes: &[u8]) -> Result<Run, EngineError> {
        match self.kind.0.restore(&self.game, bytes) {
            Some(computation) => Ok(Run { computation: computation? }),
            None => Err(EngineError::NotApplicable {
                engine: self.kind.choice().name(),
                game: self.game.name(),
                reason: "only the two sweeps keep checkpoints",
            }),
        }
    }

    /// G(0..end), calling `progress(heaps done)` now and then.
    pub fn values(&self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<Vec<Wide>, EngineError> {
        let mut run = self.run();
        run.extend_to(end, progress)?;
        Ok(run.into_values())
    }
}

/// A computation of G(0..len) that can be extended ([`Engine::run`]), by whichever engine
/// was chosen.
pub struct Run {
    computation: Box<dyn Computation>,
}

impl Run {
    /// Makes room for G(0..end) at once, for a run extended in steps (a period search): an
    /// octal sweep's values then never move, and a move could leave the old buffer resident
    /// beside the new one (`grundy values` of .6 peaked a quarter above its values). Pages
    /// not yet written take no memory.
    pub fn reserve(&mut self, end: usize) {
        self.computation.reserve(end);
    }

    /// Stops [`Run::extend_to`] with [`EngineError::Cancelled`] soon after `cancel` is set
    /// (within a fraction of a second in every engine); the values held are then whole, so
    /// the run can be extended again or saved.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        self.computation.set_cancel(cancel);
    }

    /// Computes until G(0..end) are known.
    pub fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        self.computation.extend_to(end, progress)
    }

    /// Heaps known: G(0..len).
    pub fn len(&self) -> usize {
        self.computation.len()
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n); n must be below [`Run::len`] unless the engine is a closed form.
    pub fn get(&self, n: usize) -> u64 {
        self.computation.get(n)
    }

    /// The values held, or `None` for a closed form (which holds none).
    pub fn held(&self) -> Option<Values<'_>> {
        self.computation.held()
    }

    /// The sparse heaps a sparse sweep found below `end`, as (how many, the last heap):
    /// `None` for the other engines.
    pub fn sparse_heaps_below(&self, end: u64) -> Option<(usize, Option<u64>)> {
        self.computation.sparse_heaps_below(end)
    }

    /// The engine's own type, for what only that engine knows (an octal sweep's rule:
    /// `run.engine::<OctalRun>()`); `None` when another engine runs.
    pub fn engine<T: 'static>(&self) -> Option<&T> {
        self.computation.as_any().downcast_ref::<T>()
    }

    /// The computation's state as checkpoint bytes ([`Engine::restore`] goes on from
    /// them), for the engines that keep one (the two sweeps).
    pub fn checkpoint(&mut self) -> Option<Vec<u8>> {
        self.computation.checkpoint()
    }

    /// G(0..len) as wide values.
    pub fn into_values(self) -> Vec<Wide> {
        self.computation.into_values()
    }
}
