//! The `grundy` command: thin glue over grundy-core.

mod play;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::{bail, Context, Result};
use clap::{Parser, Subcommand, ValueEnum};
use grundy_core::bfile::to_bfile;
use grundy_core::games::Game;
use grundy_core::misere::analyze_misere_nim;
use grundy_core::period::find_period;
use grundy_core::position::{analyze, Outcome};
use grundy_core::sequence::values as game_values;
use grundy_core::{FastSweep, Value};

/// Heaps beyond this are refused: every value is kept in memory, and longer sweeps of
/// Grundy's game are the job of `cargo xtask compute`, with checkpoints.
const MAX_HEAP: u64 = 1 << 30;
/// Other games are computed by the definition, which is quadratic for splitting games.
const MAX_OTHER: u64 = 1 << 20;

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
  grundy values --to 10000               G(0..=10000) as an OEIS b-file (A002188)
  grundy values --game .137 --to 60 --format csv
  grundy analyze 5 9 12                  nim-sum, outcome and every winning move
  grundy analyze --game s1,2,3 2 5 6     take 1 from the 5, or 3 from the 6
  grundy period --game kayles            pre-period 71, period 12, proved
  grundy play --game kayles 10 7         play against the computer (reads moves from stdin)
  grundy sweep --to 2^24                 the long sweep of Grundy's game, with progress
  grundy serve --port 8080               play in the browser at http://127.0.0.1:8080/";

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Bfile,
    Csv,
    Json,
}

