//! What computing G(0..n) costs with each engine: one model per engine of how time and
//! memory grow with n, with constants measured on the 2-core machine of
//! `runs/bench/2026-12-01-cost-models.md` (release build). Every front end reads its
//! estimates here: the estimate before a job starts, the refusal beyond the user's limits
//! ([`Limits`]), and the ETA while it runs ([`Engine::eta`]), so that all three agree.
//!
//! | engine | growth | model |
//! |---|---|---|
//! | closed form, Nim | linear | a fixed time a heap |
//! | closed form, take-at-most-half | linear | a time a heap (it halves while the heap is odd: two steps on average) |
//! | definition | the options it looks at | n, n^2 / 4 or n^3 / 36 options (subtraction sets, splits in two, in three), each kind its own time an option |
//! | Grundy's sweep | linear | a time a heap by the CPU's stage-2 kernel (the sparse space stays small: 1,287 sparse heaps below 2^26) |
//! | octal sweep | linear while the sparse space stays small; n^2 for codes that turn to the dense kernel | a time a heap, and for codes whose sweep a probe to 2^15 heaps finds dense, a time a split (kinds * n^2 / 4) and its growth past 2^17 |

use super::Engine;
use crate::game::{Game, TakeAndBreak};

/// What computing G(0..n) is expected to cost: a plan, not a promise (the sparse sweeps
/// depend on how sparse the game turns out).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// Peak memory in bytes.
    pub bytes: u64,
    /// Expected seconds, release build, on the machine the constants were measured on.
    pub seconds: f64,
}

pub use crate::control::Limits;

/// Seconds an option of one heap left (a subtraction, a graph's move) takes the definition
/// (subtract-a-square to 2^18: 9 * 10^7 options in 0.17 s).
const DEFINITION_SECONDS_PER_TAKE: f64 = 2.0e-9;

/// Seconds an option that splits a heap in two takes the definition (`.137` to 2^14:
/// 6.7 * 10^7 options in 0.285 to 0.345 s on quiet runs).
const DEFINITION_SECONDS_PER_SPLIT: f64 = 5.0e-9;

/// Seconds an option that leaves three heaps takes the definition (`.8` to 800: 1.4 * 10^7
/// options in 0.097 s on a quiet run, 6.8 ns; `.f` to 3,000, 7.5 * 10^8 in 7.5 s, 10 ns:
/// between the two).
const DEFINITION_SECONDS_PER_THREE: f64 = 7.5e-9;

/// Seconds a heap of Grundy's sweep takes on both threads, by the stage-2 kernel the CPU
/// runs, values widened to u32 included: AVX-512 2^22 in 2.4 s here; AVX2 3.07 s at 2^22
/// and 1.54 s at 2^21 on a Zen 3 EPYC once both threads shared stage 1 (the cost test in
/// CI; 5.45 s was estimated, from 60.9 s at 2^26 in `runs/bench/2026-12-01-avx2-epyc.md`);
/// the portable kernel 29 to 32 s at 2^22 (issue 29).
pub(crate) fn grundy_seconds_per_heap() -> f64 {
    match crate::engine::grundy::fast::GrundyKernel::detect() {
        crate::engine::grundy::fast::GrundyKernel::Avx512 => 6.0e-7,
        crate::engine::grundy::fast::GrundyKernel::Avx2 => 7.5e-7,
        crate::engine::grundy::fast::GrundyKernel::Portable => 7.2e-6,
    }
}

/// Bytes a window heap of the octal sweep in window mode holds: G(0..W) and up to
/// 2 (W + k) latest values at two bytes each (measured: .1777 to 2^22 with W = 2^16, 4.4
/// MiB, the program itself 3.7).
pub const WINDOW_BYTES_PER_HEAP: u64 = 6;

/// Seconds a heap of the octal sweep takes while its sparse space stays small (.6 to 2^21
/// in 3.2 s; most octal games are faster, some much slower: see the module doc).
pub(crate) const OCTAL_SECONDS_PER_HEAP: f64 = 1.5e-6;

