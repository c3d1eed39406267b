//! The summary of a sweep: everything the sweep recorded, plus the few facts about the
//! values that the checks need (the first values, the heaps with value 0, the b-file hash
//! of G(0..=10000)). Deterministic: no dates, hosts or timings (those go in the metadata).
//!
//! The JSON carries its format version, [`FORMAT_VERSION`]; version 2 dropped the longest
//! scan's `stopped_at` (always equal to its length). Older summaries are refused with a
//! reason rather than read with a field silently missing.

use grundy_core::bfile::to_bfile;
use grundy_core::{SweepStats, Value};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How many first values the summary keeps.
pub const FIRST_VALUES: usize = 101;
/// The summary keeps the sha256 of the b-file text of G(0..=BFILE_LAST).
pub const BFILE_LAST: u64 = 10_000;
/// The version of the summary's JSON format; raise it when a field changes meaning or goes.
pub const FORMAT_VERSION: u32 = 2;

/// Why summary text was refused.
#[derive(Debug, Error)]
pub enum SummaryError {
    /// Not JSON, or not a summary's fields.
    #[error("not a sweep summary: {0}")]
    Json(#[from] serde_json::Error),
    /// Written in another version of the format (version 1 had no `format_version` field).
    #[error("summary format version {found} is not supported (expected {FORMAT_VERSION}); regenerate it with `cargo xtask compute`")]
    UnsupportedVersion {
        /// The version in the text.
        found: u64,
    },
}

/// Everything a sweep recorded, in a form that compares byte for byte between runs.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// [`FORMAT_VERSION`].
    pub format_version: u32,
    /// The command that wrote it.
    pub generated_by: String,
    /// The algorithm name and version (a checkpoint and a summary are only compared with
    /// ones of the same algorithm).
    pub algorithm: String,
    /// G(0..heaps) were computed.
    pub heaps: u64,
    /// G(0), G(1), ...
    pub first_values: Vec<Value>,
    /// sha256 of the b-file text "n G(n)\n" for n = 0..=10000 (when heaps > 10000).
    pub bfile_0_10000_sha256: Option<String>,
    /// Every heap with value 0.
    pub zero_heaps: Vec<u64>,
    /// [n, G(n)] of every sparse heap.
    pub sparse_heaps: Vec<(u64, Value)>,
    /// [n, G(n)] where the maximum so far grows.
    pub records: Vec<(u64, Value)>,
    /// [value, count, first heap, last heap] for every value that occurs.
    pub values: Vec<(Value, u64, u64, u64)>,
    /// Stage-2 scan statistics.
    pub scan: ScanSummary,
}

/// The stage-2 scan statistics of [`grundy_core::ScanStats`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct ScanSummary {
    /// Splits examined over every heap with a common value.
    pub total: u64,
    /// Heaps with a common value.
    pub count: u64,
    /// `total / count`.
    pub average: f64,
    /// The longest scan.
    pub longest: Option<Longest>,
    /// Intervals are `1 << interval_log2` heaps long.
    pub interval_log2: u32,
    /// [index, total, count]: the interval covers heaps [index << log2, (index + 1) << log2).
    pub intervals: Vec<(u64, u64, u64)>,
}

/// The longest scan: at `heap`, `length` splits, so it stopped at the split
/// (length, heap - length).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Longest {
    /// The heap.
    pub heap: u64,
    /// Splits examined.
    pub length: u64,
}

