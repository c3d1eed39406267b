//! A census of the `tczajka` family (or of some of its codes) against the four tables of
//! the tczajka/octal-games project (trivial, solved and unsolved games, and the GameLookup
//! equivalences), copied into `fixtures/raw/stored/` with their provenance. Every row is
//! compared; a difference is listed with what was found on each side and the reason where
//! it is known. Rows that need more values than the census budget are not left open: the
//! game is run past the budget for the comparison only (a solved game until its proof, at
//! most [`DEEPER_BUDGET`] values; an unsolved game to the table's N), and sparse heaps
//! counted under another mask than the table's are counted again under the table's. So
//! `grundy census --family tczajka --budget 2^14` reproduces every row in a few minutes.

use std::collections::HashMap;
use std::fmt::Write;

use grundy_core::ask::{AskError, Control, Session, SweepRequest, SweepStats, SweepStatus, GRUNDY_SPARSE_MASK};
use grundy_core::game::{Game, GrundysGame};

use crate::family::{canonical, Family};
use crate::record::{CensusKey, GameRecord, Status};
use crate::solve::{solve_with_values, SolveError};
use crate::table::Table;
use crate::tczajka::{rows, LOOKUP, SOLVED, TRIVIAL, UNSOLVED};

/// One table's comparison.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Section {
    /// Which table.
    pub name: &'static str,
    /// Its rows.
    pub rows: usize,
    /// Rows the census reproduces.
    pub matched: usize,
    /// (code, what differs, why)
    pub differences: Vec<(String, String, String)>,
    /// Games computed past the census budget for this comparison: (code, values computed).
    pub deeper: Vec<(String, u64)>,
    /// Games whose sparse heaps were counted again under the table's mask (our sweep chose
    /// another) and then matched.
    pub recounted: Vec<String>,
}

impl Section {
    /// One row compared: a match when nothing differs, else a difference with its reason.
    fn record(&mut self, code: &str, diffs: Vec<String>, why: String) {
        if diffs.is_empty() {
            self.matched += 1;
        } else {
            self.differences.push((code.to_string(), diffs.join("; "), why));
        }
    }
}

/// Our side of a row: the census's result for the game, or a run past the census budget
/// with the values it computed.
struct Ours<'a> {
    record: &'a GameRecord,
    values: Option<&'a [u64]>,
}

impl Ours<'_> {
    /// (count, last) of the heaps n < `heaps` whose value has an even number of 1-bits under
    /// `mask` (tczajka's rare heaps): from the values held, else from values the octal sweep
    /// computes again.
    fn rare_under(&self, heaps: u64, mask: u64) -> Option<(u64, Option<u64>)> {
        let end = usize::try_from(heaps).ok()?;
        let swept: Vec<u64>;
        let values = match self.values {
            Some(values) => values,
            None => {
                swept = Session::new().census_values(&self.record.code, heaps, &mut Control::unlimited()).ok()?;
                &swept
            }
        };
        let rare: Vec<u64> = (0..heaps)
            .zip(values.get(..end)?)
            .filter(|(_, v)| (**v & mask).count_ones().is_multiple_of(2))
            .map(|(n, _)| n)
            .collect();
        Some((rare.len() as u64, rare.last().copied()))
    }

    /// Compares our sparse heaps below `heaps` (count, last; `below` says so in a
    /// difference), under our rule (the record's mask, with the heap's parity when it uses
    /// it), with a table's columns `mask count last`
    /// (`1+pos`: mask 1 with the heap's position parity; `-`: no rule given, nothing to
    /// compare). When the rules differ, the table's count is also taken under its own plain
    /// mask ([`Ours::rare_under`]); true when that matched. Otherwise a difference is pushed,
    /// with the rule as the reason when it is the only one.
    fn compare_sparse(
        &self,
        (count, last): (Option<u64>, Option<u64>),
        heaps: u64,
        table: &[&str],
        below: &str,
        diffs: &mut Vec<String>,
        why: &mut String,
    ) -> bool {
        let Some(ours) = self.record.mask else { return false };
        let parity = self.record.heap_parity;
        let (mask_text, their_parity) = match table[0].strip_suffix("+pos") {
            Some(m) => (m, true),
            None => (table[0], false),
        };
        let Ok(mask) = u64::from_str_radix(mask_text, 16) else { return false };
        let theirs = (number(table[1]), number(table[2]));
        let same_rule = (ours, parity) == (mask, their_parity);
        if same_rule && (count, last) == theirs {
            return false;
        }
        if !same_rule && !their_parity {
            if let Some((c, l)) = self.rare_under(heaps, mask) {
                if (Some(c), l) == theirs {
                    return true;
                }
            }
        }
        let rule = if parity { "+heap parity" } else { "" };
        diffs.push(format!(
            "mask {ours:x}{rule}: {} sparse heaps{below} (last {}); table mask {}: {} (last {})",
            shown(count),
            shown(last),
            table[0],
            shown(theirs.0),
            shown(theirs.1)
        ));
        if !same_rule && diffs.len() == 1 {
            *why =
                "another sparse-space rule: the counts depend on the mask (and on heap parity where it is used)".into();
        }
        false
    }
}

