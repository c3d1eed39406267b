//! Merging a census: one result per game of the family, checked (none missing, none twice,
//! all of the same census), grouped by identical value sequences, and written as one table.
//!
//! The census's budget is read from the results: the largest budget among them, which
//! every unsolved result must have (a proved one may come from a smaller budget: a proof
//! holds at every budget).
//!
//! Groups: codes whose G(0..budget) are identical form a group (found from the values
//! themselves: a proved game's extended by its period). Its representative is the
//! first member in the order (digits after the point, then the code as text), so `4.`
//! represents `0.2`, as in the tczajka tables. A group is marked *proved* when every member
//! is proved periodic and the budget covers the largest pre-period plus the least common
//! multiple of the periods: two sequences that are periodic from n0 with period p and agree
//! on G(0..n0 + p) agree everywhere. Otherwise the members are only *equal up to the budget*.
//! A game whose values are those of another group's game shifted by one heap (G(n + 1) of
//! this game = G(n) of that one, the GameLookup table's second kind of equivalence) names
//! that group in `shift_of`.

use std::collections::{BTreeMap, HashMap};
use std::fmt::Write;

use thiserror::Error;

use crate::family::Family;
use crate::record::{fnv_of, CensusKey, GameRecord, Status};
use crate::tczajka;

/// Why results could not be merged.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum MergeError {
    #[error("{missing} of {total} games have no result (first: {first}); run the missing shards, then merge again")]
    /// Some games of the family have no result yet.
    Missing {
        /// How many have none.
        missing: usize,
        /// How many games the family has.
        total: usize,
        /// The first of them in the family's order.
        first: String,
    },
    #[error("the result for {code} appears twice")]
    /// Two results are for the same game.
    Duplicate {
        /// The game's code.
        code: String,
    },
    #[error("a result for {code}, which is not in family {family:?}")]
    /// A result is for a game outside the family.
    Foreign {
        /// The game's code.
        code: String,
        /// The family's name.
        family: String,
    },
    #[error("the result for {code} is from another census ({found}); expected {expected}")]
    /// A result belongs to another census (format, grundy version or family differ).
    OtherCensus {
        /// The game's code.
        code: String,
        /// That result's census key, in words.
        found: String,
        /// The census key being merged, in words.
        expected: String,
    },
    #[error(
        "{behind} unsolved games are at a smaller budget than {budget} (first: {first}, at {found}); run the census at {budget} on the folder to bring them up, then merge again"
    )]
    /// Some unsolved results are at a smaller budget than others: a growth not finished.
    Behind {
        /// How many.
        behind: usize,
        /// The first of them.
        first: String,
        /// Its budget.
        found: u64,
        /// The census's budget (the largest in the results).
        budget: u64,
    },
    #[error(
        "the results are at budget {found}, not {asked} (merge reads the budget from the results; leave --budget out)"
    )]
    /// `--budget` was given and is not the results' budget.
    WrongBudget {
        /// The results' budget.
        found: u64,
        /// The budget asked for.
        asked: u64,
    },
}

/// How a group's members are known to be equal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Equivalence {
    /// The group has one member.
    Alone,
    /// Proved by the periods (see the module documentation).
    Proved,
    /// Equal on G(0..budget) only.
    UpToBudget,
}

impl Equivalence {
    /// The word used in the tables.
    pub fn name(self) -> &'static str {
        match self {
            Equivalence::Alone => "alone",
            Equivalence::Proved => "proved",
            Equivalence::UpToBudget => "up-to-budget",
        }
    }
}

/// A group of games with identical values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The member chosen by the rule of the module documentation.
    pub representative: String,
    /// Every member, the representative first.
    pub members: Vec<String>,
    /// How the members are known to be equal.
    pub equivalence: Equivalence,
}

/// The merged census.
#[derive(Clone, Debug)]
pub struct Table {
    /// The census the results belong to.
    pub key: CensusKey,
    /// In the family's order.
    pub records: Vec<GameRecord>,
    /// In the order of their representatives' first appearance in the family.
    pub groups: Vec<Group>,
    /// code -> index into `groups`.
    pub group_of: HashMap<String, usize>,
    /// code -> the representative of the group whose values are this game's shifted by one.
    pub shift_of: HashMap<String, String>,
}

