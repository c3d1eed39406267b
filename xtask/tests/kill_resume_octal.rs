//! The octal sweep's long run (`cargo xtask compute --game .6 --window W --archive`)
//! killed with SIGKILL at random moments and resumed with `--resume` writes the same
//! summary.json, byte for byte, as a run that was never interrupted, and that summary has
//! the checksum, largest value and sparse heaps of a run holding every value; a corrupt
//! checkpoint, or one resumed with another window or without the archive, is refused with
//! its reason in one line.
//!
//! .6 to 2^20 with the least window, 2^15: the window moves from heap 98,320 on, every
//! checkpoint (every 2^17 heaps) holds a moved window, and heaps past 95,652 scan past the
//! window and read the archive. The kill moments are random (the seed is printed; set
//! GRUNDY_KILL_SEED to repeat one).

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use grundy_core::engine::octal::OctalSweep;
use grundy_core::game::TakeAndBreak;

const TO: &str = "1048576";
const EVERY: &str = "131072";

fn compute(out: &Path, window: &[&str], extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(["compute", "--game", ".6", "--to", TO, "--checkpoint-every", EVERY]).args(window);
    c.arg("--out").arg(out).args(extra);
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

const WINDOW: &[&str] = &["--window", "2^15", "--archive"];

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The heaps the checkpoint at `path` holds, if there is one.
fn checkpoint_heaps(path: &Path) -> Option<usize> {
    let bytes = fs::read(path).ok()?;
    let game = TakeAndBreak::parse(".6").unwrap();
    Some(OctalSweep::restore(&game, &bytes).expect("a checkpoint written atomically is always whole").len())
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kill-octal-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn summary(dir: &Path) -> serde_json::Value {
    serde_json::from_str(&fs::read_to_string(dir.join("summary.json")).unwrap()).unwrap()
}

#[test]
fn killed_octal_runs_resume_to_the_same_summary() {
    let seed = std::env::var("GRUNDY_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64
            ^ u64::from(std::process::id())
    });
    eprintln!("kill moments from GRUNDY_KILL_SEED={seed}");
    let mut state = seed | 1;
    let mut fraction = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % 1000) as f64 / 1000.0
    };

    // Every value held, then the uninterrupted window run, timed to choose kill moments.
    let full = scratch("full");
    let o = compute(&full, &[], &[]).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let whole = scratch("whole");
    let started = Instant::now();
    let o = compute(&whole, WINDOW, &[]).output().unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let took = started.elapsed();
    let expected = fs::read(whole.join("summary.json")).unwrap();
    let (a, b) = (summary(&full), summary(&whole));
    for field in
        ["heaps", "mask", "heap_parity", "largest", "largest_at", "sparse_heaps", "last_sparse_heap", "checksum"]
    {
        assert_eq!(a[field], b[field], "{field}: every value held against the window");
    }
    assert!(b["deep_scans"].as_u64().unwrap() > 0, "the archive was read: {b}");
    assert!(!whole.join("sweep.ckpt").exists(), "the checkpoint is removed when the run ends");

    let killed = scratch("killed");
    let ckpt = killed.join("sweep.ckpt");
    let mut resumed_at = Vec::new();
    for round in 0..6 {
        let resume = ckpt.exists();
        let before = checkpoint_heaps(&ckpt);
        let mut child = compute(&killed, WINDOW, if resume { &["--resume"] } else { &[] }).spawn().unwrap();
        let wait = took.mul_f64(0.25 + fraction() * 0.5);
        std::thread::sleep(wait);
        let _ = child.kill(); // SIGKILL; the run may have ended already.
        let o = child.wait_with_output().unwrap();
        let err = stderr(&o);
        if resume {
            let line = err.lines().find(|l| l.starts_with("resuming at heap")).unwrap_or_else(|| panic!("{err}"));
            let heap: usize = line.split_whitespace().nth(3).unwrap().parse().unwrap();
            assert_eq!(Some(heap), before, "resumed where the checkpoint was");
            resumed_at.push(heap);
        }
        eprintln!("round {round}: {} after {wait:?}", if o.status.success() { "finished" } else { "killed" });
        if o.status.success() {
            break;
        }
    }
    // A checkpoint of its own for the refusals: a corrupt one, and one resumed with another
    // window or without the archive, each refused in one line with the reason.
    let probe = scratch("probe");
    let probe_ckpt = probe.join("sweep.ckpt");
    let mut child = compute(&probe, WINDOW, &[]).spawn().unwrap();
    let deadline = Instant::now() + took * 4 + Duration::from_secs(30);
    while checkpoint_heaps(&probe_ckpt).is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let mut bytes = fs::read(&probe_ckpt).expect("the probe run wrote a checkpoint");
    let corrupt = scratch("corrupt");
    fs::create_dir_all(&corrupt).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x10;
    fs::write(corrupt.join("sweep.ckpt"), &bytes).unwrap();
    let o = compute(&corrupt, WINDOW, &["--resume"]).output().unwrap();
    let err = stderr(&o);
    assert!(!o.status.success() && err.contains("refusing checkpoint") && err.contains("checksum"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let o = compute(&probe, &["--window", "2^16", "--archive"], &["--resume"]).output().unwrap();
    let err = stderr(&o);
    assert!(!o.status.success() && err.contains("window of 32768 heaps") && err.contains("65536"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");
    let o = compute(&probe, &["--window", "2^15"], &["--resume"]).output().unwrap();
    let err = stderr(&o);
    assert!(!o.status.success() && err.contains("with an archive"), "{err}");
    assert_eq!(err.lines().count(), 1, "{err}");

    if ckpt.exists() {
        let before = checkpoint_heaps(&ckpt).unwrap();
        let o = compute(&killed, WINDOW, &["--resume"]).output().unwrap();
        let err = stderr(&o);
        assert!(o.status.success(), "the last resume failed: {err}");
        assert!(err.contains(&format!("resuming at heap {before} of")), "{err}");
        resumed_at.push(before);
    }
    eprintln!("resumed at {resumed_at:?}");
    assert!(!resumed_at.is_empty(), "no kill left a checkpoint: the run took {took:?}");
    assert!(fs::read(killed.join("summary.json")).unwrap() == expected, "the resumed summary differs");
    assert!(!ckpt.exists());
    for dir in [full, whole, killed, probe, corrupt] {
        fs::remove_dir_all(dir).unwrap();
    }
}
