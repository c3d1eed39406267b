//! `cargo xtask bench --peers`: the `grundy` command (release build) and ogsolve, the
//! octal-game solver from the package registry (pinned, installed into `target/peers`,
//! never globally), on the same games and N, each run in its own process. The values are
//! compared (ogsolve `-p` prints them); times, their ratio, the growth from N to 2N and
//! peak memory go to `runs/bench/peers-<date>.{json,md}`. Both programs print their values,
//! so both times include writing them.
//!
//! The codes are chosen by a rule ([`code_set`]), not by hand, so that the benchmark cannot
//! be tuned to one game: every octal game of the catalog, every game of Czajka's solved
//! table, every unsolved game of his table with at most two digits, and the codes issue 29
//! measured; a code either program cannot finish at 2^20 within [`TIME_LIMIT`] is left out,
//! and the record says so. Each code is timed at 2^20 and 2^21 values (a periodic game to
//! the same N on both sides: grundy fills the table from the period it proves, ogsolve
//! computes on), and the geometric mean of the ratios is given per size. `.6` is also
//! measured at 2^22 and 2^24 for memory.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_census::tczajka;
use grundy_core::game::{catalog, MoveRule};
use grundy_sources::atomic::write_atomic;
use serde::Serialize;

use crate::util::{self, build_grundy, parse_bfile, timed, Timed};

/// The ogsolve release measured against (`cargo install --locked --version`).
pub const OGSOLVE_VERSION: &str = "0.0.7";
/// ogsolve's fastest method here (rc2: 2^22 of .6 in 20 s, rc in 27 s, naive far longer).
const OGSOLVE_METHOD: &str = "rc2";
/// The sizes every code is timed at: G(0..N).
const SIZES: [u64; 2] = [1 << 20, 1 << 21];
/// The sizes `.6` is also run at, for peak memory.
const MEMORY_SIZES: [u64; 2] = [1 << 22, 1 << 24];
/// The window mode measured for memory: the table written as it grows, the values a
/// window lets go kept packed for .6's rare deep scans.
const WINDOW_ARGS: &[&str] = &["--window", "2^16", "--archive"];
/// A code either program does not finish at the first size within this time is left out.
const TIME_LIMIT: Duration = Duration::from_secs(30);
/// The codes issue 29 measured (`.007` and `.4` are among them; the time limit decides).
const ISSUE_CODES: &[&str] = &[".64", ".6", ".161", ".14", ".16", ".167", ".1777", ".356", ".007", ".4"];

/// The codes measured, each with the rule that brought it in, in this order, without repeats:
/// the catalog's octal games, every game whose period the fixtures publish, Czajka's solved
/// games, his unsolved games with at most two digits after the point, the games of
/// Rogalski's value-frequency tables, then the codes issue 29 measured.
pub fn code_set() -> Vec<(String, &'static str)> {
    let mut set: Vec<(String, &'static str)> = Vec::new();
    let mut add = |code: &str, why: &'static str| {
        let code = code.trim_start_matches('0').to_string();
        if !set.iter().any(|(c, _)| *c == code) {
            set.push((code, why));
        }
    };
    for entry in catalog::CATALOG {
        // Octal: digits below 8 (the move rule says so) and no `!`.
        if let MoveRule::Digits { digits, unequal: false } = entry.game().move_rule() {
            add(&grundy_census::family::canonical_of_digits(digits), "catalog");
        }
    }
    for row in first_columns(PERIODS) {
        add(row, "period published");
    }
    for code in grundy_census::family::table_codes(tczajka::SOLVED) {
        add(&code, "Czajka solved");
    }
    for code in grundy_census::family::table_codes(tczajka::UNSOLVED) {
        if code.split('.').nth(1).is_some_and(|d| d.len() <= 2) {
            add(&code, "Czajka unsolved, two digits");
        }
    }
    for row in first_columns(ROGALSKI) {
        add(row, "Rogalski frequencies");
    }
    for code in ISSUE_CODES {
        add(code, "issue 29");
    }
    set
}

/// The published periods (`game period last-exception pre-period source`).
const PERIODS: &str = include_str!("../../../fixtures/raw/stored/octal_game_periods_summary.txt");
/// Rogalski's value frequencies (`game N value count ...`).
const ROGALSKI: &str = include_str!("../../../fixtures/raw/stored/rogalski_octal_value_frequencies.txt");

/// The first column of a table's rows (not `#` lines), each once, in order.
fn first_columns(text: &str) -> Vec<&str> {
    let mut firsts: Vec<&str> = Vec::new();
    for first in text.lines().filter(|l| !l.starts_with('#')).filter_map(|l| l.split_whitespace().next()) {
        if !firsts.contains(&first) {
            firsts.push(first);
        }
    }
    firsts
}

