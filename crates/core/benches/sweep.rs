//! The three engines for Grundy's game side by side: the definition, the plain sparse-space
//! sweep and the fast sweep, on the same N, and how the two sweeps' cost grows when N
//! doubles. Run with `cargo bench -p grundy-core --bench sweep`; whole runs are recorded in
//! `runs/bench/` by `cargo xtask bench`. Each benchmark checks its own answer against OEIS
//! A036685: for every N here the heaps with G = 0 are its 42 terms, the last 1222.

use grundy_core::engine::grundy::naive;
use grundy_core::{FastSweep, SparseSweep, Value};

fn main() {
    divan::main();
}

/// The answer every benchmark must give: the 42 zeros of A036685, the last at heap 1222.
fn check(values: &[Value]) {
    let zeros: Vec<usize> = (0..values.len()).filter(|&n| values[n] == 0).collect();
    assert_eq!((zeros.len(), zeros.last()), (42, Some(&1222)), "the heaps with G = 0 are A036685's");
}

/// The engines on the same N (the definition is quadratic: only up to 4 * 10^5).
mod engines {
    use super::*;

    #[divan::bench(args = [10_000, 100_000, 400_000], sample_count = 1, sample_size = 1)]
    fn naive_definition(n: usize) {
        check(&naive::grundy_values(divan::black_box(n) - 1));
    }

    #[divan::bench(args = [10_000, 100_000, 400_000], sample_count = 3, sample_size = 1)]
    fn sparse_sweep(n: u64) {
        let mut sweep = SparseSweep::new();
        sweep.run_to(divan::black_box(n)).unwrap();
        check(sweep.values());
    }

    #[divan::bench(args = [10_000, 100_000, 400_000], sample_count = 3, sample_size = 1)]
    fn fast_sweep(n: u64) {
        let mut sweep = FastSweep::new();
        sweep.run_to(divan::black_box(n)).unwrap();
        check(sweep.values());
    }
}

/// The two sweeps as N doubles.
mod doubling {
    use super::*;

    #[divan::bench(args = [1 << 20, 1 << 21, 1 << 22], sample_count = 3, sample_size = 1)]
    fn sparse_sweep(n: u64) {
        let mut sweep = SparseSweep::new();
        sweep.run_to(divan::black_box(n)).unwrap();
        check(sweep.values());
    }

    #[divan::bench(args = [1 << 20, 1 << 21, 1 << 22], sample_count = 3, sample_size = 1)]
    fn fast_sweep(n: u64) {
        let mut sweep = FastSweep::new();
        sweep.run_to(divan::black_box(n)).unwrap();
        check(sweep.values());
    }
}
