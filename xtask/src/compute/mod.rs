//! `cargo xtask compute`: the long sweep, with a progress bar, checkpoints and a summary,
//! of Grundy's game (here) or of an octal game (`octal`).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy_core::ask::{AskError, Cancel, Control, Limits, Session, SweepRequest, SweepStatus, GRUNDY_SWEEP_ALGORITHM};
pub use grundy_core::count::parse_count;
use grundy_core::game::Game;
use grundy_report::Summary;
use grundy_sources::atomic::{write_atomic, write_atomic_with};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::util;

mod octal;

/// The default range: 2^26 heaps, as in the write-up.
pub const DEFAULT_HEAPS: u64 = 1 << 26;

/// Heaps between chances to write a checkpoint by default (in window mode, at least the
/// window).
const DEFAULT_EVERY: u64 = 1 << 21;

/// Heaps per call into the sweep; the progress bar moves after each, and a checkpoint may
/// be written between two (the sweep reports its own progress at the same step).
const PROGRESS_STEP: u64 = 1 << 20;

/// The progress bar of a long sweep.
const PROGRESS_TEMPLATE: &str = "{bar:40} {human_pos}/{human_len} heaps  {per_sec}  ETA {eta}";

/// By default a checkpoint is written at such a chance only once this much sweeping has
/// passed since the last one, so that a short run does not spend its time writing them
/// (a 2^26 run wrote 31 checkpoints of up to 128 MiB); an interruption loses at most
/// about this much work.
const DEFAULT_CHECKPOINT_SECONDS: f64 = 30.0;

#[derive(clap::Args)]
pub struct Args {
    /// The game: Grundy's game (the default), or an octal game by code or name (.6,
    /// officers), with its own sweep, summary and checkpoints.
    #[arg(long, default_value = "grundy")]
    pub game: String,
    /// Heaps to compute: G(0..N), N as 67108864, 2^26 or 1e6.
    #[arg(long, value_parser = parse_count, default_value = "2^26")]
    pub to: u64,
    /// Continue from the last checkpoint of a run to the same N, --out and --window.
    #[arg(long)]
    pub resume: bool,
    /// Heaps between checkpoints; 0 for none. By default a checkpoint is written every
    /// 2^21 heaps (in window mode every W at least: each checkpoint then writes about 5
    /// bytes per window heap) once 30 s have passed since the last one.
    #[arg(long, value_parser = parse_count)]
    pub checkpoint_every: Option<u64>,
    /// Folder for summary.json and metadata.json (default `runs/sweep/<N>`); the checkpoint
    /// is kept there too while the run lasts (default `runs/checkpoints/<N>/`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// After computing, compare with this summary on every heap below N; fail on any difference.
    #[arg(long, value_name = "SUMMARY")]
    pub check_against: Option<PathBuf>,
    /// One thread instead of two.
    #[arg(long)]
    pub single_thread: bool,
    /// Bounded memory: keep only the first W and the latest W values (W as 2^26), so that
    /// memory does not grow with N. Checkpoints hold those values; a run resumes only with
    /// the same W.
    #[arg(long, value_parser = parse_count)]
    pub window: Option<u64>,
    /// Octal games, with --window: keep the values the window lets go, packed at the bits
    /// the largest value needs, for the rare heaps whose scans go past the window (.6 has
    /// some); memory then grows by that much a heap instead of staying bounded.
    #[arg(long, requires = "window")]
    pub archive: bool,
}

impl Args {
    /// The defaults: 2^26 heaps, checkpoints every 2^21, summary in runs/.
    pub fn default_run() -> Args {
        Args {
            to: DEFAULT_HEAPS,
            resume: false,
            checkpoint_every: None,
            out: None,
            check_against: None,
            single_thread: false,
            window: None,
            game: "grundy".to_string(),
            archive: false,
        }
    }
}

/// Where the summary of a run to `heaps` lives.
pub fn run_dir(heaps: u64) -> PathBuf {
    util::root().join("runs/sweep").join(heaps.to_string())
}

/// Where a run keeps its checkpoint: in its --out folder when one is given (so that runs
/// into two folders never share one), else in `runs/checkpoints/<N>/` (ignored by git).
pub fn checkpoint_path(heaps: u64, out: Option<&Path>) -> PathBuf {
    match out {
        Some(dir) => dir.join(CHECKPOINT_FILE),
        None => util::root().join("runs/checkpoints").join(heaps.to_string()).join(CHECKPOINT_FILE),
    }
}

