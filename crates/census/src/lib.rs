//! grundy-census: a census of a family of take-and-break games (octal codes, or any code
//! in CGSuite's notation listed by `list:`). Every code of the family
//! ([`family`]) runs through grundy-core's fastest engine until its period is proved or a
//! budget of values is reached ([`solve`]); each result goes to its own file, written
//! atomically ([`store`]), with an unsolved game's values beside it ([`values`]), so a
//! census can be split into shards ([`shard`]) that run as the tasks of a Slurm job array
//! and can be killed and rerun, and its budget can grow in place: proved games are kept,
//! unsolved ones go on from their values. Games run in parallel ([`run_shard`]); [`table`]
//! merges the results after [`verify`] has checked each one against values computed again
//! or stored, checks that none is missing, twice or from another census, groups games with
//! identical values, and writes the table. [`misere`] is the misère census: the misère
//! quotient of each code to a heap bound, with the same files, shards and merge.

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
pub mod values;
pub mod verify;

use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use family::Family;
use grundy_core::ask::{Cancel, Session};
use record::{CensusKey, GameRecord, Status, FORMAT, FORMAT_1};
use shard::Shard;
use solve::Resume;
use store::{Store, StoreError};

/// The engine name a record of the definition carries (a code that is not octal).
const DEFINITION: &str = "definition";

/// Why a census run stopped.
#[derive(Debug, thiserror::Error)]
pub enum CensusError {
    /// The run was cancelled (Ctrl-C): the games finished are saved; the same command
    /// goes on from them.
    #[error("cancelled")]
    Cancelled,
    /// A result file could not be read or written.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// A game could not be run.
    #[error("{code}: {why}")]
    Solve {
        /// The game.
        code: String,
        /// Why (its words are in this error's, so it is not also a source for a chain to
        /// print twice).
        why: solve::SolveError,
    },
    /// The folder holds a larger budget's results: a census folder only grows.
    #[error(
        "{path} is at budget {found}, more than {budget}: a census folder only grows (use another folder for a smaller budget)"
    )]
    Shrink {
        /// The result file.
        path: PathBuf,
        /// Its budget.
        found: u64,
        /// The budget asked for.
        budget: u64,
    },
}

/// What one shard did, game by game.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ShardReport {
    /// Games of this shard.
    pub games: usize,
    /// Proved periodic by an earlier run (at this budget or a smaller one) and kept as they
    /// are: a proof does not depend on the budget.
    pub kept: usize,
    /// Of those, format-1 results brought up to format 2 (from their periodic values, or
    /// by computing the values their proof rests on again).
    pub converted: usize,
    /// Unsolved at this budget by an earlier run, left as they are.
    pub current: usize,
    /// Unsolved at a smaller budget, continued from their stored values.
    pub continued: usize,
    /// Computed from heap 0: no result yet, a result moved aside, or a format-1 unsolved
    /// result (which has no stored values).
    pub computed: usize,
    /// Result files that could not be read, moved aside: (the file, where it went, why).
    pub moved_aside: Vec<(PathBuf, PathBuf, String)>,
}

/// The largest budget: values are held in memory, 2 bytes each, per game.
pub const MAX_BUDGET: u64 = 1 << 30;

/// The smallest budget: fewer values say little (the tczajka tables call a game trivial
/// when its period is proved from fewer than 1,000). From here up a census grown from a
/// smaller budget lists the masks of one run at the larger budget from the start: the
/// sweep chooses its rule again at every doubling from 2^8 to 2^16, on the values alone.
pub const MIN_BUDGET: u64 = 1 << 10;

/// Refuses a budget outside [`MIN_BUDGET`]..=[`MAX_BUDGET`], in one line: the rule of every
/// front end that runs a census (the command line, the Python package).
pub fn check_budget(budget: u64) -> Result<(), String> {
    if !(MIN_BUDGET..=MAX_BUDGET).contains(&budget) {
        return Err(format!(
            "--budget must be between {MIN_BUDGET} (2^10) and {MAX_BUDGET} (2^30) values per game, got {budget}"
        ));
    }
    Ok(())
}

/// Runs `job(i)` for i in 0..count on `threads` threads (scoped; each takes the next index
/// as it finishes one, so dear and cheap jobs spread), and returns the results in index
/// order, or the first error in index order.
pub fn parallel_map<T: Send, E: Send>(
    count: usize,
    threads: usize,
    job: impl Fn(usize) -> Result<T, E> + Sync,
) -> Result<Vec<T>, E> {
    let next = AtomicUsize::new(0);
    let out: Mutex<Vec<Option<Result<T, E>>>> = Mutex::new((0..count).map(|_| None).collect());
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, count.max(1)) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= count {
                    break;
                }
                let r = job(i);
                let failed = r.is_err();
                out.lock().expect("no worker panics holding the lock")[i] = Some(r);
                if failed {
                    // Later jobs are not started; earlier ones finish.
                    next.store(count, Ordering::Relaxed);
                }
            });
        }
    });
    let mut results = Vec::with_capacity(count);
    for r in out.into_inner().expect("no worker panicked").into_iter().flatten() {
        results.push(r?);
    }
    Ok(results)
}