/// An optional number in words: the number, or "none".
/// "pre-period/period ours, table theirs" when they differ.
fn period_difference(r: &GameRecord, pre: Option<u64>, per: Option<u64>) -> Option<String> {
    ((r.preperiod, r.period) != (pre, per)).then(|| {
        format!("pre-period/period {}/{}, table {}/{}", shown(r.preperiod), shown(r.period), shown(pre), shown(per))
    })
}

fn shown(v: Option<u64>) -> String {
    v.map_or("none".to_string(), |v| v.to_string())
}

fn number(s: &str) -> Option<u64> {
    s.parse().ok()
}

/// `2^21` -> 2097152.
fn power(s: &str) -> Option<u64> {
    let (b, e) = s.split_once('^')?;
    number(b)?.checked_pow(e.parse().ok()?)
}

/// Whether the census is compared with the tables: the `tczajka` families, and lists of
/// codes that all belong to the `tczajka` family.
pub fn applies(family: &Family) -> bool {
    family.name.starts_with("tczajka")
        || (family.name.starts_with("list")
            && Family::parse("tczajka").is_ok_and(|all| family.codes.iter().all(|c| all.codes.contains(c))))
}

/// The cap of a run past the census budget that looks for a solved game's proof: 2^25
/// values (the longest proof in the solved table, 0.354's, needs 20,126,196).
pub const DEEPER_BUDGET: u64 = 1 << 25;

/// One game run past the census budget, to `budget` values, for the comparison only (the
/// census's own results stay at its budget).
fn deepen(code: &str, budget: u64) -> Result<(GameRecord, Vec<u64>), SolveError> {
    solve_with_values(code, &CensusKey::new("tczajka-comparison", budget))
}

/// The unsolved table's row for Grundy's game, which is not an octal code.
const GRUNDYS_GAME: &str = "Grundys_game";

/// Grundy's game against its unsolved-table row `game N largest-at largest mask count last`:
/// FastSweep to N (a few seconds), then [`grundy_row_differences`].
fn compare_grundys_game(cols: &[&str]) -> Vec<String> {
    let Some(n) = power(cols[1]) else { return vec![format!("table N {:?} unreadable", cols[1])] };
    match grundy_sweep(n) {
        Ok(stats) => grundy_row_differences(cols, &stats),
        Err(e) => vec![format!("sweep to {n} failed: {e}")],
    }
}

/// Grundy's game to `n` heaps by the core's sweep, with its statistics.
fn grundy_sweep(n: u64) -> Result<SweepStats, AskError> {
    let mut ctl = Control::unlimited();
    let mut sweep = Session::new().sweep(&SweepRequest::new(Game::new(GrundysGame), n), &mut ctl)?;
    sweep.run_to(n, &mut ctl)?;
    let SweepStatus::Grundy { stats, .. } = sweep.status() else { unreachable!("Grundy's game is swept as such") };
    Ok(stats.clone())
}

