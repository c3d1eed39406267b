//! The checkpoint format: a sweep's whole state (values and statistics) as bytes.
//!
//! Layout, little-endian:
//! ```text
//! "GRUNDYCP"  magic, 8 bytes
//! u32         format version
//! u32         CRC-32 of the payload
//! u64         payload length
//! payload:    algorithm name (u32 length + UTF-8), bits per stored value (u8, 16: `Value`),
//!             heaps (u64), G(0..heaps) as u16, then the statistics
//! ```
//! Decoding checks the magic, version, length, checksum and that the statistics agree
//! with the values, so a truncated or corrupted file is refused rather than resumed.
//!
//! Version 2 dropped the longest scan's `stopped_at`, which always equalled its length;
//! version 1 checkpoints are still read (the field is skipped), so old runs resume.

use thiserror::Error;

use crate::grundy::class::ValueSet;
use crate::grundy::stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
use crate::Value;

const MAGIC: &[u8; 8] = b"GRUNDYCP";
const VERSION: u32 = 2;
/// The oldest version still read: version 1 also stored the longest scan's stopping split.
const OLDEST_VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 4 + 8;
const VALUE_BITS: u8 = 16;

/// Why checkpoint bytes were refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CheckpointError {
    /// The file does not start with `GRUNDYCP`.
    #[error("not a grundy checkpoint (bad magic bytes)")]
    BadMagic,
    /// The version field is neither this format's nor an older one still read.
    #[error("checkpoint format version {found} is not supported (versions {OLDEST_VERSION} to {VERSION} are read)")]
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
    },
    /// Fewer bytes than the header says.
    #[error("checkpoint is truncated: {needed} bytes needed, {found} present")]
    Truncated {
        /// Bytes the header asks for.
        needed: u64,
        /// Bytes present.
        found: u64,
    },
    /// The payload's CRC-32 is not the stored one.
    #[error("checkpoint checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is corrupt")]
    ChecksumMismatch {
        /// The checksum in the header.
        stored: u32,
        /// The checksum of the payload.
        computed: u32,
    },
    /// Written by another algorithm, whose state means something else.
    #[error("checkpoint was written by algorithm {found:?}, expected {expected:?}")]
    WrongAlgorithm {
        /// The name in the file.
        found: String,
        /// The name asked for.
        expected: String,
    },
    /// The payload does not parse, or its statistics disagree with its values.
    #[error("checkpoint is inconsistent: {0}")]
    Inconsistent(String),
}

/// A decoded checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    /// The algorithm that wrote it (`SparseSweep::ALGORITHM`).
    pub algorithm: String,
    /// G(0..heaps).
    pub values: Vec<Value>,
    /// The statistics of those values.
    pub stats: SweepStats,
}

/// Encodes a sweep's state.
pub fn encode(algorithm: &str, values: &[Value], stats: &SweepStats) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER + values.len() * 2 + 64 * 1024);
    encode_with(algorithm, values, stats, |bytes| out.extend_from_slice(bytes));
    out
}

/// Encodes a sweep's state piece by piece into `sink`, without holding a second copy of
/// the values (a 2^26-heap sweep has 128 MiB of them): the payload is generated twice,
/// once for its checksum and length, once for the sink.
pub fn encode_with(algorithm: &str, values: &[Value], stats: &SweepStats, mut sink: impl FnMut(&[u8])) {
    assert_eq!(values.len() as u64, stats.heaps, "statistics must describe exactly the values");
    let mut hasher = crc32fast::Hasher::new();
    let mut len = 0u64;
    payload(algorithm, values, stats, |piece| {
        hasher.update(piece);
        len += piece.len() as u64;
    });
    let mut header = Vec::with_capacity(HEADER);
    header.extend_from_slice(MAGIC);
    header.extend_from_slice(&VERSION.to_le_bytes());
    header.extend_from_slice(&hasher.finalize().to_le_bytes());
    put_u64(&mut header, len);
    sink(&header);
    payload(algorithm, values, stats, sink);
}

