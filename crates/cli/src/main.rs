//! The `grundy` command: thin glue over grundy-core.

mod commands;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use clap::{Parser, Subcommand, ValueEnum};
use grundy_core::games::engine::EngineChoice;
use grundy_core::games::Game;

/// Heaps beyond this are refused: every value is kept in memory, and longer sweeps of
/// Grundy's game are the job of `cargo xtask compute`, with checkpoints.
const MAX_HEAP: u64 = 1 << 30;

/// Sprague-Grundy values of impartial heap games, who wins a position, and how.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = EXAMPLES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

const EXAMPLES: &str = "Games (--game): grundy (default), kayles, dawsons-kayles, dawsons-chess, crosses,
nim, misere-nim, half (take at most half), squares (subtract a square), a take-and-break
code such as .137, 4.07, .11377 or 4!.0, or a subtraction set such as s1,2,3.

Examples:
  grundy value 1222                      G(1222) of Grundy's game: 0
  grundy values --to 10001               G(0..10001), i.e. G(0) to G(10000), as the OEIS b-file A002188
  grundy values --game .137 --to 60 --format csv
  grundy value --game half 1000000       500000, at once (a closed form)
  grundy analyze 5 9 12                  nim-sum, outcome and every winning move
  grundy analyze --game s1,2,3 2 5 6     take 1 from the 5, or 3 from the 6
  grundy period --game kayles            pre-period 71 (first periodic heap), period 12, proved
  grundy period --game .376              2268248 and 4, proved, in a few minutes
  grundy play --game kayles 10 7         play against the computer (reads moves from stdin)
  grundy sweep --to 2^24                 the long sweep of Grundy's game, with progress
  grundy serve --port 8080               play in the browser at http://127.0.0.1:8080/";

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Bfile,
    Csv,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Print G(N), by the fastest engine that applies (a closed form answers any N at once).
    Value {
        #[arg(value_parser = grundy_core::count::parse_count, allow_negative_numbers = true)]
        n: u64,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = commands::values::parse_engine)]
        engine: EngineChoice,
    },
    /// Print the N values G(0), ..., G(N-1).
    Values {
        /// How many heaps: G(0..N), i.e. G(0) to G(N-1); accepts 2^20 and 1e6.
        #[arg(long, value_parser = grundy_core::count::parse_count)]
        to: u64,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
        #[arg(long, value_enum, default_value = "bfile")]
        format: Format,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = commands::values::parse_engine)]
        engine: EngineChoice,
    },
    /// Analyze a position: heap values, nim-sum, outcome and every winning move.
    Analyze {
        /// Heap sizes.
        #[arg(required = true, value_parser = parse_heap, allow_negative_numbers = true)]
        heaps: Vec<u64>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
    },
    /// Find the pre-period (first periodic heap) and the smallest period of a game's
    /// values by the fastest engine, until a periodicity theorem proves them.
    Period {
        #[arg(long, short, value_parser = parse_game)]
        game: Game,
        /// Heaps to compute at most: G(0..N); accepts 2^24 and 1e6 (default: as many as
        /// fit in memory; for the definition, as many as it computes in about ten minutes).
        #[arg(long, value_parser = grundy_core::count::parse_count)]
        max: Option<u64>,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = commands::values::parse_engine)]
        engine: EngineChoice,
    },
    /// Play against the computer in the terminal (moves are read from standard input).
    Play {
        /// Starting heaps (default: three random heaps).
        #[arg(value_parser = parse_heap, allow_negative_numbers = true)]
        heaps: Vec<u64>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
        /// Let the computer move first.
        #[arg(long)]
        computer_first: bool,
    },
    /// Serve the play page on 127.0.0.1 (everything it needs is inside the binary).
    Serve {
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Listen on another address (default 127.0.0.1).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
    },
    /// The long sweep of Grundy's game, with a progress bar, and what it found.
    Sweep {
        /// Heaps: G(0..N); accepts 2^24 and 1e6.
        #[arg(long, value_parser = parse_count)]
        to: u64,
    },
}

fn parse_heap(s: &str) -> Result<u64, String> {
    let n: u64 = s.trim().parse().map_err(|_| format!("heap sizes are whole numbers >= 0, got {s:?}"))?;
    if n > MAX_HEAP {
        return Err(format!("heap {n} is beyond the in-memory limit of {MAX_HEAP} (use `cargo xtask compute`)"));
    }
    Ok(n)
}

fn parse_count(s: &str) -> Result<u64, String> {
    let n = grundy_core::count::parse_count(s)?;
    if n > MAX_HEAP {
        return Err(format!("{n} heaps are beyond the in-memory limit of {MAX_HEAP} (use `cargo xtask compute`)"));
    }
    Ok(n)
}

fn parse_game(s: &str) -> Result<Game, String> {
    Game::parse(s).map_err(|e| e.to_string())
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

fn run(cli: Cli) -> Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Value { n, game, engine } => commands::values::value(&mut out, &game, n, engine)?,
        Command::Values { to, game, format, engine } => commands::values::values(&mut out, &game, to, format, engine)?,
        Command::Analyze { heaps, game } => commands::analyze::run(&mut out, &game, &heaps)?,
        Command::Period { game, max, engine } => commands::period::run(&mut out, &game, max, engine)?,
        Command::Play { heaps, game, computer_first } => {
            out.flush()?;
            drop(out);
            return commands::play::run(game, heaps, computer_first);
        }
        Command::Serve { port, bind } => {
            let options = grundy_web::ServeOptions { addr: std::net::SocketAddr::new(bind, port), workers: 4 };
            let running = grundy_web::serve(&options).map_err(anyhow::Error::msg)?;
            writeln!(out, "serving the play page on http://{}/ (Ctrl-C to stop)", running.addr)?;
            out.flush()?;
            running.wait();
        }
        Command::Sweep { to } => commands::sweep::run(&mut out, to)?,
    }
    out.flush()?;
    Ok(())
}