#[derive(Serialize)]
struct Row {
    game: String,
    /// Why the code is in the set.
    rule: &'static str,
    heaps: u64,
    grundy_seconds: f64,
    ogsolve_seconds: f64,
    /// ogsolve's time over grundy's: above 1, grundy is faster.
    speedup: f64,
    grundy_peak_mib: Option<u64>,
    ogsolve_peak_mib: Option<u64>,
    /// Time at this N over time at N/2, for each program (2 is linear).
    grundy_growth: Option<f64>,
    ogsolve_growth: Option<f64>,
}

/// A code left out, and why.
#[derive(Serialize)]
struct LeftOut {
    game: String,
    rule: &'static str,
    reason: String,
}

#[derive(Serialize)]
struct Peers {
    generated_by: &'static str,
    date: String,
    git_revision: String,
    machine: String,
    cores: usize,
    ogsolve: String,
    rule: &'static str,
    time_limit_seconds: u64,
    total_seconds: f64,
    rows: Vec<Row>,
    /// The geometric mean of the speedups at each size: [heaps, mean, codes].
    geometric_means: Vec<(u64, f64, usize)>,
    left_out: Vec<LeftOut>,
    /// `.6` at the memory sizes.
    memory: Vec<Row>,
}

/// The rule, as the record states it.
const RULE: &str = "every octal game of the catalog; every game whose period the fixtures publish (octal_game_periods_summary.txt); every game of Czajka's solved table; every game of his unsolved table with at most two digits after the point; the five games of Rogalski's value-frequency tables; the codes issue 29 measured. A code is left out of the means when either program does not finish G(0..2^20) within the time limit.";

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

/// One code at one size, both sides (grundy first); `Err` says which passed `limit`.
fn measure(
    grundy: &Path,
    ogsolve: &Path,
    game: &str,
    heaps: u64,
    limit: Option<Duration>,
    extra: &[&str],
) -> Result<Result<(Timed, Timed), String>> {
    let to = heaps.to_string();
    let last = (heaps - 1).to_string();
    let code = ogsolve_code(game);
    let mut args = vec!["values", "--game", game, "--to", &to, "--max-time", "1d"];
    args.extend_from_slice(extra);
    let Some(ours) = timed(grundy, &args, limit)? else {
        return Ok(Err("grundy took over the time limit".into()));
    };
    let Some(theirs) = timed(ogsolve, &["-m", OGSOLVE_METHOD, "-n", &last, "-p", &code], limit)? else {
        return Ok(Err(format!("ogsolve took over the time limit (grundy {:.2} s)", ours.seconds)));
    };
    let (a, b) = (parse_bfile(&ours.stdout)?, parse_ogsolve_values(&theirs.stdout)?);
    if a != b {
        let first = a.iter().zip(&b).position(|(x, y)| x != y);
        bail!(
            "{game} to {heaps}: grundy and ogsolve disagree (lengths {} and {}, first difference at {first:?})",
            a.len(),
            b.len()
        );
    }
    eprintln!("  {game:<6} {heaps:>8} heaps  grundy {:>8.2} s  ogsolve {:>8.2} s", ours.seconds, theirs.seconds);
    Ok(Ok((ours, theirs)))
}

fn row(game: &str, rule: &'static str, heaps: u64, (ours, theirs): &(Timed, Timed), half: Option<&Row>) -> Row {
    Row {
        game: game.into(),
        rule,
        heaps,
        grundy_seconds: round(ours.seconds),
        ogsolve_seconds: round(theirs.seconds),
        speedup: round(theirs.seconds / ours.seconds),
        grundy_peak_mib: ours.peak_mib,
        ogsolve_peak_mib: theirs.peak_mib,
        grundy_growth: half.map(|h| round(ours.seconds / h.grundy_seconds)),
        ogsolve_growth: half.map(|h| round(theirs.seconds / h.ogsolve_seconds)),
    }
}

