//! The command line's arguments: every subcommand and flag, defined once (clap derives the
//! help from them), and the readers of what clap cannot check alone (a game, a count).

use clap::{Parser, Subcommand, ValueEnum};
use grundy_core::ask::{Convention, EngineChoice, Rule};
use grundy_core::game::{Game, Played};

/// Heaps beyond this are refused: every value is kept in memory, and longer sweeps of
/// Grundy's game are the job of `cargo xtask compute`, with checkpoints.
pub const TABLE_MAX_HEAPS: u64 = 1 << 30;

/// Sprague-Grundy values of impartial heap games, who wins a position, and how.
#[derive(Parser)]
#[command(name = "grundy", version, about, after_help = after_help())]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Longest a job may take by the engine's estimate before it is refused: seconds, or
    /// 10m, 2h, 1d (default 1h).
    #[arg(long, global = true, value_parser = crate::limits::parse_duration)]
    pub max_time: Option<f64>,
    /// Most memory a job may take by the engine's estimate: bytes, or 512M, 4G (default:
    /// three quarters of the memory available).
    #[arg(long, global = true, value_parser = crate::limits::parse_bytes)]
    pub max_memory: Option<u64>,
}

/// The games (from the core's catalog, the one list of names) and the examples.
pub fn after_help() -> String {
    let mut games = String::from("Games (--game; grundy is the default):\n");
    for e in grundy_core::game::catalog::CATALOG {
        let names = std::iter::once(e.id).chain(e.aliases.iter().copied()).collect::<Vec<_>>().join(", ");
        games.push_str(&format!("  {names}: {}\n", e.rules));
    }
    games.push_str(
        "  or a take-and-break code such as .137, 4.07, .11377 or 4!.0, a subtraction set such as s1,2,3,\n  \
         or graph:FILE, a game on a directed graph (lines `vertex: moves...`; see examples/graphs/); a graph\n  \
         with cycles has Smith's values (a number or ∞{K}) and positions may be drawn (D)\n\n",
    );
    games + EXAMPLES
}

const EXAMPLES: &str = "Examples:
  grundy value 1222                      G(1222) of Grundy's game: 0
  grundy values --to 10001               G(0..10001), i.e. G(0) to G(10000), as the OEIS b-file A002188
  grundy values --game .137 --to 60 --format csv
  grundy value --game half 1000000       500000, at once (a closed form)
  grundy analyze 5 9 12                  nim-sum, outcome and every winning move
  grundy analyze --game s1,2,3 2 5 6     take 1 from the 5, or 3 from the 6
  grundy period --game kayles            pre-period 71 (first periodic heap), period 12, proved
  grundy period --game '0.0[3]'          period 2 and saltus 1 (take any number but 1), proved
  grundy describe '0.{0!,2!,3!}'         0.D!, and the rules in words
  grundy period --game .376              2268248 and 4, proved, in a few minutes
  grundy play --game kayles 10 7         play against the computer (reads moves from stdin)
  grundy sweep --to 2^24                 the long sweep of Grundy's game, with progress
  grundy values --game graph:examples/graphs/wythoff-4x4.txt   G of every vertex, by name
  grundy analyze --game graph:examples/graphs/wythoff-4x4.txt d4 c2   two queens
  grundy serve --port 8080               play in the browser at http://127.0.0.1:8080/";

