//! Each engine behind the [`Strategy`] trait, and the one list of them ([`ENGINES`]), after
//! regex-automata's `meta/wrappers.rs`: the engines' folders know nothing of the chooser;
//! this file adapts each to it. Adding an engine is its folder, its wrapper here and its
//! line in [`ENGINES`].

use std::any::Any;

use super::closed::closed_form;
use super::cost;
use super::definition::Sequence;
use super::grundy::fast::{FastSweep, GrundyKernel};
use super::octal::OctalSweep;
use super::strategy::{Computation, Strategy};
use super::{EngineChoice, EngineError, Values, Wide};
use crate::control::Cancel;
use crate::game::Game;

/// Every engine, in the order the chooser prefers them when their costs tie: the proved
/// formula, the two sparse sweeps, the definition (which applies to every game, and so
/// comes last).
pub(crate) const ENGINES: &[&dyn Strategy] = &[&ClosedForm, &GrundySweep, &OctalSweepEngine, &Definition];

/// The closed forms: the kinds that state a proved formula, any heap at once.
pub struct ClosedForm;

impl Strategy for ClosedForm {
    fn name(&self) -> &'static str {
        "closed form"
    }

    fn choice(&self) -> EngineChoice {
        EngineChoice::Closed
    }

    fn applies_to(&self) -> &'static str {
        "closed forms are proved only for Nim and take-at-most-half"
    }

    fn applies(&self, game: &Game) -> bool {
        game.has_closed_form()
    }

    fn bytes_per_heap(&self) -> u64 {
        0
    }

    fn seconds(&self, game: &Game, n: f64) -> f64 {
        n * game.closed_form_seconds()
    }

    fn start(&self, game: &Game) -> Box<dyn Computation> {
        Box::new(ClosedRun { game: game.clone(), len: 0 })
    }
}

/// A closed form's "table": values are computed when read; `len` heaps are "known".
struct ClosedRun {
    game: Game,
    len: usize,
}

impl Computation for ClosedRun {
    fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        self.len = self.len.max(end);
        progress(self.len as u64);
        Ok(())
    }

    fn len(&self) -> usize {
        self.len
    }

    fn get(&self, n: usize) -> u64 {
        closed_form(&self.game, n as u64)
    }

    fn held(&self) -> Option<Values<'_>> {
        None
    }

    fn set_cancel(&mut self, _cancel: Cancel) {}

    fn into_values(self: Box<Self>) -> Vec<Wide> {
        (0..self.len as u64).map(|n| closed_form(&self.game, n) as Wide).collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// [`FastSweep`], the sparse-space sweep of Grundy's game.
pub struct GrundySweep;

impl Strategy for GrundySweep {
    fn name(&self) -> &'static str {
        "Grundy's-game sparse sweep"
    }

    fn choice(&self) -> EngineChoice {
        EngineChoice::Sparse
    }

    fn applies_to(&self) -> &'static str {
        "only Grundy's game and octal codes (digits below 8, no '!') have a sparse sweep"
    }

    fn applies(&self, game: &Game) -> bool {
        game.is_grundys_game()
    }

    /// Its u16 values, the reversed copy the AVX-512 kernel scans and the vector's growth:
    /// 377 MiB at 2^26 (about 2 bytes a heap below 2^24, before the copy).
    fn bytes_per_heap(&self) -> u64 {
        6
    }

    fn seconds(&self, _game: &Game, n: f64) -> f64 {
        n * cost::grundy_seconds_per_heap()
    }

    fn start(&self, _game: &Game) -> Box<dyn Computation> {
        Box::<FastSweep>::default()
    }

    fn restore(&self, _game: &Game, bytes: &[u8]) -> Option<Result<Box<dyn Computation>, EngineError>> {
        Some(
            FastSweep::restore(bytes, GrundyKernel::detect())
                .map(|s| Box::new(s) as Box<dyn Computation>)
                .map_err(EngineError::from),
        )
    }
}

