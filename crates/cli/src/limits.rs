//! What a job may take: `--max-time` and `--max-memory` as typed (`90`, `10m`, `2h`;
//! `512M`, `4GiB`), with their defaults (an hour; three quarters of the memory available).

use grundy_core::ask::Limits;

/// The default `--max-time`: an hour. Beyond it a researcher wants to know before starting.
pub const DEFAULT_MAX_SECONDS: f64 = 3600.0;

/// The limits of this run, from the command line: `None` for the defaults, an hour and
/// three quarters of the memory available.
pub fn limits(seconds: Option<f64>, bytes: Option<u64>) -> Limits {
    Limits {
        seconds: seconds.unwrap_or(DEFAULT_MAX_SECONDS),
        bytes: bytes.unwrap_or_else(|| memory_available() / 4 * 3),
    }
}

/// Memory the system reports available (8 GiB if that cannot be read).
fn memory_available() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    });
    available.unwrap_or(8 << 30)
}

/// A number and the letters that end it: `10m` is (10, m), `1e9` is (1e9, none) as counts
/// write it (the `e` of an exponent is not a unit), `1e3s` is (1e3, s).
fn number_and_unit(t: &str) -> (&str, &str) {
    let number = t.trim_end_matches(|c: char| c.is_ascii_alphabetic());
    (number, &t[number.len()..])
}

/// Parses `--max-time`: seconds, or a number with s, m, h or d (`90`, `10m`, `2h`, `1e9`).
pub fn parse_duration(text: &str) -> Result<f64, String> {
    let t = text.trim();
    let (number, unit) = match number_and_unit(t) {
        (number, "") => (number, "s"),
        other => other,
    };
    let scale = match unit {
        "s" => 1.0,
        "m" | "min" => 60.0,
        "h" => 3600.0,
        "d" => 86400.0,
        _ => return Err(format!("unknown unit {unit:?} (s, m, h or d)")),
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 => Ok(x * scale),
        _ => Err(format!("{t:?} is not a positive time such as 90, 10m or 2h")),
    }
}

/// Parses `--max-memory`: bytes, or a number with K, M, G or T (powers of 1024, an
/// optional `iB` or `B`: `512M`, `4GiB`).
pub fn parse_bytes(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (number, unit) = number_and_unit(t);
    let unit = unit.trim_end_matches("iB").trim_end_matches('B');
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" => 0,
        "K" => 10,
        "M" => 20,
        "G" => 30,
        "T" => 40,
        _ => return Err(format!("unknown unit in {t:?} (K, M, G or T, as in 512M or 4GiB)")),
    };
    match number.trim().parse::<f64>() {
        Ok(x) if x.is_finite() && x > 0.0 && x * ((1u64 << shift) as f64) < u64::MAX as f64 => {
            Ok((x * (1u64 << shift) as f64) as u64)
        }
        _ => Err(format!("{t:?} is not a positive size such as 512M or 4GiB")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_parse() {
        assert_eq!(parse_duration("90"), Ok(90.0));
        assert_eq!(parse_duration("10m"), Ok(600.0));
        assert_eq!(parse_duration("2h"), Ok(7200.0));
        assert_eq!(parse_duration("1e9"), Ok(1e9));
        assert_eq!(parse_duration("1e3m"), Ok(60_000.0));
        assert_eq!(parse_bytes("1e9"), Ok(1_000_000_000));
        assert!(parse_duration("-5").is_err() && parse_duration("5y").is_err() && parse_duration("").is_err());
        assert_eq!(parse_bytes("512M"), Ok(512 << 20));
        assert_eq!(parse_bytes("4GiB"), Ok(4 << 30));
        assert_eq!(parse_bytes("1000"), Ok(1000));
        assert!(parse_bytes("4Q").is_err() && parse_bytes("0").is_err() && parse_bytes("x").is_err());
    }
}