fn census_text(k: &CensusKey) -> String {
    format!("format {}, grundy {}, family {}", k.format, k.grundy, k.family)
}

/// The order that picks representatives: fewer digits after the point first, then the code.
fn representative_order(code: &str) -> (usize, String) {
    (code.split_once('.').map_or(0, |(_, d)| d.len()), code.to_string())
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 {
        a
    } else {
        gcd(b, a % b)
    }
}

/// FNV-1a of G(from..from + len) of a game whose values are `g` and, if proved, periodic
/// past them (with its saltus, when arithmetic-periodic).
fn sequence_checksum(r: &GameRecord, g: &[u64], from: u64, len: u64) -> String {
    let value = |n: u64| -> u64 {
        match (r.preperiod, r.period) {
            (Some(n0), Some(p)) if n >= g.len() as u64 => {
                g[(n0 + (n - n0) % p) as usize] + (n - n0) / p * r.saltus.unwrap_or(0)
            }
            _ => g[n as usize],
        }
    };
    let values: Vec<u64> = (from..from + len).map(value).collect();
    fnv_of(&values)
}

/// A checked result with what merge needs of its values, so that the values themselves
/// (up to 8 bytes a heap in memory) need not be held for every game at once.
#[derive(Clone, Debug)]
pub struct Checked {
    /// The result.
    pub record: GameRecord,
    /// FNV-1a of G(0..budget) (extended by the period when proved); empty when the values
    /// do not reach the budget (an unsolved game behind, which merge refuses).
    pub sequence: String,
    /// The same over G(1..budget + 1).
    pub shifted: String,
}

impl Checked {
    /// `record` with its values `g` (G(0..computed) of a proved game, G(0..budget + 1) of an
    /// unsolved one, as [`crate::verify::check`] gives them), summed up over `budget`.
    pub fn new(record: GameRecord, g: &[u64], budget: u64) -> Checked {
        let reaches = record.status == Status::Periodic || g.len() as u64 > budget;
        let (sequence, shifted) = if reaches {
            (sequence_checksum(&record, g, 0, budget), sequence_checksum(&record, g, 1, budget))
        } else {
            (String::new(), String::new())
        };
        Checked { record, sequence, shifted }
    }
}

/// The budget of a census: the largest among its results (`None` when there are none).
pub fn census_budget(records: &[GameRecord]) -> Option<u64> {
    records.iter().map(|r| r.key.budget).max()
}

