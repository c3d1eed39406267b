//! The report text, snapshot-tested, and the committed generated files kept current.

use std::fs;
use std::path::Path;

use grundy_core::{FastSweep, GrundyKernel};
use grundy_report::claims::Claims;
use grundy_report::findings::{Findings, LONGER_RUNS_LOG2};
use grundy_report::markdown;
use grundy_report::verify::{verify, References, Verdict};
use grundy_report::Summary;

fn root() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."))
}

fn references() -> References {
    References::load(|rel| fs::read_to_string(root().join("fixtures").join(rel))).unwrap()
}

fn claims() -> Claims {
    Claims::from_toml(&fs::read_to_string(root().join("fixtures/claims/grundy-article.toml")).unwrap()).unwrap()
}

/// A short sweep: the report says which claims lie beyond its range, and fails none.
#[test]
fn report_of_a_short_sweep() {
    let mut sweep = FastSweep::with_options(21, GrundyKernel::detect());
    sweep.run_to(1 << 18).unwrap();
    let summary = Summary::new("cargo xtask compute --to 262144", FastSweep::ALGORITHM, sweep.values(), sweep.stats());
    let checks = verify(&summary, &claims(), &references()).unwrap();
    assert!(checks.iter().all(|c| c.outcome != Verdict::Mismatch), "{checks:#?}");
    let beyond: Vec<&str> = checks.iter().filter(|c| c.outcome == Verdict::OutOfRange).map(|c| c.id.as_str()).collect();
    assert_eq!(
        beyond,
        ["zeros", "sparse-list", "sparse-by-range", "records", "first-occurrences", "longest-scan", "average-scan"]
    );
    let text = markdown::report(&Findings::new(&summary, &checks), &[("values.svg", "G(n)")]);
    insta::assert_snapshot!(text);
}

/// A claim id with no check (a typo in the claims file) is an error, not a pass.
#[test]
fn an_unknown_claim_id_is_an_error() {
    let text = fs::read_to_string(root().join("fixtures/claims/grundy-article.toml")).unwrap();
    let typo = text.replacen("id = \"sparse-list\"", "id = \"sparse-lsit\"", 1);
    assert_ne!(typo, text);
    let summary =
        Summary::from_json(&fs::read_to_string(root().join("runs/sweep/67108864/summary.json")).unwrap()).unwrap();
    let err = verify(&summary, &Claims::from_toml(&typo).unwrap(), &references()).unwrap_err();
    assert!(err.to_string().starts_with("claim \"sparse-lsit\" (Compare): no check is defined"), "{err}");
}

/// The claims' range is read from the claims file: with a range of 2^20 the committed
/// 2^26 summary is restricted to heaps below 2^20 and the checks of whole-range figures
/// run on it (and mismatch, the figures being the 2^26 ones) instead of being skipped as
/// beyond the range, as a hard-coded 2^26 would have it.
#[test]
fn the_claims_range_comes_from_the_claims_file() {
    let text = fs::read_to_string(root().join("fixtures/claims/grundy-article.toml")).unwrap();
    let small = text.replacen("range = 67108864", "range = 1048576", 1);
    assert_ne!(small, text, "the claims file states its range as 67108864");
    let summary =
        Summary::from_json(&fs::read_to_string(root().join("runs/sweep/67108864/summary.json")).unwrap()).unwrap();
    let checks = verify(&summary, &Claims::from_toml(&small).unwrap(), &references()).unwrap();
    let outcome = |id: &str| checks.iter().find(|c| c.id == id).unwrap().outcome;
    assert_eq!(outcome("sparse-list"), Verdict::Mismatch);
    assert_eq!(outcome("average-scan"), Verdict::Mismatch);
    assert_eq!(outcome("first-values"), Verdict::Match);
}

/// The committed summaries are in the current format, exactly as `to_json` writes them.
#[test]
fn committed_summaries_are_current() {
    for heaps in ["67108864", "1073741824"] {
        let path = root().join(format!("runs/sweep/{heaps}/summary.json"));
        let text = fs::read_to_string(&path).unwrap();
        assert!(
            Summary::from_json(&text).unwrap().to_json() == text,
            "{} is not in the current format",
            path.display()
        );
    }
}

