//! `grundy sweep`: the long sweep of Grundy's game with a progress bar, and what it found.

use std::io::Write;

use anyhow::{bail, Context, Result};
use grundy_core::count::plural;
use grundy_core::engine::{Engine, EngineChoice};
use grundy_core::game::Game;
use grundy_core::{HeapValue, SweepStats};

pub fn run(out: &mut impl Write, to: u64) -> Result<()> {
    // G(0..0) holds no heap, so there is nothing to sweep and no record to report.
    if to == 0 {
        bail!("--to 0 asks for no heaps (G(0..0) is empty); give --to 1 or more");
    }
    let bar = crate::progress::bar(to, "heaps");
    let mut run = Engine::choose(&Game::Grundy, EngineChoice::Sparse)?.run();
    let end = usize::try_from(to).context("too many heaps for this platform")?;
    run.extend_to(end, &mut |done| bar.set_position(done))?;
    bar.finish_and_clear();
    let stats = run.grundy_stats().expect("the sparse engine of Grundy's game records its statistics");
    write!(out, "{}", describe(to, stats))?;
    Ok(())
}

/// What a sweep found, in words (no Debug text: `None` and tuples mean nothing to a reader).
fn describe(to: u64, s: &SweepStats) -> String {
    let last = |h: Option<&HeapValue>| match h {
        Some(h) => format!("the last G({}) = {}", h.heap, h.value),
        None => "none".to_string(),
    };
    let mut text = format!(
        "G(0..{to}): {}, {}\n{}, {}\n",
        plural(s.sparse_heaps.len() as u64, "sparse heap", "sparse heaps"),
        last(s.sparse_heaps.last()),
        plural(s.records.len() as u64, "record", "records"),
        last(s.records.last())
    );
    text.push_str(&match s.scan.longest {
        Some(l) => format!(
            "average stage-2 scan {:.2} splits; the longest, {} splits, at heap {}\n",
            s.scan.average(),
            l.length,
            l.heap
        ),
        None => "no stage-2 scans (every heap so far is sparse)\n".to_string(),
    });
    text
}
