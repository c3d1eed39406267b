//! Window mode of the octal sweep: memory that does not grow with N, as the window mode of
//! Grundy's-game sweep (`crate::engine::grundy::fast`).
//!
//! Heap n needs G(n - k - r) for every sparse heap r, and stage 2 reads G(a) and
//! G(n - k - a) for the splits a it scans. When every sparse heap and every scan stays
//! below W, only G(0..W) and the latest values are ever read. So the sweep keeps those
//! two parts back to back in one buffer, G(0..W) then G(base..len), and runs its kernels
//! on it unchanged, with heap n at place n - shift (shift = base - W, even, so a heap's
//! parity is its place's): every index a kernel forms, n - k - r or n - k - a, then lands
//! on the right value, since a difference of two places is the difference of the heaps.
//! Scans are told to stop at W (the kernels' `reach`), and a sparse heap at W or later or
//! a heap whose scan would need to go further stops the sweep with
//! [`OctalSweepError::WindowTooSmall`] rather than give a wrong value.
//!
//! Some games need a deep scan now and then (.6 scans past 2^18 at heap 1,697,097). With
//! an archive ([`OctalSweep::set_archive`]) the values let go are kept packed, at the bits
//! the largest value needs (9 for .6, against 16 in the window), and such a heap is done by
//! the scalar loop reading them: memory then grows by bits / 8 bytes a heap, not bounded,
//! but below the two bytes a heap of holding every value.
//!
//! The latest `keep` = W + k values are kept (k the most stones a move takes), enough for
//! n - k - a >= base whenever a < W; the buffer grows to W + 2 keep between moves (each
//! segment a window long, so that the helper thread pays: with half a window .6 to 2^22
//! took 9.9 s, against 7.3 s), so memory is about 2 bytes * (3 W + 2 k) while values fit
//! in 16 bits.

use super::scalar::{NextHeap, Stop};
use super::{OctalSweep, OctalSweepError, Store, Wide};
use crate::checksum::Fnv;

/// Why a heap stops a window: it is sparse (every later heap reads it).
pub(super) const SPARSE_PAST: &str =
    "it is sparse, and every later heap reads it with a value past the window; a larger --window holds them";
/// Why a heap stops a window: a scan goes past it.
pub(super) const SCAN_PAST: &str =
    "its splits must be scanned past the window; --archive keeps the values for such scans, or a larger --window holds them";

/// The least window: the automatic rule is chosen on the heaps up to 2^16 (see
/// [`OctalSweep::auto`]), and a window this large moves only past them, so the rule is
/// fixed before any value is let go.
pub const MIN_WINDOW: usize = 1 << 15;

/// What is known of every value computed, held or not: the largest value and the first
/// heap that has it, and a checksum of G(0..counted).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Values counted: G(0..counted).
    pub counted: u64,
    /// The largest of them.
    pub largest: Wide,
    /// The first heap whose value is `largest`.
    pub largest_at: u64,
    /// FNV-1a of G(0..counted), each as eight little-endian bytes (the census's checksum).
    pub checksum: u64,
}

impl Default for Tally {
    fn default() -> Self {
        Tally { counted: 0, largest: 0, largest_at: 0, checksum: Fnv::default().value() }
    }
}

impl Tally {
    fn push(&mut self, v: Wide) {
        if v > self.largest || self.counted == 0 {
            self.largest = v;
            self.largest_at = self.counted;
        }
        let mut f = Fnv::from_value(self.checksum);
        f.push(u64::from(v));
        self.checksum = f.value();
        self.counted += 1;
    }
}

/// G(W..W + shift), the values a window let go, packed at `bits` bits each.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub(super) struct Archive {
    pub(super) bits: u32,
    pub(super) len: usize,
    pub(super) words: Vec<u64>,
}

impl Archive {
    pub(super) fn get(&self, i: usize) -> Wide {
        debug_assert!(i < self.len);
        let (bit, bits) = (i * self.bits as usize, self.bits);
        let (w, o) = (bit / 64, (bit % 64) as u32);
        let mut v = self.words[w] >> o;
        if o + bits > 64 {
            v |= self.words[w + 1] << (64 - o);
        }
        (v & ((1u64 << bits) - 1)) as Wide
    }

    fn push(&mut self, v: Wide) {
        let need = (Wide::BITS - v.leading_zeros()).max(1);
        if need > self.bits {
            // Wider values from now on: the archive is packed again at the new width.
            let old = std::mem::take(self);
            self.bits = need;
            (0..old.len).for_each(|i| self.push(old.get(i)));
        }
        let (bit, bits) = (self.len * self.bits as usize, self.bits);
        let (w, o) = (bit / 64, (bit % 64) as u32);
        if w + 1 >= self.words.len() {
            if w + 2 > self.words.capacity() {
                // An eighth more at a time, not double: the archive is most of the memory.
                self.words.reserve_exact((self.words.len() / 8).max(1 << 13));
            }
            self.words.resize(w + 2, 0);
        }
        self.words[w] |= u64::from(v) << o;
        if o + bits > 64 {
            self.words[w + 1] |= u64::from(v) >> (64 - o);
        }
        self.len += 1;
    }

    /// Bytes held.
    pub(super) fn bytes(&self) -> usize {
        8 * self.words.capacity()
    }
}

