//! One choice of engine for every front end, after regex-automata's `meta`: the caller asks
//! for a game's values, [`Engine::choose`] picks the fastest exact method that applies.
//!
//! | engine | applies to | folder |
//! |---|---|---|
//! | [`EngineKind::ClosedForm`] | Nim, take-at-most-half: one heap at any n < 2^64 | [`closed`] |
//! | [`EngineKind::GrundySweep`] | Grundy's game | [`grundy`] |
//! | [`EngineKind::OctalSweep`] | octal codes (digits below 8, no `!`) | [`octal`] |
//! | [`EngineKind::Definition`] | every game | [`definition`] |
//!
//! What each costs (time and memory as n grows, with the constants measured here) is in
//! [`cost`], the one source of the estimates, refusals and ETAs every front end shows.
//! [`crate::period::heap_values`] adds the cheapest exact way to answer any heap: the
//! closed form, a period proved as soon as the values allow, or a table.
//!
//! Misère play has its own engine, [`misere`] (the misère quotient, heap by heap, for every
//! heap game; cost in its module documentation), reached through [`Engine::misere_quotient`].
//!
//! `Auto` takes the first row that applies; forcing an engine that does not apply is a
//! typed error ([`EngineError::NotApplicable`]). Values leave an engine as `u32`
//! ([`Wide`]); Grundy's game keeps `u16` inside its sweeps and is widened at this boundary.
//! Progress is a callback (the core does no I/O).

use thiserror::Error;

use crate::control::Cancel;

use crate::game::Game;
use closed::closed_form;
use definition::{Sequence, ValuesError};
use grundy::fast::{FastSweep, GrundyKernel};
use grundy::sweep::SweepError;
use octal::{OctalSweep, OctalSweepError};

pub use cost::{Cost, CostError, Limits};
pub use definition::Wide;
pub use held::Values;

pub mod closed;
pub mod cost;
pub mod definition;
pub(crate) mod envelope;
pub mod grundy;
mod held;
pub mod misere;
pub mod octal;

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

/// The engines, fastest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EngineKind {
    /// A proved formula: any heap at once.
    ClosedForm,
    /// `FastSweep`, the sparse-space sweep of Grundy's game.
    GrundySweep,
    /// The sparse-space sweep of octal games.
    OctalSweep,
    /// The mex definition.
    Definition,
}

