//! One game of a census: a take-and-break code computed until a periodicity theorem proves
//! a period or the budget is reached, from heap 0 or going on from the stored values of a
//! smaller budget; and the values a stored proof rests on, computed again for the census's
//! check. Octal codes run the octal sparse-space sweep; every other code (CGSuite's
//! notation, issue 40: `0.[3]`, `0.D!`, `4!.0`) the definition, whose periods are proved
//! where a theorem covers the game (subtraction games; all-but subtraction games with a
//! saltus) and only observed elsewhere.

use super::{AskError, Control, Session};
use crate::engine::cost::human_seconds;
use crate::engine::octal::OctalSweep;
use crate::engine::{DefinitionRun, Engine, EngineChoice, EngineError, Limits, OctalRun, Run, Wide};
use crate::game::Game;
use crate::period::{search_in, Periodicity};

/// Values stored by an unsolved game of a smaller budget, with the sparse rule they were
/// computed under (an octal sweep's; the definition has none).
#[derive(Clone, Debug)]
pub struct StoredRun {
    /// G(0..len), checked by the caller against the stored checksum.
    pub values: Vec<u64>,
    /// The octal sweep's mask (`None` for a code the definition computes).
    pub mask: Option<u64>,
    /// Whether the heap's parity is part of the rule.
    pub heap_parity: bool,
}

/// One census game.
#[derive(Clone, Debug)]
pub struct CensusRequest {
    /// The code (octal, or any take-and-break code in CGSuite's notation).
    pub code: String,
    /// Values computed at most: G(0..budget).
    pub budget: u64,
    /// Go on from these stored values.
    pub resume: Option<StoredRun>,
}

/// A census game's run: its values, the rule it swept under and the proof, if any.
pub struct CensusRun {
    engine: Engine,
    run: Run,
    /// The period proved, if one was.
    pub proof: Option<Periodicity>,
}

impl std::fmt::Debug for CensusRun {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CensusRun").field("heaps", &self.run.len()).field("proof", &self.proof).finish()
    }
}

/// The engine of a census game: the octal sweep for an octal code, the definition for any
/// other take-and-break code (a closed form too: the census wants the values); or why not.
fn census_engine(code: &str) -> Result<Engine, AskError> {
    let game = Game::parse(code)?;
    if game.octal().is_some() {
        return Ok(Engine::choose(&game, EngineChoice::Sparse)?);
    }
    if game.tbcode().is_none() || game.largest_heap().is_some() {
        return Err(AskError::Input(format!(
            "{code} is not a take-and-break code: a census runs octal codes or codes in CGSuite's notation"
        )));
    }
    Ok(Engine::choose(&game, EngineChoice::Definition)?)
}

/// A run of `engine` going on from stored values (under their rule, for the octal sweep).
fn resumed(engine: &Engine, stored: &StoredRun) -> Result<Run, AskError> {
    let wide = |v: u64| Wide::try_from(v).map_err(|_| AskError::Input(format!("a stored value {v} beyond 32 bits")));
    let values: Vec<Wide> = stored.values.iter().map(|&v| wide(v)).collect::<Result<_, _>>()?;
    let Some(code) = engine.game().octal().filter(|_| engine.kind().choice() == EngineChoice::Sparse) else {
        return Ok(engine.run_from(DefinitionRun::of(engine.game(), values)));
    };
    let mask = stored.mask.ok_or_else(|| AskError::Input("stored octal values without their mask".into()))?;
    let sweep = OctalSweep::from_values(code, values, wide(mask)?, stored.heap_parity).map_err(EngineError::from)?;
    Ok(engine.run_from(OctalRun::of(engine.game(), sweep)))
}

/// The longest a census game computed by the definition may take by its estimate: a code
/// that is not octal and whose rule splits (`0.8`, three heaps: cubic) would otherwise run
/// for days at a budget the octal sweep does in seconds.
pub const CENSUS_DEFINITION_SECONDS: f64 = 3600.0;

