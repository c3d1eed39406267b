//! The `grundy` command: thin glue over grundy-core's request API (`grundy_core::ask`).
//! `args` defines the command line, `commands/` has one module per subcommand, `job` holds
//! the run's session, limits and Ctrl-C, `limits` reads `--max-time` and `--max-memory`.

mod args;
mod commands;
mod job;
mod limits;

use std::io::{self, Write};
use std::process::ExitCode;

use anyhow::Result;
use args::{family, heap_of, heaps_of, parse_number, CensusCommand, Cli, Command};
use clap::Parser;
use grundy_core::ask::{AskError, ErrorKind, Rule};
use grundy_core::game::Played;
use job::{Job, INTERRUPTED};

/// Seconds since the first call: the clock the core's engines measure themselves by.
fn seconds() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

fn main() -> ExitCode {
    grundy_core::ask::set_clock(seconds);
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
            eprintln!("{} (see grundy --help)", one_line(&e.render().to_string()));
            return ExitCode::from(2);
        }
    };
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stops early (`grundy values --to 1000000 | head -1`) is not an error.
        Err(e) if is_broken_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => report(&e),
    }
}

/// Prints an error in one line and chooses the exit code: 2 for a usage error (clap's, or
/// an argument read after it), 130 for a run stopped by Ctrl-C, 1 otherwise (a request the
/// core refuses, a computation that fails).
fn report(e: &anyhow::Error) -> ExitCode {
    if let Some(stopped) = e.downcast_ref::<Interrupted>() {
        eprintln!("interrupted: {stopped}");
        return ExitCode::from(INTERRUPTED);
    }
    let asked = e.chain().find_map(|c| c.downcast_ref::<AskError>());
    if asked.is_some_and(|a| a.kind() == ErrorKind::Cancelled) {
        eprintln!("interrupted: nothing to resume (this command starts from the beginning when run again)");
        return ExitCode::from(INTERRUPTED);
    }
    // Arguments read after clap (heaps, which depend on the game) are usage errors too.
    if e.downcast_ref::<Usage>().is_some() {
        eprintln!("error: {e:#} (see grundy --help)");
        return ExitCode::from(2);
    }
    eprintln!("error: {e:#}");
    ExitCode::from(1)
}

/// A bad argument found after clap has parsed the line (a heap is read once the game is
/// known): exit code 2, as clap's own usage errors.
#[derive(Debug)]
pub struct Usage(pub String);

impl std::fmt::Display for Usage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Usage {}

/// A run stopped by Ctrl-C, with what it saved and the command that goes on from it:
/// exit code 130.
#[derive(Debug)]
pub struct Interrupted(pub String);

