//! Small helpers shared by the tasks.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use anyhow::{bail, Context, Result};

/// The workspace root.
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).parent().expect("xtask sits in the workspace").to_path_buf()
}

/// `fixtures/`.
pub fn fixtures() -> PathBuf {
    std::env::var_os("GRUNDY_FIXTURES").map(PathBuf::from).unwrap_or_else(|| root().join("fixtures"))
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The current time (UTC) as an ISO 8601 timestamp.
pub fn now() -> String {
    let secs = SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs()).unwrap_or(0);
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let s = secs % 86_400;
    format!("{y:04}-{m:02}-{d:02}T{:02}:{:02}:{:02}Z", s / 3600, s / 60 % 60, s % 60)
}

/// `git rev-parse HEAD`, or "unknown".
pub fn git_revision() -> String {
    std::process::Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(root())
        .output()
        .ok()
        .filter(|o| o.status.success())
        .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
        .unwrap_or_else(|| "unknown".into())
}

/// The CPU model from /proc/cpuinfo, or "unknown".
pub fn cpu_model() -> String {
    std::fs::read_to_string("/proc/cpuinfo")
        .ok()
        .and_then(|t| {
            t.lines()
                .find(|l| l.starts_with("model name"))
                .and_then(|l| l.split(':').nth(1))
                .map(|s| s.trim().to_string())
        })
        .unwrap_or_else(|| "unknown".into())
}

/// Peak resident memory of this process (VmHWM), in MiB.
pub fn peak_rss_mib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}

/// Days since 1970-01-01 to (year, month, day), Howard Hinnant's algorithm.
fn civil_from_days(z: i64) -> (i64, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    (yoe + era * 400 + i64::from(m <= 2), m, d)
}

/// A program's run: what it printed, how long it took, its peak memory.
pub struct Timed {
    pub stdout: String,
    pub seconds: f64,
    pub peak_mib: Option<u64>,
    /// Peak resident memory in KiB (`ru_maxrss`).
    pub peak_kib: u64,
    /// CPU time, user and system, of every thread (`ru_utime + ru_stime`): on a machine
    /// busy with other work it moves far less than the wall clock.
    pub cpu_seconds: f64,
}

/// Runs a program and times it from the child's own resource usage: the wall clock from
/// just before it starts to the `wait4` that reaps it, and its peak resident memory
/// (`ru_maxrss`), exact whatever its length (a poll of /proc missed the peak of runs
/// shorter than its step and added up to a step to every time). `None` when it passes
/// `limit` (it is killed then).
///
/// The program is started by a small process of its own (`xtask measure`, see
/// [`measure_child`]), not by this one: Linux counts in a child's `ru_maxrss` the resident
/// memory of the process it was forked from (the memory image it had before `exec`), and
/// this one holds tables of values, so a direct child reported this process's 250 MiB as
/// its own peak. The small process's own image (a few MiB) is the floor instead.
pub fn timed(program: &Path, args: &[&str], limit: Option<Duration>) -> Result<Option<Timed>> {
    let me = std::env::current_exe().context("finding the xtask binary")?;
    let limit_ms = limit.map_or(0, |l| l.as_millis() as u64).to_string();
    let out = Command::new(&me)
        .args(["measure", "--limit-ms", &limit_ms, "--"])
        .arg(program)
        .args(args)
        .output()
        .with_context(|| format!("running {} through xtask measure", program.display()))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    let (err, report) = match stderr.trim_end().rsplit_once('\n') {
        Some((err, last)) => (err, last),
        None => ("", stderr.trim_end()),
    };
    let Some(report) = report.strip_prefix(MEASURE_PREFIX) else {
        bail!("xtask measure {} gave no report: {}", program.display(), stderr.trim());
    };
    let fields: Vec<&str> = report.split_whitespace().collect();
    let [code, seconds, kib, cpu, killed] = fields[..] else { bail!("xtask measure's report {report:?}") };
    if killed == "killed" {
        return Ok(None);
    }
    if code != "0" {
        bail!("{} {}: exit {code}: {}", program.display(), args.join(" "), err.trim());
    }
    let peak_kib: u64 = kib.parse().context("the peak memory")?;
    let stdout = String::from_utf8(out.stdout).context("the program's output")?;
    Ok(Some(Timed {
        stdout,
        seconds: seconds.parse().context("the seconds")?,
        peak_mib: Some(peak_kib / 1024),
        peak_kib,
        cpu_seconds: cpu.parse().context("the CPU seconds")?,
    }))
}