impl Session {
    /// Refuses, before anything runs, a census game the definition computes whose estimate
    /// for G(0..budget + 1) passes [`CENSUS_DEFINITION_SECONDS`], in one line with what
    /// would fit; octal codes pass (the sweep is costed as it goes), and a code that is not
    /// a take-and-break code is refused as [`Session::census_game`] refuses it.
    pub fn census_check(&self, code: &str, budget: u64) -> Result<(), AskError> {
        let engine = census_engine(code)?;
        if engine.game().octal().is_some() {
            return Ok(());
        }
        let limits = Limits { bytes: u64::MAX, seconds: CENSUS_DEFINITION_SECONDS };
        let heaps = budget.saturating_add(1);
        let cost = engine.cost(heaps);
        if cost.seconds <= limits.seconds {
            return Ok(());
        }
        Err(AskError::Input(format!(
            "G(0..{heaps}) by the definition (the code is not octal) would take about {} by its estimate, more than the hour a census game may take; G(0..{}) would fit: give a smaller --budget or leave the code out",
            human_seconds(cost.seconds),
            engine.heaps_within(limits)
        )))
    }

    /// Runs one census game: G(0..budget + 1) (the merge compares games shifted by one
    /// heap, which needs G(budget)) or to the end of its proof.
    pub fn census_game(&self, req: &CensusRequest, ctl: &mut Control) -> Result<CensusRun, AskError> {
        let engine = census_engine(&req.code)?;
        let budget = usize::try_from(req.budget)
            .map_err(|_| AskError::Input(format!("a budget of {} values is beyond what fits here", req.budget)))?;
        let mut run = match &req.resume {
            Some(stored) => resumed(&engine, stored)?,
            None => engine.run(),
        };
        run.set_cancel(ctl.cancel.clone());
        let end = budget + 1;
        let search = search_in(&engine, &mut run, end, &mut |done| ctl.report_heaps(&engine, done, end as u64))?;
        let proof = search.found.filter(|p| p.proved);
        Ok(CensusRun { engine, run, proof })
    }

    /// A census run of `code` made of values already known (a stored proof's, computed
    /// again): its rule and record are derived from them without sweeping further.
    pub fn census_stored(
        &self,
        code: &str,
        stored: &StoredRun,
        proof: Option<Periodicity>,
    ) -> Result<CensusRun, AskError> {
        let engine = census_engine(code)?;
        let run = resumed(&engine, stored)?;
        Ok(CensusRun { engine, run, proof })
    }

    /// G(0..end) of a census game by its engine, from heap 0 (a stored proof's values,
    /// computed again).
    pub fn census_values(&self, code: &str, end: u64, ctl: &mut Control) -> Result<Vec<u64>, AskError> {
        let engine = census_engine(code)?;
        let end = usize::try_from(end).map_err(|_| AskError::Input(format!("{end} values do not fit here")))?;
        let mut run = engine.run();
        run.set_cancel(ctl.cancel.clone());
        run.extend_to(end, &mut |done| ctl.report_heaps(&engine, done, end as u64))?;
        // The sweep may compute a few more than asked (it chooses its mask on 64 at least).
        Ok((0..end.min(run.len())).map(|n| run.get(n)).collect())
    }
}

impl CensusRun {
    /// Heaps computed: G(0..len).
    pub fn len(&self) -> usize {
        self.run.len()
    }

    /// Whether no value is computed.
    pub fn is_empty(&self) -> bool {
        self.run.is_empty()
    }

    /// G(n), n below [`CensusRun::len`].
    pub fn get(&self, n: usize) -> u64 {
        self.run.get(n)
    }

    /// The sweep's sparse/common mask.
    pub fn mask(&self) -> Option<u64> {
        self.sweep().map(|s| u64::from(s.mask()))
    }

    /// Whether the heap's parity is part of the rule.
    pub fn heap_parity(&self) -> bool {
        self.sweep().is_some_and(|s| s.heap_parity())
    }

    /// Whether heap `n` is sparse under the sweep's rule.
    pub fn is_sparse_heap(&self, n: usize) -> bool {
        self.sweep().is_some_and(|s| s.is_sparse_heap(n, s.get(n)))
    }

    /// The octal sweep, when it runs (a census game's engine).
    fn sweep(&self) -> Option<&OctalSweep> {
        self.run.engine::<OctalRun>().and_then(|r| r.sweep())
    }

    /// The engine's name, as records keep it.
    pub fn engine_name(&self) -> &'static str {
        self.engine.kind().name()
    }

    /// The game.
    pub fn game(&self) -> &Game {
        self.engine.game()
    }
}
