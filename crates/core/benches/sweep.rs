//! The definition against the sparse-space sweep, and how the sweep's cost grows when N
//! doubles. Run with `cargo bench -p grundy-core --bench sweep`; results are recorded in
//! `runs/bench/`. Each benchmark checks its own answer: the heaps with G = 0 are the 42 of
//! OEIS A036685 (last 1222) for every N here.

use grundy_core::grundy::naive;
use grundy_core::SparseSweep;

fn main() {
    divan::main();
}

fn zeros(values: &[u16]) -> usize {
    values.iter().filter(|&&v| v == 0).count()
}

#[divan::bench(args = [10_000, 100_000, 400_000], sample_count = 1, sample_size = 1)]
fn naive_definition(n: usize) {
    let g = naive::grundy_values(divan::black_box(n) - 1);
    assert_eq!(zeros(&g), 42);
}

#[divan::bench(args = [10_000, 100_000, 400_000], sample_count = 3, sample_size = 1)]
fn sparse_sweep(n: u64) {
    let mut sweep = SparseSweep::new();
    sweep.run_to(divan::black_box(n)).unwrap();
    assert_eq!(zeros(sweep.values()), 42);
}

#[divan::bench(args = [1 << 20, 1 << 21, 1 << 22], sample_count = 3, sample_size = 1)]
fn sparse_sweep_doubling(n: u64) {
    let mut sweep = SparseSweep::new();
    sweep.run_to(divan::black_box(n)).unwrap();
    assert_eq!(zeros(sweep.values()), 42);
}
