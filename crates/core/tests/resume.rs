//! A sweep interrupted anywhere and resumed from its checkpoint gives exactly the values
//! and statistics of an uninterrupted run; in window mode too (`FastSweep::set_window`),
//! whose checkpoints hold only the first and the latest values.

use grundy_core::engine::grundy::checkpoint::{encode_window_with, WindowView};
use grundy_core::{Checkpoint, CheckpointError, FastSweep, GrundyKernel, SparseSweep};
use proptest::prelude::*;

/// Past the last sparse heap below 10^6 (82,860) by more than a stretch: every kind of
/// resume point is below it.
const END: u64 = 200_000;
/// How far each resumed run goes before it is compared with the uninterrupted run.
const STRETCH: u64 = 1 << 16;

#[test]
fn resume_anywhere_is_exact() {
    // Interval 2^16, so that resume points fall inside intervals and on their borders.
    let log2 = 16;
    let points = [1, 3, 4, 232, 1 << 16, 82_860, 82_861, 123_457, 199_999];
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
    // 82,860 is the last sparse heap below 10^6 (Flammenkamp): resuming at 82,861 starts
    // right after it.
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

/// Window mode, checkpointed before the window first moves, just before and after a move,
/// and between moves, resumes to the state of a run that never stopped, byte for byte, and
/// to the statistics of a sweep that keeps every value.
#[test]
fn window_mode_resumes_exactly() {
    let (end, window) = (220_000, 1 << 17);
    let mut full = FastSweep::with_options(16, GrundyKernel::detect());
    full.run_to(end).unwrap();
    // The window first moves when 1.5 windows are held, at 196,608.
    let points = [1000, 196_607, 196_608, 196_609, 219_999];
    let mut whole = FastSweep::with_options(16, GrundyKernel::detect());
    whole.set_window(window);
    let mut saved = Vec::new();
    for p in points {
        whole.run_to(p).unwrap();
        saved.push((p, whole.checkpoint()));
    }
    whole.run_to(end).unwrap();
    assert_eq!(whole.stats(), full.stats());
    // The portable kernel (slower) from the points past the move only.
    let runs =
        saved.iter().map(|s| (GrundyKernel::detect(), s)).chain(saved[3..].iter().map(|s| (GrundyKernel::Portable, s)));
    for (kernel, (p, bytes)) in runs {
        let mut resumed = FastSweep::restore_with_window(bytes, kernel, Some(window)).unwrap();
        assert_eq!(resumed.len(), *p);
        assert_eq!(resumed.window(), Some(window));
        resumed.run_to(end).unwrap();
        assert!(resumed.checkpoint() == whole.checkpoint(), "{kernel:?}, resumed at {p}");
        assert_eq!(resumed.first_values(), &full.values()[..window]);
    }
}

/// A checkpoint is resumed only by a run that keeps the same window (or none), and says so.
#[test]
fn another_window_is_refused_with_the_reason() {
    let mut w = FastSweep::with_options(16, GrundyKernel::detect());
    w.set_window(1 << 12);
    w.run_to(6000).unwrap();
    let bytes = w.checkpoint();
    let refused = |window| FastSweep::restore_with_window(&bytes, GrundyKernel::Portable, window).err();
    assert_eq!(
        refused(Some(1 << 13)),
        Some(CheckpointError::WrongWindow { found: Some(1 << 12), expected: Some(1 << 13) })
    );
    assert_eq!(refused(None), Some(CheckpointError::WrongWindow { found: Some(1 << 12), expected: None }));
    assert_eq!(refused(Some(1 << 12)), None);
    let e = SparseSweep::restore(&bytes).unwrap_err();
    assert_eq!(
        e.to_string(),
        "checkpoint was written keeping a window of 4096 heaps, but this run keeps every value (no window)"
    );
    // A window below the least one is raised to it, as by `set_window`, on both sides.
    let mut small = FastSweep::with_options(16, GrundyKernel::detect());
    small.set_window(10);
    small.run_to(1500).unwrap();
    let min = grundy_core::engine::grundy::fast::MIN_WINDOW;
    assert_eq!(small.window(), Some(min));
    assert!(FastSweep::restore_with_window(&small.checkpoint(), GrundyKernel::Portable, Some(1)).is_ok());
    let full = FastSweep::restore(
        &SparseSweep::restore(&{
            let mut s = SparseSweep::with_interval_log2(16);
            s.run_to(1500).unwrap();
            s.checkpoint()
        })
        .unwrap()
        .checkpoint(),
        GrundyKernel::Portable,
    )
    .unwrap();
    assert!(!full.is_windowed());
    assert_eq!(
        FastSweep::restore_with_window(&full.checkpoint(), GrundyKernel::Portable, Some(min)).err(),
        Some(CheckpointError::WrongWindow { found: None, expected: Some(min as u64) })
    );
}

/// A checkpoint of window mode (window 1024, the latest 1500 values from heap 1500), made
/// from a full sweep to 3000.
fn window_checkpoint() -> &'static [u8] {
    static BYTES: std::sync::OnceLock<Vec<u8>> = std::sync::OnceLock::new();
    BYTES.get_or_init(|| {
        let mut s = SparseSweep::with_interval_log2(8);
        s.run_to(3000).unwrap();
        let view = WindowView { size: 1024, first: &s.values()[..1024], base: 1500, latest: &s.values()[1500..] };
        let mut out = Vec::new();
        encode_window_with(SparseSweep::ALGORITHM, view, s.stats(), |b| out.extend_from_slice(b));
        assert!(FastSweep::restore(&out, GrundyKernel::Portable).is_ok());
        out
    })
}

