//! Project tasks, run with `cargo xtask <task>`. Only xtask writes `fixtures/` and `runs/`.

mod compute;
mod fetch;
mod verify;
mod util;

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.task {
        Task::Fetch(args) => fetch::run(args),
        Task::Compute(args) => compute::run(args),
        Task::Verify(args) => verify::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::FAILURE
        }
    }
}