/// Seconds a split takes the octal sweep's dense kernel (`octal::dense`) with AVX-512 at
/// 2^17 heaps, which marks the first splits of a heap and passes the rest against a window
/// of every value still missing, counted as `kinds * n^2 / 4` for codes with `kinds` digits
/// that split. Past 2^17 it grows as [`dense_growth_avx512`]. Measured in-process on a quiet
/// 2-core Xeon (the cost test: two threads), nanoseconds a counted split: .04, .06, .007
/// 0.098-0.107 at 2^17 and 0.088-0.093 at 2^18, .76 0.113 and 0.122; `grundy values` to
/// 2^20, .04 0.093, .06 0.11, .76 0.21 (its two kinds read twice the values a heap, which
/// then come from beyond the 2 MiB L2).
const DENSE_SECONDS_PER_SPLIT_AVX512: f64 = 1.1e-10;

/// How the AVX-512 dense kernel's time a split grows past 2^17 heaps: as the fourth root
/// of the heaps (1.19x at 2^18, 1.68x at 2^20), between the one-kind codes, which hardly
/// grow, and .76, which doubles by 2^20.
fn dense_growth_avx512(n: f64) -> f64 {
    (n / DENSE_GROWTH).max(1.0).sqrt().sqrt()
}

/// How the AVX2 dense kernel's time a split grows past 2^17 heaps: as the square root of the
/// heaps (1.4x at 2^18, 2.8x at 2^20); on a Zen 3 EPYC 1.4x from 2^17 to 2^18, as the
/// values pass its 512 KiB of L2.
fn dense_growth(n: f64) -> f64 {
    (n / DENSE_GROWTH).max(1.0).sqrt()
}

/// Heaps from which [`dense_growth`] applies.
const DENSE_GROWTH: f64 = (1u64 << 17) as f64;

/// Seconds a split takes the dense kernel with AVX2 and without AVX-512 at 2^17 heaps,
/// counted as `kinds * n^2 / 4`: it marks a prefix and compares the rest with 8 candidates,
/// 16 splits a step; past 2^17 it grows as [`dense_growth`]. Measured on a quiet 2-core
/// Zen 3 EPYC, in-process (the cost test: two threads): .04, .06, .007 0.25-0.29 ns at
/// 2^17 and 0.34-0.39 at 2^18, .76 0.36 and 0.47; `grundy values --every-value`, two runs
/// each: .06 at 2^17 0.32-0.35 ns, at 2^18 0.39-0.41.
const DENSE_SECONDS_PER_SPLIT_AVX2: f64 = 2.8e-10;

/// Seconds a split takes the dense kernel without AVX2, which marks every split: one
/// stamp a split, `kinds * n^2 / 4` of them. Measured before the AVX-512 scan existed on a
/// machine loaded by other builds: .06 2^17 in 3.9 s (0.9 ns a split), .04 0.73, .76 0.70,
/// .007 0.67; on a quiet machine about 0.4 ns (`runs/bench/octal-dense-2026-12-01.md`).
const DENSE_SECONDS_PER_SPLIT: f64 = 5.5e-10;

/// Heaps the octal model computes to see whether a code's sweep turns to the dense kernel
/// (the sweep chooses its rule again and weighs its sparse heaps at every doubling): 2^15,
/// a size at which `OctalSweep::auto` has refined its rule several times (at 2^14 .6 still looked
/// dense, 832 sparse heaps under its first mask; at 2^15 it has its lasting one). Once a
/// game, and only for tables larger than it: .06 to 2^15 in 0.15 s (0.7 s loaded), .6 in
/// 0.07 s. Smaller tables are costed as dense: at most 0.15 s a kind of split.
const OCTAL_PROBE_HEAPS: usize = 1 << 15;

/// Whether the octal sweep of `t` marks every split (the dense kernel) past
/// [`OCTAL_PROBE_HEAPS`]: learned once a game by running the sweep that far (the cost of a
/// table is asked many times: a refusal bisects for what fits, the ETA asks at every
/// report). The digits alone do not say it (.06 and .6 differ by one digit: 40 % of .06's
/// heaps are sparse under every rule, a handful of .6's).
fn dense_at_probe(game: &Game, t: &TakeAndBreak) -> bool {
    game.fact("octal sweep dense at the probe", || {
        u64::from(crate::engine::octal::OctalSweep::auto(t, OCTAL_PROBE_HEAPS).is_ok_and(|s| s.is_dense()))
    }) != 0
}