impl EngineKind {
    /// The engine's name for people.
    pub fn name(self) -> &'static str {
        match self {
            EngineKind::ClosedForm => "closed form",
            EngineKind::GrundySweep => "Grundy's-game sparse sweep",
            EngineKind::OctalSweep => "octal sparse sweep",
            EngineKind::Definition => "definition",
        }
    }

    /// The [`EngineChoice`] that forces this engine.
    pub fn choice(self) -> EngineChoice {
        match self {
            EngineKind::ClosedForm => EngineChoice::Closed,
            EngineKind::GrundySweep | EngineKind::OctalSweep => EngineChoice::Sparse,
            EngineKind::Definition => EngineChoice::Definition,
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

impl Engine {
    /// The engines that apply to `game`, fastest first (the definition always applies).
    pub fn applicable(game: &Game) -> Vec<EngineKind> {
        let mut kinds = Vec::new();
        if game.has_closed_form() {
            kinds.push(EngineKind::ClosedForm);
        }
        if game.is_grundys_game() {
            kinds.push(EngineKind::GrundySweep);
        }
        if game.octal().is_some() {
            kinds.push(EngineKind::OctalSweep);
        }
        kinds.push(EngineKind::Definition);
        kinds
    }

    /// Picks the engine for `game`: the fastest that applies, or the one forced by `choice`
    /// (an error if it does not apply).
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
            EngineChoice::Auto => kinds[0],
            EngineChoice::Definition => EngineKind::Definition,
            EngineChoice::Sparse => *kinds.iter().find(|k| k.choice() == EngineChoice::Sparse).ok_or_else(|| {
                EngineError::NotApplicable {
                    engine: "sparse",
                    game: game.name(),
                    reason: "only Grundy's game and octal codes (digits below 8, no '!') have a sparse sweep",
                }
            })?,
            EngineChoice::Closed => {
                *kinds.iter().find(|&&k| k == EngineKind::ClosedForm).ok_or_else(|| EngineError::NotApplicable {
                    engine: "closed",
                    game: game.name(),
                    reason: "closed forms are proved only for Nim and take-at-most-half",
                })?
            }
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
        misere::MisereQuotient::compute(game, to, stop_when_periodic, misere::Limits::default(), progress, cancel)
    }

    /// As [`Engine::misere_quotient`] with the given limits, keeping the quotient of the
    /// heaps done when a limit stops the work (a census records how far it got).
    pub fn misere_quotient_partial(
        game: &Game,
        to: u64,
        stop_when_periodic: bool,
        limits: misere::Limits,
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
        self.kind == EngineKind::ClosedForm
    }

    /// A computation of G(0..) that can be extended. The octal sweep chooses its mask when
    /// first extended, from the values up to there (at most 2^16), and once more at 2^16
    /// when it goes further; so a periodic game proved early costs only its proof.
    pub fn run(&self) -> Run {
        let state = match self.kind {
            EngineKind::ClosedForm => State::Closed { len: 0 },
            EngineKind::GrundySweep => State::Grundy(Box::default()),
            EngineKind::OctalSweep => State::Octal(None),
            EngineKind::Definition => State::Definition(Sequence::new(self.game.clone())),
        };
        Run { game: self.game.clone(), state, room: 0, window: None, cancel: Cancel::never() }
    }

    /// A computation that goes on from stored values G(0..len) under the sparse rule they
    /// were computed with ([`Run::mask`], [`Run::heap_parity`]): a census raising its
    /// budget continues an unsolved game instead of starting over. Only the octal sweep
    /// resumes (the other engines are refused with [`EngineError::NotApplicable`]); the
    /// values are trusted, so the caller checks them first.
    pub fn resume(&self, values: Vec<Wide>, mask: Wide, heap_parity: bool) -> Result<Run, EngineError> {
        let state = match (self.kind, &self.game) {
            (EngineKind::OctalSweep, game) if game.octal().is_some() => {
                let t = game.octal().expect("checked");
                State::Octal(Some(Box::new(OctalSweep::from_values(t, values, mask, heap_parity)?)))
            }
            _ => {
                return Err(EngineError::NotApplicable {
                    engine: self.kind.choice().name(),
                    game: self.game.name(),
                    reason: "only the octal sweep goes on from stored values",
                })
            }
        };
        Ok(Run { game: self.game.clone(), state, room: 0, window: None, cancel: Cancel::never() })
    }

    /// The computation a checkpoint holds ([`Run::checkpoint`]), for the engines that keep
    /// one (the two sweeps); refused when the bytes are damaged or of another game.
    pub fn restore(&self, bytes: &[u8]) -> Result<Run, EngineError> {
        let state = match (self.kind, &self.game) {
            (EngineKind::GrundySweep, _) => State::Grundy(Box::new(FastSweep::restore(bytes, GrundyKernel::detect())?)),
            (EngineKind::OctalSweep, game) if game.octal().is_some() => {
                let t = game.octal().expect("checked");
                State::Octal(Some(Box::new(OctalSweep::restore(t, bytes)?)))
            }
            _ => {
                return Err(EngineError::NotApplicable {
                    engine: self.kind.choice().name(),
                    game: self.game.name(),
                    reason: "only the two sweeps keep checkpoints",
                })
            }
        };
        Ok(Run { game: self.game.clone(), state, room: 0, window: None, cancel: Cancel::never() })
    }

    /// G(0..end), calling `progress(heaps done)` now and then.
    pub fn values(&self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<Vec<Wide>, EngineError> {
        let mut run = self.run();
        run.extend_to(end, progress)?;
        Ok(run.into_values())
    }
}

enum State {
    /// Values are computed on demand; `len` heaps are "known".
    Closed {
        len: usize,
    },
    Grundy(Box<FastSweep>),
    /// Made when the first end is known (the mask is chosen from the values).
    Octal(Option<Box<OctalSweep>>),
    Definition(Sequence),
}

/// A computation of G(0..len) that can be extended ([`Engine::run`]).
pub struct Run {
    game: Game,
    state: State,
    /// Room made for G(0..room) ([`Run::reserve`]).
    room: usize,
    /// Window mode for the octal sweep ([`Run::set_window`]): the window and the archive.
    window: Option<(usize, bool)>,
    /// Checked by the engine as it goes ([`Run::set_cancel`]).
    cancel: Cancel,
}

/// The definition reports its progress at least every this many options (a bound on the
/// moves of each heap it computes), not only every 4096 heaps.
const DEFINITION_REPORT_OPTIONS: u64 = 1 << 22;

/// The octal sweep chooses its rule again at every doubling from here to
/// [`REFINE_MASK_AT`], from the values of the last half.
const REFINE_MASK_FROM: usize = 1 << 12;
/// The last heap where the octal sweep chooses its rule again, from G(2^15..2^16).
const REFINE_MASK_AT: usize = 1 << 16;

impl Run {
    /// Makes room for G(0..end) at once, for a run extended in steps (a period search): an
    /// octal sweep's values then never move, and a move could leave the old buffer resident
    /// beside the new one (`grundy values` of .6 peaked a quarter above its values). Pages
    /// not yet written take no memory.
    pub fn reserve(&mut self, end: usize) {
        self.room = self.room.max(end);
        if let State::Octal(Some(s)) = &mut self.state {
            s.reserve_to(end);
        }
    }

    /// Stops [`Run::extend_to`] with [`EngineError::Cancelled`] soon after `cancel` is set
    /// (within a fraction of a second in every engine); the values held are then whole, so
    /// the run can be extended again or saved.
    pub fn set_cancel(&mut self, cancel: Cancel) {
        match &mut self.state {
            State::Grundy(s) => s.set_cancel(cancel.clone()),
            State::Octal(Some(s)) => s.set_cancel(cancel.clone()),
            State::Closed { .. } | State::Octal(None) | State::Definition(_) => {}
        }
        self.cancel = cancel;
    }

    /// Window mode (octal sweeps only): keep G(0..window) and the latest values, and with
    /// `archive` the others packed (see [`OctalSweep::set_window`]), so that memory does not
    /// grow (or grows by the bits of a value) with N. Only the values held can then be read
    /// ([`Run::get`]): a table is written as it grows. Set before the run is extended.
    pub fn set_window(&mut self, window: usize, archive: bool) -> Result<(), EngineError> {
        match &self.state {
            State::Octal(None) => {
                self.window = Some((window, archive));
                Ok(())
            }
            _ => Err(EngineError::NotApplicable {
                engine: self.kind_name(),
                game: self.game.name(),
                reason: "window mode is for the octal sweep, set before the run is extended",
            }),
        }
    }

    fn kind_name(&self) -> &'static str {
        match &self.state {
            State::Closed { .. } => EngineKind::ClosedForm.name(),
            State::Grundy(_) => EngineKind::GrundySweep.name(),
            State::Octal(_) => EngineKind::OctalSweep.name(),
            State::Definition(_) => EngineKind::Definition.name(),
        }
    }

    /// Computes until G(0..end) are known.
    pub fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        match &mut self.state {
            State::Closed { len } => {
                *len = (*len).max(end);
                progress(*len as u64);
            }
            State::Grundy(sweep) => sweep.run_to_with(end as u64, &mut *progress)?,
            State::Octal(sweep) => {
                let s = match sweep {
                    Some(s) => s,
                    None => {
                        let t = self.game.octal().expect("octal sweeps are of octal games");
                        let first = OctalSweep::auto_with(t, end.min(REFINE_MASK_AT), self.cancel.clone())?;
                        let s = sweep.insert(Box::new(first));
                        if let Some((window, archive)) = self.window {
                            s.set_window(window)?;
                            if archive {
                                s.set_archive();
                            }
                        }
                        s
                    }
                };
                s.reserve_to(self.room);
                // The rule is chosen again at every doubling up to 2^16, as OctalSweep::auto
                // does, however the run is extended: once at 2^16 only left .36 a rule
                // from 512 heaps up to there, where the sweep spent half its time to 2^21.
                let mut at = REFINE_MASK_FROM;
                while at <= REFINE_MASK_AT {
                    if s.len() <= at && end > at {
                        s.run_to_with(at, &mut *progress)?;
                        s.refine_mask(at / 2)?;
                    }
                    at *= 2;
                }
                s.run_to_with(end, &mut *progress)?;
            }
            State::Definition(seq) => {
                // Reported every 4096 heaps or every 2^22 options (about 20 ms), whichever
                // comes first: cubic work (.f) went quiet for a minute between reports.
                let mut options = 0u64;
                while seq.len() < end {
                    self.cancel.check()?;
                    seq.step()?;
                    options += self.game.heap_move_bound(seq.len() as u64);
                    if seq.len() & 0xfff == 0 || options >= DEFINITION_REPORT_OPTIONS {
                        progress(seq.len() as u64);
                        options = 0;
                    }
                }
                progress(seq.len() as u64);
            }
        }
        Ok(())
    }

    /// Heaps known: G(0..len).
    pub fn len(&self) -> usize {
        match &self.state {
            State::Closed { len } => *len,
            State::Grundy(s) => s.len() as usize,
            State::Octal(s) => s.as_ref().map_or(0, |s| s.len()),
            State::Definition(s) => s.len(),
        }
    }

    /// Whether no value is known yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n); n must be below [`Run::len`] unless the engine is a closed form.
    pub fn get(&self, n: usize) -> u64 {
        match &self.state {
            State::Closed { .. } => closed_form(&self.game, n as u64),
            State::Grundy(s) => s.values()[n] as u64,
            State::Octal(s) => s.as_ref().expect("values computed").get(n) as u64,
            State::Definition(s) => s.values()[n] as u64,
        }
    }

    /// The values held, or `None` for a closed form (which holds none).
    pub fn held(&self) -> Option<Values<'_>> {
        match &self.state {
            State::Closed { .. } => None,
            State::Grundy(s) => Some(Values::Narrow(s.values())),
            State::Octal(s) => Some(s.as_ref().map_or(Values::Wide(&[]), |s| s.values())),
            State::Definition(s) => Some(Values::Wide(s.values())),
        }
    }

    /// The sparse heaps a sparse sweep found below `end`, as (how many, the last heap):
    /// `None` for the other engines.
    pub fn sparse_heaps_below(&self, end: u64) -> Option<(usize, Option<u64>)> {
        let heaps: Vec<u64> = match &self.state {
            State::Grundy(s) => s.stats().sparse_heaps.iter().map(|h| h.heap).collect(),
            State::Octal(Some(s)) => s.sparse_heaps().iter().map(|h| h.0 as u64).collect(),
            _ => return None,
        };
        let below: Vec<u64> = heaps.into_iter().filter(|&h| h < end).collect();
        Some((below.len(), below.last().copied()))
    }

    /// What the sweep of Grundy's game recorded (sparse heaps, records, every value's count
    /// and last heap, scan lengths); `None` for the other engines.
    pub fn grundy_stats(&self) -> Option<&crate::SweepStats> {
        match &self.state {
            State::Grundy(s) => Some(s.stats()),
            _ => None,
        }
    }

    /// Whether heap `n` (held) is sparse under the octal sweep's rule (its mask, and the
    /// heap's parity when [`OctalSweep::heap_parity`] is on); `None` for the other engines.
    pub fn is_sparse_heap(&self, n: usize) -> Option<bool> {
        match &self.state {
            State::Octal(Some(s)) => Some(s.is_sparse_heap(n, s.get(n))),
            _ => None,
        }
    }

    /// Whether the octal sweep's rule includes the heap's parity (see
    /// [`OctalSweep::heap_parity`]); false for the other engines.
    pub fn heap_parity(&self) -> bool {
        matches!(&self.state, State::Octal(Some(s)) if s.heap_parity())
    }

    /// The octal sweep's sparse/common mask, if this is one.
    pub fn mask(&self) -> Option<Wide> {
        match &self.state {
            State::Octal(Some(s)) => Some(s.mask()),
            _ => None,
        }
    }

    /// The computation's state as checkpoint bytes ([`Engine::restore`] goes on from
    /// them), for the engines that keep one (the two sweeps).
    pub fn checkpoint(&mut self) -> Option<Vec<u8>> {
        match &mut self.state {
            State::Grundy(s) => Some(s.checkpoint()),
            State::Octal(Some(s)) => Some(s.checkpoint()),
            State::Closed { .. } | State::Octal(None) | State::Definition(_) => None,
        }
    }

    /// G(0..len) as wide values.
    pub fn into_values(self) -> Vec<Wide> {
        match self.state {
            State::Closed { len } => (0..len as u64).map(|n| closed_form(&self.game, n) as Wide).collect(),
            State::Grundy(s) => s.values().iter().map(|&v| Wide::from(v)).collect(),
            State::Octal(s) => s.map(|s| s.into_values()).unwrap_or_default(),
            State::Definition(s) => s.into_values(),
        }
    }
}
