//! The figures the write-up reports (`fixtures/claims/grundy-article.toml`), each with a
//! `kind` saying how it is checked.

use serde::Deserialize;

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

#[derive(Clone, Debug, Deserialize)]
pub struct Claim {
    pub id: String,
    pub kind: ClaimKind,
    pub label: String,
    #[serde(default)]
    pub reference: Option<String>,
    #[serde(flatten)]
    pub fields: toml::Table,
}

#[derive(Clone, Debug, Deserialize)]
pub struct Claims {
    /// The range the write-up computed (heaps 0 ..= range).
    pub range: u64,
    #[serde(rename = "claim")]
    pub claims: Vec<Claim>,
}

impl Claims {
    pub fn from_toml(text: &str) -> Result<Claims, String> {
        toml::from_str(text).map_err(|e| format!("claims file: {e}"))
    }

    pub fn get(&self, id: &str) -> Option<&Claim> {
        self.claims.iter().find(|c| c.id == id)
    }
}

impl Claim {
    /// An integer field.
    pub fn int(&self, key: &str) -> Result<u64, String> {
        self.fields
            .get(key)
            .and_then(|v| v.as_integer())
            .and_then(|i| u64::try_from(i).ok())
            .ok_or_else(|| format!("claim {}: no integer field {key}", self.id))
    }

    /// A number field (integer or float).
    pub fn number(&self, key: &str) -> Result<f64, String> {
        match self.fields.get(key) {
            Some(toml::Value::Float(f)) => Ok(*f),
            Some(toml::Value::Integer(i)) => Ok(*i as f64),
            _ => Err(format!("claim {}: no number field {key}", self.id)),
        }
    }

    /// A list of integers.
    pub fn ints(&self, key: &str) -> Result<Vec<u64>, String> {
        let list = self
            .fields
            .get(key)
            .and_then(|v| v.as_array())
            .ok_or_else(|| format!("claim {}: no list {key}", self.id))?;
        list.iter()
            .map(|v| {
                v.as_integer()
                    .and_then(|i| u64::try_from(i).ok())
                    .ok_or_else(|| format!("claim {}: {key} holds a non-integer", self.id))
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
        assert!(sparse.int("nothing").is_err());
    }
}
