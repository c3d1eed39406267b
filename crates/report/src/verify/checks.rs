//! The checks of each kind of claim against a summary: zeros, sparse heaps, records,
//! value frequencies and scan lengths.

use super::*;

pub(super) fn check_zeros(s: &Summary, c: &Claim, refs: &References, range: u64) -> Result<Check, ClaimError> {
    let mut t = Tally::new();
    let last = c.int("last")?;
    let reach = s.heaps > last;
    t.eq("count", s.heaps >= range, s.zero_heaps.len() as u64, c.int("count")?);
    t.eq("last", reach, s.zero_heaps.last().copied(), Some(last));
    let first = c.ints("first")?;
    t.eq("first twelve", reach, s.zero_heaps.iter().take(first.len()).copied().collect::<Vec<_>>(), first);
    let available = refs.part("A036685");
    match &refs.a036685 {
        Some(terms) => {
            let ours: Vec<u64> = s.zero_heaps.iter().copied().take_while(|&n| n < s.heaps).collect();
            let theirs: Vec<u64> = terms.iter().copied().filter(|&n| n < s.heaps).collect();
            t.eq("every term of A036685 below the range", true, ours, theirs);
        }
        None => {
            return Ok(Check {
                id: c.id.clone(),
                label: c.label.clone(),
                reference: "OEIS A036685".into(),
                available,
                outcome: Verdict::Unavailable,
                detail: t.detail(),
            })
        }
    }
    Ok(t.check(c, "OEIS A036685", available))
}

pub(super) fn check_sparse_list(s: &Summary, c: &Claim, refs: &References, range: u64) -> Result<Check, ClaimError> {
    let mut t = Tally::new();
    let (count, last_n, last_value) = (c.int("count")?, c.int("last_n")?, c.int("last_value")?);
    let full = s.heaps >= range;
    t.eq("our count", full, s.sparse_heaps.len() as u64, count);
    t.eq("our last sparse heap", full, s.sparse_heaps.last().map(|&(n, v)| (n, v as u64)), Some((last_n, last_value)));
    let reference = "Flammenkamp, Known Sparse SGV".to_string();
    let Some(page) = &refs.flammenkamp else {
        return Ok(Check {
            id: c.id.clone(),
            label: c.label.clone(),
            reference,
            available: "not in the fixtures".into(),
            outcome: Verdict::Unavailable,
            detail: t.detail(),
        });
    };
    let on_page = page.sparse.len();
    let page_last = page.sparse.last().map_or(0, |e| e.0);
    let ours: Vec<(u64, u64)> = s.sparse_heaps.iter().take(on_page).map(|&(n, v)| (n, v as u64)).collect();
    t.eq(&format!("the {on_page} entries on the page"), s.heaps > page_last, ours, page.sparse.clone());
    if let Some(stated) = page.stated_sparse_count {
        t.eq("the page's stated count", full, s.sparse_heaps.len() as u64, stated);
    }
    let available = if page.sparse_list_complete() {
        format!("all {on_page} entries")
    } else {
        format!(
            "{on_page} of {} entries (n <= {page_last}); entries {}..{} could not be checked against the page offline, only the count and the last entry against the write-up",
            page.stated_sparse_count.map_or("?".into(), |c| c.to_string()),
            on_page + 1,
            page.stated_sparse_count.map_or("?".into(), |c| c.to_string())
        )
    };
    Ok(t.check(c, reference, available))
}

pub(super) fn check_sparse_by_range(s: &Summary, c: &Claim, range: u64) -> Result<Check, ClaimError> {
    let mut t = Tally::new();
    let upto = |limit: u64| s.sparse_heaps.iter().filter(|h| h.0 <= limit).count() as u64;
    for limit in [1000u64, 10_000, 100_000] {
        t.eq(&format!("sparse heaps n <= {limit}"), s.heaps > limit, upto(limit), c.int(&format!("upto_{limit}"))?);
    }
    let below: Vec<&(u64, Value)> = s.sparse_heaps.iter().filter(|h| h.0 < 100_000).collect();
    t.eq("last below 100,000", s.heaps >= 100_000, below.last().map(|h| h.0), Some(c.int("last_below_100000")?));
    let above: Vec<&(u64, Value)> = s.sparse_heaps.iter().filter(|h| h.0 > 100_000).collect();
    let full = s.heaps >= range;
    t.eq("count above 100,000", full, above.len() as u64, c.int("above_100000")?);
    t.eq("first above", full, above.first().map(|h| h.0), Some(c.int("above_100000_first")?));
    t.eq("last above", full, above.last().map(|h| h.0), Some(c.int("above_100000_last")?));
    let min = above.iter().map(|h| h.1 as u64).min();
    let max = above.iter().map(|h| h.1 as u64).max();
    t.eq(
        "their values, least and largest",
        full,
        (min, max),
        (Some(c.int("above_100000_values_min")?), Some(c.int("above_100000_values_max")?)),
    );
    Ok(t.check(c, "our sweep", "-"))
}

