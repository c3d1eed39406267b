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
        let mut fast = FastSweep::with_options(14, kernel);
        fast.run_to(300_000).unwrap();
        assert_eq!(fast.values(), plain.values(), "kernel {kernel:?}");
        assert_eq!(fast.stats(), plain.stats(), "kernel {kernel:?}");
        assert_eq!(fast.checkpoint(), plain.checkpoint());
    }
}
