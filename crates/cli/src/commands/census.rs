//! `grundy census`: every code of a family of take-and-break games, computed until its period is proved
//! or the budget is reached, one result file per game, games in parallel; `grundy census
//! merge` checks every result and builds the table; `grundy census unfinished` names the
//! shards a resubmission must run.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy_census::family::Family;
use grundy_census::shard::Shard;
use grundy_census::store::Store;
use grundy_census::table::{merge, Checked};
use grundy_census::CensusError;
use indicatif::{ProgressBar, ProgressStyle};

use crate::job::Job;
use crate::Interrupted;

/// A bar over `len` games, the game running as its message.
fn games_bar(len: u64) -> ProgressBar {
    let bar = ProgressBar::new(len);
    let template = "{bar:40} {human_pos}/{human_len} games  {per_sec}  ETA {eta}  {msg}";
    bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
    bar
}

/// A census stopped by Ctrl-C: the games finished are in their files, and the same command
/// goes on from them.
fn stopped(e: CensusError) -> anyhow::Error {
    match e {
        CensusError::Cancelled => Interrupted(format!(
            "the games finished are saved in their result files; go on with: {}",
            super::resume::command_line()
        ))
        .into(),
        e => e.into(),
    }
}

/// The folder of a census: `--out`, or `runs/census/<family>` for named families.
pub fn folder(family: &Family, out: Option<PathBuf>) -> Result<PathBuf> {
    match out {
        Some(dir) => Ok(dir),
        None if family.name.starts_with("list") => bail!("a census of a list needs --out DIR"),
        None => Ok(Path::new("runs/census").join(&family.name)),
    }
}

/// Threads to use: `--threads`, else every core this process may use.
pub fn threads(asked: Option<usize>) -> usize {
    asked.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get())).max(1)
}

fn check_budget(budget: u64) -> Result<()> {
    grundy_census::check_budget(budget).map_err(anyhow::Error::msg)
}

/// Runs a census, or one shard of it (`shard`, or the Slurm array task from the environment),
/// on `threads` threads.
pub fn run(
    out: &mut impl Write,
    job: &Job,
    family: &Family,
    budget: u64,
    dir: &Path,
    shard: Option<Shard>,
    threads: usize,
) -> Result<()> {
    check_budget(budget)?;
    let shard = match shard {
        Some(s) => s,
        None => Shard::from_slurm(|k| std::env::var(k).ok())?.unwrap_or(Shard::ALL),
    };
    let store = Store::new(dir);
    let games = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).count() as u64;
    let bar = games_bar(games);
    let report = grundy_census::run_shard(family, budget, shard, &store, threads, &job.cancel, |code| {
        bar.inc(1);
        bar.set_message(code.to_string());
    })
    .map_err(stopped)?;
    bar.finish_and_clear();
    for (from, to, why) in &report.moved_aside {
        writeln!(
            out,
            "{}: not a usable result: {why}; moved aside to {}, computed again",
            from.display(),
            to.display()
        )?;
    }
    writeln!(
        out,
        "census {} shard {}/{} at budget {budget} on {threads} threads: {} games: {} proved kept (not computed again{}), \
         {} continued from their stored values, {} computed from heap 0, {} already unsolved at this budget (results in {})",
        family.name,
        shard.index,
        shard.count,
        report.games,
        report.kept,
        if report.converted > 0 { format!("; {} of them brought from format 1", report.converted) } else { String::new() },
        report.continued,
        report.computed,
        report.current,
        dir.join("results").display()
    )?;
    if shard == Shard::ALL {
        merge_into(out, family, Some(budget), dir, threads)?;
    }
    Ok(())
}

/// Prints the shards of `count` that still have games to run at `budget`, separated by
/// commas (an empty line when none): the `--array` of a resubmission.
pub fn unfinished(out: &mut impl Write, family: &Family, budget: u64, dir: &Path, count: u64) -> Result<()> {
    check_budget(budget)?;
    if count == 0 {
        bail!("--shards must be at least 1");
    }
    let shards = grundy_census::unfinished_shards(family, budget, &Store::new(dir), count);
    let list: Vec<String> = shards.iter().map(u64::to_string).collect();
    writeln!(out, "{}", list.join(","))?;
    Ok(())
}

