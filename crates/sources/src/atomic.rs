//! Atomic file writes: write a temporary file beside the target, flush it to disk, then
//! rename it over the target. A reader (or an interrupted run) sees the old file or the
//! new one, never half of one.

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};

/// The temporary name used for `path` while it is being written.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` atomically, creating parent folders.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let staged = stage(path, bytes)?;
    staged.commit()
}

/// Writes a file atomically from pieces given to `fill` (for files too large to build in
/// memory first).
pub fn write_atomic_with(path: &Path, fill: impl FnOnce(&mut dyn FnMut(&[u8]))) -> io::Result<()> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    let temp = temp_path(path);
    let result = (|| {
        let file = File::create(&temp)?;
        let mut w = io::BufWriter::with_capacity(1 << 20, file);
        let mut error: Option<io::Error> = None;
        fill(&mut |bytes: &[u8]| {
            if error.is_none() {
                if let Err(e) = w.write_all(bytes) {
                    error = Some(e);
                }
            }
        });
        if let Some(e) = error {
            return Err(e);
        }
        let file = w.into_inner().map_err(|e| e.into_error())?;
        file.sync_all()?;
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

/// A file written to its temporary name, not yet renamed into place: used to prepare
/// several files before any of them replaces its old version.
pub struct Staged {
    temp: PathBuf,
    target: PathBuf,
}

/// Writes `bytes` to the temporary name of `path` and syncs it.
pub fn stage(path: &Path, bytes: &[u8]) -> io::Result<Staged> {
    if let Some(parent) = path.parent() {
        fs::create_dir_all(parent)?;
    }
    let temp = temp_path(path);
    let result = (|| {
        let mut f = File::create(&temp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = result {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    Ok(Staged { temp, target: path.to_path_buf() })
}

impl Staged {
    /// Renames the temporary file over the target.
    pub fn commit(self) -> io::Result<()> {
        let r = fs::rename(&self.temp, &self.target);
        if r.is_err() {
            let _ = fs::remove_file(&self.temp);
        }
        r
    }

    /// Removes the temporary file, leaving the target as it was.
    pub fn abandon(self) {
        let _ = fs::remove_file(&self.temp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_and_leaves_no_temp() {
        let dir = std::env::temp_dir().join(format!("grundy-atomic-{}", std::process::id()));
        let path = dir.join("sub/file.txt");
        write_atomic(&path, b"one").unwrap();
        write_atomic(&path, b"two").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two");
        let staged = stage(&path, b"three").unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"two", "staging does not touch the target");
        staged.abandon();
        write_atomic_with(&path, |sink| {
            sink(b"fo");
            sink(b"ur");
        })
        .unwrap();
        assert_eq!(fs::read(&path).unwrap(), b"four");
        let names: Vec<_> = fs::read_dir(dir.join("sub")).unwrap().map(|e| e.unwrap().file_name()).collect();
        assert_eq!(names.len(), 1, "{names:?}");
        fs::remove_dir_all(&dir).unwrap();
    }
}
