//! `cargo xtask bench --peers`: the `grundy` command (release build) and ogsolve, the
//! octal-game solver from the package registry (pinned, built with
//! `-C target-cpu=native` as its README recommends, installed into `target/peers`, never
//! globally), on the same games and N, each run in its own process. Two tables:
//!
//! - *kernel against kernel*: `grundy values --every-value` (every value computed, no
//!   period shortcut) against ogsolve in each of its methods (`rc`, `rcs`, `rc2`, `rc2s`,
//!   `naive`), its best counted per code and named;
//! - *as a user runs it*: `grundy values` as it is (a period proved early fills the rest
//!   of the table; every row that took that shortcut says so) against the same ogsolve.
//!
//! Every cell is the median of [`Args::repeat`](super::Args) runs (at least three),
//! alternating between the programs so that a slower stretch of the shared machine falls
//! on all of them; each time and peak memory come from the child's own resource usage
//! (`wait4`, see [`util::timed`]). The values are compared on every run (ogsolve `-p`
//! prints them); both programs print them, so both times include writing them.
//!
//! The codes are chosen by a rule ([`codes::code_set`]), not by hand. Each is timed at
//! 2^20 and 2^21 values; a code that either side cannot finish at 2^20 within
//! [`TIME_LIMIT`] in any method is measured at the largest smaller power of two at which
//! both finish (the dense codes .04, .06, .76, .007 among them), never dropped.
//!
//! With `--baseline REV`, the `grundy` of that revision (built under
//! `target/bench-baseline/`) also runs `--every-value` in every round, checked against the
//! same values, and a third table compares this revision's kernel with it.

mod codes;
pub mod kernels;
mod report;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_core::ask::{Control, EngineChoice, Method, Session, TableRequest};
use grundy_core::game::Game;
use grundy_sources::atomic::write_atomic;
use serde::Serialize;

use super::Baseline;
use crate::util::{self, build_grundy, parse_bfile, timed, Timed};

/// The ogsolve release measured against (`cargo install --locked --version`).
pub const OGSOLVE_VERSION: &str = "0.0.7";
/// ogsolve's methods, each tried on every code (`ogsolve --help`); `predict-naive`
/// computes no values. In this order: the first is usually the fastest, and a method is
/// stopped once it takes [`PRUNE`] times the best so far.
const METHODS: [&str; 5] = ["rc2", "rcs", "rc", "rc2s", "naive"];
/// The sizes every code is timed at: G(0..N).
const SIZES: [u64; 2] = [1 << 20, 1 << 21];
/// The smallest size a code is measured at when a side cannot finish the larger ones.
const SMALLEST: u64 = 1 << 14;
/// A run past this is stopped; a method (or grundy) over it at a size is not run there.
const TIME_LIMIT: Duration = Duration::from_secs(30);
/// A method whose first run takes more than this many times the best method's first run is
/// stopped there and not run again at that size (its time is reported as "over").
const PRUNE: f64 = 2.0;
/// Methods within this factor of the best first run are run again for the median.
const KEEP_WITHIN: f64 = 1.3;
/// Where a code is tried when no side finishes 2^20: its time there sets the size, as if
/// the time grew with the square of N (ogsolve's methods on the periodic codes it cannot
/// finish, and the dense codes on both sides).
const PROBE: u64 = 1 << 16;
/// The size `.6` is also run at for peak memory, held and in window mode.
const MEMORY_SIZE: u64 = 1 << 22;
/// The window mode measured for memory.
const WINDOW_ARGS: &[&str] = &["--window", "2^16", "--archive"];

/// A cell: the median of its runs.
#[derive(Serialize, Clone)]
pub struct Cell {
    pub seconds: f64,
    pub runs: Vec<f64>,
    /// The median CPU time (user and system, every thread).
    pub cpu_seconds: f64,
    /// The median peak resident memory, MiB.
    pub peak_mib: f64,
}