/// The differences between a sweep of Grundy's game and the table's row: its largest value
/// and first heap, and its sparse heaps (count and last), whose rule (`grundy::class`) must
/// agree with the table's mask on every value up to the largest.
fn grundy_row_differences(cols: &[&str], stats: &SweepStats) -> Vec<String> {
    let n = stats.heaps;
    let mut diffs = Vec::new();
    let largest = stats.records.last().map(|r| (r.heap, u64::from(r.value)));
    if largest != number(cols[2]).zip(number(cols[3])) {
        diffs.push(format!("largest {largest:?} below {n}, table {} at {}", cols[3], cols[2]));
    }
    let max = largest.map_or(0, |l| l.1);
    match u64::from_str_radix(cols[4], 16) {
        Ok(mask)
            if (0..=max)
                .all(|v| (v & u64::from(GRUNDY_SPARSE_MASK)).count_ones() % 2 == (v & mask).count_ones() % 2) => {}
        _ => diffs.push(format!("the table's mask {} is not our sparse rule on values 0..={max}", cols[4])),
    }
    let ours = (Some(stats.sparse_heaps.len() as u64), stats.sparse_heaps.last().map(|h| h.heap));
    if ours != (number(cols[5]), number(cols[6])) {
        diffs.push(format!(
            "{} sparse heaps below {n} (last {}), table {} (last {})",
            shown(ours.0),
            shown(ours.1),
            cols[5],
            cols[6]
        ));
    }
    diffs
}

