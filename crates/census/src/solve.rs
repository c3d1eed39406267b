//! One game of a census: the values by the octal sparse-space sweep, in growing stretches,
//! until the octal periodicity theorem proves a period or the budget is reached.

use std::time::Instant;

use grundy_core::games::octal_sweep::{is_rare, OctalSweep};
use grundy_core::games::period::proved_period_of;
use grundy_core::games::TakeAndBreak;
use grundy_core::Value;
use thiserror::Error;

use crate::record::{nimber_char, CensusKey, Fnv, GameRecord, Milestone, Status, MAX_PERIODIC_TEXT, TRIVIAL_PROOF};

/// Why a game could not be run.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[allow(missing_docs)] // each variant is documented by its #[error] text
pub enum SolveError {
    #[error("not an octal code: {0}")]
    Code(String),
    #[error("a value does not fit the sweep's value type")]
    TooLarge,
    #[error("a budget of {budget} values is beyond what fits in memory here")]
    Budget { budget: u64 },
}

/// Values computed to choose the sparse-space mask.
const MASK_SAMPLE: usize = 1 << 14;

/// Runs game `code` of census `key`.
pub fn solve(code: &str, key: &CensusKey) -> Result<GameRecord, SolveError> {
    let start = Instant::now();
    let game = TakeAndBreak::parse(code).map_err(|e| SolveError::Code(e.to_string()))?;
    let budget = usize::try_from(key.budget).map_err(|_| SolveError::Budget { budget: key.budget })?;
    let t = game.max_take();
    let mask = OctalSweep::find_mask_refined(&game, MASK_SAMPLE.min(budget.max(16)));
    let mut sweep = OctalSweep::new(&game, mask).ok_or_else(|| SolveError::Code("not octal".into()))?;
    // Check for a proof at growing lengths; every value up to budget + 1 is needed for the
    // shifted checksum of an unsolved game.
    let mut next = 1024.min(budget + 1);
    let proof = loop {
        sweep.run_to(next).ok_or(SolveError::TooLarge)?;
        let g = sweep.values();
        if let Some(p) = proved_period_of(g, t, 64.min(g.len() / 4).max(1)) {
            break Some(p);
        }
        if next > budget {
            break None;
        }
        next = (next * 2).min(budget + 1);
    };
    let g = sweep.values();
    let value_at = |n: usize| -> u64 {
        match &proof {
            Some(p) if n >= g.len() => u64::from(g[p.preperiod + (n - p.preperiod) % p.period]),
            _ => u64::from(g[n]),
        }
    };
    let (status, preperiod, period, computed) = match &proof {
        Some(p) => {
            let needed = (2 * p.preperiod.max(1) + 2 * p.period + t).min(g.len());
            let status = if (needed as u64) < TRIVIAL_PROOF { Status::Trivial } else { Status::Periodic };
            (status, Some(p.preperiod as u64), Some(p.period as u64), needed)
        }
        None => (Status::Unsolved, None, None, budget),
    };
    let examined = &g[..computed.min(g.len())];
    let largest = examined.iter().copied().max().unwrap_or(0);
    let largest_at = examined.iter().position(|&v| v == largest).unwrap_or(0);
    let sparse: Vec<usize> = (0..examined.len()).filter(|&n| is_rare(examined[n], mask)).collect();
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
        if u64::from(v) > largest_so_far {
            largest_so_far = u64::from(v);
            largest_first = n as u64;
        }
        if is_rare(v, mask) {
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
    Ok(GameRecord {
        key: key.clone(),
        code: code.to_string(),
        status,
        preperiod,
        period,
        computed: computed as u64,
        largest: u64::from(largest),
        largest_at: largest_at as u64,
        mask: Some(u64::from(mask as Value)),
        sparse_heaps: Some(sparse.len() as u64),
        last_sparse: sparse.last().map(|&n| n as u64),
        checksum: checksum.hex(),
        shifted_checksum: shifted.hex(),
        head,
        periodic_values,
        milestones,
        engine: "octal-sparse".into(),
        seconds: start.elapsed().as_secs_f64(),
    })
}