/// Every subcommand.
#[derive(Subcommand)]
pub enum Command {
    /// Print G(N), by the fastest engine that applies (a closed form, or a period proved first for a large N, answers any N at once).
    Value {
        /// The heap (on a graph: a vertex's name).
        #[arg(allow_negative_numbers = true)]
        n: String,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = parse_engine)]
        engine: EngineChoice,
    },
    /// Print the N values G(0), ..., G(N-1).
    Values {
        /// How many heaps: G(0..N), i.e. G(0) to G(N-1); accepts 2^20 and 1e6 (a game on a
        /// graph: every vertex when not given).
        #[arg(long, value_parser = parse_number, allow_hyphen_values = true)]
        to: Option<u64>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        #[arg(long, value_enum, default_value = "bfile")]
        format: Format,
        /// List the heaps among 0..N (0 to N-1) that are misère P-positions (the player to
        /// move loses when whoever makes the last move loses), within the exhaustive
        /// search's limit of 40 stones.
        #[arg(long)]
        misere: bool,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = parse_engine)]
        engine: EngineChoice,
        /// Octal games: bounded memory. Keep only G(0..W) and about the latest W values (W at
        /// least 2^15) and write the table as it grows; a game whose sparse heaps or scans go
        /// past W stops with the heap that needs more.
        #[arg(long, value_parser = parse_number)]
        window: Option<u64>,
        /// With --window: keep the values the window lets go, packed at the bits the largest
        /// value needs, for the rare scans past the window (.6 needs it); memory then grows
        /// by that much a heap.
        #[arg(long, requires = "window")]
        archive: bool,
        /// Go on from the checkpoint an interrupted run of the same table saved (Ctrl-C
        /// prints its path and this command).
        #[arg(long, value_name = "CHECKPOINT", conflicts_with = "window")]
        resume: Option<std::path::PathBuf>,
        /// Compute every value with the engine: no period is looked for, so a periodic
        /// game's table is not filled from its period once that is proved (the default
        /// does, and is far faster then). For timing the engine against programs that
        /// compute every value.
        #[arg(long, conflicts_with_all = ["window", "misere"])]
        every_value: bool,
    },
    /// Analyze a position: heap values, nim-sum, outcome and every winning move.
    Analyze {
        /// Heap sizes, kept in the order given (on a graph: the vertices the tokens are on).
        #[arg(required = true, allow_negative_numbers = true)]
        heaps: Vec<String>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        /// Misère play: whoever makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Which moves count as different: heaps (each heap its own object), placements
        /// (games on a row: each position on the row), sizes (by heap size and result).
        #[arg(long, default_value = "heaps")]
        count: Convention,
        #[arg(long, value_enum, default_value = "text")]
        format: ReportFormat,
    },
    /// Describe a game: its take-and-break code in CGSuite's normal form (`0.{0!,2!,3!}`
    /// is `0.D!`), its rules in words, the subtraction set it is (`s2,3,5,9` is
    /// `0.033030003`, an all-but set a `[3]` tail) and the theorem that proves its periods.
    Describe {
        /// A code, a subtraction set or a name (`0.[3]`, `{2+}=.0`, `s2,3,5`, `kayles`).
        #[arg(value_parser = parse_game, allow_hyphen_values = true)]
        game: Played,
    },
    /// Find the pre-period (first periodic heap) and the smallest period of a game's
    /// values by the fastest engine, until a periodicity theorem proves them.
    Period {
        #[arg(long, short, value_parser = parse_game)]
        game: Played,
        /// Heaps to compute at most: G(0..N); accepts 2^24 and 1e6 (default: as many as
        /// fit in memory; for the definition, as many as it computes in about ten minutes).
        #[arg(long, value_parser = parse_number, allow_hyphen_values = true)]
        max: Option<u64>,
        /// auto (the fastest that applies), definition, sparse or closed.
        #[arg(long, default_value = "auto", value_parser = parse_engine)]
        engine: EngineChoice,
    },
    /// Play against the computer in the terminal (moves are read from standard input).
    Play {
        /// Starting heaps (default: three random heaps; on a graph: the tokens' vertices).
        #[arg(allow_negative_numbers = true)]
        heaps: Vec<String>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        /// Let the computer move first.
        #[arg(long)]
        computer_first: bool,
        /// Misère play: whoever makes the last move loses.
        #[arg(long)]
        misere: bool,
        /// Which moves count as different (heaps, placements, sizes), as for analyze.
        #[arg(long, default_value = "heaps")]
        count: Convention,
    },
    /// The worked solution of a position, step by step: the mex table, the nim-sum in
    /// binary, the target of each heap and every move from it, and the winning moves.
    Explain {
        /// Heap sizes, in order (named A, B, C, ...; on a graph: the tokens' vertices).
        #[arg(required = true, allow_negative_numbers = true)]
        heaps: Vec<String>,
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        /// Which moves count as different (as for analyze): heaps, placements or sizes.
        #[arg(long, default_value = "heaps")]
        count: Convention,
        /// Misère play: the solution by the misère quotient (or misère Nim's rule).
        #[arg(long)]
        misere: bool,
    },
    /// The misère quotient of a game for heaps 0..N (Plambeck and Siegel): its order, its
    /// P-portion, generators and relations, the element each heap pretends to be, and
    /// whether that pretending function repeats (MisereSolver's stop rule; the computation
    /// stops there unless --full).
    Quotient {
        #[arg(long, short, value_parser = parse_game)]
        game: Played,
        /// The largest heap: heaps 0 to N.
        #[arg(long, value_parser = parse_number)]
        to: u64,
        /// Go on to N even when the pretending function has met the stop rule.
        #[arg(long)]
        full: bool,
        #[arg(long, value_enum, default_value = "text")]
        format: ReportFormat,
    },
    /// Conway's genus of each single heap 0..N: g^(γ0 γ1 ...), and whether it is tame.
    Genus {
        #[arg(long, short, value_parser = parse_game)]
        game: Played,
        /// The largest heap: heaps 0 to N (at most 40).
        #[arg(long, value_parser = parse_number)]
        to: u64,
        #[arg(long, value_enum, default_value = "text")]
        format: ReportFormat,
    },
    /// A practice problem: how many winning moves? Reads your answer from standard input,
    /// then shows the worked solution.
    Practice {
        #[arg(long, short, default_value = "grundy", value_parser = parse_game)]
        game: Played,
        /// The same seed gives the same problem (default: a new one each time).
        #[arg(long)]
        seed: Option<u64>,
        /// Which moves count as different (as for analyze): heaps, placements or sizes;
        /// the question says which.
        #[arg(long, default_value = "heaps")]
        count: Convention,
    },
    /// Serve the play page on 127.0.0.1 (everything it needs is inside the binary).
    Serve {
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// Listen on another address (default 127.0.0.1).
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
    },
    /// A census of a family of take-and-break games (octal codes, or a list in CGSuite's
    /// notation): each code computed until its period is proved or the budget is reached,
    /// one result file per game, then one table (see `census merge`).
    Census(CensusArgs),
    /// The long sweep of Grundy's game, with a progress bar, and what it found.
    Sweep {
        /// Heaps: G(0..N); accepts 2^24 and 1e6.
        #[arg(long, value_parser = parse_count, allow_hyphen_values = true)]
        to: u64,
        /// Go on from the checkpoint an interrupted sweep to the same N saved (Ctrl-C prints
        /// its path and this command).
        #[arg(long, value_name = "CHECKPOINT")]
        resume: Option<std::path::PathBuf>,
    },
}