/// Seconds the octal sweep takes for G(0..n): linear while the sparse space stays small,
/// and for codes whose sweep turns to the dense kernel (seen by a probe) the kernel's
/// splits alone, whose count dwarfs the heaps (issue 35: .06 to 2^18 was estimated at 0.4
/// s and took 30).
pub(crate) fn octal_seconds(game: &Game, t: &TakeAndBreak, n: f64) -> f64 {
    let kinds = t.digits().iter().filter(|&&d| d & 4 != 0).count() as f64;
    let dense = kinds > 0.0 && (n <= OCTAL_PROBE_HEAPS as f64 || dense_at_probe(game, t));
    match dense {
        false => n * OCTAL_SECONDS_PER_HEAP,
        true if crate::cpu::has_avx512() => {
            kinds * n * n / 4.0 * DENSE_SECONDS_PER_SPLIT_AVX512 * dense_growth_avx512(n)
        }
        true if crate::cpu::has_avx2() => kinds * n * n / 4.0 * DENSE_SECONDS_PER_SPLIT_AVX2 * dense_growth(n),
        true => kinds * n * n / 4.0 * DENSE_SECONDS_PER_SPLIT,
    }
}

impl Engine {
    /// Bytes a heap of a G(0..n) table takes with this engine, measured as peak resident
    /// memory over n: Grundy's sweep 377 MiB at 2^26 (its u16 values, the reversed copy the
    /// AVX-512 kernel scans, the vector's growth; about 2 below 2^24, before the copy),
    /// the octal sweep 12.6 MiB at 2^22 for .6, 4 of them the program itself (u16 values,
    /// read in place by the helper thread; four bytes once a value passes 16 bits),
    /// the definition its u32 values.
    pub fn bytes_per_heap(&self) -> u64 {
        self.kind.0.bytes_per_heap()
    }

    /// What G(0..n) costs.
    pub fn cost(&self, n: u64) -> Cost {
        let bytes = n.saturating_mul(self.bytes_per_heap());
        Cost { bytes, seconds: self.kind.0.seconds(&self.game, n as f64) }
    }

    /// Seconds left, following the model: `elapsed` seconds computed G(0..done) of
    /// G(0..total), so the model's remaining time is scaled by how this machine and this
    /// game compare with the model so far. `None` before there is anything to scale by.
    pub fn eta(&self, done: u64, total: u64, elapsed: f64) -> Option<f64> {
        let so_far = self.cost(done).seconds;
        if done == 0 || so_far <= 0.0 || elapsed < 0.05 {
            return None;
        }
        Some((elapsed / so_far * (self.cost(total).seconds - so_far)).max(0.0))
    }

    /// What G(0..n) costs in the octal sweep's window mode (`OctalSweep::set_window`):
    /// about [`WINDOW_BYTES_PER_HEAP`] bytes a window heap, and with the archive at most two
    /// bytes a heap of the run more (the bits the largest value needs: 9 for .6); the time
    /// of the sweep.
    pub fn cost_in_window(&self, n: u64, window: u64, archive: bool) -> Cost {
        let window = window.max(crate::engine::octal::MIN_WINDOW as u64).min(n);
        let archived = if archive { n.saturating_mul(2) } else { 0 };
        Cost {
            bytes: window.saturating_mul(WINDOW_BYTES_PER_HEAP).saturating_add(archived),
            seconds: self.cost(n).seconds,
        }
    }

    /// The largest n such that G(0..n) fits `limits`.
    pub fn heaps_within(&self, limits: Limits) -> u64 {
        let by_memory = limits.bytes.checked_div(self.bytes_per_heap()).unwrap_or(u64::MAX);
        self.heaps_by_time(by_memory, limits)
    }

