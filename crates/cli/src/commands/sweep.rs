//! `grundy sweep`: the long sweep of Grundy's game with a progress bar, and what it found.

use std::io::Write;

use anyhow::{bail, Result};
use grundy_core::{FastSweep, HeapValue, SweepStats};

pub fn run(out: &mut impl Write, to: u64) -> Result<()> {
    // G(0..0) holds no heap, so there is nothing to sweep and no record to report.
    if to == 0 {
        bail!("--to 0 asks for no heaps (G(0..0) is empty); give --to 1 or more");
    }
    let bar = crate::progress::bar(to, "heaps");
    let mut sweep = FastSweep::new();
    sweep.run_to_with(to, |done| bar.set_position(done))?;
    bar.finish_and_clear();
    write!(out, "{}", describe(to, sweep.stats()))?;
    Ok(())
}

/// What a sweep found, in words (no Debug text: `None` and tuples mean nothing to a reader).
fn describe(to: u64, s: &SweepStats) -> String {
    let last = |h: Option<&HeapValue>| match h {
        Some(h) => format!("the last G({}) = {}", h.heap, h.value),
        None => "none".to_string(),
    };
    let mut text = format!(
        "G(0..{to}): {} sparse heaps, {}\n{} records, {}\n",
        s.sparse_heaps.len(),
        last(s.sparse_heaps.last()),
        s.records.len(),
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
