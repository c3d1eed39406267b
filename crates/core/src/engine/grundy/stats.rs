//! What a sweep records besides the values, shared by every sweep implementation so that
//! they agree by construction on how each statistic is defined.
//!
//! Definitions (all exact integers, so runs compare byte for byte):
//! - a *sparse heap* is a heap whose value is sparse ([`crate::engine::grundy::class`]); heap 0 counts;
//! - a *record* is a heap whose value exceeds every earlier value; heap 0 is the first;
//! - for every value: how many heaps have it, the first and the last such heap;
//! - the *scan length* of a heap with a common value is the number of splits
//!   a = 1, 2, ... that stage 2 examined before every sparse value below the common
//!   candidate had been seen, so the scan stopped at the split (length, n - length).
//!   Heaps with a sparse value ([`HeapResult::Sparse`]) scan every split and are not counted.

use serde::{Deserialize, Serialize};

use crate::engine::grundy::class::ValueSet;
use crate::Value;

/// What a sweep found for one heap. This enum is the one definition of a *sparse heap*: the
/// heaps whose stage-2 scan ran out of splits, so that their value is a sparse value below
/// the common candidate (by the class rules of [`crate::engine::grundy::class`], exactly the heaps
/// whose value is sparse).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum HeapResult {
    /// A common value, found after examining `scan_length` splits in stage 2.
    Common {
        /// G(n).
        value: Value,
        /// Splits a = 1, 2, ... examined before every sparse value below `value` was seen.
        scan_length: u64,
    },
    /// A sparse value: every split was examined (heaps 0, 1 and 2, which have no splits,
    /// are sparse with value 0).
    Sparse {
        /// G(n).
        value: Value,
    },
}

impl HeapResult {
    /// G(n).
    #[inline(always)]
    pub fn value(self) -> Value {
        match self {
            HeapResult::Common { value, .. } | HeapResult::Sparse { value } => value,
        }
    }
}

/// A heap and its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeapValue {
    /// The heap n.
    pub heap: u64,
    /// G(n).
    pub value: Value,
}

/// How often a value occurs, and where first and last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ValueStat {
    /// The value.
    pub value: Value,
    /// How many heaps have it.
    pub count: u64,
    /// The first heap with it (0 when `count == 0`).
    pub first: u64,
    /// The last heap with it so far.
    pub last: u64,
}

/// The longest stage-2 scan seen so far (the first heap to reach that length). The scan
/// stopped at the split (length, heap - length).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LongestScan {
    /// The heap.
    pub heap: u64,
    /// Splits examined.
    pub length: u64,
}

/// Scan totals within one checkpoint interval `[index << log2, (index + 1) << log2)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IntervalScan {
    /// The interval's index.
    pub index: u64,
    /// Splits examined in the interval.
    pub total: u64,
    /// Heaps with a common value in the interval.
    pub count: u64,
}

impl IntervalScan {
    /// The average scan length in the interval.
    pub fn average(&self) -> f64 {
        self.total as f64 / self.count.max(1) as f64
    }
}

/// Stage-2 scan statistics over heaps with a common value.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScanStats {
    /// Splits examined, over every heap with a common value.
    pub total: u64,
    /// Heaps with a common value.
    pub count: u64,
    /// The longest scan, once there is one.
    pub longest: Option<LongestScan>,
    /// Checkpoint intervals are `1 << interval_log2` heaps long.
    pub interval_log2: u32,
    /// The intervals that have a heap with a common value, in order.
    pub intervals: Vec<IntervalScan>,
}

impl ScanStats {
    /// The average scan length.
    pub fn average(&self) -> f64 {
        self.total as f64 / self.count.max(1) as f64
    }
}

/// Everything a sweep records about G(0..heaps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SweepStats {
    /// Number of heaps done: G(0..heaps) are known.
    pub heaps: u64,
    /// Every heap with a sparse value, in order.
    pub sparse_heaps: Vec<HeapValue>,
    /// Every heap whose value exceeds all earlier ones, in order.
    pub records: Vec<HeapValue>,
    /// Indexed by value; `count == 0` for values that have not occurred.
    pub values: Vec<ValueStat>,
    /// Stage-2 scan statistics.
    pub scan: ScanStats,
}

/// The default checkpoint interval, 2^21 heaps.
pub const DEFAULT_INTERVAL_LOG2: u32 = 21;

impl SweepStats {
    /// Statistics of an empty sweep whose scan averages are kept per `1 << interval_log2` heaps.
    pub fn new(interval_log2: u32) -> SweepStats {
        SweepStats {
            heaps: 0,
            sparse_heaps: Vec::new(),
            records: Vec::new(),
            values: (0..ValueSet::CAPACITY as Value)
                .map(|value| ValueStat { value, count: 0, first: 0, last: 0 })
                .collect(),
            scan: ScanStats { total: 0, count: 0, longest: None, interval_log2, intervals: Vec::new() },
        }
    }

    /// The largest value so far.
    pub fn max_value(&self) -> Option<Value> {
        self.records.last().map(|r| r.value)
    }

    /// Records heap `self.heaps` from what the sweep found for it. Heaps must come in order;
    /// the value must be below [`ValueSet::CAPACITY`].
    #[inline]
    pub fn push(&mut self, result: HeapResult) {
        let heap = self.heaps;
        let value = result.value();
        let stat = &mut self.values[value as usize];
        if stat.count == 0 {
            stat.first = heap;
        }
        stat.count += 1;
        stat.last = heap;
        if self.max_value().is_none_or(|m| value > m) {
            self.records.push(HeapValue { heap, value });
        }
        match result {
            HeapResult::Sparse { value } => self.sparse_heaps.push(HeapValue { heap, value }),
            HeapResult::Common { scan_length, .. } => self.push_scan(heap, scan_length),
        }
        self.heaps += 1;
    }

    fn push_scan(&mut self, heap: u64, length: u64) {
        let scan = &mut self.scan;
        scan.total += length;
        scan.count += 1;
        if scan.longest.is_none_or(|l| length > l.length) {
            scan.longest = Some(LongestScan { heap, length });
        }
        let index = heap >> scan.interval_log2;
        match scan.intervals.last_mut() {
            Some(last) if last.index == index => {
                last.total += length;
                last.count += 1;
            }
            _ => scan.intervals.push(IntervalScan { index, total: length, count: 1 }),
        }
    }

    /// The value statistics of the values that occurred.
    pub fn occurring_values(&self) -> impl Iterator<Item = &ValueStat> {
        self.values.iter().filter(|s| s.count > 0)
    }
}
