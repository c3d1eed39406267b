//! Heap counts as people write them: `67108864`, `67_108_864`, `2^26`, `1e6`. Shared by the
//! `grundy` command and `cargo xtask`, so both accept the same forms.

/// Reads 67108864, 67_108_864, 2^26 or 1e6; an error names the text.
pub fn parse_count(s: &str) -> Result<u64, String> {
    let t = s.trim().replace('_', "");
    let bad = || format!("expected a count like 67108864, 2^26 or 1e6, got {s:?}");
    if let Some((b, e)) = t.split_once('^') {
        let b: u64 = b.parse().map_err(|_| bad())?;
        let e: u32 = e.parse().map_err(|_| bad())?;
        return b.checked_pow(e).ok_or_else(bad);
    }
    if let Some((m, e)) = t.split_once(['e', 'E']) {
        let m: u64 = m.parse().map_err(|_| bad())?;
        let e: u32 = e.parse().map_err(|_| bad())?;
        return 10u64.checked_pow(e).and_then(|p| p.checked_mul(m)).ok_or_else(bad);
    }
    t.parse().map_err(|_| bad())
}

#[cfg(test)]
mod tests {
    use super::parse_count;

    #[test]
    fn counts() {
        assert_eq!(parse_count("2^26"), Ok(67_108_864));
        assert_eq!(parse_count("67_108_864"), Ok(67_108_864));
        assert_eq!(parse_count("1e6"), Ok(1_000_000));
        assert!(parse_count("2^99").is_err());
        assert!(parse_count("many").is_err());
        assert!(parse_count("-5").is_err());
    }
}
