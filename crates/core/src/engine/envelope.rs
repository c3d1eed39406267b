//! The envelope every checkpoint shares: magic bytes, a format version, a CRC-32 of the
//! payload and its length, so that a truncated, corrupted or foreign file is refused before
//! its payload is read; and a cursor that reads the payload without reading past its end.
//!
//! ```text
//! magic    8 bytes ("GRUNDYCP": Grundy's game; "GRUNDYOC": an octal sweep)
//! u32      format version
//! u32      CRC-32 of the payload
//! u64      payload length
//! payload  (little-endian throughout)
//! ```

use std::ops::RangeInclusive;

use thiserror::Error;

/// Bytes before the payload.
pub(crate) const HEADER: usize = 8 + 4 + 4 + 8;

/// Why checkpoint bytes were refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum CheckpointError {
    /// The file does not start with the format's magic bytes.
    #[error("not a grundy checkpoint of this kind (bad magic bytes)")]
    BadMagic,
    /// The version field is neither this format's nor an older one still read.
    #[error("checkpoint format version {found} is not supported (versions {oldest} to {newest} are read)")]
    UnsupportedVersion {
        /// The version in the file.
        found: u32,
        /// The oldest version read.
        oldest: u32,
        /// This program's version.
        newest: u32,
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
    /// Written by a sweep that keeps another window (or none): resuming it would change
    /// which values are held, and so which scans the run can finish.
    #[error("checkpoint was written keeping {}, but this run keeps {}", window_words(*found), window_words(*expected))]
    WrongWindow {
        /// The window size in the file (`None`: every value).
        found: Option<u64>,
        /// The window size asked for.
        expected: Option<u64>,
    },
    /// The payload does not parse, or its statistics disagree with its values.
    #[error("checkpoint is inconsistent: {0}")]
    Inconsistent(String),
}

fn window_words(window: Option<u64>) -> String {
    match window {
        None => "every value (no window)".to_string(),
        Some(w) => format!("a window of {w} heaps"),
    }
}

/// The header of a payload of `len` bytes with checksum `crc`.
pub(crate) fn header(magic: &[u8; 8], version: u32, crc: u32, len: u64) -> Vec<u8> {
    let mut h = Vec::with_capacity(HEADER);
    h.extend_from_slice(magic);
    h.extend_from_slice(&version.to_le_bytes());
    h.extend_from_slice(&crc.to_le_bytes());
    h.extend_from_slice(&len.to_le_bytes());
    h
}

/// The header and the payload, as one file's bytes.
pub(crate) fn seal(magic: &[u8; 8], version: u32, payload: &[u8]) -> Vec<u8> {
    let mut out = header(magic, version, crc32fast::hash(payload), payload.len() as u64);
    out.extend_from_slice(payload);
    out
}

/// Checks the envelope and gives the version and the payload.
pub(crate) fn open<'a>(
    bytes: &'a [u8],
    magic: &[u8; 8],
    versions: RangeInclusive<u32>,
) -> Result<(u32, &'a [u8]), CheckpointError> {
    if bytes.len() < 8 || &bytes[..8] != magic {
        return Err(CheckpointError::BadMagic);
    }
    if bytes.len() < HEADER {
        return Err(CheckpointError::Truncated { needed: HEADER as u64, found: bytes.len() as u64 });
    }
    let version = u32::from_le_bytes(bytes[8..12].try_into().expect("4 bytes"));
    if !versions.contains(&version) {
        return Err(CheckpointError::UnsupportedVersion {
            found: version,
            oldest: *versions.start(),
            newest: *versions.end(),
        });
    }
    let stored = u32::from_le_bytes(bytes[12..16].try_into().expect("4 bytes"));
    let len = u64::from_le_bytes(bytes[16..24].try_into().expect("8 bytes"));
    if (bytes.len() - HEADER) as u64 != len {
        return Err(CheckpointError::Truncated {
            needed: len.saturating_add(HEADER as u64),
            found: bytes.len() as u64,
        });
    }
    let payload = &bytes[HEADER..];
    let computed = crc32fast::hash(payload);
    if computed != stored {
        return Err(CheckpointError::ChecksumMismatch { stored, computed });
    }
    Ok((version, payload))
}

/// A cursor over a payload that refuses to read past its end.
pub(crate) struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Cursor<'a> {
    /// A cursor at the payload's start.
    pub(crate) fn new(bytes: &'a [u8]) -> Cursor<'a> {
        Cursor { bytes, pos: 0 }
    }

    pub(crate) fn take(&mut self, n: usize) -> Result<&'a [u8], CheckpointError> {
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

    pub(crate) fn u8(&mut self) -> Result<u8, CheckpointError> {
        Ok(self.take(1)?[0])
    }

    pub(crate) fn u16(&mut self) -> Result<u16, CheckpointError> {
        Ok(u16::from_le_bytes(self.take(2)?.try_into().expect("2 bytes")))
    }

    pub(crate) fn u32(&mut self) -> Result<u32, CheckpointError> {
        Ok(u32::from_le_bytes(self.take(4)?.try_into().expect("4 bytes")))
    }

    pub(crate) fn u64(&mut self) -> Result<u64, CheckpointError> {
        Ok(u64::from_le_bytes(self.take(8)?.try_into().expect("8 bytes")))
    }

    /// A length that must fit in the rest of the payload at `unit` bytes per item, so a
    /// corrupt length cannot ask for a huge allocation.
    pub(crate) fn len(&mut self, unit: usize) -> Result<usize, CheckpointError> {
        let n = self.u64()?;
        let rest = (self.bytes.len() - self.pos) as u64;
        if n.saturating_mul(unit as u64) > rest {
            return Err(CheckpointError::Inconsistent(format!("a list of {n} items does not fit the payload")));
        }
        Ok(n as usize)
    }

    /// A u32 length and that many bytes of UTF-8.
    pub(crate) fn str(&mut self, what: &str) -> Result<String, CheckpointError> {
        let n = self.u32()? as usize;
        String::from_utf8(self.take(n)?.to_vec())
            .map_err(|_| CheckpointError::Inconsistent(format!("{what} is not UTF-8")))
    }

    /// Refuses bytes after the last field.
    pub(crate) fn finish(&self) -> Result<(), CheckpointError> {
        if self.pos != self.bytes.len() {
            return Err(CheckpointError::Inconsistent(format!("{} bytes left over", self.bytes.len() - self.pos)));
        }
        Ok(())
    }
}
