//! The octal sweep's kernels against the definition (`games::sequence::values`, mex over
//! every move) and against each other: every kernel this CPU runs, any octal code of one
//! to four digits, any mask, runs cut into pieces, and the mask changed mid-run.

use grundy_core::engine::definition::values;
use grundy_core::engine::octal::{best_mask, OctalKernel, OctalSweep, OctalSweepError};
use grundy_core::game::{Game, TakeAndBreak};
use proptest::prelude::*;

/// Every kernel, each with whether this CPU runs it.
const KERNELS: [OctalKernel; 5] =
    [OctalKernel::Scalar, OctalKernel::Portable, OctalKernel::Avx2, OctalKernel::Avx512, OctalKernel::Dense];

fn definition(game: &TakeAndBreak, end: usize) -> Vec<u32> {
    values(&Game::new(game.clone()), end).unwrap()
}

fn sweep(game: &TakeAndBreak, mask: u32, kernel: OctalKernel, cuts: &[usize]) -> OctalSweep {
    let mut s = OctalSweep::new(game, mask).unwrap();
    s.set_kernel(kernel).unwrap();
    for &cut in cuts {
        s.run_to(cut).unwrap();
    }
    s
}

/// The parity of the stones every split of `code` takes, if they all have the same one.
fn take_parity(game: &TakeAndBreak) -> Option<usize> {
    let takes: Vec<usize> = game.digits().iter().enumerate().filter(|(_, &d)| d & 4 != 0).map(|(k, _)| k).collect();
    let k = *takes.first()?;
    takes.iter().all(|&j| j % 2 == k % 2).then_some(k % 2)
}

/// The sparse heaps under the heap-parity rule: popcount(G(n) & mask) + n + k even.
fn sparse_heaps_with_parity(g: &[u32], mask: u32, k: usize) -> Vec<(usize, u32)> {
    let even = |n: usize, v: u32| (v & mask).count_ones() as usize + n + k;
    g.iter().enumerate().filter(|&(n, &v)| even(n, v).is_multiple_of(2)).map(|(n, &v)| (n, v)).collect()
}

/// The sparse heaps under `mask`, counted from the values directly.
fn sparse_heaps(g: &[u32], mask: u32) -> Vec<(usize, u32)> {
    g.iter().enumerate().filter(|&(_, &v)| (v & mask).count_ones().is_multiple_of(2)).map(|(n, &v)| (n, v)).collect()
}

#[test]
fn every_kernel_equals_the_definition() {
    let mut ran = 0;
    for code in [
        ".6", ".14", ".04", ".06", ".106", ".007", ".11377", ".177", ".45", "0.014", "0.034", "0.161", ".77", ".137",
        "4.07", ".356", ".4", "4.4", ".64", ".774",
    ] {
        let game = TakeAndBreak::parse(code).unwrap();
        let expected = definition(&game, 3000);
        let auto = OctalSweep::auto(&game, 3000).unwrap().mask();
        for kernel in KERNELS.into_iter().filter(|k| k.is_available()) {
            for mask in [auto, 1, 0x7fff, 0x1ee] {
                let s = sweep(&game, mask, kernel, &[1000, 3000]);
                assert_eq!(s.to_vec(), &expected[..], "{code} with mask {mask:x}, {kernel:?}");
                assert_eq!(s.sparse_heaps(), &sparse_heaps(&expected, mask)[..], "{code} {mask:x} {kernel:?}");
                ran += 1;
            }
        }
    }
    assert!(ran >= 20 * 4 * 3, "at least the scalar, the portable and the dense kernel ran");
}

/// Codes whose rule leaves many heaps sparse turn to the dense kernel by themselves, and
/// keep the scalar kernel's values and sparse heaps; one that leaves few does not.
#[test]
fn many_sparse_heaps_turn_to_the_dense_kernel() {
    for (code, dense) in [(".06", true), ("4.026", true), (".414", true), (".6", false)] {
        let game = TakeAndBreak::parse(code).unwrap();
        let end = 40_000;
        let s = OctalSweep::auto(&game, end).unwrap();
        let mut reference = OctalSweep::new(&game, s.mask()).unwrap();
        reference.set_kernel(OctalKernel::Scalar).unwrap();
        if s.heap_parity() {
            reference.set_mask_with_heap_parity(s.mask()).unwrap();
        }
        let mut s = s;
        s.run_to(end).unwrap();
        reference.run_to(end).unwrap();
        assert_eq!(s.is_dense(), dense, "{code}");
        assert_eq!(s.to_vec(), reference.to_vec(), "{code}");
        assert_eq!(s.sparse_heaps(), reference.sparse_heaps(), "{code}");
    }
}

/// Longer runs, where the block kernel's far marks, both stage-2 phases and the helper
/// thread (runs of 2^15 heaps and more) all matter: the fast kernels on one and two
/// threads against the scalar kernel (itself checked against the definition above).
#[test]
fn fast_kernels_equal_the_scalar_kernel() {
    // .0177 and .77: small values, one heap in 32 or 12 with a sparse value, whose stage 2
    // scans every split (the lookups, past the marked first ones).
    for (code, end) in [
        (".6", 80_000),
        (".007", 40_000),
        (".106", 40_000),
        (".14", 40_000),
        ("0.034", 40_000),
        (".0177", 40_000),
        (".77", 20_000),
    ] {
        let game = TakeAndBreak::parse(code).unwrap();
        let mut reference = OctalSweep::auto(&game, end).unwrap();
        let mask = reference.mask();
        reference.set_kernel(OctalKernel::Scalar).unwrap();
        reference.run_to(end).unwrap();
        for kernel in
            [OctalKernel::Portable, OctalKernel::Avx2, OctalKernel::Avx512].into_iter().filter(|k| k.is_available())
        {
            for threads in [1, 2] {
                let mut s = OctalSweep::new(&game, mask).unwrap();
                if reference.heap_parity() {
                    s.set_mask_with_heap_parity(mask).unwrap();
                }
                s.set_kernel(kernel).unwrap();
                s.set_threads(threads);
                s.run_to(end / 8).unwrap();
                s.run_to(end).unwrap();
                assert_eq!(s.to_vec(), reference.to_vec(), "{code} {kernel:?} {threads} threads");
                assert_eq!(s.sparse_heaps(), reference.sparse_heaps(), "{code} {kernel:?} {threads} threads");
            }
        }
    }
}

