//! Times the octal sparse sweep with its automatic mask:
//! `cargo run --release --example time_octal -- .014 1048576 [threads] [kernel]` (accepts
//! 2^20; threads 1 or 2, the default; kernel scalar, portable, avx2,
//! avx512 or dense, default the best).
use std::time::Instant;

use grundy_core::engine::octal::{OctalKernel, OctalSweep};
use grundy_core::game::TakeAndBreak;

/// Seconds since the first call: the clock the dense kernel chooses its threads by.
fn seconds() -> f64 {
    static START: std::sync::OnceLock<Instant> = std::sync::OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64()
}

fn main() {
    grundy_core::control::set_clock(seconds);
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.014".into());
    let n = args.next().and_then(|s| grundy_core::count::parse_count(&s).ok()).unwrap_or(1 << 16) as usize;
    let threads = args.next().and_then(|s| s.parse().ok()).unwrap_or(2);
    let kernel = match args.next().as_deref() {
        Some("scalar") => OctalKernel::Scalar,
        Some("portable") => OctalKernel::Portable,
        Some("avx2") => OctalKernel::Avx2,
        Some("avx512") => OctalKernel::Avx512,
        Some("dense") => OctalKernel::Dense,
        _ => OctalKernel::best(),
    };
    let game = TakeAndBreak::parse(&code).expect("an octal code");
    let t = Instant::now();
    let mut s = OctalSweep::auto(&game, n).expect("an octal game");
    s.set_threads(threads);
    s.set_kernel(kernel).expect("a kernel this CPU runs");
    s.run_to(n).expect("values fit in 32 bits");
    println!(
        "{code} to {n}: mask {:x}, {} sparse heaps, {:?} kernel{}, {} threads, {:.2} s",
        s.mask(),
        s.sparse_heaps().len(),
        s.kernel(),
        if s.is_dense() { " (dense at the end)" } else { "" },
        s.threads(),
        t.elapsed().as_secs_f64()
    );
}