/// Compares a census of codes of the `tczajka` family with the tables. A table's rows are
/// compared when their games are in the census (and Grundy's game, which is not octal, is
/// listed when the census is of the whole table); the GameLookup equivalences need the
/// whole family. Tables with no row in the census are left out.
pub fn compare_tczajka(table: &Table) -> Vec<Section> {
    let by_code: HashMap<&str, &GameRecord> = table.records.iter().map(|r| (r.code.as_str(), r)).collect();
    let find = |code: &str| canonical(code).ok().and_then(|c| by_code.get(c.as_str()).copied());
    let family = table.key.family.as_str();
    let whole = |of: &str| family == "tczajka" || family == of;
    let in_scope = |code: &str, of: &str| canonical(code).map_or(whole(of), |c| by_code.contains_key(c.as_str()));
    let budget = table.key.budget;
    let mut out = Vec::new();

    let mut s = Section { name: "trivial games", ..Section::default() };
    for cols in rows(TRIVIAL).filter(|cols| in_scope(cols[0], "tczajka-trivial")) {
        s.rows += 1;
        let (code, pre, per, nimbers) = (cols[0], number(cols[1]), number(cols[2]), cols[3]);
        let Some(r) = find(code) else {
            s.differences.push((code.into(), "no result".into(), "not in the census".into()));
            continue;
        };
        let text: String = nimbers.chars().filter(|c| *c != '(' && *c != ')').collect();
        let mut diffs = Vec::new();
        if !r.tczajka_trivial() {
            diffs.push(match r.status {
                Status::Periodic => format!("periodic, but proved from {} values, not fewer than 1,000", r.computed),
                Status::Unsolved => "unsolved".into(),
            });
        }
        diffs.extend(period_difference(r, pre, per));
        if r.periodic_values.as_deref() != Some(text.as_str()) {
            diffs.push("values differ".into());
        }
        s.record(&r.code, diffs, "unexplained".into());
    }
    out.push(s);

    let mut s = Section { name: "solved games", ..Section::default() };
    for cols in rows(SOLVED).filter(|cols| in_scope(cols[0], "tczajka-solved")) {
        s.rows += 1;
        let code = cols[0];
        let Some(r) = find(code) else {
            s.differences.push((code.into(), "no result".into(), "not in the census".into()));
            continue;
        };
        let (pre, per, largest_at, largest) = (number(cols[1]), number(cols[2]), number(cols[3]), number(cols[4]));
        let deeper;
        let ours = if r.preperiod.is_none() && budget < DEEPER_BUDGET {
            match deepen(&r.code, DEEPER_BUDGET) {
                Ok(d) => {
                    deeper = d;
                    s.deeper.push((deeper.0.code.clone(), deeper.0.computed));
                    Ours { record: &deeper.0, values: Some(&deeper.1) }
                }
                Err(e) => {
                    s.differences.push((
                        r.code.clone(),
                        format!("the run past the budget failed: {e}"),
                        "unexplained".into(),
                    ));
                    continue;
                }
            }
        } else {
            Ours { record: r, values: None }
        };
        let r = ours.record;
        if r.preperiod.is_none() {
            s.differences.push((
                r.code.clone(),
                format!("no period proved up to {}", r.key.budget),
                "unexplained".into(),
            ));
            continue;
        }
        let mut diffs = Vec::new();
        diffs.extend(period_difference(r, pre, per));
        if (Some(r.largest_at), Some(r.largest)) != (largest_at, largest) {
            diffs.push(format!(
                "largest {} at {}, table {} at {}",
                r.largest,
                r.largest_at,
                shown(largest),
                shown(largest_at)
            ));
        }
        let mut why = "unexplained".to_string();
        if ours.compare_sparse((r.sparse_heaps, r.last_sparse), r.computed, &cols[5..8], "", &mut diffs, &mut why) {
            s.recounted.push(r.code.clone());
        }
        s.record(&r.code, diffs, why);
    }
    out.push(s);

    let mut s = Section { name: "unsolved games", ..Section::default() };
    for cols in rows(UNSOLVED).filter(|cols| in_scope(cols[0], "tczajka-unsolved")) {
        s.rows += 1;
        let code = cols[0];
        if code == GRUNDYS_GAME {
            s.record(code, compare_grundys_game(&cols), "unexplained".into());
            continue;
        }
        let Some(r) = find(code) else {
            s.differences.push((code.into(), "no result".into(), "not in the census".into()));
            continue;
        };
        if r.status != Status::Unsolved {
            s.differences.push((
                r.code.clone(),
                format!("proved periodic: pre-period {}, period {}", shown(r.preperiod), shown(r.period)),
                "the table lists it as unsolved; the periodicity theorem proves this period from the values computed here".into(),
            ));
            continue;
        }
        let mut diffs = Vec::new();
        let mut why = "unexplained".to_string();
        if let Some(n) = power(cols[1]) {
            // The table's statistics at N: a run to N when the budget stops short of it.
            let deeper = if n > budget {
                match deepen(&r.code, n) {
                    Ok(d) => {
                        s.deeper.push((d.0.code.clone(), n));
                        Some(d)
                    }
                    Err(e) => {
                        diffs.push(format!("the run to {n} failed: {e}"));
                        None
                    }
                }
            } else {
                None
            };
            let ours = match &deeper {
                Some((record, values)) => Ours { record, values: Some(values) },
                None => Ours { record: r, values: None },
            };
            let r = ours.record;
            match r.milestones.iter().find(|m| m.heaps == n) {
                // The run to N proved a period before reaching N: a finding, as above.
                None if r.status != Status::Unsolved => diffs.push(format!(
                    "proved periodic below the table's N = {n}: pre-period {}, period {}",
                    shown(r.preperiod),
                    shown(r.period)
                )),
                None => diffs.push(format!("statistics at {n} not computed")),
                Some(m) => {
                    let (largest_at, largest) = (number(cols[2]), number(cols[3]));
                    if (Some(m.largest_at), Some(m.largest)) != (largest_at, largest) {
                        diffs.push(format!(
                            "largest {} at {} below {n}, table {} at {}",
                            m.largest,
                            m.largest_at,
                            shown(largest),
                            shown(largest_at)
                        ));
                    }
                    let sparse = (Some(m.sparse_heaps), m.last_sparse);
                    let below = format!(" below {n}");
                    if ours.compare_sparse(sparse, n, &cols[4..7], &below, &mut diffs, &mut why) {
                        s.recounted.push(r.code.clone());
                    }
                }
            }
        }
        s.record(&r.code, diffs, why);
    }
    out.push(s);

    out.retain(|s| s.rows > 0);
    if family != "tczajka" {
        return out;
    }
    // GameLookup's equivalence: equal values, or equal after shifting heaps by one, any
    // number of times: the classes of groups joined by the shift relation.
    let mut s = Section { name: "GameLookup equivalences", ..Section::default() };
    let mut parent: Vec<usize> = (0..table.groups.len()).collect();
    fn root(parent: &mut [usize], mut x: usize) -> usize {
        while parent[x] != x {
            parent[x] = parent[parent[x]];
            x = parent[x];
        }
        x
    }
    for (code, rep) in &table.shift_of {
        let (a, b) = (table.group_of[code], table.group_of[rep]);
        let (ra, rb) = (root(&mut parent, a), root(&mut parent, b));
        parent[ra] = rb;
    }
    for cols in rows(LOOKUP) {
        s.rows += 1;
        let (Ok(game), other) = (canonical(cols[0]), cols[1]) else {
            s.differences.push((cols[0].into(), "not an octal code".into(), "unexplained".into()));
            continue;
        };
        if other == "=" {
            s.matched += 1;
            continue;
        }
        let Ok(other) = canonical(other) else {
            s.differences.push((game, format!("equivalent {other:?} is not an octal code"), "unexplained".into()));
            continue;
        };
        let (Some(&a), Some(&b)) = (table.group_of.get(&game), table.group_of.get(&other)) else {
            s.differences.push((game, "no result".into(), "not in the census".into()));
            continue;
        };
        if root(&mut parent, a) == root(&mut parent, b) {
            s.matched += 1;
        } else {
            s.differences.push((
                game.clone(),
                format!(
                    "table: equivalent to {other}; census: group {}, {other} in group {}, not joined by shifts",
                    table.groups[a].representative, table.groups[b].representative
                ),
                "unexplained".into(),
            ));
        }
    }
    out.push(s);
    out
}

