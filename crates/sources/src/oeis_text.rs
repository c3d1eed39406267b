//! The OEIS text format (`%S`, `%T`, `%U` data lines, `%O` offset), as served by
//! `https://oeis.org/search?q=id:A036685&fmt=text`. Lines may carry the A-number after the
//! tag (`%S A036685 0,1,...`) or not (the `/internal` page).

use thiserror::Error;

/// The data of one sequence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OeisEntry {
    /// The A-number, when the lines carry it.
    pub anumber: Option<String>,
    /// The index of the first term (from `%O`; 0 when absent).
    pub offset: u64,
    /// The terms of the `%S`, `%T` and `%U` lines, in order.
    pub terms: Vec<u64>,
}

impl OeisEntry {
    /// (n, a(n)) pairs.
    pub fn indexed(&self) -> Vec<(u64, u64)> {
        self.terms.iter().enumerate().map(|(i, &t)| (self.offset + i as u64, t)).collect()
    }
}

/// Why a text-format entry was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum OeisTextError {
    #[error("line {line}: term {text:?} is not a non-negative integer that fits in u64")]
    /// A data line holds a term that is not a u64.
    BadTerm {
        /// The line number, from 1.
        line: usize,
        /// The term as found.
        text: String,
    },
    #[error("line {line}: bad %O offset line {text:?}")]
    /// The `%O` line does not start with a u64.
    BadOffset {
        /// The line number, from 1.
        line: usize,
        /// The whole line as found.
        text: String,
    },
    #[error("line {line}: data line for {found} inside the entry for {expected}")]
    /// A line names another A-number than the lines before it.
    MixedSequences {
        /// The line number, from 1.
        line: usize,
        /// The A-number on that line.
        found: String,
        /// The A-number of the lines before.
        expected: String,
    },
    #[error("no %S data line found")]
    /// The text has no data line with a term (an HTML error page, say).
    NoData,
    #[error("offset {offset} with {terms} terms puts the last index beyond u64")]
    /// The index of the last term would overflow u64.
    OffsetTooLarge {
        /// The offset from `%O`.
        offset: u64,
        /// How many terms there are.
        terms: usize,
    },
}

/// Parses one sequence in the OEIS text format.
pub fn parse_oeis_text(text: &str) -> Result<OeisEntry, OeisTextError> {
    let mut anumber: Option<String> = None;
    let mut offset: u64 = 0;
    let mut terms = Vec::new();
    let mut saw_data = false;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let l = raw.trim();
        let Some(tag) = l.get(..2).filter(|t| t.starts_with('%')) else { continue };
        let mut rest = l[2..].trim_start();
        if let Some(first) = rest.split_whitespace().next() {
            if first.len() == 7 && first.starts_with('A') && first[1..].bytes().all(|b| b.is_ascii_digit()) {
                match &anumber {
                    Some(a) if a != first => {
                        return Err(OeisTextError::MixedSequences { line, found: first.into(), expected: a.clone() })
                    }
                    _ => anumber = Some(first.to_string()),
                }
                rest = rest[first.len()..].trim_start();
            }
        }
        match tag {
            "%S" | "%T" | "%U" => {
                saw_data = true;
                for token in rest.split(',').map(str::trim).filter(|t| !t.is_empty()) {
                    let ok = token.bytes().all(|b| b.is_ascii_digit());
                    let term = token.parse::<u64>().ok().filter(|_| ok);
                    terms.push(term.ok_or_else(|| OeisTextError::BadTerm { line, text: token.to_string() })?);
                }
            }
            "%O" => {
                let first = rest.split(',').next().unwrap_or("").trim();
                offset = first.parse().map_err(|_| OeisTextError::BadOffset { line, text: raw.to_string() })?;
            }
            _ => {}
        }
    }
    if !saw_data || terms.is_empty() {
        return Err(OeisTextError::NoData);
    }
    // Every index offset + i must be a u64 (found by tests/fuzz.rs: `%O 18446744073709551615`
    // with two terms made `indexed` overflow).
    if offset.checked_add(terms.len() as u64 - 1).is_none() {
        return Err(OeisTextError::OffsetTooLarge { offset, terms: terms.len() });
    }
    Ok(OeisEntry { anumber, offset, terms })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_offset_that_overflows_is_refused() {
        let t = "%S A000001 1,2\n%O A000001 18446744073709551615,1\n";
        assert_eq!(parse_oeis_text(t), Err(OeisTextError::OffsetTooLarge { offset: u64::MAX, terms: 2 }));
        let t = "%S A000001 1\n%O A000001 18446744073709551615,1\n";
        assert_eq!(parse_oeis_text(t).unwrap().indexed(), vec![(u64::MAX, 1)]);
    }

    #[test]
    fn text_format_with_and_without_anumber() {
        let t = "%I A036685\n%S A036685 0,1,2,4,\n%T A036685 7,10\n%N A036685 List of ...\n%O A036685 1,4\n";
        let e = parse_oeis_text(t).unwrap();
        assert_eq!(e.anumber.as_deref(), Some("A036685"));
        assert_eq!(e.offset, 1);
        assert_eq!(e.terms, vec![0, 1, 2, 4, 7, 10]);
        assert_eq!(e.indexed()[5], (6, 10));
        let e = parse_oeis_text("%S 0,0,0,1\n%U 0,2\n").unwrap();
        assert_eq!((e.anumber, e.offset, e.terms), (None, 0, vec![0, 0, 0, 1, 0, 2]));
    }

    #[test]
    fn broken_entries() {
        assert_eq!(parse_oeis_text("%S A000001 1,x,3\n"), Err(OeisTextError::BadTerm { line: 1, text: "x".into() }));
        assert!(matches!(parse_oeis_text("%S 1,-3\n"), Err(OeisTextError::BadTerm { .. })));
        assert!(matches!(parse_oeis_text("%S 1\n%O a,b\n"), Err(OeisTextError::BadOffset { line: 2, .. })));
        assert!(matches!(
            parse_oeis_text("%S A000001 1\n%T A000002 2\n"),
            Err(OeisTextError::MixedSequences { line: 2, .. })
        ));
        assert_eq!(parse_oeis_text("<html>Not found</html>"), Err(OeisTextError::NoData));
        assert_eq!(parse_oeis_text(""), Err(OeisTextError::NoData));
    }
}