/// Merges the checked results of a census of `family` ([`Checked`], summed up over the
/// census's budget), at the budget the results carry (`budget`, if given, must be it).
pub fn merge(family: &Family, results: Vec<Checked>, budget: Option<u64>) -> Result<Table, MergeError> {
    let Some(found) = results.iter().map(|c| c.record.key.budget).max() else {
        let first = family.codes.first().cloned().unwrap_or_default();
        return Err(MergeError::Missing { missing: family.codes.len(), total: family.codes.len(), first });
    };
    if let Some(asked) = budget.filter(|&b| b != found) {
        return Err(MergeError::WrongBudget { found, asked });
    }
    let key = CensusKey::new(&family.name, found);
    let behind: Vec<&GameRecord> =
        results.iter().map(|c| &c.record).filter(|r| r.status == Status::Unsolved && r.key.budget < found).collect();
    if let Some(first) = behind.first() {
        return Err(MergeError::Behind {
            behind: behind.len(),
            first: first.code.clone(),
            found: first.key.budget,
            budget: found,
        });
    }
    let mut by_code: HashMap<String, GameRecord> = HashMap::new();
    let mut sequences: HashMap<String, (String, String)> = HashMap::new();
    for Checked { record: r, sequence: own, shifted } in results {
        if (&r.key.format, &r.key.grundy, &r.key.family) != (&key.format, &key.grundy, &key.family) {
            return Err(MergeError::OtherCensus {
                code: r.code.clone(),
                found: census_text(&r.key),
                expected: census_text(&key),
            });
        }
        if !family.codes.contains(&r.code) {
            return Err(MergeError::Foreign { code: r.code, family: family.name.clone() });
        }
        if by_code.contains_key(&r.code) {
            return Err(MergeError::Duplicate { code: r.code });
        }
        sequences.insert(r.code.clone(), (own, shifted));
        by_code.insert(r.code.clone(), r);
    }
    let key = &key;
    let missing: Vec<&String> = family.codes.iter().filter(|c| !by_code.contains_key(*c)).collect();
    if let Some(first) = missing.first() {
        return Err(MergeError::Missing {
            missing: missing.len(),
            total: family.codes.len(),
            first: first.to_string(),
        });
    }
    let records: Vec<GameRecord> = family.codes.iter().map(|c| by_code.remove(c).expect("checked")).collect();
    // Group by the values: G(0..budget)'s checksum and the first 64 values must both agree.
    let mut members: BTreeMap<(String, String), Vec<&GameRecord>> = BTreeMap::new();
    for r in &records {
        members.entry((sequences[&r.code].0.clone(), r.head.clone())).or_default().push(r);
    }
    let mut groups: Vec<Group> = Vec::new();
    let mut group_of = HashMap::new();
    let mut by_checksum: HashMap<String, usize> = HashMap::new();
    let mut ordered: Vec<Vec<&GameRecord>> = members.into_values().collect();
    ordered.sort_by_key(|m| m.iter().map(|r| family.codes.iter().position(|c| *c == r.code).unwrap()).min());
    for mut m in ordered {
        m.sort_by_key(|r| representative_order(&r.code));
        let all_proved = m.iter().all(|r| r.preperiod.is_some());
        let equivalence = if m.len() == 1 {
            Equivalence::Alone
        } else if all_proved && {
            let n0 = m.iter().filter_map(|r| r.preperiod).max().unwrap_or(0);
            let lcm = m.iter().filter_map(|r| r.period).fold(1u64, |l, p| l / gcd(l, p) * p);
            // Arithmetic periods also need G(n0 + lcm) to agree: then the members add the
            // same over every lcm heaps.
            let saltus = u64::from(m.iter().any(|r| r.saltus.is_some()));
            n0.saturating_add(lcm).saturating_add(saltus) <= key.budget
        } {
            Equivalence::Proved
        } else {
            Equivalence::UpToBudget
        };
        let index = groups.len();
        for r in &m {
            group_of.insert(r.code.clone(), index);
        }
        by_checksum.insert(sequences[&m[0].code].0.clone(), index);
        groups.push(Group {
            representative: m[0].code.clone(),
            members: m.iter().map(|r| r.code.clone()).collect(),
            equivalence,
        });
    }
    let mut shift_of = HashMap::new();
    for r in &records {
        if let Some(&g) = by_checksum.get(&sequences[&r.code].1) {
            shift_of.insert(r.code.clone(), groups[g].representative.clone());
        }
    }
    Ok(Table { key: key.clone(), records, groups, group_of, shift_of })
}

fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// The class the tczajka tables give a code (trivial, solved or unsolved), or "" for a code
/// not in them: the one place Czajka's word "trivial" appears in a census table.
fn tczajka_class(code: &str) -> &'static str {
    use std::sync::OnceLock;
    static CLASSES: OnceLock<HashMap<String, &'static str>> = OnceLock::new();
    let classes = CLASSES.get_or_init(|| {
        let mut m = HashMap::new();
        for (table, word) in
            [(tczajka::TRIVIAL, "trivial"), (tczajka::SOLVED, "solved"), (tczajka::UNSOLVED, "unsolved")]
        {
            for c in crate::family::table_codes(table) {
                m.insert(c, word);
            }
        }
        m
    });
    classes.get(code).copied().unwrap_or("")
}

