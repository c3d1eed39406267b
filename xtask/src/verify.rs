//! `cargo xtask verify`: first every fixture file against the manifest's sha256, then every
//! claim and reference against the committed summary; beside the write-up's timings, ours
//! from the newest benchmark record in runs/bench/ that measured each (record and machine named).

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use anyhow::{bail, Context, Result};
use grundy_report::claims::Claims;
use grundy_report::verify::{add_timings, verify, Check, References, Timing, Verdict};
use grundy_report::Summary;
use grundy_sources::manifest::{check_files, Manifest};
use grundy_sources::pipeline::MANIFEST;
use serde::Deserialize;

use crate::compute::{run_dir, DEFAULT_HEAPS};
use crate::util;

#[derive(clap::Args)]
pub struct Args {
    /// The summary to check (default runs/sweep/67108864/summary.json).
    #[arg(long)]
    pub summary: Option<PathBuf>,
}

pub fn default_summary() -> PathBuf {
    run_dir(DEFAULT_HEAPS).join("summary.json")
}

pub fn load_summary(path: &Path) -> Result<Summary> {
    let text = fs::read_to_string(path)
        .with_context(|| format!("reading {} (run `cargo xtask compute` first)", path.display()))?;
    Summary::from_json(&text).with_context(|| format!("parsing {}", path.display()))
}

pub fn load_claims() -> Result<Claims> {
    let path = util::fixtures().join("claims/grundy-article.toml");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Claims::from_toml(&text).with_context(|| format!("reading {}", path.display()))
}

/// The parsed references in `fixtures/`, with what the manifest says of each.
pub fn load_references() -> Result<References> {
    let root = util::fixtures();
    Ok(References::load(|rel| fs::read_to_string(root.join(rel)))?)
}

/// The table printed by `verify`.
pub fn table(checks: &[Check]) -> String {
    let mut out = String::new();
    let w_id = checks.iter().map(|c| c.id.len()).max().unwrap_or(5).max(5);
    let w_out = checks.iter().map(|c| c.outcome.word().len()).max().unwrap_or(6);
    out.push_str(&format!(
        "{:<w_id$}  {:<w_out$}  reference / available here / what was compared\n",
        "claim", "result"
    ));
    for c in checks {
        out.push_str(&format!("{:<w_id$}  {:<w_out$}  {}\n", c.id, c.outcome.word(), c.reference));
        if c.available != "-" {
            out.push_str(&format!("{:<w_id$}  {:<w_out$}    available: {}\n", "", "", c.available));
        }
        out.push_str(&format!("{:<w_id$}  {:<w_out$}    {}\n", "", "", c.detail));
    }
    out
}

/// Every file the manifest records must have the recorded sha256: a parsed fixture edited
/// by hand, or a raw snapshot cut short, fails here, before any claim is compared with it.
pub fn check_fixtures(root: &Path) -> Result<usize> {
    let path = root.join(MANIFEST);
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    let manifest = Manifest::from_toml(&text).with_context(|| format!("parsing {}", path.display()))?;
    let problems = check_files(&manifest, |rel| fs::read(root.join(rel)));
    if let [only] = &problems[..] {
        bail!("{only}");
    }
    if !problems.is_empty() {
        for p in &problems {
            eprintln!("  {p}");
        }
        bail!("{} fixture files differ from {}", problems.len(), path.display());
    }
    Ok(manifest.files().len())
}

pub fn run(args: Args) -> Result<()> {
    let files = check_fixtures(&util::fixtures())?;
    println!("fixtures: all {files} files have the sha256 the manifest records");
    let path = args.summary.unwrap_or_else(default_summary);
    let summary = load_summary(&path)?;
    let claims = load_claims()?;
    let mut checks = verify(&summary, &claims, &load_references()?)?;
    add_timings(&mut checks, &claims, &our_timings(&util::root().join("runs/bench"))?);
    println!("verify: {} (G(0..{}), {})", path.display(), summary.heaps, summary.algorithm);
    print!("{}", table(&checks));
    let count = |o: Verdict| checks.iter().filter(|c| c.outcome == o).count();
    println!(
        "{} match, {} mismatch, {} beyond this range, {} reference not available offline, {} stated, {} timings",
        count(Verdict::Match),
        count(Verdict::Mismatch),
        count(Verdict::OutOfRange),
        count(Verdict::Unavailable),
        count(Verdict::Stated),
        count(Verdict::Perf)
    );
    let periods = grundy_report::periods::findings(&crate::prove::load_all()?, &crate::prove::published()?);
    for p in &periods {
        let r = &p.run;
        let published = p
            .published
            .as_ref()
            .map_or("not published here".to_string(), |(n0, per, src)| format!("{n0} / {per} ({src})"));
        let values = r.bfile.as_ref().map_or(String::new(), |b| match b.first_difference {
            None => format!("; G(n) = {}(n) for n = {}..{}", b.id, b.first, b.last),
            Some(n) => format!("; G({n}) differs from {}", b.id),
        });
        println!(
            "period {}: {}  ours {} / {} (runs/periods), published {published}{values}",
            r.game, p.outcome, r.preperiod, r.period
        );
    }
    if count(Verdict::Mismatch) > 0 {
        bail!("{} claims do not match", count(Verdict::Mismatch));
    }
    if grundy_report::periods::any_mismatch(&periods) {
        bail!("a period proved here differs from the published one (see above)");
    }
    Ok(())
}

