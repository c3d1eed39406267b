//! `grundy census` end to end: a census split into shards, one of them killed mid-way and
//! rerun, merges into the same table, byte for byte, as the census run in one process; and
//! merge refuses incomplete or mixed results.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::grundy;

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-census-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

fn ok(o: &Output) {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

fn census(family: &str, budget: &str, dir: &Path, shard: Option<&str>) -> Output {
    let mut args = vec!["census", "--family", family, "--budget", budget, "--out", dir.to_str().unwrap()];
    if let Some(s) = shard {
        args.extend(["--shard", s]);
    }
    grundy(&args)
}

fn merge(family: &str, budget: &str, dir: &Path) -> Output {
    grundy(&["census", "merge", "--family", family, "--budget", budget, "--out", dir.to_str().unwrap()])
}

const FAMILY: &str = "0.dd";
const BUDGET: &str = "2^12";

#[test]
fn shards_killed_and_rerun_merge_to_the_one_process_table() {
    let whole = scratch("whole");
    ok(&census(FAMILY, BUDGET, &whole, None));
    let expected = std::fs::read(whole.join("table.csv")).unwrap();
    let expected_md = std::fs::read(whole.join("table.md")).unwrap();
    assert_eq!(String::from_utf8_lossy(&expected).lines().count(), 57);

    let sharded = scratch("sharded");
    // Merge before any shard ran: refused, naming what is missing.
    let o = merge(FAMILY, BUDGET, &sharded);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("56 of 56 games have no result"));
    // Shard 0 of 3 killed as soon as it has written a result, then rerun: it skips what it did.
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["census", "--family", FAMILY, "--budget", BUDGET, "--out", sharded.to_str().unwrap()])
        .args(["--shard", "0/3"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::fs::read_dir(sharded.join("results")).map_or(0, |d| d.count()) == 0
        && started.elapsed() < Duration::from_secs(60)
    {
        std::thread::sleep(Duration::from_millis(5));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let o = census(FAMILY, BUDGET, &sharded, Some("0/3"));
    ok(&o);
    let said = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(said.contains("shard 0/3: 19 games"), "{said}");
    ok(&census(FAMILY, BUDGET, &sharded, Some("1/3")));
    ok(&census(FAMILY, BUDGET, &sharded, Some("2/3")));
    // No temporary files are left behind by the killed shard that merge would read.
    ok(&merge(FAMILY, BUDGET, &sharded));
    assert_eq!(std::fs::read(sharded.join("table.csv")).unwrap(), expected);
    assert_eq!(std::fs::read(sharded.join("table.md")).unwrap(), expected_md);

    // Results of another budget are refused, by the run and by merge.
    let o = census(FAMILY, "2^11", &sharded, Some("0/3"));
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("another census"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = merge(FAMILY, "2^11", &sharded);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("another census"));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&sharded);
}

#[test]
fn bad_census_arguments_are_one_line_errors() {
    for (args, says) in [
        (&["census", "--family", "octal"][..], "unknown family"),
        (&["census", "--family", "list:.8", "--out", "/tmp/x"], "not an octal code"),
        (&["census", "--family", "0.dd", "--shard", "3/3"], "expected i/n"),
        (&["census", "--family", "list:.6"], "needs --out"),
        (&["census", "--family", "0.dd", "--budget", "0"], "--budget"),
    ] {
        let o = grundy(args);
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{args:?}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A census of some codes of the tczajka tables is compared on their rows only: two
/// trivial rows, a solved row proved within the budget and one whose proof needs more (run
/// past the budget for the comparison), an unsolved row whose statistics are at a larger N
/// (likewise, and counted again under the table's mask); the GameLookup table needs the
/// whole family and is left out. A result edited to a wrong period is reported.
#[test]
fn part_of_the_tczajka_family_is_compared_on_its_rows() {
    let dir = scratch("tczajka-part");
    let family = "list:.1,.4,.45,.156,.04";
    ok(&census(family, BUDGET, &dir, None));
    let report = std::fs::read_to_string(dir.join("tczajka.md")).unwrap();
    assert!(report.contains("| trivial games | 2 | 2 | 0 |"), "{report}");
    assert!(report.contains("| solved games | 2 | 2 | 0 |"), "{report}");
    assert!(report.contains("| unsolved games | 1 | 1 | 0 |"), "{report}");
    assert!(report.contains("solved games: computed past the budget for this comparison (the table needs more values): 0.156 (7659 values)."), "{report}");
    assert!(report.contains("unsolved games: computed past the budget for this comparison (the table needs more values): 0.04 (131072 values)."), "{report}");
    assert!(
        report.contains("counted again under the table's mask, where our sweep chose another, and equal: 0.04."),
        "{report}"
    );
    assert!(!report.contains("GameLookup"), "{report}");

    let result = dir.join("results/0.45.json");
    let text = std::fs::read_to_string(&result).unwrap();
    assert!(text.contains("\"period\": 20"), "{text}");
    std::fs::write(&result, text.replace("\"period\": 20", "\"period\": 40")).unwrap();
    ok(&merge(family, BUDGET, &dir));
    let report = std::fs::read_to_string(dir.join("tczajka.md")).unwrap();
    assert!(report.contains("| solved games | 2 | 1 | 1 |"), "{report}");
    assert!(report.contains("| 0.45 | pre-period/period 498/40, table 498/20 |"), "{report}");
    let _ = std::fs::remove_dir_all(&dir);
}
