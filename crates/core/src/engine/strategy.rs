//! The seam between the chooser and the engines, after regex-automata's `Strategy`: an
//! engine says which games it applies to, what G(0..n) costs it, and starts a
//! [`Computation`] of G(0..) that can be extended, cancelled and (where the engine keeps
//! one) checkpointed. The chooser ([`super::Engine::choose`]) knows engines only through
//! this trait and the one list `wrappers::ENGINES`: adding an engine is its folder, its
//! wrapper in `wrappers.rs` and its line in the list (the engines themselves know nothing
//! of the chooser, as regex-automata's do not know `meta`).
//!
//! What only one engine has (the octal sweep's rule, Grundy's sweep's statistics, a
//! window) stays with that engine's own types and configuration; a caller that wants it
//! asks the computation for the engine's type ([`super::Run::engine`]), never the chooser
//! for another engine's knob.

use std::any::Any;

use super::{EngineChoice, EngineError, Values, Wide};
use crate::control::Cancel;
use crate::game::Game;

/// An engine as the chooser sees it.
pub trait Strategy: Sync + 'static {
    /// The engine's name for people ("octal sparse sweep").
    fn name(&self) -> &'static str;

    /// The word that forces it (`--engine sparse`).
    fn choice(&self) -> EngineChoice;

    /// Which games it applies to, in words (said when forcing it on another game fails).
    fn applies_to(&self) -> &'static str;

    /// Whether it computes `game`'s values.
    fn applies(&self, game: &Game) -> bool;

    /// Bytes a heap of a G(0..n) table takes with it (peak resident memory over n).
    fn bytes_per_heap(&self) -> u64;

    /// Seconds G(0..n) takes it, by its model ([`super::cost`] holds the constants).
    fn seconds(&self, game: &Game, n: f64) -> f64;

    /// A computation of `game`'s values, none computed yet (the game is one it applies to).
    fn start(&self, game: &Game) -> Box<dyn Computation>;

    /// The computation a checkpoint holds, for engines that keep one (`None`: this engine
    /// keeps no checkpoints).
    fn restore(&self, _game: &Game, _bytes: &[u8]) -> Option<Result<Box<dyn Computation>, EngineError>> {
        None
    }
}

/// G(0..len) of one game by one engine, extended on demand.
pub trait Computation: Send + Sync {
    /// Computes until G(0..end) are known, calling `progress(heaps done)` now and then and
    /// stopping with [`EngineError::Cancelled`] soon after the cancel set by
    /// [`Computation::set_cancel`] is.
    fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError>;

    /// Heaps known: G(0..len).
    fn len(&self) -> usize;

    /// Whether no value is known yet.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// G(n), n below [`Computation::len`] (any n for a closed form).
    fn get(&self, n: usize) -> u64;

    /// The values held, or `None` for an engine that holds none (a closed form).
    fn held(&self) -> Option<Values<'_>>;

    /// The cancellation the engine checks as it goes.
    fn set_cancel(&mut self, cancel: Cancel);

    /// Makes room for G(0..end) at once (a run extended in steps): by default nothing.
    fn reserve(&mut self, _end: usize) {}

    /// The state as checkpoint bytes, for engines that keep one.
    fn checkpoint(&mut self) -> Option<Vec<u8>> {
        None
    }

    /// The sparse heaps below `end` as (how many, the last), for engines that split values
    /// into sparse and common (a period search reports them).
    fn sparse_heaps_below(&self, _end: u64) -> Option<(usize, Option<u64>)> {
        None
    }

    /// G(0..len) as wide values.
    fn into_values(self: Box<Self>) -> Vec<Wide>;

    /// The engine's own type, for what only it knows ([`super::Run::engine`]).
    fn as_any(&self) -> &dyn Any;
}

/// Which engine was chosen: a handle to its [`Strategy`], compared by name.
#[derive(Clone, Copy)]
pub struct EngineKind(pub(crate) &'static dyn Strategy);

impl EngineKind {
    /// The engine's name for people.
    pub fn name(self) -> &'static str {
        self.0.name()
    }

    /// The [`EngineChoice`] that forces this engine.
    pub fn choice(self) -> EngineChoice {
        self.0.choice()
    }
}

impl PartialEq for EngineKind {
    fn eq(&self, other: &EngineKind) -> bool {
        self.name() == other.name()
    }
}

impl Eq for EngineKind {}

impl std::fmt::Debug for EngineKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "EngineKind({})", self.name())
    }
}
