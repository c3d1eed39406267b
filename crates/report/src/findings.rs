//! The findings: what the report tells, as data (`runs/report/findings.json`, read by the
//! play page's findings panel) and as the input of the markdown text.

use grundy_core::Value;
use serde::{Deserialize, Serialize};

use crate::claims::{ClaimError, Claims};
use crate::summary::{Longest, Summary};
use crate::verify::{check_longer, running_averages, Check, References};

/// The longer sweeps (window mode) the report adds when they are committed, as
/// `runs/sweep/<2^k>/`: k for each, shortest first.
pub const LONGER_RUNS_LOG2: [u32; 2] = [30, 32];

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// What the report tells about a sweep: the figures, the checks and what a longer sweep adds.
pub struct Findings {
    /// The command that wrote the summary.
    pub generated_by: String,
    /// G(0..heaps) were computed.
    pub heaps: u64,
    /// How many sparse heaps.
    pub sparse_count: u64,
    /// Sparse heaps n <= limit, for limits 10^3, 10^4, 10^5 and the whole range.
    pub sparse_by_range: Vec<RangeCount>,
    /// The last sparse heap below 100,000.
    pub last_sparse_below_100000: Option<u64>,
    /// The sparse heaps above 100,000: the late cluster.
    pub late_sparse: Vec<(u64, Value)>,
    /// [n, G(n)] where the maximum so far grows.
    pub records: Vec<(u64, Value)>,
    /// Values 256 and up: [value, count, first, last].
    pub values_from_256: Vec<(Value, u64, u64, u64)>,
    /// Every heap with value 0.
    pub zero_heaps: Vec<u64>,
    /// The stage-2 scan statistics.
    pub scan: ScanFindings,
    /// One line per claim checked.
    pub checks: Vec<CheckLine>,
    /// What each longer sweep adds past the one before it, shortest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub beyond: Vec<Beyond>,
    /// Periods of octal games proved from the command line, against the published ones.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub periods: Vec<crate::periods::PeriodFinding>,
}

/// What a longer sweep found past the main one's range.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Beyond {
    /// The longer sweep computed G(0..heaps).
    pub heaps: u64,
    /// The range it extends: heaps from `from` on.
    pub from: u64,
    /// Records past `from`.
    pub new_records: Vec<(u64, Value)>,
    /// Sparse heaps past `from`.
    pub new_sparse_heaps: Vec<(u64, Value)>,
    /// Values that first occur past `from`: [value, count, first, last].
    pub new_values: Vec<(Value, u64, u64, u64)>,
    /// The average scan over the longer sweep.
    pub scan_average: f64,
    /// The longest scan of the longer sweep.
    pub longest: Option<Longest>,
    /// Whether the longer sweep agrees with the shorter one below `from`.
    pub agrees_below: bool,
    /// Sparse heaps in the whole longer sweep.
    #[serde(default)]
    pub sparse_count: u64,
    /// The average stage-2 scan within each doubling past `from`: [end of the doubling, average].
    #[serde(default)]
    pub scan_by_doubling: Vec<(u64, f64)>,
    /// Every value of the longer sweep: [value, count, first heap, last heap].
    #[serde(default)]
    pub values: Vec<(Value, u64, u64, u64)>,
    /// The checks the longer sweep makes possible ([`crate::verify::check_longer`]).
    #[serde(default)]
    pub checks: Vec<CheckLine>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// How many sparse heaps n <= upto.
