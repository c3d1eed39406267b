//! `cargo xtask compute --game CODE`: the long sweep of an octal game, as Grundy's: a
//! progress bar, checkpoints written atomically, `--resume`, and window mode for bounded
//! memory (`OctalSweep::set_window`). It writes `summary.json` (the statistics of Czajka's
//! tables: the largest value and where it first comes, the sparse heaps under the sweep's
//! rule, and the census's checksum of every value) and `metadata.json` (how it ran).

use std::fs;
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy_core::ask::{AskError, Control, Limits, Session, Sweep, SweepRequest, SweepStatus};
use grundy_core::game::{Game, TakeAndBreak};
use grundy_sources::atomic::{write_atomic, write_atomic_with};
use serde::Serialize;

use super::{available_memory, check_writable, ctrl_c, human_bytes, progress_bar, Args, Metadata, CHECKPOINT_FILE};
use crate::util;

/// Heaps per call into the sweep: the progress bar moves after each, and a checkpoint may
/// be written between two.
const STEP: u64 = 1 << 18;
/// Heaps between chances to write a checkpoint by default.
const DEFAULT_EVERY: u64 = 1 << 21;
/// A checkpoint is written at such a chance once this many seconds have passed since the
/// last one (unless --checkpoint-every is given).
const CHECKPOINT_SECONDS: f64 = 30.0;

/// What a run found: every field the same for a run resumed from checkpoints and one that
/// never stopped.
#[derive(Serialize)]
struct Summary {
    format: u32,
    game: String,
    heaps: u64,
    /// The sparse/common rule: mask (hex) and whether the heap's parity counts.
    mask: String,
    heap_parity: bool,
    largest: u32,
    largest_at: u64,
    sparse_heaps: usize,
    last_sparse_heap: Option<usize>,
    /// FNV-1a of G(0..heaps), as the census's result files record it.
    checksum: String,
    window: Option<usize>,
    archive: bool,
    /// Heaps whose scans went past the window and read the archive.
    deep_scans: u64,
}

/// A folder name for the code: `.6` as `0.6`, so it is not a hidden file.
fn folder_name(code: &str, n: u64) -> String {
    let code = if code.starts_with('.') { format!("0{code}") } else { code.to_string() };
    format!("{code}-{n}")
}

/// Bytes the sweep will hold, by the core's estimate: every value, or the window's and at
/// most two bytes a heap more with an archive.
fn memory_needed(req: &SweepRequest) -> u128 {
    Session::new().estimate_sweep(req).map_or(u128::MAX, |cost| u128::from(cost.bytes))
}

