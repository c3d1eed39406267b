//! Every claim of the write-up and every reference, checked against a sweep summary.
//!
//! Each check says what it compared, how much of the reference is available here, and its
//! outcome. Only [`Verdict::Mismatch`] is a failure: a claim beyond the summary's range is
//! [`Verdict::OutOfRange`], a reference that is not in the fixtures is
//! [`Verdict::Unavailable`], and `stated` and `perf` claims are listed, not verified.

use grundy_core::engine::grundy::class::is_common;
use grundy_core::game::{Game, GrundysGame};
use grundy_core::position::exhaustive::{positions_up_to, Search};
use grundy_core::position::model::{analyze, Convention, Rule};
use grundy_core::position::Outcome as GameOutcome;
use grundy_core::Value;
use grundy_sources::flammenkamp::FlammenkampPage;
use serde::Serialize;
use thiserror::Error;

use crate::claims::{Claim, ClaimError, ClaimKind, Claims};
use crate::summary::Summary;

/// Why the references could not be loaded.
#[derive(Debug, Error)]
pub enum ReferenceError {
    /// A file named by the manifest (or the manifest itself) could not be read.
    #[error("reading fixtures/{path}: {source}")]
    Read {
        /// The path inside `fixtures/`.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// `manifest.toml` does not parse.
    #[error("fixtures/manifest.toml: {0}")]
    Manifest(#[from] toml::de::Error),
    /// A line of a parsed CSV file is not `n,a(n)`.
    #[error("fixtures/{path}: line {line}: expected `n,a(n)`, found {text:?}")]
    Csv {
        /// The path inside `fixtures/`.
        path: String,
        /// The line number, from 1.
        line: usize,
        /// The line.
        text: String,
    },
    /// Flammenkamp's parsed page does not parse.
    #[error("fixtures/{path}: {source}")]
    Json {
        /// The path inside `fixtures/`.
        path: String,
        /// Why.
        source: serde_json::Error,
    },
}

/// Why the claims could not be checked at all.
#[derive(Debug, Error, Clone, PartialEq)]
pub enum VerifyError {
    /// No check is defined for this id: a typo in the claims file, or a new claim whose
    /// check has not been written. Passing it over would let a typo pass.
    #[error("claim {id:?} ({kind:?}): no check is defined for this id; known ids: {}", KNOWN_IDS.join(", "))]
    UnknownClaim {
        /// The id in the claims file.
        id: String,
        /// Its kind.
        kind: ClaimKind,
    },
}

/// The ids of the `reproduce` and `compare` claims that [`verify`] knows how to check.
/// (`stated` and `perf` claims are listed, never checked, so any id will do for them.)
pub const KNOWN_IDS: &[&str] = &[
    "first-values",
    "zeros",
    "a002188",
    "sparse-list",
    "sparse-by-range",
    "records",
    "frequency-sparse-rows",
    "first-occurrences",
    "longest-scan",
    "average-scan",
    "small-positions",
];

/// The reference data, as loaded from `fixtures/` (absent parts are `None`).
#[derive(Clone, Debug, Default)]
pub struct References {
    /// OEIS A036685 terms (heaps with G = 0).
    pub a036685: Option<Vec<u64>>,
    /// OEIS A180120 (k, heap), as far as available.
    pub a180120: Vec<(u64, u64)>,
    /// OEIS A180121 (k, value) as far as available.
    pub a180121: Vec<(u64, u64)>,
    /// sha256 of the A002188 b-file in the fixtures.
    pub a002188_sha256: Option<String>,
    /// The official sha256 of the A002188 b-file.
    pub a002188_official_sha256: Option<String>,
    /// Flammenkamp's page as parsed.
    pub flammenkamp: Option<FlammenkampPage>,
    /// What the manifest says is present, per source id.
    pub completeness: Vec<(String, String)>,
}

impl References {
    /// Loads the references from the fixtures through `read`, which returns the text of a
    /// file given its path inside `fixtures/` (so that this stays free of I/O).
    pub fn load(read: impl Fn(&str) -> std::io::Result<String>) -> Result<References, ReferenceError> {
        let read = |path: &str| read(path).map_err(|source| ReferenceError::Read { path: path.to_string(), source });
        let manifest = grundy_sources::manifest::Manifest::from_toml(&read("manifest.toml")?)?;
        let csv = |id: &str| -> Result<Option<Vec<(u64, u64)>>, ReferenceError> {
            let Some(entry) = manifest.source(id) else { return Ok(None) };
            let text = read(&entry.parsed)?;
            let rows = text
                .lines()
                .enumerate()
                .skip(1)
                .map(|(i, l)| {
                    let bad = || ReferenceError::Csv { path: entry.parsed.clone(), line: i + 1, text: l.to_string() };
                    let (n, a) = l.split_once(',').ok_or_else(bad)?;
                    Ok((n.parse().map_err(|_| bad())?, a.parse().map_err(|_| bad())?))
                })
                .collect::<Result<Vec<(u64, u64)>, ReferenceError>>()?;
            Ok(Some(rows))
        };
        let flammenkamp = match manifest.source("flammenkamp-grundy") {
            Some(e) => Some(
                serde_json::from_str::<FlammenkampPage>(&read(&e.parsed)?)
                    .map_err(|source| ReferenceError::Json { path: e.parsed.clone(), source })?,
            ),
            None => None,
        };
        let a002188 = manifest.source("A002188");
        let a002188_sha256 = match a002188 {
            Some(e) => Some(grundy_sources::sha256_hex(read(&e.raw)?.as_bytes())),
            None => None,
        };
        Ok(References {
            a036685: csv("A036685")?.map(|rows| rows.into_iter().map(|r| r.1).collect()),
            a180120: csv("A180120")?.unwrap_or_default(),
            a180121: csv("A180121")?.unwrap_or_default(),
            a002188_sha256,
            a002188_official_sha256: a002188.and_then(|e| e.official_sha256.clone()),
            flammenkamp,
            completeness: manifest
                .sources
                .iter()
                .map(|e| (e.id.clone(), format!("{}: {}", e.completeness, e.part)))
                .collect(),
        })
    }

    fn part(&self, id: &str) -> String {
        self.completeness.iter().find(|(i, _)| i == id).map_or_else(|| "not in the fixtures".into(), |(_, p)| p.clone())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
/// How a check came out.
pub enum Verdict {
    /// Ours equals the claim.
    Match,
    /// Ours differs: a failure.
    Mismatch,
    /// The claim needs heaps beyond the summary.
    OutOfRange,
    /// The reference needed is not in the fixtures.
    Unavailable,
    /// A `stated` claim: listed, not checked.
    Stated,
    /// A `perf` claim: the write-up's timing.
    Perf,
}

impl Verdict {
    /// The outcome in words, as `verify` prints it.
    pub fn word(self) -> &'static str {
        match self {
            Verdict::Match => "match",
            Verdict::Mismatch => "MISMATCH",
            Verdict::OutOfRange => "beyond this range",
            Verdict::Unavailable => "reference not available offline",
            Verdict::Stated => "stated (not verified)",
            Verdict::Perf => "timing (see runs/bench)",
        }
    }
}

/// One row of the verification table.
#[derive(Clone, Debug, Serialize)]
pub struct Check {
    /// The claim's id.
    pub id: String,
    /// What the claim is.
    pub label: String,
    /// The reference compared with.
    pub reference: String,
    /// How much of the reference is available here.
    pub available: String,
    /// The outcome.
    pub outcome: Verdict,
    /// What was compared, with our numbers.
    pub detail: String,
}

/// Collects sub-comparisons: a mismatch anywhere is a mismatch; a part beyond the range
/// makes the whole beyond the range unless something mismatched.
struct Tally {
    notes: Vec<String>,
    mismatch: bool,
    beyond: bool,
}

impl Tally {
    fn new() -> Tally {
        Tally { notes: Vec::new(), mismatch: false, beyond: false }
    }

    /// Compares `ours` with `expected` when `reachable`.
    fn eq<T: PartialEq + Shown>(&mut self, what: &str, reachable: bool, ours: T, expected: T) {
        if !reachable {
            self.beyond = true;
            self.notes.push(format!("{what}: beyond this range"));
        } else if ours == expected {
            self.notes.push(format!("{what} {}", ours.shown()));
        } else {
            self.mismatch = true;
            self.notes.push(format!("{what}: ours {}, expected {}", ours.shown(), expected.shown()));
        }
    }

    fn outcome(&self) -> Verdict {
        if self.mismatch {
            Verdict::Mismatch
        } else if self.beyond {
            Verdict::OutOfRange
        } else {
            Verdict::Match
        }
    }

    fn detail(&self) -> String {
        self.notes.join("; ")
    }

    /// The row for claim `c`, with what was compared.
    fn check(&self, c: &Claim, reference: impl Into<String>, available: impl Into<String>) -> Check {
        Check {
            id: c.id.clone(),
            label: c.label.clone(),
            reference: reference.into(),
            available: available.into(),
            outcome: self.outcome(),
            detail: self.detail(),
        }
    }
}

/// Checks every claim in `claims` against `summary` and `refs`. A summary of a longer
/// sweep is first restricted to the claims' range (the heaps below `claims.range`), since
/// the claims are figures for that range. A `reproduce` or `compare` claim whose id has no
/// check ([`KNOWN_IDS`]) is an error, so a typo in the claims file cannot pass.
pub fn verify(summary: &Summary, claims: &Claims, refs: &References) -> Result<Vec<Check>, VerifyError> {
    if let Some(c) = claims
        .claims
        .iter()
        .find(|c| matches!(c.kind, ClaimKind::Reproduce | ClaimKind::Compare) && !KNOWN_IDS.contains(&c.id.as_str()))
    {
        return Err(VerifyError::UnknownClaim { id: c.id.clone(), kind: c.kind });
    }
    let own = summary.restricted(claims.range);
    Ok(claims
        .claims
        .iter()
        .map(|c| {
            if c.kind == ClaimKind::Stated {
                check(summary, c, refs, claims.range)
            } else {
                check(&own, c, refs, claims.range)
            }
        })
        .collect())
}

/// The checks a sweep past the claims' range makes possible, on `longer` as a whole: the
/// write-up's first record after its range (claim `records-beyond`, only stated there) and
/// every record against the OEIS terms the offline copies hold.
pub fn check_longer(longer: &Summary, claims: &Claims, refs: &References) -> Result<Vec<Check>, ClaimError> {
    let range = claims.range;
    let Some(c) = claims.get("records-beyond") else { return Ok(Vec::new()) };
    let row = |t: &Tally, id: &str, label: String, reference: &str, available: String| Check {
        id: id.to_string(),
        label,
        reference: reference.to_string(),
        available,
        outcome: t.outcome(),
        detail: t.detail(),
    };
    let mut t = Tally::new();
    let next = (c.int("next_n")?, c.int("next_value")?);
    let ours = longer.records.iter().find(|r| r.0 >= range).map(|&(n, v)| (n, v as u64));
    t.eq("first record past the range", longer.heaps > next.0, ours, Some(next));
    let first = row(&t, "records-beyond", c.label.clone(), "the write-up", "-".into());
    let mut t = Tally::new();
    compare_oeis_records(&mut t, longer, refs);
    let all = row(
        &t,
        "records-longer",
        format!("every record below {}", power_of_two(longer.heaps)),
        "OEIS A180120 (positions) and A180121 (values)",
        format!("A180120: {}; A180121: {}", refs.part("A180120"), refs.part("A180121")),
    );
    Ok(vec![first, all])
}

fn check(s: &Summary, c: &Claim, refs: &References, range: u64) -> Check {
    let row = |reference: &str, available: String, outcome: Verdict, detail: String| Check {
        id: c.id.clone(),
        label: c.label.clone(),
        reference: reference.to_string(),
        available,
        outcome,
        detail,
    };
    let result = (|| -> Result<Check, ClaimError> {
        Ok(match (c.kind, c.id.as_str()) {
            (ClaimKind::Perf, _) => row("the write-up", "-".into(), Verdict::Perf, perf_detail(c)),
            (ClaimKind::Stated, id) => row("the write-up", "-".into(), Verdict::Stated, stated_detail(s, c, id)?),
            (_, "first-values") => {
                let want = c.ints("values")?;
                let mut t = Tally::new();
                let ours: Vec<u64> = s.first_values.iter().take(want.len()).map(|&v| v as u64).collect();
                t.eq("G(0..20)", s.heaps as usize >= want.len(), ours, want);
                row("our sweep", "-".into(), t.outcome(), t.detail())
            }
            (_, "zeros") => check_zeros(s, c, refs, range)?,
            (_, "a002188") => {
                let mut t = Tally::new();
                let available =
                    format!("n = 0..10000 of the write-up's 0..{} ({})", c.int("terms")? - 1, refs.part("A002188"));
                match (&refs.a002188_sha256, &refs.a002188_official_sha256) {
                    (Some(file), Some(official)) => {
                        t.eq("fixture b-file sha256 equals the official one", true, file, official);
                        t.eq(
                            "our b-file sha256",
                            s.bfile_0_10000_sha256.is_some(),
                            s.bfile_0_10000_sha256.as_ref(),
                            Some(official),
                        );
                        row("OEIS A002188", available, t.outcome(), t.detail())
                    }
                    _ => row(
                        "OEIS A002188",
                        available,
                        Verdict::Unavailable,
                        "the b-file or its official hash is missing".into(),
                    ),
                }
            }
            (_, "sparse-list") => check_sparse_list(s, c, refs, range)?,
            (_, "sparse-by-range") => check_sparse_by_range(s, c, range)?,
            (_, "records") => check_records(s, c, refs, range)?,
            (_, "frequency-sparse-rows") => check_frequencies(s, c, refs)?,
            (_, "first-occurrences") => {
                let mut t = Tally::new();
                for v in [256u16, 257, 262, 263] {
                    let want = c.int(&format!("value_{v}"))?;
                    t.eq(&format!("first heap with value {v}"), s.heaps > want, s.first_heap_of(v), Some(want));
                }
                row("our sweep", "-".into(), t.outcome(), t.detail())
            }
            (_, "longest-scan") => {
                let (n, stop) = (c.int("n")?, c.int("stopped_at")?);
                let mut t = Tally::new();
                // A longer sweep's summary may not say which scan was longest below 2^26.
                let reach = s.heaps >= range && s.scan.longest.is_some();
                // A scan of `length` splits stopped at the split (length, heap - length).
                let ours = s.scan.longest.map(|l| (l.heap, l.length));
                t.eq("longest scan (heap, split where it stopped)", reach, ours, Some((n, stop)));
                row("our sweep", "-".into(), t.outcome(), t.detail())
            }
            (_, "average-scan") => check_average_scan(s, c, range)?,
            (_, "small-positions") => {
                let want = c.int("positions")?;
                let (positions, agree) = small_positions();
                let mut t = Tally::new();
                t.eq("positions solved without Grundy values", true, positions, want as usize);
                t.eq("positions where the XOR rule and every winning move agree", true, agree, positions);
                row("exhaustive search", "-".into(), t.outcome(), t.detail())
            }
            (_, id) => unreachable!("verify refuses claim {id:?}, which has no check, before checking"),
        })
    })();
    result.unwrap_or_else(|e| row("?", "-".into(), Verdict::Mismatch, format!("the claim could not be read: {e}")))
}

fn stated_detail(s: &Summary, c: &Claim, id: &str) -> Result<String, ClaimError> {
    Ok(match id {
        "records-beyond" => {
            let next = c.int("next_n")?;
            let ours = if s.heaps > next {
                format!("our sweep reaches it: {}", s.records.iter().find(|r| r.0 == next).copied().shown())
            } else {
                format!("our sweep ends at {}", s.heaps)
            };
            format!(
                "next record G({next}) = {}; largest known G({}) = {}; {ours}",
                c.int("next_value")?,
                c.int("largest_known_n")?,
                c.int("largest_known_value")?
            )
        }
        "flammenkamp-scan-statistics" => format!(
            "page: about {}, to 2^38 average {} and maximum {}; ours to {}: average {:.2}, maximum {}",
            c.int("average_text")?,
            c.number("average_2p38")?,
            c.int("maximum_2p38")?,
            s.heaps,
            s.scan.average,
            s.scan.longest.map_or(0, |l| l.length)
        ),
        "flammenkamp-history-count" => {
            let below = s.sparse_heaps.iter().filter(|h| h.0 < 100_000).count();
            let above = s.sparse_heaps.len() - below;
            format!(
                "history: {} known before, {} new; list: {}; ours: {below} below 100,000 and {above} above",
                c.int("history_known")?,
                c.int("history_new")?,
                c.int("list_below_100000")?
            )
        }
        _ => c.label.clone(),
    })
}

fn perf_detail(c: &Claim) -> String {
    c.number("seconds").map_or_else(|e| e.to_string(), |s| format!("{s} s in the write-up"))
}

/// One of our own timings, to stand beside a `perf` claim of the write-up.
#[derive(Clone, Debug, PartialEq)]
pub struct Timing {
    /// What ran, by the method names of `cargo xtask bench`: `naive` (the definition),
    /// `plain` (`SparseSweep`), `fast` (`FastSweep`).
    pub method: String,
    /// G(0..heaps) were computed.
    pub heaps: u64,
    /// Wall-clock seconds (a median when several runs were made).
    pub seconds: f64,
    /// Where the number comes from: a benchmark record, or a measurement made just now.
    pub source: String,
}

/// Our measurement that answers each `perf` claim: (claim id, method, heaps). The
/// write-up's sparse-space timing at 400,000 is answered by both sweeps.
pub const PERF_COUNTERPARTS: &[(&str, &str, u64)] = &[
    ("naive-time", "naive", 400_000),
    ("sparse-time-400k", "plain", 400_000),
    ("sparse-time-400k", "fast", 400_000),
    ("sparse-time-2p26", "fast", 1 << 26),
    ("demo-plot", "fast", 30_001),
];

/// Puts our timings beside the write-up's in the detail of every `perf` row ("65.5 s in
/// the write-up; ours: naive 35.61 s (...), 1.8 times faster"). Kept apart from [`verify`]
/// so that the report, built from the same checks, stays free of timings (they change
/// from machine to machine); `cargo xtask verify` prints them.
pub fn add_timings(checks: &mut [Check], claims: &Claims, timings: &[Timing]) {
    for check in checks.iter_mut().filter(|c| c.outcome == Verdict::Perf) {
        let theirs = claims.get(&check.id).and_then(|c| c.number("seconds").ok());
        let ours: Vec<String> = PERF_COUNTERPARTS
            .iter()
            .filter(|p| p.0 == check.id)
            .map(|&(_, method, heaps)| match timings.iter().find(|t| t.method == method && t.heaps == heaps) {
                None => format!("{method} at {heaps} heaps not measured"),
                Some(t) => {
                    let ratio = theirs.filter(|_| t.seconds > 0.0).map_or(String::new(), |s| {
                        let r = s / t.seconds;
                        if r >= 1.0 {
                            format!(", {} times faster", significant(r))
                        } else {
                            format!(", {} times slower", significant(1.0 / r))
                        }
                    });
                    format!("{method} {} s ({}){ratio}", significant(t.seconds), t.source)
                }
            })
            .collect();
        if ours.is_empty() {
            check.detail.push_str("; ours: no counterpart defined");
        } else {
            check.detail = format!("{}; ours: {}", check.detail, ours.join("; "));
        }
    }
}

/// A positive number with three significant digits at least, as people write timings:
/// 1017, 53.3, 4.84, 0.349, 0.00312.
fn significant(x: f64) -> String {
    let digits = if x >= 100.0 { 0 } else { (2 - x.log10().floor() as i32).max(0) as usize };
    format!("{x:.digits$}")
}

/// Solves every position of Grundy's game with at most 24 stones by brute force and counts
/// those where the nim-sum rule gives the same outcome and the same winning moves.
pub fn small_positions() -> (usize, usize) {
    let g = grundy_core::engine::grundy::naive::grundy_values(24);
    let mut solver = Search::new(&GrundysGame, false);
    let positions = positions_up_to(24);
    let agree = positions
        .iter()
        .filter(|heaps| {
            let Ok(a) =
                analyze(&Game::new(GrundysGame), heaps, Rule::Normal, Convention::Heaps, |n| u64::from(g[n as usize]))
            else {
                return false;
            };
            let wins = solver.player_to_move_wins(heaps);
            (a.outcome == GameOutcome::PlayerToMoveWins) == wins
                && a.moves.iter().all(|m| m.winning != solver.player_to_move_wins(&a.position_after(m)))
        })
        .count();
    (positions.len(), agree)
}

/// How a compared value is written in verify's notes: numbers, text and lists as a reader
/// writes them, "none" for a value our sweep does not have (no Rust debug syntax).
trait Shown {
    fn shown(&self) -> String;
}

macro_rules! shown_by_display {
    ($($t:ty),*) => { $( impl Shown for $t { fn shown(&self) -> String { self.to_string() } } )* };
}
shown_by_display!(u16, u32, u64, usize, i64, String, str);

impl Shown for f64 {
    fn shown(&self) -> String {
        self.to_string()
    }
}

impl<T: Shown + ?Sized> Shown for &T {
    fn shown(&self) -> String {
        (**self).shown()
    }
}

impl<T: Shown> Shown for Option<T> {
    fn shown(&self) -> String {
        self.as_ref().map_or_else(|| "none".to_string(), Shown::shown)
    }
}

impl<A: Shown, B: Shown> Shown for (A, B) {
    fn shown(&self) -> String {
        format!("({}, {})", self.0.shown(), self.1.shown())
    }
}

impl<T: Shown> Shown for Vec<T> {
    fn shown(&self) -> String {
        format!("[{}]", self.iter().map(Shown::shown).collect::<Vec<_>>().join(", "))
    }
}

mod checks;
#[cfg(test)]
mod tests;

pub use checks::running_averages;
use checks::*;
