//! Times one sweep: `cargo run --release --example time_sweep -- <heaps> [fast|portable|plain]`.
use std::time::Instant;

use grundy_core::{FastSweep, Kernel, SparseSweep};

fn main() {
    let mut args = std::env::args().skip(1);
    let heaps: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(1 << 22);
    let which = args.next().unwrap_or_else(|| "fast".into());
    let t = Instant::now();
    let stats = match which.as_str() {
        "plain" => {
            let mut s = SparseSweep::new();
            s.run_to(heaps).unwrap();
            s.stats().clone()
        }
        "portable" => {
            let mut s = FastSweep::with_options(21, Kernel::Portable);
            s.run_to(heaps).unwrap();
            s.stats().clone()
        }
        "fast1" => {
            let mut s = FastSweep::new();
            s.set_threads(1);
            s.run_to(heaps).unwrap();
            s.stats().clone()
        }
        _ => {
            let mut s = FastSweep::new();
            s.run_to(heaps).unwrap();
            s.stats().clone()
        }
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