/// The checkpoint's file name.
pub const CHECKPOINT_FILE: &str = "sweep.ckpt";

#[derive(Serialize)]
struct Metadata {
    command: String,
    date: String,
    git_revision: String,
    machine: String,
    cores: usize,
    kernel: &'static str,
    threads: usize,
    wall_seconds: f64,
    resumed_from: u64,
    peak_rss_mib: Option<u64>,
}

impl Metadata {
    /// Writes how a run went to `out/metadata.json`, with the date, revision and machine.
    fn write(
        out: &Path,
        command: String,
        kernel: &'static str,
        threads: usize,
        wall: f64,
        resumed_from: u64,
    ) -> Result<()> {
        let meta = Metadata {
            command,
            date: util::now(),
            git_revision: util::git_revision(),
            machine: util::cpu_model(),
            cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
            kernel,
            threads,
            wall_seconds: (wall * 100.0).round() / 100.0,
            resumed_from,
            peak_rss_mib: util::peak_rss_mib(),
        };
        let meta_path = out.join("metadata.json");
        write_atomic(&meta_path, (serde_json::to_string_pretty(&meta)? + "\n").as_bytes())
            .with_context(|| format!("writing {}", meta_path.display()))
    }
}

/// Resident bytes per heap held in memory: the core's one figure for Grundy's sweep (its
/// estimate of a sweep, per heap), which a window mode holds per window heap.
pub fn bytes_per_heap() -> u64 {
    let req = SweepRequest::new(grundy(), 1 << 20);
    Session::new().estimate_sweep(&req).map_or(6, |cost| cost.bytes >> 20)
}

/// Grundy's game.
fn grundy() -> Game {
    Game::parse("grundy").expect("Grundy's game has a name")
}

/// A token Ctrl-C sets: the sweep stops at the end of a block, writes its last checkpoint and
/// says how to go on.
pub(crate) fn ctrl_c() -> Cancel {
    let cancel = Cancel::new();
    let set = cancel.clone();
    let _ = ctrlc::set_handler(move || {
        if set.is_cancelled() {
            std::process::exit(130);
        }
        set.cancel();
    });
    cancel
}

/// Memory the sweep will hold, in bytes: every heap, or in window mode the window's.
pub fn memory_needed(n: u64, window: Option<u64>) -> u128 {
    u128::from(window.map_or(n, |w| w.min(n))) * u128::from(bytes_per_heap())
}

/// Memory available for a new process (MemAvailable in /proc/meminfo), in bytes; `None`
/// where that is not known (then nothing is refused for memory).
pub(crate) fn available_memory() -> Option<u64> {
    let info = fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib.saturating_mul(1024))
}

/// Bytes as people read them (the core's words, for the u128 estimates here).
pub(crate) fn human_bytes(bytes: u128) -> String {
    grundy_core::ask::human_bytes(u64::try_from(bytes).unwrap_or(u64::MAX))
}

/// Refuses, before anything starts, a run whose memory cannot fit in `available` bytes,
/// saying what it needs and what would fit.
pub fn check_memory(n: u64, window: Option<u64>, available: u64) -> Result<()> {
    let needed = memory_needed(n, window);
    if needed <= u128::from(available) {
        return Ok(());
    }
    let per_heap = bytes_per_heap();
    let fits = available / per_heap;
    match window {
        None => bail!(
            "--to {n} needs about {} of memory ({per_heap} bytes a heap) and {} is available: \
             at most --to {fits} fits, or keep memory bounded with --window 2^26",
            human_bytes(needed),
            human_bytes(u128::from(available))
        ),
        Some(w) => bail!(
            "--window {w} needs about {} of memory ({per_heap} bytes a heap of the window) and {} is available: \
             at most --window {fits} fits",
            human_bytes(needed),
            human_bytes(u128::from(available))
        ),
    }
}

/// Checks that `dir` is (or can be made) a folder we can write to, by writing and removing
/// a small probe file: a file in the way, no permission or a full disk fail here, with the
/// path, instead of after the whole sweep.
pub(crate) fn check_writable(dir: &Path, what: &str) -> Result<()> {
    if dir.exists() && !dir.is_dir() {
        bail!("{what} {} is a file, not a folder", dir.display());
    }
    fs::create_dir_all(dir).with_context(|| format!("cannot create {what} {}", dir.display()))?;
    let probe = dir.join(".grundy-write-probe");
    let written = fs::write(&probe, vec![0u8; 64 * 1024]);
    let _ = fs::remove_file(&probe);
    written.with_context(|| format!("cannot write to {what} {}", dir.display()))
}