pub fn run(stem: &Path) -> Result<()> {
    let root = util::root();
    let started = Instant::now();
    let ogsolve = install_ogsolve(&root)?;
    let grundy = build_grundy(&root)?;
    let mut rows: Vec<Row> = Vec::new();
    let mut left_out = Vec::new();
    'codes: for (game, rule) in code_set() {
        for (i, &heaps) in SIZES.iter().enumerate() {
            // Only the first size is limited: a code that passes it is measured at the next.
            let limit = (i == 0).then_some(TIME_LIMIT);
            let timed = match measure(&grundy, &ogsolve, &game, heaps, limit, &[])? {
                Ok(timed) => timed,
                Err(why) => {
                    let reason = format!("G(0..{heaps}): {why} of {} s", TIME_LIMIT.as_secs());
                    eprintln!("  {game:<6} left out: {reason}");
                    left_out.push(LeftOut { game: game.clone(), rule, reason });
                    continue 'codes;
                }
            };
            let half = rows.iter().find(|r| r.game == game && r.heaps == heaps / 2);
            let r = row(&game, rule, heaps, &timed, half);
            rows.push(r);
        }
    }
    let geometric_means = SIZES
        .iter()
        .map(|&heaps| {
            let logs: Vec<f64> = rows.iter().filter(|r| r.heaps == heaps).map(|r| r.speedup.ln()).collect();
            (heaps, round((logs.iter().sum::<f64>() / logs.len().max(1) as f64).exp()), logs.len())
        })
        .collect();
    let mut memory: Vec<Row> = Vec::new();
    for &heaps in &MEMORY_SIZES {
        let timed = measure(&grundy, &ogsolve, ".6", heaps, None, &[])?.expect("no time limit");
        memory.push(row(".6", "every value held", heaps, &timed, None));
        let timed = measure(&grundy, &ogsolve, ".6", heaps, None, WINDOW_ARGS)?.expect("no time limit");
        memory.push(row(".6", "--window 2^16 --archive", heaps, &timed, None));
    }
    let peers = Peers {
        generated_by: "cargo xtask bench --peers",
        date: util::now(),
        git_revision: util::git_revision(),
        machine: util::cpu_model(),
        cores: std::thread::available_parallelism().map(|p| p.get()).unwrap_or(1),
        ogsolve: format!("ogsolve {OGSOLVE_VERSION} -m {OGSOLVE_METHOD}"),
        rule: RULE,
        time_limit_seconds: TIME_LIMIT.as_secs(),
        total_seconds: round(started.elapsed().as_secs_f64()),
        rows,
        geometric_means,
        left_out,
        memory,
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
        "<!-- Generated by `cargo xtask bench --peers`; do not edit by hand. -->\n# grundy and ogsolve side by side, {}\n\n{} ({} cores); {}; revision {}; the whole run took {:.0} s.\nOne run each, each in its own process; both print their values (included in the times), and the values agree on every row. speedup = ogsolve s / grundy s (above 1: grundy is faster); growth = time(N) / time(N/2); MiB = peak resident memory.\n\n**The codes**, by rule: {}\n\n",
        p.date, p.machine, p.cores, p.ogsolve, p.git_revision, p.total_seconds, p.rule
    );
    for &(heaps, mean, codes) in &p.geometric_means {
        s.push_str(&format!("- G(0..{heaps}): geometric mean of the speedups **{mean:.2}** over {codes} codes"));
        let slowest = p.rows.iter().filter(|r| r.heaps == heaps).min_by(|a, b| a.speedup.total_cmp(&b.speedup));
        if let Some(r) = slowest {
            s.push_str(&format!("; the smallest {:.2} ({})", r.speedup, r.game));
        }
        s.push('\n');
    }
    s.push('\n');
    table(&mut s, &p.rows);
    if !p.left_out.is_empty() {
        s.push_str("\nLeft out by the time limit (not in the means):\n\n");
        for l in &p.left_out {
            s.push_str(&format!("- {} ({}): {}\n", l.game, l.rule, l.reason));
        }
    }
    s.push_str("\n## Memory: .6 at larger N\n\nEvery value held (as `grundy values` does by default, for its period search), and in window mode (`--window 2^16 --archive`: G(0..2^16) and the latest values at two bytes, the others packed at the 9 bits .6's values need); both print every value, as ogsolve does.\n\n");
    table(&mut s, &p.memory);
    s
}

fn table(s: &mut String, rows: &[Row]) {
    s.push_str("| game | rule | N | grundy s | ogsolve s | speedup | grundy growth | ogsolve growth | grundy MiB | ogsolve MiB |\n|---|---|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    let opt = |x: Option<f64>| x.map_or("-".to_string(), |x| format!("{x:.2}"));
    let mib = |x: Option<u64>| x.map_or("-".to_string(), |x| x.to_string());
    for r in rows {
        s.push_str(&format!(
            "| {} | {} | 2^{} | {:.2} | {:.2} | {:.2} | {} | {} | {} | {} |\n",
            r.game,
            r.rule,
            r.heaps.trailing_zeros(),
            r.grundy_seconds,
            r.ogsolve_seconds,
            r.speedup,
            opt(r.grundy_growth),
            opt(r.ogsolve_growth),
            mib(r.grundy_peak_mib),
            mib(r.ogsolve_peak_mib),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rule gives at least 20 codes, from each of its sources, once each.
    #[test]
    fn the_code_set_follows_its_rule() {
        let set = code_set();
        assert!(set.len() >= 20, "{} codes", set.len());
        let codes: Vec<&str> = set.iter().map(|(c, _)| c.as_str()).collect();
        for code in [".77", ".07", ".137", ".6", ".11377", ".16", ".354", ".14", ".76", ".172", ".1777", ".161"] {
            assert!(codes.contains(&code), "{code} missing from {codes:?}");
        }
        let mut unique = codes.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), codes.len(), "a code twice");
        assert!(!codes.contains(&".104"), "three digits are not in the unsolved rule");
    }
}
