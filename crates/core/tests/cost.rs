//! The cost models against the clock: games whose engines grow differently (linear,
//! n^1.5, quadratic, cubic, Grundy's sweep, the octal sweep sparse and dense, the misère
//! quotient), each at two sizes, and every estimate within 2x of the time measured. Timing is only meaningful in a release build on a quiet
//! machine, so the test is ignored by default and `cargo xtask ci` runs it in release:
//! `cargo test --release -p grundy-core --test cost -- --ignored`.
//!
//! A run measured slower than twice its estimate is timed again, up to three times in all,
//! and the fastest kept: the same single-threaded `.8` to 800 took 0.10 s and 0.18 s in
//! back-to-back runs of one binary here (a neighbour on the host), and CI failed on that.
//! Slowness that is the model's own shows in every try; a measurement can only be too fast
//! if the model is wrong, so an estimate above twice the clock is never retried.

use std::time::Instant;

use grundy_core::engine::{Engine, EngineChoice};
use grundy_core::game::Game;

#[test]
#[ignore = "timing: run in release on a quiet machine (cargo xtask ci does)"]
fn estimates_within_twice_the_measured_time() {
    let cases: [(&str, EngineChoice, [u64; 2]); 12] = [
        ("nim", EngineChoice::Auto, [1 << 25, 1 << 26]),
        ("take-at-most-half", EngineChoice::Auto, [1 << 25, 1 << 26]),
        ("squares", EngineChoice::Definition, [1 << 17, 1 << 18]),
        (".137", EngineChoice::Definition, [1 << 13, 1 << 14]),
        (".8", EngineChoice::Definition, [400, 800]),
        ("grundy", EngineChoice::Auto, [1 << 21, 1 << 22]),
        // Issue 35: the octal sweep's dense kernel (n^2), estimated 40-90x low before, and
        // a sparse code beside them, which stays linear. At the sizes a refusal is about:
        // below 2^17 the heaps' own work still shows.
        (".04", EngineChoice::Auto, [1 << 17, 1 << 18]),
        (".06", EngineChoice::Auto, [1 << 17, 1 << 18]),
        (".76", EngineChoice::Auto, [1 << 17, 1 << 18]),
        (".007", EngineChoice::Auto, [1 << 17, 1 << 18]),
        (".6", EngineChoice::Auto, [1 << 20, 1 << 21]),
        // The definition on a hexadecimal code with three-heap splits (n^3).
        (".f", EngineChoice::Auto, [1500, 3000]),
    ];
    let mut report = Vec::new();
    let mut bad = Vec::new();
    for (name, choice, sizes) in cases {
        let engine = Engine::choose(&Game::parse(name).unwrap(), choice).unwrap();
        for n in sizes {
            let estimate = engine.cost(n).seconds;
            let measured = fastest_within(estimate, || {
                let values = engine.values(n as usize, &mut |_| {}).unwrap();
                assert_eq!(values.len() as u64, n);
            });
            let ratio = estimate / measured;
            report.push(format!(
                "{name} ({}) G(0..{n}): estimate {estimate:.3} s, measured {measured:.3} s, ratio {ratio:.2}",
                engine.kind().name()
            ));
            if !(0.5..=2.0).contains(&ratio) {
                bad.push(report.last().unwrap().clone());
            }
        }
    }
    // Issue 35: the misère quotient's model, on Dawson's Kayles, whose quotient grows.
    for (name, bounds) in [(".07", [30u64, 33])] {
        let game = Game::parse(name).unwrap();
        for n in bounds {
            let estimate = grundy_core::engine::cost::misere_quotient_cost(&game, n).seconds;
            let measured = fastest_within(estimate, || {
                let never = grundy_core::control::Cancel::never();
                let q = Engine::misere_quotient(&game, n, false, &mut |_| {}, &never).unwrap();
                assert_eq!(q.bound(), n);
            });
            let ratio = estimate / measured;
            report.push(format!(
                "{name} (misère quotient) heaps 0..={n}: estimate {estimate:.3} s, measured {measured:.3} s, ratio {ratio:.2}"
            ));
            if !(0.5..=2.0).contains(&ratio) {
                bad.push(report.last().unwrap().clone());
            }
        }
    }
    println!("{}", report.join("\n"));
    assert!(bad.is_empty(), "estimates off by more than 2x:\n{}", bad.join("\n"));
}

/// Seconds `run` takes, timed again while slower than twice `estimate` (three tries at
/// most), the fastest kept.
fn fastest_within(estimate: f64, mut run: impl FnMut()) -> f64 {
    let mut fastest = f64::INFINITY;
    for _ in 0..3 {
        let started = Instant::now();
        run();
        fastest = fastest.min(started.elapsed().as_secs_f64());
        if estimate / fastest >= 0.5 {
            break;
        }
    }
    fastest
}

/// Issue 35, item 12: codes whose sweep turns to the dense kernel are costed as it works, a
/// stamp for each of the n^2 / 4 splits of a kind: .06 to 2^18 was estimated at 0.4 s and
/// took 30 (with AVX-512 at least 0.09 ns a split on the machines here), while .6, whose sparse
/// space stays small, stays linear. Past 2^17 heaps the comparing kernels' time a split grows
/// as the values leave the cache (the model: as the fourth root of the heaps with AVX-512,
/// the square root with AVX2), so a doubling costs 4x to 4 * sqrt(2) = 5.66x. Not timed: the model's shape, checked in every build.
#[test]
fn dense_codes_are_costed_quadratically() {
    let cost = |code: &str, n: u64| {
        let engine = Engine::choose(&Game::parse(code).unwrap(), EngineChoice::Auto).unwrap();
        engine.cost(n).seconds
    };
    for code in [".04", ".06", ".007"] {
        let (a, b) = (cost(code, 1 << 18), cost(code, 1 << 19));
        assert!(a > (1u64 << 34) as f64 * 0.09e-9, "{code}: {a} s");
        assert!((3.8..5.9).contains(&(b / a)), "{code}: {a} s then {b} s");
    }
    assert!(cost(".76", 1 << 18) > 1.8 * cost(".06", 1 << 18), "two kinds of split cost more");
    let (a, b) = (cost(".6", 1 << 20), cost(".6", 1 << 21));
    assert!((b / a - 2.0).abs() < 0.1 && b < 10.0, ".6: {a} s then {b} s");
}
