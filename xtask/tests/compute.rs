//! `cargo xtask compute` refuses what cannot work before the sweep starts: a range whose
//! values cannot fit in memory (saying what it needs and what fits), an --out that is a
//! file, a --check-against summary that cannot be read. Each must fail in well under the
//! time the sweep would take, name the path, and write nothing.

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

fn xtask(args: &[&str]) -> (Output, Duration) {
    let started = Instant::now();
    let o = Command::new(env!("CARGO_BIN_EXE_xtask")).arg("compute").args(args).output().unwrap();
    (o, started.elapsed())
}

fn refused(args: &[&str]) -> String {
    let (o, took) = xtask(args);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert!(!o.status.success(), "{args:?} was accepted: {err}");
    // 2^24 heaps take tens of seconds in this profile; a refusal takes milliseconds.
    assert!(took < Duration::from_secs(5), "{args:?} refused only after {took:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    err
}

fn repo() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR")).parent().unwrap()
}

#[test]
fn a_range_that_cannot_fit_in_memory_is_refused_at_once() {
    for (to, heaps) in [("2^40", "1099511627776"), ("2^63", "9223372036854775808")] {
        let err = refused(&["--to", to]);
        assert!(err.contains("memory") && err.contains("at most --to"), "{err}");
        assert!(err.contains(heaps), "{err}");
        // Nothing was written for it: no checkpoint, no summary.
        assert!(!repo().join("runs/checkpoints").join(heaps).exists());
        assert!(!repo().join("runs/sweep").join(heaps).exists());
    }
}

#[test]
fn bad_paths_are_refused_before_the_sweep_with_the_path() {
    let dir = std::env::temp_dir().join(format!("grundy-xtask-compute-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("a-file");
    std::fs::write(&file, "x").unwrap();
    let file_s = file.to_str().unwrap();
    let out_s = dir.join("out").to_str().unwrap().to_string();
    let common = ["--to", "2^24", "--checkpoint-every", "0"];

    let err = refused(&[&common[..], &["--out", file_s]].concat());
    assert!(err.contains(file_s) && err.contains("not a folder"), "{err}");

    let err = refused(&[&common[..], &["--out", &out_s, "--check-against", "/nonexistent.json"]].concat());
    assert!(err.contains("/nonexistent.json"), "{err}");

    let err = refused(&[&common[..], &["--out", &out_s, "--check-against", file_s]].concat());
    assert!(err.contains(file_s) && err.contains("parsing"), "{err}");
    assert!(!dir.join("out").exists(), "nothing is written before the checks pass");
    std::fs::remove_dir_all(&dir).unwrap();
}
