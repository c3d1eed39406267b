//! `fixtures/manifest.toml`: for every reference file, where it came from, when and how it
//! was obtained, its sha256 and size, and how complete it is; and [`check_files`], which
//! holds the files in `fixtures/` to those hashes (`cargo xtask verify` runs it first).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::sha256_hex;

/// The whole manifest.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    /// Every pinned source, in [`crate::catalog::SOURCES`] order.
    #[serde(default, rename = "source")]
    pub sources: Vec<SourceEntry>,
    /// Stored reference files used directly by tests (octal-game tables and the like).
    #[serde(default, rename = "stored")]
    pub stored: Vec<StoredEntry>,
}

/// One pinned source and its parsed fixture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceEntry {
    /// The source's id in [`crate::catalog::SOURCES`].
    pub id: String,
    /// The reference as a person would cite it.
    pub title: String,
    /// The pinned URL.
    pub url: String,
    /// The raw snapshot the parsed file was made from.
    pub raw: String,
    /// "fetched" (the response as it came) or "stored" (a copy obtained without the network).
    pub raw_origin: String,
    /// How and when the raw snapshot was obtained.
    pub obtained: String,
    /// sha256 of the raw snapshot, lowercase hex.
    pub raw_sha256: String,
    /// Size of the raw snapshot, in bytes.
    pub raw_bytes: u64,
    /// Whether the raw snapshot is the original file byte for byte: "yes (...)", "no (...)"
    /// or "unknown (...)", with the reason.
    pub original_bytes: String,
    /// sha256 of the official OEIS b-file, lowercase hex, when the stored list has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub official_sha256: Option<String>,
    /// Size of the official OEIS b-file, in bytes, when the stored list has it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub official_bytes: Option<u64>,
    /// "complete" or "partial".
    pub completeness: String,
    /// Exactly which part is present.
    pub part: String,
    /// The parsed fixture, relative to `fixtures/`.
    pub parsed: String,
    /// sha256 of the parsed fixture, lowercase hex.
    pub parsed_sha256: String,
    /// Number of terms (entries of the sparse list, for Flammenkamp's page).
    pub terms: u64,
}

/// A stored file used as it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEntry {
    /// The file, relative to `fixtures/`.
    pub path: String,
    /// The file's own `# Source:` statement.
    pub source: String,
    /// The file's own `# Completeness:` statement.
    pub completeness: String,
    /// sha256 of the file, lowercase hex.
    pub sha256: String,
    /// Size of the file, in bytes.
    pub bytes: u64,
}

/// The first line of the manifest.
pub const HEADER: &str = "# Written by `cargo xtask fetch` (or `cargo xtask fetch --offline`); do not edit by hand.\n\
# Every reference file: where it came from, how and when it was obtained, sha256, size, completeness.\n";

impl Manifest {
    /// The manifest as written to disk: [`HEADER`], then the TOML.
    pub fn to_toml(&self) -> String {
        format!("{HEADER}\n{}", toml::to_string(self).expect("the manifest serializes"))
    }

    /// Reads a manifest; the header lines are TOML comments.
    pub fn from_toml(text: &str) -> Result<Manifest, toml::de::Error> {
        toml::from_str(text)
    }

    /// The entry of the source with this id.
    pub fn source(&self, id: &str) -> Option<&SourceEntry> {
        self.sources.iter().find(|s| s.id == id)
    }
}

/// A file the manifest vouches for: its path inside `fixtures/`, sha256 and size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RecordedFile {
    /// The file, relative to `fixtures/`.
    pub path: String,
    /// Its recorded sha256, lowercase hex.
    pub sha256: String,
    /// Not recorded for parsed files.
    pub bytes: Option<u64>,
}

/// A fixture file that is not what the manifest says it is.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FixtureError {
    #[error("fixtures/{path}: cannot be read: {reason}")]
    /// The file could not be read (missing, or an I/O error).
    Unreadable {
        /// The file, relative to `fixtures/`.
        path: String,
        /// The reader's error, as text.
        reason: String,
    },
    #[error(
        "fixtures/{path}: sha256 {found} ({found_bytes} bytes) differs from the manifest's {expected}; \
         the file was changed by hand (`cargo xtask fetch --offline` rebuilds the parsed files and the manifest from fixtures/raw/)"
    )]
    /// The file's sha256 is not the recorded one: the file was changed.
    Differs {
        /// The file, relative to `fixtures/`.
        path: String,
        /// The sha256 the manifest records.
        expected: String,
        /// The sha256 of the file as read.
        found: String,
        /// The size of the file as read, in bytes.
        found_bytes: u64,
    },
    #[error(
        "fixtures/{path}: {found} bytes where the manifest records {expected} (sha256 {sha256} matches, so the manifest itself was edited)"
    )]
    /// The sha256 matches but the recorded size does not: the manifest was edited.
    WrongSize {
        /// The file, relative to `fixtures/`.
        path: String,
        /// The size the manifest records, in bytes.
        expected: u64,
        /// The size of the file as read, in bytes.
        found: u64,
        /// The sha256 both agree on.
        sha256: String,
    },
}

