//! `cargo xtask bench --peers`: the `grundy` command (release build) and ogsolve, the
//! octal-game solver from the package registry (pinned, installed into `target/peers`,
//! never globally), on the same games and N, each run in its own process. The values are
//! compared (ogsolve `-p` prints them); times, their ratio, the growth from N to 2N and
//! peak memory go to `runs/bench/peers-<date>.{json,md}`. Both programs print their values,
//! so both times include writing them.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_sources::atomic::write_atomic;
use serde::Serialize;

use crate::util;

/// The ogsolve release measured against (`cargo install --locked --version`).
pub const OGSOLVE_VERSION: &str = "0.0.7";
/// ogsolve's fastest method here (rc2: 2^22 of .6 in 20 s, rc in 27 s, naive far longer).
const OGSOLVE_METHOD: &str = "rc2";

/// The value tables: (game, heaps). .6 as N doubles to 2^22; .007 and .106 (unsolved) at
/// 2^15 and 2^16 only: their sparse spaces are poor, and our sweep is quadratic on them.
const TABLES: &[(&str, u64)] = &[
    (".106", 1 << 15),
    (".106", 1 << 16),
    (".007", 1 << 15),
    (".007", 1 << 16),
    (".6", 1 << 20),
    (".6", 1 << 21),
    (".6", 1 << 22),
];

#[derive(Serialize)]
struct Row {
    game: String,
    /// G(0..heaps), or "to its proof".
    task: String,
    heaps: Option<u64>,
    grundy_seconds: f64,
    ogsolve_seconds: f64,
    /// ogsolve's time over grundy's: above 1, grundy is faster.
    speedup: f64,
    grundy_peak_mib: Option<u64>,
    ogsolve_peak_mib: Option<u64>,
    /// Time at this N over time at N/2, for each program (2 is linear).
    grundy_growth: Option<f64>,
    ogsolve_growth: Option<f64>,
    agree: String,
}

#[derive(Serialize)]
struct Peers {
    generated_by: &'static str,
    date: String,
    git_revision: String,
    machine: String,
    cores: usize,
    ogsolve: String,
    total_seconds: f64,
    rows: Vec<Row>,
}

struct Timed {
    stdout: String,
    seconds: f64,
    peak_mib: Option<u64>,
}

/// Runs a program, timing it and sampling its peak memory (VmHWM) while it runs.
fn timed(program: &Path, args: &[&str]) -> Result<Timed> {
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
    Ok(Timed { stdout, seconds, peak_mib: peak })
}

/// ogsolve from the registry at the pinned version, into target/peers (reused if there).
fn install_ogsolve(root: &Path) -> Result<PathBuf> {
    let peers = root.join("target/peers");
    let exe = peers.join("bin/ogsolve");
    let current = Command::new(&exe).arg("-V").output().ok().map(|o| String::from_utf8_lossy(&o.stdout).into_owned());
    if current.as_deref().is_some_and(|v| v.contains(OGSOLVE_VERSION)) {
        return Ok(exe);
    }
    eprintln!("installing ogsolve {OGSOLVE_VERSION} into {}", peers.display());
    let status = Command::new("cargo")
        .args(["install", "--locked", "--version", OGSOLVE_VERSION, "--root"])
        .arg(&peers)
        .arg("ogsolve")
        .status()
        .context("running cargo install")?;
    if !status.success() {
        bail!("cargo install ogsolve {OGSOLVE_VERSION} failed");
    }
    Ok(exe)
}

