//! Reading a checkpoint's bytes: a cursor that refuses to read past the end.

use super::*;

/// A cursor over a checkpoint's payload.
pub(super) struct Reader<'a> {
    /// The payload.
    pub(super) bytes: &'a [u8],
    /// The next byte to read.
    pub(super) pos: usize,
    /// The format version being read.
    pub(super) version: u32,
}

impl Reader<'_> {
    pub(super) fn take(&mut self, n: usize) -> Result<&[u8], CheckpointError> {
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

    pub(super) fn u8(&mut self) -> Result<u8, CheckpointError> {
        Ok(self.take(1)?[0])
    }

    pub(super) fn u16(&mut self) -> Result<u16, CheckpointError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().unwrap()))
    }

    pub(super) fn u32(&mut self) -> Result<u32, CheckpointError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().unwrap()))
    }

    pub(super) fn u64(&mut self) -> Result<u64, CheckpointError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().unwrap()))
    }

    /// A length that must fit in the rest of the payload at `unit` bytes per item, so a
    /// corrupt length cannot ask for a huge allocation.
    pub(super) fn len(&mut self, unit: usize) -> Result<usize, CheckpointError> {
        let n = self.u64()?;
        let rest = (self.bytes.len() - self.pos) as u64;
        if n.saturating_mul(unit as u64) > rest {
            return Err(CheckpointError::Inconsistent(format!("a list of {n} items does not fit the payload")));
        }
        Ok(n as usize)
    }

    /// A count and that many u16 values.
    pub(super) fn values(&mut self) -> Result<Vec<Value>, CheckpointError> {
        let n = self.len(2)?;
        let raw = self.take(n * 2)?;
        Ok(raw.chunks_exact(2).map(|c| u16::from_le_bytes([c[0], c[1]])).collect())
    }

    pub(super) fn heap_value(&mut self) -> Result<HeapValue, CheckpointError> {
        Ok(HeapValue { heap: self.u64()?, value: self.u16()? })
    }

    pub(super) fn checkpoint(mut self) -> Result<Checkpoint, CheckpointError> {
        let name_len = self.u32()? as usize;
        let algorithm = String::from_utf8(self.take(name_len)?.to_vec())
            .map_err(|_| CheckpointError::Inconsistent("algorithm name is not UTF-8".into()))?;
        let bits = self.u8()?;
        if bits != VALUE_BITS {
            return Err(CheckpointError::Inconsistent(format!(
                "values stored in {bits} bits, expected {VALUE_BITS} (the Value storage type)"
            )));
        }
        let kind = if self.version >= KIND_VERSION { self.u8()? } else { KIND_FULL };
        let (values, window) = match kind {
            KIND_FULL => (self.values()?, None),
            KIND_WINDOW => {
                let size = self.u64()?;
                let first = self.values()?;
                let base = self.u64()?;
                (self.values()?, Some(Window { size, first, base }))
            }
            k => return Err(CheckpointError::Inconsistent(format!("unknown kind {k} (0 = every value, 1 = window)"))),
        };
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
        Ok(Checkpoint { algorithm, values, window, stats })
    }
}
