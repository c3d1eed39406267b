//! One game's result in a census, as written to its own file, and the census it belongs to.

pub use grundy_core::ask::Fnv;
use serde::{Deserialize, Serialize};

/// The version of the result-file format. Format 2 (budgets grow in place): the checksum
/// covers G(0..computed), the values a result rests on, so a proved game's checksum is the
/// same at every budget; an unsolved game's values are stored beside it
/// ([`crate::values`]) so that a larger budget continues from them. Format-1 results
/// (checksum over G(0..budget), no stored values) are still read: a run brings them up to
/// format 2 (proved games kept, unsolved ones computed again), merge refuses them.
pub const FORMAT: u32 = 2;

/// The format before budgets could grow.
pub const FORMAT_1: u32 = 1;

/// What a result file belongs to: results are merged only when all of this agrees.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CensusKey {
    /// [`FORMAT`].
    pub format: u32,
    /// The grundy version that computed it (the engines may change between versions).
    pub grundy: String,
    /// The family's name.
    pub family: String,
    /// The budget of the run that wrote this result: G(0..budget) at most were computed. A
    /// proved result stays valid at every larger budget (a proof does not depend on it), so
    /// a census folder holds proved results of several budgets and unsolved ones of one,
    /// the census's (which merge reads from them).
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
    /// Periodic, proved by the octal periodicity theorem (format-1 files split this into
    /// "trivial" and "periodic" by the length of the proof; both read as periodic).
    #[serde(alias = "trivial")]
    Periodic,
    /// No period proved within the budget.
    Unsolved,
}

impl Status {
    /// The word in tables and messages (as serialized).
    pub fn name(self) -> &'static str {
        match self {
            Status::Periodic => "periodic",
            Status::Unsolved => "unsolved",
        }
    }
}

/// A proof from fewer values than this is what the tczajka tables call trivial ("period
/// found from heaps < 1000"); used only where the census is compared with them.
pub const TRIVIAL_PROOF: u64 = 1000;

/// A period the last values of an unsolved game show, not proved (see
/// `grundy_core::period::candidate_period`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CandidatePeriod {
    /// The first heap of the stretch over which it holds.
    pub preperiod: u64,
    /// The smallest period that holds over the stretch.
    pub period: u64,
    /// Heaps in the stretch: from `preperiod` to the budget.
    pub span: u64,
}

/// Where an unsolved game's values are kept: `results/<code>.values` ([`crate::values`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StoredValues {
    /// G(0..heaps) are stored (the budget plus one: the shifted comparison needs G(budget)).
    pub heaps: u64,
    /// Bytes a heap in the file: 1, 2 or 4, the fewest that hold the largest value.
    pub bytes_per_heap: u8,
    /// FNV-1a of G(0..heaps), as [`Fnv`] computes it.
    pub checksum: String,
}

/// One game's result. Every field but `seconds` is a function of the code and the budget
/// (of the code alone for a proved game, but for `key.budget`), so two runs of a census
/// agree byte for byte on everything but the times, and a census grown from a smaller
/// budget agrees with one run at the larger budget from the start.
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
    /// The saltus of an arithmetic period, G(n + period) = G(n) + saltus from the
    /// pre-period on (proved only for all-but subtraction games, issue 40); absent for an
    /// ordinary period.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub saltus: Option<u64>,
    /// Values the proof needed, or the budget when unsolved: G(0..computed) were examined.
    pub computed: u64,
    /// The largest value among G(0..computed) and the first heap that has it.
    pub largest: u64,
    /// The first heap with the largest value.
    pub largest_at: u64,
    /// The sparse-space mask of the sweep (tczajka's "rare mask"), when the sparse-space
    /// engine ran (octal codes; the definition, which runs every other code, has none);
    /// the number of sparse heaps below `computed` and the last one.
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
    /// FNV-1a (64-bit) of G(0..computed) as little-endian u64s: the values the result rests
    /// on. For a proved game they determine the whole sequence, so the checksum is the same
    /// at every budget; for an unsolved game it covers G(0..budget). (Groups are found by
    /// merge from the values themselves, over the census's budget.)
    pub checksum: String,
    /// G(0..64) as base-36 characters, for people (extended by the period when proved).
    pub head: String,
    /// For a proved period with pre-period + period at most [`MAX_PERIODIC_TEXT`]:
    /// G(0..preperiod + period) as base-36 characters, the tczajka tables' "nimbers".
    pub periodic_values: Option<String>,
    /// The statistics at every power of two from 2^10 up to `computed`, as tables quote them.
    pub milestones: Vec<Milestone>,
    /// For an unsolved game, the smallest period its last values show, labelled as not
    /// proved wherever it is printed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub candidate: Option<CandidatePeriod>,
    /// For an unsolved game, its stored values: the state a larger budget continues from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub values: Option<StoredValues>,
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

/// A value as one base-36 character (`?` above 35), as in the tczajka tables.
pub fn nimber_char(v: u64) -> char {
    u32::try_from(v).ok().and_then(|v| char::from_digit(v, 36)).map_or('?', |c| c.to_ascii_uppercase())
}

impl GameRecord {
    /// Whether the tczajka tables would call the game trivial: periodic, proved from fewer
    /// than [`TRIVIAL_PROOF`] values.
    pub fn tczajka_trivial(&self) -> bool {
        self.status == Status::Periodic && self.computed < TRIVIAL_PROOF
    }
}

/// FNV-1a of a run of values, as 16 hexadecimal digits.
pub fn fnv_of(values: &[u64]) -> String {
    let mut f = Fnv::default();
    values.iter().for_each(|&v| f.push(v));
    f.hex()
}
