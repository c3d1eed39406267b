//! Periods proved from the command line: the record of each run `cargo xtask prove` made
//! (`runs/periods/<code>.json`: what `grundy period` printed, its time and peak memory, and
//! how its values compare with an OEIS b-file), and its comparison with the published
//! period (`fixtures/raw/stored/octal_game_periods_summary.txt`), which `verify` checks and
//! the report shows.

use serde::{Deserialize, Serialize};

use crate::verify::Verdict;

/// One proof, as `cargo xtask prove` records it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeriodRun {
    /// The command that wrote the record.
    pub generated_by: String,
    /// The command timed: `grundy period --game CODE ...`.
    pub command: String,
    /// When the run was made.
    pub date: String,
    /// The revision that made it.
    pub git_revision: String,
    /// The CPU it ran on.
    pub machine: String,
    /// The game's code, as given.
    pub game: String,
    /// The first periodic heap, as `grundy period` printed it.
    pub preperiod: u64,
    /// The period, as `grundy period` printed it.
    pub period: u64,
    /// G(0..values_needed): what the periodicity theorem needed.
    pub values_needed: u64,
    /// Wall-clock seconds the command took.
    pub seconds: f64,
    /// Its peak resident memory.
    pub peak_mib: u64,
    /// The values compared with an OEIS b-file, if the game has one.
    pub bfile: Option<BfileCheck>,
}

/// The values of a game against an OEIS b-file, heap by heap.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BfileCheck {
    /// The sequence, as `A071509`.
    pub id: String,
    /// The first heap compared.
    pub first: u64,
    /// The last heap compared.
    pub last: u64,
    /// The first heap whose values differ, if any.
    pub first_difference: Option<u64>,
}

/// A published period: `game period last_exception preperiod source`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Published {
    /// The game's code.
    pub game: String,
    /// The period.
    pub period: u64,
    /// The first periodic heap (the last exception plus one).
    pub preperiod: u64,
    /// Where the row comes from.
    pub source: String,
}

/// The rows of the periods table (comment lines start with `#`); rows that do not parse
/// are skipped (the table is a compilation, checked by its own tests).
pub fn published(text: &str) -> Vec<Published> {
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| {
            let cols: Vec<&str> = l.split_whitespace().collect();
            Some(Published {
                game: (*cols.first()?).to_string(),
                period: cols.get(1)?.parse().ok()?,
                preperiod: cols.get(3)?.parse().ok()?,
                source: (*cols.get(4)?).to_string(),
            })
        })
        .collect()
}

/// A proof compared with the published period.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PeriodFinding {
    /// The run.
    pub run: PeriodRun,
    /// The published pre-period and period, and where they come from (none: not published).
    pub published: Option<(u64, u64, String)>,
    /// `match`, `MISMATCH` or `not published`: the period, and the b-file if there is one.
    pub outcome: String,
}

/// Compares each run with the published periods; a run differs when its period or
/// pre-period differs, or its values differ from the b-file.
pub fn findings(runs: &[PeriodRun], table: &[Published]) -> Vec<PeriodFinding> {
    runs.iter()
        .map(|run| {
            let row = table.iter().find(|p| p.game == run.game);
            let values_agree = run.bfile.as_ref().is_none_or(|b| b.first_difference.is_none());
            let verdict = match row {
                Some(p) if (p.preperiod, p.period) == (run.preperiod, run.period) && values_agree => Verdict::Match,
                Some(_) => Verdict::Mismatch,
                None if values_agree => Verdict::Unavailable,
                None => Verdict::Mismatch,
            };
            PeriodFinding {
                run: run.clone(),
                published: row.map(|p| (p.preperiod, p.period, p.source.clone())),
                outcome: verdict.word().to_string(),
            }
        })
        .collect()
}

/// Whether any finding differs from its reference.
pub fn any_mismatch(findings: &[PeriodFinding]) -> bool {
    findings.iter().any(|f| f.outcome == Verdict::Mismatch.word())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(preperiod: u64, period: u64, difference: Option<u64>) -> PeriodRun {
        PeriodRun {
            generated_by: "test".into(),
            command: "grundy period --game .1777".into(),
            date: "-".into(),
            git_revision: "-".into(),
            machine: "-".into(),
            game: ".1777".into(),
            preperiod,
            period,
            values_needed: 2 * preperiod + 2 * period + 4,
            seconds: 1.0,
            peak_mib: 1,
            bfile: Some(BfileCheck { id: "A071509".into(), first: 1, last: 10_000, first_difference: difference }),
        }
    }

    #[test]
    fn a_proof_matches_only_the_published_period_and_values() {
        let table = published("# comment\n.1777 60620715 160949017 160949018 OEIS:A071509 -\n.77 12 70 71 x ok\n");
        assert_eq!(table.len(), 2);
        assert_eq!((table[0].preperiod, table[0].period), (160_949_018, 60_620_715));
        let ok = findings(&[run(160_949_018, 60_620_715, None)], &table);
        assert_eq!(ok[0].outcome, "match");
        assert!(!any_mismatch(&ok));
        for bad in [run(160_949_017, 60_620_715, None), run(160_949_018, 60_620_715, Some(9))] {
            let f = findings(&[bad], &table);
            assert!(any_mismatch(&f), "{f:?}");
        }
        let mut other = run(10, 2, None);
        other.game = ".6".into();
        assert_eq!(findings(&[other], &table)[0].outcome, Verdict::Unavailable.word());
    }
}
