//! The octal sweep's checkpoint: its whole state as bytes, so that a long run can stop and
//! go on exactly where it was (no I/O here: the caller writes the bytes, atomically).
//!
//! In the shared envelope (`crate::engine::envelope`, magic `GRUNDYOC`), the payload:
//! ```text
//! str   the game's code (u32 length + UTF-8)
//! u32   mask          u8  heap parity (0/1)     u32 largest value so far
//! u8    sparse share (64ths)
//! u64   window (0: every value held)            u64 shift (heaps let go)
//! tally u64 counted, u32 largest, u64 first heap with it, u64 FNV-1a of G(0..counted)
//! u64   sparse heaps, then (u64 heap, u32 value) each
//! u8    bits a value (16 or 32), u64 count, then the values held, in place order
//! u64   heaps whose scans read the archive
//! u8    archive (0: none; 1: u32 bits, u64 values, u64 words, then the words)
//! ```
//! Decoding checks the envelope, that the code is the game's, and that the state holds
//! together: the sparse heaps are exactly those of the values held under the rule, every
//! value is counted, the largest is the largest, and, when every value is held (or
//! archived), the checksum is theirs. So a file that was cut short, corrupted or edited is refused, with
//! the reason, rather than resumed.

use super::window::Archive;
use super::{is_sparse, OctalSweep, Store, Tally, Wide, MIN_WINDOW};
use crate::checksum::Fnv;
use crate::engine::envelope::{open, seal, CheckpointError, Cursor};
use crate::game::TakeAndBreak;

const MAGIC: &[u8; 8] = b"GRUNDYOC";
const VERSION: u32 = 1;

fn bad<T>(why: impl Into<String>) -> Result<T, CheckpointError> {
    Err(CheckpointError::Inconsistent(why.into()))
}

impl OctalSweep {
    /// The sweep's whole state, as checkpoint bytes.
    pub fn checkpoint(&mut self) -> Vec<u8> {
        let tally = self.tally();
        let mut p = Vec::with_capacity(64 + 12 * self.sparse.len() + 4 * self.values.len());
        p.extend_from_slice(&(self.code.len() as u32).to_le_bytes());
        p.extend_from_slice(self.code.as_bytes());
        p.extend_from_slice(&self.mask.to_le_bytes());
        p.push(self.parity as u8);
        p.extend_from_slice(&self.max.to_le_bytes());
        p.push(self.sparse_share as u8);
        p.extend_from_slice(&(self.window.unwrap_or(0) as u64).to_le_bytes());
        p.extend_from_slice(&(self.shift as u64).to_le_bytes());
        p.extend_from_slice(&tally.counted.to_le_bytes());
        p.extend_from_slice(&tally.largest.to_le_bytes());
        p.extend_from_slice(&tally.largest_at.to_le_bytes());
        p.extend_from_slice(&tally.checksum.to_le_bytes());
        p.extend_from_slice(&(self.sparse.len() as u64).to_le_bytes());
        for &(r, v) in &self.sparse {
            p.extend_from_slice(&(r as u64).to_le_bytes());
            p.extend_from_slice(&v.to_le_bytes());
        }
        match &self.values {
            Store::Narrow(g) => {
                p.push(16);
                p.extend_from_slice(&(g.len() as u64).to_le_bytes());
                g.iter().for_each(|v| p.extend_from_slice(&v.to_le_bytes()));
            }
            Store::Wide(g) => {
                p.push(32);
                p.extend_from_slice(&(g.len() as u64).to_le_bytes());
                g.iter().for_each(|v| p.extend_from_slice(&v.to_le_bytes()));
            }
        }
        p.extend_from_slice(&self.deep_scans.to_le_bytes());
        match &self.archive {
            None => p.push(0),
            Some(a) => {
                p.push(1);
                p.extend_from_slice(&a.bits.to_le_bytes());
                p.extend_from_slice(&(a.len as u64).to_le_bytes());
                p.extend_from_slice(&(a.words.len() as u64).to_le_bytes());
                a.words.iter().for_each(|w| p.extend_from_slice(&w.to_le_bytes()));
            }
        }
        seal(MAGIC, VERSION, &p)
    }