/// The comparison as markdown.
pub fn markdown(sections: &[Section], table: &Table) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "# The tczajka tables against the census\n");
    let _ = writeln!(
        out,
        "Generated by `grundy census --family {} --budget {}`. Do not edit. The tables are the \
         tczajka/octal-games project's, copied with their provenance in `fixtures/raw/stored/`.\n",
        table.key.family, table.key.budget
    );
    let _ = writeln!(out, "| table | rows | match | differ |");
    let _ = writeln!(out, "|---|---:|---:|---:|");
    for s in sections {
        let _ = writeln!(out, "| {} | {} | {} | {} |", s.name, s.rows, s.matched, s.differences.len());
    }
    for s in sections.iter().filter(|s| !s.deeper.is_empty()) {
        let runs: Vec<String> = s.deeper.iter().map(|(code, n)| format!("{code} ({n} values)")).collect();
        let _ = writeln!(
            out,
            "\n{}: computed past the budget for this comparison (the table needs more values): {}.",
            s.name,
            runs.join(", ")
        );
    }
    for s in sections.iter().filter(|s| !s.recounted.is_empty()) {
        let _ = writeln!(
            out,
            "\n{}: sparse heaps counted again under the table's mask, where our sweep chose another, and equal: {}.",
            s.name,
            s.recounted.join(", ")
        );
    }
    for s in sections.iter().filter(|s| !s.differences.is_empty()) {
        let _ = writeln!(out, "\n## {}: differences\n", s.name);
        let _ = writeln!(out, "| game | difference | why |");
        let _ = writeln!(out, "|---|---|---|");
        for (code, what, why) in &s.differences {
            let _ = writeln!(out, "| {code} | {what} | {why} |");
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The table's row for Grundy's game is reproduced by FastSweep to its N = 2^21, and a
    /// changed column is reported.
    #[test]
    fn grundys_game_row() {
        let row: Vec<&str> = rows(UNSOLVED).find(|cols| cols[0] == GRUNDYS_GAME).expect("the row is in the table");
        assert_eq!(power(row[1]), Some(1 << 21));
        let stats = grundy_sweep(1 << 21).unwrap();
        let stats = &stats;
        assert_eq!(grundy_row_differences(&row, stats), Vec::<String>::new());
        let mut changed = row.clone();
        changed[5] = "1275";
        assert_eq!(
            grundy_row_differences(&changed, stats),
            ["1274 sparse heaps below 2097152 (last 82860), table 1275 (last 82860)"]
        );
        changed[4] = "ff";
        assert_eq!(grundy_row_differences(&changed, stats).len(), 2, "a mask that is not our rule");
    }
}