pub fn run(args: Args) -> Result<()> {
    let game = Game::parse(&args.game).with_context(|| format!("--game {}", args.game))?;
    if let Some(code) = game.octal() {
        return octal::run(args, code.clone());
    }
    if game.name() != grundy().name() {
        bail!("--game {}: the long sweep is for Grundy's game and octal games, not {}", args.game, game.name());
    }
    if args.archive {
        bail!("--archive is for octal games: Grundy's-game sweep never reads past its window");
    }
    let n = args.to;
    if n < 3 {
        bail!("--to must be at least 3");
    }
    // Everything that can be refused is refused here, before the sweep starts.
    if let Some(available) = available_memory() {
        check_memory(n, args.window, available)?;
    }
    let against = match &args.check_against {
        Some(path) => Some((path.clone(), load_summary(path)?)),
        None => None,
    };
    let out = args.out.clone().unwrap_or_else(|| run_dir(n));
    check_writable(&out, "--out folder")?;
    let ckpt = checkpoint_path(n, args.out.as_deref());
    let every = args.checkpoint_every.unwrap_or_else(|| args.window.map_or(DEFAULT_EVERY, |w| w.max(DEFAULT_EVERY)));
    let writes_checkpoints = every != 0 && every < n;
    if writes_checkpoints {
        check_writable(ckpt.parent().expect("a checkpoint has a folder"), "checkpoint folder")?;
    }
    let window = args.window.map(|w| usize::try_from(w).context("--window is too large")).transpose()?;
    let mut req = SweepRequest::new(game, n).with_window(window);
    req.grundy.single_thread = args.single_thread;
    let session = Session::new();
    let cancel = ctrl_c();
    let mut ctl = Control::new(Limits { bytes: u64::MAX, seconds: f64::INFINITY }).with_cancel(cancel);
    let mut sweep = if args.resume {
        let bytes = fs::read(&ckpt).with_context(|| format!("no checkpoint to resume at {}", ckpt.display()))?;
        let mut sweep = session.resume_sweep(&req, &bytes).map_err(|e| {
            let why = e.to_string();
            anyhow::anyhow!(
                "refusing checkpoint {}: {}",
                ckpt.display(),
                why.trim_start_matches("refusing the checkpoint: ")
            )
        })?;
        drop(bytes);
        let interval = match sweep.status() {
            SweepStatus::Grundy { stats, .. } => stats.scan.interval_log2,
            SweepStatus::Octal { .. } => unreachable!("a sweep of Grundy's game"),
        };
        if interval != 21 {
            bail!("refusing checkpoint {}: its scan intervals are 2^{interval} heaps, not 2^21", ckpt.display());
        }
        eprintln!("resuming at heap {} of {n}", sweep.len());
        sweep
    } else {
        session.sweep(&req, &mut ctl)?
    };
    if let Some(w) = window {
        let w = w.max(1024);
        eprintln!("window mode: keeping G(0..{w}) and the latest {w} to {} values", w + w / 2);
    }
    let resumed_from = sweep.len();
    let started = Instant::now();
    let bar = progress_bar(n, resumed_from);
    let every = if every == 0 { u64::MAX } else { every };
    let min_seconds = if args.checkpoint_every.is_some() { 0.0 } else { DEFAULT_CHECKPOINT_SECONDS };
    let mut last_checkpoint = Instant::now();
    while sweep.len() < n {
        let boundary = (sweep.len() / every + 1).saturating_mul(every).min(n);
        let next = boundary.min(sweep.len() + PROGRESS_STEP);
        match sweep.run_to(next, &mut ctl) {
            Err(AskError::Cancelled) => {
                bar.finish_and_clear();
                write_atomic_with(&ckpt, |sink| sweep.checkpoint_with(sink))
                    .with_context(|| format!("writing checkpoint {}", ckpt.display()))?;
                eprintln!(
                    "interrupted at heap {} of {n}: checkpoint written to {}; go on with: cargo xtask compute --to {n}{}{} --resume",
                    sweep.len(),
                    ckpt.display(),
                    window.map_or(String::new(), |w| format!(" --window {w}")),
                    args.out.as_ref().map_or(String::new(), |o| format!(" --out {}", o.display())),
                );
                std::process::exit(130);
            }
            other => other.context("sweep stopped")?,
        }
        bar.set_position(next);
        let at_boundary = next == boundary && next < n;
        if at_boundary && last_checkpoint.elapsed().as_secs_f64() >= min_seconds {
            last_checkpoint = Instant::now();
            // Streamed: the values go from the sweep to the file without a second copy.
            write_atomic_with(&ckpt, |sink| sweep.checkpoint_with(sink))
                .with_context(|| format!("writing checkpoint {}", ckpt.display()))?;
        }
        if at_boundary && bar.is_hidden() {
            let secs = started.elapsed().as_secs_f64();
            let rate = (sweep.len() - resumed_from) as f64 / secs.max(1e-9);
            eprintln!("  {next} of {n} heaps, {:.0} heaps/s, about {:.0} s left", rate, (n - next) as f64 / rate);
        }
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let command = match args.window {
        Some(w) => format!("cargo xtask compute --to {n} --window {w}"),
        None => format!("cargo xtask compute --to {n}"),
    };
    let (kernel, threads) = (sweep.kernel_name(), sweep.threads());
    let SweepStatus::Grundy { stats, first_values } = sweep.status() else { unreachable!("a sweep of Grundy's game") };
    let summary = Summary::new(&command, GRUNDY_SWEEP_ALGORITHM, first_values, stats);
    let summary_path = out.join("summary.json");
    write_atomic(&summary_path, summary.to_json().as_bytes())
        .with_context(|| format!("writing {}", summary_path.display()))?;
    Metadata::write(&out, command, kernel, threads, wall, resumed_from)?;
    let _ = fs::remove_file(&ckpt);
    let last_record = match summary.records.last() {
        Some((heap, value)) => format!("the last G({heap}) = {value}"),
        None => "none".to_string(),
    };
    println!(
        "G(0..{n}) in {wall:.1} s: {}, {} ({last_record}), average scan {:.2}; wrote {}",
        grundy_core::count::plural(summary.sparse_heaps.len() as u64, "sparse heap", "sparse heaps"),
        grundy_core::count::plural(summary.records.len() as u64, "record", "records"),
        summary.scan.average,
        summary_path.display()
    );
    if let Some((other, other_summary)) = against {
        check_against(&summary, &other, &other_summary, n)?;
    }
    Ok(())
}

/// A summary to compare with, read and parsed before the sweep starts.
fn load_summary(path: &Path) -> Result<Summary> {
    let text = fs::read_to_string(path).with_context(|| format!("reading --check-against {}", path.display()))?;
    Summary::from_json(&text).with_context(|| format!("parsing --check-against {}", path.display()))
}

fn check_against(summary: &Summary, other: &Path, other_summary: &Summary, n: u64) -> Result<()> {
    // Compare as far as both reach.
    let limit = n.min(other_summary.heaps);
    let mut diffs = summary.disagreements_below(other_summary, limit);
    let whole = other_summary.heaps == n;
    if whole {
        diffs.extend(whole_range_disagreements(summary, other_summary)?);
    }
    if !diffs.is_empty() {
        for d in &diffs {
            eprintln!("  {d}");
        }
        bail!("the summary disagrees with {} below {limit} in {} ways", other.display(), diffs.len());
    }
    if whole {
        println!("agrees with {} on every statistic of G(0..{limit})", other.display());
    } else {
        println!("agrees with {} on every heap below {limit}", other.display());
    }
    Ok(())
}

/// Two summaries of the same range must be equal in every field but the command that wrote
/// them: this adds what [`Summary::disagreements_below`] leaves out because a shorter range
/// cannot be cut from a longer summary (the count and last heap of every value, the scan
/// totals and the longest scan), naming each field that differs and where first.
fn whole_range_disagreements(a: &Summary, b: &Summary) -> Result<Vec<String>> {
    let (serde_json::Value::Object(a), serde_json::Value::Object(b)) =
        (serde_json::to_value(a)?, serde_json::to_value(b)?)
    else {
        bail!("a summary is not a JSON object");
    };
    let missing = serde_json::Value::Null;
    Ok(a.iter()
        .filter(|(key, value)| *key != "generated_by" && b.get(*key) != Some(*value))
        .map(|(key, value)| first_difference(key.clone(), value, b.get(key).unwrap_or(&missing)))
        .collect())
}

/// Where two different JSON values first differ: `values[3][1]: 416 vs 417`.
fn first_difference(at: String, a: &serde_json::Value, b: &serde_json::Value) -> String {
    use serde_json::Value::{Array, Object};
    match (a, b) {
        (Array(x), Array(y)) if x.len() == y.len() => {
            let i = x.iter().zip(y).position(|(p, q)| p != q).expect("the arrays differ");
            first_difference(format!("{at}[{i}]"), &x[i], &y[i])
        }
        (Object(x), Object(y)) if x.len() == y.len() && x.keys().eq(y.keys()) => {
            let (k, v) = x.iter().find(|(k, v)| y.get(*k) != Some(*v)).expect("the objects differ");
            first_difference(format!("{at}.{k}"), v, &y[k])
        }
        _ => {
            let short = |v: &serde_json::Value| {
                let text = v.to_string();
                if text.chars().count() > 120 {
                    format!("{}...", text.chars().take(120).collect::<String>())
                } else {
                    text
                }
            };
            format!("{at}: {} vs {}", short(a), short(b))
        }
    }
}

pub(crate) fn progress_bar(n: u64, start: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    bar.set_style(ProgressStyle::with_template(PROGRESS_TEMPLATE).expect("a valid template"));
    bar.set_position(start);
    bar.reset_eta();
    bar
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Over the same range every field counts, including those `disagreements_below` leaves
    /// out (a value's count and last heap, the longest scan); only the command may differ.
    #[test]
    fn same_range_summaries_must_agree_on_every_statistic() {
        let mut ctl = Control::new(Limits { bytes: 1 << 30, seconds: 60.0 });
        let mut sweep = Session::new().sweep(&SweepRequest::new(grundy(), 20_000), &mut ctl).unwrap();
        sweep.run_to(20_000, &mut ctl).unwrap();
        let SweepStatus::Grundy { stats, first_values } = sweep.status() else { unreachable!() };
        let a = Summary::new("one command", GRUNDY_SWEEP_ALGORITHM, first_values, stats);
        let b = Summary::new("another command", GRUNDY_SWEEP_ALGORITHM, first_values, stats);
        assert!(whole_range_disagreements(&a, &b).unwrap().is_empty());
        let mut c = b.clone();
        c.values[3].1 += 1;
        c.values[3].3 += 1;
        c.scan.longest.as_mut().unwrap().length += 1;
        assert!(a.disagreements_below(&c, 20_000).is_empty(), "the shorter-range check cannot see these");
        let mut diffs = whole_range_disagreements(&a, &c).unwrap();
        diffs.sort();
        let count = a.values[3].1;
        let longest = a.scan.longest.unwrap().length;
        assert_eq!(
            diffs,
            [
                format!("scan.longest.length: {longest} vs {}", longest + 1),
                format!("values[3][1]: {count} vs {}", count + 1)
            ],
            "the first difference of each field (the last heap of value 3 differs too)"
        );
        let path = Path::new("committed.json");
        assert!(check_against(&a, path, &c, 20_000).is_err());
        assert!(check_against(&a, path, &b, 20_000).is_ok());
    }

    #[test]
    fn memory_is_checked_before_the_sweep() {
        assert_eq!(human_bytes(512), "512 bytes");
        assert_eq!(human_bytes(377 << 20), "377.0 MiB");
        assert_eq!(memory_needed(1 << 26, None), 6 << 26);
        assert_eq!(memory_needed(1 << 30, Some(1 << 26)), 6 << 26);
        // 2^63 heaps overflow u64 bytes; the estimate is u128.
        assert_eq!(memory_needed(1 << 63, None), 6u128 << 63);
        let gib = 1u64 << 30;
        assert!(check_memory(1 << 26, None, gib).is_ok());
        let e = check_memory(1 << 40, None, gib).unwrap_err().to_string();
        assert!(
            e.contains("6.0 TiB") && e.contains("1.0 GiB") && e.contains(&format!("at most --to {}", gib / 6)),
            "{e}"
        );
        assert!(check_memory(1 << 40, Some(1 << 26), gib).is_ok());
        assert!(check_memory(1 << 40, Some(1 << 30), gib).unwrap_err().to_string().contains("at most --window"));
    }
}