impl Cell {
    fn of(runs: &[Timed]) -> Cell {
        let seconds: Vec<f64> = runs.iter().map(|t| round(t.seconds)).collect();
        let mib: Vec<f64> = runs.iter().map(|t| t.peak_kib as f64 / 1024.0).collect();
        let cpu: Vec<f64> = runs.iter().map(|t| round(t.cpu_seconds)).collect();
        Cell { seconds: median(&seconds), runs: seconds, cpu_seconds: median(&cpu), peak_mib: round(median(&mib)) }
    }
}

/// One ogsolve method at one size.
#[derive(Serialize, Clone)]
pub struct MethodCell {
    pub method: &'static str,
    /// The median of its runs, `None` when its first run passed the limit (or [`PRUNE`]
    /// times the best so far).
    pub cell: Option<Cell>,
    /// The time it was stopped at, when it was.
    pub stopped_after: Option<f64>,
}

/// One code at one size.
#[derive(Serialize)]
pub struct Row {
    pub game: String,
    pub rule: &'static str,
    pub heaps: u64,
    /// `grundy values --every-value`.
    pub kernel: Cell,
    /// `grundy values`.
    pub user: Cell,
    /// The period that filled the table, when `grundy values` proved one below N.
    pub shortcut: Option<String>,
    pub ogsolve: Vec<MethodCell>,
    pub best_method: &'static str,
    pub best: Cell,
    /// ogsolve's best over grundy, each median against median (above 1: grundy faster).
    pub kernel_speedup: f64,
    pub user_speedup: f64,
    /// ogsolve's best method's median CPU time over grundy's (every value).
    pub kernel_cpu_ratio: f64,
    /// Why the code is at a smaller size than 2^20, when it is.
    pub size_note: Option<String>,
    /// The baseline revision's `grundy values --every-value`, when one is measured.
    pub baseline: Option<Cell>,
    /// Its median over this revision's (above 1: this revision is faster), by the wall
    /// clock and by CPU time.
    pub over_baseline: Option<f64>,
    pub cpu_over_baseline: Option<f64>,
}

/// `.6` at [`MEMORY_SIZE`].
#[derive(Serialize)]
pub struct MemoryRow {
    pub mode: &'static str,
    pub grundy: Cell,
    pub ogsolve: Cell,
    pub method: &'static str,
}

#[derive(Serialize)]
pub struct Peers<'a> {
    pub generated_by: String,
    pub date: String,
    pub git_revision: String,
    pub machine: String,
    pub cpu_flags: Vec<String>,
    pub cores: usize,
    /// /proc/loadavg at the start and the end, and what else the machine did.
    pub load: Vec<String>,
    pub ogsolve: String,
    /// The baseline revision's grundy, when one is measured.
    pub baseline: Option<String>,
    pub rule: &'static str,
    pub runs: usize,
    pub time_limit_seconds: u64,
    pub total_seconds: f64,
    pub rows: &'a [Row],
    pub memory: &'a [MemoryRow],
}

/// ogsolve from the registry at the pinned version, built for this CPU, into
/// target/peers (reused if there and built so: a marker file records the flags).
fn install_ogsolve(root: &Path) -> Result<PathBuf> {
    let peers = root.join("target/peers");
    let exe = peers.join("bin/ogsolve");
    let marker = peers.join("rustflags");
    const FLAGS: &str = "-C target-cpu=native";
    let current = Command::new(&exe).arg("-V").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    let native = std::fs::read_to_string(&marker).is_ok_and(|f| f.trim() == FLAGS);
    if current.as_deref().is_some_and(|v| v.contains(OGSOLVE_VERSION)) && native {
        return Ok(exe);
    }
    eprintln!("installing ogsolve {OGSOLVE_VERSION} ({FLAGS}) into {}", peers.display());
    let status = Command::new("cargo")
        .args(["install", "--force", "--locked", "--version", OGSOLVE_VERSION, "--root"])
        .arg(&peers)
        .arg("ogsolve")
        .env("RUSTFLAGS", FLAGS)
        .status()
        .context("running cargo install")?;
    if !status.success() {
        bail!("cargo install ogsolve {OGSOLVE_VERSION} failed");
    }
    std::fs::write(&marker, FLAGS).with_context(|| format!("writing {}", marker.display()))?;
    Ok(exe)
}

