//! `cargo xtask report`: findings JSON, the markdown report and its pictures.

use std::path::PathBuf;

use anyhow::Result;
use grundy_core::ask::{Control, Session, SweepRequest, SweepStatus};
use grundy_report::findings::Findings;
use grundy_report::verify::verify;
use grundy_report::{markdown, plot};
use grundy_sources::atomic::write_atomic;

use crate::util;
use crate::verify::{default_summary, load_claims, load_references, load_summary};

#[derive(clap::Args)]
pub struct Args {
    /// The summary to report on (default runs/sweep/67108864/summary.json).
    #[arg(long)]
    pub summary: Option<PathBuf>,
    /// Output folder (default runs/report).
    #[arg(long)]
    pub out: Option<PathBuf>,
}

/// Heaps in the picture of G(n), as on the write-up's page.
const PLOT_HEAPS: u64 = 30_001;

pub fn run(args: Args) -> Result<()> {
    let summary = load_summary(&args.summary.unwrap_or_else(default_summary))?;
    let (claims, references) = (load_claims()?, load_references()?);
    let checks = verify(&summary, &claims, &references)?;
    let mut findings = Findings::new(&summary, &checks);
    // The longer sweeps (window mode) that were committed, each past the one before.
    let mut longer = Vec::new();
    for log2 in grundy_report::findings::LONGER_RUNS_LOG2 {
        let path = crate::compute::run_dir(1 << log2).join("summary.json");
        if path.exists() {
            longer.push(load_summary(&path)?);
        }
    }
    findings = findings.with_longer(&summary, &longer, &claims, &references)?;
    findings.periods = grundy_report::periods::findings(&crate::prove::load_all()?, &crate::prove::published()?);
    let out = args.out.unwrap_or_else(|| util::root().join("runs/report"));
    let heaps = PLOT_HEAPS.min(summary.heaps);
    let game = grundy_core::game::Game::parse("grundy").expect("Grundy's game has a name");
    let mut ctl = Control::unlimited();
    let mut sweep = Session::new().sweep(&SweepRequest::new(game, heaps), &mut ctl)?;
    sweep.run_to(heaps, &mut ctl)?;
    let SweepStatus::Grundy { first_values, .. } = sweep.status() else { unreachable!("a sweep of Grundy's game") };
    let pictures = [("values.svg", "G(n) for n <= 30,000"), ("sparse-heaps.svg", "where the sparse heaps lie")];
    write_atomic(&out.join("values.svg"), plot::values_svg(first_values).as_bytes())?;
    write_atomic(&out.join("sparse-heaps.svg"), plot::sparse_svg(&summary.sparse_heaps, summary.heaps).as_bytes())?;
    write_atomic(&out.join("findings.json"), findings.to_json().as_bytes())?;
    write_atomic(&out.join("report.md"), markdown::report(&findings, &pictures).as_bytes())?;
    println!("wrote {}/{{report.md, findings.json, values.svg, sparse-heaps.svg}}", out.display());
    Ok(())
}
