//! `grundy census` end to end: a census split into shards, one of them killed mid-way and
//! rerun, merges into the same table, byte for byte, as the census run in one process; a
//! census grown from a smaller budget and one run on two threads give that table too;
//! merge refuses incomplete, mixed or edited results, naming the file; a damaged result is
//! moved aside and computed again.

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::{grundy, stderr, stdout};

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
    assert!(said.contains("shard 0/3 at budget 4096 on 2 threads: 19 games"), "{said}");
    ok(&census(FAMILY, BUDGET, &sharded, Some("1/3")));
    ok(&census(FAMILY, BUDGET, &sharded, Some("2/3")));
    // No temporary files are left behind by the killed shard that merge would read.
    ok(&merge(FAMILY, BUDGET, &sharded));
    assert_eq!(std::fs::read(sharded.join("table.csv")).unwrap(), expected);
    assert_eq!(std::fs::read(sharded.join("table.md")).unwrap(), expected_md);

    // A folder does not shrink; merge reads the budget from the results and refuses another.
    let o = census(FAMILY, "2^11", &sharded, Some("0/3"));
    assert!(!o.status.success());
    assert!(stderr(&o).contains("a census folder only grows"), "{}", stderr(&o));
    let o = merge(FAMILY, "2^11", &sharded);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("the results are at budget 4096, not 2048"), "{}", stderr(&o));
    let o = grundy(&["census", "merge", "--family", FAMILY, "--out", sharded.to_str().unwrap()]);
    ok(&o);
    assert!(stdout(&o).contains("unsolved at 4096"), "{}", stdout(&o));
    assert_eq!(std::fs::read(sharded.join("table.csv")).unwrap(), expected);
    // Results of another family are refused.
    let o = census("0.d", BUDGET, &sharded, None);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("another census"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&whole);
    let _ = std::fs::remove_dir_all(&sharded);
}

