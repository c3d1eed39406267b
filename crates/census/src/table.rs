//! Merging a census: one result per game of the family, checked (none missing, none twice,
//! all of the same census), grouped by identical value sequences, and written as one table.
//!
//! Groups: codes whose G(0..budget) are identical form a group. Its representative is the
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
use crate::record::{CensusKey, GameRecord};

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
    /// A result belongs to another census (format, grundy version, family or budget differ).
    OtherCensus {
        /// The game's code.
        code: String,
        /// That result's census key, in words.
        found: String,
        /// The census key being merged, in words.
        expected: String,
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
    format!("format {}, grundy {}, family {}, budget {}", k.format, k.grundy, k.family, k.budget)
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

/// Merges the results of a census of `family` with key `key`.
pub fn merge(family: &Family, key: &CensusKey, results: Vec<GameRecord>) -> Result<Table, MergeError> {
    let mut by_code: HashMap<String, GameRecord> = HashMap::new();
    for r in results {
        if r.key != *key {
            return Err(MergeError::OtherCensus {
                code: r.code.clone(),
                found: census_text(&r.key),
                expected: census_text(key),
            });
        }
        if !family.codes.contains(&r.code) {
            return Err(MergeError::Foreign { code: r.code, family: family.name.clone() });
        }
        if by_code.contains_key(&r.code) {
            return Err(MergeError::Duplicate { code: r.code });
        }
        by_code.insert(r.code.clone(), r);
    }
    let missing: Vec<&String> = family.codes.iter().filter(|c| !by_code.contains_key(*c)).collect();
    if let Some(first) = missing.first() {
        return Err(MergeError::Missing {
            missing: missing.len(),
            total: family.codes.len(),
            first: first.to_string(),
        });
    }
    let records: Vec<GameRecord> = family.codes.iter().map(|c| by_code.remove(c).expect("checked")).collect();
    // Group by the values: checksum and the first 64 values must both agree.
    let mut members: BTreeMap<(String, String), Vec<&GameRecord>> = BTreeMap::new();
    for r in &records {
        members.entry((r.checksum.clone(), r.head.clone())).or_default().push(r);
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
            n0.saturating_add(lcm) <= key.budget
        } {
            Equivalence::Proved
        } else {
            Equivalence::UpToBudget
        };
        let index = groups.len();
        for r in &m {
            group_of.insert(r.code.clone(), index);
        }
        by_checksum.insert(m[0].checksum.clone(), index);
        groups.push(Group {
            representative: m[0].code.clone(),
            members: m.iter().map(|r| r.code.clone()).collect(),
            equivalence,
        });
    }
    let mut shift_of = HashMap::new();
    for r in &records {
        if let Some(&g) = by_checksum.get(&r.shifted_checksum) {
            shift_of.insert(r.code.clone(), groups[g].representative.clone());
        }
    }
    Ok(Table { key: key.clone(), records, groups, group_of, shift_of })
}