#[derive(clap::Args)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct CensusArgs {
    #[command(subcommand)]
    pub command: Option<CensusCommand>,
    /// The family: tczajka, tczajka-trivial, tczajka-solved, tczajka-unsolved, 0.ddd,
    /// 0.dddd, 4.ddd, list:CODE,CODE,... or list-file:PATH.
    #[arg(long, required = true)]
    pub family: Option<String>,
    /// Values computed at most per game: G(0..N); accepts 2^20.
    #[arg(long, default_value = "2^20", value_parser = parse_count)]
    pub budget: u64,
    /// The census folder (default `runs/census/<family>`).
    #[arg(long)]
    pub out: Option<std::path::PathBuf>,
    /// Run only shard i of n (0 <= i < n); inside a Slurm job array of ids 0..n-1 the shard
    /// comes from SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT.
    #[arg(long)]
    pub shard: Option<String>,
    /// Games run at once (default: every core this process may use); the results do not
    /// depend on it.
    #[arg(long)]
    pub threads: Option<usize>,
    /// A misère census: each code's misère quotient to heap --bound (order, P-portion,
    /// the bound reached), in `runs/census-misere/<family>` unless --out.
    #[arg(long)]
    pub misere: bool,
    /// The largest heap of a misère census.
    #[arg(long, default_value_t = 30)]
    pub bound: u64,
}

#[derive(Subcommand)]
pub enum CensusCommand {
    /// Build table.csv and table.md from the result files, after checking each one (a proof
    /// computed again, stored values against their checksum) and that no game is missing or
    /// twice and all come from the same census; the budget is read from the results.
    Merge {
        #[arg(long)]
        family: String,
        /// The budget the results must have (default: the one they carry).
        #[arg(long, value_parser = parse_count)]
        budget: Option<u64>,
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// Results checked at once (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Merge a misère census (see `census --misere`).
        #[arg(long)]
        misere: bool,
        /// The largest heap of the misère census.
        #[arg(long, default_value_t = 30)]
        bound: u64,
    },
    /// Print the shards (of --shards) that still have a game to run at --budget, separated
    /// by commas: the array a resubmission runs (deploy/slurm/submit.sh).
    Unfinished {
        #[arg(long)]
        family: String,
        #[arg(long, value_parser = parse_count)]
        budget: u64,
        #[arg(long)]
        out: Option<std::path::PathBuf>,
        /// The census's shard count.
        #[arg(long)]
        shards: u64,
    },
}

