//! One game's result in a census, as written to its own file, and the census it belongs to.

use serde::{Deserialize, Serialize};

/// The version of the result-file format; results of another format are refused by merge.
pub const FORMAT: u32 = 1;

/// What a result file belongs to: results are merged only when all of this agrees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CensusKey {
    /// [`FORMAT`].
    pub format: u32,
    /// The grundy version that computed it (the engines may change between versions).
    pub grundy: String,
    /// The family's name.
    pub family: String,
    /// Values computed at most per game: G(0..budget).
    pub budget: u64,
}

impl CensusKey {
    /// The key of a census of `family` with `budget` by this build of grundy.
    pub fn new(family: &str, budget: u64) -> CensusKey {
        CensusKey { format: FORMAT, grundy: env!("CARGO_PKG_VERSION").to_string(), family: family.to_string(), budget }
    }
}

/// What is known of a game after the census.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Status {
    /// Periodic, proved by the octal periodicity theorem from fewer than
    /// [`TRIVIAL_PROOF`] values (the tczajka tables' "trivial": period found from heaps < 1000).
    Trivial,
    /// Periodic, proved by the theorem from more values.
    Periodic,
    /// No period proved within the budget.
    Unsolved,
}

impl Status {
    /// The word in tables and messages (as serialized).
    pub fn name(self) -> &'static str {
        match self {
            Status::Trivial => "trivial",
            Status::Periodic => "periodic",
            Status::Unsolved => "unsolved",
        }
    }
}

/// A proof from fewer values than this makes a game trivial.
pub const TRIVIAL_PROOF: u64 = 1000;

/// One game's result. Every field but `seconds` is a function of the code and the budget,
/// so two runs of a census agree byte for byte on everything but the times.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The census this result belongs to.
    pub key: CensusKey,
    /// The canonical code (`0.137`).
    pub code: String,
    /// What is known of the game.
    pub status: Status,
    /// The first periodic heap: G(n + period) = G(n) for every n >= preperiod (so the last
    /// exception is preperiod - 1). Present when proved.
    pub preperiod: Option<u64>,
    /// The smallest period, when proved.
    pub period: Option<u64>,
    /// Values the proof needed, or the budget when unsolved: G(0..computed) were examined.
    pub computed: u64,
    /// The largest value among G(0..computed) and the first heap that has it.
    pub largest: u64,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The sparse-space mask of the sweep (tczajka's "rare mask"), when the sparse-space
    /// engine ran; the number of sparse heaps below `computed` and the last one.
    pub mask: Option<u64>,
    /// Whether the heap's parity is part of the sparse rule (heap n sparse when
    /// popcount(G(n) & mask) + n + k is even; chosen for codes like .106 that have no good
    /// plain mask). Absent in the files when false.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub heap_parity: bool,
    /// Sparse heaps below `computed` under the mask.
    pub sparse_heaps: Option<u64>,
    /// The last of them.
    pub last_sparse: Option<u64>,
    /// FNV-1a (64-bit) of G(0..budget) as little-endian u64s, extended past `computed` by
    /// the proved period: equal checksums mean equal sequences over the budget (up to the
    /// tiny chance of a collision, which merge rules out by comparing the values' first
    /// 64 and the shifted checksum too).
    pub checksum: String,
    /// The same over G(1..budget + 1): the game with every heap one larger, for the
    /// equivalences of the GameLookup table that shift heaps by one.
    pub shifted_checksum: String,
    /// G(0..64) as base-36 characters, for people.
    pub head: String,
    /// For a proved period with pre-period + period at most [`MAX_PERIODIC_TEXT`]:
    /// G(0..preperiod + period) as base-36 characters, the tczajka tables' "nimbers".
    pub periodic_values: Option<String>,
    /// The statistics at every power of two from 2^10 up to `computed`, as tables quote them.
    pub milestones: Vec<Milestone>,
    /// The engine that computed the values.
    pub engine: String,
    /// Wall-clock seconds (the only field that differs between runs).
    pub seconds: f64,
}

/// Longest value text kept for a proved period.
pub const MAX_PERIODIC_TEXT: u64 = 4096;

/// The statistics over G(0..heaps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Milestone {
    /// The statistics are over G(0..heaps).
    pub heaps: u64,
    /// The largest value there.
    pub largest: u64,
    /// The first heap with it.
    pub largest_at: u64,
    /// Sparse heaps under the record's mask, and the last one.
    pub sparse_heaps: u64,
    /// The last sparse heap.
    pub last_sparse: Option<u64>,
}

/// FNV-1a, 64-bit, over u64 values written little-endian.
#[derive(Clone, Copy, Debug)]
pub struct Fnv(u64);

impl Default for Fnv {
    fn default() -> Self {
        Fnv(0xcbf2_9ce4_8422_2325)
    }
}

impl Fnv {
    /// Adds one value.
    pub fn push(&mut self, v: u64) {
        for b in v.to_le_bytes() {
            self.0 ^= u64::from(b);
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }

    /// The hash as 16 hexadecimal digits.
    pub fn hex(self) -> String {
        format!("{:016x}", self.0)
    }
}

/// A value as one base-36 character (`?` above 35), as in the tczajka tables.
pub fn nimber_char(v: u64) -> char {
    u32::try_from(v).ok().and_then(|v| char::from_digit(v, 36)).map_or('?', |c| c.to_ascii_uppercase())
}
