//! Heap counts as people write them: `67108864`, `67_108_864`, `2^26`, `1e6`. The one count
//! parser of the workspace: the `grundy` command and `cargo xtask` both call it, so both
//! accept the same forms.

use thiserror::Error;

/// A count that could not be read, with the text as given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
#[error("expected a count like 67108864, 2^26 or 1e6, got {text:?}")]
pub struct CountError {
    /// The text as given.
    pub text: String,
}

/// Reads 67108864, 67_108_864, 2^26 or 1e6; a count that does not fit in a `u64` is an
/// error too.
pub fn parse_count(s: &str) -> Result<u64, CountError> {
    let t = s.trim().replace('_', "");
    let bad = || CountError { text: s.to_string() };
    if let Some((b, e)) = t.split_once('^') {
        let b: u64 = b.parse().map_err(|_| bad())?;
        let e: u32 = e.parse().map_err(|_| bad())?;
        return b.checked_pow(e).ok_or_else(bad);
    }
    if let Some((m, e)) = t.split_once(['e', 'E']) {
        let m: u64 = m.parse().map_err(|_| bad())?;
        let e: u32 = e.parse().map_err(|_| bad())?;
        return 10u64.checked_pow(e).and_then(|p| p.checked_mul(m)).ok_or_else(bad);
    }
    t.parse().map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::{parse_count, CountError};

    #[test]
    fn counts() {
        assert_eq!(parse_count("2^26"), Ok(67_108_864));
        assert_eq!(parse_count("67_108_864"), Ok(67_108_864));
        assert_eq!(parse_count(" 1e6 "), Ok(1_000_000));
        assert_eq!(parse_count("3E2"), Ok(300));
        assert_eq!(parse_count("2^99"), Err(CountError { text: "2^99".into() }));
        assert_eq!(parse_count("2e19"), Err(CountError { text: "2e19".into() }));
        assert!(parse_count("many").is_err());
        assert!(parse_count("-5").is_err());
        assert_eq!(parse_count("x").unwrap_err().to_string(), "expected a count like 67108864, 2^26 or 1e6, got \"x\"");
    }
}