fn build_grundy(root: &Path) -> Result<PathBuf> {
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

/// ogsolve's code for an octal game: `0.6` for `.6`.
fn ogsolve_code(game: &str) -> String {
    if game.starts_with('.') {
        format!("0{game}")
    } else {
        game.to_string()
    }
}

fn parse_ogsolve_values(text: &str) -> Result<Vec<u64>> {
    let line =
        text.lines().find_map(|l| l.trim_start().strip_prefix("nimbers:")).context("ogsolve printed no nimbers")?;
    line.split_whitespace().map(|t| t.parse().context("an ogsolve nimber")).collect()
}

fn parse_bfile(text: &str) -> Result<Vec<u64>> {
    text.lines().map(|l| l.split_whitespace().nth(1).context("a b-file line")?.parse().context("a value")).collect()
}

pub fn run(stem: &Path) -> Result<()> {
    let root = util::root();
    let started = Instant::now();
    let ogsolve = install_ogsolve(&root)?;
    let grundy = build_grundy(&root)?;
    let mut rows: Vec<Row> = Vec::new();
    // .137 to its proof: grundy stops when the theorem proves the period (175 values);
    // ogsolve reports the period it finds, but computes on to -n, so it gets -n 1000
    // (it finds the period by 300).
    let ours = timed(&grundy, &["period", "--game", ".137"])?;
    let theirs = timed(&ogsolve, &["-m", OGSOLVE_METHOD, "-n", "1000", "0.137"])?;
    let ours_p = ours.stdout.lines().next().unwrap_or("").to_string();
    let theirs_p = theirs.stdout.lines().find(|l| l.contains("found period")).unwrap_or("").trim().to_string();
    if !(ours_p.contains("periodic from heap 52 with period 34") && theirs_p.contains("length 34 and pre-period 52")) {
        bail!(".137: grundy says {ours_p:?}, ogsolve {theirs_p:?}");
    }
    rows.push(Row {
        game: ".137".into(),
        task: "to its proof".into(),
        heaps: None,
        grundy_seconds: round(ours.seconds),
        ogsolve_seconds: round(theirs.seconds),
        speedup: round(theirs.seconds / ours.seconds),
        grundy_peak_mib: ours.peak_mib,
        ogsolve_peak_mib: theirs.peak_mib,
        grundy_growth: None,
        ogsolve_growth: None,
        agree: "pre-period 52, period 34".into(),
    });
    for &(game, heaps) in TABLES {
        let to = heaps.to_string();
        let last = (heaps - 1).to_string();
        let code = ogsolve_code(game);
        let ours = timed(&grundy, &["values", "--game", game, "--to", &to])?;
        let theirs = timed(&ogsolve, &["-m", OGSOLVE_METHOD, "-n", &last, "-p", &code])?;
        let (a, b) = (parse_bfile(&ours.stdout)?, parse_ogsolve_values(&theirs.stdout)?);
        if a != b {
            let first = a.iter().zip(&b).position(|(x, y)| x != y);
            bail!(
                "{game} to {heaps}: grundy and ogsolve disagree (lengths {} and {}, first difference at {first:?})",
                a.len(),
                b.len()
            );
        }
        let half = rows.iter().find(|r| r.game == game && r.heaps == Some(heaps / 2));
        eprintln!("  {game:<6} {heaps:>8} heaps  grundy {:>8.2} s  ogsolve {:>8.2} s", ours.seconds, theirs.seconds);
        rows.push(Row {
            game: game.into(),
            task: format!("G(0..{heaps})"),
            heaps: Some(heaps),
            grundy_seconds: round(ours.seconds),
            ogsolve_seconds: round(theirs.seconds),
            speedup: round(theirs.seconds / ours.seconds),
            grundy_peak_mib: ours.peak_mib,
            ogsolve_peak_mib: theirs.peak_mib,
            grundy_growth: half.map(|h| round(ours.seconds / h.grundy_seconds)),
            ogsolve_growth: half.map(|h| round(theirs.seconds / h.ogsolve_seconds)),
            agree: format!("all {heaps} values"),
        });
    }
    let peers = Peers {
        generated_by: "cargo xtask bench --peers",
        date: util::now(),
        git_revision: util::git_revision(),
        machine: util::cpu_model(),
        cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
        ogsolve: format!("ogsolve {OGSOLVE_VERSION} -m {OGSOLVE_METHOD}"),
        total_seconds: round(started.elapsed().as_secs_f64()),
        rows,
    };
    write_atomic(&stem.with_extension("json"), (serde_json::to_string_pretty(&peers)? + "\n").as_bytes())?;
    let md = markdown(&peers);
    write_atomic(&stem.with_extension("md"), md.as_bytes())?;
    print!("{md}");
    Ok(())
}

fn round(x: f64) -> f64 {
    (x * 1000.0).round() / 1000.0
}

fn markdown(p: &Peers) -> String {
    let mut s = format!(
        "<!-- Generated by `cargo xtask bench --peers`; do not edit by hand. -->\n# grundy and ogsolve side by side, {}\n\n{} ({} cores); {}; revision {}; the whole run took {:.0} s.\nOne run each, each in its own process; both print their values (included in the times). speedup = ogsolve s / grundy s (above 1: grundy is faster); growth = time(N) / time(N/2).\n\n",
        p.date, p.machine, p.cores, p.ogsolve, p.git_revision, p.total_seconds
    );
    s.push_str("| game | task | grundy s | ogsolve s | speedup | grundy growth | ogsolve growth | grundy MiB | ogsolve MiB | agree |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---|\n");
    let opt = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
    let mib = |x: Option<u64>| x.map_or("-".to_string(), |x| x.to_string());
    for r in &p.rows {
        s.push_str(&format!(
            "| {} | {} | {:.2} | {:.2} | {:.2} | {} | {} | {} | {} | {} |\n",
            r.game,
            r.task,
            r.grundy_seconds,
            r.ogsolve_seconds,
            r.speedup,
            opt(r.grundy_growth),
            opt(r.ogsolve_growth),
            mib(r.grundy_peak_mib),
            mib(r.ogsolve_peak_mib),
            r.agree
        ));
    }
    s
}