/// What became of one game in a run.
enum Fate {
    Kept { converted: bool },
    Current,
    Continued,
    Computed,
}

/// Runs shard `shard` of the census of `family` at `budget` into `store` on `threads`
/// threads (games in parallel; the results do not depend on it). Proved games already
/// there are kept, unsolved ones of a smaller budget continue from their values, unreadable
/// results are moved aside and computed again. `started(code)` is called as each game
/// that needs computing starts, from the thread that runs it.
pub fn run_shard(
    family: &Family,
    budget: u64,
    shard: Shard,
    store: &Store,
    threads: usize,
    cancel: &Cancel,
    started: impl Fn(&str) + Sync,
) -> Result<ShardReport, CensusError> {
    let key = CensusKey::new(&family.name, budget);
    let mine: Vec<&String> = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).map(|(_, c)| c).collect();
    // A code the definition would take days on is refused before any game runs.
    for code in &mine {
        Session::new()
            .census_check(code, budget)
            .map_err(|e| CensusError::Solve { code: code.to_string(), why: solve::SolveError::from(e) })?;
    }
    let aside = Mutex::new(Vec::new());
    let outcomes = parallel_map(mine.len(), threads, |i| {
        let code = mine[i].as_str();
        let r = game(code, &key, store, &started, cancel);
        match r {
            Err(CensusError::Store(StoreError::Corrupt { path, reason }))
            | Err(CensusError::Store(StoreError::WrongGame { path, found: reason, .. })) => {
                let to = store.move_aside(code)?;
                aside.lock().expect("no panic holding it").push((path, to, reason));
                started(code);
                compute(code, &key, store, None, cancel)?;
                Ok(Fate::Computed)
            }
            other => other,
        }
    })?;
    let mut report = ShardReport { games: mine.len(), ..ShardReport::default() };
    for o in outcomes {
        match o {
            Fate::Kept { converted } => {
                report.kept += 1;
                report.converted += usize::from(converted);
            }
            Fate::Current => report.current += 1,
            Fate::Continued => report.continued += 1,
            Fate::Computed => report.computed += 1,
        }
    }
    report.moved_aside = aside.into_inner().expect("no panic holding it");
    report.moved_aside.sort();
    Ok(report)
}

/// One game: what is stored decides what is done.
fn game(
    code: &str,
    key: &CensusKey,
    store: &Store,
    started: &(impl Fn(&str) + Sync),
    cancel: &Cancel,
) -> Result<Fate, CensusError> {
    let Some(r) = store.read(code)? else {
        started(code);
        compute(code, key, store, None, cancel)?;
        return Ok(Fate::Computed);
    };
    if r.key.family != key.family || r.key.grundy != key.grundy || ![FORMAT, FORMAT_1].contains(&r.key.format) {
        return Err(StoreError::OtherCensus {
            path: store.path(code),
            found: format!("family {}, grundy {}, format {}", r.key.family, r.key.grundy, r.key.format),
        }
        .into());
    }
    if r.key.budget > key.budget {
        return Err(CensusError::Shrink { path: store.path(code), found: r.key.budget, budget: key.budget });
    }
    match (r.status, r.key.format) {
        (Status::Periodic, FORMAT) => Ok(Fate::Kept { converted: false }),
        (Status::Periodic, _) => {
            let converted = verify::convert_format_1(&r).map_err(|reason| StoreError::Corrupt {
                path: store.path(code),
                reason: format!("a format-1 result that does not hold up: {reason}"),
            })?;
            store.write(&converted)?;
            Ok(Fate::Kept { converted: true })
        }
        (Status::Unsolved, FORMAT) if r.key.budget == key.budget => {
            // Done, if its values are whole (else moved aside and computed again).
            let stored = r.values.as_ref().ok_or_else(|| StoreError::Corrupt {
                path: store.path(code),
                reason: "an unsolved result without stored values".into(),
            })?;
            store.read_values(code, stored)?;
            Ok(Fate::Current)
        }
        (Status::Unsolved, FORMAT) => {
            let stored = r.values.as_ref().ok_or_else(|| StoreError::Corrupt {
                path: store.path(code),
                reason: "an unsolved result without stored values".into(),
            })?;
            let values = store.read_values(code, stored)?;
            // The octal sweep goes on under the stored mask (which its record must have);
            // the definition, for any other code, from the values alone.
            if r.mask.is_none() && r.engine != DEFINITION {
                return Err(StoreError::Corrupt {
                    path: store.path(code),
                    reason: "an unsolved result of the octal sweep without a mask".into(),
                }
                .into());
            }
            started(code);
            let resume = Resume { values, mask: r.mask, heap_parity: r.heap_parity };
            compute(code, key, store, Some(resume), cancel)?;
            Ok(Fate::Continued)
        }
        (Status::Unsolved, _) => {
            started(code);
            compute(code, key, store, None, cancel)?;
            Ok(Fate::Computed)
        }
    }
}

