//! FastSweep against the plain sweep and the definition: kernels, threads, window mode.
use super::*;
use crate::engine::grundy::sweep::SparseSweep;

/// Scans that go past the low bytes held go on with the 16-bit values, from the split
/// where they stopped, with the same missing values: the same values and statistics,
/// for both kernels that scan the low bytes first.
#[test]
fn scans_past_the_low_bytes_go_on_exactly() {
    let kernels: Vec<GrundyKernel> = GrundyKernel::available()
        .into_iter()
        .filter(|k| matches!(k, GrundyKernel::Avx2 | GrundyKernel::Avx512))
        .collect();
    if kernels.is_empty() {
        eprintln!("not run: this CPU has neither AVX2 nor AVX-512, so no kernel scans low bytes");
        return;
    }
    let mut plain = SparseSweep::with_interval_log2(10);
    plain.run_to(120_000).unwrap();
    for kernel in kernels {
        for (front, threads) in [(600, 1), (2_000, 2), (97, 2), (5_000, 1)] {
            let mut fast = FastSweep::with_options(10, kernel);
            fast.low_front = front;
            fast.set_threads(threads);
            fast.run_to(120_000).unwrap();
            assert_eq!(fast.checkpoint(), plain.checkpoint(), "{kernel:?}, low bytes of {front} small parts");
        }
    }
}
