//! `grundy census`: every code of a family of octal games, swept until its period is proved
//! or the budget is reached, one result file per game; `grundy census merge` builds the table.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy_census::family::Family;
use grundy_census::record::CensusKey;
use grundy_census::shard::Shard;
use grundy_census::store::Store;
use grundy_census::table::merge;

/// Largest budget: values are held in memory, 2 bytes each, per game.
const MAX_BUDGET: u64 = 1 << 30;

/// The folder of a census: `--out`, or `runs/census/<family>` for named families.
pub fn folder(family: &Family, out: Option<PathBuf>) -> Result<PathBuf> {
    match out {
        Some(dir) => Ok(dir),
        None if family.name.starts_with("list") => bail!("a census of a list needs --out DIR"),
        None => Ok(Path::new("runs/census").join(&family.name)),
    }
}

/// Runs a census, or one shard of it (`shard`, or the Slurm array task from the environment).
pub fn run(out: &mut impl Write, family: &Family, budget: u64, dir: &Path, shard: Option<Shard>) -> Result<()> {
    if budget == 0 || budget > MAX_BUDGET {
        bail!("--budget must be between 1 and {MAX_BUDGET} values per game, got {budget}");
    }
    let from_slurm = Shard::from_slurm(|k| std::env::var(k).ok())?;
    let shard = shard.or(from_slurm).unwrap_or(Shard::ALL);
    let store = Store::new(dir);
    let games = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).count() as u64;
    let bar = crate::progress::bar(games, "games");
    let report = grundy_census::run_shard(family, budget, shard, &store, |done, _, code| {
        bar.set_position(done as u64);
        bar.set_message(code.to_string());
    })?;
    bar.finish_and_clear();
    writeln!(
        out,
        "census {} shard {}/{}: {} games, {} computed now, {} already done (results in {})",
        family.name,
        shard.index,
        shard.count,
        report.games,
        report.computed,
        report.skipped,
        dir.join("results").display()
    )?;
    if shard == Shard::ALL {
        merge_into(out, family, budget, dir)?;
    }
    Ok(())
}

/// Merges the result files of `dir` into `table.csv` and `table.md`.
pub fn merge_into(out: &mut impl Write, family: &Family, budget: u64, dir: &Path) -> Result<()> {
    let store = Store::new(dir);
    let records = store.read_all()?;
    let key = CensusKey::new(&family.name, budget);
    let table = merge(family, &key, records).with_context(|| format!("merging {}", dir.display()))?;
    let csv = store.write_text("table.csv", &table.csv())?;
    let md = store.write_text("table.md", &table.markdown())?;
    let [trivial, periodic, unsolved] = table.counts();
    writeln!(
        out,
        "{} games: {trivial} trivial, {periodic} periodic, {unsolved} unsolved at {budget}; {} groups; wrote {} and {}",
        table.records.len(),
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
pub fn run_misere(out: &mut impl Write, family: &Family, bound: u64, dir: &Path, shard: Option<Shard>) -> Result<()> {
    if bound > MAX_MISERE_BOUND {
        bail!("--bound must be at most {MAX_MISERE_BOUND} heaps for a misère census, got {bound}");
    }
    let from_slurm = Shard::from_slurm(|k| std::env::var(k).ok())?;
    let shard = shard.or(from_slurm).unwrap_or(Shard::ALL);
    let games = family.codes.iter().enumerate().filter(|(i, _)| shard.takes(*i)).count() as u64;
    let bar = crate::progress::bar(games, "games");
    let report = grundy_census::misere::run_shard(family, bound, shard, dir, |done, _, code| {
        bar.set_position(done as u64);
        bar.set_message(code.to_string());
    })?;
    bar.finish_and_clear();
    writeln!(
        out,
        "misère census {} shard {}/{}: {} games, {} computed now, {} already done (results in {})",
        family.name,
        shard.index,
        shard.count,
        report.games,
        report.computed,
        report.skipped,
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