    /// The largest n up to `most` whose time fits `limits`.
    fn heaps_by_time(&self, most: u64, limits: Limits) -> u64 {
        // The cost grows with n: bisect.
        let (mut lo, mut hi) = (0u64, most);
        while lo < hi {
            let mid = lo + (hi - lo).div_ceil(2);
            if self.cost(mid).seconds <= limits.seconds {
                lo = mid;
            } else {
                hi = mid - 1;
            }
        }
        lo
    }

    /// G(0..n) within `limits`, or why not, in words: the estimate, the limit it passes and
    /// how many heaps would fit.
    pub fn check(&self, n: u64, limits: Limits) -> Result<Cost, CostError> {
        self.refuse_past(n, self.cost(n), limits, || self.heaps_within(limits))
    }

    /// As [`Engine::check`], in window mode ([`Engine::cost_in_window`]).
    pub fn check_in_window(&self, n: u64, window: u64, archive: bool, limits: Limits) -> Result<Cost, CostError> {
        let fits = || {
            let by_memory =
                if archive { limits.bytes.saturating_sub(window * WINDOW_BYTES_PER_HEAP) / 2 } else { u64::MAX };
            self.heaps_by_time(by_memory, limits)
        };
        self.refuse_past(n, self.cost_in_window(n, window, archive), limits, fits)
    }

    fn refuse_past(&self, n: u64, cost: Cost, limits: Limits, fits: impl FnOnce() -> u64) -> Result<Cost, CostError> {
        if cost.bytes > limits.bytes || cost.seconds > limits.seconds {
            return Err(CostError {
                game: self.game.name(),
                engine: self.kind.name(),
                heaps: n,
                cost,
                limits,
                fits: fits(),
            });
        }
        Ok(cost)
    }
}

/// A job refused before it starts: it would pass the memory or time limit.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "G(0..{heaps}) of {game} by the {engine} would take about {} and {} of memory, more than the limits of {} and {} (--max-time, --max-memory); {}",
    human_seconds(cost.seconds), human_bytes(cost.bytes), human_seconds(limits.seconds), human_bytes(limits.bytes), fit_words(*fits)
)]
pub struct CostError {
    /// The game's name.
    pub game: String,
    /// The engine's name.
    pub engine: &'static str,
    /// The heaps asked for: G(0..heaps).
    pub heaps: u64,
    /// The estimate.
    pub cost: Cost,
    /// The limits it passes.
    pub limits: Limits,
    /// The most heaps that fit the limits.
    pub fits: u64,
}

/// What fits, in words: "1000 heaps fit", "no heap fits" (a limit below any table).
fn fit_words(fits: u64) -> String {
    match fits {
        0 => "no heap fits".into(),
        1 => "1 heap fits".into(),
        n => format!("{n} heaps fit"),
    }
}

/// Seconds a row of a table written as text takes (the heap, its value, separators),
/// measured through a pipe here (load 8 on 2 cores): a b-file of Kayles' values 10^8 rows
/// in 3.15 s and Nim's 3.9 s (31 and 39 ns), JSON 33 ns; CSV, which formats each row on
/// its own, 124 ns ([`TABLE_SECONDS_PER_CSV_ROW`]).
pub const TABLE_SECONDS_PER_ROW: f64 = 4.0e-8;

/// Seconds a row of a CSV table takes (see [`TABLE_SECONDS_PER_ROW`]).
pub const TABLE_SECONDS_PER_CSV_ROW: f64 = 1.3e-7;

/// What writing a table of G(0..n) as text costs, beside computing it: issue 35 found
/// `values --to 2^63` of periodic games streaming at 100 MB/s without end, since only the
/// values' computation was weighed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TableOutput {
    /// Rows: G(0..heaps).
    pub heaps: u64,
    /// Bytes of text, about: the heaps' numbers, values of `value_digits` digits, separators.
    pub bytes: u64,
    /// Seconds, at `seconds_per_row`.
    pub seconds: f64,
}

impl TableOutput {
    /// The output of G(0..n), values of at most `value_digits` decimal digits, a row taking
    /// `seconds_per_row` ([`TABLE_SECONDS_PER_ROW`] or [`TABLE_SECONDS_PER_CSV_ROW`]).
    pub fn of(n: u64, value_digits: u32, seconds_per_row: f64) -> TableOutput {
        let bytes = decimal_bytes(n).saturating_add(n.saturating_mul(u64::from(value_digits) + 2));
        TableOutput { heaps: n, bytes, seconds: n as f64 * seconds_per_row }
    }

