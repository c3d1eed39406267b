//! Tests of the octal sweep against the definition, across kernels, rules and resumption.

use super::*;
use crate::engine::envelope::CheckpointError;
use crate::game::Game;

#[test]
fn equals_the_definition() {
    for code in [
        ".6", ".14", ".04", ".06", ".11377", ".177", ".45", "0.014", "0.034", "0.161", ".77", ".137", "4.07", ".356",
        ".4", "4.4",
    ] {
        let game = TakeAndBreak::parse(code).unwrap();
        let expected = crate::engine::definition::values(&Game::new(game.clone()), 3000).unwrap();
        let auto = OctalSweep::auto(&game, 3000).unwrap().mask();
        for kernel in [OctalKernel::Scalar, OctalKernel::Portable, OctalKernel::best()] {
            for mask in [auto, 1, 0x7fff] {
                let mut s = OctalSweep::new(&game, mask).unwrap();
                s.set_kernel(kernel).unwrap();
                s.run_to(3000).unwrap();
                assert_eq!(s.to_vec(), &expected[..], "{code} with mask {mask:x}, {kernel:?}");
            }
        }
        let mut s = OctalSweep::auto(&game, 20_000).unwrap();
        s.run_to(3000).unwrap();
        assert_eq!(&s.to_vec()[..3000], &expected[..], "{code} with the automatic mask");
    }
    assert!(matches!(OctalSweep::new(&TakeAndBreak::parse("4!.0").unwrap(), 1), Err(OctalSweepError::NotOctal { .. })));
    assert_eq!(OctalSweep::new(&TakeAndBreak::parse(".6").unwrap(), 0).err(), Some(OctalSweepError::ZeroMask));
}

/// A sweep resumed from its values and rule goes on to the same values, sparse heaps
/// and rule as one that never stopped (with each kernel, with the heap-parity rule).
#[test]
fn resumed_sweeps_equal_straight_ones() {
    for code in [".6", ".106", ".137", "0.1704"] {
        let game = TakeAndBreak::parse(code).unwrap();
        for kernel in [OctalKernel::Scalar, OctalKernel::best()] {
            let mut straight = OctalSweep::auto(&game, 5000).unwrap();
            straight.set_kernel(kernel).unwrap();
            straight.run_to(2000).unwrap();
            let (mask, parity) = (straight.mask(), straight.heap_parity());
            let mut resumed = OctalSweep::from_values(&game, straight.to_vec().to_vec(), mask, parity).unwrap();
            resumed.set_kernel(kernel).unwrap();
            straight.run_to(9000).unwrap();
            resumed.run_to(9000).unwrap();
            assert_eq!(resumed.to_vec(), straight.to_vec(), "{code} {kernel:?}");
            assert_eq!(resumed.sparse_heaps(), straight.sparse_heaps(), "{code} {kernel:?}");
            assert_eq!((resumed.mask(), resumed.heap_parity()), (mask, parity));
        }
    }
    let mixed = TakeAndBreak::parse(".66").unwrap();
    assert_eq!(OctalSweep::from_values(&mixed, vec![0, 0], 1, true).err(), Some(OctalSweepError::MixedTakeParity));
}

/// Once the values are too large for the block kernel the scalar loop goes on (no
/// finite octal code reaches such values within a test's reach, so the largest value is
/// set by hand here: only the choice of kernel depends on it).
#[test]
fn large_values_go_on_with_the_scalar_loop() {
    let game = TakeAndBreak::parse(".6").unwrap();
    let expected = crate::engine::definition::values(&Game::new(game.clone()), 3000).unwrap();
    for kernel in [OctalKernel::Portable, OctalKernel::best()] {
        let mut s = OctalSweep::new(&game, 0x1ee).unwrap();
        s.set_kernel(kernel).unwrap();
        s.run_to(1000).unwrap();
        s.max = 1 << 20;
        assert!(!block::applies(s.max));
        s.run_to(3000).unwrap();
        assert_eq!(s.to_vec(), &expected[..], "{kernel:?}");
    }
}

