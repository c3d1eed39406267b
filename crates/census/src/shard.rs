//! Which games a process runs: shard i of n takes the games at positions i, i + n, i + 2n,
//! ... of the family (dealt round-robin, so cheap and dear games spread evenly). The shard
//! comes from `--shard i/n` or from Slurm's job-array variables.

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
    #[error("Slurm array task {id} is outside the array (min {min}, count {count})")]
    /// The array task id is below the array's first id or past its last.
    OutOfRange {
        /// `SLURM_ARRAY_TASK_ID`.
        id: u64,
        /// `SLURM_ARRAY_TASK_MIN` (0 when unset).
        min: u64,
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

    /// The shard of a Slurm array task, from `SLURM_ARRAY_TASK_ID`, `SLURM_ARRAY_TASK_COUNT`
    /// and `SLURM_ARRAY_TASK_MIN` as `lookup` returns them; `None` outside a job array.
    pub fn from_slurm(lookup: impl Fn(&str) -> Option<String>) -> Result<Option<Shard>, ShardError> {
        let number = |name: &'static str| -> Result<Option<u64>, ShardError> {
            match lookup(name) {
                None => Ok(None),
                Some(value) => value.trim().parse().map(Some).map_err(|_| ShardError::BadVariable { name, value }),
            }
        };
        let (Some(id), Some(count)) = (number("SLURM_ARRAY_TASK_ID")?, number("SLURM_ARRAY_TASK_COUNT")?) else {
            return Ok(None);
        };
        let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
        if id < min || id - min >= count {
            return Err(ShardError::OutOfRange { id, min, count });
        }
        Ok(Some(Shard { index: id - min, count }))
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
        let s = Shard::from_slurm(env(&[
            ("SLURM_ARRAY_TASK_ID", "5"),
            ("SLURM_ARRAY_TASK_COUNT", "4"),
            ("SLURM_ARRAY_TASK_MIN", "2"),
        ]));
        assert_eq!(s, Ok(Some(Shard { index: 3, count: 4 })));
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
