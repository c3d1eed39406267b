//! The `grundy` command: thin glue over grundy-core.

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand};
use grundy_core::bfile::to_bfile;
use grundy_core::position::{analyze, GrundysGame, Outcome};
use grundy_core::{SparseSweep, Value};

/// Heaps beyond this are refused: the sweep keeps every value in memory (2 bytes a heap),
/// and going further is the job of `cargo xtask compute`, with checkpoints.
const MAX_HEAP: u64 = 1 << 30;

/// Sprague-Grundy values of Grundy's game, and who wins a position.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Examples:
  grundy value 1222            G(1222), the last known heap with value 0
  grundy values --to 10000     G(0..=10000) as an OEIS b-file (A002188)
  grundy analyze 5 9 12        nim-sum, outcome and every winning move";

#[derive(Subcommand)]
enum Command {
    /// Print G(N).
    Value {
        /// Heap size.
        #[arg(value_parser = parse_heap, allow_negative_numbers = true)]
        n: u64,
    },
    /// Print G(0), ..., G(N) in OEIS b-file format ("n G(n)" lines).
    Values {
        /// Last heap size.
        #[arg(long, value_parser = parse_heap, allow_negative_numbers = true)]
        to: u64,
    },
    /// Analyze a position: heap values, nim-sum, outcome and every winning move.
    Analyze {
        /// Heap sizes.
        #[arg(required = true, value_parser = parse_heap, allow_negative_numbers = true)]
        heaps: Vec<u64>,
    },
}

fn parse_heap(s: &str) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| format!("heap sizes are whole numbers >= 0, got {s:?}"))?;
    if n > MAX_HEAP {
        return Err(format!("heap {n} is beyond the in-memory limit of {MAX_HEAP} (use `cargo xtask compute`)"));
    }
    Ok(n)
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind::*;
            match e.kind() {
                DisplayHelp | DisplayVersion => {
                    let _ = e.print();
                    return ExitCode::SUCCESS;
                }
                DisplayHelpOnMissingArgumentOrSubcommand => {
                    let _ = e.print();
                    return ExitCode::from(2);
                }
                _ => {}
            }
            // One line, as for every other error.
            let text = e.render().to_string();
            let first = text.lines().next().unwrap_or("usage error");
            eprintln!("{first} (see grundy --help)");
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e:#}");
            ExitCode::from(1)
        }
    }
}

fn values_through(n: u64) -> Result<Vec<Value>> {
    let mut sweep = SparseSweep::new();
    sweep.run_to(n + 1).with_context(|| format!("computing G(0..={n})"))?;
    Ok(sweep.values().to_vec())
}

fn run(cli: Cli) -> Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Value { n } => {
            let g = values_through(n)?;
            writeln!(out, "{}", g[n as usize])?;
        }
        Command::Values { to } => {
            let g = values_through(to)?;
            out.write_all(to_bfile(0, &g).as_bytes())?;
        }
        Command::Analyze { heaps } => {
            if heaps.iter().all(|&h| h == 0) {
                bail!("the position has no stones: give at least one heap larger than 0");
            }
            let g = values_through(*heaps.iter().max().unwrap())?;
            write_analysis(&mut out, &heaps, &g)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn write_analysis(out: &mut impl Write, heaps: &[u64], g: &[Value]) -> Result<()> {
    let a = analyze(&GrundysGame, heaps, |n| g[n as usize]);
    let sizes: Vec<String> = a.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "position: {}", sizes.join(" "))?;
    let vals: Vec<String> = a.heaps.iter().zip(&a.values).map(|(h, v)| format!("G({h}) = {v}")).collect();
    writeln!(out, "values:   {}", vals.join(", "))?;
    let terms: Vec<String> = a.values.iter().map(Value::to_string).collect();
    writeln!(out, "nim-sum:  {} = {}", terms.join(" xor "), a.nim_sum)?;
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins (the nim-sum is not 0)")?,
        Outcome::PlayerToMoveLoses => writeln!(out, "outcome:  the player to move loses against perfect play (the nim-sum is 0)")?,
    }
    let winning: Vec<_> = a.winning_moves().collect();
    writeln!(out, "legal moves: {}; winning moves: {}", a.moves.len(), winning.len())?;
    for m in winning {
        let parts: Vec<String> = m.left.iter().map(u64::to_string).collect();
        let values: Vec<String> = m.left.iter().map(|&h| g[h as usize].to_string()).collect();
        writeln!(
            out,
            "  split the heap of {} into {} (values {}), leaving nim-sum 0",
            m.heap,
            parts.join(" and "),
            values.join(" and ")
        )?;
    }
    Ok(())
}
