//! How the sparse/common rule is chosen: Walsh-Hadamard transforms of the value counts
//! give, for every mask at once, how many heaps it would make sparse (as tczajka does);
//! the heap-parity rule is weighed the same way on the values with the heap's parity as an
//! extra low bit.

use super::Wide;

/// The heaps whose class is flipped under the heap-parity rule: with every split taking k
/// stones of parity κ, heap n is sparse when (popcount(G(n) & mask) + n + κ) is even. Why
/// it is sound: a split a + b = n - k has a + b + n + k even, so when both parts are of the
/// same class their XOR is sparse at n, as with the plain rule (the proof of the method
/// needs nothing else). Some games have no good mask without it: .106's values follow the
/// heap's parity, and half of its heaps are sparse under every plain mask, 15 under this
/// rule (ogsolve's RC2 method splits values by the heap's parity in the same way).
#[inline]
pub(super) fn flipped(n: usize, take_parity: usize) -> bool {
    (n ^ take_parity) & 1 == 1
}

/// The nonzero mask under which the fewest of `values[from..]` are sparse (ties: the fewest
/// of all `values`, then the smallest mask), allowing `extra_bits` bits above the largest
/// value (the masks of games whose values keep growing have high bits). By Walsh-Hadamard
/// transforms of the value counts, as tczajka does: for mask m,
/// sparse(m) = (len + W(m)) / 2 with W(m) = sum over v of count(v) (-1)^popcount(v & m),
/// so all 2^bits masks cost O(bits 2^bits) instead of O(len 2^bits).
pub fn best_mask(values: &[Wide], from: usize, extra_bits: u32) -> Wide {
    let max = values.iter().copied().max().unwrap_or(1).max(1);
    let bits = ((32 - max.leading_zeros()) + extra_bits).min(24);
    let late = walsh_hadamard(&values[from.min(values.len())..], bits);
    let all = walsh_hadamard(values, bits);
    (1..1usize << bits).min_by_key(|&m| (late[m], all[m], m)).unwrap_or(1) as Wide
}

/// The best rule for `values[from..]`: the [`best_mask`], or, when every split takes stones
/// of the same parity (`take_parity`), the heap-parity rule under its own best mask if it
/// leaves at most a quarter as many sparse heaps (it is kept for the games that need it).
/// Returns the mask and whether the heap's parity is in the rule.
pub(super) fn best_rule(values: &[Wide], from: usize, take_parity: Option<usize>) -> (Wide, bool) {
    let plain = best_mask(values, from, 1);
    let Some(kappa) = take_parity else { return (plain, false) };
    // Heap n as the value 2 G(n) + [n + κ odd]: a mask 2m + 1 counts the heap's parity in.
    let augmented: Vec<Wide> = values.iter().enumerate().map(|(n, &v)| (v << 1) | flipped(n, kappa) as Wide).collect();
    let max = augmented.iter().copied().max().unwrap_or(1).max(1);
    let bits = ((32 - max.leading_zeros()) + 1).min(24);
    let late = walsh_hadamard(&augmented[from.min(values.len())..], bits);
    let all = walsh_hadamard(&augmented, bits);
    let sparse = |w: i64| (late[0] + w) / 2;
    let best = (3..1usize << bits).step_by(2).min_by_key(|&m| (late[m], all[m], m));
    match best {
        Some(m) if 4 * sparse(late[m]) < sparse(late[(plain as usize) << 1]) => ((m >> 1) as Wide, true),
        _ => (plain, false),
    }
}

/// The Walsh-Hadamard transform of the counts of `values` (all below 2^bits).
fn walsh_hadamard(values: &[Wide], bits: u32) -> Vec<i64> {
    let size = 1usize << bits;
    let mut w = vec![0i64; size];
    for &v in values {
        w[v as usize] += 1;
    }
    let mut h = 1;
    while h < size {
        for i in (0..size).step_by(2 * h) {
            for j in i..i + h {
                let (a, b) = (w[j], w[j + h]);
                w[j] = a + b;
                w[j + h] = a - b;
            }
        }
        h *= 2;
    }
    w
}