    /// The sweep of `game` a checkpoint holds, checked (see the module's doc).
    pub fn restore(game: &TakeAndBreak, bytes: &[u8]) -> Result<OctalSweep, CheckpointError> {
        let (_, payload) = open(bytes, MAGIC, VERSION..=VERSION)?;
        let mut c = Cursor::new(payload);
        let code = c.str("the game's code")?;
        if code != game.code() {
            return Err(CheckpointError::WrongAlgorithm {
                found: format!("the octal sweep of {code}"),
                expected: format!("the octal sweep of {}", game.code()),
            });
        }
        let mut s = OctalSweep::new(game, 1).map_err(|e| CheckpointError::Inconsistent(e.to_string()))?;
        let mask = c.u32()?;
        let parity = match c.u8()? {
            0 => false,
            1 if s.take_parity.is_some() => true,
            p => return bad(format!("heap-parity flag {p} for a game whose splits take {:?}", s.split_takes)),
        };
        if mask == 0 {
            return bad("the mask is 0");
        }
        let max = c.u32()?;
        let share = c.u8()? as usize;
        let window = c.u64()? as usize;
        let shift = c.u64()? as usize;
        let tally = Tally { counted: c.u64()?, largest: c.u32()?, largest_at: c.u64()?, checksum: c.u64()? };
        let n = c.len(12)?;
        let sparse: Vec<(usize, Wide)> =
            (0..n).map(|_| Ok((c.u64()? as usize, c.u32()?))).collect::<Result<_, CheckpointError>>()?;
        let values = match c.u8()? {
            16 => {
                let n = c.len(2)?;
                Store::Narrow(c.take(2 * n)?.chunks_exact(2).map(|b| u16::from_le_bytes([b[0], b[1]])).collect())
            }
            32 => {
                let n = c.len(4)?;
                Store::Wide(c.take(4 * n)?.chunks_exact(4).map(|b| u32::from_le_bytes(b.try_into().unwrap())).collect())
            }
            bits => return bad(format!("values stored in {bits} bits")),
        };
        let deep_scans = c.u64()?;
        let archive = match c.u8()? {
            0 => None,
            1 => {
                let bits = c.u32()?;
                let len = c.u64()? as usize;
                let n = c.len(8)?;
                let words: Vec<u64> =
                    c.take(8 * n)?.chunks_exact(8).map(|b| u64::from_le_bytes(b.try_into().unwrap())).collect();
                if !(1..=32).contains(&bits) || (len as u128) * u128::from(bits) > 64 * n as u128 {
                    return bad(format!("an archive of {len} values at {bits} bits in {n} words"));
                }
                Some(Archive { bits, len, words })
            }
            a => return bad(format!("archive flag {a}")),
        };
        c.finish()?;
        if archive.as_ref().is_some_and(|a| a.len != shift) || (archive.is_some() && window == 0) {
            return bad("the archive does not hold the heaps let go");
        }

        if window != 0 && window < MIN_WINDOW {
            return bad(format!("a window of {window} heaps, below the least, {MIN_WINDOW}"));
        }
        if !shift.is_multiple_of(2) || (shift > 0 && values.len() < window) {
            return bad(format!("{shift} heaps let go with {} held", values.len()));
        }
        if window == 0 && shift != 0 {
            return bad("heaps let go without a window");
        }
        let held = values.len();
        if tally.counted != (held + shift) as u64 || tally.largest != max || tally.largest_at >= tally.counted.max(1) {
            return bad("the largest value or the count of values disagrees with the values");
        }
        let held_max = (0..held).map(|i| values.get(i)).max().unwrap_or(0);
        if held_max > max {
            return bad(format!("a value held, {held_max}, is above the largest, {max}"));
        }
        let at = tally.largest_at as usize;
        let at_place =
            if window > 0 && at >= window { at.checked_sub(shift).filter(|&p| p >= window) } else { Some(at) };
        if let Some(place) = at_place.filter(|&p| p < held) {
            if values.get(place) != max {
                return bad(format!("G({at}) is not the largest value, {max}"));
            }
        }
        // Every value in heap order: the first ones, the archive's, the latest.
        let first = if shift == 0 { held } else { window };
        let every = archive.as_ref().map(|a| (0..a.len).map(|i| a.get(i)));
        if let Some(archived) = every.clone() {
            if archived.clone().any(|v| v > max) {
                return bad(format!("an archived value is above the largest, {max}"));
            }
        }
        if shift == 0 || archive.is_some() {
            let mut f = Fnv::default();
            (0..first).for_each(|i| f.push(u64::from(values.get(i))));
            every.into_iter().flatten().for_each(|v| f.push(u64::from(v)));
            (first..held).for_each(|i| f.push(u64::from(values.get(i))));
            if f.value() != tally.checksum {
                return bad("the checksum is not that of the values");
            }
        }
        s.mask = mask;
        s.parity = parity;
        let recount: Vec<(usize, Wide)> =
            (0..held).map(|i| (i, values.get(i))).filter(|&(i, v)| is_sparse(v, mask) != s.flips(i)).collect();
        if recount != sparse {
            return bad("the sparse heaps are not those of the values under the rule");
        }
        if let Some(a) = &archive {
            if (0..a.len).any(|i| is_sparse(a.get(i), mask) != s.flips(window + i)) {
                return bad("an archived heap is sparse, which window mode never lets go");
            }
        }
        s.values = values;
        s.sparse = sparse;
        s.max = max;
        s.sparse_share = share;
        s.window = (window > 0).then_some(window);
        s.shift = shift;
        s.tally = tally;
        s.archive = archive;
        s.deep_scans = deep_scans;
        Ok(s)
    }
}