/// Checks every result file of `dir` (proofs computed again, stored values against their
/// checksums) and merges them into `table.csv` and `table.md`, at the budget the results
/// carry (`budget`, if given, must be it).
pub fn merge_into(
    out: &mut impl Write,
    family: &Family,
    budget: Option<u64>,
    dir: &Path,
    threads: usize,
) -> Result<()> {
    let store = Store::new(dir);
    let records = store.read_all()?;
    // The values are summed up over the census's budget as each result is checked, and
    // dropped: merge never holds every game's values at once.
    let census_budget = grundy_census::table::census_budget(&records).unwrap_or(0);
    let checked = grundy_census::parallel_map(records.len(), threads, |i| {
        let values = grundy_census::verify::check(&store, &records[i])?;
        Ok::<_, grundy_census::verify::VerifyError>(Checked::new(records[i].clone(), &values, census_budget))
    })?;
    let table = merge(family, checked, budget).with_context(|| format!("merging {}", dir.display()))?;
    let csv = store.write_text("table.csv", &table.csv())?;
    let md = store.write_text("table.md", &table.markdown())?;
    let [periodic, unsolved] = table.counts();
    writeln!(
        out,
        "{} games checked: {periodic} periodic (proved), {unsolved} unsolved at {}; {} groups; wrote {} and {}",
        table.records.len(),
        table.key.budget,
        table.groups.len(),
        csv.display(),
        md.display()
    )?;
    if grundy_census::compare::applies(family) {
        let sections = grundy_census::compare::compare_tczajka(&table);
        let path = store.write_text("tczajka.md", &grundy_census::compare::markdown(&sections, &table))?;
        for s in &sections {
            writeln!(out, "tczajka {}: {} rows, {} match, {} differ", s.name, s.rows, s.matched, s.differences.len())?;
        }
        writeln!(out, "the differences, each with its reason: {}", path.display())?;
    }
    Ok(())
}

/// The folder of a misère census: `--out`, or `runs/census-misere/<family>`.
pub fn misere_folder(family: &Family, out: Option<PathBuf>) -> Result<PathBuf> {
    match out {
        Some(dir) => Ok(dir),
        None if family.name.starts_with("list") => bail!("a census of a list needs --out DIR"),
        None => Ok(Path::new("runs/census-misere").join(&family.name)),
    }
}

/// The largest heap bound of a misère census.
const MAX_MISERE_BOUND: u64 = 1000;

/// Runs a misère census, or one shard of it, and merges when it ran every game.
pub fn run_misere(
    out: &mut impl Write,
    job: &Job,
    family: &Family,
    bound: u64,
    dir: &Path,
    shard: Option<Shard>,
) -> Result<()> {
    if bound > MAX_MISERE_BOUND {
        bail!("--bound must be at most {MAX_MISERE_BOUND} heaps for a misère census, got {bound}");
    }
    let from_slurm = Shard::from_slurm(|k| std::env::var(k).ok())?;
    let shard = shard.or(from_slurm).unwrap_or(Shard::ALL);
    let games = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).count() as u64;
    let bar = games_bar(games);
    let report = grundy_census::misere::run_shard(family, bound, shard, dir, &job.cancel, |done, _, code| {
        bar.set_position(done as u64);
        bar.set_message(code.to_string());
    })
    .map_err(stopped)?;
    bar.finish_and_clear();
    writeln!(
        out,
        "misère census {} shard {}/{}: {} games, {} computed now, {} already done (results in {})",
        family.name,
        shard.index,
        shard.count,
        report.games,
        report.computed,
        report.current,
        dir.join("results").display()
    )?;
    if shard == Shard::ALL {
        merge_misere(out, family, bound, dir)?;
    }
    Ok(())
}

/// Merges a misère census into `table.csv` and `table.md`.
pub fn merge_misere(out: &mut impl Write, family: &Family, bound: u64, dir: &Path) -> Result<()> {
    let (csv, md, summary) = grundy_census::misere::merge(family, bound, dir)?;
    let store = Store::new(dir);
    let csv = store.write_text("table.csv", &csv)?;
    let md = store.write_text("table.md", &md)?;
    writeln!(out, "{summary}; wrote {} and {}", csv.display(), md.display())?;
    Ok(())
}
