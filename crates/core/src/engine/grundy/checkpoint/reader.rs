//! Reading a checkpoint's bytes: a cursor that refuses to read past the end.

use super::*;

/// A cursor over a checkpoint's payload, and the version being read.
pub(super) struct Reader<'a> {
    pub(super) cur: Cursor<'a>,
    /// The format version being read.
    pub(super) version: u32,
}

impl<'a> std::ops::Deref for Reader<'a> {
    type Target = Cursor<'a>;
    fn deref(&self) -> &Cursor<'a> {
        &self.cur
    }
}

impl std::ops::DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut Self::Target {
        &mut self.cur
    }
}

impl Reader<'_> {
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
        let algorithm = self.str("algorithm name")?;
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
        self.finish()?;
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