/// A summary that disagrees with a claim is a mismatch, not a pass.
#[test]
fn a_wrong_summary_is_caught() {
    let text = fs::read_to_string(root().join("runs/sweep/67108864/summary.json")).unwrap();
    let mut summary = Summary::from_json(&text).unwrap();
    summary.sparse_heaps.pop();
    summary.scan.longest.as_mut().unwrap().length += 1;
    let checks = verify(&summary, &claims(), &references()).unwrap();
    let bad: Vec<&str> = checks.iter().filter(|c| c.outcome == Verdict::Mismatch).map(|c| c.id.as_str()).collect();
    assert_eq!(bad, ["sparse-list", "sparse-by-range", "longest-scan"]);
}

/// The 2^30 sweep, restricted to heaps below 2^26, still matches every claim it can speak
/// to; the longest scan below 2^26 is not in its summary.
#[test]
fn a_longer_sweep_is_checked_on_the_claims_range() {
    let path = root().join("runs/sweep/1073741824/summary.json");
    let summary = Summary::from_json(&fs::read_to_string(path).unwrap()).unwrap();
    assert_eq!(summary.heaps, 1 << 30);
    let checks = verify(&summary, &claims(), &references()).unwrap();
    assert!(checks.iter().all(|c| c.outcome != Verdict::Mismatch), "{checks:#?}");
    let beyond: Vec<&str> = checks.iter().filter(|c| c.outcome == Verdict::OutOfRange).map(|c| c.id.as_str()).collect();
    assert_eq!(beyond, ["longest-scan"]);
    let next = checks.iter().find(|c| c.id == "records-beyond").unwrap();
    assert!(next.detail.contains("our sweep reaches it: (475094020, 281)"), "{}", next.detail);
}

/// runs/report/ holds exactly what `cargo xtask report` makes from the committed summary.
#[test]
fn committed_report_is_current() {
    let text = fs::read_to_string(root().join("runs/sweep/67108864/summary.json")).unwrap();
    let summary = Summary::from_json(&text).unwrap();
    let checks = verify(&summary, &claims(), &references()).unwrap();
    assert!(checks.iter().all(|c| c.outcome != Verdict::Mismatch));
    let longer: Vec<Summary> = LONGER_RUNS_LOG2
        .iter()
        .map(|k| root().join(format!("runs/sweep/{}/summary.json", 1u64 << k)))
        .filter(|p| p.exists())
        .map(|p| Summary::from_json(&fs::read_to_string(p).unwrap()).unwrap())
        .collect();
    assert!(!longer.is_empty(), "the 2^30 sweep is committed");
    let mut findings =
        Findings::new(&summary, &checks).with_longer(&summary, &longer, &claims(), &references()).unwrap();
    // The periods proved from the command line (`cargo xtask prove`), as `cargo xtask report` adds them.
    let mut runs: Vec<_> = fs::read_dir(root().join("runs/periods"))
        .map(|d| {
            d.filter_map(|e| e.ok().map(|e| e.path())).filter(|p| p.extension().is_some_and(|e| e == "json")).collect()
        })
        .unwrap_or_else(|_| Vec::new());
    runs.sort();
    let runs: Vec<grundy_report::periods::PeriodRun> =
        runs.iter().map(|p| serde_json::from_str(&fs::read_to_string(p).unwrap()).unwrap()).collect();
    let table = fs::read_to_string(root().join("fixtures/raw/stored/octal_game_periods_summary.txt")).unwrap();
    findings.periods = grundy_report::periods::findings(&runs, &grundy_report::periods::published(&table));
    assert!(!grundy_report::periods::any_mismatch(&findings.periods), "{:?}", findings.periods);
    for b in &findings.beyond {
        assert!(b.agrees_below, "the sweep to {} agrees with the one before below {}", b.heaps, b.from);
        assert!(b.checks.iter().all(|c| c.outcome == "match"), "{:?}", b.checks);
    }
    let pictures = [("values.svg", "G(n) for n <= 30,000"), ("sparse-heaps.svg", "where the sparse heaps lie")];
    let stale = "is stale: run `cargo xtask report`";
    assert!(
        fs::read_to_string(root().join("runs/report/report.md")).unwrap() == markdown::report(&findings, &pictures),
        "report.md {stale}"
    );
    assert!(
        fs::read_to_string(root().join("runs/report/findings.json")).unwrap() == findings.to_json(),
        "findings.json {stale}"
    );
}