impl Summary {
    /// The summary of a sweep whose first values are `prefix` (at least G(0..=10000) when the
    /// sweep went that far; zero heaps are looked for in `prefix` and must all lie there).
    pub fn new(generated_by: &str, algorithm: &str, prefix: &[Value], stats: &SweepStats) -> Summary {
        let heaps = stats.heaps;
        let bfile = (heaps > BFILE_LAST && prefix.len() as u64 > BFILE_LAST).then(|| {
            let text = to_bfile(0, &prefix[..=BFILE_LAST as usize]);
            grundy_sources::sha256_hex(text.as_bytes())
        });
        let zeros = stats.values[0];
        let zero_heaps: Vec<u64> = (0..prefix.len() as u64).filter(|&n| prefix[n as usize] == 0).collect();
        assert!(
            zeros.count == 0 || zero_heaps.len() as u64 == zeros.count,
            "every heap with value 0 must lie in the prefix given to the summary"
        );
        let s = &stats.scan;
        Summary {
            format_version: FORMAT_VERSION,
            generated_by: generated_by.to_string(),
            algorithm: algorithm.to_string(),
            heaps,
            first_values: prefix.iter().take(FIRST_VALUES).copied().collect(),
            bfile_0_10000_sha256: bfile,
            zero_heaps,
            sparse_heaps: stats.sparse_heaps.iter().map(|h| (h.heap, h.value)).collect(),
            records: stats.records.iter().map(|h| (h.heap, h.value)).collect(),
            values: stats.occurring_values().map(|v| (v.value, v.count, v.first, v.last)).collect(),
            scan: ScanSummary {
                total: s.total,
                count: s.count,
                average: s.average(),
                longest: s.longest.map(|l| Longest { heap: l.heap, length: l.length }),
                interval_log2: s.interval_log2,
                intervals: s.intervals.iter().map(|i| (i.index, i.total, i.count)).collect(),
            },
        }
    }

