//! Reading a code in CGSuite's take-and-break notation, with grundy's two additions: a code
//! may start with its point (`.07` is `0.07`), and the checks that a code describes a
//! finite game.
//!
//! ```text
//! code   = digit* "." digit* ( "[" digit* "]" )?      digits before the point add tokens
//! digit  = ( base32 | "&" decimal ";" | "*" | "{" list "}" ) mark?
//! list   = count ( "," count )* "+"?                   counts of heaps, "+" and every larger one
//! count  = decimal mark?                               a mark on a count or on the list, not both
//! mark   = "!" | "?" | "="                             pairwise unequal, not all equal, all equal
//! ```

use super::digit::{Constraint, Digit, BASE32, MAX_EXPLICIT_HEAPS};
use super::TbCode;

/// Most digits after the point (the periodic part included), and before it.
pub const MAX_CODE_DIGITS: usize = 256;

/// The structure of a code as written, before it is put in normal form.
pub(crate) struct Written {
    /// The digits before the point, as written (the last is d_0).
    pub before: Vec<Digit>,
    /// The digits after the point, d_1 first (the periodic part included).
    pub after: Vec<Digit>,
    /// Where the periodic part starts in `after`, when there is one.
    pub period_from: Option<usize>,
}

/// Reads `code` (already trimmed). The error is the reason, in words, for the caller's
/// [`crate::game::GameError::BadCode`].
pub(crate) fn read(code: &str) -> Result<Written, String> {
    let chars: Vec<char> = code.chars().collect();
    let mut w = Written { before: Vec::new(), after: Vec::new(), period_from: None };
    let mut in_before = true;
    let mut in_period = false;
    let mut at = 0;
    while at < chars.len() {
        let ch = chars[at];
        let digit = match ch {
            '.' => {
                if !in_before {
                    return Err(format!("a second point at position {at}"));
                }
                if w.before.is_empty() {
                    w.before.push(Digit::zero());
                }
                in_before = false;
                at += 1;
                continue;
            }
            '[' => {
                if in_before || in_period || w.period_from.is_some() {
                    return Err(format!("'[' at position {at}: a repeating part comes once, after the point"));
                }
                in_period = true;
                w.period_from = Some(w.after.len());
                at += 1;
                continue;
            }
            ']' => {
                if !in_period || at + 1 != chars.len() {
                    return Err(format!("']' at position {at}: a repeating part ends the code"));
                }
                in_period = false;
                at += 1;
                continue;
            }
            '*' => {
                let (mark, len) = mark_at(&chars, at + 1);
                at += 1 + len;
                Digit::normal(vec![Some(mark)], true)
            }
            '{' => {
                let end = (at..chars.len())
                    .find(|&i| chars[i] == '}')
                    .ok_or_else(|| format!("'{{' at position {at} is never closed"))?;
                let (mark, len) = mark_at(&chars, end + 1);
                let inner: String = chars[at + 1..end].iter().collect();
                let digit = count_list(&inner, mark, len > 0)?;
                at = end + 1 + len;
                digit
            }
            '&' => {
                let end = (at..chars.len())
                    .find(|&i| chars[i] == ';')
                    .ok_or_else(|| format!("'&' at position {at} has no ';' to end its number"))?;
                let text: String = chars[at + 1..end].iter().collect();
                let bits: u64 = text
                    .parse()
                    .ok()
                    .filter(|&b: &u64| b < 1 << MAX_EXPLICIT_HEAPS)
                    .ok_or_else(|| format!("&{text}; is not a number below 2^{MAX_EXPLICIT_HEAPS}"))?;
                let (mark, len) = mark_at(&chars, end + 1);
                at = end + 1 + len;
                Digit::of_bits(bits, mark)
            }
            ch => {
                let Some(value) = BASE32.find(ch.to_ascii_uppercase()).filter(|_| ch.is_ascii_alphanumeric()) else {
                    return Err(match Constraint::of_mark(ch) {
                        Some(_) => format!("{ch:?} at position {at} follows no digit"),
                        None => format!(
                            "{ch:?} at position {at} is not a digit (0-9, A-V), '.', '[', ']', '{{', '*' or '&'"
                        ),
                    });
                };
                let (mark, len) = mark_at(&chars, at + 1);
                at += 1 + len;
                Digit::of_bits(value as u64, mark)
            }
        };
        if in_before {
            w.before.push(digit);
        } else {
            w.after.push(digit);
        }
        if w.before.len() > MAX_CODE_DIGITS || w.after.len() > MAX_CODE_DIGITS {
            return Err(format!("more than {MAX_CODE_DIGITS} digits"));
        }
    }
    if in_before {
        return Err("no point: write the digit that splits without taking before a point (4.0, .07)".into());
    }
    if in_period {
        return Err("'[' is never closed".into());
    }
    Ok(w)
}

/// The mark at `at`, if there is one, and its length (0 or 1).
fn mark_at(chars: &[char], at: usize) -> (Constraint, usize) {
    match chars.get(at).and_then(|&c| Constraint::of_mark(c)) {
        Some(c) => (c, 1),
        None => (Constraint::Any, 0),
    }
}

/// `0,2!,3+` with the mark after the braces (`marked`: there was one).
fn count_list(inner: &str, mark: Constraint, marked: bool) -> Result<Digit, String> {
    let (more, list) = match inner.strip_suffix('+') {
        Some(rest) => (true, rest),
        None => (false, inner),
    };
    let mut counts: Vec<Option<Constraint>> = Vec::new();
    for token in list.split(',').map(str::trim) {
        let (number, own) = match token.chars().last().and_then(Constraint::of_mark) {
            Some(c) => (&token[..token.len() - 1], Some(c)),
            None => (token, None),
        };
        if own.is_some() && marked {
            return Err(format!("{{{inner}}}: a mark goes on each count or after the braces, not both"));
        }
        let i: usize =
            number.parse().ok().filter(|&i| i <= MAX_EXPLICIT_HEAPS).ok_or_else(|| {
                format!("{{{inner}}}: {number:?} is not a count of heaps from 0 to {MAX_EXPLICIT_HEAPS}")
            })?;
        if counts.len() <= i {
            counts.resize(i + 1, None);
        }
        counts[i] = Some(own.unwrap_or(mark));
    }
    // With `+` the largest count listed goes on for every larger count.
    Ok(Digit::normal(counts, more))
}

impl Written {
    /// The code in normal form: CGSuite's rules (zeros at the ends dropped, a repeating
    /// part of zeros dropped, `0.0` for no digits).
    pub(crate) fn normal(self) -> TbCode {
        let mut before = self.before;
        let d0 = before.pop().expect("a point puts d_0 before it");
        before.reverse();
        while before.last().is_some_and(Digit::is_zero) {
            before.pop();
        }
        let mut digits = vec![d0];
        digits.extend(self.after);
        let mut period = self.period_from.map_or(0, |from| digits.len() - 1 - from);
        if digits[digits.len() - period..].iter().all(Digit::is_zero) {
            digits.truncate(digits.len() - period);
            period = 0;
        }
        if period == 0 {
            while digits.len() > 1 && digits.last().is_some_and(Digit::is_zero) {
                digits.pop();
            }
        }
        TbCode { digits, additive: before, period }
    }
}
