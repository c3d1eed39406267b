//! A small deterministic random generator for problems and levels that a seed must
//! reproduce on every machine: practice problems and the computer's random moves. A leaf:
//! it depends on nothing in the crate.

/// A small deterministic generator (SplitMix64): the same seed gives the same problems on
/// every machine and in every version, which a shared seed between a teacher and a class
/// needs; no statistical quality beyond that is asked of it.
#[derive(Clone, Debug)]
pub struct SplitMix64(u64);

impl SplitMix64 {
    /// A generator started from `seed`.
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A number in `lo..=hi` (the small bias of the modulo does not matter here).
    pub fn between(&mut self, lo: u64, hi: u64) -> u64 {
        lo + self.next_u64() % (hi - lo + 1)
    }
}

/// The computer's level as a draw: with probability `random` (0 to 1) the index of a move
/// drawn uniformly among `count`, otherwise `None` (the computer's own choice). `seed`
/// draws both, so a replayed game gets the same moves; every kind of position (heaps,
/// graphs with cycles) draws the same way.
pub fn random_move(random: f64, seed: u64, count: usize) -> Option<usize> {
    let mut rng = SplitMix64::new(seed);
    // 53 random bits as a fraction in [0, 1).
    let draw = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (draw < random && count > 0).then(|| rng.between(0, count as u64 - 1) as usize)
}