/// ogsolve's code for an octal game: `0.6` for `.6`.
fn ogsolve_code(game: &str) -> String {
    if game.starts_with('.') {
        format!("0{game}")
    } else {
        game.to_string()
    }
}

fn parse_ogsolve_values(text: &str) -> Result<Vec<u64>> {
    let line =
        text.lines().find_map(|l| l.trim_start().strip_prefix("nimbers:")).context("ogsolve printed no nimbers")?;
    line.split_whitespace().map(|t| t.parse().context("an ogsolve nimber")).collect()
}

/// The programs and how to run them on one code at one size.
struct Job<'a> {
    grundy: &'a Path,
    ogsolve: &'a Path,
    /// The baseline revision's grundy, when one is measured.
    baseline: Option<&'a Path>,
    game: &'a str,
    heaps: u64,
}

impl Job<'_> {
    /// `grundy values`, with `extra` arguments; checked against `expect` when given.
    fn grundy(&self, extra: &[&str], limit: Duration, expect: Option<&[u64]>) -> Result<Option<Timed>> {
        self.grundy_of(self.grundy, "grundy", extra, limit, expect)
    }

    /// `grundy values` of the program `exe` (this revision's or the baseline's).
    fn grundy_of(
        &self,
        exe: &Path,
        who: &str,
        extra: &[&str],
        limit: Duration,
        expect: Option<&[u64]>,
    ) -> Result<Option<Timed>> {
        grundy_values(exe, who, self.game, self.heaps, extra, limit, expect)
    }

    /// ogsolve in `method`; checked against `expect`.
    fn ogsolve(&self, method: &str, limit: Duration, expect: &[u64]) -> Result<Option<Timed>> {
        let last = (self.heaps - 1).to_string();
        let code = ogsolve_code(self.game);
        let Some(t) = timed(self.ogsolve, &["-m", method, "-n", &last, "-p", &code], Some(limit))? else {
            return Ok(None);
        };
        self.agree(&format!("ogsolve -m {method}"), &parse_ogsolve_values(&t.stdout)?, expect)?;
        Ok(Some(t))
    }

    fn agree(&self, who: &str, got: &[u64], expect: &[u64]) -> Result<()> {
        agree(self.game, self.heaps, who, got, expect)
    }
}

/// `grundy values --game GAME --to HEAPS EXTRA` of the program `exe`, timed, stopped past
/// `limit` (`None` then); its values checked against `expect` when given.
fn grundy_values(
    exe: &Path,
    who: &str,
    game: &str,
    heaps: u64,
    extra: &[&str],
    limit: Duration,
    expect: Option<&[u64]>,
) -> Result<Option<Timed>> {
    let to = heaps.to_string();
    let mut args = vec!["values", "--game", game, "--to", &to, "--max-time", "1d"];
    args.extend_from_slice(extra);
    let Some(t) = timed(exe, &args, Some(limit))? else { return Ok(None) };
    if let Some(expect) = expect {
        agree(game, heaps, who, &parse_bfile(&t.stdout)?, expect)?;
    }
    Ok(Some(t))
}

/// An error unless `who`'s values are the ones grundy --every-value printed first.
fn agree(game: &str, heaps: u64, who: &str, got: &[u64], expect: &[u64]) -> Result<()> {
    if got != expect {
        let first = got.iter().zip(expect).position(|(x, y)| x != y);
        bail!(
            "{game} to {heaps}: {who} disagrees with grundy --every-value (lengths {} and {}, first difference at {first:?})",
            got.len(),
            expect.len()
        );
    }
    Ok(())
}

