//! Times the octal sparse sweep with its automatic mask:
//! `cargo run --release --example time_octal -- .014 1048576` (accepts 2^20).
use std::time::Instant;

use grundy_core::games::octal_sweep::OctalSweep;
use grundy_core::games::TakeAndBreak;

fn main() {
    let mut args = std::env::args().skip(1);
    let code = args.next().unwrap_or_else(|| "0.014".into());
    let n = args.next().and_then(|s| grundy_core::count::parse_count(&s).ok()).unwrap_or(1 << 16) as usize;
    let game = TakeAndBreak::parse(&code).expect("an octal code");
    let t = Instant::now();
    let mut s = OctalSweep::auto(&game, n).expect("an octal game");
    s.run_to(n).expect("values fit in 32 bits");
    println!(
        "{code} to {n}: mask {:x}, {} sparse heaps, {:.2} s",
        s.mask(),
        s.sparse_heaps().len(),
        t.elapsed().as_secs_f64()
    );
}
