//! `cargo xtask bench --kernels --baseline REV`: this revision's `grundy values
//! --every-value` against the same command of an earlier revision, on every code of the
//! peers' set ([`super::codes::code_set`]), without ogsolve: the check that a change of the
//! core's plumbing left the kernels as fast as they were, in a fraction of the peers'
//! run (ogsolve's methods take most of that).
//!
//! Each code is timed at 2^20, and at 2^21 when 2^20 took both at most [`DOUBLE_WITHIN`]; a
//! code this revision cannot finish at 2^20 within [`FIRST_LIMIT`], or the baseline within
//! four times [`TIME_LIMIT`], is timed at the largest power of two below it that both
//! finish so (the dense codes, where the baseline is up to 8x slower). A round runs the baseline, then this
//! revision (its first run sets the values every later run of both is checked against),
//! [`Args::repeat`](crate::bench::Args) rounds; each cell is the median, timed from the
//! child's own resource usage as in the peers' bench.

use std::path::Path;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_sources::atomic::write_atomic;
use serde::Serialize;

use super::report::mean;
use super::{codes, cpu_flags, grundy_values, loadavg, round, Cell, TIME_LIMIT};
use crate::bench::Baseline;
use crate::util::{self, build_grundy, parse_bfile};

/// A code whose 2^20 took at most this on both sides is timed at 2^21 too (the growth when
/// N doubles).
const DOUBLE_WITHIN: f64 = 5.0;
/// This revision's first run at a size past this halves the size: every code then costs a
/// minute or two even where the baseline is 8x slower (the dense codes), and the 39 codes
/// run in well under an hour.
const FIRST_LIMIT: Duration = Duration::from_secs(5);
/// The smallest size a code is timed at.
const SMALLEST: u64 = 1 << 14;
/// Rows at least this long (this revision's median) make the second mean: shorter runs are
/// within their own spread of each other (process start and printing are most of them).
const LONG_ROW: f64 = 1.0;

/// One code at one size.
#[derive(Serialize)]
pub struct KernelRow {
    pub game: String,
    pub rule: &'static str,
    pub heaps: u64,
    /// This revision's `grundy values --every-value`.
    pub this: Cell,
    /// The baseline's.
    pub baseline: Cell,
    /// The baseline's median over this revision's (above 1: this revision is faster), by
    /// the wall clock and by CPU time.
    pub ratio: f64,
    pub cpu_ratio: f64,
    /// This size's median over the half size's, when both were timed.
    pub doubling: Option<f64>,
}

#[derive(Serialize)]
struct Record<'a> {
    generated_by: String,
    date: String,
    git_revision: String,
    baseline: &'a str,
    machine: String,
    cpu_flags: Vec<String>,
    cores: usize,
    load: Vec<String>,
    rule: &'static str,
    runs: usize,
    total_seconds: f64,
    rows: &'a [KernelRow],
}