/// The store keeps two bytes a heap until a value needs more, then widens, keeping
/// every value.
#[test]
fn the_store_widens_when_a_value_needs_it() {
    let mut store = Store::Narrow(Vec::new());
    for v in [0, 3, 65535] {
        store.push(v);
    }
    assert!(matches!(store, Store::Narrow(_)));
    store.push(70_000);
    store.push(1);
    assert!(matches!(store, Store::Wide(_)));
    assert_eq!(store.to_wide(), vec![0, 3, 65535, 70_000, 1]);
    let game = TakeAndBreak::parse(".6").unwrap();
    let s = OctalSweep::from_values(&game, vec![0, 0, 1, 70_000], 1, false).unwrap();
    assert!(matches!(s.values(), Values::Wide(_)));
    assert_eq!(s.get(3), 70_000);
}

/// The transform against counting directly, mask by mask.
#[test]
fn best_mask_counts_like_brute_force() {
    let values: Vec<Wide> = (0..500u32).map(|i| (i * 7919 + i / 3) % 37).collect();
    let brute = (1..64u32).min_by_key(|&m| (values.iter().filter(|&&v| is_sparse(v, m)).count(), m)).unwrap();
    assert_eq!(best_mask(&values, 0, 0), brute);
    // Any mask gives exact values (checked above); here only that it is never 0.
    assert_ne!(best_mask(&[0, 0, 0], 0, 0), 0);
}

/// The census's checksum of a run of values.
fn fnv(values: &[Wide]) -> u64 {
    let mut f = crate::checksum::Fnv::default();
    values.iter().for_each(|&v| f.push(u64::from(v)));
    f.value()
}

/// The values a windowed sweep holds, with their heaps.
fn held(s: &OctalSweep) -> Vec<(usize, Wide)> {
    let w = s.window().expect("window mode");
    let first = (0..w.min(s.len())).map(|n| (n, s.get(n)));
    let latest = (w + s.shift()..s.len()).map(|n| (n, s.get(n)));
    first.chain(latest).collect()
}

/// Window mode gives the values, sparse heaps, largest value and checksum of the run that
/// holds every value, with each kernel and thread count; the window moves several times.
#[test]
fn window_runs_equal_full_runs() {
    const N: usize = 120_000;
    for code in [".1777", ".356", ".161", ".16", ".6"] {
        let game = TakeAndBreak::parse(code).unwrap();
        let mut full = OctalSweep::auto(&game, N).unwrap();
        full.run_to(N).unwrap();
        let all = full.to_vec();
        for kernel in [OctalKernel::Scalar, OctalKernel::best()] {
            for threads in [1, 2] {
                let mut s = OctalSweep::auto(&game, N).unwrap();
                s.set_kernel(kernel).unwrap();
                s.set_threads(threads);
                s.set_window(0).unwrap();
                assert_eq!(s.window(), Some(MIN_WINDOW));
                if code == ".6" {
                    // .6 scans past 2^15 at heap 95,652: without the archive the sweep stops.
                    let mut strict = OctalSweep::auto(&game, N).unwrap();
                    strict.set_window(0).unwrap();
                    let err = strict.run_to(N).unwrap_err().to_string();
                    assert!(err.contains("heap 95652") && err.contains("scanned past"), "{err}");
                    s.set_archive();
                }
                s.run_to(N).unwrap();
                assert_eq!(s.deep_scans() > 0, code == ".6", "{code}");
                assert!(s.shift() > N / 4, "{code}: the window moved");
                assert_eq!(s.tally(), full.tally(), "{code} {kernel:?} {threads}");
                assert_eq!(s.sparse_heaps(), full.sparse_heaps(), "{code} {kernel:?} {threads}");
                for (n, v) in held(&s) {
                    assert_eq!(v, all[n], "{code} G({n}) {kernel:?} {threads}");
                }
            }
        }
    }
}

