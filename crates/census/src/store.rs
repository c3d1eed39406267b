//! Result files: one JSON file per game under `<dir>/results/` (and, for an unsolved game,
//! its values beside it, [`crate::values`]), written atomically (temporary file, then
//! rename), so a killed shard leaves whole files or none, and a rerun skips the games whose
//! file is already there. A file that cannot be read as a result (cut short, emptied,
//! edited into nonsense) is moved aside to `<dir>/aside/`, never deleted, and the game is
//! computed again ([`Store::move_aside`]).

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::record::{GameRecord, StoredValues};
use crate::values;

/// Why a result file could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}")]
    /// A file or the results folder could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    #[error("{path}: not a census result: {reason}")]
    /// A result file is not a game record in JSON, or its stored values are not whole.
    Corrupt {
        /// The file.
        path: PathBuf,
        /// What was found wrong (serde_json's message, or the values' check).
        reason: String,
    },
    #[error("{path} is from another census ({found}); use another folder for this one")]
    /// The folder holds a result of another census (another family, budget, result format
    /// or grundy version).
    OtherCensus {
        /// The result file.
        path: PathBuf,
        /// That census's key, in words.
        found: String,
    },
    #[error("{path} holds the result for {found}, not {expected}")]
    /// A result file is named for one game and holds another.
    WrongGame {
        /// The file.
        path: PathBuf,
        /// The code the record holds.
        found: String,
        /// The code the file name says.
        expected: String,
    },
}

/// A census folder.
#[derive(Clone, Debug)]
pub struct Store {
    dir: PathBuf,
}

impl Store {
    /// The census folder `dir` (created when the first result is written).
    pub fn new(dir: &Path) -> Store {
        Store { dir: dir.to_path_buf() }
    }

    /// The folder.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn results(&self) -> PathBuf {
        self.dir.join("results")
    }

    /// The file of game `code` (`0.137` -> `results/0.137.json`).
    pub fn path(&self, code: &str) -> PathBuf {
        self.results().join(format!("{code}.json"))
    }

    /// The stored result of `code`, if there is one.
    pub fn read(&self, code: &str) -> Result<Option<GameRecord>, StoreError> {
        let path = self.path(code);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        let r = parse(&path, &bytes)?;
        if r.code != code {
            return Err(StoreError::WrongGame { path, found: r.code, expected: code.to_string() });
        }
        Ok(Some(r))
    }

    /// Writes a result atomically.
    pub fn write(&self, r: &GameRecord) -> Result<(), StoreError> {
        let path = self.path(&r.code);
        let mut text = serde_json::to_string_pretty(r).expect("a record serializes");
        text.push('\n');
        grundy_sources::atomic::write_atomic(&path, text.as_bytes()).map_err(|source| StoreError::Io { path, source })
    }

    /// Writes `text` to `<dir>/<name>` atomically and returns its path.
    pub fn write_text(&self, name: &str, text: &str) -> Result<PathBuf, StoreError> {
        let path = self.dir.join(name);
        grundy_sources::atomic::write_atomic(&path, text.as_bytes())
            .map_err(|source| StoreError::Io { path: path.clone(), source })?;
        Ok(path)
    }

    /// Every result file in the folder (for merge), in name order.
    pub fn read_all(&self) -> Result<Vec<GameRecord>, StoreError> {
        let dir = self.results();
        let entries = match fs::read_dir(&dir) {
            Ok(e) => e,
            Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(Vec::new()),
            Err(source) => return Err(StoreError::Io { path: dir, source }),
        };
        let mut paths = Vec::new();
        for entry in entries {
            let entry = entry.map_err(|source| StoreError::Io { path: dir.clone(), source })?;
            let path = entry.path();
            if path.extension().is_some_and(|e| e == "json") {
                paths.push(path);
            }
        }
        paths.sort();
        let mut out = Vec::with_capacity(paths.len());
        for path in paths {
            let bytes = fs::read(&path).map_err(|source| StoreError::Io { path: path.clone(), source })?;
            let r = parse(&path, &bytes)?;
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            if r.code != stem {
                return Err(StoreError::WrongGame { path, found: r.code, expected: stem });
            }
            out.push(r);
        }
        Ok(out)
    }

    /// The file of the stored values of `code` (`results/0.137.values`).
    pub fn values_path(&self, code: &str) -> PathBuf {
        self.results().join(format!("{code}.values"))
    }

    /// Writes an unsolved game's values, then its record, each atomically; the record says
    /// which values are stored (a run killed in between leaves values the record does not
    /// name, which the next run finds out and computes again).
    pub fn write_with_values(&self, r: &GameRecord, values: &[u64]) -> Result<GameRecord, StoreError> {
        let (bytes, stored) = values::encode(values);
        let path = self.values_path(&r.code);
        grundy_sources::atomic::write_atomic(&path, &bytes).map_err(|source| StoreError::Io { path, source })?;
        let r = GameRecord { values: Some(stored), ..r.clone() };
        self.write(&r)?;
        Ok(r)
    }

    /// Removes the stored values of `code`, if any (its record no longer names them).
    pub fn remove_values(&self, code: &str) -> Result<(), StoreError> {
        let path = self.values_path(code);
        match fs::remove_file(&path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(StoreError::Io { path, source: e }),
            _ => Ok(()),
        }
    }

    /// The stored values of `code`, as its record describes them: a missing, short or
    /// changed file is [`StoreError::Corrupt`].
    pub fn read_values(&self, code: &str, stored: &StoredValues) -> Result<Vec<u64>, StoreError> {
        let path = self.values_path(code);
        let bytes = match fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                return Err(StoreError::Corrupt { path, reason: "the values its record names are missing".into() })
            }
            Err(source) => return Err(StoreError::Io { path, source }),
        };
        values::decode(&bytes, stored).map_err(|e| StoreError::Corrupt { path, reason: e.to_string() })
    }

    /// Moves the result of `code` (its record and its values, whichever exist) to
    /// `<dir>/aside/`, under a name no earlier file there has, and returns where the record
    /// went. Nothing is deleted: a person can look at what was wrong.
    pub fn move_aside(&self, code: &str) -> Result<PathBuf, StoreError> {
        let aside = self.dir.join("aside");
        fs::create_dir_all(&aside).map_err(|source| StoreError::Io { path: aside.clone(), source })?;
        let free = (0u32..).find(|i| {
            !aside.join(format!("{code}.json.{i}")).exists() && !aside.join(format!("{code}.values.{i}")).exists()
        });
        let i = free.expect("a free name");
        let mut moved = aside.join(format!("{code}.json.{i}"));
        for (from, to) in
            [(self.path(code), moved.clone()), (self.values_path(code), aside.join(format!("{code}.values.{i}")))]
        {
            match fs::rename(&from, &to) {
                Ok(()) => {}
                Err(e) if e.kind() == io::ErrorKind::NotFound => {
                    if from == self.path(code) {
                        moved = to.with_file_name(format!("{code}.values.{i}"));
                    }
                }
                Err(source) => return Err(StoreError::Io { path: from, source }),
            }
        }
        Ok(moved)
    }
}

/// A record from a file's bytes; anything else is [`StoreError::Corrupt`].
fn parse(path: &Path, bytes: &[u8]) -> Result<GameRecord, StoreError> {
    serde_json::from_slice(bytes).map_err(|e| StoreError::Corrupt {
        path: path.to_path_buf(),
        reason: if bytes.is_empty() { "the file is empty".into() } else { e.to_string() },
    })
}