/// The heap-parity rule: exact under any mask for codes whose splits take stones of one
/// parity, refused for the others, and what the automatic choice takes for .106 (whose
/// values follow the heaps' parity: half of its heaps are sparse under every plain mask).
#[test]
fn heap_parity_rule() {
    for code in [".106", ".6", ".007", ".04", "4.4", ".356"] {
        let game = TakeAndBreak::parse(code).unwrap();
        let expected = definition(&game, 3000);
        for kernel in KERNELS.into_iter().filter(|k| k.is_available()) {
            let mut s = OctalSweep::new(&game, 1).unwrap();
            s.set_kernel(kernel).unwrap();
            s.run_to(500).unwrap();
            match take_parity(&game) {
                Some(k) => {
                    s.set_mask_with_heap_parity(0xd).unwrap();
                    assert!(s.heap_parity());
                    s.run_to(3000).unwrap();
                    assert_eq!(s.to_vec(), &expected[..], "{code} {kernel:?}");
                    assert_eq!(s.sparse_heaps(), &sparse_heaps_with_parity(&expected, 0xd, k)[..], "{code} {kernel:?}");
                }
                None => assert_eq!(s.set_mask_with_heap_parity(0xd), Err(OctalSweepError::MixedTakeParity), "{code}"),
            }
        }
    }
    let game = TakeAndBreak::parse(".106").unwrap();
    let mut s = OctalSweep::auto(&game, 1 << 15).unwrap();
    s.run_to(1 << 15).unwrap();
    assert!(s.heap_parity(), ".106 takes the heap-parity rule");
    assert!(s.sparse_heaps().len() < 100, "{} sparse heaps", s.sparse_heaps().len());
    assert_eq!(s.to_vec(), &definition(&game, 1 << 15)[..]);
}

#[test]
fn kernels_are_chosen_and_refused() {
    let game = TakeAndBreak::parse(".6").unwrap();
    let mut s = OctalSweep::new(&game, 1).unwrap();
    assert_eq!(s.kernel(), OctalKernel::best());
    assert!(
        OctalKernel::best().is_available()
            && OctalKernel::Scalar.is_available()
            && OctalKernel::Portable.is_available()
    );
    for kernel in [OctalKernel::Avx2, OctalKernel::Avx512] {
        let chosen = s.set_kernel(kernel);
        if kernel.is_available() {
            assert_eq!((chosen, s.kernel()), (Ok(()), kernel));
        } else {
            assert_eq!(chosen, Err(OctalSweepError::KernelUnavailable { kernel }));
        }
    }
}

/// An octal code of one to four digits after the point, the last nonzero, with or without
/// a leading digit 4 (split without taking).
fn octal_code() -> impl Strategy<Value = String> {
    (proptest::bool::weighted(0.2), proptest::collection::vec(0u8..8, 0..3), 1u8..8).prop_map(
        |(split, digits, last)| {
            let mut code = if split { "4.".to_string() } else { ".".to_string() };
            for d in digits.into_iter().chain([last]) {
                code.push((b'0' + d) as char);
            }
            code
        },
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// Any octal code, mask and cutting of the run, and a mask changed mid-run: every kernel
    /// gives the definition's values and the sparse heaps of the final mask.
    #[test]
    fn any_code_any_mask(
        code in octal_code(),
        mask in 1u32..0x400,
        second in 1u32..0x400,
        end in 1usize..5000,
        cut in 0usize..5000,
    ) {
        let game = TakeAndBreak::parse(&code).unwrap();
        let expected = definition(&game, end);
        for kernel in KERNELS.into_iter().filter(|k| k.is_available()) {
            let mut s = sweep(&game, mask, kernel, &[cut.min(end)]);
            s.set_mask(second).unwrap();
            s.run_to(end).unwrap();
            prop_assert_eq!(s.to_vec(), &expected[..], "{} mask {:x} then {:x}, {:?}", code, mask, second, kernel);
            prop_assert_eq!(s.sparse_heaps(), &sparse_heaps(&expected, second)[..]);
            // The heap-parity rule from the cut on, where the code allows it.
            if let Some(k) = take_parity(&game) {
                let mut s = sweep(&game, mask, kernel, &[cut.min(end)]);
                s.set_mask_with_heap_parity(second).unwrap();
                s.run_to(end).unwrap();
                prop_assert_eq!(s.to_vec(), &expected[..], "{} parity rule {:x}, {:?}", code, second, kernel);
                prop_assert_eq!(s.sparse_heaps(), &sparse_heaps_with_parity(&expected, second, k)[..]);
            }
        }
        // The automatic mask is one the transform calls best on some heaps: never 0.
        prop_assert_ne!(best_mask(&expected, end / 2, 1), 0);
    }
}