#[derive(Subcommand)]
enum Command {
    /// Print G(N).
    Value {
        #[arg(value_parser = parse_heap, allow_negative_numbers = true)]
        n: u64,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
    },
    /// Print G(0), ..., G(N).
    Values {
        /// Last heap size.
        #[arg(long, value_parser = parse_heap, allow_negative_numbers = true)]
        to: u64,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
        #[arg(long, value_enum, default_value = "bfile")]
        format: Format,
    },
    /// Analyze a position: heap values, nim-sum, outcome and every winning move.
    Analyze {
        /// Heap sizes.
        #[arg(required = true, value_parser = parse_heap, allow_negative_numbers = true)]
        heaps: Vec<u64>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Game,
    },
    /// Find the pre-period and the smallest period of a game's values, proved where a
    /// periodicity theorem applies.
    Period {
        #[arg(long, short, value_parser = parse_game)]
        game: Game,
        /// Values to compute at most.
        #[arg(long, default_value = "100000", value_parser = parse_heap)]
        max: u64,
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

/// G(0..=n) of `game`.
pub fn values_through(game: &Game, n: u64) -> Result<Vec<Value>> {
    if *game == Game::Grundy {
        let mut sweep = FastSweep::new();
        sweep.run_to(n + 1).with_context(|| format!("computing G(0..={n})"))?;
        return Ok(sweep.values().to_vec());
    }
    if n > MAX_OTHER {
        bail!("{} is computed by the definition; heaps above {MAX_OTHER} would take too long", game.name());
    }
    game_values(game, n as usize + 1).with_context(|| format!("computing the values of {}", game.name()))
}

fn run(cli: Cli) -> Result<()> {
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Value { n, game } => {
            let g = values_through(&game, n)?;
            writeln!(out, "{}", g[n as usize])?;
        }
        Command::Values { to, game, format } => {
            let g = values_through(&game, to)?;
            match format {
                Format::Bfile => out.write_all(to_bfile(0, &g).as_bytes())?,
                Format::Csv => {
                    writeln!(out, "n,g")?;
                    for (n, v) in g.iter().enumerate() {
                        writeln!(out, "{n},{v}")?;
                    }
                }
                Format::Json => {
                    let list: Vec<String> = g.iter().map(Value::to_string).collect();
                    writeln!(out, "{{\"game\":{:?},\"values\":[{}]}}", game.name(), list.join(","))?;
                }
            }
        }
        Command::Analyze { heaps, game } => {
            if heaps.iter().all(|&h| h == 0) {
                bail!("the position has no stones: give at least one heap larger than 0");
            }
            if game.is_misere() {
                write_misere(&mut out, &heaps)?;
            } else {
                let g = values_through(&game, *heaps.iter().max().unwrap())?;
                write_analysis(&mut out, &game, &heaps, &g)?;
            }
        }
        Command::Period { game, max } => {
            let p =
                find_period(&game, max as usize).with_context(|| format!("computing the values of {}", game.name()))?;
            match p {
                Some(p) if p.proved => writeln!(
                    out,
                    "{}: periodic from heap {} with period {} (proved by the periodicity theorem after {} values)",
                    game.name(),
                    p.preperiod,
                    p.period,
                    p.computed
                )?,
                Some(p) => writeln!(
                    out,
                    "{}: period {} from heap {} observed up to heap {} (not proved)",
                    game.name(),
                    p.period,
                    p.preperiod,
                    p.computed - 1
                )?,
                None => writeln!(out, "{}: no period seen up to heap {}", game.name(), max.saturating_sub(1))?,
            }
        }
        Command::Play { heaps, game, computer_first } => {
            out.flush()?;
            drop(out);
            return play::run(game, heaps, computer_first);
        }
        Command::Serve { port, bind } => {
            let options = grundy_web::ServeOptions { addr: std::net::SocketAddr::new(bind, port), workers: 4 };
            let running = grundy_web::serve(&options).map_err(anyhow::Error::msg)?;
            writeln!(out, "serving the play page on http://{}/ (Ctrl-C to stop)", running.addr)?;
            out.flush()?;
            running.wait();
        }
        Command::Sweep { to } => {
            let bar = indicatif::ProgressBar::new(to);
            bar.set_style(
                indicatif::ProgressStyle::with_template("{bar:40} {human_pos}/{human_len} heaps  {per_sec}  ETA {eta}")
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
        }
    }
    out.flush()?;
    Ok(())
}

fn describe_move(game: &Game, heap: u64, take: u64, left: &[u64]) -> String {
    let parts: Vec<String> = left.iter().map(u64::to_string).collect();
    match (game, take, left.len()) {
        (Game::Grundy, _, _) => format!("split the heap of {heap} into {}", parts.join(" and ")),
        (_, t, 0) => format!("take all {t} of the heap of {heap}"),
        (_, t, 1) => format!("take {t} from the heap of {heap}, leaving {}", parts[0]),
        (_, 0, _) => format!("split the heap of {heap} into {}", parts.join(" and ")),
        (_, t, _) => format!("take {t} from the heap of {heap} and split the rest into {}", parts.join(" and ")),
    }
}

fn write_analysis(out: &mut impl Write, game: &Game, heaps: &[u64], g: &[Value]) -> Result<()> {
    let a = analyze(game, heaps, |n| g[n as usize]);
    let sizes: Vec<String> = a.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "game:     {}", game.name())?;
    writeln!(out, "position: {}", sizes.join(" "))?;
    let vals: Vec<String> = a.heaps.iter().zip(&a.values).map(|(h, v)| format!("G({h}) = {v}")).collect();
    writeln!(out, "values:   {}", vals.join(", "))?;
    let terms: Vec<String> = a.values.iter().map(Value::to_string).collect();
    writeln!(out, "nim-sum:  {} = {}", terms.join(" xor "), a.nim_sum)?;
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins (the nim-sum is not 0)")?,
        Outcome::PlayerToMoveLoses => {
            writeln!(out, "outcome:  the player to move loses against perfect play (the nim-sum is 0)")?
        }
    }
    let winning: Vec<_> = a.winning_moves().collect();
    writeln!(out, "legal moves: {}; winning moves: {}", a.moves.len(), winning.len())?;
    for m in winning {
        let values: Vec<String> = m.left.iter().map(|&h| g[h as usize].to_string()).collect();
        let values = match values.len() {
            0 => "no heap left".to_string(),
            1 => format!("value {}", values[0]),
            _ => format!("values {}", values.join(" and ")),
        };
        writeln!(out, "  {} ({values}), leaving nim-sum 0", describe_move(game, m.heap, m.take, &m.left))?;
    }
    Ok(())
}

fn write_misere(out: &mut impl Write, heaps: &[u64]) -> Result<()> {
    let a = analyze_misere_nim(heaps);
    let sizes: Vec<String> = a.heaps.iter().map(u64::to_string).collect();
    writeln!(out, "game:     misère Nim (whoever takes the last stone loses)")?;
    writeln!(out, "position: {}", sizes.join(" "))?;
    writeln!(out, "nim-sum:  {}", a.nim_sum)?;
    let rule = if a.heaps.iter().any(|&h| h >= 2) {
        "a heap has 2 or more stones, so the nim-sum decides, as in normal play, until one such heap is left"
    } else {
        "only heaps of one stone: the player to move wins when their number is even"
    };
    match a.outcome {
        Outcome::PlayerToMoveWins => writeln!(out, "outcome:  the player to move wins ({rule})")?,
        Outcome::PlayerToMoveLoses => {
            writeln!(out, "outcome:  the player to move loses against perfect play ({rule})")?
        }
    }
    writeln!(out, "winning moves: {}", a.winning_moves.len())?;
    for m in &a.winning_moves {
        writeln!(out, "  take {} from the heap of {}, leaving {}", m.take, m.heap, m.heap - m.take)?;
    }
    Ok(())
}