fn opt(v: Option<u64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

impl Table {
    /// The table as CSV, one row per game in the family's order; no timings, so that two
    /// runs of the same census give the same bytes.
    pub fn csv(&self) -> String {
        let mut out = String::from(
            "code,status,preperiod,period,computed,largest,largest_at,mask,sparse_heaps,last_sparse,group,equivalence,shift_of,checksum,engine\n",
        );
        for r in &self.records {
            let g = &self.groups[self.group_of[&r.code]];
            let _ = writeln!(
                out,
                "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{}",
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
                g.representative,
                g.equivalence.name(),
                self.shift_of.get(&r.code).map_or("", String::as_str),
                r.checksum,
                r.engine
            );
        }
        out
    }

    /// Counts by status.
    pub fn counts(&self) -> [usize; 3] {
        let mut c = [0; 3];
        for r in &self.records {
            c[r.status as usize] += 1;
        }
        c
    }

    /// The table in markdown: what was run, the counts, then one row per group.
    pub fn markdown(&self) -> String {
        let mut out = String::new();
        let k = &self.key;
        let [trivial, periodic, unsolved] = self.counts();
        let _ = writeln!(out, "# Census of family `{}`\n", k.family);
        let _ = writeln!(
            out,
            "Generated by `grundy census merge` (grundy {}, result format {}). Do not edit.\n",
            k.grundy, k.format
        );
        let _ = writeln!(
            out,
            "{} games, each swept until its period was proved by the octal periodicity theorem or G(0..{}) \
             were computed: {trivial} trivial (proved from fewer than 1,000 values), {periodic} periodic, \
             {unsolved} unsolved at the budget; {} groups of identical values.\n",
            self.records.len(),
            k.budget,
            self.groups.len()
        );
        let _ = writeln!(
            out,
            "Pre-period: the first periodic heap n0 (G(n + p) = G(n) for all n >= n0; the last exception is n0 - 1). \
             Equivalence: `proved` when every member is proved periodic and the values agree far enough to \
             follow; `up-to-budget` when they agree on G(0..budget) only.\n"
        );
        let _ = writeln!(
            out,
            "| representative | status | pre-period | period | largest (first at) | sparse heaps (last) | members |"
        );
        let _ = writeln!(out, "|---|---|---:|---:|---|---|---|");
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
                "| {} | {} | {} | {} | {} ({}) | {} | {} |",
                r.code,
                r.status.name(),
                opt(r.preperiod),
                opt(r.period),
                r.largest,
                r.largest_at,
                match (r.sparse_heaps, r.last_sparse) {
                    (Some(n), Some(l)) => format!("{n} ({l})"),
                    (Some(n), None) => n.to_string(),
                    _ => String::new(),
                },
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

    fn record(key: &CensusKey, code: &str, checksum: &str, period: Option<(u64, u64)>) -> GameRecord {
        GameRecord {
            key: key.clone(),
            code: code.into(),
            status: if period.is_some() { Status::Trivial } else { Status::Unsolved },
            preperiod: period.map(|p| p.0),
            period: period.map(|p| p.1),
            computed: 10,
            largest: 1,
            largest_at: 1,
            mask: None,
            heap_parity: false,
            sparse_heaps: None,
            last_sparse: None,
            checksum: checksum.into(),
            shifted_checksum: format!("shift-{checksum}"),
            head: "01".into(),
            periodic_values: None,
            milestones: Vec::new(),
            engine: "test".into(),
            seconds: 0.0,
        }
    }

    #[test]
    fn checks_and_groups() {
        let family = Family::parse("list:.1,.2,4,.3").unwrap();
        let key = CensusKey::new(&family.name, 100);
        let all = || {
            vec![
                record(&key, "0.1", "a", Some((1, 1))),
                record(&key, "0.2", "b", Some((1, 2))),
                record(&key, "4.", "b", Some((1, 2))),
                record(&key, "0.3", "c", None),
            ]
        };
        let t = merge(&family, &key, all()).unwrap();
        assert_eq!(t.groups.len(), 3);
        let g = &t.groups[t.group_of["0.2"]];
        assert_eq!((g.representative.as_str(), g.equivalence), ("4.", Equivalence::Proved));
        assert_eq!(t.csv().lines().count(), 5);

        let mut twice = all();
        twice.push(record(&key, "0.1", "a", Some((1, 1))));
        assert_eq!(merge(&family, &key, twice).unwrap_err(), MergeError::Duplicate { code: "0.1".into() });
        let mut foreign = all();
        foreign.push(record(&key, "0.7", "z", None));
        assert!(matches!(merge(&family, &key, foreign), Err(MergeError::Foreign { .. })));
        let mut missing = all();
        missing.pop();
        assert!(matches!(merge(&family, &key, missing), Err(MergeError::Missing { missing: 1, .. })));
        let mut other = all();
        other[0].key.budget = 50;
        assert!(matches!(merge(&family, &key, other), Err(MergeError::OtherCensus { .. })));
        // Periodic games that agree on less than pre-period + lcm of the periods are not proved equal.
        let short = CensusKey::new(&family.name, 2);
        let t = merge(
            &family,
            &short,
            all()
                .into_iter()
                .map(|mut r| {
                    r.key = short.clone();
                    r
                })
                .collect(),
        )
        .unwrap();
        assert_eq!(t.groups[t.group_of["4."]].equivalence, Equivalence::UpToBudget);
    }
}
