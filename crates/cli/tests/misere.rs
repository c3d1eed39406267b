//! Misère play from the command line: `quotient` and `genus` (text and JSON),
//! `analyze --misere` of the 47-stone position by the quotient, `explain
//! --misere`, the fallback and its error, and the misère census split into shards merging
//! to the one-process table.

use std::process::Output;

mod common;
use common::grundy;

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8(o.stdout.clone()).unwrap()
}

#[test]
fn quotient_of_dawsons_kayles() {
    let text = stdout(&grundy(&["quotient", "--game", ".07", "--to", "7", "--full"]));
    assert!(text.contains("|Q| = 6, |P| = 2 (tame"), "{text}");
    assert!(text.contains("relations:   a^2 = 1, b^3 = b"), "{text}");
    assert!(text.contains("  6: a b\n"), "{text}");
    let json: serde_json::Value =
        serde_json::from_str(&stdout(&grundy(&["quotient", "--game", "kayles", "--to", "400", "--format", "json"])))
            .unwrap();
    assert_eq!(json["order"], 40);
    assert_eq!(json["bound"], 169);
    assert_eq!(json["periodicity"]["preperiod"], 71);
    assert_eq!(json["periodicity"]["period"], 12);
    assert_eq!(json["periodicity"]["proved"], false);
    let err = grundy(&["quotient", "--game", "grundy", "--to", "40"]);
    assert_eq!(err.status.code(), Some(1));
    let msg = String::from_utf8_lossy(&err.stderr);
    assert!(
        msg.starts_with("error: the misère quotient grew past its limit at heap ") && msg.lines().count() == 1,
        "{msg}"
    );
}

#[test]
fn genus_of_kayles() {
    let text = stdout(&grundy(&["genus", "--game", "kayles", "--to", "20"]));
    assert!(text.contains("    5: 4^146            restless"), "{text}");
    assert!(text.contains("    6: 3                nim heap"), "{text}");
    assert!(text.contains("    7: 2^2              tame"), "{text}");
    assert!(text.contains("   20: 1^031"), "{text}");
    let err = grundy(&["genus", "--game", "kayles", "--to", "41"]);
    assert!(String::from_utf8_lossy(&err.stderr).contains("up to 40 stones"));
}

#[test]
fn analyze_and_explain_by_the_quotient() {
    let args = ["--misere", "--game", ".07", "7", "6", "6", "5", "4", "4", "3", "3", "2", "2", "1"];
    let text = stdout(&grundy(&[&["analyze"][..], &args].concat()));
    assert!(
        text.contains("outcome:  the player to move wins (by the misère quotient of order 6 (heaps up to 7"),
        "{text}"
    );
    assert!(text.contains("winning moves: 10"), "{text}");
    let text = stdout(&grundy(&[&["explain"][..], &args].concat()));
    assert!(text.contains("3. Their product, reduced by the relations, is a b^2: not in the P-portion"), "{text}");
    // Past the quotient's limits and past 40 stones: one line naming both.
    let err = grundy(&["analyze", "--misere", "--game", "grundy", "41"]);
    let msg = String::from_utf8_lossy(&err.stderr);
    assert!(msg.contains("misère quotient could not be computed") && msg.contains("limited to 40 stones"), "{msg}");
    // Misère Nim keeps its rule.
    let text = stdout(&grundy(&["analyze", "--misere", "--game", "nim", "3", "1", "1"]));
    assert!(text.contains("by misère Nim's rule"), "{text}");
}

#[test]
fn misere_census_shards_merge_to_the_one_process_table() {
    let dir = |name: &str| std::env::temp_dir().join(format!("grundy-misere-census-{}-{name}", std::process::id()));
    let (whole, parts) = (dir("whole"), dir("parts"));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&parts);
    let family = "list:0.07,0.77,0.137,0.75,0.6,0.34";
    let run = |out: &std::path::Path, shard: Option<&str>| {
        let mut a = vec!["census", "--misere", "--family", family, "--bound", "20", "--out", out.to_str().unwrap()];
        if let Some(s) = shard {
            a.extend(["--shard", s]);
        }
        stdout(&grundy(&a))
    };
    run(&whole, None);
    for s in ["0/3", "1/3", "2/3"] {
        run(&parts, Some(s));
    }
    stdout(&grundy(&[
        "census",
        "merge",
        "--misere",
        "--family",
        family,
        "--bound",
        "20",
        "--out",
        parts.to_str().unwrap(),
    ]));
    let read = |d: &std::path::Path| std::fs::read(d.join("table.csv")).unwrap();
    assert_eq!(read(&whole), read(&parts));
    let table = String::from_utf8(read(&whole)).unwrap();
    assert!(table.contains("0.75,20,8,2,false,"), "{table}");
    // Rerun: every game is skipped.
    assert!(run(&whole, None).contains("0 computed now, 6 already done"));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&parts);
}

#[test]
fn play_says_which_method_answers() {
    let o = common::grundy_with_input(&["play", "--misere", "--game", "kayles", "30", "11"], "quit\n");
    let text = stdout(&o);
    assert!(text.contains("The computer answers misère positions by the misère quotient of order 40"), "{text}");
}

/// Issue 35, item 16: `quotient` and `genus` had no estimate and were never refused by
/// `--max-time` (`quotient --game .07 --to 10^6` was silent for 12 s, then refused at heap
/// 34). Both are weighed before they start and refused at once past the limit, with the
/// estimate and what fits; within it they run.
#[test]
fn quotient_and_genus_are_weighed_before_they_start() {
    let started = std::time::Instant::now();
    let err = common::failure(&["--max-time", "5", "quotient", "--game", ".07", "--to", "10^6"], 1);
    assert!(err.contains("would take about") && err.contains("--max-time") && err.contains("heaps up to"), "{err}");
    let err = common::failure(&["--max-time", "0.5", "quotient", "--game", ".07", "--to", "33", "--full"], 1);
    assert!(err.contains("would take about"), "{err}");
    assert!(started.elapsed().as_secs() < 10, "refused before starting: {:?}", started.elapsed());
    let err = common::failure(&["--max-time", "0.01", "genus", "--game", "kayles", "--to", "40"], 1);
    assert!(err.contains("may take up to") && err.contains("--max-time"), "{err}");
    let o = common::grundy(&["--max-time", "5", "quotient", "--game", "kayles", "--to", "60"]);
    assert!(o.status.success(), "{}", common::stderr(&o));
}