    /// This output within `limits` (its time; written text takes no memory), or why not:
    /// the estimate and how many rows would fit.
    pub fn check(self, game: &Game, limits: Limits) -> Result<TableOutput, OutputError> {
        if self.seconds <= limits.seconds {
            return Ok(self);
        }
        let per_row = self.seconds / self.heaps.max(1) as f64;
        let fits = (limits.seconds / per_row).floor().min(u64::MAX as f64) as u64;
        Err(OutputError { game: game.name(), output: self, limits, fits })
    }
}

/// Bytes of the decimal numbers 0..n, each with its digits only.
pub fn decimal_bytes(n: u64) -> u64 {
    let (mut total, mut from, mut digits) = (0u64, 0u64, 1u64);
    while from < n {
        // The numbers of `digits` digits: from..10 from (0..10 for one digit).
        let to = from.saturating_mul(10).max(10).min(n);
        total = total.saturating_add((to - from).saturating_mul(digits));
        from = to;
        digits += 1;
    }
    total
}

/// A table refused before it is written: its text would take longer than `--max-time`.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "writing G(0..{}) of {game} would take about {} ({} of text), more than the limit of {} (--max-time); {}",
    output.heaps, human_seconds(output.seconds), human_bytes(output.bytes), human_seconds(limits.seconds), fit_words(*fits)
)]
pub struct OutputError {
    /// The game's name.
    pub game: String,
    /// The estimate.
    pub output: TableOutput,
    /// The limits it passes.
    pub limits: Limits,
    /// The most rows that fit.
    pub fits: u64,
}

/// Seconds an option of a heap takes the misère quotient's builder while the quotient
/// stays small (it keeps every heap's options; Kayles to 2,048, about 4.2 * 10^6 options by
/// [`Game::heap_move_bound`], in 0.2 s and 142 MB), and the bytes it keeps of one.
const MISERE_SECONDS_PER_OPTION: f64 = 4.8e-8;
const MISERE_BYTES_PER_OPTION: u64 = 34;

/// Limits of the probe that tells a quotient that stays small from one that grows: at most
/// 0.04 s for the games measured (Kayles to heap 64 at once; .07 stops at heap 25, 4.7 at
/// 13).
const MISERE_PROBE: crate::engine::misere::QuotientBounds =
    crate::engine::misere::QuotientBounds { max_order: 128, trial_elements: 1 << 14, search_bytes: 4 << 20 };
/// Heaps the probe looks at.
const MISERE_PROBE_HEAPS: u64 = 64;

/// A quotient that grows past the probe's limits at heap h0 takes about
/// `MISERE_GROWTH_SECONDS * 2^((n + 1 - h0) / MISERE_GROWTH_HEAPS)` to heap n: Dawson's
/// Kayles (.07, h0 = 25) to heap 30 in 0.7 s and to 33 in 3.8 s on a quiet machine (the
/// README's; 1.5 and 9.4 s here at load 9), so its time doubles every 1.23 heaps; 4.7 (h0 =
/// 13) to heap 22 in 16.7 s loaded, the model 6.7.
const MISERE_GROWTH_SECONDS: f64 = 0.024;
const MISERE_GROWTH_HEAPS: f64 = 1.23;

/// The longest a quotient ran here before its limits ([`crate::engine::misere::QuotientBounds`])
/// stopped it (.07 at heap 34 after about 12 s, 4.7 at heap 23 after about 17 s loaded):
/// a growing quotient's estimate never passes it, since the limits end the work first.
const MISERE_LIMITED_SECONDS: f64 = 60.0;
/// The memory those limits allow: a table of 4096^2 four-byte products and 256 MB of
/// transition sets.
const MISERE_LIMITED_BYTES: u64 = (4 << 24) + (256 << 20);