/// The payload, in pieces of at most a few hundred KiB.
fn payload(algorithm: &str, values: &[Value], stats: &SweepStats, mut sink: impl FnMut(&[u8])) {
    let mut p = Vec::new();
    put_str(&mut p, algorithm);
    p.push(VALUE_BITS);
    put_u64(&mut p, values.len() as u64);
    sink(&p);
    let mut chunk = Vec::with_capacity(1 << 17);
    for part in values.chunks(1 << 16) {
        chunk.clear();
        for &v in part {
            chunk.extend_from_slice(&v.to_le_bytes());
        }
        sink(&chunk);
    }
    sink(&stats_bytes(stats));
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
        if bytes.len() < 8 || &bytes[..8] != MAGIC {
            return Err(CheckpointError::BadMagic);
        }
        if bytes.len() < HEADER {
            return Err(CheckpointError::Truncated { needed: HEADER as u64, found: bytes.len() as u64 });
        }
        let version = u32::from_le_bytes(bytes[8..12].try_into().unwrap());
        if !(OLDEST_VERSION..=VERSION).contains(&version) {
            return Err(CheckpointError::UnsupportedVersion { found: version });
        }
        let stored = u32::from_le_bytes(bytes[12..16].try_into().unwrap());
        let len = u64::from_le_bytes(bytes[16..24].try_into().unwrap());
        let found = (bytes.len() - HEADER) as u64;
        if found != len {
            return Err(CheckpointError::Truncated { needed: len + HEADER as u64, found: bytes.len() as u64 });
        }
        let payload = &bytes[HEADER..];
        let computed = crc32fast::hash(payload);
        if computed != stored {
            return Err(CheckpointError::ChecksumMismatch { stored, computed });
        }
        let cp = Reader { bytes: payload, pos: 0, version }.checkpoint()?;
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

    /// The statistics must be the ones of the values: recomputing the cheap ones from the
    /// values catches a checkpoint pieced together from two runs.
    fn validate(&self) -> Result<(), CheckpointError> {
        let bad = |m: String| Err(CheckpointError::Inconsistent(m));
        if self.stats.heaps != self.values.len() as u64 {
            return bad(format!("{} values but statistics for {} heaps", self.values.len(), self.stats.heaps));
        }
        const CAPACITY: usize = ValueSet::CAPACITY;
        if let Some(v) = self.values.iter().find(|&&v| v as usize >= CAPACITY) {
            return bad(format!("value {v} is beyond the value-set capacity {CAPACITY}"));
        }
        if self.stats.values.len() != CAPACITY {
            return bad(format!("{} value rows, expected {CAPACITY}", self.stats.values.len()));
        }
        let mut counts = vec![0u64; CAPACITY];
        for &v in &self.values {
            counts[v as usize] += 1;
        }
        for (v, s) in self.stats.values.iter().enumerate() {
            if s.value as usize != v || s.count != counts[v] {
                return bad(format!("count of value {v} is {} but the values hold {}", s.count, counts[v]));
            }
        }
        let sparse = self.values.iter().filter(|&&v| crate::grundy::class::is_sparse(v)).count();
        if sparse != self.stats.sparse_heaps.len() {
            return bad(format!("{} sparse heaps listed, the values hold {sparse}", self.stats.sparse_heaps.len()));
        }
        for h in self.stats.sparse_heaps.iter().chain(&self.stats.records) {
            if self.values.get(h.heap as usize) != Some(&h.value) {
                return bad(format!("heap {} is listed with value {} but the values disagree", h.heap, h.value));
            }
        }
        if self.stats.scan.count + sparse as u64 != self.stats.heaps {
            return bad("scan count plus sparse heaps is not the number of heaps".to_string());
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

struct Reader<'a> {
    bytes: &'a [u8],
    pos: usize,
    /// The format version being read.
    version: u32,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Result<&[u8], CheckpointError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(CheckpointError::Inconsistent(format!(
                "payload ends at byte {} while {n} more bytes were expected",
                self.bytes.len()
            )));
        };
        let s = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(s)
    }

    fn u8(&mut self) -> Result<u8, CheckpointError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, CheckpointError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().unwrap()))
    }

    fn u32(&mut self) -> Result<u32, CheckpointError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }

    fn u64(&mut self) -> Result<u64, CheckpointError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }

    /// A length that must fit in the rest of the payload at `unit` bytes per item, so a
    /// corrupt length cannot ask for a huge allocation.
    fn len(&mut self, unit: usize) -> Result<usize, CheckpointError> {
        let n = self.u64()?;
        let rest = (self.bytes.len() - self.pos) as u64;
        if n.saturating_mul(unit as u64) > rest {
            return Err(CheckpointError::Inconsistent(format!("a list of {n} items does not fit the payload")));
        }
        Ok(n as usize)
    }

    fn heap_value(&mut self) -> Result<HeapValue, CheckpointError> {
        Ok(HeapValue { heap: self.u64()?, value: self.u16()? })
    }

    fn checkpoint(mut self) -> Result<Checkpoint, CheckpointError> {
        let name_len = self.u32()? as usize;
        let algorithm = String::from_utf8(self.take(name_len)?.to_vec())
            .map_err(|_| CheckpointError::Inconsistent("algorithm name is not UTF-8".into()))?;
        let bits = self.u8()?;
        if bits != VALUE_BITS {
            return Err(CheckpointError::Inconsistent(format!(
                "values stored in {bits} bits, expected {VALUE_BITS} (the Value storage type)"
            )));
        }
        let n = self.len(2)?;
        let raw = self.take(n * 2)?;
        let values = raw.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect();
        let heaps = self.u64()?;
        let n = self.len(10)?;
        let sparse_heaps = (0..n).map(|_| self.heap_value()).collect::<Result<_, _>>()?;
        let n = self.len(10)?;
        let records = (0..n).map(|_| self.heap_value()).collect::<Result<_, _>>()?;
        let n = self.len(26)?;
        let value_stats = (0..n)
            .map(|_| Ok(ValueStat { value: self.u16()?, count: self.u64()?, first: self.u64()?, last: self.u64()? }))
            .collect::<Result<_, CheckpointError>>()?;
        let total = self.u64()?;
        let count = self.u64()?;
        let longest = match self.u8()? {
            0 => None,
            1 => {
                let longest = LongestScan { heap: self.u64()?, length: self.u64()? };
                if self.version == 1 {
                    let stopped_at = self.u64()?;
                    if stopped_at != longest.length {
                        return Err(CheckpointError::Inconsistent(format!(
                            "the longest scan stopped at split {stopped_at} but examined {} splits",
                            longest.length
                        )));
                    }
                }
                Some(longest)
            }
            t => return Err(CheckpointError::Inconsistent(format!("bad tag {t} for the longest scan"))),
        };
        let interval_log2 = self.u32()?;
        let n = self.len(24)?;
        let intervals = (0..n)
            .map(|_| Ok(IntervalScan { index: self.u64()?, total: self.u64()?, count: self.u64()? }))
            .collect::<Result<_, CheckpointError>>()?;
        if self.pos != self.bytes.len() {
            return Err(CheckpointError::Inconsistent(format!("{} bytes left over", self.bytes.len() - self.pos)));
        }
        let stats = SweepStats {
            heaps,
            sparse_heaps,
            records,
            values: value_stats,
            scan: ScanStats { total, count, longest, interval_log2, intervals },
        };
        Ok(Checkpoint { algorithm, values, stats })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::SparseSweep;

    fn sample() -> Vec<u8> {
        let mut s = SparseSweep::with_interval_log2(8);
        s.run_to(1000).unwrap();
        s.checkpoint()
    }

    #[test]
    fn round_trip() {
        let mut s = SparseSweep::with_interval_log2(8);
        s.run_to(1000).unwrap();
        let back = SparseSweep::restore(&s.checkpoint()).unwrap();
        assert_eq!(back.values(), s.values());
        assert_eq!(back.stats(), s.stats());
    }

    #[test]
    fn refuses_corruption() {
        let good = sample();
        assert_eq!(Checkpoint::decode(b"hello"), Err(CheckpointError::BadMagic));
        let mut v = good.clone();
        v[8] = 9;
        assert_eq!(
            Checkpoint::decode(&v).unwrap_err().to_string(),
            "checkpoint format version 9 is not supported (versions 1 to 2 are read)"
        );
        assert!(matches!(Checkpoint::decode(&v), Err(CheckpointError::UnsupportedVersion { found: 9 })));
        assert!(matches!(Checkpoint::decode(&good[..good.len() - 1]), Err(CheckpointError::Truncated { .. })));
        assert!(matches!(Checkpoint::decode(&good[..20]), Err(CheckpointError::Truncated { .. })));
        let mut v = good.clone();
        let mid = v.len() / 2;
        v[mid] ^= 1;
        assert!(matches!(Checkpoint::decode(&v), Err(CheckpointError::ChecksumMismatch { .. })));
        assert!(matches!(Checkpoint::decode_for(&good, "other/1"), Err(CheckpointError::WrongAlgorithm { .. })));
    }

    #[test]
    fn refuses_statistics_that_disagree_with_the_values() {
        let mut s = SparseSweep::with_interval_log2(8);
        s.run_to(500).unwrap();
        let mut stats = s.stats().clone();
        stats.values[1].count += 1;
        let bytes = encode(SparseSweep::ALGORITHM, s.values(), &stats);
        assert!(matches!(Checkpoint::decode(&bytes), Err(CheckpointError::Inconsistent(_))));
    }

    /// Version 1 stored the longest scan's stopping split after its length; such a
    /// checkpoint, built here by hand, still resumes to the same state.
    #[test]
    fn reads_version_1() {
        let mut s = SparseSweep::with_interval_log2(8);
        s.run_to(1000).unwrap();
        let v2 = s.checkpoint();
        let longest = s.stats().scan.longest.unwrap();
        // The longest scan is the only place where heap and length follow each other.
        let mut needle = longest.heap.to_le_bytes().to_vec();
        needle.extend_from_slice(&longest.length.to_le_bytes());
        let mut payload = v2[HEADER..].to_vec();
        let at = payload.windows(16).position(|w| w == needle.as_slice()).unwrap() + 16;
        payload.splice(at..at, longest.length.to_le_bytes());
        let mut v1 = Vec::new();
        v1.extend_from_slice(MAGIC);
        v1.extend_from_slice(&1u32.to_le_bytes());
        v1.extend_from_slice(&crc32fast::hash(&payload).to_le_bytes());
        v1.extend_from_slice(&(payload.len() as u64).to_le_bytes());
        v1.extend_from_slice(&payload);
        let back = SparseSweep::restore(&v1).unwrap();
        assert_eq!(back.stats(), s.stats());
        assert_eq!(back.checkpoint(), v2);
        // The same bytes labelled version 2 have 8 bytes too many.
        v1[8] = 2;
        assert!(matches!(Checkpoint::decode(&v1), Err(CheckpointError::Inconsistent(_))));
    }
}
