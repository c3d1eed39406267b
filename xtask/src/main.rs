//! Project tasks, run with `cargo xtask <task>`. Only xtask writes `fixtures/` and `runs/`.

mod bench;
mod ci;
mod compute;
mod fetch;
mod load;
mod prove;
mod report;
mod tidy;
mod util;
mod verify;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(name = "cargo xtask", about = "grundy project tasks")]
struct Cli {
    #[command(subcommand)]
    task: Task,
}

#[derive(Subcommand)]
enum Task {
    /// Download the pinned references into fixtures/ (or, with --offline, rebuild the
    /// parsed fixtures and the manifest from fixtures/raw/).
    Fetch(fetch::Args),
    /// Run the sweep of Grundy's game (release build) and write its summary to runs/.
    Compute(compute::Args),
    /// Check every claim and reference against the summary and the fixtures.
    Verify(verify::Args),
    /// Write runs/report: findings.json, report.md and SVG pictures.
    Report(report::Args),
    /// Prove an octal game's period with `grundy period` (release), timed, its values
    /// compared with the game's OEIS b-file: `runs/periods/<code>.json`.
    Prove(prove::Args),
    /// Measure the sweeps side by side and write `runs/bench/<date>.{json,md}`.
    Bench(bench::Args),
    /// One measurement of `bench`, in its own process (internal).
    #[command(hide = true)]
    BenchOne(bench::OneArgs),
    /// Run a program and report its time and peak memory from its own resource usage, as
    /// the last line of stderr (internal: `bench --peers` and `prove` time through it).
    #[command(hide = true)]
    Measure(MeasureArgs),
    /// The main job: compute 2^26 afresh into target/all/, check it against the committed
    /// summary on every statistic, verify every claim, write the report.
    All(AllArgs),
    /// Check the architecture rules (file docs, missing_docs, no Command outside xtask, core's
    /// dependencies and no I/O, reasons on `#[ignore]`).
    Tidy,
    /// The play server under load (issue 38), on loopback: latency of cheap and heavy
    /// requests, CPU and memory after, SIGTERM during a burst.
    Load(load::Args),
    /// Run every CI step in order, exactly what `.ci/run` runs.
    Ci,
}

/// `cargo xtask tidy`: the rules of `tidy.rs`, every broken one listed.
fn tidy_task() -> anyhow::Result<()> {
    let problems = tidy::check(&util::root());
    for p in &problems {
        eprintln!("{p}");
    }
    if !problems.is_empty() {
        anyhow::bail!("{} architecture rules broken (see above)", problems.len());
    }
    println!("tidy: every rule holds");
    Ok(())
}

#[derive(clap::Args)]
struct MeasureArgs {
    /// Kill the program after this many milliseconds (0: never).
    #[arg(long, default_value_t = 0)]
    limit_ms: u64,
    /// The program and its arguments.
    #[arg(required = true, trailing_var_arg = true, allow_hyphen_values = true)]
    command: Vec<String>,
}

#[derive(clap::Args)]
struct AllArgs {
    /// Reuse the committed 2^26 summary when it is from the current algorithm, instead of
    /// recomputing it (compute only when it is missing or from another algorithm).
    #[arg(long)]
    reuse: bool,
}

/// The main job. By default it reproduces: the 2^26 sweep is computed afresh into a scratch
/// folder and must equal the committed summary on every statistic (the check CI runs at
/// 2^22, here over the whole range) before the claims are verified and the report written
/// from it. `--reuse` skips the sweep when the committed summary is current.
fn all(args: AllArgs) -> anyhow::Result<()> {
    let committed = verify::default_summary();
    let summary = if args.reuse {
        let current = verify::load_summary(&committed)
            .map(|s| s.algorithm == grundy_core::ask::GRUNDY_SWEEP_ALGORITHM)
            .unwrap_or(false);
        if current {
            println!("using {} (same algorithm; --reuse)", committed.display());
        } else {
            compute::run(compute::Args::default_run())?;
        }
        None
    } else {
        let out = util::root().join("target/all");
        println!(
            "computing G(0..2^26) afresh into {}, then checking it against {}",
            out.display(),
            committed.display()
        );
        compute::run(compute::Args {
            out: Some(out.clone()),
            check_against: Some(committed),
            ..compute::Args::default_run()
        })?;
        Some(out.join("summary.json"))
    };
    let verified = verify::run(verify::Args { summary: summary.clone() });
    report::run(report::Args { summary, out: None })?;
    verified
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Fetch(args) => fetch::run(args),
        Task::Compute(args) => compute::run(args),
        Task::Verify(args) => verify::run(args),
        Task::Report(args) => report::run(args),
        Task::All(args) => all(args),
        Task::Tidy => tidy_task(),
        Task::Ci => ci::run(),
        Task::Load(args) => load::run(args),
        Task::Prove(args) => prove::run(args),
        Task::Bench(args) => bench::run(args),
        Task::BenchOne(args) => bench::run_one(args),
        Task::Measure(args) => {
            util::measure_child(args.limit_ms, std::path::Path::new(&args.command[0]), &args.command[1..])
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
