//! The fast sweep against the definition and against the plain sweep, with every kernel
//! this CPU can run.

use grundy_core::{naive, FastSweep, Kernel, SparseSweep};

#[test]
fn fast_equals_definition_up_to_20000() {
    let g = naive::grundy_values(20_000);
    for kernel in Kernel::available() {
        let mut fast = FastSweep::with_options(21, kernel);
        fast.run_to(20_001).unwrap();
        assert_eq!(fast.values(), &g[..], "kernel {kernel:?}");
    }
}

#[test]
fn fast_equals_plain_sweep_to_300000_with_statistics() {
    let mut plain = SparseSweep::with_interval_log2(14);
    plain.run_to(300_000).unwrap();
    for kernel in Kernel::available() {
        for threads in [1, 2] {
            let mut fast = FastSweep::with_options(14, kernel);
            fast.set_threads(threads);
            fast.run_to(300_000).unwrap();
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
    let mut whole = FastSweep::with_options(12, Kernel::detect());
    whole.run_to(60_000).unwrap();
    for point in [0, 5, 511, 512, 513, 1000, 20_001, 33_333, 59_999] {
        let mut first = FastSweep::with_options(12, Kernel::detect());
        first.run_to(point).unwrap();
        let mut second = FastSweep::restore(&first.checkpoint(), Kernel::Portable).unwrap();
        second.run_to(60_000).unwrap();
        assert_eq!(second.checkpoint(), whole.checkpoint(), "resumed at {point}");
        let mut plain = SparseSweep::restore(&first.checkpoint()).unwrap();
        plain.run_to(40_000.max(point)).unwrap();
        let mut back = FastSweep::restore(&plain.checkpoint(), Kernel::detect()).unwrap();
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
        let mut fast = FastSweep::with_options(10, Kernel::detect());
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
    let end = 600_000;
    let mut full = FastSweep::with_options(16, Kernel::detect());
    full.run_to(end).unwrap();
    for kernel in Kernel::available() {
        for threads in [1, 2] {
            let mut w = FastSweep::with_options(16, kernel);
            w.set_threads(threads);
            w.set_window(1 << 17);
            w.run_to(end / 3).unwrap();
            w.run_to(end).unwrap();
            assert!(w.is_windowed());
            assert_eq!(w.stats(), full.stats(), "{kernel:?}, {threads} threads");
            assert_eq!(w.first_values(), &full.values()[..1 << 17]);
            assert_eq!(w.len(), end);
        }
    }
}

/// A window too small for the sparse heaps or the scans is an error, not a wrong value.
#[test]
fn too_small_a_window_is_an_error() {
    let mut w = FastSweep::with_options(16, Kernel::detect());
    w.set_window(4096);
    let err = w.run_to(200_000).unwrap_err();
    assert!(matches!(err, grundy_core::SweepError::WindowTooSmall { .. }), "{err:?}");
}