impl std::fmt::Display for Interrupted {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Interrupted {}

/// The rule asked for: misère with `--misere`, or when the game's name says so
/// (`misere-nim`).
fn rule(misere: bool, played: &Played) -> Rule {
    if misere || played.rule == Rule::Misere {
        Rule::Misere
    } else {
        Rule::Normal
    }
}

/// clap's error as one line: the message with what follows it on the next lines (the
/// missing argument's name, the possible values, a tip), without the usage and the
/// "for more information" hint.
fn one_line(rendered: &str) -> String {
    let parts: Vec<&str> = rendered
        .lines()
        .map(str::trim)
        .take_while(|l| !l.starts_with("Usage:") && !l.starts_with("For more information"))
        .filter(|l| !l.is_empty())
        .collect();
    if parts.is_empty() {
        "error: usage error".to_string()
    } else {
        parts.join(" ")
    }
}

/// Whether the error (or one of its causes) is a write to a closed pipe.
fn is_broken_pipe(e: &anyhow::Error) -> bool {
    e.chain().any(|c| c.downcast_ref::<io::Error>().is_some_and(|io| io.kind() == io::ErrorKind::BrokenPipe))
}

fn run(cli: Cli) -> Result<()> {
    let job = Job::new(limits::limits(cli.max_time, cli.max_memory));
    let stdout = io::stdout();
    let mut out = io::BufWriter::new(stdout.lock());
    match cli.command {
        Command::Value { n, game: played, engine } => {
            let game = played.game;
            let n = if game.largest_heap().is_some() {
                heap_of(&game, &n)?
            } else {
                parse_number(&n).map_err(|e| Usage(format!("invalid value '{n}' for '<N>': {e}")))?
            };
            commands::values::refuse_normal_values(&game, played.rule)?;
            if game.loopy().is_some() {
                commands::loopy::value(&mut out, &job, &game, n)?
            } else {
                commands::value::run(&mut out, &job, &game, n, engine)?
            }
        }
        Command::Values { to, game: played, format, misere, engine, window, archive, resume, every_value } => {
            let game = played.game;
            let misere = misere || played.rule == Rule::Misere;
            let to = commands::values::table_length(&game, to)?;
            if game.loopy().is_some() {
                let rule = if misere { Rule::Misere } else { Rule::Normal };
                commands::loopy::values(&mut out, &job, &game, rule, to, format)?;
                out.flush()?;
                return Ok(());
            }
            match (window, misere) {
                (Some(_), true) => {
                    return Err(Usage("--window is for normal play: misère values come from a search".into()).into())
                }
                (Some(window), false) => {
                    commands::values::in_window(&mut out, &job, &game, to, format, window, archive)?
                }
                (None, true) => commands::values::misere(&mut out, &job, &game, to, format)?,
                (None, false) => {
                    commands::values::run(&mut out, &job, &game, to, format, engine, resume.as_deref(), every_value)?
                }
            }
        }
        Command::Analyze { heaps, game: played, misere, count, format } => {
            let heaps = heaps_of(&played.game, &heaps)?;
            if played.game.loopy().is_some() {
                commands::loopy::analyze(&mut out, &job, &played.game, &heaps, rule(misere, &played), format)?;
                out.flush()?;
                return Ok(());
            }
            commands::analyze::run(&mut out, &job, &played.game, &heaps, rule(misere, &played), count, format)?
        }
        Command::Describe { game: played } => commands::describe::run(&mut out, &played.game)?,
        Command::Period { game: played, max, engine } => {
            commands::values::refuse_normal_values(&played.game, played.rule)?;
            commands::period::run(&mut out, &job, &played.game, max, engine)?
        }
        Command::Play { heaps, game: played, computer_first, misere, count } => {
            let heaps = heaps_of(&played.game, &heaps)?;
            out.flush()?;
            drop(out);
            let rule = rule(misere, &played);
            if played.game.loopy().is_some() {
                return commands::loopy::play(&job, played.game, heaps, computer_first, rule);
            }
            return commands::play::run(&job, played.game, heaps, computer_first, rule, count);
        }
        Command::Serve { port, bind } => commands::serve::run(&mut out, &job, bind, port)?,
        Command::Explain { heaps, game: played, count, misere } => {
            let heaps = heaps_of(&played.game, &heaps)?;
            if played.game.loopy().is_some() {
                commands::loopy::explain(&mut out, &job, &played.game, &heaps, rule(misere, &played))?;
                out.flush()?;
                return Ok(());
            }
            commands::explain::run(&mut out, &job, &played.game, &heaps, rule(misere, &played), count)?
        }
        Command::Practice { game, seed, count } => {
            let seed = seed.unwrap_or_else(clock_seed);
            commands::practice::run(&mut out, &mut io::stdin().lock(), &job, &game, seed, count)?
        }
        Command::Census(args) => match args.command {
            Some(CensusCommand::Merge { family: name, budget, out: dir, threads, misere, bound }) => {
                let f = family(&name)?;
                if misere {
                    let dir = commands::census::misere_folder(&f, dir)?;
                    commands::census::merge_misere(&mut out, &f, bound, &dir)?
                } else {
                    let dir = commands::census::folder(&f, dir)?;
                    commands::census::merge_into(&mut out, &f, budget, &dir, commands::census::threads(threads))?
                }
            }
            Some(CensusCommand::Unfinished { family: name, budget, out: dir, shards }) => {
                let f = family(&name)?;
                let dir = commands::census::folder(&f, dir)?;
                commands::census::unfinished(&mut out, &f, budget, &dir, shards)?
            }
            None => {
                let f = family(args.family.as_deref().expect("clap requires --family"))?;
                let shard = args.shard.as_deref().map(grundy_census::shard::Shard::parse).transpose()?;
                if args.misere {
                    let dir = commands::census::misere_folder(&f, args.out)?;
                    commands::census::run_misere(&mut out, &job, &f, args.bound, &dir, shard)?
                } else {
                    let dir = commands::census::folder(&f, args.out)?;
                    let threads = commands::census::threads(args.threads);
                    commands::census::run(&mut out, &job, &f, args.budget, &dir, shard, threads)?
                }
            }
        },
        Command::Quotient { game, to, full, format } => {
            commands::quotient::run(&mut out, &job, &game.game, to, full, format)?
        }
        Command::Genus { game, to, format } => commands::genus::run(&mut out, &job, &game.game, to, format)?,
        Command::Sweep { to, resume } => commands::sweep::run(&mut out, &job, to, resume.as_deref())?,
    }
    out.flush()?;
    Ok(())
}

/// A seed from the clock, for a new practice problem each time.
fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_nanos() as u64 % 1_000_000)
}
