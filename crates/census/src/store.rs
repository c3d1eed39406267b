//! Result files: one JSON file per game under `<dir>/results/`, written atomically
//! (temporary file, then rename), so a killed shard leaves whole files or none, and a rerun
//! skips the games whose file is already there.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

use crate::record::{CensusKey, GameRecord};

/// Why a result file could not be read or written.
#[derive(Debug, Error)]
pub enum StoreError {
    #[error("{path}: {source}")]
    /// A file or the results folder could not be read or written.
    Io {
        /// The file or folder.
        path: PathBuf,
        /// The I/O error.
        source: io::Error,
    },
    #[error("{path}: not a census result: {source}")]
    /// A result file is not a game record in JSON.
    Parse {
        /// The file.
        path: PathBuf,
        /// What serde_json found wrong.
        source: serde_json::Error,
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
        let r: GameRecord =
            serde_json::from_slice(&bytes).map_err(|source| StoreError::Parse { path: path.clone(), source })?;
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
            let r: GameRecord =
                serde_json::from_slice(&bytes).map_err(|source| StoreError::Parse { path: path.clone(), source })?;
            let stem = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
            if r.code != stem {
                return Err(StoreError::WrongGame { path, found: r.code, expected: stem });
            }
            out.push(r);
        }
        Ok(out)
    }

    /// Whether `code` already has a result of census `key` (a result of another census is
    /// an error: the folder belongs to that census).
    pub fn finished(&self, code: &str, key: &CensusKey) -> Result<Option<GameRecord>, StoreError> {
        match self.read(code)? {
            Some(r) if r.key != *key => Err(StoreError::OtherCensus {
                path: self.path(code),
                found: format!("family {}, budget {}, grundy {}", r.key.family, r.key.budget, r.key.grundy),
            }),
            found => Ok(found),
        }
    }
}
