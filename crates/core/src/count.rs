//! Heap counts as people write them: `67108864`, `67_108_864`, `2^26`, `1e6`. The one count
//! parser of the workspace: the `grundy` command and `cargo xtask` both call it, so both
//! accept the same forms.

use thiserror::Error;

/// A count that could not be read, with the text as given.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CountError {
    /// Not a count in any of the forms.
    #[error("expected a count like 67108864, 2^26 or 1e6, got {text:?}")]
    Malformed {
        /// The text as given.
        text: String,
    },
    /// A well-formed count beyond 2^64 - 1.
    #[error("{text} is too large: counts go up to 2^64 - 1 = 18446744073709551615")]
    TooLarge {
        /// The text as given.
        text: String,
    },
}

/// Reads 67108864, 67_108_864, 2^26 or 1e6; a count that does not fit in a `u64` is an
/// error too.
pub fn parse_count(s: &str) -> Result<u64, CountError> {
    let t = s.trim().replace('_', "");
    let bad = || CountError::Malformed { text: s.to_string() };
    let large = || CountError::TooLarge { text: s.trim().to_string() };
    // A run of digits: malformed or too large, told apart by what the parse failed on.
    let number = |d: &str| -> Result<u64, CountError> {
        if d.is_empty() || !d.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        d.parse().map_err(|_| large())
    };
    if let Some((b, e)) = t.split_once('^') {
        let b = number(b)?;
        let e = number(e)?;
        return u32::try_from(e).ok().and_then(|e| b.checked_pow(e)).ok_or_else(large);
    }
    if let Some((m, e)) = t.split_once(['e', 'E']) {
        let m = number(m)?;
        let e = number(e)?;
        return u32::try_from(e)
            .ok()
            .and_then(|e| 10u64.checked_pow(e))
            .and_then(|p| p.checked_mul(m))
            .ok_or_else(large);
    }
    number(&t)
}

/// `n` and the noun, singular for one: "1 record", "3 records", "0 sparse heaps".
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
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
        assert_eq!(parse_count("2^99"), Err(CountError::TooLarge { text: "2^99".into() }));
        assert_eq!(parse_count("2e19"), Err(CountError::TooLarge { text: "2e19".into() }));
        assert_eq!(
            parse_count("18446744073709551616"),
            Err(CountError::TooLarge { text: "18446744073709551616".into() })
        );
        assert_eq!(parse_count("18446744073709551615"), Ok(u64::MAX));
        assert!(matches!(parse_count("many"), Err(CountError::Malformed { .. })));
        assert!(matches!(parse_count("-5"), Err(CountError::Malformed { .. })));
        assert!(matches!(parse_count("2^"), Err(CountError::Malformed { .. })));
        assert!(matches!(parse_count("+5"), Err(CountError::Malformed { .. })));
        assert_eq!(parse_count("x").unwrap_err().to_string(), "expected a count like 67108864, 2^26 or 1e6, got \"x\"");
    }
}