/// The first round at one size: grundy every value, then each ogsolve method (stopped at
/// the limit, or at [`PRUNE`] times the best so far). `None` when grundy or every method
/// passed the limit.
struct FirstRound {
    values: Vec<u64>,
    kernel: Timed,
    methods: Vec<(&'static str, Result<Timed, f64>)>,
}

impl FirstRound {
    /// The fastest method's time.
    fn best_seconds(&self) -> f64 {
        self.methods.iter().filter_map(|(_, r)| r.as_ref().ok().map(|t| t.seconds)).fold(f64::MAX, f64::min)
    }
}

fn first_round(job: &Job, skip: &[&str]) -> Result<Option<FirstRound>> {
    let Some(kernel) = job.grundy(&["--every-value"], TIME_LIMIT, None)? else { return Ok(None) };
    let values = parse_bfile(&kernel.stdout)?;
    let mut methods = Vec::new();
    let mut best: Option<f64> = None;
    for method in METHODS {
        if skip.contains(&method) {
            methods.push((method, Err(f64::NAN)));
            continue;
        }
        let limit = best.map_or(TIME_LIMIT, |b| TIME_LIMIT.min(Duration::from_secs_f64(PRUNE * b + 0.5)));
        match job.ogsolve(method, limit, &values)? {
            Some(t) => {
                eprintln!("    ogsolve -m {method:<5} {:>8.2} s", t.seconds);
                best = Some(best.map_or(t.seconds, |b| b.min(t.seconds)));
                methods.push((method, Ok(t)));
            }
            None => {
                eprintln!("    ogsolve -m {method:<5} stopped after {:.1} s", limit.as_secs_f64());
                methods.push((method, Err(limit.as_secs_f64())));
            }
        }
    }
    if best.is_none() {
        return Ok(None);
    }
    Ok(Some(FirstRound { values, kernel, methods }))
}

/// One code at one size: the first round, then the other rounds alternating grundy (both
/// ways) and every method within [`KEEP_WITHIN`] of the best first run.
fn measure(job: &Job, rule: &'static str, runs: usize, first: FirstRound, note: Option<String>) -> Result<Row> {
    let best_first = first.best_seconds();
    let FirstRound { values, kernel, methods } = first;
    let mut kernel_runs = vec![kernel];
    let mut user_runs = Vec::new();
    let mut baseline_runs = Vec::new();
    let mut method_runs: Vec<(&'static str, Vec<Timed>, Option<f64>)> = Vec::new();
    for (m, r) in methods {
        match r {
            Ok(t) => method_runs.push((m, vec![t], None)),
            Err(after) => method_runs.push((m, Vec::new(), (!after.is_nan()).then_some(after))),
        }
    }
    let kept = |runs: &Vec<Timed>| runs.first().is_some_and(|t| t.seconds <= KEEP_WITHIN * best_first);
    for round in 0..runs {
        if let Some(t) = job.grundy(&[], TIME_LIMIT * 4, Some(&values))? {
            user_runs.push(t);
        } else {
            bail!("{} to {}: grundy values passed {:?}", job.game, job.heaps, TIME_LIMIT * 4);
        }
        if let Some(exe) = job.baseline {
            match job.grundy_of(exe, "the baseline's grundy", &["--every-value"], TIME_LIMIT * 4, Some(&values))? {
                Some(t) => baseline_runs.push(t),
                None => bail!("{} to {}: the baseline's grundy passed {:?}", job.game, job.heaps, TIME_LIMIT * 4),
            }
        }
        if round == 0 {
            continue;
        }
        for (m, runs, _) in method_runs.iter_mut().filter(|(_, r, _)| kept(r)) {
            match job.ogsolve(m, TIME_LIMIT * 4, &values)? {
                Some(t) => runs.push(t),
                None => {
                    bail!("{} to {}: ogsolve -m {m} passed {:?} on a second run", job.game, job.heaps, TIME_LIMIT * 4)
                }
            }
        }
        match job.grundy(&["--every-value"], TIME_LIMIT * 4, Some(&values))? {
            Some(t) => kernel_runs.push(t),
            None => bail!("{} to {}: grundy --every-value passed {:?}", job.game, job.heaps, TIME_LIMIT * 4),
        }
    }
    let ogsolve: Vec<MethodCell> = method_runs
        .iter()
        .map(|(m, r, after)| MethodCell {
            method: m,
            cell: (!r.is_empty()).then(|| Cell::of(r)),
            stopped_after: *after,
        })
        .collect();
    // The best: the smallest median among the methods run every round.
    let (best_method, best) = method_runs
        .iter()
        .filter(|(_, r, _)| r.len() == runs)
        .map(|(m, r, _)| (*m, Cell::of(r)))
        .min_by(|a, b| a.1.seconds.total_cmp(&b.1.seconds))
        .context("no ogsolve method ran every round")?;
    let kernel = Cell::of(&kernel_runs);
    let user = Cell::of(&user_runs);
    let baseline = (!baseline_runs.is_empty()).then(|| Cell::of(&baseline_runs));
    let over_baseline = baseline.as_ref().map(|b| round(b.seconds / kernel.seconds));
    let cpu_over_baseline = baseline.as_ref().map(|b| round(b.cpu_seconds / kernel.cpu_seconds));
    let shortcut = shortcut(job.game, job.heaps)?;
    let row = Row {
        game: job.game.to_string(),
        rule,
        heaps: job.heaps,
        kernel_speedup: round(best.seconds / kernel.seconds),
        kernel_cpu_ratio: round(best.cpu_seconds / kernel.cpu_seconds),
        user_speedup: round(best.seconds / user.seconds),
        kernel,
        user,
        shortcut,
        ogsolve,
        best_method,
        best,
        size_note: note,
        baseline,
        over_baseline,
        cpu_over_baseline,
    };
    eprintln!(
        "  {:<6} {:>8}  grundy every value {:>7.2} s, as run {:>7.2} s{}  ogsolve -m {} {:>7.2} s  {:.2}x / {:.2}x",
        row.game,
        row.heaps,
        row.kernel.seconds,
        row.user.seconds,
        if row.shortcut.is_some() { " (period)" } else { "" },
        row.best_method,
        row.best.seconds,
        row.kernel_speedup,
        row.user_speedup
    );
    Ok(row)
}

/// Whether `grundy values` fills G(0..heaps) from a period it proves from fewer values,
/// asked of the same core function in this process (untimed).
fn shortcut(game: &str, heaps: u64) -> Result<Option<String>> {
    let req = TableRequest::new(Game::parse(game)?, heaps, EngineChoice::Auto);
    let values = Session::new().table(&req, &mut Control::unlimited())?;
    Ok(match values.method() {
        Method::Period(p) if (p.computed as u64) < heaps => {
            Some(format!("period {} from {}, proved from {} values", p.period, p.preperiod, p.computed))
        }
        _ => None,
    })
}

/// The CPU flags that decide the kernels.
fn cpu_flags() -> Vec<String> {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let flags: Vec<&str> =
        info.lines().find(|l| l.starts_with("flags")).map(|l| l.split_whitespace().collect()).unwrap_or_default();
    ["avx2", "avx512f", "avx512bw", "avx512vl", "avx512vbmi", "avx512_bitalg", "avx512_vpopcntdq"]
        .iter()
        .filter(|f| flags.contains(f))
        .map(|f| f.to_string())
        .collect()
}

fn loadavg() -> String {
    std::fs::read_to_string("/proc/loadavg").map(|s| s.trim().to_string()).unwrap_or_else(|_| "unknown".into())
}

/// What `cargo xtask bench --peers` was asked.
pub struct PeerArgs<'a> {
    /// The record's path without its extension.
    pub stem: PathBuf,
    /// Runs a cell.
    pub runs: usize,
    /// Only these codes (comma-separated), when given.
    pub only: Option<&'a str>,
    /// What else the machine was doing.
    pub note: Option<&'a str>,
    /// The baseline revision's grundy, when one is measured.
    pub baseline: Option<&'a Baseline>,
}

/// Runs the benchmark on the codes of the rule (or only `only`, when given) and writes
/// `stem.{json,md}`.
pub fn run(args: &PeerArgs) -> Result<()> {
    let PeerArgs { ref stem, runs, only, note, baseline } = *args;
    let stem = stem.as_path();
    if runs < 3 {
        bail!("--repeat must be at least 3 for the peers' medians, got {runs}");
    }
    let root = util::root();
    let started = Instant::now();
    let mut load = vec![format!("load average at the start: {}", loadavg())];
    let ogsolve = install_ogsolve(&root)?;
    let grundy = build_grundy(&root)?;
    let mut set = codes::code_set();
    if let Some(only) = only {
        // In the order given: the record is written after every code, so the first are
        // in it even if the run is stopped.
        let wanted: Vec<&str> = only.split(',').map(str::trim).collect();
        set.retain(|(c, _)| wanted.contains(&c.as_str()));
        set.sort_by_key(|(c, _)| wanted.iter().position(|w| w == c));
    }
    let total = set.len();
    let mut rows: Vec<Row> = Vec::new();
    for (done, (game, rule)) in set.iter().enumerate() {
        if done > 0 {
            let partial = Some(format!("partial: {done} of {total} codes measured so far"));
            save(stem, &Meta { only, runs, started, load: &load, partial, baseline }, &rows, &[])?;
        }
        eprintln!("{game} ({rule})");
        // The sizes: 2^20 and 2^21, or the largest smaller power of two both finish,
        // found from a probe at 2^16 (so that a slow code costs two rounds, not one a size).
        let mut heaps = SIZES[0];
        let mut note = None;
        let job = |heaps| Job {
            grundy: &grundy,
            ogsolve: &ogsolve,
            baseline: baseline.map(|b| b.exe.as_path()),
            game,
            heaps,
        };
        let first = match first_round(&job(heaps), &[])? {
            Some(first) => first,
            None => {
                let probe = first_round(&job(PROBE), &[])?
                    .with_context(|| format!("{game}: neither side finishes G(0..{PROBE}) within {TIME_LIMIT:?}"))?;
                let slowest = probe.kernel.seconds.max(probe.best_seconds());
                // The largest power of two below 2^20 at which the square law gives half the limit.
                let scale = (TIME_LIMIT.as_secs_f64() / 2.0 / slowest.max(1e-3)).sqrt();
                heaps = ((PROBE as f64 * scale) as u64).clamp(SMALLEST, SIZES[0] / 2);
                heaps = 1 << (63 - heaps.leading_zeros());
                note = Some(format!(
                    "at 2^{}: no side's method finished 2^20 within {} s; at 2^16 the slower side took {slowest:.2} s, and 2^{} is the largest power of two where the square of N gives at most half the limit",
                    heaps.trailing_zeros(),
                    TIME_LIMIT.as_secs(),
                    heaps.trailing_zeros()
                ));
                loop {
                    if let Some(first) = first_round(&job(heaps), &[])? {
                        break first;
                    }
                    if heaps <= SMALLEST {
                        bail!("{game}: neither side finishes G(0..{heaps}) within {TIME_LIMIT:?}");
                    }
                    heaps /= 2;
                }
            }
        };
        let stopped: Vec<&str> = first.methods.iter().filter(|(_, r)| r.is_err()).map(|(m, _)| *m).collect();
        rows.push(measure(&job(heaps), rule, runs, first, note.clone())?);
        if heaps == SIZES[0] {
            // A method stopped at 2^20 is not tried at 2^21.
            match first_round(&job(SIZES[1]), &stopped)? {
                Some(first) => rows.push(measure(&job(SIZES[1]), rule, runs, first, None)?),
                None => eprintln!("  {game}: 2^21 not finished within the limit"),
            }
        }
    }
    let memory = if only.is_none_or(|o| o.split(',').any(|c| c.trim() == ".6")) {
        memory_rows(&grundy, &ogsolve, runs, &rows)?
    } else {
        Vec::new()
    };
    load.push(format!("load average at the end: {}", loadavg()));
    if let Some(note) = note {
        load.push(note.to_string());
    }
    let md = save(stem, &Meta { only, runs, started, load: &load, partial: None, baseline }, &rows, &memory)?;
    print!("{md}");
    Ok(())
}

/// What the record says of the run besides its rows.
struct Meta<'a> {
    only: Option<&'a str>,
    runs: usize,
    started: Instant,
    load: &'a [String],
    partial: Option<String>,
    baseline: Option<&'a Baseline>,
}

