//! The checkpoint format: a sweep's whole state (values and statistics) as bytes.
//!
//! Layout, little-endian:
//! ```text
//! "GRUNDYCP"  magic, 8 bytes
//! u32         format version
//! u32         CRC-32 of the payload
//! u64         payload length
//! payload:    algorithm name (u32 length + UTF-8), bits per stored value (u8, 16: `Value`),
//!             kind (u8): 0 = every value, 1 = window mode, then
//!               kind 0: heaps (u64), G(0..heaps) as u16;
//!               kind 1: window size W (u64), the count (u64) and values of G(0..W)
//!                       (none until the window first moves), base (u64), the count (u64)
//!                       and values of G(base..heaps), the latest ones;
//!             then the statistics (which hold the sparse heaps, so they are not repeated)
//! ```
//! Decoding checks the magic, version, length, checksum and that the statistics agree
//! with the values, so a truncated or corrupted file is refused rather than resumed. In
//! window mode the values no longer held cannot be recounted; there the check is that the
//! statistics agree with every value held and add up to the number of heaps.
//!
//! Version 3 added the kind byte, for the window mode of `FastSweep`; version 2 dropped
//! the longest scan's `stopped_at`, which always equalled its length. Versions 1 and 2 are
//! still read (as kind 0; version 1's extra field is checked and skipped), so old runs
//! resume; a program older than version 3 refuses a version-3 file by its version.

pub use crate::engine::envelope::CheckpointError;
use crate::engine::envelope::{header, open, Cursor, HEADER};
use crate::engine::grundy::class::ValueSet;
use crate::engine::grundy::stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
use crate::Value;

const MAGIC: &[u8; 8] = b"GRUNDYCP";
const VERSION: u32 = 3;
/// The oldest version still read: version 1 also stored the longest scan's stopping split.
const OLDEST_VERSION: u32 = 1;
/// The first version with a kind byte (before it, every checkpoint held every value).
const KIND_VERSION: u32 = 3;
const VALUE_BITS: u8 = 16;
const KIND_FULL: u8 = 0;
const KIND_WINDOW: u8 = 1;

/// A decoded checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The algorithm that wrote it (`SparseSweep::ALGORITHM`).
    pub algorithm: String,
    /// G(base..heaps): every value, or in window mode the latest ones.
    pub values: Vec<Value>,
    /// Window mode's own state; `None` when `values` holds every value.
    pub window: Option<Window>,
    /// The statistics of every heap, held or not.
    pub stats: SweepStats,
}

/// What a sweep in window mode holds besides its latest values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Window {
    /// The window size W: the sweep keeps G(0..W) and the latest W to 1.5 W values.
    pub size: u64,
    /// G(0..W), kept once the window has moved past them; empty before (then `base` is 0
    /// and the latest values are all of them).
    pub first: Vec<Value>,
    /// The heap of the first of the latest values.
    pub base: u64,
}

/// The state of a sweep in window mode, borrowed for encoding: [`Window`] and the latest
/// values, without a copy.
#[derive(Clone, Copy, Debug)]
pub struct WindowView<'a> {
    /// The window size W.
    pub size: u64,
    /// G(0..W) once the window has moved, else empty.
    pub first: &'a [Value],
    /// The heap of `latest[0]`.
    pub base: u64,
    /// G(base..heaps).
    pub latest: &'a [Value],
}

/// The values being encoded.
#[derive(Clone, Copy)]
enum Held<'a> {
    Full(&'a [Value]),
    Window(WindowView<'a>),
}

impl Held<'_> {
    fn heaps(&self) -> u64 {
        match self {
            Held::Full(values) => values.len() as u64,
            Held::Window(w) => w.base + w.latest.len() as u64,
        }
    }
}

/// Encodes a sweep's state (every value).
pub fn encode(algorithm: &str, values: &[Value], stats: &SweepStats) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + values.len() * 2 + 64 * 1024);
    encode_with(algorithm, values, stats, |bytes| out.extend_from_slice(bytes));
    out
}

/// Encodes a sweep's state piece by piece into `sink`, without holding a second copy of
/// the values (a 2^26-heap sweep has 128 MiB of them): the payload is generated twice,
/// once for its checksum and length, once for the sink.
pub fn encode_with(algorithm: &str, values: &[Value], stats: &SweepStats, sink: impl FnMut(&[u8])) {
    encode_held(algorithm, Held::Full(values), stats, sink)
}

