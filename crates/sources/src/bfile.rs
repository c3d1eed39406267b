//! OEIS b-files: `n a(n)` lines, with `#` comment lines and blank lines allowed.
//!
//! The stored transcriptions in `fixtures/raw/stored/` ("k a(k)" under a `#` header) have
//! the same shape and are read with the same parser.

use thiserror::Error;

/// A b-file's terms, in order: (n, a(n)).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BFile {
    /// The (n, a(n)) pairs, n consecutive from the first.
    pub terms: Vec<(u64, u64)>,
}

impl BFile {
    /// The first index.
    pub fn offset(&self) -> u64 {
        self.terms.first().map_or(0, |t| t.0)
    }

    /// The values a(n) alone.
    pub fn values(&self) -> Vec<u64> {
        self.terms.iter().map(|t| t.1).collect()
    }
}

/// Why a b-file was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum BFileError {
    #[error("line {line}: expected \"n a(n)\" with two non-negative integers, found {text:?}")]
    /// A line is not two non-negative integers.
    BadLine {
        /// The line number, from 1.
        line: usize,
        /// The whole line as found.
        text: String,
    },
    #[error("line {line}: integer {text:?} is out of range for u64")]
    /// An integer has too many digits for u64.
    OutOfRange {
        /// The line number, from 1.
        line: usize,
        /// The integer as found.
        text: String,
    },
    #[error("line {line}: index {found} should be {expected} (b-file indices are consecutive)")]
    /// An index does not follow the one before it.
    NotConsecutive {
        /// The line number, from 1.
        line: usize,
        /// The index on that line.
        found: u64,
        /// The index after the one before.
        expected: u64,
    },
    #[error("no terms found")]
    /// The text has no term, only comments or blank lines.
    Empty,
    #[error("line {line}: no index follows 18446744073709551615 in u64")]
    /// A term follows the index u64::MAX, so its index cannot be consecutive.
    IndexOverflow {
        /// The line number, from 1.
        line: usize,
    },
}

/// Parses a b-file. Terms are u64: A180120 reaches about 3.6 * 10^13.
pub fn parse_bfile(text: &str) -> Result<BFile, BFileError> {
    let mut terms: Vec<(u64, u64)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        if l.is_empty() || l.starts_with('#') {
            continue;
        }
        let mut tokens = l.split_whitespace();
        let (Some(n), Some(a), None) = (tokens.next(), tokens.next(), tokens.next()) else {
            return Err(BFileError::BadLine { line, text: raw.to_string() });
        };
        let n = parse_u64(n, line, raw)?;
        let a = parse_u64(a, line, raw)?;
        if let Some(&(prev, _)) = terms.last() {
            // prev + 1 overflows after u64::MAX (found by tests/fuzz.rs).
            let expected = prev.checked_add(1).ok_or(BFileError::IndexOverflow { line })?;
            if n != expected {
                return Err(BFileError::NotConsecutive { line, found: n, expected });
            }
        }
        terms.push((n, a));
    }
    if terms.is_empty() {
        return Err(BFileError::Empty);
    }
    Ok(BFile { terms })
}

fn parse_u64(token: &str, line: usize, raw: &str) -> Result<u64, BFileError> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(BFileError::BadLine { line, text: raw.to_string() });
    }
    token.parse().map_err(|_| BFileError::OutOfRange { line, text: token.to_string() })
}

#[cfg(test)]
mod tests {
    #[test]
    fn no_index_after_the_last_u64() {
        assert_eq!(
            super::parse_bfile("18446744073709551615 1\n0 2\n").unwrap_err(),
            super::BFileError::IndexOverflow { line: 2 }
        );
        assert!(super::parse_bfile("18446744073709551615 1\n").is_ok());
    }

    use super::*;

    #[test]
    fn comments_blank_lines_and_big_terms() {
        let b = parse_bfile("# A180120\n\n1 0\n2 3\r\n3 36285802857632\n").unwrap();
        assert_eq!(b.terms, vec![(1, 0), (2, 3), (3, 36_285_802_857_632)]);
        assert_eq!(b.offset(), 1);
    }

    #[test]
    fn broken_lines_are_named() {
        assert_eq!(parse_bfile("0 0\n1 x\n"), Err(BFileError::BadLine { line: 2, text: "1 x".into() }));
        assert!(matches!(parse_bfile("0 0\n1 -2\n"), Err(BFileError::BadLine { line: 2, .. })));
        assert!(matches!(parse_bfile("0 0 0\n"), Err(BFileError::BadLine { line: 1, .. })));
        assert!(matches!(parse_bfile("0\n"), Err(BFileError::BadLine { line: 1, .. })));
        assert!(matches!(parse_bfile("0 99999999999999999999999\n"), Err(BFileError::OutOfRange { line: 1, .. })));
        assert_eq!(parse_bfile("0 0\n2 0\n"), Err(BFileError::NotConsecutive { line: 2, found: 2, expected: 1 }));
        assert_eq!(parse_bfile("# nothing\n"), Err(BFileError::Empty));
        assert_eq!(
            parse_bfile("<html>404</html>\n").unwrap_err().to_string(),
            "line 1: expected \"n a(n)\" with two non-negative integers, found \"<html>404</html>\""
        );
    }
}
