//! Which codes `cargo xtask bench --peers` measures: chosen by a rule, not by hand, so
//! that the benchmark cannot be tuned to one game.

use grundy_census::tczajka;
use grundy_core::game::{catalog, MoveRule};

/// The codes issue 29 measured (`.007` and `.4` are among them; the time limit decides).
const ISSUE_CODES: &[&str] = &[".64", ".6", ".161", ".14", ".16", ".167", ".1777", ".356", ".007", ".4"];

/// The dense codes issue 39 names: every split marked, no sparse space; measured at a
/// size both programs finish, never dropped.
const DENSE_CODES: &[&str] = &[".04", ".06", ".76", ".007"];

/// The codes measured, each with the rule that brought it in, in this order, without repeats:
/// the catalog's octal games, every game whose period the fixtures publish, Czajka's solved
/// games, his unsolved games with at most two digits after the point, the games of
/// Rogalski's value-frequency tables, then the codes issue 29 measured.
pub fn code_set() -> Vec<(String, &'static str)> {
    let mut set: Vec<(String, &'static str)> = Vec::new();
    let mut add = |code: &str, why: &'static str| {
        let code = code.trim_start_matches('0').to_string();
        if !set.iter().any(|(c, _)| *c == code) {
            set.push((code, why));
        }
    };
    for entry in catalog::CATALOG {
        // Octal: digits below 8 (the move rule says so) and no `!`.
        if let MoveRule::Digits { digits, unequal: false } = entry.game().move_rule() {
            add(&grundy_census::family::canonical_of_digits(digits), "catalog");
        }
    }
    for row in first_columns(PERIODS) {
        add(row, "period published");
    }
    for code in grundy_census::family::table_codes(tczajka::SOLVED) {
        add(&code, "Czajka solved");
    }
    for code in grundy_census::family::table_codes(tczajka::UNSOLVED) {
        if code.split('.').nth(1).is_some_and(|d| d.len() <= 2) {
            add(&code, "Czajka unsolved, two digits");
        }
    }
    for row in first_columns(ROGALSKI) {
        add(row, "Rogalski frequencies");
    }
    for code in ISSUE_CODES {
        add(code, "issue 29");
    }
    for code in DENSE_CODES {
        add(code, "dense (issue 39)");
    }
    set
}

/// The published periods (`game period last-exception pre-period source`).
const PERIODS: &str = include_str!("../../../../fixtures/raw/stored/octal_game_periods_summary.txt");
/// Rogalski's value frequencies (`game N value count ...`).
const ROGALSKI: &str = include_str!("../../../../fixtures/raw/stored/rogalski_octal_value_frequencies.txt");

/// The first column of a table's rows (not `#` lines), each once, in order.
fn first_columns(text: &str) -> Vec<&str> {
    let mut firsts: Vec<&str> = Vec::new();
    for first in text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_whitespace().next()) {
        if !firsts.contains(&first) {
            firsts.push(first);
        }
    }
    firsts
}

/// The rule, as the record states it.
pub const RULE: &str = "every octal game of the catalog; every game whose period the fixtures publish (octal_game_periods_summary.txt); every game of Czajka's solved table; every game of his unsolved table with at most two digits after the point; the five games of Rogalski's value-frequency tables; the codes issue 29 measured; the dense codes .04, .06, .76, .007. A code is measured at 2^20 and 2^21, or, when neither grundy nor any of ogsolve's methods can finish 2^20 within the time limit, at the largest smaller power of two at which both finish; none is dropped.";

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule gives at least 20 codes, from each of its sources, once each.
    #[test]
    fn the_code_set_follows_its_rule() {
        let set = code_set();
        assert!(set.len() >= 20, "{} codes", set.len());
        let codes: Vec<&str> = set.iter().map(|(c, _)| c.as_str()).collect();
        for code in [".77", ".07", ".137", ".6", ".11377", ".16", ".354", ".14", ".76", ".172", ".1777", ".161"] {
            assert!(codes.contains(&code), "{code} missing from {codes:?}");
        }
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), codes.len(), "a code twice");
        assert!(!codes.contains(&".104"), "three digits are not in the unsolved rule");
        for code in DENSE_CODES {
            assert!(codes.contains(code), "the dense code {code} missing");
        }
    }
}
