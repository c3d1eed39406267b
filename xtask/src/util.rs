//! Small helpers shared by the tasks.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
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
}

/// Runs a program, timing it and sampling its peak memory (VmHWM) while it runs; `None`
/// when it passes `limit` (it is killed then).
pub fn timed(program: &Path, args: &[&str], limit: Option<Duration>) -> Result<Option<Timed>> {
    let started = Instant::now();
    let mut child = Command::new(program)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .with_context(|| format!("running {}", program.display()))?;
    let pid = child.id();
    let mut stdout = child.stdout.take().expect("piped");
    let reader = std::thread::spawn(move || {
        let mut s = String::new();
        std::io::Read::read_to_string(&mut stdout, &mut s).map(|_| s)
    });
    let mut peak = None;
    let status = loop {
        if let Some(status) = child.try_wait()? {
            break status;
        }
        if limit.is_some_and(|l| started.elapsed() > l) {
            child.kill()?;
            child.wait()?;
            return Ok(None);
        }
        if let Ok(text) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
            if let Some(kib) = text
                .lines()
                .find(|l| l.starts_with("VmHWM:"))
                .and_then(|l| l.split_whitespace().nth(1)?.parse::<u64>().ok())
            {
                peak = Some(kib / 1024);
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    };
    let seconds = started.elapsed().as_secs_f64();
    let stdout = reader.join().expect("the reader thread")?;
    if !status.success() {
        let mut err = String::new();
        if let Some(mut e) = child.stderr.take() {
            std::io::Read::read_to_string(&mut e, &mut err)?;
        }
        bail!("{} {}: {}", program.display(), args.join(" "), err.trim());
    }
    Ok(Some(Timed { stdout, seconds, peak_mib: peak }))
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

/// The values of a b-file's lines (`n value`), in order.
pub fn parse_bfile(text: &str) -> Result<Vec<u64>> {
    text.lines().map(|l| l.split_whitespace().nth(1).context("a b-file line")?.parse().context("a value")).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn civil_dates() {
        assert_eq!(super::civil_from_days(0), (1970, 1, 1));
        assert_eq!(super::civil_from_days(20_787), (2026, 11, 30));
    }
}
