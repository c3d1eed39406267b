//! Ctrl-C: a long command stops within a second of SIGINT with exit code 130, saves what it
//! computed where it can, and says the command that goes on from it; that command does, to
//! the same values as a run that never stopped.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The tests of this file run one at a time: each starts a command that uses both cores,
/// and a second beside it would make "within a second" a measure of the machine's load.
static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// Holds the file's lock for a test.
fn alone() -> std::sync::MutexGuard<'static, ()> {
    ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner())
}

/// `grundy args...` started with its checkpoints under `cache`.
fn start(args: &[&str], cache: &Path) -> Child {
    Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .env("XDG_CACHE_HOME", cache)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy")
}

/// Sends SIGINT after `after`, then waits: the exit code, the time from the signal to the
/// exit, and stderr.
fn interrupt(child: Child, after: Duration) -> (Option<i32>, Duration, String) {
    std::thread::sleep(after);
    let status = Command::new("kill").args(["-INT", &child.id().to_string()]).status().expect("kill");
    assert!(status.success());
    let sent = Instant::now();
    let out = child.wait_with_output_and_time();
    (out.0, out.1.saturating_duration_since(sent), out.2)
}

trait WaitTimed {
    fn wait_with_output_and_time(self) -> (Option<i32>, Instant, String);
}

impl WaitTimed for Child {
    fn wait_with_output_and_time(mut self) -> (Option<i32>, Instant, String) {
        let mut err = String::new();
        let status = self.wait().expect("wait");
        let ended = Instant::now();
        if let Some(mut e) = self.stderr.take() {
            use std::io::Read;
            let _ = e.read_to_string(&mut err);
        }
        (status.code(), ended, err)
    }
}

/// The check: `grundy values --game .6 --to 2^30`, SIGINT after two seconds, exits
/// 130 within one more second and says how to resume; the checkpoint it names is there.
#[test]
fn values_stop_on_sigint_and_say_how_to_resume() {
    let _alone = alone();
    let cache = tempdir("values");
    let child = start(&["values", "--game", ".6", "--to", "2^30"], &cache);
    let (code, late, err) = interrupt(child, Duration::from_secs(2));
    assert_eq!(code, Some(130), "{err}");
    assert!(late < Duration::from_secs(1), "exited {late:?} after SIGINT");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
    assert!(err.contains("go on with: grundy values --game .6 --to 2^30 --resume "), "{err}");
    let path = err.trim_end().rsplit(' ').next().unwrap();
    assert!(Path::new(path).starts_with(&cache) && Path::new(path).is_file(), "{err}");
}

/// A table interrupted and resumed is the table of a run that never stopped, byte for byte.
#[test]
fn a_resumed_table_is_the_whole_table() {
    let _alone = alone();
    let cache = tempdir("resume");
    let args = ["values", "--game", ".6", "--to", "2^21"];
    let child = start(&args, &cache);
    let (code, _, err) = interrupt(child, Duration::from_millis(800));
    assert_eq!(code, Some(130), "{err}");
    let path = err.trim_end().rsplit(' ').next().unwrap().to_string();
    let mut resumed_args: Vec<&str> = args.to_vec();
    resumed_args.extend(["--resume", &path]);
    let resumed = Command::new(env!("CARGO_BIN_EXE_grundy")).args(&resumed_args).output().unwrap();
    assert!(resumed.status.success(), "{}", String::from_utf8_lossy(&resumed.stderr));
    let straight = Command::new(env!("CARGO_BIN_EXE_grundy")).args(args).output().unwrap();
    assert!(resumed.stdout == straight.stdout, "the resumed table differs");
    // Someone else's checkpoint is refused in one line.
    let other = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["values", "--game", ".16", "--to", "2^21", "--resume", &path])
        .output()
        .unwrap();
    assert_eq!(other.status.code(), Some(1));
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(err.contains("checkpoint") && err.trim_end().lines().count() == 1, "{err}");
}

/// The long sweep of Grundy's game saves a checkpoint too; a quotient has none and says so.
#[test]
fn sweep_and_quotient_stop_on_sigint() {
    let _alone = alone();
    let cache = tempdir("sweep");
    let (code, late, err) = interrupt(start(&["sweep", "--to", "2^30"], &cache), Duration::from_secs(2));
    assert_eq!(code, Some(130), "{err}");
    assert!(late < Duration::from_secs(1), "exited {late:?} after SIGINT");
    assert!(err.contains("go on with: grundy sweep --to 2^30 --resume "), "{err}");
    let (code, late, err) =
        interrupt(start(&["quotient", "--game", ".07", "--to", "40", "--full"], &cache), Duration::from_millis(500));
    assert_eq!(code, Some(130), "{err}");
    assert!(late < Duration::from_secs(1), "exited {late:?} after SIGINT");
    assert!(err.contains("interrupted"), "{err}");
}

fn tempdir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-interrupt-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}
