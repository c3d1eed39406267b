//! The checkpoint format: a sweep's whole state (values and statistics) as bytes.
//!
//! Layout, little-endian:
//! ```text
//! "GRUNDYCP"  magic, 8 bytes
//! u32         format version
//! u32         CRC-32 of the payload
//! u64         payload length
//! payload:    algorithm name (u32 length + UTF-8), value width in bits (u8, 16),
//!             heaps (u64), G(0..heaps) as u16, then the statistics
//! ```
//! Decoding checks the magic, version, length, checksum and that the statistics agree
//! with the values, so a truncated or corrupted file is refused rather than resumed.

use thiserror::Error;

use crate::grundy::stats::{HeapValue, IntervalScan, LongestScan, ScanStats, SweepStats, ValueStat};
use crate::{Value, VALUE_LIMIT};

const MAGIC: &[u8; 8] = b"GRUNDYCP";
const VERSION: u32 = 1;
const HEADER: usize = 8 + 4 + 4 + 8;
const VALUE_BITS: u8 = 16;

/// Why checkpoint bytes were refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CheckpointError {
    #[error("not a grundy checkpoint (bad magic bytes)")]
    BadMagic,
    #[error("checkpoint format version {found} is not supported (expected {VERSION})")]
    UnsupportedVersion { found: u32 },
    #[error("checkpoint is truncated: {needed} bytes needed, {found} present")]
    Truncated { needed: u64, found: u64 },
    #[error("checkpoint checksum mismatch (stored {stored:08x}, computed {computed:08x}): the file is corrupt")]
    ChecksumMismatch { stored: u32, computed: u32 },
    #[error("checkpoint was written by algorithm {found:?}, expected {expected:?}")]
    WrongAlgorithm { found: String, expected: String },
    #[error("checkpoint is inconsistent: {0}")]
    Inconsistent(String),
}

/// A decoded checkpoint.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checkpoint {
    pub algorithm: String,
    pub values: Vec<Value>,
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
            put_u64(&mut p, l.stopped_at);
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
        if version != VERSION {
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
        let cp = Reader { bytes: payload, pos: 0 }.checkpoint()?;
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
        if let Some(v) = self.values.iter().find(|&&v| v as usize >= VALUE_LIMIT) {
            return bad(format!("value {v} is beyond the value width"));
        }
        if self.stats.values.len() != VALUE_LIMIT {
            return bad(format!("{} value rows, expected {VALUE_LIMIT}", self.stats.values.len()));
        }
        let mut counts = vec![0u64; VALUE_LIMIT];
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
            return Err(CheckpointError::Inconsistent(format!("value width {bits} bits, expected {VALUE_BITS}")));
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
            1 => Some(LongestScan { heap: self.u64()?, length: self.u64()?, stopped_at: self.u64()? }),
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
}
