//! One game of a census: the values by the octal sparse-space sweep, through grundy-core's
//! period search (the same as `grundy period`), until the octal periodicity theorem proves
//! a period or the budget is reached.

use std::time::Instant;

use grundy_core::engine::{Engine, EngineChoice, EngineError};
use grundy_core::game::{Game, TakeAndBreak};
use grundy_core::period::search_period_run;
use thiserror::Error;

use crate::record::{nimber_char, CensusKey, Fnv, GameRecord, Milestone, Status, MAX_PERIODIC_TEXT, TRIVIAL_PROOF};

/// Why a game could not be run.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum SolveError {
    #[error("not an octal code: {0}")]
    /// The code does not parse, or is not octal (the reason, as text).
    Code(String),
    /// The sparse engine refused the game or stopped.
    #[error(transparent)]
    Engine(#[from] EngineError),
    #[error("a budget of {budget} values is beyond what fits in memory here")]
    /// The census budget does not fit in this platform's `usize`.
    Budget {
        /// The budget, in heaps.
        budget: u64,
    },
}

/// Runs game `code` of census `key`.
pub fn solve(code: &str, key: &CensusKey) -> Result<GameRecord, SolveError> {
    solve_with_values(code, key).map(|(record, _)| record)
}

/// [`solve`], also giving back the values it computed, G(0..) at least to the budget or the
/// end of the proof (the comparison with the tczajka tables counts them again under the
/// table's mask instead of sweeping a second time).
pub fn solve_with_values(code: &str, key: &CensusKey) -> Result<(GameRecord, Vec<u64>), SolveError> {
    let start = Instant::now();
    let game = TakeAndBreak::parse(code).map_err(|e| SolveError::Code(e.to_string()))?;
    if !game.is_octal() {
        return Err(SolveError::Code(format!("{code} is not octal")));
    }
    let budget = usize::try_from(key.budget).map_err(|_| SolveError::Budget { budget: key.budget })?;
    let engine = Engine::choose(&Game::TakeAndBreak(game), EngineChoice::Sparse)?;
    // G(0..budget + 1): the shifted checksum of an unsolved game needs G(budget).
    let (search, run) = search_period_run(&engine, budget + 1, &mut |_| {})?;
    let run = run.expect("the octal sweep holds its values");
    let mask = run.mask().map(u64::from);
    let proof = search.found.filter(|p| p.proved);
    let g: Vec<u64> = (0..run.len()).map(|n| run.get(n)).collect();
    let value_at = |n: usize| -> u64 {
        match &proof {
            Some(p) if n >= g.len() => g[p.preperiod + (n - p.preperiod) % p.period],
            _ => g[n],
        }
    };
    let (status, preperiod, period, computed) = match &proof {
        Some(p) => {
            // The values the theorem needs, as in `grundy period`.
            let needed = p.computed.min(g.len());
            let status = if (needed as u64) < TRIVIAL_PROOF { Status::Trivial } else { Status::Periodic };
            (status, Some(p.preperiod as u64), Some(p.period as u64), needed)
        }
        None => (Status::Unsolved, None, None, budget),
    };
    let examined = &g[..computed.min(g.len())];
    let largest = examined.iter().copied().max().unwrap_or(0);
    let largest_at = examined.iter().position(|&v| v == largest).unwrap_or(0);
    // The sweep's own rule: its mask, and for some codes the heap's parity too.
    let sparse_heap = |n: usize| run.is_sparse_heap(n).unwrap_or(false);
    let sparse: Vec<usize> = (0..examined.len()).filter(|&n| sparse_heap(n)).collect();
    let mut checksum = Fnv::default();
    let mut shifted = Fnv::default();
    for n in 0..budget {
        checksum.push(value_at(n));
        shifted.push(value_at(n + 1));
    }
    let head: String = (0..64.min(budget)).map(|n| nimber_char(value_at(n))).collect();
    let periodic_values = proof.as_ref().and_then(|p| {
        let len = (p.preperiod + p.period) as u64;
        (len <= MAX_PERIODIC_TEXT).then(|| (0..len as usize).map(|n| nimber_char(value_at(n))).collect())
    });
    let mut milestones = Vec::new();
    let (mut largest_so_far, mut largest_first, mut count, mut last) = (0u64, 0u64, 0u64, None);
    let mut next_milestone = 1usize << 10;
    for (n, &v) in examined.iter().enumerate() {
        if v > largest_so_far {
            largest_so_far = v;
            largest_first = n as u64;
        }
        if sparse_heap(n) {
            count += 1;
            last = Some(n as u64);
        }
        if n + 1 == next_milestone {
            milestones.push(Milestone {
                heaps: next_milestone as u64,
                largest: largest_so_far,
                largest_at: largest_first,
                sparse_heaps: count,
                last_sparse: last,
            });
            next_milestone *= 2;
        }
    }
    let record = GameRecord {
        key: key.clone(),
        code: code.to_string(),
        status,
        preperiod,
        period,
        computed: computed as u64,
        largest,
        largest_at: largest_at as u64,
        mask,
        heap_parity: run.heap_parity(),
        sparse_heaps: mask.map(|_| sparse.len() as u64),
        last_sparse: mask.and(sparse.last().map(|&n| n as u64)),
        checksum: checksum.hex(),
        shifted_checksum: shifted.hex(),
        head,
        periodic_values,
        milestones,
        engine: engine.kind().name().into(),
        seconds: start.elapsed().as_secs_f64(),
    };
    Ok((record, g))
}