impl Computation for FastSweep {
    fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        Ok(self.run_to_with(end as u64, progress)?)
    }

    fn len(&self) -> usize {
        FastSweep::len(self) as usize
    }

    fn get(&self, n: usize) -> u64 {
        u64::from(self.values()[n])
    }

    fn held(&self) -> Option<Values<'_>> {
        Some(Values::Narrow(self.values()))
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        FastSweep::set_cancel(self, cancel);
    }

    fn checkpoint(&mut self) -> Option<Vec<u8>> {
        Some(FastSweep::checkpoint(self))
    }

    fn sparse_heaps_below(&self, end: u64) -> Option<(usize, Option<u64>)> {
        Some(below(self.stats().sparse_heaps.iter().map(|h| h.heap), end))
    }

    fn into_values(self: Box<Self>) -> Vec<Wide> {
        self.values().iter().map(|&v| Wide::from(v)).collect()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The sparse-space sweep of octal games ([`OctalSweep`]), its rule chosen as it goes.
pub struct OctalSweepEngine;

impl Strategy for OctalSweepEngine {
    fn name(&self) -> &'static str {
        "octal sparse sweep"
    }

    fn choice(&self) -> EngineChoice {
        EngineChoice::Sparse
    }

    fn applies_to(&self) -> &'static str {
        "only Grundy's game and octal codes (digits below 8, no '!') have a sparse sweep"
    }

    fn applies(&self, game: &Game) -> bool {
        game.octal().is_some()
    }

    /// 12.6 MiB at 2^22 for .6, 4 of them the program itself: u16 values, read in place by
    /// the helper thread (four bytes once a value passes 16 bits).
    fn bytes_per_heap(&self) -> u64 {
        3
    }

    fn seconds(&self, game: &Game, n: f64) -> f64 {
        match game.octal() {
            Some(t) => cost::octal_seconds(game, t, n),
            None => n * cost::OCTAL_SECONDS_PER_HEAP,
        }
    }

    fn start(&self, game: &Game) -> Box<dyn Computation> {
        Box::new(OctalRun { game: game.clone(), sweep: None, room: 0, cancel: Cancel::never() })
    }

    fn restore(&self, game: &Game, bytes: &[u8]) -> Option<Result<Box<dyn Computation>, EngineError>> {
        let t = game.octal()?;
        Some(OctalSweep::restore(t, bytes).map(|s| OctalRun::of(game, s)).map_err(EngineError::from))
    }
}

/// An octal sweep made when the first end is known (its first rule is chosen from the
/// values up to there).
pub struct OctalRun {
    game: Game,
    sweep: Option<Box<OctalSweep>>,
    /// Room made for G(0..room) ([`Computation::reserve`]).
    room: usize,
    cancel: Cancel,
}

impl OctalRun {
    /// A run that goes on from `sweep` (restored, or resumed from stored values).
    pub fn of(game: &Game, sweep: OctalSweep) -> Box<dyn Computation> {
        Box::new(OctalRun { game: game.clone(), sweep: Some(Box::new(sweep)), room: 0, cancel: Cancel::never() })
    }

    /// The sweep, once the run has been extended.
    pub fn sweep(&self) -> Option<&OctalSweep> {
        self.sweep.as_deref()
    }
}

