//! `cargo xtask verify`: first every fixture file against the manifest's sha256, then every
//! claim and reference against the committed summary.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use grundy_report::claims::Claims;
use grundy_report::verify::{verify, Check, Outcome, References};
use grundy_report::Summary;
use grundy_sources::manifest::{check_files, Manifest};
use grundy_sources::pipeline::MANIFEST;

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
    let checks = verify(&summary, &load_claims()?, &load_references()?)?;
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
