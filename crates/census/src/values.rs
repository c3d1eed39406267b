//! The stored values of an unsolved game, `results/<code>.values`: the state a census
//! continues from when its budget grows (the octal sweep needs every earlier value, so the
//! values are the whole state; the sparse rule is in the game's record).
//!
//! Format: the 8 bytes `GRUNDYV1`, one byte `w` (1, 2 or 4: the fewest bytes that hold the
//! largest value), the number of heaps as a little-endian u64, then G(0), G(1), ... as
//! little-endian integers of `w` bytes. So a heap costs 1 byte while every value is below
//! 256 (most four-digit codes at 2^15), 2 below 65,536; the header is 17 bytes. The
//! record keeps the FNV-1a checksum of the values ([`crate::record::StoredValues`]); a file
//! that is cut short, too long or whose values do not match it is refused, never used.

use thiserror::Error;

use crate::record::{fnv_of, StoredValues};

const MAGIC: &[u8; 8] = b"GRUNDYV1";
const HEADER: usize = 17;

/// Why stored values were refused.
#[derive(Debug, Error, Clone, PartialEq, Eq)]
pub enum ValuesError {
    /// Not a values file: wrong magic, width or length.
    #[error("not a values file: {0}")]
    Malformed(String),
    /// The file is whole but does not hold what the record says.
    #[error("the values do not match the record ({0})")]
    Mismatch(String),
}

/// The fewest bytes a heap that hold every value.
fn width(values: &[u64]) -> u8 {
    match values.iter().copied().max().unwrap_or(0) {
        m if m < 1 << 8 => 1,
        m if m < 1 << 16 => 2,
        _ => 4,
    }
}

/// The file's bytes and what the record keeps of them. Values must fit in 32 bits (the
/// engines' values do).
pub fn encode(values: &[u64]) -> (Vec<u8>, StoredValues) {
    let w = width(values);
    let mut bytes = Vec::with_capacity(HEADER + values.len() * w as usize);
    bytes.extend_from_slice(MAGIC);
    bytes.push(w);
    bytes.extend_from_slice(&(values.len() as u64).to_le_bytes());
    for &v in values {
        bytes.extend_from_slice(&v.to_le_bytes()[..w as usize]);
    }
    let stored = StoredValues { heaps: values.len() as u64, bytes_per_heap: w, checksum: fnv_of(values) };
    (bytes, stored)
}

/// The values of a file, checked against what the record says of them.
pub fn decode(bytes: &[u8], expected: &StoredValues) -> Result<Vec<u64>, ValuesError> {
    let bad = |what: String| Err(ValuesError::Malformed(what));
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return bad(format!("{} bytes, no GRUNDYV1 header", bytes.len()));
    }
    let w = bytes[8] as usize;
    if ![1, 2, 4].contains(&w) {
        return bad(format!("{w} bytes a heap"));
    }
    let heaps = u64::from_le_bytes(bytes[9..HEADER].try_into().expect("8 bytes"));
    let body = &bytes[HEADER..];
    if (body.len() as u64) != heaps.saturating_mul(w as u64) {
        return bad(format!("{heaps} heaps of {w} bytes announced, {} bytes found (cut short?)", body.len()));
    }
    let values: Vec<u64> = body
        .chunks_exact(w)
        .map(|c| {
            let mut b = [0u8; 8];
            b[..w].copy_from_slice(c);
            u64::from_le_bytes(b)
        })
        .collect();
    let found = StoredValues { heaps, bytes_per_heap: w as u8, checksum: fnv_of(&values) };
    if found != *expected {
        return Err(ValuesError::Mismatch(format!(
            "file: {} heaps, checksum {}; record: {} heaps, checksum {}",
            found.heaps, found.checksum, expected.heaps, expected.checksum
        )));
    }
    Ok(values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_refusals() {
        for values in [vec![0u64, 1, 2, 255], vec![3, 300, 0], vec![70_000, 1], vec![]] {
            let (bytes, stored) = encode(&values);
            assert_eq!(bytes.len(), HEADER + values.len() * stored.bytes_per_heap as usize);
            assert_eq!(decode(&bytes, &stored), Ok(values.clone()));
            if !values.is_empty() {
                assert!(matches!(decode(&bytes[..bytes.len() - 1], &stored), Err(ValuesError::Malformed(_))));
                let mut changed = bytes.clone();
                *changed.last_mut().unwrap() ^= 1;
                assert!(matches!(decode(&changed, &stored), Err(ValuesError::Mismatch(_))));
            }
        }
        assert_eq!(encode(&[1, 2, 3]).1.bytes_per_heap, 1);
        assert!(matches!(decode(b"", &encode(&[]).1), Err(ValuesError::Malformed(_))));
    }
}