impl Manifest {
    /// Every file the manifest records, once each: each source's raw snapshot and parsed
    /// fixture, and every stored file.
    pub fn files(&self) -> Vec<RecordedFile> {
        let mut out: Vec<RecordedFile> = Vec::new();
        let mut push = |path: &str, sha256: &str, bytes: Option<u64>| {
            if !out.iter().any(|f| f.path == path) {
                out.push(RecordedFile { path: path.to_string(), sha256: sha256.to_string(), bytes });
            }
        };
        for s in &self.sources {
            push(&s.raw, &s.raw_sha256, Some(s.raw_bytes));
            push(&s.parsed, &s.parsed_sha256, None);
        }
        for s in &self.stored {
            push(&s.path, &s.sha256, Some(s.bytes));
        }
        out
    }
}

/// Checks one file's bytes against what the manifest records of it. Pure.
pub fn check_file(file: &RecordedFile, bytes: &[u8]) -> Result<(), FixtureError> {
    let found = sha256_hex(bytes);
    if found != file.sha256 {
        return Err(FixtureError::Differs {
            path: file.path.clone(),
            expected: file.sha256.clone(),
            found,
            found_bytes: bytes.len() as u64,
        });
    }
    match file.bytes {
        Some(expected) if expected != bytes.len() as u64 => {
            Err(FixtureError::WrongSize { path: file.path.clone(), expected, found: bytes.len() as u64, sha256: found })
        }
        _ => Ok(()),
    }
}

/// Checks every file the manifest records; `read` gives a file's bytes by its path inside
/// `fixtures/` (the caller does the I/O). Returns every difference, in manifest order.
pub fn check_files<E: std::fmt::Display>(
    manifest: &Manifest,
    mut read: impl FnMut(&str) -> Result<Vec<u8>, E>,
) -> Vec<FixtureError> {
    manifest
        .files()
        .iter()
        .filter_map(|f| match read(&f.path) {
            Ok(bytes) => check_file(f, &bytes).err(),
            Err(e) => Some(FixtureError::Unreadable { path: f.path.clone(), reason: e.to_string() }),
        })
        .collect()
}

/// The text of a `# Key:` statement in a stored file's header, with its continuation lines.
pub fn header_statement(text: &str, key: &str) -> Option<String> {
    let mut out: Option<String> = None;
    for line in text.lines().take_while(|l| l.starts_with('#')) {
        let body = line.trim_start_matches('#');
        if let Some(rest) = body.trim_start().strip_prefix(key).and_then(|r| r.strip_prefix(':')) {
            if out.is_some() {
                break;
            }
            out = Some(rest.trim().to_string());
        } else if let Some(s) = out.as_mut() {
            // Continuation lines are indented further than "# Key:".
            if body.starts_with("   ") {
                s.push(' ');
                s.push_str(body.trim());
            } else {
                break;
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one_file_manifest(bytes: &[u8]) -> Manifest {
        let mut m = Manifest::default();
        m.stored.push(StoredEntry {
            path: "raw/stored/x.txt".into(),
            source: "s".into(),
            completeness: "c".into(),
            sha256: sha256_hex(bytes),
            bytes: bytes.len() as u64,
        });
        m
    }

    #[test]
    fn files_are_held_to_their_hashes() {
        let m = one_file_manifest(b"1 0\n2 0\n");
        let ok = |_: &str| Ok::<_, String>(b"1 0\n2 0\n".to_vec());
        assert!(check_files(&m, ok).is_empty());
        // Cut short by one line.
        let cut = check_files(&m, |_: &str| Ok::<_, String>(b"1 0\n".to_vec()));
        assert!(matches!(&cut[..], [FixtureError::Differs { path, found_bytes: 4, .. }] if path == "raw/stored/x.txt"));
        assert!(cut[0].to_string().starts_with("fixtures/raw/stored/x.txt: sha256 "), "{}", cut[0]);
        let gone = check_files(&m, |_: &str| Err("no such file"));
        assert!(matches!(&gone[..], [FixtureError::Unreadable { .. }]));
        // The right bytes with a size edited in the manifest.
        let mut m = m;
        m.stored[0].bytes += 1;
        assert!(matches!(&check_files(&m, ok)[..], [FixtureError::WrongSize { .. }]));
    }

    #[test]
    fn statements_with_continuations() {
        let t = "# Source: OEIS A1\n#   more source\n# Completeness: PARTIAL: terms 1..45\n#   of 84.\n# Format: n a\n1 0\n";
        assert_eq!(header_statement(t, "Source").as_deref(), Some("OEIS A1 more source"));
        assert_eq!(header_statement(t, "Completeness").as_deref(), Some("PARTIAL: terms 1..45 of 84."));
        assert_eq!(header_statement(t, "Missing"), None);
    }
}