/// Like [`encode_with`], for a sweep in window mode (kind 1), also without a copy.
pub fn encode_window_with(algorithm: &str, window: WindowView, stats: &SweepStats, sink: impl FnMut(&[u8])) {
    assert!(
        window.first.is_empty() || window.first.len() as u64 == window.size,
        "window mode keeps no first values or exactly the window's"
    );
    encode_held(algorithm, Held::Window(window), stats, sink)
}

fn encode_held(algorithm: &str, held: Held, stats: &SweepStats, mut sink: impl FnMut(&[u8])) {
    assert_eq!(held.heaps(), stats.heaps, "statistics must describe exactly the values");
    let mut hasher = crc32fast::Hasher::new();
    let mut len = 0u64;
    payload(algorithm, held, stats, |piece| {
        hasher.update(piece);
        len += piece.len() as u64;
    });
    sink(&header(MAGIC, VERSION, hasher.finalize(), len));
    payload(algorithm, held, stats, sink);
}

/// The payload, in pieces of at most a few hundred KiB.
fn payload(algorithm: &str, held: Held, stats: &SweepStats, mut sink: impl FnMut(&[u8])) {
    let mut p = Vec::new();
    put_str(&mut p, algorithm);
    p.push(VALUE_BITS);
    match held {
        Held::Full(values) => {
            p.push(KIND_FULL);
            put_u64(&mut p, values.len() as u64);
            sink(&p);
            values_bytes(values, &mut sink);
        }
        Held::Window(w) => {
            p.push(KIND_WINDOW);
            put_u64(&mut p, w.size);
            put_u64(&mut p, w.first.len() as u64);
            sink(&p);
            values_bytes(w.first, &mut sink);
            p.clear();
            put_u64(&mut p, w.base);
            put_u64(&mut p, w.latest.len() as u64);
            sink(&p);
            values_bytes(w.latest, &mut sink);
        }
    }
    sink(&stats_bytes(stats));
}

/// Values as u16 little-endian, 64 Ki values (128 KiB) a piece.
fn values_bytes(values: &[Value], sink: &mut impl FnMut(&[u8])) {
    let mut chunk = Vec::with_capacity(1 << 17);
    for part in values.chunks(1 << 16) {
        chunk.clear();
        for &v in part {
            chunk.extend_from_slice(&v.to_le_bytes());
        }
        sink(&chunk);
    }
}

fn stats_bytes(stats: &SweepStats) -> Vec<u8> {
    let mut p = Vec::new();
    put_u64(&mut p, stats.heaps);
    put_u64(&mut p, stats.sparse_heaps.len() as u64);
    for h in &stats.sparse_heaps {
        put_heap_value(&mut p, h);
    }
    put_u64(&mut p, stats.records.len() as u64);
    for h in &stats.records {
        put_heap_value(&mut p, h);
    }
    put_u64(&mut p, stats.values.len() as u64);
    for s in &stats.values {
        p.extend_from_slice(&s.value.to_le_bytes());
        put_u64(&mut p, s.count);
        put_u64(&mut p, s.first);
        put_u64(&mut p, s.last);
    }
    let scan = &stats.scan;
    put_u64(&mut p, scan.total);
    put_u64(&mut p, scan.count);
    match scan.longest {
        None => p.push(0),
        Some(l) => {
            p.push(1);
            put_u64(&mut p, l.heap);
            put_u64(&mut p, l.length);
        }
    }
    p.extend_from_slice(&scan.interval_log2.to_le_bytes());
    put_u64(&mut p, scan.intervals.len() as u64);
    for i in &scan.intervals {
        put_u64(&mut p, i.index);
        put_u64(&mut p, i.total);
        put_u64(&mut p, i.count);
    }
    p
}

impl Checkpoint {
    /// Decodes and validates checkpoint bytes.
    pub fn decode(bytes: &[u8]) -> Result<Checkpoint, CheckpointError> {
        let (version, payload) = open(bytes, MAGIC, OLDEST_VERSION..=VERSION)?;
        let cp = Reader { cur: Cursor::new(payload), version }.checkpoint()?;
        cp.validate()?;
        Ok(cp)
    }

