//! `cargo xtask compute`: the long sweep, with a progress bar, checkpoints and a summary.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
pub use grundy_core::count::parse_count;
use grundy_core::{FastSweep, Kernel};
use grundy_report::Summary;
use grundy_sources::atomic::{write_atomic, write_atomic_with};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;

use crate::util;

/// The default range: 2^26 heaps, as in the write-up.
pub const DEFAULT_HEAPS: u64 = 1 << 26;

#[derive(clap::Args)]
pub struct Args {
    /// Heaps to compute: G(0..N), N as 67108864, 2^26 or 1e6.
    #[arg(long, value_parser = parse_count, default_value = "2^26")]
    pub to: u64,
    /// Continue from the last checkpoint of a run to the same N.
    #[arg(long)]
    pub resume: bool,
    /// Heaps between checkpoints (default 2^21; 0 for none).
    #[arg(long, value_parser = parse_count, default_value = "2^21")]
    pub checkpoint_every: u64,
    /// Folder for summary.json and metadata.json (default runs/sweep/<N>).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// After computing, compare with this summary on every heap below N; fail on any difference.
    #[arg(long, value_name = "SUMMARY")]
    pub check_against: Option<PathBuf>,
    /// One thread instead of two.
    #[arg(long)]
    pub single_thread: bool,
    /// Bounded memory: keep only the first W and the latest W values (W as 2^26), so that
    /// memory does not grow with N. No checkpoints in this mode.
    #[arg(long, value_parser = parse_count)]
    pub window: Option<u64>,
}

impl Args {
    /// The defaults: 2^26 heaps, checkpoints every 2^21, summary in runs/.
    pub fn default_run() -> Args {
        Args {
            to: DEFAULT_HEAPS,
            resume: false,
            checkpoint_every: 1 << 21,
            out: None,
            check_against: None,
            single_thread: false,
            window: None,
        }
    }
}

/// Where the summary of a run to `heaps` lives.
pub fn run_dir(heaps: u64) -> PathBuf {
    util::root().join("runs/sweep").join(heaps.to_string())
}

fn checkpoint_path(heaps: u64) -> PathBuf {
    util::root().join("runs/checkpoints").join(heaps.to_string()).join("sweep.ckpt")
}

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

pub fn run(args: Args) -> Result<()> {
    let n = args.to;
    if n < 3 {
        bail!("--to must be at least 3");
    }
    let ckpt = checkpoint_path(n);
    let mut sweep = if args.resume {
        let bytes = fs::read(&ckpt).with_context(|| format!("no checkpoint to resume at {}", ckpt.display()))?;
        let sweep = FastSweep::restore(&bytes, Kernel::detect())
            .with_context(|| format!("refusing checkpoint {}", ckpt.display()))?;
        if sweep.len() > n {
            bail!("refusing checkpoint {}: it holds {} heaps, more than --to {n}", ckpt.display(), sweep.len());
        }
        if sweep.stats().scan.interval_log2 != 21 {
            bail!(
                "refusing checkpoint {}: its scan intervals are 2^{} heaps, not 2^21",
                ckpt.display(),
                sweep.stats().scan.interval_log2
            );
        }
        eprintln!("resuming at heap {} of {n}", sweep.len());
        sweep
    } else {
        FastSweep::new()
    };
    if args.single_thread {
        sweep.set_threads(1);
    }
    if let Some(w) = args.window {
        if args.resume {
            bail!("--resume and --window cannot be combined: window mode writes no checkpoints");
        }
        sweep.set_window(usize::try_from(w).context("--window is too large")?);
        eprintln!("window mode: keeping G(0..{w}) and the latest {w} values; no checkpoints");
    }
    let resumed_from = sweep.len();
    let started = Instant::now();
    let bar = progress_bar(n, resumed_from);
    let every = if args.checkpoint_every == 0 { u64::MAX } else { args.checkpoint_every };
    while sweep.len() < n {
        let next = (sweep.len() / every + 1).saturating_mul(every).min(n);
        sweep.run_to_with(next, |done| bar.set_position(done)).context("sweep stopped")?;
        if next < n && !sweep.is_windowed() {
            let mut encoded = Ok(());
            write_atomic_with(&ckpt, |sink| encoded = sweep.checkpoint_with(sink))
                .with_context(|| format!("writing checkpoint {}", ckpt.display()))?;
            encoded?;
        }
        if next < n && bar.is_hidden() {
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
    let summary = Summary::new(&command, FastSweep::ALGORITHM, sweep.first_values(), sweep.stats());
    let out = args.out.unwrap_or_else(|| run_dir(n));
    write_atomic(&out.join("summary.json"), summary.to_json().as_bytes())?;
    let meta = Metadata {
        command,
        date: util::now(),
        git_revision: util::git_revision(),
        machine: util::cpu_model(),
        cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
        kernel: sweep.kernel().name(),
        threads: sweep.threads(),
        wall_seconds: (wall * 100.0).round() / 100.0,
        resumed_from,
        peak_rss_mib: util::peak_rss_mib(),
    };
    write_atomic(&out.join("metadata.json"), (serde_json::to_string_pretty(&meta)? + "\n").as_bytes())?;
    let _ = fs::remove_file(&ckpt);
    println!(
        "G(0..{n}) in {wall:.1} s: {} sparse heaps, {} records (last {:?}), average scan {:.2}; wrote {}",
        summary.sparse_heaps.len(),
        summary.records.len(),
        summary.records.last(),
        summary.scan.average,
        out.join("summary.json").display()
    );
    if let Some(other) = args.check_against {
        check_against(&summary, &other, n)?;
    }
    Ok(())
}

fn check_against(summary: &Summary, other: &Path, n: u64) -> Result<()> {
    let text = fs::read_to_string(other).with_context(|| format!("reading {}", other.display()))?;
    let other_summary = Summary::from_json(&text).with_context(|| format!("parsing {}", other.display()))?;
    // Compare as far as both reach.
    let limit = n.min(other_summary.heaps);
    let diffs = summary.disagreements_below(&other_summary, limit);
    if !diffs.is_empty() {
        for d in &diffs {
            eprintln!("  {d}");
        }
        bail!("the summary disagrees with {} below {limit} in {} ways", other.display(), diffs.len());
    }
    println!("agrees with {} on every heap below {limit}", other.display());
    Ok(())
}

fn progress_bar(n: u64, start: u64) -> ProgressBar {
    let bar = ProgressBar::new(n);
    bar.set_style(
        ProgressStyle::with_template(grundy_core::grundy::fast::PROGRESS_TEMPLATE).expect("a valid template"),
    );
    bar.set_position(start);
    bar.reset_eta();
    bar
}