pub(super) fn check_records(s: &Summary, c: &Claim, refs: &References, range: u64) -> Result<Check, ClaimError> {
    let mut t = Tally::new();
    let full = s.heaps >= range;
    t.eq("our count (heap 0 included, as OEIS)", full, s.records.len() as u64, c.int("count_oeis")?);
    t.eq(
        "our count without heap 0 (as Flammenkamp)",
        full,
        s.records.len().saturating_sub(1) as u64,
        c.int("count_flammenkamp")?,
    );
    t.eq(
        "last record",
        full,
        s.records.last().map(|&(n, v)| (n, v as u64)),
        Some((c.int("last_n")?, c.int("last_value")?)),
    );
    compare_oeis_records(&mut t, s, refs);
    let available = format!(
        "A180120: {}; A180121: {}; Flammenkamp's record table is not on the offline snapshot",
        refs.part("A180120"),
        refs.part("A180121")
    );
    Ok(t.check(c, c.reference.clone().unwrap_or_default(), available))
}

/// `2^30` for a power of two, else the number.
pub(super) fn power_of_two(n: u64) -> String {
    if n.is_power_of_two() {
        format!("2^{}", n.trailing_zeros())
    } else {
        n.to_string()
    }
}

/// A180120 lists the records' positions, A180121 their values: compares every available
/// term that the sweep reaches.
pub(super) fn compare_oeis_records(t: &mut Tally, s: &Summary, refs: &References) {
    let positions: Vec<u64> = refs.a180120.iter().map(|t| t.1).take_while(|&n| n < s.heaps).collect();
    let ours: Vec<u64> = s.records.iter().map(|r| r.0).take(positions.len()).collect();
    t.eq(&format!("positions, A180120 terms 1..{}", positions.len()), true, ours, positions);
    let k = s.records.len().min(refs.a180121.len());
    let ours: Vec<u64> = s.records.iter().take(k).map(|r| r.1 as u64).collect();
    let theirs: Vec<u64> = refs.a180121.iter().take(k).map(|t| t.1).collect();
    t.eq(&format!("values, A180121 terms 1..{k}"), true, ours, theirs);
}

pub(super) fn check_frequencies(s: &Summary, c: &Claim, refs: &References) -> Result<Check, ClaimError> {
    let rows = c.int("rows")?;
    let reference = c.reference.clone().unwrap_or_default();
    let table = refs.flammenkamp.as_ref().and_then(|p| p.frequencies.as_ref());
    let Some(table) = table else {
        return Ok(Check {
            id: c.id.clone(),
            label: c.label.clone(),
            reference,
            available: "the table is not on the offline snapshot of the page".into(),
            outcome: Verdict::Unavailable,
            detail: format!("expected {rows} sparse rows; not compared"),
        });
    };
    // The page's table covers heaps up to 2^35: counts and last positions match ours only
    // for values whose last heap lies in our range and never occurs again; compare the
    // sparse rows the page has.
    let mut t = Tally::new();
    let sparse_rows: Vec<_> = table.iter().filter(|r| r.value < 512 && !is_common(r.value as Value)).collect();
    t.eq("sparse rows in the table", true, sparse_rows.len() as u64, rows);
    for r in sparse_rows {
        let ours = s.values.iter().find(|v| v.0 as u64 == r.value).map_or((0, None), |v| (v.1, Some(v.3)));
        t.eq(&format!("value {}", r.value), true, ours, (r.count, (r.count > 0).then_some(r.last)));
    }
    Ok(t.check(c, reference, "the page's table"))
}

pub(super) fn check_average_scan(s: &Summary, c: &Claim, range: u64) -> Result<Check, ClaimError> {
    let mut t = Tally::new();
    let full = s.heaps >= range;
    t.eq("average, to one decimal", full, format!("{:.1}", s.scan.average), format!("{:.1}", c.number("value")?));
    let every = c.int("checkpoint_every")?;
    let log2 = s.scan.interval_log2;
    if 1u64 << log2 != every {
        t.eq("checkpoint interval", full, 1u64 << log2, every);
    } else {
        // The write-up's per-checkpoint figure is the running average printed at each
        // checkpoint (the average over all heaps so far), given in whole numbers.
        let running = running_averages(s);
        let min = running.iter().copied().fold(f64::INFINITY, f64::min);
        let max = running.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let (lo, hi) = (c.number("checkpoint_averages_min")?, c.number("checkpoint_averages_max")?);
        t.eq(
            &format!("least and largest running average at the {} checkpoints, rounded", running.len()),
            full,
            (min.round(), max.round()),
            (lo, hi),
        );
    }
    Ok(t.check(c, "our sweep", "-"))
}

/// The average scan length over all heaps so far, at the end of every whole interval.
pub fn running_averages(s: &Summary) -> Vec<f64> {
    let log2 = s.scan.interval_log2;
    let (mut total, mut count) = (0u64, 0u64);
    let mut out = Vec::new();
    for i in &s.scan.intervals {
        total += i.1;
        count += i.2;
        if (i.0 + 1) << log2 <= s.heaps {
            out.push(total as f64 / count.max(1) as f64);
        }
    }
    out
}
