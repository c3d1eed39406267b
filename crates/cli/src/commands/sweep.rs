//! `grundy sweep`: the long sweep of Grundy's game with its progress, and what it found;
//! Ctrl-C saves a checkpoint and prints the command that goes on from it.

use std::io::Write;
use std::path::Path;

use anyhow::{bail, Result};
use grundy_core::ask::{AskError, HeapValue, Saved, SweepRequest, SweepStats, SweepStatus};
use grundy_core::count::plural;
use grundy_core::game::Game;

use super::{asked, resume};
use crate::job::Job;

pub fn run(out: &mut impl Write, job: &Job, to: u64, resume_from: Option<&Path>) -> Result<()> {
    // G(0..0) holds no heap, so there is nothing to sweep and no record to report.
    if to == 0 {
        bail!("--to 0 asks for no heaps (G(0..0) is empty); give --to 1 or more");
    }
    let game = Game::parse("grundy").expect("Grundy's game has a name");
    let req = SweepRequest::new(game.clone(), to);
    let (mut ctl, display) = job.control("sweeping");
    let mut sweep = match resume_from {
        Some(path) => asked(job.session.resume_sweep(&req, &resume::read(path)?), &game)?,
        None => asked(job.session.sweep(&req, &mut ctl), &game)?,
    };
    match sweep.run_to(to, &mut ctl) {
        Err(AskError::Cancelled) => {
            display.finish();
            let mut checkpoint = Vec::new();
            sweep.checkpoint_with(|bytes| checkpoint.extend_from_slice(bytes));
            let saved = Saved { checkpoint, heaps: sweep.len() };
            return Err(resume::interrupted(&saved, &format!("sweep-grundy-{to}")));
        }
        other => asked(other, &game)?,
    }
    display.finish();
    let SweepStatus::Grundy { stats, .. } = sweep.status() else { unreachable!("a sweep of Grundy's game") };
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
