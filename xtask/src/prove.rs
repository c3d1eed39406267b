//! `cargo xtask prove --game CODE`: runs `grundy period --game CODE` (release build) in its
//! own process until the periodicity theorem proves the period, timing it and sampling
//! its peak memory, compares the game's values with its OEIS b-file when the fixtures have
//! one, and writes the record to `runs/periods/<code>.json`, which `verify` checks against
//! the published period and the report shows.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use grundy_report::periods::{BfileCheck, PeriodRun};
use grundy_sources::atomic::write_atomic;

use crate::util::{self, build_grundy, parse_bfile, timed};

/// The games whose values an OEIS b-file in the fixtures lists, heap n as n (G(n) = a(n)).
const BFILES: &[(&str, &str)] = &[(".1777", "A071509")];

#[derive(clap::Args)]
pub struct Args {
    /// An octal code (a periodicity theorem must apply), as `.1777`.
    #[arg(long)]
    pub game: String,
    /// Longest the proof may take by the engine's estimate (passed to `grundy period`).
    #[arg(long, default_value = "3h")]
    pub max_time: String,
}

/// The folder of the records.
pub fn dir() -> PathBuf {
    util::root().join("runs/periods")
}

/// The record's file name: `0.1777.json` for `.1777` (no leading dot, so it is not hidden).
fn file_name(game: &str) -> String {
    format!("{}.json", if game.starts_with('.') { format!("0{game}") } else { game.to_string() })
}

pub fn run(args: Args) -> Result<()> {
    let grundy = build_grundy(&util::root())?;
    let args_line = ["period", "--game", &args.game, "--max-time", &args.max_time];
    eprintln!("running grundy {} (progress is not shown; this may take minutes)", args_line.join(" "));
    let run = timed(&grundy, &args_line, None)?.expect("no time limit");
    let first = run.stdout.lines().next().unwrap_or("");
    let number_after = |label: &str| -> Result<u64> {
        let rest = first.split(label).nth(1).with_context(|| format!("grundy period printed {first:?}"))?;
        let digits: String = rest.chars().take_while(|c| c.is_ascii_digit()).collect();
        digits.parse().with_context(|| format!("a number after {label:?} in {first:?}"))
    };
    if !first.contains("(proved by the periodicity theorem") {
        bail!("grundy period did not prove a period: {first:?}");
    }
    let (preperiod, period) = (number_after("periodic from heap ")?, number_after("with period ")?);
    let values_needed = number_after("from G(0..")?;
    let bfile = match BFILES.iter().find(|(g, _)| *g == args.game) {
        Some((_, id)) => Some(compare_with_bfile(&grundy, &args.game, id)?),
        None => None,
    };
    let record = PeriodRun {
        generated_by: "cargo xtask prove".into(),
        command: format!("grundy {}", args_line.join(" ")),
        date: util::now(),
        git_revision: util::git_revision(),
        machine: util::cpu_model(),
        game: args.game.clone(),
        preperiod,
        period,
        values_needed,
        seconds: (run.seconds * 10.0).round() / 10.0,
        peak_mib: run.peak_mib.unwrap_or(0),
        bfile,
    };
    let path = dir().join(file_name(&args.game));
    write_atomic(&path, (serde_json::to_string_pretty(&record)? + "\n").as_bytes())?;
    println!(
        "{}: periodic from heap {preperiod} with period {period}, proved from G(0..{values_needed}) in {:.0} s, peak {} MiB; wrote {}",
        args.game,
        record.seconds,
        record.peak_mib,
        path.display()
    );
    Ok(())
}

/// G(n) for the heaps of the b-file, by `grundy values`, against the b-file's a(n).
fn compare_with_bfile(grundy: &std::path::Path, game: &str, id: &str) -> Result<BfileCheck> {
    let text = std::fs::read_to_string(util::fixtures().join(format!("oeis/{id}.csv")))?;
    let reference: Vec<(u64, u64)> = text
        .lines()
        .skip(1)
        .map(|l| {
            let (n, a) = l.split_once(',').with_context(|| format!("a line of {id}.csv: {l:?}"))?;
            Ok((n.trim().parse()?, a.trim().parse()?))
        })
        .collect::<Result<_>>()?;
    let (first, last) = (reference.first().context("an empty b-file")?.0, reference.last().expect("not empty").0);
    let to = (last + 1).to_string();
    let ours = timed(grundy, &["values", "--game", game, "--to", &to], None)?.expect("no time limit").stdout;
    let ours = parse_bfile(&ours)?;
    let first_difference = reference.iter().find(|&&(n, a)| ours.get(n as usize) != Some(&a)).map(|&(n, _)| n);
    Ok(BfileCheck { id: id.to_string(), first, last, first_difference })
}

/// The committed records, in file-name order.
pub fn load_all() -> Result<Vec<PeriodRun>> {
    let mut runs = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir()) else { return Ok(runs) };
    let mut paths: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    paths.sort();
    for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        let text = std::fs::read_to_string(&path)?;
        runs.push(serde_json::from_str(&text).with_context(|| format!("reading {}", path.display()))?);
    }
    Ok(runs)
}

/// The published periods of the fixtures.
pub fn published() -> Result<Vec<grundy_report::periods::Published>> {
    let path = util::fixtures().join("raw/stored/octal_game_periods_summary.txt");
    let text = std::fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Ok(grundy_report::periods::published(&text))
}