#[test]
fn bad_census_arguments_are_one_line_errors() {
    for (args, says) in [
        (&["census", "--family", "octal"][..], "unknown family"),
        (
            &["census", "--family", "list:.8", "--out", "/tmp/x"],
            "0.8: G(0..1048577) by the definition (the code is not octal) would take about",
        ),
        (&["census", "--family", "list:half", "--out", "/tmp/x"], "not a take-and-break code"),
        (&["census", "--family", "0.dd", "--shard", "3/3"], "expected i/n"),
        (&["census", "--family", "list:.106"], "needs --out"),
        (&["census", "--family", "0.dd", "--budget", "0"], "--budget"),
        (&["census", "--family", "0.dd", "--budget", "1000"], "between 1024 (2^10)"),
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
/// whole family and is left out. A result edited to a wrong period is refused by merge.
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
    // Merge checks the proof before the comparison sees the row: refused, naming the file.
    let o = merge(family, BUDGET, &dir);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("results/0.45.json") && stderr(&o).contains("period"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Growing a census folder's budget keeps every proved game and continues every unsolved
/// one from its stored values (none is computed from heap 0), and gives the table of the
/// census run at the larger budget from the start, byte for byte; so does a run on two
/// threads against one on one thread.
#[test]
fn budgets_grow_in_place_and_threads_change_nothing() {
    let straight = scratch("straight");
    let o = grundy(&[
        "census",
        "--family",
        "0.ddd",
        "--budget",
        "2^12",
        "--out",
        straight.to_str().unwrap(),
        "--threads",
        "1",
    ]);
    ok(&o);
    assert!(stdout(&o).contains("on 1 threads: 448 games: 0 proved kept"), "{}", stdout(&o));
    let grown = scratch("grown");
    let o = grundy(&[
        "census",
        "--family",
        "0.ddd",
        "--budget",
        "2^10",
        "--out",
        grown.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    ok(&o);
    let table = std::fs::read_to_string(grown.join("table.csv")).unwrap();
    let proved_at_1024 = table.lines().filter(|l| l.split(',').nth(1) == Some("periodic")).count();
    // The proved game with the longest proof at 2^10 (0.156: 937 values).
    let longest = table
        .lines()
        .filter(|l| l.contains(",periodic,"))
        .max_by_key(|l| l.split(',').nth(4).unwrap().parse::<u64>().unwrap())
        .unwrap();
    let kept = grown.join(format!("results/{}.json", longest.split(',').next().unwrap()));
    let kept_file = std::fs::read_to_string(&kept).unwrap();
    let o = grundy(&[
        "census",
        "--family",
        "0.ddd",
        "--budget",
        "2^12",
        "--out",
        grown.to_str().unwrap(),
        "--threads",
        "2",
    ]);
    ok(&o);
    let unsolved_at_1024 = 448 - proved_at_1024;
    assert!(
        stdout(&o).contains(&format!(
            "448 games: {proved_at_1024} proved kept (not computed again), {unsolved_at_1024} continued from their stored values, 0 computed from heap 0"
        )),
        "{}",
        stdout(&o)
    );
    assert_eq!(std::fs::read_to_string(&kept).unwrap(), kept_file, "a proved result is left as it is");
    for file in ["table.csv", "table.md"] {
        assert_eq!(std::fs::read(grown.join(file)).unwrap(), std::fs::read(straight.join(file)).unwrap(), "{file}");
    }
    // The values are stored compactly: 1 byte a heap for these codes, plus a 17-byte header.
    let sizes: Vec<u64> = std::fs::read_dir(grown.join("results"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "values"))
        .map(|p| std::fs::metadata(p).unwrap().len())
        .collect();
    let unsolved_at_4096 = std::fs::read_to_string(straight.join("table.csv"))
        .unwrap()
        .lines()
        .filter(|l| l.split(',').nth(1) == Some("unsolved"))
        .count();
    assert_eq!(sizes.len(), unsolved_at_4096, "values are kept for unsolved games only");
    assert!(sizes.iter().all(|&n| n == 17 + 4097 || n == 17 + 2 * 4097), "{sizes:?}");
    assert!(sizes.contains(&(17 + 4097)));
    // Every proved game says "periodic"; "trivial" appears only in the tczajka column.
    let csv = String::from_utf8_lossy(&std::fs::read(straight.join("table.csv")).unwrap()).to_string();
    assert!(csv.lines().skip(1).all(|l| l.split(',').nth(1).is_some_and(|s| s == "periodic" || s == "unsolved")));
    let md = String::from_utf8_lossy(&std::fs::read(straight.join("table.md")).unwrap()).to_string();
    assert!(md.contains("| 0.137 | periodic | 52 | 34 |"), "Dawson's chess: {md}");
    assert!(!md.lines().take(6).any(|l| l.contains(" trivial")), "the summary does not say trivial: {md}");
    let _ = std::fs::remove_dir_all(&straight);
    let _ = std::fs::remove_dir_all(&grown);
}

/// An edited period, an edited checksum or an edited stored value makes merge fail naming
/// the file; a truncated or emptied result is moved aside (kept) and computed again on the
/// rerun, with one line saying so.
#[test]
fn nothing_trusted_nothing_lost() {
    let dir = scratch("edited");
    ok(&census(FAMILY, BUDGET, &dir, None));
    let expected = std::fs::read(dir.join("table.csv")).unwrap();
    let file = dir.join("results/0.07.json");
    let text = std::fs::read_to_string(&file).unwrap();
    let edit = |from: &str, to: &str| {
        assert!(text.contains(from), "{text}");
        std::fs::write(&file, text.replace(from, to)).unwrap();
        let o = merge(FAMILY, BUDGET, &dir);
        assert!(!o.status.success(), "{from} -> {to}");
        assert!(stderr(&o).contains("results/0.07.json"), "{}", stderr(&o));
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        stderr(&o)
    };
    assert!(edit("\"period\": 34", "\"period\": 33").contains("the proof does not hold"));
    let checksum = text.split("\"checksum\": \"").nth(1).unwrap()[..16].to_string();
    assert!(edit(&checksum, "0000000000000000").contains("checksum"));
    std::fs::write(&file, &text).unwrap();
    // An unsolved game: its stored values changed.
    let values = dir.join("results/0.04.values");
    let bytes = std::fs::read(&values).unwrap();
    let mut changed = bytes.clone();
    changed[100] ^= 1;
    std::fs::write(&values, &changed).unwrap();
    let o = merge(FAMILY, BUDGET, &dir);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("results/0.04.values") && stderr(&o).contains("do not match"), "{}", stderr(&o));
    std::fs::write(&values, &bytes).unwrap();
    ok(&merge(FAMILY, BUDGET, &dir));

    // Truncated and emptied: moved aside, computed again, one line each.
    std::fs::write(&file, &text[..text.len() / 2]).unwrap();
    std::fs::write(dir.join("results/0.04.json"), "").unwrap();
    let o = merge(FAMILY, BUDGET, &dir);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("not a census result"), "{}", stderr(&o));
    let o = census(FAMILY, BUDGET, &dir, None);
    ok(&o);
    let said = stdout(&o);
    let lines: Vec<&str> = said.lines().filter(|l| l.contains("moved aside")).collect();
    assert_eq!(lines.len(), 2, "{said}");
    assert!(
        lines.iter().any(|l| l.contains("0.04.json: not a usable result: the file is empty; moved aside to")),
        "{said}"
    );
    assert!(said.contains("2 computed from heap 0"), "{said}");
    assert_eq!(std::fs::read(dir.join("aside/0.07.json.0")).unwrap(), text.as_bytes()[..text.len() / 2]);
    assert_eq!(std::fs::read(dir.join("aside/0.04.values.0")).unwrap(), bytes);
    assert_eq!(std::fs::read(dir.join("table.csv")).unwrap(), expected);
    // Stored values cut short: the run moves the game aside (record and values) too.
    let values_now = std::fs::read(&values).unwrap();
    std::fs::write(&values, &values_now[..1000]).unwrap();
    let o = census(FAMILY, BUDGET, &dir, None);
    ok(&o);
    assert!(stdout(&o).contains("0.04.values: not a usable result: not a values file"), "{}", stdout(&o));
    assert!(stdout(&o).contains("1 computed from heap 0"), "{}", stdout(&o));
    assert_eq!(std::fs::read(dir.join("aside/0.04.values.1")).unwrap(), &values_now[..1000]);
    assert_eq!(std::fs::read(dir.join("table.csv")).unwrap(), expected);
    let _ = std::fs::remove_dir_all(&dir);
}

/// An unsolved game shows the period its last values repeat with, labelled as not proved:
/// 0.1704 at 2^14 (proved only at 16,514 values: period 6642 from 1613).
#[test]
fn unsolved_games_show_a_candidate_period() {
    let dir = scratch("candidate");
    ok(&census("list:0.1704", "2^14", &dir, None));
    let csv = String::from_utf8_lossy(&std::fs::read(dir.join("table.csv")).unwrap()).to_string();
    assert!(csv.lines().next().unwrap().contains("candidate_preperiod,candidate_period_not_proved,candidate_span"));
    let row = csv.lines().nth(1).unwrap();
    assert!(row.starts_with("0.1704,unsolved,,,16384,"), "{row}");
    assert!(row.contains(",1613,6642,14771,"), "{row}");
    let md = String::from_utf8_lossy(&std::fs::read(dir.join("table.md")).unwrap()).to_string();
    assert!(md.contains("| 0.1704 | unsolved |  |  | 6642 (1613, 14771) |"), "{md}");
    assert!(md.contains("NOT PROVED"), "{md}");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Inside a job array the shard comes from Slurm's variables only when they describe the
/// whole array 0..n-1: a task id without a count, or a part of an array (`--array=1`), is
/// refused in one line instead of running the whole family.
#[test]
fn slurm_variables_that_do_not_name_a_shard_are_refused() {
    let dir = scratch("slurm-env");
    for (vars, says) in [
        (&[("SLURM_ARRAY_TASK_ID", "1")][..], "without SLURM_ARRAY_TASK_COUNT"),
        (
            &[
                ("SLURM_ARRAY_TASK_ID", "1"),
                ("SLURM_ARRAY_TASK_COUNT", "1"),
                ("SLURM_ARRAY_TASK_MIN", "1"),
                ("SLURM_ARRAY_TASK_MAX", "1"),
            ],
            "pass --shard 1/N",
        ),
    ] {
        let o = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["census", "--family", FAMILY, "--budget", "2^10", "--out", dir.to_str().unwrap()])
            .envs(vars.iter().copied())
            .output()
            .unwrap();
        assert!(!o.status.success(), "{vars:?}");
        assert_eq!(stderr(&o).lines().count(), 1, "{}", stderr(&o));
        assert!(stderr(&o).contains(says), "{}", stderr(&o));
        assert!(!dir.join("results").exists(), "nothing ran");
    }
}

/// The committed census of 0.dddd is of result format 1 (no stored values, a checksum over
/// G(0..budget)). A run brings such results up: proved ones are kept (rebuilt from their
/// periodic values, or from the values their proof rests on where those are longer than
/// 4,096: 0.1704), unsolved ones are computed again; then merge accepts them, and the rows
/// say what the committed table says.
#[test]
fn format_1_results_are_brought_up_by_a_run() {
    let dir = scratch("format-1");
    std::fs::create_dir_all(dir.join("results")).unwrap();
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../runs/census/0.dddd");
    let family = "list:0.0001,0.0014,0.1704,0.0027";
    for code in ["0.0001", "0.0014", "0.1704", "0.0027"] {
        let text = std::fs::read_to_string(committed.join(format!("results/{code}.json"))).unwrap();
        assert!(text.contains("\"format\": 1"), "{code}");
        let text = text.replace("\"family\": \"0.dddd\"", &format!("\"family\": \"{family}\""));
        std::fs::write(dir.join(format!("results/{code}.json")), text).unwrap();
    }
    let o = merge(family, "2^15", &dir);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("a result of format 1"), "{}", stderr(&o));
    let o = census(family, "2^15", &dir, None);
    ok(&o);
    assert!(
        stdout(&o).contains("4 games: 3 proved kept (not computed again; 3 of them brought from format 1), 0 continued from their stored values, 1 computed from heap 0"),
        "{}",
        stdout(&o)
    );
    let ours = std::fs::read_to_string(dir.join("table.csv")).unwrap();
    let theirs = std::fs::read_to_string(committed.join("table.csv")).unwrap();
    for code in ["0.0001", "0.0014", "0.1704", "0.0027"] {
        let row = |table: &str| -> Vec<String> {
            let line = table.lines().find(|l| l.starts_with(&format!("{code},"))).unwrap();
            // The game's facts: pre-period, period, values computed, largest value and where.
            // (The rule columns after them are the sweep's choice, which a later revision may
            // make differently: the committed table records the revision that wrote it.)
            line.split(',').skip(2).take(5).map(str::to_string).collect()
        };
        assert_eq!(row(&ours), row(&theirs), "{code}: pre-period to where the largest value is");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// A long game saves its state at every power of two from 2^16: killed after the first
/// stage, the rerun continues it from 2^16 instead of starting over, and ends with the
/// same result as a run that was never killed.
#[test]
fn a_killed_long_game_continues_from_its_last_stage() {
    let dir = scratch("stages");
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["census", "--family", "list:.106", "--budget", "2^17", "--out", dir.to_str().unwrap()])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !dir.join("results/0.106.json").exists() && started.elapsed() < Duration::from_secs(120) {
        std::thread::sleep(Duration::from_millis(2));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    let saved = std::fs::read_to_string(dir.join("results/0.106.json")).unwrap();
    assert!(saved.contains("\"budget\": 65536"), "the first stage is saved: {saved}");
    let o = census("list:.106", "2^17", &dir, None);
    ok(&o);
    assert!(stdout(&o).contains("1 continued from their stored values, 0 computed from heap 0"), "{}", stdout(&o));
    let straight = scratch("stages-straight");
    ok(&census("list:.106", "2^17", &straight, None));
    assert_eq!(std::fs::read(dir.join("table.csv")).unwrap(), std::fs::read(straight.join("table.csv")).unwrap());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&straight);
}

/// Codes in CGSuite's notation (issue 40) take part in a census like octal ones: computed
/// by the definition (no mask), their periods proved by the theorem that covers them (an
/// all-but subtraction game's with its saltus, `examples/tbcode/census.md` works them by
/// hand), an unsolved one grown in place from its stored values to the table of a run at
/// the larger budget, and checked by merge (an edited saltus is refused).
#[test]
fn codes_in_cgsuites_notation_take_part() {
    let family = "list:0.30[3] nim 0.4! kayles";
    let straight = scratch("tbcode-straight");
    ok(&census(family, "2^11", &straight, None));
    let csv = String::from_utf8_lossy(&std::fs::read(straight.join("table.csv")).unwrap()).to_string();
    let rows: Vec<&str> = csv.lines().collect();
    assert!(rows[0].ends_with(",engine,saltus"), "{csv}");
    // Take any number but 2: G(n + 4) = G(n) + 2 from heap 0, proved from G(0..7); Nim
    // (`0.[3]`): G(n + 1) = G(n) + 1, proved from G(0..2).
    assert!(rows[1].starts_with("0.30[3],periodic,0,4,7,"), "{csv}");
    assert!(rows[1].ends_with(",definition,2"), "{csv}");
    assert!(rows[2].starts_with("0.[3],periodic,0,1,2,1,1,,"), "{csv}");
    assert!(rows[2].ends_with(",definition,1"), "{csv}");
    // Take one and split the rest into two unequal heaps: no theorem covers `!`.
    assert!(rows[3].starts_with("0.4!,unsolved,,,2048,"), "{csv}");
    assert!(rows[3].ends_with(",definition,"), "{csv}");
    assert!(rows[4].starts_with("0.77,periodic,71,12,168,"), "{csv}");
    assert!(rows[4].ends_with(",octal sparse sweep,"), "{csv}");
    let md = String::from_utf8_lossy(&std::fs::read(straight.join("table.md")).unwrap()).to_string();
    assert!(md.contains("| 0.30[3] | periodic | 0 | 4 +2 |"), "{md}");
    let record = std::fs::read_to_string(straight.join("results/0.30[3].json")).unwrap();
    assert!(record.contains("\"head\": \"0101232345456767"), "{record}");

    let grown = scratch("tbcode-grown");
    ok(&census(family, "2^10", &grown, None));
    let o = census(family, "2^11", &grown, None);
    ok(&o);
    assert!(
        stdout(&o).contains("3 proved kept (not computed again), 1 continued from their stored values"),
        "{}",
        stdout(&o)
    );
    for file in ["table.csv", "table.md"] {
        assert_eq!(std::fs::read(grown.join(file)).unwrap(), std::fs::read(straight.join(file)).unwrap(), "{file}");
    }

    let file = straight.join("results/0.30[3].json");
    std::fs::write(&file, record.replace("\"saltus\": 2", "\"saltus\": 3")).unwrap();
    let o = merge(family, "2^11", &straight);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("0.30[3].json") && stderr(&o).contains("the proof does not hold"), "{}", stderr(&o));
    let _ = std::fs::remove_dir_all(&straight);
    let _ = std::fs::remove_dir_all(&grown);
}