pub struct RangeCount {
    /// The limit.
    pub upto: u64,
    /// Sparse heaps n <= upto.
    pub count: u64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// The stage-2 scan statistics as the report shows them.
pub struct ScanFindings {
    /// The average scan, rounded to two decimals.
    pub average: f64,
    /// The longest scan.
    pub longest: Option<Longest>,
    /// Intervals are `1 << interval_log2` heaps long.
    pub interval_log2: u32,
    /// Average within each whole interval.
    pub interval_averages: Vec<f64>,
    /// Average over all heaps so far, at the end of each whole interval.
    pub running_averages: Vec<f64>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
/// One checked claim, as the report shows it.
pub struct CheckLine {
    /// The claim's id.
    pub id: String,
    /// What the claim is.
    pub label: String,
    /// The reference compared with.
    pub reference: String,
    /// How much of the reference is available here.
    pub available: String,
    /// The outcome in words.
    pub outcome: String,
}

impl From<&Check> for CheckLine {
    fn from(c: &Check) -> CheckLine {
        CheckLine {
            id: c.id.clone(),
            label: c.label.clone(),
            reference: c.reference.clone(),
            available: c.available.clone(),
            outcome: c.outcome.word().to_string(),
        }
    }
}

/// Rounds to two decimals, so that the JSON stays short and stable.
fn r2(x: f64) -> f64 {
    (x * 100.0).round() / 100.0
}

impl Findings {
    /// The findings of `summary`, with the results of `checks`.
    pub fn new(summary: &Summary, checks: &[Check]) -> Findings {
        let s = summary;
        let upto = |limit: u64| s.sparse_heaps.iter().filter(|h| h.0 <= limit).count() as u64;
        let mut sparse_by_range: Vec<RangeCount> = [1000u64, 10_000, 100_000]
            .iter()
            .filter(|&&l| s.heaps > l)
            .map(|&l| RangeCount { upto: l, count: upto(l) })
            .collect();
        sparse_by_range.push(RangeCount { upto: s.heaps - 1, count: s.sparse_heaps.len() as u64 });
        let log2 = s.scan.interval_log2;
        Findings {
            generated_by: "cargo xtask report".into(),
            heaps: s.heaps,
            sparse_count: s.sparse_heaps.len() as u64,
            sparse_by_range,
            last_sparse_below_100000: s.sparse_heaps.iter().filter(|h| h.0 < 100_000).map(|h| h.0).next_back(),
            late_sparse: s.sparse_heaps.iter().copied().filter(|h| h.0 > 100_000).collect(),
            records: s.records.clone(),
            values_from_256: s.values.iter().copied().filter(|v| v.0 >= 256).collect(),
            zero_heaps: s.zero_heaps.clone(),
            scan: ScanFindings {
                average: r2(s.scan.average),
                longest: s.scan.longest,
                interval_log2: log2,
                interval_averages: s
                    .scan
                    .intervals
                    .iter()
                    .filter(|i| (i.0 + 1) << log2 <= s.heaps)
                    .map(|i| r2(i.1 as f64 / i.2 as f64))
                    .collect(),
                running_averages: running_averages(s).into_iter().map(r2).collect(),
            },
            checks: checks.iter().map(CheckLine::from).collect(),
            beyond: Vec::new(),
            periods: Vec::new(),
        }
    }

    /// Adds what each of the `longer` sweeps (shortest first) found past the one before it,
    /// the first past `main`, each with the checks it makes possible.
    pub fn with_longer(
        mut self,
        main: &Summary,
        longer: &[Summary],
        claims: &Claims,
        refs: &References,
    ) -> Result<Findings, ClaimError> {
        let mut shorter = main;
        for l in longer {
            self = self.with_beyond(shorter, l, &check_longer(l, claims, refs)?);
            shorter = l;
        }
        Ok(self)
    }

    /// Adds what `longer` found past `shorter` (the main sweep, or the longer sweep added
    /// before), with the checks that `longer` makes possible.
    pub fn with_beyond(mut self, shorter: &Summary, longer: &Summary, checks: &[Check]) -> Findings {
        let from = shorter.heaps;
        let log2 = longer.scan.interval_log2;
        let mut scan_by_doubling = Vec::new();
        let mut start = from;
        while start < longer.heaps {
            let end = (start * 2).min(longer.heaps);
            let inside = longer.scan.intervals.iter().filter(|i| i.0 << log2 >= start && (i.0 + 1) << log2 <= end);
            let (total, count) = inside.fold((0u64, 0u64), |(t, c), i| (t + i.1, c + i.2));
            if count > 0 {
                scan_by_doubling.push((end, r2(total as f64 / count as f64)));
            }
            start = end;
        }
        self.beyond.push(Beyond {
            heaps: longer.heaps,
            from,
            new_records: longer.records.iter().copied().filter(|r| r.0 >= from).collect(),
            new_sparse_heaps: longer.sparse_heaps.iter().copied().filter(|r| r.0 >= from).collect(),
            new_values: longer.values.iter().copied().filter(|v| v.2 >= from).collect(),
            scan_average: r2(longer.scan.average),
            longest: longer.scan.longest,
            agrees_below: longer.disagreements_below(shorter, from).is_empty(),
            sparse_count: longer.sparse_heaps.len() as u64,
            scan_by_doubling,
            values: longer.values.clone(),
            checks: checks.iter().map(CheckLine::from).collect(),
        });
        self
    }

    /// The JSON text of `runs/report/findings.json`.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("findings serialize") + "\n"
    }
}
