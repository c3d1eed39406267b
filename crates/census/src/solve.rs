//! One game of a census: the values by the octal sparse-space sweep (octal codes) or the
//! definition (every other take-and-break code), through grundy-core's period search (the
//! same as `grundy period`), until a periodicity theorem proves a period or the budget is
//! reached; from heap 0, or going on from the stored values of a smaller budget ([`Resume`]). [`describe`] turns values into the record, so the run and
//! merge's check ([`crate::verify`]) derive every field the same way.

use std::time::Instant;

use grundy_core::ask::{
    candidate_period, AskError, Cancel, CensusRequest, CensusRun, Control, Periodicity, Session, StoredRun,
};
use thiserror::Error;

use crate::record::{
    fnv_of, nimber_char, CandidatePeriod, CensusKey, GameRecord, Milestone, Status, MAX_PERIODIC_TEXT,
};

/// Why a game could not be run.
#[derive(Debug, Error)]
pub enum SolveError {
    /// The core refused the game (not an octal code, a budget beyond memory) or its sweep
    /// stopped.
    #[error(transparent)]
    Core(Box<AskError>),
}

impl From<AskError> for SolveError {
    fn from(e: AskError) -> SolveError {
        SolveError::Core(Box::new(e))
    }
}

impl SolveError {
    /// Whether the run was cancelled (Ctrl-C), rather than failed.
    pub fn is_cancelled(&self) -> bool {
        let SolveError::Core(e) = self;
        matches!(**e, AskError::Cancelled | AskError::Interrupted(_))
    }
}

/// Where an unsolved game of a smaller budget stopped: its values and the sparse rule
/// they were computed under (from its record).
#[derive(Clone, Debug)]
pub struct Resume {
    /// G(0..len), checked against the record's checksum by the caller.
    pub values: Vec<u64>,
    /// The octal sweep's mask (`None` for a code the definition computes).
    pub mask: Option<u64>,
    /// Whether the heap's parity is part of the rule.
    pub heap_parity: bool,
}

/// A game's record and the values it computed: G(0..) at least to the budget plus one, or
/// to the end of the proof.
pub struct Solved {
    /// The record.
    pub record: GameRecord,
    /// The values.
    pub values: Vec<u64>,
}

/// Runs game `code` of census `key`, from heap 0 or from `resume`.
pub fn solve(code: &str, key: &CensusKey, resume: Option<Resume>, cancel: &Cancel) -> Result<Solved, SolveError> {
    let start = Instant::now();
    // A code the definition would take days on is refused in one line, not started.
    Session::new().census_check(code, key.budget)?;
    let resume = resume.map(|r| StoredRun { values: r.values, mask: r.mask, heap_parity: r.heap_parity });
    let req = CensusRequest { code: code.to_string(), budget: key.budget, resume };
    let mut ctl = Control::unlimited().with_cancel(cancel.clone());
    let run = Session::new().census_game(&req, &mut ctl)?;
    let mut record = describe(code, key, &run);
    record.seconds = start.elapsed().as_secs_f64();
    // An unsolved game keeps G(0..budget + 1), its state; the sweep may hold a few more.
    let budget = key.budget as usize;
    let len = if run.proof.is_some() { run.len() } else { run.len().min(budget + 1) };
    Ok(Solved { record, values: (0..len).map(|n| run.get(n)).collect() })
}

/// [`solve`] from heap 0, as a pair (the comparison with the tczajka tables counts the
/// values again under the table's mask instead of sweeping a second time).
pub fn solve_with_values(code: &str, key: &CensusKey) -> Result<(GameRecord, Vec<u64>), SolveError> {
    solve(code, key, None, &Cancel::never()).map(|s| (s.record, s.values))
}

/// G(n) of a game whose values `g` are known to `g.len()` and, if proved, periodic past
/// it (arithmetic-periodic with a saltus).
fn value_at(g: &[u64], proof: Option<&Periodicity>, n: usize) -> u64 {
    match proof {
        Some(p) if n >= g.len() => {
            let k = n - p.preperiod;
            g[p.preperiod + k % p.period] + (k / p.period) as u64 * p.saltus
        }
        _ => g[n],
    }
}

/// The record of game `code` from a run holding its values (and sparse rule) and the proof
/// found in them, if any; `seconds` is left 0 and `values` empty for the caller.
pub fn describe(code: &str, key: &CensusKey, run: &CensusRun) -> GameRecord {
    let proof = run.proof.as_ref();
    let budget = key.budget as usize;
    let g: Vec<u64> = (0..run.len()).map(|n| run.get(n)).collect();
    let mask = run.mask();
    let (status, preperiod, period, computed) = match proof {
        // The values the theorem needs, as in `grundy period`.
        Some(p) => (Status::Periodic, Some(p.preperiod as u64), Some(p.period as u64), p.computed.min(g.len())),
        None => (Status::Unsolved, None, None, budget.min(g.len())),
    };
    let examined = &g[..computed];
    let largest = examined.iter().copied().max().unwrap_or(0);
    let largest_at = examined.iter().position(|&v| v == largest).unwrap_or(0);
    // The sweep's own rule: its mask, and for some codes the heap's parity too.
    let sparse_heap = |n: usize| run.is_sparse_heap(n);
    let sparse: Vec<usize> = (0..examined.len()).filter(|&n| sparse_heap(n)).collect();
    let head_len = if proof.is_some() { 64 } else { 64.min(computed) };
    let head: String = (0..head_len).map(|n| nimber_char(value_at(&g, proof, n))).collect();
    let periodic_values = proof.and_then(|p| {
        let len = (p.preperiod + p.period) as u64;
        (len <= MAX_PERIODIC_TEXT).then(|| (0..len as usize).map(|n| nimber_char(g[n])).collect())
    });
    let candidate = match proof {
        Some(_) => None,
        None => candidate_period(examined).map(|c| CandidatePeriod {
            preperiod: c.preperiod as u64,
            period: c.period as u64,
            span: c.span as u64,
        }),
    };
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
    GameRecord {
        key: key.clone(),
        code: code.to_string(),
        status,
        preperiod,
        period,
        saltus: proof.map(|p| p.saltus).filter(|&s| s > 0),
        computed: computed as u64,
        largest,
        largest_at: largest_at as u64,
        mask,
        heap_parity: run.heap_parity(),
        sparse_heaps: mask.map(|_| sparse.len() as u64),
        last_sparse: mask.and(sparse.last().map(|&n| n as u64)),
        checksum: fnv_of(examined),
        head,
        periodic_values,
        milestones,
        candidate,
        values: None,
        engine: run.engine_name().into(),
        seconds: 0.0,
    }
}
