//! One game of a census: an octal code swept by the octal sparse-space sweep until its
//! periodicity theorem proves a period or the budget is reached, from heap 0 or going on
//! from the stored values of a smaller budget; and the values a stored proof rests on,
//! computed again for the census's check.

use super::{AskError, Control, Session};
use crate::engine::octal::OctalSweep;
use crate::engine::{Engine, EngineChoice, EngineError, OctalRun, Run, Wide};
use crate::game::{Game, TakeAndBreak};
use crate::period::{search_in, Periodicity};

/// Values stored by an unsolved game of a smaller budget, with the sparse rule they were
/// computed under.
#[derive(Clone, Debug)]
pub struct StoredRun {
    /// G(0..len), checked by the caller against the stored checksum.
    pub values: Vec<u64>,
    /// The sweep's mask.
    pub mask: u64,
    /// Whether the heap's parity is part of the rule.
    pub heap_parity: bool,
}

/// One census game.
#[derive(Clone, Debug)]
pub struct CensusRequest {
    /// The octal code.
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

/// The octal sweep of a code, or why not.
fn octal_engine(code: &str) -> Result<Engine, AskError> {
    let game = TakeAndBreak::parse(code)?;
    if !game.is_octal() {
        return Err(AskError::Input(format!("{code} is not octal")));
    }
    Ok(Engine::choose(&Game::new(game), EngineChoice::Sparse)?)
}

/// A run of `engine` going on from stored values under their rule.
fn resumed(engine: &Engine, stored: &StoredRun) -> Result<Run, AskError> {
    let wide = |v: u64| Wide::try_from(v).map_err(|_| AskError::Input(format!("a stored value {v} beyond 32 bits")));
    let values: Vec<Wide> = stored.values.iter().map(|&v| wide(v)).collect::<Result<_, _>>()?;
    let code = engine.game().octal().ok_or_else(|| AskError::Input("only an octal sweep resumes".into()))?;
    let sweep =
        OctalSweep::from_values(code, values, wide(stored.mask)?, stored.heap_parity).map_err(EngineError::from)?;
    Ok(engine.run_from(OctalRun::of(engine.game(), sweep)))
}

impl Session {
    /// Runs one census game: G(0..budget + 1) (the merge compares games shifted by one
    /// heap, which needs G(budget)) or to the end of its proof.
    pub fn census_game(&self, req: &CensusRequest, ctl: &mut Control) -> Result<CensusRun, AskError> {
        let engine = octal_engine(&req.code)?;
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
        let engine = octal_engine(code)?;
        let run = resumed(&engine, stored)?;
        Ok(CensusRun { engine, run, proof })
    }

    /// G(0..end) of an octal code by the octal sweep, from heap 0 (a stored proof's values,
    /// computed again).
    pub fn octal_values(&self, code: &str, end: u64, ctl: &mut Control) -> Result<Vec<u64>, AskError> {
        let engine = octal_engine(code)?;
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
