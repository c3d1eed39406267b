//! Families of take-and-break codes: the codes a census runs, in a fixed order.
//!
//! - `tczajka`: every code of the tczajka GameLookup table (all octal codes with d0 in
//!   {0, 4} and one to three digits after the point, the last not 0: 1,022 codes) and `4.`,
//!   the one representative of its tables outside it: 1,023 codes;
//! - `tczajka-trivial`, `tczajka-solved`, `tczajka-unsolved`: the octal codes of its trivial
//!   (82), solved (10) and unsolved (82; Grundy's game is not octal) tables, for runs past
//!   the budget that fits the whole family;
//! - `0.ddd`, `0.dddd`, ...: every code 0.d1...dk with k digits after the point, each 0-7,
//!   the last one not 0 (shorter codes are the ones ending in 0: they belong to the shorter
//!   family), so `0.dddd` has 7 * 8^3 = 3,584 codes;
//! - `4.ddd` likewise with d0 = 4;
//! - `list:<codes>`: codes separated by commas or white space (a list file is read by the
//!   caller and passed as this text): octal codes, or any take-and-break code in CGSuite's
//!   notation (`0.[3]`, `0.{0!,2!,3!}`, `4!.0`, `s2,3,5`; issue 40).
//!
//! Codes are written canonically, so that each game has one name and one result file: an
//! octal game as `d0.d1d2...` (`.07` is `0.07`, `s1,2` is `0.33`), any other in CGSuite's
//! normal form (`0.{0!,2!,3!}` is `0.D!`).

use grundy_core::game::{Game, TakeAndBreak};

use crate::tczajka;
use thiserror::Error;

/// Why a family name or a listed code was refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum FamilyError {
    #[error(
        "unknown family {name:?} (try tczajka, tczajka-trivial, tczajka-solved, tczajka-unsolved, 0.ddd, 0.dddd, 4.ddd or list:CODE,CODE,...)"
    )]
    /// The name is none of the families.
    Unknown {
        /// The name as given.
        name: String,
    },
    #[error("family {name:?}: at most 6 digits after the point")]
    /// A `0.d...` or `4.d...` family has more than 6 digits (8^7 codes and more).
    TooLong {
        /// The name as given.
        name: String,
    },
    #[error("family list: {code:?} is not a take-and-break code: {reason}")]
    /// A code (listed, or given to [`canonical`]) is not a take-and-break code.
    BadCode {
        /// The code as given.
        code: String,
        /// Why the game parser or the octal check refused it.
        reason: String,
    },
    #[error("family list: {code:?} is listed twice (as {canonical})")]
    /// A list names the same game twice, perhaps in two spellings.
    Duplicate {
        /// The second spelling, as given.
        code: String,
        /// The canonical code both spellings share.
        canonical: String,
    },
    #[error("family list is empty")]
    /// A `list:` family with no code in it.
    Empty,
}

/// A family of codes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Family {
    /// The name as given on the command line (used in result files and the table).
    pub name: String,
    /// The codes, canonical, in census order.
    pub codes: Vec<String>,
}

/// The canonical form of a code: an octal game's `d0.d1d2...` without trailing zeros
/// (`.07` -> `0.07`, `4` -> `4.`; a code in CGSuite's notation or a subtraction set that is
/// an octal game is taken as that game, `0.{1,2}` -> `0.6`), any other take-and-break code
/// in CGSuite's normal form (`0.{0!,2!,3!}` -> `0.D!`, `nim` -> `0.[3]`). Refuses what is
/// not a take-and-break code (a graph, take-at-most-half).
pub fn canonical(code: &str) -> Result<String, FamilyError> {
    let bad = |reason: String| FamilyError::BadCode { code: code.to_string(), reason };
    let game = Game::parse(code).map_err(|e| bad(e.to_string()))?;
    let Some(tb) = game.tbcode().filter(|_| game.largest_heap().is_none()) else {
        return Err(bad(format!(
            "{} has no take-and-break code (the census takes octal codes and codes in CGSuite's notation)",
            game.name()
        )));
    };
    let normal = tb.to_string();
    Ok(match TakeAndBreak::parse(&normal) {
        Ok(t) if t.is_octal() => canonical_of_digits(t.digits()),
        _ => normal,
    })
}

/// The octal codes of a table's rows ([`tczajka::rows`]), canonical, in the table's order
/// (rows that are not octal codes, such as Grundy's game in the unsolved table, are left out).
pub fn table_codes(text: &str) -> Vec<String> {
    let octal = |code: &str| Game::parse(code).ok()?.octal().map(|t| canonical_of_digits(t.digits()));
    tczajka::rows(text).filter_map(|cols| octal(cols[0])).collect()
}

/// The codes of a list, split at commas and white space outside braces (`0.{1,2}, .07`).
fn split_list(list: &str) -> Vec<&str> {
    let mut codes = Vec::new();
    let (mut depth, mut start) = (0usize, 0);
    for (at, c) in list.char_indices() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            c if depth == 0 && (c == ',' || c.is_whitespace()) => {
                codes.push(&list[start..at]);
                start = at + c.len_utf8();
            }
            _ => {}
        }
    }
    codes.push(&list[start..]);
    codes.retain(|c| !c.is_empty());
    codes
}

