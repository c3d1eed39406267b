//! OEIS b-files, the one reader and writer: `n a(n)` lines. The reader takes `#` comment
//! lines and blank lines (the stored transcriptions in `fixtures/raw/stored/`, "k a(k)"
//! under a `#` header, have the same shape); the writer writes LF endings and no header,
//! exactly, so that its sha256 can be compared with the official file's.

use thiserror::Error;

use crate::Value;

/// The b-file text of `values`, whose first entry is a(offset).
pub fn to_bfile(offset: u64, values: &[Value]) -> String {
    let mut rows = Vec::with_capacity(values.len() * 8);
    for (i, &v) in values.iter().enumerate() {
        push_row(&mut rows, offset + i as u64, u64::from(v));
    }
    String::from_utf8(rows).expect("digits, spaces and newlines are UTF-8")
}

/// Appends the line `n a`: digit by digit, since formatting a `String` a line took ten
/// times the time of a fast table's computation.
pub fn push_row(buf: &mut Vec<u8>, n: u64, a: u64) {
    push_number(buf, n);
    buf.push(b' ');
    push_number(buf, a);
    buf.push(b'\n');
}

/// Appends `x` in decimal.
fn push_number(buf: &mut Vec<u8>, mut x: u64) {
    let mut digits = [0u8; 20];
    let mut i = digits.len();
    loop {
        i -= 1;
        digits[i] = b'0' + (x % 10) as u8;
        x /= 10;
        if x == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

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
    fn written_exactly() {
        assert_eq!(super::to_bfile(0, &[0, 0, 0, 1]), "0 0\n1 0\n2 0\n3 1\n");
        assert_eq!(super::to_bfile(1, &[7]), "1 7\n");
        let mut buf = Vec::new();
        for x in [0, 7, 10, 1234567890123, u64::MAX] {
            super::push_row(&mut buf, x, x);
        }
        let m = u64::MAX;
        assert_eq!(String::from_utf8(buf).unwrap(), format!("0 0\n7 7\n10 10\n1234567890123 1234567890123\n{m} {m}\n"));
    }

    #[test]
    fn read_back_as_written() {
        let text = super::to_bfile(5, &[3, 1, 4]);
        assert_eq!(super::parse_bfile(&text).unwrap().terms, vec![(5, 3), (6, 1), (7, 4)]);
    }

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