/// With windows too small for the game the sweep stops, naming the heap and why (a sparse
/// heap past the window, or a scan that would go past it), and every value it holds up to
/// then is right; no window gives a wrong value.
#[test]
fn windows_too_small_stop_the_sweep() {
    let mut why = std::collections::BTreeSet::new();
    for code in [".6", ".1777", ".356", ".14", ".007", "0.1704", ".77"] {
        let game = TakeAndBreak::parse(code).unwrap();
        let expected = crate::engine::definition::values(&Game::new(game.clone()), 6000).unwrap();
        for window in [32, 100, 400, 1500] {
            for kernel in [OctalKernel::Scalar, OctalKernel::best()] {
                let mut s = OctalSweep::new(&game, best_mask(&expected, 3000, 0)).unwrap();
                s.set_kernel(kernel).unwrap();
                // Below the least window, to reach the limits at sizes the definition checks.
                s.window = Some(window);
                match s.run_to(6000) {
                    Ok(()) => assert_eq!(s.tally().checksum, fnv(&expected), "{code} with a window of {window}"),
                    Err(OctalSweepError::WindowTooSmall { heap, why: w, .. }) => {
                        assert!(heap < 6000 && heap as usize >= window.min(heap as usize), "{code} {heap}");
                        why.insert(w);
                    }
                    Err(e) => panic!("{code}: {e}"),
                }
                for (n, v) in held(&s) {
                    assert_eq!(v, expected[n], "{code} G({n}) with a window of {window}, {kernel:?}");
                }
            }
        }
    }
    assert_eq!(why.len(), 2, "both reasons seen: {why:?}");
}

/// A checkpoint resumes to the state of a run that never stopped, in window mode and with
/// every value held; a corrupt, cut, foreign or edited one is refused with the reason.
#[test]
fn checkpoints_resume_and_refuse_bad_bytes() {
    use crate::engine::envelope::{open, seal};
    let game = TakeAndBreak::parse(".6").unwrap();
    for window in [Some(MIN_WINDOW), None] {
        let mut straight = OctalSweep::auto(&game, 1 << 18).unwrap();
        if let Some(w) = window {
            straight.set_window(w).unwrap();
            straight.set_archive();
        }
        straight.run_to(150_001).unwrap();
        let bytes = straight.checkpoint();
        let mut resumed = OctalSweep::restore(&game, &bytes).unwrap();
        assert_eq!(resumed.checkpoint(), bytes, "restored as written");
        straight.run_to(1 << 18).unwrap();
        resumed.run_to(1 << 18).unwrap();
        assert_eq!(resumed.tally(), straight.tally());
        assert_eq!(resumed.checkpoint(), straight.checkpoint(), "{window:?}");

        let mut flipped = bytes.clone();
        flipped[bytes.len() / 2] ^= 4;
        assert!(matches!(OctalSweep::restore(&game, &flipped), Err(CheckpointError::ChecksumMismatch { .. })));
        let cut = OctalSweep::restore(&game, &bytes[..bytes.len() - 3]);
        assert!(matches!(cut, Err(CheckpointError::Truncated { .. })));
        let other = OctalSweep::restore(&TakeAndBreak::parse(".16").unwrap(), &bytes).err().unwrap();
        assert!(other.to_string().contains("octal sweep of .6"), "{other}");
        // Edited and sealed again: a value held changed, so the checksum or the sparse
        // heaps no longer agree.
        let (_, payload) = open(&bytes, b"GRUNDYOC", 1..=1).unwrap();
        let mut edited = payload.to_vec();
        let last = edited.len() - 1;
        // A value's low byte; bit 1 is under the mask (1ee), so the heap changes class.
        assert_eq!(straight.mask() & 2, 2);
        let at = if window.is_some() { 8 * 1000 } else { last - 10 };
        edited[last - at] ^= 2;
        let err = OctalSweep::restore(&game, &seal(b"GRUNDYOC", 1, &edited)).err().unwrap();
        assert!(matches!(err, CheckpointError::Inconsistent(_)), "{err}");
    }
}

/// The dense kernel on two threads (a heap each, past `PAIR_FROM`) gives the values of the
/// definition and of one thread, for codes that split without taking (4.07: the split
/// 1 + (m - 1) waits for the other thread) and that take one and leave a heap (.6).
#[test]
fn the_dense_pair_equals_the_definition() {
    const N: usize = 12_000;
    for code in ["4.07", ".6", ".06", ".414", "4.026", "0.1704", ".36"] {
        let game = TakeAndBreak::parse(code).unwrap();
        let expected = crate::engine::definition::values(&Game::new(game.clone()), N).unwrap();
        let mut one = OctalSweep::new(&game, 1).unwrap();
        one.set_kernel(OctalKernel::Dense).unwrap();
        one.set_threads(1);
        one.run_to(3 * N).unwrap();
        let mut two = OctalSweep::new(&game, 1).unwrap();
        two.set_kernel(OctalKernel::Dense).unwrap();
        two.run_to(3 * N).unwrap();
        assert_eq!(&two.to_vec()[..N], &expected[..], "{code}");
        assert_eq!(two.to_vec(), one.to_vec(), "{code}");
        assert_eq!(two.sparse_heaps(), one.sparse_heaps(), "{code}");
    }
}