    /// Decodes checkpoint bytes and checks they were written by `algorithm`.
    pub fn decode_for(bytes: &[u8], algorithm: &str) -> Result<Checkpoint, CheckpointError> {
        let cp = Checkpoint::decode(bytes)?;
        if cp.algorithm != algorithm {
            return Err(CheckpointError::WrongAlgorithm { found: cp.algorithm, expected: algorithm.to_string() });
        }
        Ok(cp)
    }

    /// Decodes checkpoint bytes and checks they were written by `algorithm` keeping the
    /// window `window` (`None`: every value).
    pub fn decode_for_window(
        bytes: &[u8],
        algorithm: &str,
        window: Option<u64>,
    ) -> Result<Checkpoint, CheckpointError> {
        let cp = Checkpoint::decode_for(bytes, algorithm)?;
        let found = cp.window.as_ref().map(|w| w.size);
        if found != window {
            return Err(CheckpointError::WrongWindow { found, expected: window });
        }
        Ok(cp)
    }

    /// The number of heaps done.
    pub fn heaps(&self) -> u64 {
        self.stats.heaps
    }

    /// G(h), when the checkpoint holds it.
    fn held(&self, h: u64) -> Option<Value> {
        let (first, base): (&[Value], u64) = match &self.window {
            Some(w) => (&w.first, w.base),
            None => (&[], 0),
        };
        if h < first.len() as u64 {
            return Some(first[h as usize]);
        }
        h.checked_sub(base).and_then(|i| self.values.get(usize::try_from(i).ok()?)).copied()
    }

