//! `fixtures/manifest.toml`: for every reference file, where it came from, when and how it
//! was obtained, its sha256 and size, and how complete it is.

use serde::{Deserialize, Serialize};

/// The whole manifest.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Manifest {
    #[serde(default, rename = "source")]
    pub sources: Vec<SourceEntry>,
    /// Stored reference files used directly by tests (octal-game tables and the like).
    #[serde(default, rename = "stored")]
    pub stored: Vec<StoredEntry>,
}

/// One pinned source and its parsed fixture.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SourceEntry {
    pub id: String,
    pub title: String,
    pub url: String,
    /// The raw snapshot the parsed file was made from.
    pub raw: String,
    /// "fetched" (the response as it came) or "stored" (a copy obtained without the network).
    pub raw_origin: String,
    /// How and when the raw snapshot was obtained.
    pub obtained: String,
    pub raw_sha256: String,
    pub raw_bytes: u64,
    /// Whether the raw snapshot is the original file byte for byte: "yes (...)", "no (...)"
    /// or "unknown (...)", with the reason.
    pub original_bytes: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub official_sha256: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub official_bytes: Option<u64>,
    /// "complete" or "partial".
    pub completeness: String,
    /// Exactly which part is present.
    pub part: String,
    pub parsed: String,
    pub parsed_sha256: String,
    /// Number of terms (entries of the sparse list, for Flammenkamp's page).
    pub terms: u64,
}

/// A stored file used as it is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct StoredEntry {
    pub path: String,
    /// The file's own `# Source:` statement.
    pub source: String,
    /// The file's own `# Completeness:` statement.
    pub completeness: String,
    pub sha256: String,
    pub bytes: u64,
}

/// The first line of the manifest.
pub const HEADER: &str = "# Written by `cargo xtask fetch` (or `cargo xtask fetch --offline`); do not edit by hand.\n\
# Every reference file: where it came from, how and when it was obtained, sha256, size, completeness.\n";

impl Manifest {
    pub fn to_toml(&self) -> String {
        format!("{HEADER}\n{}", toml::to_string(self).expect("the manifest serializes"))
    }

    pub fn from_toml(text: &str) -> Result<Manifest, toml::de::Error> {
        toml::from_str(text)
    }

    pub fn source(&self, id: &str) -> Option<&SourceEntry> {
        self.sources.iter().find(|s| s.id == id)
    }
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

    #[test]
    fn statements_with_continuations() {
        let t = "# Source: OEIS A1\n#   more source\n# Completeness: PARTIAL: terms 1..45\n#   of 84.\n# Format: n a\n1 0\n";
        assert_eq!(header_statement(t, "Source").as_deref(), Some("OEIS A1 more source"));
        assert_eq!(header_statement(t, "Completeness").as_deref(), Some("PARTIAL: terms 1..45 of 84."));
        assert_eq!(header_statement(t, "Missing"), None);
    }
}
