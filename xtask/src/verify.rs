//! `cargo xtask verify`: every claim and reference against the committed summary.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy_report::claims::Claims;
use grundy_report::verify::{verify, Check, Outcome, References};
use grundy_report::Summary;
use grundy_sources::flammenkamp::FlammenkampPage;
use grundy_sources::manifest::Manifest;

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
    let text = fs::read_to_string(path).with_context(|| format!("reading {} (run `cargo xtask compute` first)", path.display()))?;
    Summary::from_json(&text).with_context(|| format!("parsing {}", path.display()))
}

pub fn load_claims() -> Result<Claims> {
    let path = util::fixtures().join("claims/grundy-article.toml");
    let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
    Claims::from_toml(&text).map_err(anyhow::Error::msg)
}

/// The parsed references in `fixtures/`, with what the manifest says of each.
pub fn load_references() -> Result<References> {
    let root = util::fixtures();
    let manifest_path = root.join("manifest.toml");
    let manifest = Manifest::from_toml(&fs::read_to_string(&manifest_path).with_context(|| format!("reading {}", manifest_path.display()))?)
        .with_context(|| format!("parsing {}", manifest_path.display()))?;
    let csv = |id: &str| -> Result<Option<Vec<(u64, u64)>>> {
        let Some(entry) = manifest.source(id) else { return Ok(None) };
        let path = root.join(&entry.parsed);
        let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
        let rows = text
            .lines()
            .skip(1)
            .enumerate()
            .map(|(i, l)| {
                let (n, a) = l.split_once(',').with_context(|| format!("{}: line {}: {l:?}", path.display(), i + 2))?;
                Ok((n.parse()?, a.parse()?))
            })
            .collect::<Result<Vec<(u64, u64)>>>()?;
        Ok(Some(rows))
    };
    let flammenkamp = match manifest.source("flammenkamp-grundy") {
        Some(e) => {
            let path = root.join(&e.parsed);
            let text = fs::read_to_string(&path).with_context(|| format!("reading {}", path.display()))?;
            Some(serde_json::from_str::<FlammenkampPage>(&text).with_context(|| format!("parsing {}", path.display()))?)
        }
        None => None,
    };
    let a002188 = manifest.source("A002188");
    let a002188_sha256 = match a002188 {
        Some(e) => Some(grundy_sources::sha256_hex(&fs::read(root.join(&e.raw)).with_context(|| format!("reading {}", e.raw))?)),
        None => None,
    };
    Ok(References {
        a036685: csv("A036685")?.map(|rows| rows.into_iter().map(|r| r.1).collect()),
        a180120: csv("A180120")?.unwrap_or_default(),
        a180121: csv("A180121")?.unwrap_or_default(),
        a002188_sha256,
        a002188_official_sha256: a002188.and_then(|e| e.official_sha256.clone()),
        flammenkamp,
        completeness: manifest.sources.iter().map(|e| (e.id.clone(), format!("{}: {}", e.completeness, e.part))).collect(),
    })
}

/// The table printed by `verify`.
pub fn table(checks: &[Check]) -> String {
    let mut out = String::new();
    let w_id = checks.iter().map(|c| c.id.len()).max().unwrap_or(5).max(5);
    let w_out = checks.iter().map(|c| c.outcome.word().len()).max().unwrap_or(6);
    out.push_str(&format!("{:<w_id$}  {:<w_out$}  reference / available here / what was compared\n", "claim", "result"));
    for c in checks {
        out.push_str(&format!("{:<w_id$}  {:<w_out$}  {}\n", c.id, c.outcome.word(), c.reference));
        if c.available != "-" {
            out.push_str(&format!("{:<w_id$}  {:<w_out$}    available: {}\n", "", "", c.available));
        }
        out.push_str(&format!("{:<w_id$}  {:<w_out$}    {}\n", "", "", c.detail));
    }
    out
}

pub fn run(args: Args) -> Result<()> {
    let path = args.summary.unwrap_or_else(default_summary);
    let summary = load_summary(&path)?;
    let checks = verify(&summary, &load_claims()?, &load_references()?);
    println!("verify: {} (G(0..{}), {})", path.display(), summary.heaps, summary.algorithm);
    print!("{}", table(&checks));
    let count = |o: Outcome| checks.iter().filter(|c| c.outcome == o).count();
    println!(
        "{} match, {} mismatch, {} beyond this range, {} reference not available offline, {} stated, {} timings",
        count(Outcome::Match),
        count(Outcome::Mismatch),
        count(Outcome::OutOfRange),
        count(Outcome::Unavailable),
        count(Outcome::Stated),
        count(Outcome::Perf)
    );
    if count(Outcome::Mismatch) > 0 {
        bail!("{} claims do not match", count(Outcome::Mismatch));
    }
    Ok(())
}