impl Table {
    /// The table as CSV, one row per game in the family's order; no timings, so that two
    /// runs of the same census give the same bytes. `status` is `periodic` (proved) or
    /// `unsolved`; `candidate_*` is the period an unsolved game's last values show, not
    /// proved; `tczajka` is the class the tczajka tables give the code, where they list it;
    /// `saltus` the saltus of an arithmetic period (G(n + p) = G(n) + saltus), last so that
    /// the octal columns keep their places.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "code,status,preperiod,period,computed,largest,largest_at,mask,sparse_heaps,last_sparse,candidate_preperiod,candidate_period_not_proved,candidate_span,group,equivalence,shift_of,checksum,tczajka,engine,saltus\n",
        );
        for r in &self.records {
            let g = &self.groups[self.group_of[&r.code]];
            let c = r.candidate;
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
                r.code,
                r.status.name(),
                opt(r.preperiod),
                opt(r.period),
                r.computed,
                r.largest,
                r.largest_at,
                r.mask.map_or(String::new(), |m| format!("{m:x}{}", if r.heap_parity { "+parity" } else { "" })),
                opt(r.sparse_heaps),
                opt(r.last_sparse),
                opt(c.map(|c| c.preperiod)),
                opt(c.map(|c| c.period)),
                opt(c.map(|c| c.span)),
                g.representative,
                g.equivalence.name(),
                self.shift_of.get(&r.code).map_or("", String::as_str),
                r.checksum,
                tczajka_class(&r.code),
                r.engine,
                opt(r.saltus)
            );
        }
        out
    }

    /// Counts by status: periodic (proved), unsolved.
    pub fn counts(&self) -> [usize; 2] {
        let mut c = [0; 2];
        for r in &self.records {
            c[r.status as usize] += 1;
        }
        c
    }

    /// The table in markdown: what was run, the counts, then one row per group.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let k = &self.key;
        let [periodic, unsolved] = self.counts();
        let candidates = self.records.iter().filter(|r| r.candidate.is_some()).count();
        let _ = writeln!(out, "# Census of family `{}`\n", k.family);
        let _ = writeln!(
            out,
            "Generated by `grundy census merge` (grundy {}, result format {}). Do not edit.\n",
            k.grundy, k.format
        );
        let _ = writeln!(
            out,
            "{} games, each computed until its period was proved by a periodicity theorem (octal games: Guy and \
             Smith's; all-but subtraction games: their lemma, with a saltus) or G(0..{}) \
             were computed: {periodic} periodic (every one proved), {unsolved} unsolved at the budget \
             ({candidates} of them with a candidate period, not proved); {} groups of identical values.\n",
            self.records.len(),
            k.budget,
            self.groups.len()
        );
        let _ = writeln!(
            out,
            "Pre-period: the first periodic heap n0 (G(n + p) = G(n) for all n >= n0; the last exception is n0 - 1; \
             `p +s` is an arithmetic period with saltus s, G(n + p) = G(n) + s). \
             Candidate (unsolved games only, NOT PROVED): the smallest period p that the last values repeat with, \
             from heap n0 to the budget (the span), at least two periods and 256 heaps. \
             Equivalence: `proved` when every member is proved periodic and the values agree far enough to \
             follow; `up-to-budget` when they agree on G(0..budget) only. tczajka: the class the tczajka tables \
             give the code, where they list it (their \"trivial\" is periodic from fewer than 1,000 values).\n"
        );
        let _ = writeln!(
            out,
            "| representative | status | pre-period | period | candidate, not proved (from, over) | largest (first at) | sparse heaps (last) | tczajka | members |"
        );
        let _ = writeln!(out, "|---|---|---:|---:|---|---|---|---|---|");
        for g in &self.groups {
            let r = &self.records[self.records.iter().position(|r| r.code == g.representative).unwrap()];
            let others: Vec<&str> = g.members.iter().skip(1).map(String::as_str).collect();
            let members = if others.is_empty() {
                String::new()
            } else {
                format!("{} ({})", others.join(" "), g.equivalence.name())
            };
            let _ = writeln!(
                out,
                "| {} | {} | {} | {} | {} | {} ({}) | {} | {} | {} |",
                r.code,
                r.status.name(),
                opt(r.preperiod),
                match (r.period, r.saltus) {
                    (Some(p), Some(s)) => format!("{p} +{s}"),
                    (p, _) => opt(p),
                },
                r.candidate.map_or(String::new(), |c| format!("{} ({}, {})", c.period, c.preperiod, c.span)),
                r.largest,
                r.largest_at,
                match (r.sparse_heaps, r.last_sparse) {
                    (Some(n), Some(l)) => format!("{n} ({l})"),
                    (Some(n), None) => n.to_string(),
                    _ => String::new(),
                },
                tczajka_class(&r.code),
                members
            );
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::Status;

    /// A result with values `g` (periodic past them when `period` is given).
    fn record(key: &CensusKey, code: &str, g: Vec<u64>, period: Option<(u64, u64)>) -> Checked {
        let r = GameRecord {
            key: key.clone(),
            code: code.into(),
            status: if period.is_some() { Status::Periodic } else { Status::Unsolved },
            preperiod: period.map(|p| p.0),
            period: period.map(|p| p.1),
            saltus: None,
            computed: g.len() as u64,
            largest: 1,
            largest_at: 1,
            mask: None,
            heap_parity: false,
            sparse_heaps: None,
            last_sparse: None,
            checksum: fnv_of(&g),
            head: g.iter().take(2).map(|v| v.to_string()).collect(),
            periodic_values: None,
            milestones: Vec::new(),
            candidate: None,
            values: None,
            engine: "test".into(),
            seconds: 0.0,
        };
        Checked::new(r, &g, key.budget)
    }

    #[test]
    fn checks_and_groups() {
        let family = Family::parse("list:.1,.2,4,.3,.4").unwrap();
        let key = CensusKey::new(&family.name, 100);
        let all = |key: &CensusKey| {
            let ramp: Vec<u64> = (0..=key.budget).map(|n| n % 7).collect();
            let shifted: Vec<u64> = (1..=key.budget + 1).map(|n| n % 7).collect();
            vec![
                record(key, "0.1", vec![0, 1, 1, 1], Some((1, 1))),
                record(key, "0.2", vec![0, 1, 0, 1], Some((1, 2))),
                record(key, "4.", vec![0, 1, 0, 1, 0, 1], Some((1, 2))),
                record(key, "0.3", ramp, None),
                record(key, "0.4", shifted, None),
            ]
        };
        let t = merge(&family, all(&key), None).unwrap();
        assert_eq!(t.key.budget, 100, "read from the results");
        assert_eq!(t.groups.len(), 4);
        let g = &t.groups[t.group_of["0.2"]];
        assert_eq!((g.representative.as_str(), g.equivalence), ("4.", Equivalence::Proved));
        assert_eq!(t.shift_of.get("0.3").map(String::as_str), Some("0.4"));
        assert_eq!(t.csv().lines().count(), 6);
        assert!(matches!(
            merge(&family, all(&key), Some(200)),
            Err(MergeError::WrongBudget { found: 100, asked: 200 })
        ));

        let mut twice = all(&key);
        twice.push(record(&key, "0.1", vec![0, 1, 1, 1], Some((1, 1))));
        assert_eq!(merge(&family, twice, None).unwrap_err(), MergeError::Duplicate { code: "0.1".into() });
        let mut foreign = all(&key);
        foreign.push(record(&key, "0.7", vec![0; 101], None));
        assert!(matches!(merge(&family, foreign, None), Err(MergeError::Foreign { .. })));
        let mut missing = all(&key);
        missing.pop();
        assert!(matches!(merge(&family, missing, None), Err(MergeError::Missing { missing: 1, .. })));
        assert!(matches!(merge(&family, Vec::new(), None), Err(MergeError::Missing { missing: 5, .. })));
        let mut other = all(&key);
        other[0].record.key.family = "0.dd".into();
        assert!(matches!(merge(&family, other, None), Err(MergeError::OtherCensus { .. })));
        // A proved game from a smaller budget is kept; an unsolved one is behind.
        let mut grown = all(&key);
        grown[0].record.key.budget = 50;
        assert!(merge(&family, grown.clone(), None).is_ok());
        grown[3] = record(&CensusKey::new(&family.name, 50), "0.3", vec![1; 51], None);
        assert!(matches!(merge(&family, grown, None), Err(MergeError::Behind { behind: 1, found: 50, .. })));
        // Periodic games that agree on less than pre-period + lcm of the periods are not proved equal.
        let short = CensusKey::new(&family.name, 2);
        let t = merge(&family, all(&short), None).unwrap();
        assert_eq!(t.groups[t.group_of["4."]].equivalence, Equivalence::UpToBudget);
    }
}