impl Computation for OctalRun {
    fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        let s = match &mut self.sweep {
            Some(s) => s,
            None => {
                let t = self.game.octal().expect("the octal sweep is started only for octal games");
                self.sweep.insert(Box::new(OctalSweep::first_rule(t, end, self.cancel.clone())?))
            }
        };
        s.reserve_to(self.room);
        Ok(s.extend_refining(end, progress)?)
    }

    fn len(&self) -> usize {
        self.sweep.as_ref().map_or(0, |s| s.len())
    }

    fn get(&self, n: usize) -> u64 {
        u64::from(self.sweep.as_ref().expect("values computed").get(n))
    }

    fn held(&self) -> Option<Values<'_>> {
        Some(self.sweep.as_ref().map_or(Values::Wide(&[]), |s| s.values()))
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        if let Some(s) = &mut self.sweep {
            s.set_cancel(cancel.clone());
        }
        self.cancel = cancel;
    }

    fn reserve(&mut self, end: usize) {
        self.room = self.room.max(end);
        if let Some(s) = &mut self.sweep {
            s.reserve_to(end);
        }
    }

    fn checkpoint(&mut self) -> Option<Vec<u8>> {
        self.sweep.as_mut().map(|s| s.checkpoint())
    }

    fn sparse_heaps_below(&self, end: u64) -> Option<(usize, Option<u64>)> {
        let s = self.sweep.as_ref()?;
        Some(below(s.sparse_heaps().iter().map(|h| h.0 as u64), end))
    }

    fn into_values(self: Box<Self>) -> Vec<Wide> {
        self.sweep.map(|s| s.into_values()).unwrap_or_default()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// The mex definition: every game.
pub struct Definition;

impl Strategy for Definition {
    fn name(&self) -> &'static str {
        "definition"
    }

    fn choice(&self) -> EngineChoice {
        EngineChoice::Definition
    }

    fn applies_to(&self) -> &'static str {
        "the definition applies to every game"
    }

    fn applies(&self, _game: &Game) -> bool {
        true
    }

    /// Its u32 values.
    fn bytes_per_heap(&self) -> u64 {
        4
    }

    fn seconds(&self, game: &Game, n: f64) -> f64 {
        cost::definition_seconds(game, n)
    }

    fn start(&self, game: &Game) -> Box<dyn Computation> {
        Box::new(DefinitionRun { sequence: Sequence::new(game.clone()), cancel: Cancel::never() })
    }
}

/// The definition reports its progress at least every this many options (a bound on the
/// moves of each heap it computes), not only every 4096 heaps.
const DEFINITION_REPORT_OPTIONS: u64 = 1 << 22;

/// The definition's computation.
pub struct DefinitionRun {
    sequence: Sequence,
    cancel: Cancel,
}

impl DefinitionRun {
    /// A run that goes on from G(0..values.len()) of `game`, known.
    pub fn of(game: &Game, values: Vec<Wide>) -> Box<dyn Computation> {
        Box::new(DefinitionRun { sequence: Sequence::from_values(game.clone(), values), cancel: Cancel::never() })
    }
}

impl Computation for DefinitionRun {
    fn extend_to(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), EngineError> {
        // Reported every 4096 heaps or every 2^22 options (about 20 ms), whichever comes
        // first: cubic work (.f) went quiet for a minute between reports.
        let seq = &mut self.sequence;
        let mut options = 0u64;
        while seq.len() < end {
            self.cancel.check()?;
            seq.step()?;
            options += seq.game().heap_move_bound(seq.len() as u64);
            if seq.len() & 0xfff == 0 || options >= DEFINITION_REPORT_OPTIONS {
                progress(seq.len() as u64);
                options = 0;
            }
        }
        progress(seq.len() as u64);
        Ok(())
    }

    fn len(&self) -> usize {
        self.sequence.len()
    }

    fn get(&self, n: usize) -> u64 {
        u64::from(self.sequence.values()[n])
    }

    fn held(&self) -> Option<Values<'_>> {
        Some(Values::Wide(self.sequence.values()))
    }

    fn set_cancel(&mut self, cancel: Cancel) {
        self.cancel = cancel;
    }

    fn into_values(self: Box<Self>) -> Vec<Wide> {
        self.sequence.into_values()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

/// How many of `heaps` (in order) are below `end`, and the last of them.
fn below(heaps: impl Iterator<Item = u64>, end: u64) -> (usize, Option<u64>) {
    heaps.filter(|&h| h < end).fold((0, None), |(count, _), h| (count + 1, Some(h)))
}