/// What the misère quotient of heaps 0..=n costs (issue 35: `quotient` had no estimate and
/// was never refused by --max-time): a probe computes it as far as small limits allow; a
/// quotient that stays within them costs its options (the builder keeps every heap's), one
/// that grows doubles its time every `MISERE_GROWTH_HEAPS` heaps past where the probe
/// stopped, up to the time its limits allow.
pub fn misere_quotient_cost(game: &Game, n: u64) -> Cost {
    let n = n.min(crate::engine::misere::QUOTIENT_MAX_HEAP);
    let options: u64 = (0..=n).fold(0u64, |s, h| s.saturating_add(game.heap_move_bound(h)));
    let base = Cost {
        bytes: options.saturating_mul(MISERE_BYTES_PER_OPTION),
        seconds: options as f64 * MISERE_SECONDS_PER_OPTION,
    };
    let probed = misere_probe(game);
    if probed > n.min(MISERE_PROBE_HEAPS) {
        return base;
    }
    let growth = MISERE_GROWTH_SECONDS * ((n + 1 - probed) as f64 / MISERE_GROWTH_HEAPS).exp2();
    Cost {
        bytes: base.bytes.saturating_add(MISERE_LIMITED_BYTES),
        seconds: base.seconds + growth.min(MISERE_LIMITED_SECONDS),
    }
}

/// How many heaps (0..h0) the probe computes within its small limits, at most
/// [`MISERE_PROBE_HEAPS`] + 1: once a game (a progress bar asks the model at every heap).
fn misere_probe(game: &Game) -> u64 {
    game.fact("misère quotient's heaps within the probe", || {
        let to = MISERE_PROBE_HEAPS.min(game.largest_heap().unwrap_or(u64::MAX));
        let h = crate::engine::misere::orders(game, to, MISERE_PROBE).len() as u64;
        // A finite game that ran out of heaps within the limits stays small throughout.
        if h > to {
            MISERE_PROBE_HEAPS + 1
        } else {
            h
        }
    })
}

/// The misère quotient of heaps 0..=n within `limits`, or why not, with the largest bound
/// that fits.
pub fn check_misere_quotient(game: &Game, n: u64, limits: Limits) -> Result<Cost, MisereCostError> {
    let cost = misere_quotient_cost(game, n);
    if cost.bytes <= limits.bytes && cost.seconds <= limits.seconds {
        return Ok(cost);
    }
    let fits = |m: u64| {
        let c = misere_quotient_cost(game, m);
        c.bytes <= limits.bytes && c.seconds <= limits.seconds
    };
    let (mut lo, mut hi) = (0u64, n.min(crate::engine::misere::QUOTIENT_MAX_HEAP));
    while lo < hi {
        let mid = lo + (hi - lo).div_ceil(2);
        if fits(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    Err(MisereCostError { game: game.name(), heaps: n, cost, limits, fits: if fits(lo) { Some(lo) } else { None } })
}

/// A misère quotient refused before it starts.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error(
    "the misère quotient of {game} for heaps 0 to {heaps} would take about {} and {} of memory, more than the limits of {} and {} (--max-time, --max-memory); {}",
    human_seconds(cost.seconds), human_bytes(cost.bytes), human_seconds(limits.seconds), human_bytes(limits.bytes),
    fits.map_or("no bound fits".to_string(), |f| format!("heaps up to {f} fit"))
)]
pub struct MisereCostError {
    /// The game's name.
    pub game: String,
    /// The largest heap asked for.
    pub heaps: u64,
    /// The estimate.
    pub cost: Cost,
    /// The limits it passes.
    pub limits: Limits,
    /// The largest bound that fits.
    pub fits: Option<u64>,
}

/// Seconds the genus of heaps 0..=n takes at most: the slowest game measured here, Kayles
/// (0.03 s to heap 20, 0.14 s to 30, 1.45 s to 40 at load 9; .07, .137, .6 and Grundy's
/// game take a tenth of that), ten times longer every ten heaps; its memory 25 MB at 40.
pub fn genus_cost(n: u64) -> Cost {
    let n = n.min(crate::engine::misere::GENUS_MAX_HEAP) as f64;
    Cost { bytes: 25 << 20, seconds: 1.45 * 10f64.powf((n - 40.0) / 10.0) }
}