impl OctalSweep {
    /// Window mode: keep only G(0..window) and about the latest `window` values, so that
    /// memory does not grow with N (about 6 bytes a window heap). Every sparse heap and
    /// every split scan must stay below the window; a heap that needs more stops the sweep
    /// with [`OctalSweepError::WindowTooSmall`]. The window is raised to [`MIN_WINDOW`]; it
    /// may be set once the values are computed (the rule is chosen on them), but not changed
    /// once it has let values go.
    pub fn set_window(&mut self, window: usize) -> Result<(), OctalSweepError> {
        let window = window.max(MIN_WINDOW);
        assert_eq!(self.shift, 0, "the window is set before it lets values go");
        if let Some(&(r, _)) = self.sparse.iter().find(|&&(r, _)| r >= window) {
            return Err(self.too_small(r, SPARSE_PAST));
        }
        self.window = Some(window);
        Ok(())
    }

    /// In window mode, keeps the values let go, packed, for the scans that go past the
    /// window (see the module's doc). Set with the window, before it moves.
    pub fn set_archive(&mut self) {
        assert!(self.window.is_some() && self.shift == 0, "an archive is set with the window, before it moves");
        self.archive = Some(Archive::default());
    }

    /// Whether the values let go are kept ([`OctalSweep::set_archive`]), and how many
    /// bytes they take.
    pub fn archive_bytes(&self) -> Option<usize> {
        self.archive.as_ref().map(Archive::bytes)
    }

    /// Heaps whose scans went past the window and read the archive.
    pub fn deep_scans(&self) -> u64 {
        self.deep_scans
    }

    /// Heap `place` (in the buffer) by the scalar loop reading every value, the archive's
    /// too; `Err(Stop::Reach)` without an archive.
    pub(super) fn deep(&mut self, place: usize, rule_flip: bool) -> Result<Wide, Stop> {
        let (Some(window), Some(archive)) = (self.window, &self.archive) else {
            return Err(Stop::Reach);
        };
        let (shift, values) = (self.shift, &self.values);
        let at = |h: usize| -> Wide {
            if h < window {
                values.get(h)
            } else if h >= window + shift {
                values.get(h - shift)
            } else {
                archive.get(h - window)
            }
        };
        let heap = NextHeap {
            digits: &self.digits,
            split_takes: &self.split_takes,
            sparse: &self.sparse,
            mask: self.mask,
            flip: rule_flip,
            reach: usize::MAX,
        };
        let n = if place >= window { place + shift } else { place };
        let v = self.scalar.next_with(&heap, n, at)?;
        self.deep_scans += 1;
        Ok(v)
    }

    /// The window in window mode ([`OctalSweep::set_window`]).
    pub fn window(&self) -> Option<usize> {
        self.window
    }

    /// Heaps let go so far in window mode: G(window..window + shift) are no longer held.
    pub fn shift(&self) -> usize {
        self.shift
    }

    /// The largest value, where it first came and the checksum of every value computed.
    pub fn tally(&mut self) -> Tally {
        self.fold();
        self.tally
    }

    /// The largest smaller part a split scan may read.
    pub(super) fn reach(&self) -> usize {
        self.window.map_or(usize::MAX, |w| w - 1)
    }

    /// The latest values kept when the window moves.
    fn keep(&self, window: usize) -> usize {
        (window + self.digits.len()).next_multiple_of(4)
    }

    /// The error for heap `place` (a place in the buffer) needing values past the window.
    pub(super) fn too_small(&self, place: usize, why: &'static str) -> OctalSweepError {
        let window = self.window.unwrap_or(place);
        let heap = if place >= window { place + self.shift } else { place };
        OctalSweepError::WindowTooSmall { heap: heap as u64, window, why }
    }

    /// Counts the values computed since the last count.
    fn fold(&mut self) {
        let from = self.tally.counted as usize - self.shift;
        for place in from..self.values.len() {
            self.tally.push(self.values.get(place));
        }
    }

    /// [`OctalSweep::run_to_with`] in window mode: segments of about half a window, the
    /// middle values let go between them.
    pub(super) fn run_windowed(&mut self, end: usize, progress: &mut dyn FnMut(u64)) -> Result<(), OctalSweepError> {
        let window = self.window.expect("window mode");
        let keep = self.keep(window);
        let limit = window + 2 * keep;
        while self.len() < end {
            let shift = self.shift;
            self.run_held((end - shift).min(limit), &mut |n| progress(n + shift as u64))?;
            self.fold();
            let len = self.values.len();
            if len >= limit {
                // Even, so that a heap's parity stays its place's (the heap-parity rule).
                let drop = (len - window - keep) & !1;
                if let Some(archive) = &mut self.archive {
                    (window..window + drop).for_each(|place| archive.push(self.values.get(place)));
                }
                match &mut self.values {
                    Store::Narrow(g) => drop_middle(g, window, drop),
                    Store::Wide(g) => drop_middle(g, window, drop),
                }
                self.shift += drop;
            }
        }
        Ok(())
    }
}

/// Removes `g[from..from + count]`, keeping the room reserved (so memory stays bounded).
fn drop_middle<T: Copy>(g: &mut Vec<T>, from: usize, count: usize) {
    g.copy_within(from + count.., from);
    g.truncate(g.len() - count);
}
