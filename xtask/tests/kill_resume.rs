//! A bounded-memory run (`cargo xtask compute --window W`) killed with SIGKILL at random
//! moments and resumed with `--resume` writes the same summary.json, byte for byte, as a run
//! that was never interrupted; a corrupt checkpoint, or one of another window, is refused
//! with its reason.
//!
//! G(0..2^19) with a window of 2^17 (the least that holds the sparse heap 82,860; it first
//! moves at 196,608 heaps, then every 65,536) and a checkpoint every 98,304 heaps, so that
//! checkpoints fall before, on and between the window's moves. (2^19, not 2^22: the dev
//! profile runs the sweep about 18 times slower than release, 17 s for 2^20 here.) The kill moments are random (the seed is printed; set
//! GRUNDY_KILL_SEED to repeat one); one kill always waits until a checkpoint holds a moved
//! window, so that resuming from first and latest values is always exercised.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

use grundy_core::Checkpoint;

const TO: &str = "524288";
const WINDOW: &str = "131072";
const EVERY: &str = "98304";
/// Where the window first moves: when 1.5 windows are held.
const FIRST_MOVE: u64 = 196_608;

fn compute(out: &Path, extra: &[&str]) -> Command {
    let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
    c.args(["compute", "--to", TO, "--window", WINDOW, "--checkpoint-every", EVERY, "--out"]).arg(out).args(extra);
    c.stdout(Stdio::piped()).stderr(Stdio::piped());
    c
}

fn finish(child: Child) -> (Output, String) {
    let o = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    (o, err)
}

/// A small random number generator (xorshift64*), enough for kill moments.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) % n
    }
}

/// The heaps done and the base of the window held in the checkpoint at `path`, if any.
fn checkpoint_state(path: &Path) -> Option<(u64, u64)> {
    let bytes = fs::read(path).ok()?;
    let cp = Checkpoint::decode(&bytes).expect("a checkpoint written atomically is always whole");
    Some((cp.heaps(), cp.window.as_ref().map_or(0, |w| w.base)))
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("kill-resume-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

#[test]
fn killed_window_runs_resume_to_the_same_summary() {
    let seed = std::env::var("GRUNDY_KILL_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or_else(|| {
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_nanos() as u64
            ^ u64::from(std::process::id())
    });
    eprintln!("kill moments from GRUNDY_KILL_SEED={seed}");
    let mut rng = Rng(seed | 1);

    // The uninterrupted run, timed to choose kill moments.
    let whole = scratch("whole");
    let started = Instant::now();
    let (o, err) = finish(compute(&whole, &[]).spawn().unwrap());
    assert!(o.status.success(), "uninterrupted run failed: {err}");
    let took = started.elapsed();
    let expected = fs::read(whole.join("summary.json")).unwrap();
    assert!(!whole.join("sweep.ckpt").exists(), "the checkpoint is removed when the run ends");

    let killed = scratch("killed");
    let ckpt = killed.join("sweep.ckpt");
    let mut resumed_at = Vec::new();
    let mut moved_window_killed = false;
    for round in 0..5 {
        let resume = ckpt.exists();
        let before = checkpoint_state(&ckpt);
        let child = compute(&killed, if resume { &["--resume"] } else { &[] }).spawn().unwrap();
        let fraction = rng.below(1000) as f64 / 1000.0;
        let wait = if round == 2 && !moved_window_killed {
            // Wait for this run's own checkpoint of a moved window (not one an earlier round
            // left: killing at once would kill it before it says where it resumes), then a
            // little more (less than a tenth of the run: at least 44% of it is left then).
            let deadline = Instant::now() + took * 4 + Duration::from_secs(30);
            let fresh_moved = |state: Option<(u64, u64)>| state != before && state.is_some_and(|(_, base)| base > 0);
            while !fresh_moved(checkpoint_state(&ckpt)) && Instant::now() < deadline {
                std::thread::sleep(Duration::from_millis(100));
            }
            moved_window_killed = true;
            took.mul_f64(fraction * 0.1)
        } else {
            took.mul_f64(0.1 + fraction * 0.5)
        };
        std::thread::sleep(wait);
        let mut child = child;
        let _ = child.kill(); // SIGKILL; the run may have ended already.
        let (o, err) = finish(child);
        if resume {
            let line = err.lines().find(|l| l.starts_with("resuming at heap")).unwrap_or_else(|| panic!("{err}"));
            let heap: u64 = line.split_whitespace().nth(3).unwrap().parse().unwrap();
            assert_eq!(Some(heap), before.map(|b| b.0), "resumed where the checkpoint was");
            resumed_at.push(heap);
        }
        eprintln!(
            "round {round}: {} after {wait:?}, checkpoint now at {:?}",
            if o.status.success() { "finished" } else { "killed" },
            checkpoint_state(&ckpt)
        );
        if o.status.success() {
            break;
        }
    }

    if ckpt.exists() {
        // A corrupt checkpoint, and one resumed with another window, are refused with the
        // reason, in one line, and change nothing.
        let other = scratch("corrupt");
        fs::create_dir_all(&other).unwrap();
        let mut bytes = fs::read(&ckpt).unwrap();
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x10;
        fs::write(other.join("sweep.ckpt"), &bytes).unwrap();
        let (o, err) = finish(compute(&other, &["--resume"]).spawn().unwrap());
        assert!(!o.status.success() && err.contains("refusing checkpoint") && err.contains("checksum"), "{err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        let mut c = Command::new(env!("CARGO_BIN_EXE_xtask"));
        c.args(["compute", "--to", TO, "--window", "2^18", "--checkpoint-every", EVERY, "--resume", "--out"]);
        let o = c.arg(&killed).output().unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success(), "{err}");
        assert!(err.contains("window of 131072 heaps") && err.contains("window of 262144 heaps"), "{err}");
        let o = Command::new(env!("CARGO_BIN_EXE_xtask"))
            .args(["compute", "--to", TO, "--checkpoint-every", EVERY, "--resume", "--out"])
            .arg(&killed)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(!o.status.success() && err.contains("this run keeps every value"), "{err}");
        fs::remove_dir_all(&other).unwrap();

        // Then the last resume, to the end.
        let before = checkpoint_state(&ckpt).unwrap().0;
        let (o, err) = finish(compute(&killed, &["--resume"]).spawn().unwrap());
        assert!(o.status.success(), "the last resume failed: {err}");
        assert!(err.contains(&format!("resuming at heap {before} of")), "{err}");
        resumed_at.push(before);
    }
    eprintln!("resumed at {resumed_at:?}");
    assert!(!resumed_at.is_empty(), "no kill left a checkpoint: the run took {took:?}");
    assert!(resumed_at.iter().any(|&h| h >= FIRST_MOVE), "no resume after the window moved: {resumed_at:?}");
    let got = fs::read(killed.join("summary.json")).unwrap();
    assert!(got == expected, "the resumed summary differs from the uninterrupted one");
    assert!(!ckpt.exists());
    fs::remove_dir_all(&whole).unwrap();
    fs::remove_dir_all(&killed).unwrap();
}
