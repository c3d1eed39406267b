//! A sweep interrupted anywhere and resumed from its checkpoint gives exactly the values
//! and statistics of an uninterrupted run.

use grundy_core::SparseSweep;
use proptest::prelude::*;

const END: u64 = 1_000_000;
/// How far each resumed run goes before it is compared with the uninterrupted run.
const STRETCH: u64 = 1 << 16;

#[test]
fn resume_below_a_million_is_exact() {
    // Interval 2^16, so that resume points fall inside intervals and on their borders.
    let log2 = 16;
    let points = [1, 3, 4, 232, 1 << 16, 82_860, 82_861, 123_457, 999_999];
    // One uninterrupted run, with its full state saved at every point of interest.
    let mut marks: Vec<u64> = points.iter().flat_map(|&p| [p, (p + STRETCH).min(END)]).collect();
    marks.sort_unstable();
    marks.dedup();
    let mut whole = SparseSweep::with_interval_log2(log2);
    let mut saved = std::collections::BTreeMap::new();
    for &m in &marks {
        whole.run_to(m).unwrap();
        saved.insert(m, whole.checkpoint());
    }
    whole.run_to(END).unwrap();
    // 82,860 is the last sparse heap below 10^6: resuming at 82,861 starts right after it.
    let sparse = &whole.stats().sparse_heaps;
    assert_eq!(sparse.last().unwrap().heap, 82_860);
    assert_eq!(sparse.len(), 1274);

    for p in points {
        let mut resumed = SparseSweep::restore(&saved[&p]).unwrap();
        let stop = (p + STRETCH).min(END);
        resumed.run_to(stop).unwrap();
        assert!(resumed.checkpoint() == saved[&stop], "state at {stop} after resuming at {p}");
    }
    // And once all the way to the end.
    let mut resumed = SparseSweep::restore(&saved[&(1 << 16)]).unwrap();
    resumed.run_to(END).unwrap();
    assert_eq!(resumed.values(), whole.values());
    assert_eq!(resumed.stats(), whole.stats());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Small sweeps with short intervals, resumed at any point, even several times.
    #[test]
    fn resume_anywhere(points in proptest::collection::vec(0u64..5000, 1..4), log2 in 4u32..12) {
        let mut whole = SparseSweep::with_interval_log2(log2);
        whole.run_to(5000).unwrap();
        let mut points = points;
        points.sort_unstable();
        let mut s = SparseSweep::with_interval_log2(log2);
        for p in points {
            s.run_to(p).unwrap();
            s = SparseSweep::restore(&s.checkpoint()).unwrap();
        }
        s.run_to(5000).unwrap();
        prop_assert_eq!(s.values(), whole.values());
        prop_assert_eq!(s.stats(), whole.stats());
    }

    /// Corrupt checkpoint bytes are refused with an error, never a panic or a bad sweep.
    #[test]
    fn corrupt_checkpoints_are_refused(pos in 0usize..4000, byte in 1u8..=255) {
        let mut s = SparseSweep::with_interval_log2(6);
        s.run_to(1500).unwrap();
        let mut bytes = s.checkpoint();
        let pos = pos % bytes.len();
        bytes[pos] ^= byte;
        prop_assert!(SparseSweep::restore(&bytes).is_err());
    }
}