/// Times every code (or those of `only`), writing the record `stem.{json,md}` after each.
pub fn run(stem: &Path, runs: usize, only: Option<&str>, baseline: &Baseline) -> Result<()> {
    if runs < 3 {
        bail!("--repeat must be at least 3 for the medians, got {runs}");
    }
    let root = util::root();
    let started = Instant::now();
    let grundy = build_grundy(&root)?;
    let mut set = codes::code_set();
    if let Some(only) = only {
        let wanted: Vec<&str> = only.split(',').map(str::trim).collect();
        set.retain(|(c, _)| wanted.contains(&c.as_str()));
    }
    let mut load = vec![format!("load average at the start: {}", loadavg())];
    let mut rows: Vec<KernelRow> = Vec::new();
    let total = set.len();
    for (done, (game, rule)) in set.iter().enumerate() {
        eprintln!("{game} ({rule}) [{}/{total}]", done + 1);
        let mut heaps = 1u64 << 20;
        let row = loop {
            let first = grundy_values(&grundy, "grundy", game, heaps, &["--every-value"], FIRST_LIMIT, None)?;
            if let Some(first) = first {
                if let Some(row) = measure(&grundy, &baseline.exe, game, rule, heaps, runs, first, None)? {
                    break row;
                }
            }
            if heaps <= SMALLEST {
                bail!("{game}: G(0..{heaps}) is not finished within the limits by both revisions");
            }
            heaps /= 2;
        };
        let again = heaps == 1 << 20 && row.this.seconds.max(row.baseline.seconds) <= DOUBLE_WITHIN;
        let half = row.this.seconds;
        rows.push(row);
        if again {
            let first = grundy_values(&grundy, "grundy", game, 2 * heaps, &["--every-value"], TIME_LIMIT * 4, None)?
                .with_context(|| format!("{game}: G(0..2^21) past {:?}", TIME_LIMIT * 4))?;
            match measure(&grundy, &baseline.exe, game, rule, 2 * heaps, runs, first, Some(half))? {
                Some(row) => rows.push(row),
                None => eprintln!("  {game}: the baseline passed the limit at 2^21"),
            }
        }
        let partial = (done + 1 < total).then(|| format!("partial: {} of {total} codes measured so far", done + 1));
        save(stem, runs, only, baseline, started, &load, partial, &rows)?;
    }
    load.push(format!("load average at the end: {}", loadavg()));
    let md = save(stem, runs, only, baseline, started, &load, None, &rows)?;
    print!("{md}");
    Ok(())
}

/// `runs` rounds at one size: the baseline, then this revision (whose first run is given);
/// `None` when the baseline's first run passes four times [`TIME_LIMIT`].
#[allow(clippy::too_many_arguments)]
fn measure(
    grundy: &Path,
    base: &Path,
    game: &str,
    rule: &'static str,
    heaps: u64,
    runs: usize,
    first: util::Timed,
    half: Option<f64>,
) -> Result<Option<KernelRow>> {
    let values = parse_bfile(&first.stdout)?;
    let limit = TIME_LIMIT * 4;
    let (mut this, mut theirs) = (vec![first], Vec::new());
    for round in 0..runs {
        let t = grundy_values(base, "the baseline's grundy", game, heaps, &["--every-value"], limit, Some(&values))?;
        let t = match (t, round) {
            (Some(t), _) => t,
            (None, 0) => {
                eprintln!("  {game:<7} 2^{}  the baseline passed {limit:?}", heaps.trailing_zeros());
                return Ok(None);
            }
            (None, _) => bail!("{game} to {heaps}: the baseline's grundy passed {limit:?} on a later round"),
        };
        theirs.push(t);
        if round > 0 {
            let t = grundy_values(grundy, "grundy", game, heaps, &["--every-value"], limit, Some(&values))?
                .with_context(|| format!("{game} to {heaps}: grundy passed {limit:?}"))?;
            this.push(t);
        }
    }
    let (this, baseline) = (Cell::of(&this), Cell::of(&theirs));
    let row = KernelRow {
        game: game.to_string(),
        rule,
        heaps,
        ratio: round(baseline.seconds / this.seconds),
        cpu_ratio: round(baseline.cpu_seconds / this.cpu_seconds),
        doubling: half.map(|h| round(this.seconds / h)),
        this,
        baseline,
    };
    eprintln!(
        "  {game:<7} 2^{}  this {:>7.3} s  baseline {:>7.3} s  {:.2}x (CPU {:.2}x)",
        heaps.trailing_zeros(),
        row.this.seconds,
        row.baseline.seconds,
        row.ratio,
        row.cpu_ratio
    );
    Ok(Some(row))
}