/// Writes the record `stem.{json,md}`; returns the markdown.
fn save(stem: &Path, meta: &Meta, rows: &[Row], memory: &[MemoryRow]) -> Result<String> {
    let mut load = meta.load.to_vec();
    load.push(format!("load average when written: {}", loadavg()));
    load.extend(meta.partial.clone());
    let peers = Peers {
        generated_by: format!(
            "cargo xtask bench --peers{}{}",
            meta.only.map_or(String::new(), |o| format!(" --codes {o}")),
            meta.baseline.map_or(String::new(), |b| format!(" --baseline {}", b.commit))
        ),
        date: util::now(),
        git_revision: util::git_revision(),
        machine: util::cpu_model(),
        cpu_flags: cpu_flags(),
        cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
        load,
        ogsolve: format!("ogsolve {OGSOLVE_VERSION}, built with RUSTFLAGS=\"-C target-cpu=native\""),
        baseline: meta.baseline.map(|b| b.what.to_string()),
        rule: codes::RULE,
        runs: meta.runs,
        time_limit_seconds: TIME_LIMIT.as_secs(),
        total_seconds: round(meta.started.elapsed().as_secs_f64()),
        rows,
        memory,
    };
    write_atomic(&stem.with_extension("json"), (serde_json::to_string_pretty(&peers)? + "\n").as_bytes())?;
    let md = report::markdown(&peers);
    write_atomic(&stem.with_extension("md"), md.as_bytes())?;
    Ok(md)
}

