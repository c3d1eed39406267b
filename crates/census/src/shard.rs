//! Which games a process runs: shard i of n takes the games at positions i, i + n, i + 2n,
//! ... of the family (dealt round-robin, so cheap and dear games spread evenly). The shard
//! comes from `--shard i/n` (what `deploy/slurm/census.sbatch` passes, with the count the
//! census was submitted with) or from Slurm's job-array variables, which are trusted only
//! for a whole array 0..n-1: a resubmitted part of an array (`--array=1,3`) has its own
//! count and first id, which say nothing of the census's shards.

use thiserror::Error;

/// Why a shard was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ShardError {
    #[error("shard {text:?}: expected i/n with 0 <= i < n, like 0/4")]
    /// The text is not i/n with 0 <= i < n.
    Malformed {
        /// The text as given.
        text: String,
    },
    #[error("Slurm variable {name}={value:?} is not a number")]
    /// A Slurm array variable is set but is not a number.
    BadVariable {
        /// The variable's name.
        name: &'static str,
        /// Its value.
        value: String,
    },
    #[error(
        "SLURM_ARRAY_TASK_ID={id} without SLURM_ARRAY_TASK_COUNT: the number of shards is unknown; pass --shard {id}/N"
    )]
    /// A task id without the array's size: which games are this task's cannot be known.
    NoCount {
        /// `SLURM_ARRAY_TASK_ID`.
        id: u64,
    },
    #[error(
        "Slurm array task {id} of an array that is not 0..{count} (min {min}, max {max}): its ids are not the census's shards; pass --shard {id}/N with the census's shard count (deploy/slurm/census.sbatch does)"
    )]
    /// The array is not the whole 0..count-1 (a part resubmitted, or ids from 1): the task
    /// count is not the census's shard count.
    NotWholeArray {
        /// `SLURM_ARRAY_TASK_ID`.
        id: u64,
        /// `SLURM_ARRAY_TASK_MIN` (0 when unset).
        min: u64,
        /// `SLURM_ARRAY_TASK_MAX` (count - 1 when unset).
        max: u64,
        /// `SLURM_ARRAY_TASK_COUNT`.
        count: u64,
    },
}

/// Shard `index` of `count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 0-based.
    pub index: u64,
    /// How many shards the census is split into.
    pub count: u64,
}

impl Shard {
    /// The whole family in one process.
    pub const ALL: Shard = Shard { index: 0, count: 1 };

    /// Parses `i/n`.
    pub fn parse(text: &str) -> Result<Shard, ShardError> {
        let bad = || ShardError::Malformed { text: text.to_string() };
        let (i, n) = text.trim().split_once('/').ok_or_else(bad)?;
        let index: u64 = i.trim().parse().map_err(|_| bad())?;
        let count: u64 = n.trim().parse().map_err(|_| bad())?;
        if count == 0 || index >= count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// The shard of a Slurm array task, from `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`,
    /// `SLURM_ARRAY_TASK_MIN` and `SLURM_ARRAY_TASK_MAX` as `lookup` returns them; `None`
    /// outside a job array. Only an array whose ids are exactly 0..count-1 says which shard
    /// a task is; anything else is refused rather than guessed.
    pub fn from_slurm(lookup: impl Fn(&str) -> Option<String>) -> Result<Option<Shard>, ShardError> {
        let number = |name: &'static str| -> Result<Option<u64>, ShardError> {
            match lookup(name) {
                None => Ok(None),
                Some(value) => value.trim().parse().map(Some).map_err(|_| ShardError::BadVariable { name, value }),
            }
        };
        let Some(id) = number("SLURM_ARRAY_TASK_ID")? else { return Ok(None) };
        let count = number("SLURM_ARRAY_TASK_COUNT")?.ok_or(ShardError::NoCount { id })?;
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        let max = number("SLURM_ARRAY_TASK_MAX")?.unwrap_or(count.saturating_sub(1));
        if min != 0 || count == 0 || max != count - 1 || id > max {
            return Err(ShardError::NotWholeArray { id, min, max, count });
        }
        Ok(Some(Shard { index: id, count }))
    }

    /// Whether the game at `position` of the family belongs to this shard.
    pub fn takes(&self, position: usize) -> bool {
        position as u64 % self.count == self.index
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse() {
        assert_eq!(Shard::parse("2/5"), Ok(Shard { index: 2, count: 5 }));
        for bad in ["5/5", "1/0", "x/2", "3", "-1/2"] {
            assert!(Shard::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn slurm() {
        let env = |pairs: &'static [(&'static str, &'static str)]| {
            move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string())
        };
        assert_eq!(Shard::from_slurm(env(&[])), Ok(None));
        let s = Shard::from_slurm(env(&[("SLURM_ARRAY_TASK_ID", "3"), ("SLURM_ARRAY_TASK_COUNT", "4")]));
        assert_eq!(s, Ok(Some(Shard { index: 3, count: 4 })));
        let whole: &'static [(&str, &str)] = &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ];
        assert_eq!(Shard::from_slurm(env(whole)), Ok(Some(Shard { index: 2, count: 4 })));
        // A task id alone: refused, not the whole family.
        assert_eq!(Shard::from_slurm(env(&[("SLURM_ARRAY_TASK_ID", "1")])), Err(ShardError::NoCount { id: 1 }));
        // `sbatch --array=1`: one task, id 1, count 1: not shard 0 of 1.
        let one: &'static [(&str, &str)] = &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "1"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
            ("SLURM_ARRAY_TASK_MAX", "1"),
        ];
        assert!(matches!(Shard::from_slurm(env(one)), Err(ShardError::NotWholeArray { .. })));
        // `--array=0,3`: count 2, max 3: not two shards.
        let gap: &'static [(&str, &str)] = &[
            ("SLURM_ARRAY_TASK_ID", "3"),
            ("SLURM_ARRAY_TASK_COUNT", "2"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
            ("SLURM_ARRAY_TASK_MAX", "3"),
        ];
        assert!(matches!(Shard::from_slurm(env(gap)), Err(ShardError::NotWholeArray { .. })));
        assert!(Shard::from_slurm(env(&[("SLURM_ARRAY_TASK_ID", "9"), ("SLURM_ARRAY_TASK_COUNT", "4")])).is_err());
        assert!(Shard::from_slurm(env(&[("SLURM_ARRAY_TASK_ID", "x"), ("SLURM_ARRAY_TASK_COUNT", "4")])).is_err());
    }

    #[test]
    fn shards_cover_every_game_once() {
        for n in 1..7 {
            for pos in 0..50 {
                assert_eq!((0..n).filter(|&i| Shard { index: i, count: n }.takes(pos)).count(), 1);
            }
        }
    }
}
