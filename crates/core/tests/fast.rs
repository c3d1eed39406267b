//! The fast sweep against the definition and against the plain sweep, with every kernel
//! this CPU can run.

use grundy_core::engine::grundy::naive;
use grundy_core::{FastSweep, GrundyKernel, SparseSweep};

#[test]
fn fast_equals_definition_up_to_20000() {
    let g = naive::grundy_values(20_000);
    for kernel in GrundyKernel::available() {
        let mut fast = FastSweep::with_options(21, kernel);
        fast.run_to(20_001).unwrap();
        assert_eq!(fast.values(), &g[..], "kernel {kernel:?}");
    }
}

#[test]
fn fast_equals_plain_sweep_to_200000_with_statistics() {
    let mut plain = SparseSweep::with_interval_log2(14);
    plain.run_to(200_000).unwrap();
    for kernel in GrundyKernel::available() {
        for threads in [1, 2] {
            let mut fast = FastSweep::with_options(14, kernel);
            fast.set_threads(threads);
            fast.run_to(200_000).unwrap();
            assert_eq!(fast.values(), plain.values(), "kernel {kernel:?}, {threads} threads");
            assert_eq!(fast.stats(), plain.stats(), "kernel {kernel:?}, {threads} threads");
            assert_eq!(fast.checkpoint(), plain.checkpoint());
        }
    }
}

/// Stopping and resuming at block borders, inside blocks and before the block scheme
/// starts changes nothing; so does switching between the plain and the fast sweep.
#[test]
fn fast_resumes_anywhere() {
    let mut whole = FastSweep::with_options(12, GrundyKernel::detect());
    whole.run_to(60_000).unwrap();
    for point in [0, 5, 511, 512, 513, 1000, 20_001, 33_333, 59_999] {
        let mut first = FastSweep::with_options(12, GrundyKernel::detect());
        first.run_to(point).unwrap();
        let mut second = FastSweep::restore(&first.checkpoint(), GrundyKernel::Portable).unwrap();
        second.run_to(60_000).unwrap();
        assert_eq!(second.checkpoint(), whole.checkpoint(), "resumed at {point}");
        let mut plain = SparseSweep::restore(&first.checkpoint()).unwrap();
        plain.run_to(40_000.max(point)).unwrap();
        let mut back = FastSweep::restore(&plain.checkpoint(), GrundyKernel::detect()).unwrap();
        back.run_to(60_000).unwrap();
        assert_eq!(back.checkpoint(), whole.checkpoint(), "plain sweep in between, from {point}");
    }
}

/// Many short runs: every block length, including partial blocks, in both thread modes.
#[test]
fn fast_in_small_steps() {
    let mut plain = SparseSweep::with_interval_log2(10);
    plain.run_to(12_000).unwrap();
    for threads in [1, 2] {
        let mut fast = FastSweep::with_options(10, GrundyKernel::detect());
        fast.set_threads(threads);
        let mut end = 0;
        let mut step = 1;
        while end < 12_000 {
            end = (end + step).min(12_000);
            step = step * 3 % 997 + 1;
            fast.run_to(end).unwrap();
        }
        assert_eq!(fast.checkpoint(), plain.checkpoint(), "{threads} threads");
    }
}

/// Window mode keeps only the first and the latest values, and gives the same results.
#[test]
fn window_mode_equals_full_mode() {
    // The window first moves at 196,608 (1.5 windows held), then every 2^16 heaps: four
    // moves before 400,000.
    let end = 400_000;
    let mut full = FastSweep::with_options(16, GrundyKernel::detect());
    full.run_to(end).unwrap();
    for kernel in GrundyKernel::available() {
        for threads in [1, 2] {
            let mut w = FastSweep::with_options(16, kernel);
            w.set_threads(threads);
            w.set_window(1 << 17);
            w.run_to(end / 3).unwrap();
            w.run_to(end).unwrap();
            assert!(w.is_windowed());
            assert_eq!(FastSweep::restore(&w.checkpoint(), kernel).unwrap().checkpoint(), w.checkpoint());
            assert_eq!(w.stats(), full.stats(), "{kernel:?}, {threads} threads");
            assert_eq!(w.first_values(), &full.values()[..1 << 17]);
            assert_eq!(w.len(), end);
        }
    }
}

/// A window too small for the sparse heaps or the scans is an error, not a wrong value.
#[test]
fn too_small_a_window_is_an_error() {
    let mut w = FastSweep::with_options(16, GrundyKernel::detect());
    w.set_window(4096);
    let err = w.run_to(200_000).unwrap_err();
    assert!(matches!(err, grundy_core::SweepError::WindowTooSmall { .. }), "{err:?}");
}

/// The plain sweep to 140,000 (interval 2^12), computed once for the property test.
fn plain_140k() -> &'static SparseSweep {
    static PLAIN: std::sync::OnceLock<SparseSweep> = std::sync::OnceLock::new();
    PLAIN.get_or_init(|| {
        let mut plain = SparseSweep::with_interval_log2(12);
        plain.run_to(140_000).unwrap();
        plain
    })
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(12))]

    /// Any way of cutting a run into pieces, either thread mode and kernel, with or without
    /// a window (83,000 is past the last sparse heap below 10^6, and the window moves once
    /// before 140,000), gives the plain sweep's values and statistics.
    #[test]
    fn fast_equals_plain_for_any_schedule(
        cuts in proptest::collection::vec(1u64..140_000, 1..5),
        threads in 1usize..=2,
        portable in proptest::bool::ANY,
        window in proptest::option::of(83_000usize..92_000),
    ) {
        let end = 140_000;
        let plain = plain_140k();
        let kernel = if portable { GrundyKernel::Portable } else { GrundyKernel::detect() };
        let mut fast = FastSweep::with_options(12, kernel);
        fast.set_threads(threads);
        if let Some(w) = window {
            fast.set_window(w);
        }
        let mut cuts = cuts;
        cuts.sort_unstable();
        for c in cuts.into_iter().chain([end]) {
            fast.run_to(c).unwrap();
        }
        proptest::prop_assert_eq!(fast.stats(), plain.stats());
        let first = fast.first_values();
        proptest::prop_assert_eq!(first, &plain.values()[..first.len()]);
        proptest::prop_assert_eq!(fast.is_windowed(), window.is_some());
    }
}