/// The candidates' scans (AVX2, and AVX-512 where the CPU has it) against brute force:
/// values spread so that several passes are needed (up to 2^13 distinct values, four
/// windows of the AVX-512 scan, few marked), windows whose every candidate is struck,
/// one to three values asked for, split ranges that end inside a step, two or three ranges
/// at once, and twins (rests one apart, passed together).
#[cfg(target_arch = "x86_64")]
#[test]
fn the_candidates_scans_equal_brute_force() {
    use super::candidates::{smallest_missing, smallest_missing_avx2, Segment};
    assert!(crate::cpu::has_avx2(), "the machines this crate is tested on have AVX2");
    let avx512 = crate::cpu::has_avx512();
    let mut random = crate::random::SplitMix64::new(0x2545_f491_4f6c_dd1du64);
    let mut next = |m: u64| random.next_u64() % m;
    for round in 0..300 {
        let bits = 1 + next(13) as u32;
        let len = 40 + next(3000) as usize;
        let g: Vec<u16> = (0..len).map(|_| next(1 << bits) as u16).collect();
        let bound = 1usize << bits;
        let mut segments = Vec::new();
        let mut seen = vec![false; bound + 1];
        for _ in 0..1 + next(2) {
            let rest = 2 + next(len as u64 - 2) as usize;
            let from = 1 + next((rest / 2) as u64) as usize;
            let to = from + next((rest / 2 + 1 - from) as u64) as usize;
            segments.push(Segment { rest, from, to });
        }
        // In every third round a range and its twin (the next split take: the rest one
        // less, the same first parts, passed together by the AVX-512 scan), and in every
        // ninth a third (a twin of the twin, which is not paired again).
        if round % 3 == 0 && segments[0].rest >= 3 && segments[0].from <= (segments[0].rest - 1) / 2 {
            let s = segments[0];
            let to = (s.rest - 1) / 2 - next(((s.rest - 1) / 2 + 1 - s.from).min(40) as u64) as usize;
            segments.insert(1, Segment { rest: s.rest - 1, from: s.from, to });
            if round % 9 == 0 && s.from <= (s.rest - 2) / 2 {
                segments.insert(2, Segment { rest: s.rest - 2, from: s.from, to: (s.rest - 2) / 2 });
            }
        }
        for s in &segments {
            for a in s.from..=s.to {
                seen[usize::from(g[a] ^ g[s.rest - a])] = true;
            }
        }
        let mut stamps = vec![0u32; bound + 1];
        // Some values marked, as a prefix would; in every other round every value below a
        // threshold that no split gives, so that the splits strike every candidate of a
        // window there (the window scan then takes another).
        for _ in 0..next(bound as u64) {
            stamps[next(bound as u64) as usize] = 7;
        }
        if round % 2 == 0 {
            let threshold = next(bound as u64) as usize;
            for v in (0..threshold).filter(|&v| !seen[v]) {
                stamps[v] = 7;
            }
        }
        for need in 1..=3 {
            let expected: Vec<u16> =
                (0..=bound).filter(|&v| stamps[v] != 7 && !seen[v]).take(need).map(|v| v as u16).collect();
            // SAFETY: the CPU has AVX2 (asserted above).
            let m = unsafe { smallest_missing_avx2(&g, &segments, &stamps, 7, bound, need) };
            assert_eq!(&m.values[..m.len], &expected[..], "AVX2, round {round}, need {need}");
            if avx512 {
                // SAFETY: the CPU has AVX-512 F and BW (asked above).
                let m = unsafe { smallest_missing(&g, &segments, &stamps, 7, bound, need) };
                assert_eq!(&m.values[..m.len], &expected[..], "AVX-512, round {round}, need {need}");
            }
        }
    }
}