/// The part of a benchmark record (`cargo xtask bench`, `runs/bench/<date>.json`) read here.
#[derive(Debug, Deserialize)]
struct BenchRecord {
    /// When it was measured, RFC 3339 in UTC (sorts as text).
    date: String,
    /// The CPU, as /proc/cpuinfo names it.
    #[serde(default)]
    machine: String,
    /// The FastSweep kernel used.
    #[serde(default)]
    kernel: String,
    rows: Vec<BenchRow>,
}

#[derive(Debug, Deserialize)]
struct BenchRow {
    method: String,
    heaps: u64,
    median_seconds: f64,
    runs_seconds: Vec<f64>,
}

/// The benchmark records in `dir`, newest first: the JSON files named `YYYY-MM-DD.json` or
/// `YYYY-MM-DD-LABEL.json` (`bench --label`), ordered by their `date` field (the time they
/// were measured; the name alone cannot order two records of one day). A file with such a
/// name that is not a record is an error.
fn bench_records(dir: &Path) -> Result<Vec<(PathBuf, BenchRecord)>> {
    let Ok(entries) = fs::read_dir(dir) else { return Ok(Vec::new()) };
    let mut records = Vec::new();
    for entry in entries {
        let path = entry.with_context(|| format!("listing {}", dir.display()))?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        let dated = name.len() >= 10
            && name[..10].bytes().enumerate().all(|(i, b)| match i {
                4 | 7 => b == b'-',
                _ => b.is_ascii_digit(),
            });
        if !(dated && name.ends_with(".json")) {
            continue;
        }
        let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let record: BenchRecord = serde_json::from_str(&text)
            .with_context(|| format!("{}: not a benchmark record (with its date and rows)", path.display()))?;
        records.push((path, record));
    }
    records.sort_by(|a, b| b.1.date.cmp(&a.1.date));
    Ok(records)
}

/// Our timings: every row of every benchmark record, newest record first (so that each
/// write-up timing is set beside the newest measurement of it, with the record and machine
/// named), and G(0..30,001) with FastSweep measured now (what the write-up's demo page
/// computes when it opens; no benchmark row is that small).
fn our_timings(bench_dir: &Path) -> Result<Vec<Timing>> {
    let mut timings = Vec::new();
    let records = bench_records(bench_dir)?;
    if records.is_empty() {
        eprintln!("no benchmark record in {}: run `cargo xtask bench`", bench_dir.display());
    }
    for (path, record) in records {
        let shown = path.strip_prefix(util::root()).unwrap_or(&path).display().to_string();
        let machine = format!("{}, {}", record.machine, record.kernel);
        timings.extend(record.rows.into_iter().map(|r| Timing {
            source: format!("{shown}: {machine}, median of {}", r.runs_seconds.len()),
            method: r.method,
            heaps: r.heaps,
            seconds: r.median_seconds,
        }));
    }
    let heaps = 30_001;
    let started = Instant::now();
    let game = grundy_core::game::Game::parse("grundy").expect("Grundy's game has a name");
    let mut ctl = grundy_core::ask::Control::unlimited();
    let mut sweep =
        grundy_core::ask::Session::new().sweep(&grundy_core::ask::SweepRequest::new(game, heaps), &mut ctl)?;
    sweep.run_to(heaps, &mut ctl)?;
    timings.push(Timing {
        method: "fast".into(),
        heaps,
        seconds: started.elapsed().as_secs_f64(),
        source: "measured now by verify, one run".into(),
    });
    Ok(timings)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bench_records_are_ordered_by_their_date() {
        let dir = std::env::temp_dir().join(format!("grundy-bench-records-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        assert!(bench_records(&dir).unwrap().is_empty());
        let dated = |d: &str| format!("{{\"date\": \"{d}\", \"rows\": []}}");
        for (name, text) in [
            ("2026-11-30.json", dated("2026-11-30T11:16:13Z")),
            ("2026-11-30.md", String::new()),
            ("2027-01-02.md", String::new()),
            ("divan-sweep-2027-02-01.txt", String::new()),
            ("peers-2027-02-01.json", String::new()),
            ("2026-12-01.json", dated("2026-12-01T08:00:00Z")),
            // A labelled record of the same day, measured later: its name sorts first.
            ("2026-12-01-avx2.json", dated("2026-12-01T22:25:00Z")),
        ] {
            fs::write(dir.join(name), text).unwrap();
        }
        let names: Vec<PathBuf> = bench_records(&dir).unwrap().into_iter().map(|r| r.0).collect();
        assert_eq!(names, ["2026-12-01-avx2.json", "2026-12-01.json", "2026-11-30.json"].map(|n| dir.join(n)));
        fs::write(dir.join("2026-12-02.json"), "{}").unwrap();
        let err = bench_records(&dir).unwrap_err().to_string();
        assert!(err.contains("2026-12-02.json") && err.contains("not a benchmark record"), "{err}");
        fs::remove_dir_all(&dir).unwrap();
        assert!(bench_records(&dir).unwrap().is_empty());
    }
}