#[allow(clippy::too_many_arguments)]
fn save(
    stem: &Path,
    runs: usize,
    only: Option<&str>,
    baseline: &Baseline,
    started: Instant,
    load: &[String],
    partial: Option<String>,
    rows: &[KernelRow],
) -> Result<String> {
    let mut load = load.to_vec();
    load.push(format!("load average when written: {}", loadavg()));
    load.extend(partial);
    let record = Record {
        generated_by: format!(
            "cargo xtask bench --kernels --baseline {}{}",
            baseline.commit,
            only.map_or(String::new(), |o| format!(" --codes {o}"))
        ),
        date: util::now(),
        git_revision: util::git_revision(),
        baseline: &baseline.what,
        machine: util::cpu_model(),
        cpu_flags: cpu_flags(),
        cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
        load,
        rule: codes::RULE,
        runs,
        total_seconds: round(started.elapsed().as_secs_f64()),
        rows,
    };
    write_atomic(&stem.with_extension("json"), (serde_json::to_string_pretty(&record)? + "\n").as_bytes())?;
    let md = markdown(&record);
    write_atomic(&stem.with_extension("md"), md.as_bytes())?;
    Ok(md)
}

fn runs_of(c: &Cell) -> String {
    c.runs.iter().map(|x| format!("{x:.3}")).collect::<Vec<_>>().join(" ")
}

fn markdown(r: &Record) -> String {
    let mut s = format!(
        "<!-- Generated by `{}`; do not edit by hand. -->\n# The kernels against the revision before, {}\n\n",
        r.generated_by, r.date
    );
    s.push_str(&format!(
        "**Machine**: {} ({} cores; flags: {}). **Load**: {}.\n\n**Programs**: `grundy values --every-value` (every value computed by the engine, no period shortcut; release builds) of revision {} against {}. The whole run took {:.0} s.\n\n",
        r.machine,
        r.cores,
        r.cpu_flags.join(" "),
        r.load.join("; "),
        r.git_revision,
        r.baseline,
        r.total_seconds
    ));
    s.push_str(&format!(
        "**How**: {} rounds a size, each the baseline then this revision, each run its own process timed by the wall clock to the `wait4` that reaps it (CPU time and peak memory from the child's resource usage); every run's values checked against this revision's first. Each code at 2^20, and at 2^21 when 2^20 took both at most {DOUBLE_WITHIN:.0} s; a code this revision cannot finish at 2^20 within {} s, or the baseline within {} s, at the largest power of two below it that both finish so. ratio = the baseline's median / this revision's (above 1: this revision is faster).\n\n**The codes**, by rule (the peers' set): {}\n\n",
        r.runs,
        FIRST_LIMIT.as_secs(),
        4 * TIME_LIMIT.as_secs(),
        r.rule
    ));
    let all: Vec<&KernelRow> = r.rows.iter().collect();
    let long: Vec<&KernelRow> = r.rows.iter().filter(|x| x.this.seconds >= LONG_ROW).collect();
    for (what, rows) in [("every row", &all), ("rows of at least 1 s", &long)] {
        for (name, ratio) in [
            ("wall clock", (|x: &KernelRow| x.ratio) as fn(&KernelRow) -> f64),
            ("CPU time", |x: &KernelRow| x.cpu_ratio),
        ] {
            if let Some((m, n, worst)) = mean(rows.iter().copied(), ratio) {
                s.push_str(&format!(
                    "- {what}, by the {name}: geometric mean **{m:.2}x** over {n}; the smallest {:.2}x ({} at 2^{})\n",
                    ratio(worst),
                    worst.game,
                    worst.heaps.trailing_zeros()
                ));
            }
        }
    }
    s.push_str("\n| game | N | this s | baseline s | ratio | this CPU s | baseline CPU s | CPU ratio | time / time(N/2) | this MiB | baseline MiB | this runs | baseline runs |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|\n");
    for x in r.rows {
        s.push_str(&format!(
            "| {} | 2^{} | {:.3} | {:.3} | {:.2} | {:.3} | {:.3} | {:.2} | {} | {:.1} | {:.1} | {} | {} |\n",
            x.game,
            x.heaps.trailing_zeros(),
            x.this.seconds,
            x.baseline.seconds,
            x.ratio,
            x.this.cpu_seconds,
            x.baseline.cpu_seconds,
            x.cpu_ratio,
            x.doubling.map_or("-".to_string(), |d| format!("{d:.2}")),
            x.this.peak_mib,
            x.baseline.peak_mib,
            runs_of(&x.this),
            runs_of(&x.baseline)
        ));
    }
    s
}