/// A family by name; `list-file:PATH` reads the codes from a file.
pub fn family(name: &str) -> anyhow::Result<grundy_census::family::Family> {
    use anyhow::Context;
    match name.strip_prefix("list-file:") {
        Some(path) => {
            let text = std::fs::read_to_string(path).with_context(|| format!("reading {path}"))?;
            let mut f = grundy_census::family::Family::parse(&format!("list:{text}"))?;
            f.name = name.to_string();
            Ok(f)
        }
        None => Ok(grundy_census::family::Family::parse(name)?),
    }
}

/// A heap size, in the forms a count takes (`1222`, `2^10`, `1e3`, `1_000`), through the one
/// count parser in grundy-core.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let n = parse_number(s)?;
    if n > TABLE_MAX_HEAPS {
        return Err(format!("{n} heaps are beyond the in-memory limit of {TABLE_MAX_HEAPS} (Grundy's game further: `cargo xtask compute --window`, from the source tree)"));
    }
    Ok(n)
}

/// [`grundy_core::count::parse_count`] (the one count parser) with its error as text.
pub fn parse_number(s: &str) -> Result<u64, String> {
    grundy_core::count::parse_count(s).map_err(|e| e.to_string())
}

/// A game by name, code or set, or `graph:FILE`: a game on the graph in FILE, read through a
/// bounded reader: a file's stated size says nothing of `/dev/zero` or a pipe, so at most one
/// byte past [`grundy_core::game::graph::MAX_GRAPH_FILE_BYTES`] is ever read.
pub fn parse_game(s: &str) -> Result<Played, String> {
    use grundy_core::game::graph::MAX_GRAPH_FILE_BYTES;
    use std::io::Read;
    let Some(path) = s.trim().strip_prefix("graph:") else { return Played::parse(s).map_err(|e| e.to_string()) };
    let file = std::fs::File::open(path).map_err(|e| format!("reading graph {path}: {e}"))?;
    let mut bytes = Vec::new();
    file.take(MAX_GRAPH_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|e| format!("reading graph {path}: {e}"))?;
    if bytes.len() as u64 > MAX_GRAPH_FILE_BYTES {
        return Err(format!("graph {path} is more than the limit of {MAX_GRAPH_FILE_BYTES} bytes (64 MiB)"));
    }
    let text = String::from_utf8(bytes).map_err(|e| format!("reading graph {path}: not UTF-8 text ({e})"))?;
    let game = Game::any_graph(path, &text).map_err(|e| format!("graph {path}: {e}"))?;
    Ok(Played { game, rule: Rule::Normal })
}

/// The heaps as typed, for `game`: a vertex's name on a graph, a count otherwise.
pub fn heaps_of(game: &Game, texts: &[String]) -> anyhow::Result<Vec<u64>> {
    texts.iter().map(|t| heap_of(game, t)).collect()
}

/// One heap as typed, for `game`.
pub fn heap_of(game: &Game, text: &str) -> anyhow::Result<u64> {
    if let Some(largest) = game.largest_heap() {
        let missing = || crate::Usage(format!("{} has no vertex named {text:?} (it has {largest})", game.name()));
        return game.heap_named(text).ok_or_else(|| missing().into());
    }
    parse_number(text).map_err(|e| crate::Usage(format!("invalid value '{text}' for '<HEAPS>': {e}")).into())
}

/// Parses `--engine`.
pub fn parse_engine(s: &str) -> Result<EngineChoice, String> {
    EngineChoice::parse(s).map_err(|e| e.to_string())
}

/// How tables print.
#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    /// `n G(n)` a line, as OEIS b-files.
    Bfile,
    /// `n,g` with a header.
    Csv,
    /// One JSON object.
    Json,
}

/// How a report (`analyze`, `quotient`, `genus`) prints: words for people, or JSON.
#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum ReportFormat {
    /// Words and tables for people.
    #[default]
    Text,
    /// One JSON object.
    Json,
}