/// Whether `code` still needs running at `budget`: no readable result, an unsolved one of
/// a smaller budget, or one of format 1. A proved result of any budget is done.
pub fn needs_run(store: &Store, code: &str, budget: u64) -> bool {
    match store.read(code) {
        Ok(Some(r)) => r.key.format != FORMAT || (r.status == Status::Unsolved && r.key.budget < budget),
        _ => true,
    }
}

/// The shards (of `count`) that still have a game to run at `budget`: what a resubmission
/// runs, so that a killed task is done again and finished ones are not.
pub fn unfinished_shards(family: &Family, budget: u64, store: &Store, count: u64) -> Vec<u64> {
    let mut shards: Vec<u64> = family
        .codes
        .iter()
        .enumerate()
        .filter(|(_, code)| needs_run(store, code, budget))
        .map(|(i, _)| i as u64 % count)
        .collect();
    shards.sort_unstable();
    shards.dedup();
    shards
}

/// From this many values on, a game's run is cut into stages at every power of two, and an
/// unsolved game's values are saved after each: a run killed after hours loses at most
/// one stage (a census at 2^20 has quadratic codes of many minutes each).
pub const STAGES_FROM: u64 = 1 << 16;

/// The budgets a run from `start` values (0, or a resumed game's) to `budget` stops at to
/// save its state: the powers of two from [`STAGES_FROM`] above `start` and below `budget`,
/// then `budget`.
pub fn stages(start: u64, budget: u64) -> Vec<u64> {
    let mut out: Vec<u64> = (16..64)
        .map(|k| 1u64 << k)
        .skip_while(|&s| s < STAGES_FROM)
        .take_while(|&s| s < budget)
        .filter(|&s| s >= start)
        .collect();
    out.push(budget);
    out
}

/// Solves one game and writes its result (with its values when unsolved), saving an
/// unsolved game's state at every stage ([`stages`]). The result does not depend on the
/// stages: a run resumed from stored values goes on exactly as one that never stopped.
fn compute(
    code: &str,
    key: &CensusKey,
    store: &Store,
    resume: Option<Resume>,
    cancel: &Cancel,
) -> Result<GameRecord, CensusError> {
    let mut resume = resume;
    let start = resume.as_ref().map_or(0, |r| r.values.len() as u64);
    for stage in stages(start, key.budget) {
        let stage_key = CensusKey { budget: stage, ..key.clone() };
        let solved = solve::solve(code, &stage_key, resume.take(), cancel).map_err(|source| {
            if source.is_cancelled() {
                CensusError::Cancelled
            } else {
                CensusError::Solve { code: code.to_string(), why: source }
            }
        })?;
        let mut record = solved.record;
        match record.status {
            Status::Periodic => {
                // A proof holds at every budget: the result is the census's.
                record.key = key.clone();
                store.write(&record)?;
                // Proved now: the values of a smaller budget are no longer anyone's state.
                store.remove_values(code)?;
                return Ok(record);
            }
            Status::Unsolved => {
                let written = store.write_with_values(&record, &solved.values)?;
                if stage == key.budget {
                    return Ok(written);
                }
                resume = Some(Resume { values: solved.values, mask: record.mask, heap_parity: record.heap_parity });
            }
        }
    }
    unreachable!("the last stage is the budget")
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Condvar;
    use std::time::Duration;

    /// Jobs run at the same time on two threads: each waits (a while at most) until the
    /// other has started. On one thread they could not.
    #[test]
    fn stages_at_powers_of_two_from_2_16() {
        assert_eq!(stages(0, 1 << 12), [1 << 12]);
        assert_eq!(stages(0, 1 << 16), [1 << 16]);
        assert_eq!(stages(0, 1 << 18), [1 << 16, 1 << 17, 1 << 18]);
        assert_eq!(stages((1 << 16) + 1, 200_000), [1 << 17, 200_000]);
        assert_eq!(stages((1 << 17) + 1, 1 << 17 | 5), [1 << 17 | 5]);
    }

    #[test]
    fn games_run_in_parallel() {
        let state = (Mutex::new(0usize), Condvar::new());
        let peak = AtomicUsize::new(0);
        let r: Result<Vec<usize>, ()> = parallel_map(2, 2, |i| {
            let (lock, cv) = &state;
            let mut running = lock.lock().unwrap();
            *running += 1;
            peak.fetch_max(*running, Ordering::Relaxed);
            cv.notify_all();
            let _ = cv.wait_timeout_while(running, Duration::from_secs(10), |n| *n < 2).unwrap();
            Ok(i * 10)
        });
        assert_eq!(r, Ok(vec![0, 10]));
        assert_eq!(peak.load(Ordering::Relaxed), 2);
        let r: Result<Vec<usize>, usize> = parallel_map(5, 2, |i| if i == 3 { Err(i) } else { Ok(i) });
        assert_eq!(r, Err(3));
    }
}