    /// Every held heap once, with its value, in increasing order.
    fn held_heaps(&self) -> impl Iterator<Item = (u64, Value)> + '_ {
        let (first, base): (&[Value], u64) = match &self.window {
            Some(w) => (&w.first, w.base),
            None => (&[], 0),
        };
        // Where the first values and the latest overlap, the first values are taken.
        let skip = (first.len() as u64).saturating_sub(base) as usize;
        let latest = self.values.iter().enumerate().skip(skip).map(move |(i, &v)| (base + i as u64, v));
        first.iter().enumerate().map(|(i, &v)| (i as u64, v)).chain(latest)
    }

    /// The statistics must be the ones of the values: recomputing the cheap ones from the
    /// values catches a checkpoint pieced together from two runs. In window mode only the
    /// values held can be recounted.
    fn validate(&self) -> Result<(), CheckpointError> {
        let bad = |m: String| Err(CheckpointError::Inconsistent(m));
        let heaps = self.stats.heaps;
        let base = self.window.as_ref().map_or(0, |w| w.base);
        if base.checked_add(self.values.len() as u64) != Some(heaps) {
            return bad(format!(
                "{} latest values from heap {base} but statistics for {heaps} heaps",
                self.values.len()
            ));
        }
        if let Some(w) = &self.window {
            let (size, first, latest) = (u128::from(w.size), w.first.len() as u128, self.values.len() as u128);
            if size == 0 {
                return bad("a window of 0 heaps".to_string());
            }
            if base == 0 && first != 0 {
                return bad("first values stored before the window moved".to_string());
            }
            if base > 0 && first != size {
                return bad(format!("{first} first values stored for a window of {size} heaps"));
            }
            if base > 0 && latest < size {
                return bad(format!("{latest} latest values held, fewer than the window of {size}"));
            }
            if latest >= size + size / 2 {
                return bad(format!("{latest} latest values held, at least 1.5 times the window of {size}"));
            }
            let overlap = (first as u64).saturating_sub(base) as usize;
            if self.values.get(..overlap) != w.first.get(first as usize - overlap..) {
                return bad("the first and the latest values disagree where they overlap".to_string());
            }
        }
        const CAPACITY: usize = ValueSet::CAPACITY;
        if let Some((h, v)) = self.held_heaps().find(|&(_, v)| v as usize >= CAPACITY) {
            return bad(format!("G({h}) = {v} is beyond the value-set capacity {CAPACITY}"));
        }
        if self.stats.values.len() != CAPACITY {
            return bad(format!("{} value rows, expected {CAPACITY}", self.stats.values.len()));
        }
        let mut counts = vec![0u64; CAPACITY];
        let mut held = 0u64;
        for (_, v) in self.held_heaps() {
            counts[v as usize] += 1;
            held += 1;
        }
        let all_held = held == heaps;
        let mut total = 0u64;
        for (v, s) in self.stats.values.iter().enumerate() {
            let fits = if all_held { s.count == counts[v] } else { s.count >= counts[v] };
            if s.value as usize != v || !fits {
                return bad(format!("count of value {v} is {} but the values hold {}", s.count, counts[v]));
            }
            total = total.saturating_add(s.count);
        }
        if total != heaps {
            return bad(format!("the value counts add up to {total}, not to the {heaps} heaps"));
        }
        let sparse = &self.stats.sparse_heaps;
        if sparse.windows(2).any(|w| w[0].heap >= w[1].heap) || sparse.last().is_some_and(|h| h.heap >= heaps) {
            return bad("the sparse heaps are not increasing heaps below the end".to_string());
        }
        let held_sparse = self.held_heaps().filter(|&(_, v)| !crate::engine::grundy::class::is_common(v)).count();
        let listed_held = sparse.iter().filter(|h| self.held(h.heap).is_some()).count();
        if held_sparse != listed_held {
            return bad(format!("{listed_held} sparse heaps listed among the values held, which hold {held_sparse}"));
        }
        for h in sparse.iter().chain(&self.stats.records) {
            if self.held(h.heap).is_some_and(|v| v != h.value) || h.heap >= heaps {
                return bad(format!("heap {} is listed with value {} but the values disagree", h.heap, h.value));
            }
        }
        if self.stats.scan.count.checked_add(sparse.len() as u64) != Some(heaps) {
            return bad("scan count plus sparse heaps is not the number of heaps".to_string());
        }
        // First and last heap of every value: exact where every value is held, else they
        // must bracket every held heap of that value and have that value where held.
        let mut seen: Vec<Option<(u64, u64)>> = vec![None; CAPACITY];
        for (h, v) in self.held_heaps() {
            let e = seen[v as usize].get_or_insert((h, h));
            e.1 = h;
        }
        for (v, s) in self.stats.values.iter().enumerate() {
            let fits = match (s.count, seen[v]) {
                (0, _) => s.first == 0 && s.last == 0,
                (_, Some((first, last))) if all_held => s.first == first && s.last == last,
                (_, held) => {
                    s.first <= s.last
                        && s.last < heaps
                        && (s.count > 1 || s.first == s.last)
                        && held.is_none_or(|(first, last)| s.first <= first && last <= s.last)
                        && [s.first, s.last].iter().all(|&h| self.held(h).is_none_or(|g| g as usize == v))
                }
            };
            if !fits {
                return bad(format!(
                    "value {v} is listed first at heap {} and last at {}, not where the values have it",
                    s.first, s.last
                ));
            }
        }
        let scan = &self.stats.scan;
        let intervals = &scan.intervals;
        let sums = intervals
            .iter()
            .try_fold((0u64, 0u64), |(t, c), i| Some((t.checked_add(i.total)?, c.checked_add(i.count)?)));
        if sums != Some((scan.total, scan.count)) {
            return bad("the scan intervals do not add up to the scan totals".to_string());
        }
        let intervals_end = heaps.div_ceil(1u64.checked_shl(scan.interval_log2).unwrap_or(u64::MAX));
        if intervals.windows(2).any(|w| w[0].index >= w[1].index)
            || intervals.last().is_some_and(|i| i.index >= intervals_end)
        {
            return bad("the scan intervals are not increasing intervals below the end".to_string());
        }
        if scan.longest.is_some_and(|l| {
            l.heap >= heaps
                || l.length > l.heap / 2
                || self.held(l.heap).is_some_and(|v| !crate::engine::grundy::class::is_common(v))
        }) {
            return bad("the longest scan is not a scan of a heap done".to_string());
        }
        Ok(())
    }
}

fn put_u64(p: &mut Vec<u8>, x: u64) {
    p.extend_from_slice(&x.to_le_bytes());
}

fn put_str(p: &mut Vec<u8>, s: &str) {
    p.extend_from_slice(&(s.len() as u32).to_le_bytes());
    p.extend_from_slice(s.as_bytes());
}

fn put_heap_value(p: &mut Vec<u8>, h: &HeapValue) {
    put_u64(p, h.heap);
    p.extend_from_slice(&h.value.to_le_bytes());
}

mod reader;
#[cfg(test)]
mod tests;

use reader::Reader;