pub(super) fn run(args: Args, game: TakeAndBreak) -> Result<()> {
    let n = args.to;
    if n < 3 {
        bail!("--to must be at least 3");
    }
    if args.check_against.is_some() {
        bail!(
            "--check-against compares summaries of Grundy's game; an octal run's summary has its checksum to compare"
        );
    }
    let window = args.window.map(|w| usize::try_from(w).context("--window is too large")).transpose()?;
    let mut req = SweepRequest::new(Game::new(game.clone()), n).with_window(window);
    req.octal.archive = args.archive;
    req.octal.single_thread = args.single_thread;
    let needed = memory_needed(&req);
    if let Some(available) = available_memory().filter(|&a| needed > u128::from(a)) {
        bail!(
            "G(0..{n}) of {} needs about {} of memory and {} is available: keep memory bounded with --window",
            game.code(),
            human_bytes(needed),
            human_bytes(u128::from(available))
        );
    }
    let out = args.out.clone().unwrap_or_else(|| util::root().join("runs/sweep").join(folder_name(game.code(), n)));
    check_writable(&out, "--out folder")?;
    let ckpt = match &args.out {
        Some(dir) => dir.join(CHECKPOINT_FILE),
        None => util::root().join("runs/checkpoints").join(folder_name(game.code(), n)).join(CHECKPOINT_FILE),
    };
    let every = args.checkpoint_every.unwrap_or(DEFAULT_EVERY);
    if every != 0 && every < n {
        check_writable(ckpt.parent().expect("a checkpoint has a folder"), "checkpoint folder")?;
    }
    let started = Instant::now();
    let session = Session::new();
    let cancel = ctrl_c();
    let mut ctl = Control::new(Limits { bytes: u64::MAX, seconds: f64::INFINITY }).with_cancel(cancel);
    let mut sweep = if args.resume {
        let bytes = fs::read(&ckpt).with_context(|| format!("no checkpoint to resume at {}", ckpt.display()))?;
        let sweep = session.resume_sweep(&req, &bytes).map_err(|e| {
            let why = e.to_string();
            anyhow::anyhow!(
                "refusing checkpoint {}: {}",
                ckpt.display(),
                why.trim_start_matches("refusing the checkpoint: ")
            )
        })?;
        eprintln!("resuming at heap {} of {n}", sweep.len());
        sweep
    } else {
        session.sweep(&req, &mut ctl)?
    };
    if let SweepStatus::Octal { window: Some(w), .. } = sweep.status() {
        eprintln!(
            "window mode: keeping G(0..{w}) and the latest {w} to about {} values{}",
            w + w / 2,
            if args.archive { ", the others packed" } else { "" }
        );
    }
    let resumed_from = if args.resume { sweep.len() } else { 0 };
    let bar = progress_bar(n, resumed_from);
    let every = if every == 0 { u64::MAX } else { every };
    let min_seconds = if args.checkpoint_every.is_some() { 0.0 } else { CHECKPOINT_SECONDS };
    let mut last_checkpoint = Instant::now();
    while sweep.len() < n {
        let len = sweep.len();
        let boundary = (len / every + 1).saturating_mul(every).min(n);
        let next = boundary.min(len + STEP);
        match sweep.run_to(next, &mut ctl) {
            Err(AskError::Cancelled) => {
                bar.finish_and_clear();
                save(&mut sweep, &ckpt)?;
                eprintln!(
                    "interrupted at heap {} of {n}: checkpoint written to {}; go on with: cargo xtask compute --game {} --to {n}{}{}{} --resume",
                    sweep.len(),
                    ckpt.display(),
                    game.code(),
                    args.window.map_or(String::new(), |w| format!(" --window {w}")),
                    if args.archive { " --archive" } else { "" },
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
            save(&mut sweep, &ckpt)?;
        }
        if at_boundary && bar.is_hidden() {
            let rate = (next - resumed_from) as f64 / started.elapsed().as_secs_f64().max(1e-9);
            eprintln!("  {next} of {n} heaps, {rate:.0} heaps/s, about {:.0} s left", (n - next) as f64 / rate);
        }
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let (kernel, threads) = (sweep.kernel_name(), sweep.threads());
    let SweepStatus::Octal { mask, heap_parity, tally, sparse_heaps, last_sparse, window, archive, deep_scans } =
        sweep.status()
    else {
        unreachable!("a sweep of an octal game")
    };
    let summary = Summary {
        format: 1,
        game: game.code().to_string(),
        heaps: n,
        mask: format!("{mask:x}"),
        heap_parity,
        largest: tally.largest,
        largest_at: tally.largest_at,
        sparse_heaps,
        last_sparse_heap: last_sparse,
        checksum: format!("{:016x}", tally.checksum),
        window,
        archive,
        deep_scans,
    };
    let summary_path = out.join("summary.json");
    write_atomic(&summary_path, (serde_json::to_string_pretty(&summary)? + "\n").as_bytes())
        .with_context(|| format!("writing {}", summary_path.display()))?;
    let mut command = format!("cargo xtask compute --game {} --to {n}", game.code());
    if let Some(w) = args.window {
        command += &format!(" --window {w}");
    }
    if args.archive {
        command += " --archive";
    }
    Metadata::write(&out, command, kernel, threads, wall, resumed_from)?;
    let _ = fs::remove_file(&ckpt);
    println!(
        "G(0..{n}) of {} in {wall:.1} s: largest value {} (first at heap {}), {} sparse heaps under mask {}{}, checksum {}; wrote {}",
        summary.game,
        summary.largest,
        summary.largest_at,
        summary.sparse_heaps,
        summary.mask,
        if summary.heap_parity { " with the heap's parity" } else { "" },
        summary.checksum,
        summary_path.display()
    );
    Ok(())
}

/// Writes the sweep's checkpoint atomically.
fn save(sweep: &mut Sweep, ckpt: &Path) -> Result<()> {
    write_atomic_with(ckpt, |sink| sweep.checkpoint_with(sink))
        .with_context(|| format!("writing checkpoint {}", ckpt.display()))
}
