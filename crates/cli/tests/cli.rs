//! The `grundy` binary as a user runs it: answers on stdout, one-line errors on stderr,
//! exit codes 0 (ok), 1 (error), 2 (usage).

mod common;
use common::{failure, grundy, grundy_with_bytes, grundy_with_input, stdout};

#[test]
fn value_of_a_heap() {
    let o = grundy(&["value", "1222"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "0\n");
    assert_eq!(stdout(&grundy(&["value", "18"])), "4\n");
}

#[test]
fn values_in_bfile_format() {
    // --to N means the N heaps G(0), ..., G(N - 1).
    let o = grundy(&["values", "--to", "21"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.starts_with("0 0\n1 0\n2 0\n3 1\n4 0\n5 2\n"));
    assert!(text.ends_with("20 0\n"));
    assert_eq!(text.lines().count(), 21);
    assert_eq!(stdout(&grundy(&["values", "--to", "2^4"])).lines().count(), 16);
    assert_eq!(stdout(&grundy(&["values", "--to", "1e1"])).lines().count(), 10);
}

/// `values --to 10001` is the OEIS b-file of A002188, byte for byte.
#[test]
fn values_reproduce_the_a002188_bfile() {
    let ours = stdout(&grundy(&["values", "--to", "10001"]));
    let theirs = include_str!("../../../fixtures/raw/oeis/b002188.txt");
    assert!(ours == theirs, "values --to 10001 differs from b002188.txt");
}

/// .6 by the octal sparse sweep against its OEIS b-file (A046695, offset 0 assumed by the file).
#[test]
fn octal_values_agree_with_oeis() {
    let theirs = include_str!("../../../fixtures/raw/oeis/b046695.txt");
    let lines: Vec<&str> = theirs.lines().filter(|l| !l.starts_with('#') && !l.trim().is_empty()).collect();
    let first: usize = lines[0].split_whitespace().next().unwrap().parse().unwrap();
    let last: usize = lines.last().unwrap().split_whitespace().next().unwrap().parse().unwrap();
    let ours = stdout(&grundy(&["values", "--game", ".6", "--to", &(last + 1).to_string()]));
    let ours: Vec<&str> = ours.lines().skip(first).collect();
    assert_eq!(ours, lines);
}

/// `--every-value` computes every value with the engine (no period shortcut): the same
/// table as the default, which fills Kayles' from its period proved at 168 values.
#[test]
fn every_value_gives_the_same_table() {
    for game in [".77", ".6", "grundy"] {
        let shortcut = stdout(&grundy(&["values", "--game", game, "--to", "5000"]));
        let every = grundy(&["values", "--game", game, "--to", "5000", "--every-value"]);
        assert!(every.status.success(), "{game}");
        assert_eq!(stdout(&every), shortcut, "{game}");
    }
    assert_eq!(grundy(&["values", "--to", "50", "--every-value", "--window", "2^16"]).status.code(), Some(2));
}

#[test]
fn values_as_wide_as_the_game_needs() {
    assert_eq!(stdout(&grundy(&["value", "--game", "nim", "70000"])), "70000\n");
    assert_eq!(stdout(&grundy(&["value", "--game", "half", "1000000"])), "500000\n");
    assert_eq!(stdout(&grundy(&["value", "--game", "half", "2^63"])), "4611686018427387904\n");
    let o = grundy(&["values", "--game", "nim", "--to", "70001", "--format", "csv"]);
    assert!(stdout(&o).ends_with("70000,70000\n"));
    let o = grundy(&["value", "--game", "nim", "--engine", "definition", "66000"]);
    assert_eq!(stdout(&o), "66000\n");
}

#[test]
fn engines_can_be_forced() {
    let definition = stdout(&grundy(&["values", "--game", ".137", "--to", "600", "--engine", "definition"]));
    assert_eq!(definition.lines().count(), 600);
    for engine in ["auto", "sparse"] {
        let o = grundy(&["values", "--game", ".137", "--to", "600", "--engine", engine]);
        assert!(o.status.success(), "{engine}");
        assert_eq!(stdout(&o), definition, "{engine}");
    }
    let o = grundy(&["value", "--game", "kayles", "--engine", "closed", "5"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("does not apply"), "{err}");
    assert_eq!(grundy(&["value", "--engine", "fast", "5"]).status.code(), Some(2));
}

/// Jobs beyond memory or (for the definition) beyond an hour are refused before they
/// start, with the estimate.
/// `value` of a large heap of a game a periodicity theorem covers reads the proved period:
/// the same value as the table, and heaps far beyond memory answered at once.
#[test]
fn value_by_a_proved_period() {
    for (game, heaps) in [("kayles", 20_000u64), (".07", 20_000), ("s2,5,7", 20_000), (".6", 5_000)] {
        let table = stdout(&grundy(&["values", "--game", game, "--to", &heaps.to_string()]));
        let g: Vec<&str> = table.lines().map(|l| l.split_whitespace().nth(1).unwrap()).collect();
        for n in [4_096, 4_097, heaps / 2 + 1, heaps - 1] {
            assert_eq!(stdout(&grundy(&["value", "--game", game, &n.to_string()])).trim(), g[n as usize], "{game} {n}");
        }
    }
    // Kayles: period 12 from heap 71; 10^18 = 71 + 12 k + 5, so G(10^18) = G(76) = G(4) = 1.
    let table = stdout(&grundy(&["values", "--game", "kayles", "--to", "100"]));
    let g76 = table.lines().nth(76).unwrap().split_whitespace().nth(1).unwrap().to_string();
    assert_eq!(stdout(&grundy(&["value", "--game", "kayles", "1000000000000000000"])).trim(), g76);
}

#[test]
fn refused_before_starting() {
    let o = grundy(&["value", "99999999999999"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("heaps fit"), "{err}");
    let o = grundy(&["value", "--game", ".8", "1000000"]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(err.contains("would take about") && err.contains("heaps fit") && err.contains("--max-time"), "{err}");
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn analyze_lists_winning_moves() {
    let o = grundy(&["analyze", "5", "9", "12"]);
    assert!(o.status.success());
    let text = stdout(&o);
    assert!(text.contains("nim-sum:  2 xor 1 xor 1 = 2"), "heaps in the order given: {text}");
    assert!(text.contains("the player to move wins"), "{text}");
    assert!(text.contains("winning moves: 1"), "{text}");
    assert!(text.contains("split heap A (5) into 4 and 1"), "{text}");

    let o = grundy(&["analyze", "20"]);
    assert!(stdout(&o).contains("winning moves: 0"));
    assert!(stdout(&o).contains("loses"));
}

#[test]
fn bad_input_gets_one_line_and_an_exit_code() {
    for (args, code) in [
        (&["value", "-5"][..], 2),
        (&["value", "abc"][..], 2),
        (&["value", "1.5"][..], 2),
        (&["value", "99999999999999999999999"][..], 2),
        (&["value", "99999999999999"][..], 1),
        (&["analyze"][..], 2),
        (&["analyze", "3", "x"][..], 2),
        (&["analyze", "2^31"][..], 1),
        (&["frobnicate"][..], 2),
        (&[][..], 2),
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert!(!err.contains("panicked"), "{args:?}: {err}");
        if code == 1 || !args.is_empty() {
            assert_eq!(err.trim_end().lines().count(), 1, "{args:?}: {err}");
        }
    }
}

#[test]
fn other_games_values_and_formats() {
    let o = grundy(&["values", "--game", ".137", "--to", "6", "--format", "csv"]);
    assert_eq!(stdout(&o), "n,g\n0,0\n1,1\n2,1\n3,2\n4,0\n5,3\n");
    let o = grundy(&["values", "--game", "kayles", "--to", "4", "--format", "json"]);
    assert_eq!(stdout(&o), "{\"game\":\"take-and-break .77\",\"values\":[0,1,2,3]}\n");
    assert_eq!(stdout(&grundy(&["value", "--game", "4!.0", "1222"])), "0\n");
}

#[test]
fn analyze_other_games() {
    let text = stdout(&grundy(&["analyze", "--game", "s1,2,3", "2", "5", "6"]));
    assert!(text.contains("nim-sum:  2 xor 1 xor 2 = 1"), "{text}");
    assert!(text.contains("winning moves: 2"), "{text}");
    assert!(text.contains("take 3 from heap C (6), leaving 3"), "{text}");
    assert!(text.contains("take 1 from heap B (5), leaving 4"), "{text}");
    let text = stdout(&grundy(&["analyze", "--game", "misere-nim", "1", "1"]));
    assert!(text.contains("the player to move wins"), "{text}");
    let text = stdout(&grundy(&["analyze", "--game", "misere-nim", "3", "1", "1"]));
    assert!(text.contains("take 2 from heap A (3), leaving 1"), "{text}");
}

#[test]
fn periods() {
    let text = stdout(&grundy(&["period", "--game", "kayles"]));
    assert!(text.contains("periodic from heap 71 with period 12 (proved"), "{text}");
    assert!(text.contains("the last exception is heap 70"), "{text}");
    let text = stdout(&grundy(&["period", "--game", "crosses"]));
    assert!(text.contains("periodic from heap 52 with period 34"), "{text}");
    let text = stdout(&grundy(&["period", "--game", "grundy", "--max", "3000"]));
    assert!(text.contains("no period seen") || text.contains("not proved"), "{text}");
    // The last 6 heaps below 1000 repeat with period 3: not evidence of a period.
    let text = stdout(&grundy(&["period", "--game", "grundy", "--max", "1000"]));
    assert!(text.contains("no period seen up to heap 999"), "{text}");
    assert!(text.contains("sparse heaps, the last"), "{text}");
    let text = stdout(&grundy(&["period", "--game", "nim"]));
    assert!(text.contains("not periodic"), "{text}");
}

/// The tczajka table's .56 row (pre-period 326,640, period 144) by the octal sweep, to
/// its proof: 653,570 values.
#[test]
fn period_of_56_to_its_proof() {
    let text = stdout(&grundy(&["period", "--game", ".56"]));
    assert!(text.contains("periodic from heap 326640 with period 144 (proved"), "{text}");
    assert!(text.contains("the last exception is heap 326639"), "{text}");
}

#[test]
fn play_over_a_pipe() {
    // Nim with one heap of 3: taking all wins at once.
    let o = grundy_with_input(&["play", "--game", "nim", "3"], "3 3\n");
    assert!(o.status.success());
    assert!(stdout(&o).contains("you win!"), "{}", stdout(&o));
    // Grundy's game from 7 (value 0): the computer answers every move and wins.
    let o = grundy_with_input(&["play", "7"], "hint\n1\n1\n1\n1\n");
    let text = stdout(&o);
    assert!(o.status.success(), "{text}");
    assert!(text.contains("hint: no move wins here"), "{text}");
    assert!(text.contains("computer: "), "{text}");
    assert!(text.contains("the computer wins."), "{text}");
    // Bad moves get a message and another chance; end of input ends the game.
    let o = grundy_with_input(&["play", "--game", "kayles", "10"], "99\nx\n");
    let text = stdout(&o);
    assert!(
        text.contains("there is no move 99") && text.contains("\"x\" is not a number") && text.contains("end of input"),
        "{text}"
    );
}

#[test]
fn bad_games_get_one_line() {
    for args in [
        &["value", "--game", ".0.7", "5"][..],
        &["value", "--game", "chess", "5"][..],
        &["period", "--game", "s1,,2"][..],
    ] {
        let o = grundy(args);
        assert_eq!(o.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(o.stderr).unwrap();
        assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    }
}

/// Issue 25: a line that is not UTF-8 is a move that cannot be read, not the end of the
/// game: the next line is still played.
#[test]
fn play_survives_invalid_utf8() {
    let o = grundy_with_bytes(&["play", "--game", "nim", "3"], b"\xff\xfe\n3 3\n");
    let text = stdout(&o);
    assert!(text.contains("invalid UTF-8"), "{text}");
    assert!(text.contains("you win"), "{text}");
}

/// Issue 25: `period --max` is kept when small: the answer speaks of the heaps asked for.
#[test]
fn period_keeps_a_small_max() {
    let text = stdout(&grundy(&["period", "--game", "kayles", "--max", "5"]));
    assert!(text.contains("up to heap 4"), "{text}");
}

/// `values --window` writes the same table as a run holding every value, as it grows; a
/// game that scans past the window stops with the heap and what would hold it (the archive
/// does); games without an octal sweep, and misère play, are refused in one line.
#[test]
fn window_mode_writes_the_same_table() {
    let full = stdout(&grundy(&["values", "--game", ".6", "--to", "120000"]));
    for format in ["bfile", "csv", "json"] {
        let args = ["values", "--game", ".6", "--to", "120000", "--window", "2^15", "--archive", "--format", format];
        let windowed = grundy(&args);
        assert!(windowed.status.success(), "{format}");
        let plain = stdout(&grundy(&["values", "--game", ".6", "--to", "120000", "--format", format]));
        assert!(stdout(&windowed) == plain, "{format}: the windowed table differs");
    }
    assert_eq!(full.lines().count(), 120000);
    let err = failure(&["values", "--game", ".6", "--to", "120000", "--window", "2^15"], 1);
    assert!(err.contains("heap 95652") && err.contains("--archive"), "{err}");
    for (args, code, says) in [
        (&["values", "--to", "100", "--window", "2^15"][..], 1, "Grundy's game has its own"),
        (&["values", "--game", "s1,2", "--to", "100", "--window", "2^15"][..], 1, "is for octal games"),
        (&["values", "--game", ".6", "--misere", "--to", "100", "--window", "2^15"][..], 2, "normal play"),
    ] {
        let err = failure(args, code);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// Issue 35, item 18: `--max-time` reads `1e9` as counts do, and a tiny limit is written in
/// units that say something ("100.0 ns", not "0.0 s"), with "no heap fits" rather than
/// "0 heaps fit".
#[test]
fn max_time_reads_exponents_and_tiny_limits_in_words() {
    let o = grundy(&["--max-time", "1e9", "values", "--game", ".137", "--to", "20"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = grundy(&["values", "--max-time", "1e3m", "--max-memory", "1e9", "--game", ".137", "--to", "20"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let err = common::failure(&["--max-time", "0.0000001", "values", "--game", ".8", "--to", "100000"], 1);
    assert!(err.contains("100.0 ns") && !err.contains(" 0.0 s") && !err.contains(" 0 heaps"), "{err}");
    let err = common::failure(&["--max-time", "1e-12", "values", "--game", ".8", "--to", "100000"], 1);
    assert!(err.contains("no heap fits"), "{err}");
}

/// Issue 35, item 12: `values --game .06 --to 2^20 --max-time 5` was estimated at 1.6 s and
/// ran for minutes; the dense kernel's quadratic cost refuses it at once, with an estimate
/// near what it takes (about a minute here: 4.6 s at 2^18, four times that a doubling).
#[test]
fn a_dense_code_past_the_time_limit_is_refused_at_once() {
    let started = std::time::Instant::now();
    let err = common::failure(&["--max-time", "5", "values", "--game", ".06", "--to", "2^20"], 1);
    assert!(err.contains("--max-time"), "{err}");
    let estimate = err.split("would take about ").nth(1).expect("an estimate");
    let mut words = estimate.split_whitespace();
    let number: f64 = words.next().unwrap().parse().unwrap();
    let seconds = match words.next().unwrap() {
        "s" => number,
        "minutes" => number * 60.0,
        unit => panic!("unexpected unit {unit}: {err}"),
    };
    assert!(seconds > 20.0, "estimated {seconds} s: {err}");
    assert!(started.elapsed().as_secs() < 30, "{:?}", started.elapsed());
}

/// Runs `grundy args...` with standard output thrown away and standard error read, killed
/// after `seconds` if it has not ended: whether it ended by itself, its exit code, stderr.
fn run_for(args: &[&str], seconds: u64) -> (bool, Option<i32>, String) {
    use std::io::Read;
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    let ended = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break Some(status);
        }
        if started.elapsed().as_secs() >= seconds {
            child.kill().unwrap();
            child.wait().unwrap();
            break None;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let mut err = String::new();
    child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
    (ended.is_some(), ended.and_then(|s| s.code()), err)
}

/// Issue 35, item 13: `values --to 2^63` of periodic or closed-form games streamed at
/// 100 MB/s without end. The text's writing is a cost too: refused at once with its estimate
/// and what fits; a long table shows its progress on a pipe while it is written.
#[test]
fn writing_a_table_counts_against_the_limits() {
    for game in ["kayles", "nim", "half", ".137", "s1,2,3"] {
        let (ended, code, err) = run_for(&["values", "--game", game, "--to", "2^63"], 20);
        assert!(ended && code == Some(1), "{game}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains("writing G(0..9223372036854775808)") && err.contains("--max-time"), "{err}");
        assert!(err.contains("heaps fit") && err.contains("years"), "{err}");
    }
    // A table that fits the limit of a day is written with a line of progress every 10 s.
    let (ended, _, err) = run_for(&["--max-time", "1d", "values", "--game", "kayles", "--to", "10^12"], 12);
    assert!(!ended, "{err}");
    assert!(err.contains("writing: G(0..") && err.contains("of G(0..1000000000000)") && err.contains("ETA"), "{err}");
}
