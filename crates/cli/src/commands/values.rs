//! `grundy value` and `grundy values`: G(n) of one heap, or the table G(0..N), by the engine
//! grundy-core chooses ([`Engine::choose`]), after a look at what it will cost: a job that
//! does not fit in memory, or that the definition would take more than [`TIME_LIMIT`]
//! seconds for, is refused before it starts, with the estimate and what would fit.

use std::io::Write;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_core::engine::{Engine, EngineChoice, EngineKind, Run};
use grundy_core::game::Game;
use grundy_core::period::{can_prove, search_period_run};

use crate::Format;

/// Longest job (estimated seconds) the definition is allowed to start: its cost is
/// predictable (the options it will look at), and beyond an hour a researcher wants a
/// faster engine or a smaller N, not a silent wait. The sparse sweeps are not refused on
/// time (their cost depends on how sparse the game turns out); they show an ETA.
pub const TIME_LIMIT: f64 = 3600.0;

/// Parses `--engine`.
pub fn parse_engine(s: &str) -> Result<EngineChoice, String> {
    EngineChoice::parse(s).map_err(|e| e.to_string())
}

/// Memory a job may use: three quarters of what the system reports available (the whole
/// machine's memory if that cannot be read), so that the machine stays usable.
pub fn memory_budget() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    });
    available.unwrap_or(8 << 30) / 4 * 3
}

fn human_bytes(b: u64) -> String {
    match b {
        b if b >= 1 << 30 => format!("{:.1} GiB", b as f64 / (1u64 << 30) as f64),
        b if b >= 1 << 20 => format!("{:.1} MiB", b as f64 / (1u64 << 20) as f64),
        b => format!("{} KiB", b.div_ceil(1024)),
    }
}

pub fn human_seconds(s: f64) -> String {
    match s {
        s if s >= 3.15e10 => format!("{:.1e} years", s / 3.15e7),
        s if s >= 3.15e7 => format!("{:.1} years", s / 3.15e7),
        s if s >= 86400.0 => format!("{:.1} days", s / 86400.0),
        s if s >= 3600.0 => format!("{:.1} hours", s / 3600.0),
        s if s >= 60.0 => format!("{:.1} minutes", s / 60.0),
        s => format!("{s:.1} s"),
    }
}

/// Refuses G(0..heaps) by `engine` when it would not fit in memory, or when the definition
/// would take longer than [`TIME_LIMIT`]; says what would fit.
pub fn check_cost(engine: &Engine, heaps: u64) -> Result<()> {
    if engine.is_closed_form() {
        // Nothing is held: values are written as they are computed.
        return Ok(());
    }
    let cost = engine.cost(heaps);
    let budget = memory_budget();
    let game = engine.game().name();
    if cost.bytes > budget {
        bail!(
            "G(0..{heaps}) of {game} needs about {} of memory, more than the {} available; {} heaps fit",
            human_bytes(cost.bytes),
            human_bytes(budget),
            budget / engine.bytes_per_heap()
        );
    }
    if engine.kind() == EngineKind::Definition && cost.seconds > TIME_LIMIT {
        bail!(
            "G(0..{heaps}) of {game} by the definition would take about {} (limit {}); {} heaps fit in that time",
            human_seconds(cost.seconds),
            human_seconds(TIME_LIMIT),
            engine.heaps_within(budget, TIME_LIMIT)
        );
    }
    Ok(())
}

/// A progress bar on stderr that appears only once a job has run for a second (and only
/// on a terminal: indicatif hides itself otherwise).
pub struct Progress {
    bar: indicatif::ProgressBar,
    started: Instant,
    shown: bool,
}

impl Progress {
    pub fn new(total: u64, what: &str) -> Progress {
        let bar = indicatif::ProgressBar::with_draw_target(Some(total), indicatif::ProgressDrawTarget::hidden());
        let template = format!("{what} {{bar:40}} {{human_pos}}/{{human_len}} heaps  {{per_sec}}  ETA {{eta}}");
        bar.set_style(indicatif::ProgressStyle::with_template(&template).expect("a valid template"));
        Progress { bar, started: Instant::now(), shown: false }
    }