    /// The JSON text, as committed in `runs/sweep/<N>/summary.json`.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("a summary serializes") + "\n"
    }

    /// Reads the JSON text of [`Summary::to_json`], refusing other format versions.
    pub fn from_json(text: &str) -> Result<Summary, SummaryError> {
        let json: serde_json::Value = serde_json::from_str(text)?;
        let found = json.get("format_version").map_or(Some(1), serde_json::Value::as_u64).unwrap_or(0);
        if found != u64::from(FORMAT_VERSION) {
            return Err(SummaryError::UnsupportedVersion { found });
        }
        Ok(serde_json::from_value(json)?)
    }

    /// The part of this summary that concerns heaps below `limit`, as far as it can be
    /// derived: sparse heaps, records, zeros and first occurrences exactly; scan totals from
    /// the whole intervals below `limit`; the longest scan only if it lies below `limit`.
    /// Per-value counts and last heaps cannot be restricted and are left as they are: use
    /// only `first` of `values`.
    pub fn restricted(&self, limit: u64) -> Summary {
        if limit >= self.heaps {
            return self.clone();
        }
        let log2 = self.scan.interval_log2;
        let intervals: Vec<(u64, u64, u64)> =
            self.scan.intervals.iter().copied().filter(|i| (i.0 + 1) << log2 <= limit).collect();
        let total = intervals.iter().map(|i| i.1).sum::<u64>();
        let count = intervals.iter().map(|i| i.2).sum::<u64>();
        Summary {
            format_version: self.format_version,
            generated_by: format!("{} (restricted to heaps below {limit})", self.generated_by),
            algorithm: self.algorithm.clone(),
            heaps: limit,
            first_values: self.first_values.iter().take(limit as usize).copied().collect(),
            bfile_0_10000_sha256: self.bfile_0_10000_sha256.clone().filter(|_| limit > BFILE_LAST),
            zero_heaps: self.zero_heaps.iter().copied().filter(|&n| n < limit).collect(),
            sparse_heaps: self.sparse_heaps.iter().copied().filter(|h| h.0 < limit).collect(),
            records: self.records.iter().copied().filter(|h| h.0 < limit).collect(),
            values: self.values.iter().copied().filter(|v| v.2 < limit).collect(),
            scan: ScanSummary {
                total,
                count,
                average: total as f64 / count.max(1) as f64,
                longest: self.scan.longest.filter(|l| l.heap < limit),
                interval_log2: log2,
                intervals,
            },
        }
    }

    /// The first heap with value `v`.
    pub fn first_heap_of(&self, v: Value) -> Option<u64> {
        self.values.iter().find(|r| r.0 == v).map(|r| r.2)
    }

    /// Where this summary and `other` disagree on heaps below `limit` (both must reach it):
    /// values, sparse heaps, records, first occurrences, zeros, and the scan totals of the
    /// intervals that lie wholly below `limit`.
    pub fn disagreements_below(&self, other: &Summary, limit: u64) -> Vec<String> {
        let mut out = Vec::new();
        if self.heaps < limit || other.heaps < limit {
            out.push(format!("both summaries must reach {limit} (they reach {} and {})", self.heaps, other.heaps));
            return out;
        }
        let mut same = |what: &str, a: String, b: String| {
            if a != b {
                out.push(format!("{what}: {a} vs {b}"));
            }
        };
        let below = |v: &[(u64, Value)]| -> Vec<(u64, Value)> { v.iter().copied().filter(|h| h.0 < limit).collect() };
        same("algorithm", self.algorithm.clone(), other.algorithm.clone());
        let k = self.first_values.len().min(other.first_values.len()).min(limit as usize);
        same("first values", format!("{:?}", &self.first_values[..k]), format!("{:?}", &other.first_values[..k]));
        same("b-file sha256", format!("{:?}", self.bfile_0_10000_sha256), format!("{:?}", other.bfile_0_10000_sha256));
        same("sparse heaps", format!("{:?}", below(&self.sparse_heaps)), format!("{:?}", below(&other.sparse_heaps)));
        same("records", format!("{:?}", below(&self.records)), format!("{:?}", below(&other.records)));
        let zeros = |z: &[u64]| z.iter().copied().filter(|&n| n < limit).collect::<Vec<_>>();
        same("zero heaps", format!("{:?}", zeros(&self.zero_heaps)), format!("{:?}", zeros(&other.zero_heaps)));
        let firsts = |s: &Summary| -> Vec<(Value, u64)> {
            s.values.iter().filter(|r| r.2 < limit).map(|r| (r.0, r.2)).collect()
        };
        same("first occurrences", format!("{:?}", firsts(self)), format!("{:?}", firsts(other)));
        if self.scan.interval_log2 == other.scan.interval_log2 {
            let full = |s: &Summary| -> Vec<(u64, u64, u64)> {
                s.scan.intervals.iter().copied().filter(|i| (i.0 + 1) << s.scan.interval_log2 <= limit).collect()
            };
            same("scan intervals", format!("{:?}", full(self)), format!("{:?}", full(other)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::FastSweep;

    fn summary(heaps: u64) -> Summary {
        let mut s = FastSweep::with_options(12, grundy_core::GrundyKernel::detect());
        s.run_to(heaps).unwrap();
        Summary::new("test", FastSweep::ALGORITHM, s.values(), s.stats())
    }

    #[test]
    fn json_round_trip_and_agreement() {
        let small = summary(20_000);
        let big = summary(40_000);
        assert_eq!(Summary::from_json(&small.to_json()).unwrap(), small);
        assert_eq!(small.disagreements_below(&big, 20_000), Vec::<String>::new());
        let mut bad = big.clone();
        bad.sparse_heaps[40].1 ^= 1;
        assert_eq!(small.disagreements_below(&bad, 20_000).len(), 1);
        assert!(!small.disagreements_below(&big, 30_000).is_empty(), "the small one does not reach 30,000");
        assert_eq!(small.zero_heaps.len(), 42);
        assert_eq!(small.first_heap_of(0), Some(0));
    }

    #[test]
    fn other_format_versions_are_refused() {
        let json = summary(100).to_json();
        let v1 = json.replace("  \"format_version\": 2,\n", "");
        assert_ne!(v1, json);
        let err = Summary::from_json(&v1).unwrap_err();
        assert!(matches!(err, SummaryError::UnsupportedVersion { found: 1 }), "{err}");
        let v3 = json.replace("\"format_version\": 2", "\"format_version\": 3");
        assert!(matches!(Summary::from_json(&v3), Err(SummaryError::UnsupportedVersion { found: 3 })));
        assert!(matches!(Summary::from_json("{"), Err(SummaryError::Json(_))));
    }
}
