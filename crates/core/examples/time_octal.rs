//! Times the octal sparse sweep: `cargo run --release --example time_octal -- .014 1048576`.
use std::time::Instant;

use grundy_core::games::octal_sweep::OctalSweep;
use grundy_core::games::TakeAndBreak;

fn main() {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.014".into());
    let n: usize = args.next().and_then(|s| s.parse().ok()).unwrap_or(1 << 16);
    let game = TakeAndBreak::parse(&code).unwrap();
    let t = Instant::now();
    let mask = OctalSweep::find_mask_refined(&game, 1 << 16);
    let mut s = OctalSweep::new(&game, mask).unwrap();
    s.run_to(n).unwrap();
    println!("{code} to {n}: mask {mask:x}, {} rare heaps, {:.2} s", s.rare_heaps().len(), t.elapsed().as_secs_f64());
}