/// How `xtask measure` starts its report, the last line it writes to stderr.
const MEASURE_PREFIX: &str = "xtask-measure: ";

/// `cargo xtask measure`: runs `program` with this process's standard streams, times it
/// from its own resource usage (`wait4`), kills it at `limit_ms` (0: no limit), and writes
/// `xtask-measure: <exit code> <seconds> <peak KiB> <CPU seconds> <killed|ok>` as the last
/// line of stderr.
pub fn measure_child(limit_ms: u64, program: &Path, args: &[String]) -> Result<()> {
    use std::sync::{mpsc, Arc, Mutex};
    let started = Instant::now();
    let child = Command::new(program).args(args).spawn().with_context(|| format!("running {}", program.display()))?;
    let pid = child.id() as libc::pid_t;
    // The watchdog kills the child at the limit, but only while it is not yet known to
    // have exited (it is reaped only after `exited` is set, so its pid cannot be reused).
    let exited = Arc::new(Mutex::new(false));
    let (done, wait_done) = mpsc::channel::<()>();
    let watchdog = (limit_ms > 0).then(|| {
        let exited = Arc::clone(&exited);
        std::thread::spawn(move || {
            if wait_done.recv_timeout(Duration::from_millis(limit_ms)).is_err() {
                let exited = exited.lock().expect("the watchdog's lock");
                if !*exited {
                    // SAFETY: kill(2) on our own child, not yet reaped.
                    unsafe { libc::kill(pid, libc::SIGKILL) };
                    return true;
                }
            }
            false
        })
    });
    // Wait for the exit without reaping, then reap with its resource usage.
    // SAFETY: plain system calls on our own child, with buffers of the right types.
    unsafe {
        let mut info: libc::siginfo_t = std::mem::zeroed();
        while libc::waitid(libc::P_PID, pid as libc::id_t, &mut info, libc::WEXITED | libc::WNOWAIT) != 0 {
            if std::io::Error::last_os_error().kind() != std::io::ErrorKind::Interrupted {
                bail!("waiting for {}: {}", program.display(), std::io::Error::last_os_error());
            }
        }
    }
    *exited.lock().expect("the watchdog's lock") = true;
    let mut status = 0;
    // SAFETY: as above; `usage` is a plain struct the call fills.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: reaps our own child, which has exited (waitid above); both out-parameters are
    // plain values of the types the call takes.
    let reaped = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
    if reaped != pid {
        bail!("reaping {}: {}", program.display(), std::io::Error::last_os_error());
    }
    let seconds = started.elapsed().as_secs_f64();
    let _ = done.send(());
    let killed = watchdog.map(|w| w.join().expect("the watchdog thread")).unwrap_or(false);
    let code = if libc::WIFEXITED(status) { libc::WEXITSTATUS(status) } else { -1 };
    // ru_maxrss is in KiB on Linux.
    let cpu = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    let cpu = cpu(usage.ru_utime) + cpu(usage.ru_stime);
    let state = if killed { "killed" } else { "ok" };
    eprintln!("\n{MEASURE_PREFIX}{code} {seconds:.6} {} {cpu:.6} {state}", usage.ru_maxrss);
    Ok(())
}

/// Builds the `grundy` command in release and returns its path.
pub fn build_grundy(root: &Path) -> Result<PathBuf> {
    let status = Command::new("cargo")
        .args(["build", "--release", "--quiet", "-p", "grundy-cli"])
        .current_dir(root)
        .status()
        .context("building grundy")?;
    if !status.success() {
        bail!("building grundy in release failed");
    }
    Ok(root.join("target/release/grundy"))
}

/// The values of a b-file's lines (`n value`), in order, by the core's one reader.
pub fn parse_bfile(text: &str) -> Result<Vec<u64>> {
    Ok(grundy_core::bfile::parse_bfile(text)?.values())
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_787), (2026, 11, 30));
    }
}