/// Seconds the definition takes for G(0..n): the options it looks at, by how many heaps
/// they leave (the shape each kind states: [`Game::definition_work`]).
pub(crate) fn definition_seconds(game: &Game, n: f64) -> f64 {
    let work = game.definition_work(n);
    work.takes * DEFINITION_SECONDS_PER_TAKE
        + work.splits * DEFINITION_SECONDS_PER_SPLIT
        + work.threes * DEFINITION_SECONDS_PER_THREE
}

/// Bytes for people: "512 bytes", "3.2 MiB", "1.5 GiB".
pub fn human_bytes(b: u64) -> String {
    match b {
        b if b >= 1 << 60 => format!("{:.1} EiB", b as f64 / (1u64 << 60) as f64),
        b if b >= 1 << 50 => format!("{:.1} PiB", b as f64 / (1u64 << 50) as f64),
        b if b >= 1 << 40 => format!("{:.1} TiB", b as f64 / (1u64 << 40) as f64),
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b if b >= 1 << 10 => format!("{:.1} KiB", b as f64 / 1024.0),
        b => format!("{b} bytes"),
    }
}

/// Seconds for people: "4.2 s", "3.0 minutes", "2.1e9 years", "12.0 ms", "100.0 ns".
pub fn human_seconds(s: f64) -> String {
    match s {
        s if s >= 3.15e10 => format!("{:.1e} years", s / 3.15e7),
        s if s >= 3.15e7 => format!("{:.1} years", s / 3.15e7),
        s if s >= 86400.0 => format!("{:.1} days", s / 86400.0),
        s if s >= 3600.0 => format!("{:.1} hours", s / 3600.0),
        s if s >= 60.0 => format!("{:.1} minutes", s / 60.0),
        // Below a tenth of a second in units that keep a digit: "0.0 s" said nothing of a
        // limit of 10^-7 s (issue 35).
        s if s >= 0.1 || s <= 0.0 => format!("{s:.1} s"),
        s if s >= 1e-3 => format!("{:.1} ms", s * 1e3),
        s if s >= 1e-6 => format!("{:.1} µs", s * 1e6),
        s => format!("{:.1} ns", s * 1e9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::EngineChoice;

    #[test]
    fn words_for_people() {
        assert_eq!(human_bytes(512), "512 bytes");
        assert_eq!(human_bytes(377 << 20), "377.0 MiB");
        assert_eq!(human_seconds(90.0), "1.5 minutes");
        assert_eq!(human_seconds(1e-7), "100.0 ns");
        assert_eq!(human_seconds(0.012), "12.0 ms");
        assert_eq!(decimal_bytes(0), 0);
        assert_eq!(decimal_bytes(10), 10);
        assert_eq!(decimal_bytes(101), 10 + 90 * 2 + 3);
        assert_eq!(decimal_bytes(u64::MAX), u64::MAX, "saturates");
    }

    /// The ETA scales the model by the time measured so far: a machine twice as slow as the
    /// model gets twice the model's remaining time.
    #[test]
    fn eta_follows_the_model() {
        let engine = Engine::choose(&Game::parse(".137").unwrap(), EngineChoice::Definition).unwrap();
        let half = engine.cost(10_000).seconds;
        let eta = engine.eta(10_000, 20_000, 2.0 * half).unwrap();
        // Quadratic: the second half costs three times the first.
        assert!((eta / (2.0 * half) - 3.0).abs() < 0.05, "{eta} vs {half}");
        assert_eq!(engine.eta(0, 2000, 1.0), None);
    }

    #[test]
    fn refusal_names_estimate_and_what_fits() {
        let engine = Engine::choose(&Game::parse(".137").unwrap(), EngineChoice::Definition).unwrap();
        let limits = Limits { bytes: 1 << 30, seconds: 10.0 };
        let e = engine.check(1 << 20, limits).unwrap_err();
        assert!(e.fits < 1 << 20 && engine.check(e.fits, limits).is_ok() && engine.check(e.fits + 1, limits).is_err());
        assert!(e.to_string().contains("--max-time"), "{e}");
    }
}