/// Every third byte of a window checkpoint changed in turn, with the checksum and length
/// fixed up so that the change reaches the reader: refused or read, never a panic; and a
/// sweep restored from it goes on, or stops with an error, without one.
#[test]
fn window_checkpoints_changed_behind_the_checksum_never_panic() {
    let bytes = window_checkpoint();
    let (mut read, mut refused) = (0, 0);
    for pos in (24..bytes.len()).step_by(3) {
        let mut bad = bytes.to_vec();
        bad[pos] ^= 0x5a;
        let crc = crc32fast::hash(&bad[24..]);
        bad[12..16].copy_from_slice(&crc.to_le_bytes());
        match FastSweep::restore(&bad, GrundyKernel::Portable) {
            Ok(mut s) => {
                read += 1;
                let _ = s.run_to(s.len() + 50);
            }
            Err(e) => {
                refused += 1;
                assert!(!e.to_string().contains('\n'), "{e}");
            }
        }
    }
    // Most changes are caught: a value, a count, a heap, a length.
    assert!(refused > 10 * read, "{refused} refused, {read} read");
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

    /// Window checkpoints with a byte changed anywhere are refused; with the checksum and
    /// length fixed up (so that the change reaches the reader) they are refused or read,
    /// never a panic, and a restored sweep goes on without one.
    #[test]
    fn corrupt_window_checkpoints_are_refused(pos in 0usize..1 << 16, byte in 1u8..=255) {
        let bytes = window_checkpoint();
        let pos = pos % bytes.len();
        let mut bad = bytes.to_vec();
        bad[pos] ^= byte;
        prop_assert!(FastSweep::restore(&bad, GrundyKernel::Portable).is_err());
        if pos >= 24 {
            let crc = crc32fast::hash(&bad[24..]);
            bad[12..16].copy_from_slice(&crc.to_le_bytes());
            if let Ok(mut s) = FastSweep::restore(&bad, GrundyKernel::Portable) {
                let _ = s.run_to(s.len() + 100);
            }
            if let Err(e) = Checkpoint::decode(&bad) {
                prop_assert!(!e.to_string().contains('\n'));
            }
        }
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