/// `.6` at [`MEMORY_SIZE`], every value held and in window mode, against ogsolve in the
/// method that was best for .6 at 2^21; alternating, `runs` each.
fn memory_rows(grundy: &Path, ogsolve: &Path, runs: usize, rows: &[Row]) -> Result<Vec<MemoryRow>> {
    let method = rows.iter().filter(|r| r.game == ".6").max_by_key(|r| r.heaps).map_or("rc2", |r| r.best_method);
    let job = Job { grundy, ogsolve, baseline: None, game: ".6", heaps: MEMORY_SIZE };
    let limit = TIME_LIMIT * 4;
    let (mut held, mut window, mut theirs) = (Vec::new(), Vec::new(), Vec::new());
    let values = {
        let t = job.grundy(&[], limit, None)?.context("grundy .6 at the memory size")?;
        let v = parse_bfile(&t.stdout)?;
        held.push(t);
        v
    };
    for round in 0..runs {
        if round > 0 {
            held.push(job.grundy(&[], limit, Some(&values))?.context("grundy .6 at the memory size")?);
        }
        theirs.push(job.ogsolve(method, limit, &values)?.context("ogsolve .6 at the memory size")?);
        window.push(job.grundy(WINDOW_ARGS, limit, Some(&values))?.context("grundy .6 in window mode")?);
    }
    let ogsolve = Cell::of(&theirs);
    Ok(vec![
        MemoryRow { mode: "every value held", grundy: Cell::of(&held), ogsolve: ogsolve.clone(), method },
        MemoryRow { mode: "--window 2^16 --archive", grundy: Cell::of(&window), ogsolve, method },
    ])
}

fn median(xs: &[f64]) -> f64 {
    let mut v = xs.to_vec();
    v.sort_by(f64::total_cmp);
    match v.len() {
        0 => f64::NAN,
        n if n % 2 == 1 => v[n / 2],
        n => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}
