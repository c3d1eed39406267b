//! grundy-census: a census of a family of octal games. Every code of the family
//! ([`family`]) runs through grundy-core's fastest engine until its period is proved or a
//! budget of values is reached ([`solve`]); each result goes to its own file, written
//! atomically ([`store`]), so a census can be split into shards ([`shard`]) that run as the
//! tasks of a Slurm job array and can be killed and rerun; [`table`] merges the results,
//! checks that none is missing, twice or from another census, groups games with identical
//! values, and writes the table. [`misere`] is the misère census: the misère quotient of
//! each code to a heap bound, with the same files, shards and merge.

#![deny(missing_docs)]

pub mod compare;
pub mod family;
pub mod misere;
pub mod record;
pub mod shard;
pub mod solve;
pub mod store;
pub mod table;
pub mod tczajka;

use family::Family;
use record::CensusKey;
use shard::Shard;
use store::{Store, StoreError};

/// Why a census run stopped.
#[derive(Debug, thiserror::Error)]
pub enum CensusError {
    /// A result file could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A game could not be run.
    #[error("{code}: {source}")]
    Solve {
        /// The game.
        code: String,
        /// Why.
        source: solve::SolveError,
    },
}

/// What one shard did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ShardReport {
    /// Games of this shard.
    pub games: usize,
    /// Of those, already finished by an earlier run and skipped.
    pub skipped: usize,
    /// Computed now.
    pub computed: usize,
}

/// Runs shard `shard` of the census of `family` at `budget` into `store`, skipping games
/// already finished. `progress(done, total, code)` is called before each game.
pub fn run_shard(
    family: &Family,
    budget: u64,
    shard: Shard,
    store: &Store,
    mut progress: impl FnMut(usize, usize, &str),
) -> Result<ShardReport, CensusError> {
    let key = CensusKey::new(&family.name, budget);
    let mine: Vec<&String> = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).map(|(_, c)| c).collect();
    let mut report = ShardReport { games: mine.len(), ..ShardReport::default() };
    for (done, code) in mine.iter().enumerate() {
        if store.finished(code, &key)?.is_some() {
            report.skipped += 1;
            continue;
        }
        progress(done, mine.len(), code);
        let record =
            solve::solve(code, &key).map_err(|source| CensusError::Solve { code: code.to_string(), source })?;
        store.write(&record)?;
        report.computed += 1;
    }
    Ok(report)
}
