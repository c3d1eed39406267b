//! Where an interrupted command saves what it computed, and the line that says how to go
//! on: Ctrl-C during `grundy values` or `grundy sweep` writes the engine's checkpoint
//! (atomically: a temporary file, then a rename) and prints the command that resumes it.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use grundy_core::ask::Saved;

use crate::Interrupted;

/// The folder checkpoints go to: `$XDG_CACHE_HOME/grundy`, `~/.cache/grundy`, or the
/// system's temporary folder.
fn folder() -> PathBuf {
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")));
    cache.unwrap_or_else(std::env::temp_dir).join("grundy")
}

/// A file name for the checkpoint of `what` (letters, digits, `.` and `-` kept).
pub fn path_for(what: &str) -> PathBuf {
    let name: String =
        what.chars().map(|c| if c.is_ascii_alphanumeric() || c == '.' || c == '-' { c } else { '_' }).collect();
    folder().join(format!("{name}.ckpt"))
}

/// Writes `bytes` to `path` atomically.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let tmp = path.with_extension("ckpt.tmp");
    std::fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("renaming {} to {}", tmp.display(), path.display()))
}

/// Reads a checkpoint given to `--resume`.
pub fn read(path: &Path) -> Result<Vec<u8>> {
    std::fs::read(path).with_context(|| format!("reading the checkpoint {}", path.display()))
}

/// The command line this process was started with, as a shell reads it back, without a
/// `--resume` and its file: what goes on from a checkpoint once `--resume FILE` is added.
pub fn command_line() -> String {
    let mut words: Vec<String> = Vec::new();
    let mut args = std::env::args().skip(1).peekable();
    while let Some(a) = args.next() {
        if a == "--resume" {
            args.next();
            continue;
        }
        if a.starts_with("--resume=") {
            continue;
        }
        words.push(a);
    }
    let quote = |w: &String| {
        if !w.is_empty() && w.chars().all(|c| c.is_ascii_alphanumeric() || "-_.,:/^=+@%".contains(c)) {
            w.clone()
        } else {
            format!("'{}'", w.replace('\'', "'\\''"))
        }
    };
    std::iter::once("grundy".to_string()).chain(words.iter().map(quote)).collect::<Vec<_>>().join(" ")
}

/// Saves what an interrupted request computed and returns the error that says where and
/// how to go on.
pub fn interrupted(saved: &Saved, what: &str) -> anyhow::Error {
    let command = command_line();
    let path = path_for(what);
    match write(&path, &saved.checkpoint) {
        Ok(()) => Interrupted(format!(
            "G(0..{}) computed and saved in {}; go on with: {command} --resume {}",
            saved.heaps,
            path.display(),
            path.display()
        ))
        .into(),
        Err(e) => {
            Interrupted(format!("G(0..{}) computed, but the checkpoint could not be saved: {e:#}", saved.heaps)).into()
        }
    }
}
