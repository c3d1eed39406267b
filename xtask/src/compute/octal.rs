//! `cargo xtask compute --game CODE`: the long sweep of an octal game, as Grundy's: a
//! progress bar, checkpoints written atomically, `--resume`, and window mode for bounded
//! memory (`OctalSweep::set_window`). It writes `summary.json` (the statistics of Czajka's
//! tables: the largest value and where it first comes, the sparse heaps under the sweep's
//! rule, and the census's checksum of every value) and `metadata.json` (how it ran).

use std::fs;
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy_core::engine::octal::{OctalSweep, MIN_WINDOW};
use grundy_core::engine::{Engine, EngineChoice};
use grundy_core::game::{Game, TakeAndBreak};
use grundy_core::CheckpointError;
use grundy_sources::atomic::write_atomic;
use serde::Serialize;

use super::{available_memory, check_writable, human_bytes, progress_bar, Args, Metadata, CHECKPOINT_FILE};
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

/// Bytes the sweep will hold: every value at the engine's bytes a heap, or the window's
/// (the core's bytes a window heap) and at most two bytes a heap more with an archive.
fn memory_needed(game: &TakeAndBreak, n: u64, window: Option<u64>, archive: bool) -> u128 {
    let engine =
        Engine::choose(&Game::TakeAndBreak(game.clone()), EngineChoice::Auto).expect("Auto applies to every game");
    match window {
        None => u128::from(n) * u128::from(engine.bytes_per_heap()),
        Some(w) => u128::from(engine.cost_in_window(n, w, archive).bytes),
    }
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
    let needed = memory_needed(&game, n, args.window, args.archive);
    if let Some(available) = available_memory().filter(|&a| needed > u128::from(a)) {
        bail!(
            "G(0..{n}) of {} needs about {} of memory and {} is available: keep memory bounded with --window",
            game.code(),
            human_bytes(needed),
            human_bytes(u128::from(available))
        );
    }
    let n_usize = usize::try_from(n).context("--to is too large for this machine")?;
    let window = args.window.map(|w| usize::try_from(w).context("--window is too large")).transpose()?;
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
    let mut sweep = if args.resume {
        resume(&game, &ckpt, n, window, args.archive)?
    } else {
        // The rule is chosen on the first heaps (up to 2^16), before a window lets any go.
        let mut sweep = OctalSweep::auto(&game, n_usize)?;
        if let Some(w) = window {
            sweep.set_window(w)?;
            if args.archive {
                sweep.set_archive();
            }
        }
        sweep
    };
    if args.single_thread {
        sweep.set_threads(1);
    }
    if let Some(w) = sweep.window() {
        eprintln!(
            "window mode: keeping G(0..{w}) and the latest {w} to about {} values{}",
            w + w / 2,
            if args.archive { ", the others packed" } else { "" }
        );
    }
    let resumed_from = if args.resume { sweep.len() as u64 } else { 0 };
    let bar = progress_bar(n, resumed_from);
    let every = if every == 0 { u64::MAX } else { every };
    let min_seconds = if args.checkpoint_every.is_some() { 0.0 } else { CHECKPOINT_SECONDS };
    let mut last_checkpoint = Instant::now();
    while (sweep.len() as u64) < n {
        let len = sweep.len() as u64;
        let boundary = (len / every + 1).saturating_mul(every).min(n);
        let next = boundary.min(len + STEP);
        sweep.run_to(next as usize).context("sweep stopped")?;
        bar.set_position(next);
        let at_boundary = next == boundary && next < n;
        if at_boundary && last_checkpoint.elapsed().as_secs_f64() >= min_seconds {
            last_checkpoint = Instant::now();
            write_atomic(&ckpt, &sweep.checkpoint())
                .with_context(|| format!("writing checkpoint {}", ckpt.display()))?;
        }
        if at_boundary && bar.is_hidden() {
            let rate = (next - resumed_from) as f64 / started.elapsed().as_secs_f64().max(1e-9);
            eprintln!("  {next} of {n} heaps, {rate:.0} heaps/s, about {:.0} s left", (n - next) as f64 / rate);
        }
    }
    bar.finish_and_clear();
    let wall = started.elapsed().as_secs_f64();
    let tally = sweep.tally();
    let summary = Summary {
        format: 1,
        game: game.code().to_string(),
        heaps: n,
        mask: format!("{:x}", sweep.mask()),
        heap_parity: sweep.heap_parity(),
        largest: tally.largest,
        largest_at: tally.largest_at,
        sparse_heaps: sweep.sparse_heaps().len(),
        last_sparse_heap: sweep.sparse_heaps().last().map(|&(r, _)| r),
        checksum: format!("{:016x}", tally.checksum),
        window: sweep.window(),
        archive: sweep.archive_bytes().is_some(),
        deep_scans: sweep.deep_scans(),
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
    Metadata::write(&out, command, kernel_name(&sweep), sweep.threads(), wall, resumed_from)?;
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

/// The sweep a checkpoint holds, refused unless it is this game's, to at most `n`, with
/// the window and archive asked for.
fn resume(game: &TakeAndBreak, ckpt: &Path, n: u64, window: Option<usize>, archive: bool) -> Result<OctalSweep> {
    let bytes = fs::read(ckpt).with_context(|| format!("no checkpoint to resume at {}", ckpt.display()))?;
    let refuse = |e: CheckpointError| anyhow::anyhow!("refusing checkpoint {}: {e}", ckpt.display());
    let sweep = OctalSweep::restore(game, &bytes).map_err(refuse)?;
    let expected = window.map(|w| w.max(MIN_WINDOW) as u64);
    let found = sweep.window().map(|w| w as u64);
    if found != expected {
        return Err(refuse(CheckpointError::WrongWindow { found, expected }));
    }
    if sweep.archive_bytes().is_some() != archive {
        bail!(
            "refusing checkpoint {}: it was written {} an archive, and this run {} one",
            ckpt.display(),
            if archive { "without" } else { "with" },
            if archive { "keeps" } else { "keeps no" }
        );
    }
    if sweep.len() as u64 > n {
        bail!("refusing checkpoint {}: it holds {} heaps, more than --to {n}", ckpt.display(), sweep.len());
    }
    eprintln!("resuming at heap {} of {n}", sweep.len());
    Ok(sweep)
}

/// The kernel's name, for the metadata.
fn kernel_name(sweep: &OctalSweep) -> &'static str {
    use grundy_core::engine::octal::OctalKernel;
    match sweep.kernel() {
        OctalKernel::Scalar => "scalar",
        OctalKernel::Portable => "portable",
        OctalKernel::Avx2 => "avx2",
        OctalKernel::Dense => "dense",
    }
}
