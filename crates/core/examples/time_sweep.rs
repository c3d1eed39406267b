//! Times one sweep: `cargo run --release --example time_sweep -- <heaps> [fast|portable|avx2|avx512|plain] [threads]`
//! (`fast`: the kernel this CPU would choose; threads 1 or 2, default 2).
use std::time::Instant;

use grundy_core::{FastSweep, GrundyKernel, SparseSweep};

fn main() {
    let mut args = std::env::args().skip(1);
    let heaps: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1 << 22);
    let which = args.next().unwrap_or_else(|| "fast".into());
    let threads: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(2);
    let t = Instant::now();
    let stats = if which == "plain" {
        let mut s = SparseSweep::new();
        s.run_to(heaps).unwrap();
        s.stats().clone()
    } else {
        let kernel = match which.as_str() {
            "portable" => GrundyKernel::Portable,
            "avx2" => GrundyKernel::Avx2,
            "avx512" => GrundyKernel::Avx512,
            _ => GrundyKernel::detect(),
        };
        let mut s = FastSweep::with_options(21, kernel);
        s.set_threads(threads);
        s.run_to(heaps).unwrap();
        s.stats().clone()
    };
    println!(
        "{which} {heaps}: {:.2} s, sparse {}, records {}, avg scan {:.2}, longest {:?}",
        t.elapsed().as_secs_f64(),
        stats.sparse_heaps.len(),
        stats.records.len(),
        stats.scan.average(),
        stats.scan.longest
    );
}