    pub fn set(&mut self, done: u64) {
        if !self.shown && self.started.elapsed() > Duration::from_secs(1) {
            self.bar.set_draw_target(indicatif::ProgressDrawTarget::stderr());
            self.shown = true;
        }
        self.bar.set_position(done);
    }

    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

/// Computes G(0..end) with `engine`, after the cost check, with a progress bar.
fn run_to(engine: &Engine, end: u64) -> Result<Run> {
    check_cost(engine, end)?;
    let end_usize = usize::try_from(end).context("too many heaps for this platform")?;
    let mut run = engine.run();
    let mut progress = Progress::new(end, "computing");
    let result = run.extend_to(end_usize, &mut |done| progress.set(done));
    progress.finish();
    result.with_context(|| format!("computing the values of {}", engine.game().name()))?;
    Ok(run)
}

/// Heaps from which `value` first looks for a proved period: below, computing G(0..=n) is
/// at once anyway.
const PERIOD_FIRST_FROM: u64 = 1 << 12;

/// Longest (estimated seconds) the definition looks for a period before `value` refuses a
/// heap whose values would not fit.
const PERIOD_SEARCH_SECONDS: f64 = 600.0;

/// G(n). For a game a periodicity theorem covers (octal codes, finite subtraction sets)
/// and a large heap, the period is looked for first: the search stops at its proof, so
/// `value --game kayles 10^18` answers at once from G(0..168), and heaps whose values
/// would not fit are answered whenever the period is proved within what fits.
pub fn value(out: &mut impl Write, game: &Game, n: u64, choice: EngineChoice) -> Result<()> {
    let engine = Engine::choose(game, choice)?;
    if n < PERIOD_FIRST_FROM || engine.is_closed_form() || !can_prove(game) {
        let mut g = value_fn(game, n, choice)?;
        writeln!(out, "{}", g(n))?;
        return Ok(());
    }
    let all = n.saturating_add(1);
    let max = if check_cost(&engine, all).is_ok() {
        all
    } else {
        let seconds = if engine.kind() == EngineKind::Definition { PERIOD_SEARCH_SECONDS } else { f64::INFINITY };
        all.min(engine.heaps_within(memory_budget(), seconds))
    };
    let max = usize::try_from(max).context("too many heaps for this platform")?;
    let mut progress = Progress::new(max as u64, "looking for a period");
    let searched = search_period_run(&engine, max, &mut |done| progress.set(done));
    progress.finish();
    let (search, run) = searched.with_context(|| format!("computing the values of {}", game.name()))?;
    let run = run.expect("an engine that is not a closed form holds its values");
    let at = match search.found {
        Some(p) if p.proved && n >= p.preperiod as u64 => {
            p.preperiod + ((n - p.preperiod as u64) % p.period as u64) as usize
        }
        _ if (n as usize) < run.len() => n as usize,
        // Neither proved nor within what fits: the cost check says why, and what fits.
        _ => return check_cost(&engine, all),
    };
    writeln!(out, "{}", run.get(at))?;
    Ok(())
}

/// How many values a table of `game` has: `--to` when given (a finite game refuses more
/// than it has), else every vertex of a graph; other games need `--to`.
pub fn table_length(game: &Game, to: Option<u64>) -> Result<u64> {
    match (to, game.largest_heap()) {
        (Some(to), Some(largest)) if to > largest + 1 => {
            bail!("--to {to} asks for more heaps than {} has: G(0..{}) is all of it", game.name(), largest + 1)
        }
        (Some(to), _) => Ok(to),
        (None, Some(largest)) => Ok(largest + 1),
        (None, None) => Err(crate::Usage("the argument '--to <TO>' is needed: how many values, G(0..N)".into()).into()),
    }
}

/// Writes G(0..count) as it goes (no text of the whole table is built).
pub fn values(out: &mut impl Write, game: &Game, count: u64, format: Format, choice: EngineChoice) -> Result<()> {
    let engine = Engine::choose(game, choice)?;
    let run = run_to(&engine, count)?;
    let count = count as usize;
    // A graph's heap 0 is no token at all: its table lists the vertices.
    let first = usize::from(game.largest_heap().is_some());
    match format {
        Format::Bfile => {
            for n in first..count {
                writeln!(out, "{} {}", game.heap_name(n as u64), run.get(n))?;
            }
        }
        Format::Csv => {
            writeln!(out, "n,g")?;
            for n in first..count {
                writeln!(out, "{},{}", game.heap_name(n as u64), run.get(n))?;
            }
        }
        Format::Json => {
            write!(out, "{{\"game\":{:?},", game.name())?;
            if first == 1 {
                let names: Vec<String> = (first..count).map(|n| format!("{:?}", game.heap_name(n as u64))).collect();
                write!(out, "\"vertices\":[{}],", names.join(","))?;
            }
            write!(out, "\"values\":[")?;
            for n in first..count {
                if n > first {
                    out.write_all(b",")?;
                }
                write!(out, "{}", run.get(n))?;
            }
            writeln!(out, "]}}")?;
        }
    }
    Ok(())
}

/// A function heap -> G(heap) for every heap up to `max_heap`, by the chosen engine (a closed
/// form answers any heap at once), after the cost check and with a progress bar: what
/// `analyze`, `play` and `serve` should call.
pub fn value_fn(game: &Game, max_heap: u64, choice: EngineChoice) -> Result<impl FnMut(u64) -> u64> {
    let engine = Engine::choose(game, choice)?;
    check_cost(&engine, max_heap.saturating_add(1))?;
    let mut progress = Progress::new(max_heap.saturating_add(1), "computing");
    let f = engine.value_fn(max_heap, &mut |done| progress.set(done));
    progress.finish();
    f.with_context(|| format!("computing the values of {}", game.name()))
}
