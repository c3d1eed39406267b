//! `grundy sweep`: the long sweep of Grundy's game with a progress bar, and what it found.

use std::io::Write;

use anyhow::Result;
use grundy_core::FastSweep;

pub fn run(out: &mut impl Write, to: u64) -> Result<()> {
    let bar = indicatif::ProgressBar::new(to);
    bar.set_style(
        indicatif::ProgressStyle::with_template(grundy_core::grundy::fast::PROGRESS_TEMPLATE)
            .expect("a valid template"),
    );
    let mut sweep = FastSweep::new();
    sweep.run_to_with(to, |done| bar.set_position(done))?;
    bar.finish_and_clear();
    let s = sweep.stats();
    writeln!(
        out,
        "G(0..{to}): {} sparse heaps, the last G({}) = {}",
        s.sparse_heaps.len(),
        s.sparse_heaps.last().map_or(0, |h| h.heap),
        s.sparse_heaps.last().map_or(0, |h| h.value)
    )?;
    let r = s.records.last().expect("heap 0 is a record");
    writeln!(out, "{} records, the last G({}) = {}", s.records.len(), r.heap, r.value)?;
    writeln!(
        out,
        "average stage-2 scan {:.2}; longest {:?}",
        s.scan.average(),
        s.scan.longest.map(|l| (l.heap, l.length))
    )?;
    Ok(())
}