/// `d0.d1d2...` from the digits d0, d1, ... (trailing zeros already dropped).
pub fn canonical_of_digits(digits: &[u8]) -> String {
    let mut s = format!("{}.", digits[0]);
    for d in &digits[1..] {
        s.push(char::from(b'0' + d));
    }
    s
}

/// Every code d0.d1...dk with the given d0, k digits after the point, the last not 0.
fn all_codes(d0: u8, k: usize) -> Vec<String> {
    let mut codes = Vec::new();
    let count = 8usize.pow(k as u32);
    for i in 0..count {
        let mut digits = vec![d0];
        let mut x = i;
        let mut tail = Vec::with_capacity(k);
        for _ in 0..k {
            tail.push((x % 8) as u8);
            x /= 8;
        }
        tail.reverse();
        if tail.last() == Some(&0) {
            continue;
        }
        digits.extend(tail);
        codes.push(canonical_of_digits(&digits));
    }
    codes
}

impl Family {
    /// Parses a family name.
    pub fn parse(name: &str) -> Result<Family, FamilyError> {
        let n = name.trim();
        let codes = if n == "tczajka" {
            let mut codes = Vec::new();
            for d0 in [0u8, 4] {
                for k in 0..=3 {
                    if d0 == 0 && k == 0 {
                        continue; // 0. has no move
                    }
                    codes.extend(all_codes(d0, k));
                }
            }
            codes
        } else if n == "tczajka-trivial" {
            table_codes(tczajka::TRIVIAL)
        } else if n == "tczajka-solved" {
            table_codes(tczajka::SOLVED)
        } else if n == "tczajka-unsolved" {
            table_codes(tczajka::UNSOLVED)
        } else if let Some(list) = n.strip_prefix("list:") {
            let mut codes: Vec<String> = Vec::new();
            for code in split_list(list) {
                let c = canonical(code)?;
                if codes.contains(&c) {
                    return Err(FamilyError::Duplicate { code: code.to_string(), canonical: c });
                }
                codes.push(c);
            }
            if codes.is_empty() {
                return Err(FamilyError::Empty);
            }
            codes
        } else if let Some((d0, ds)) = n.split_once('.').filter(|(d0, ds)| {
            (d0.is_empty() || *d0 == "0" || *d0 == "4") && !ds.is_empty() && ds.chars().all(|c| c == 'd')
        }) {
            if ds.len() > 6 {
                return Err(FamilyError::TooLong { name: n.to_string() });
            }
            all_codes(if d0 == "4" { 4 } else { 0 }, ds.len())
        } else {
            return Err(FamilyError::Unknown { name: n.to_string() });
        };
        Ok(Family { name: n.to_string(), codes })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes() {
        assert_eq!(Family::parse("tczajka").unwrap().codes.len(), 1023);
        assert_eq!(Family::parse("0.ddd").unwrap().codes.len(), 448);
        let all = Family::parse("tczajka").unwrap().codes;
        for part in ["tczajka-trivial", "tczajka-solved", "tczajka-unsolved"] {
            let codes = Family::parse(part).unwrap().codes;
            assert!(codes.iter().all(|c| all.contains(c)), "{part} is part of tczajka");
        }
        assert_eq!(Family::parse(".dddd").unwrap().codes.len(), 3584);
        assert_eq!(Family::parse("4.dd").unwrap().codes.len(), 56);
        let t = Family::parse("tczajka").unwrap().codes;
        assert_eq!(&t[..3], ["0.1", "0.2", "0.3"]);
        assert!(t.contains(&"4.".to_string()) && t.contains(&"4.777".to_string()));
    }

    #[test]
    fn lists() {
        let f = Family::parse("list:.07, 0.137 4.07").unwrap();
        assert_eq!(f.codes, ["0.07", "0.137", "4.07"]);
        assert!(matches!(Family::parse("list:.07,0.070"), Err(FamilyError::Duplicate { .. })));
        // CGSuite's notation (issue 40): a code that is an octal game is taken as it, any
        // other in its normal form.
        assert_eq!(Family::parse("list:0.{1,2}, 0.{0,1,2}3 kayles").unwrap().codes, ["0.6", "0.73", "0.77"]);
        assert!(matches!(Family::parse("list:0.6,0.{1,2}"), Err(FamilyError::Duplicate { .. })));
        assert_eq!(Family::parse("list:.8 4!.0 0.[3] 0.{0!,2!,3!}").unwrap().codes, ["0.8", "4!.0", "0.[3]", "0.D!"]);
        assert!(matches!(Family::parse("list:nim,0.[3]"), Err(FamilyError::Duplicate { .. })));
        assert!(matches!(Family::parse("list:half"), Err(FamilyError::BadCode { .. })));
        assert!(matches!(Family::parse("list:0.x"), Err(FamilyError::BadCode { .. })));
        assert!(matches!(Family::parse("list:"), Err(FamilyError::Empty)));
        assert!(matches!(Family::parse("octal"), Err(FamilyError::Unknown { .. })));
        assert!(matches!(Family::parse("0.ddddddd"), Err(FamilyError::TooLong { .. })));
    }
}