/// Stage 2's vector scans (AVX2, and AVX-512 where the CPU has it) against brute force:
/// random values below 512, one or two split takes, a reach, one to twenty missing values,
/// marking for a while or looking up at once; the values left must be exactly those no
/// split gives.
#[cfg(target_arch = "x86_64")]
#[test]
fn stage_2_scans_equal_brute_force() {
    assert!(crate::cpu::has_avx2(), "the x86-64 machines this is tested on have AVX2");
    let mut random = crate::random::SplitMix64::new(0x9e37_79b9_7f4a_7c15u64);
    let mut next = |m: u64| random.next_u64() % m;
    for round in 0..2000 {
        let bits = 1 + next(9) as u32;
        let len = 4 + next(1500) as usize;
        let g: Vec<u16> = (0..len).map(|_| next(1 << bits) as u16).collect();
        let n = 2 + next(len as u64 - 2) as usize;
        let takes: Vec<usize> = if next(2) == 0 { vec![0] } else { vec![next(3) as usize, 1 + next(3) as usize] };
        let reach = if next(4) == 0 { 1 + next(n as u64) as usize } else { usize::MAX };
        let mut targets: Vec<u16> = (0..1 + next(20)).map(|_| next(1 << bits) as u16).collect();
        targets.sort_unstable();
        targets.dedup();
        let mut seen = [false; 512];
        for &k in takes.iter().filter(|&&k| k + 2 <= n) {
            for a in 1..=((n - k) / 2).min(reach) {
                seen[usize::from(g[a] ^ g[n - k - a])] = true;
            }
        }
        let expected: Vec<u16> = targets.iter().copied().filter(|&t| !seen[usize::from(t)]).collect();
        let few = next(10) as usize;
        let mut left = targets.clone();
        let mut marks = vec![0u8; 512];
        // SAFETY: the CPU has AVX2, BMI1/2 and POPCNT (asserted above).
        unsafe { super::avx2::scan_splits(&g, n, &takes, reach, few, &mut left, &mut marks) };
        assert_eq!(left, expected, "AVX2, round {round}");
        if crate::cpu::has_avx512() {
            let mut left = targets.clone();
            let mut marks = vec![0u8; 512];
            // SAFETY: the CPU has AVX-512 F and BW besides AVX2 (asked just above).
            unsafe { super::avx512::scan_splits(&g, n, &takes, reach, few, &mut left, &mut marks) };
            assert_eq!(left, expected, "AVX-512, round {round}");
        }
    }
}

/// The dense kernel's choice of threads follows the measured rates: each way is tried
/// once, the faster runs, the slower is retried ever more rarely while it loses (at most
/// one step in 64), and a change of costs is followed within a retry.
#[test]
fn the_dense_thread_choice_follows_the_clock() {
    use super::dense::ThreadChoice;
    let mut choice = ThreadChoice::default();
    // Splits a second each way: the pair at twice one thread's.
    let run = |choice: &mut ThreadChoice, steps: usize, one: f64, two: f64| -> Vec<bool> {
        (0..steps)
            .map(|_| {
                let pair = choice.pair();
                choice.timed(pair, 1e6, 1e6 / if pair { two } else { one });
                pair
            })
            .collect()
    };
    let ways = run(&mut choice, 400, 1e9, 2e9);
    assert_eq!(&ways[..2], &[true, false], "each way tried once, the pair first");
    let singles: Vec<usize> = (2..400).filter(|&i| !ways[i]).collect();
    assert!(!singles.is_empty() && singles.len() <= 12, "one thread retried rarely: {singles:?}");
    let gaps: Vec<usize> = singles.windows(2).map(|w| w[1] - w[0]).collect();
    assert!(gaps.windows(2).all(|w| w[1] >= w[0]), "retries ever rarer: {gaps:?}");
    assert!(gaps.last().is_some_and(|&g| (60..=66).contains(&g)), "at most one step in 64: {gaps:?}");
    // The machine gets busy: the pair now runs at half one thread's rate.
    let ways = run(&mut choice, 200, 1e9, 0.5e9);
    let switched = ways.iter().position(|&pair| !pair).expect("one thread chosen");
    assert!(switched <= 66, "switched after {switched} steps");
    assert!(ways[switched..].iter().filter(|&&pair| pair).count() <= 200 / 64 + 1, "the pair retried rarely");
}
