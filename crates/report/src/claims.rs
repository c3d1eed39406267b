//! The figures the write-up reports (`fixtures/claims/grundy-article.toml`), each with a
//! `kind` saying how it is checked.

use serde::Deserialize;
use thiserror::Error;

/// Why the claims file, or a field of one claim, could not be read.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum ClaimError {
    /// The file is not valid TOML or lacks the claims' fields.
    #[error("claims file: {0}")]
    Parse(#[from] toml::de::Error),
    /// Two claims share an id, so a check would be ambiguous.
    #[error("claims file: claim id {id:?} appears more than once")]
    DuplicateId {
        /// The id.
        id: String,
    },
    /// A field a check needs is missing or of the wrong type.
    #[error("claim {id}: no {expected} field {key}")]
    Field {
        /// The claim's id.
        id: String,
        /// The field's key.
        key: String,
        /// What the field should be: "integer", "number" or "integer list".
        expected: &'static str,
    },
}

/// How a claim is checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimKind {
    /// Our own computation must give exactly this.
    Reproduce,
    /// A match the write-up claims against an external reference.
    Compare,
    /// About a range we do not compute: reported, never checked.
    Stated,
    /// The write-up's own timing.
    Perf,
}

/// One figure of the write-up.
#[derive(Clone, Debug, Deserialize)]
pub struct Claim {
    /// Which check applies (`verify` knows each id it checks; another id is an error).
    pub id: String,
    /// How it is checked.
    pub kind: ClaimKind,
    /// What the figure is, in words.
    pub label: String,
    /// The external reference, if any.
    #[serde(default)]
    pub reference: Option<String>,
    /// The figures themselves, read by the check with [`Claim::int`] and the like.
    #[serde(flatten)]
    pub fields: toml::Table,
}

/// The claims file.
#[derive(Clone, Debug, Deserialize)]
pub struct Claims {
    /// The range the write-up computed (heaps 0 ..= range).
    pub range: u64,
    #[serde(rename = "claim")]
    /// Every claim, in the file's order.
    pub claims: Vec<Claim>,
}

impl Claims {
    /// Reads the claims file; ids must be unique.
    pub fn from_toml(text: &str) -> Result<Claims, ClaimError> {
        let claims: Claims = toml::from_str(text)?;
        for (i, c) in claims.claims.iter().enumerate() {
            if claims.claims[..i].iter().any(|d| d.id == c.id) {
                return Err(ClaimError::DuplicateId { id: c.id.clone() });
            }
        }
        Ok(claims)
    }

    /// The claim with this id.
    pub fn get(&self, id: &str) -> Option<&Claim> {
        self.claims.iter().find(|c| c.id == id)
    }
}

impl Claim {
    fn missing(&self, key: &str, expected: &'static str) -> ClaimError {
        ClaimError::Field { id: self.id.clone(), key: key.to_string(), expected }
    }

    /// An integer field (not negative).
    pub fn int(&self, key: &str) -> Result<u64, ClaimError> {
        self.fields
            .get(key)
            .and_then(|v| v.as_integer())
            .and_then(|i| u64::try_from(i).ok())
            .ok_or_else(|| self.missing(key, "integer"))
    }

    /// A number field (integer or float).
    pub fn number(&self, key: &str) -> Result<f64, ClaimError> {
        match self.fields.get(key) {
            Some(toml::Value::Float(f)) => Ok(*f),
            Some(toml::Value::Integer(i)) => Ok(*i as f64),
            _ => Err(self.missing(key, "number")),
        }
    }

    /// A list of integers (not negative).
    pub fn ints(&self, key: &str) -> Result<Vec<u64>, ClaimError> {
        let list = self.fields.get(key).and_then(|v| v.as_array()).ok_or_else(|| self.missing(key, "integer list"))?;
        list.iter()
            .map(|v| {
                v.as_integer().and_then(|i| u64::try_from(i).ok()).ok_or_else(|| self.missing(key, "integer list"))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_committed_claims_parse() {
        let c = Claims::from_toml(include_str!("../../../fixtures/claims/grundy-article.toml")).unwrap();
        assert_eq!(c.range, 1 << 26);
        let sparse = c.get("sparse-list").unwrap();
        assert_eq!(sparse.kind, ClaimKind::Compare);
        assert_eq!(sparse.int("count"), Ok(1287));
        assert_eq!(c.get("average-scan").unwrap().number("value"), Ok(3126.5));
        assert_eq!(c.get("first-values").unwrap().ints("values").unwrap().len(), 21);
        assert_eq!(sparse.int("nothing").unwrap_err().to_string(), "claim sparse-list: no integer field nothing");
        let twice = format!("range = 1\n{}", "[[claim]]\nid = \"a\"\nkind = \"perf\"\nlabel = \"x\"\n".repeat(2));
        assert_eq!(Claims::from_toml(&twice).unwrap_err(), ClaimError::DuplicateId { id: "a".into() });
    }
}
