//! The dense kernel: every option of every heap marked, with no sparse space. For codes
//! whose sparse heaps stay many under every rule (.06 keeps about 40 % of its heaps
//! sparse), stage 1 alone costs the sparse heaps times the heaps, two nanoseconds an
//! option here, while marking every split is one stamp for an XOR of two runs of values
//! (the second read backwards), about 0.4 ns. The sweep turns to it when the rule leaves
//! at least [`DENSE_FROM`] of the heaps sparse, weighed again at every doubling.

use super::Wide;

/// The share of sparse heaps (in 1/64ths, over the last half of the heaps) from which the
/// dense kernel replaces the block kernels. Measured against the sparse sweep with its
/// helper thread: .06 (40 % sparse) 2^17 in 2.3 s against 8.0 s; .04 (14 %) 2^20 in 147 s
/// on one thread against 77 s on two, about the same work.
pub(super) const DENSE_FROM: usize = 8;

/// The same once values pass the block kernel's width and the scalar loop would run, whose
/// stage 1 costs several times more an option (.414 to 2^16: 1.2 s against 9.0 s).
pub(super) const DENSE_FROM_SCALAR: usize = 2;

/// The dense kernel's marks, kept between heaps: a stamp per value (the heap's number
/// since the marks were last cleared), so that nothing is cleared per heap.
#[derive(Default)]
pub(super) struct Dense {
    stamps: Vec<u32>,
    stamp: u32,
}

impl Dense {
    /// Whether the dense kernel computes the next value: the values must stay below 2^15
    /// (every XOR and the mex then fit in 16 bits).
    pub(super) fn applies(max: Wide) -> bool {
        max < 1 << 15
    }

    /// G(n) for n = g.len(), by the definition: the mex of every option (`max` is the
    /// largest of G(0..n), below 2^15).
    pub(super) fn next(&mut self, digits: &[u8], split_takes: &[usize], g: &[u16], max: Wide) -> u16 {
        let n = g.len();
        // Every value and XOR is below 2^bits(max); the mex is at most that.
        let width = 2usize << (Wide::BITS - max.leading_zeros());
        if self.stamps.len() < width {
            self.stamps.resize(width, 0);
        }
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.stamps.fill(0);
            self.stamp = 1;
        }
        let (stamps, stamp) = (&mut self.stamps[..width], self.stamp);
        // Moves that leave no heap or one heap.
        for (k, &d) in digits.iter().enumerate().skip(1).take_while(|&(k, _)| k <= n) {
            if d & 1 != 0 && n == k {
                stamps[0] = stamp;
            }
            if d & 2 != 0 && n > k {
                stamps[g[n - k] as usize & (width - 1)] = stamp;
            }
        }
        // Splits into two heaps a + b = n - k, 1 <= a <= b.
        for &k in split_takes {
            if k + 2 > n {
                continue;
            }
            let rest = n - k;
            let half = rest / 2;
            for (&a, &b) in g[1..=half].iter().zip(g[rest - half..rest].iter().rev()) {
                stamps[(a ^ b) as usize & (width - 1)] = stamp;
            }
        }
        stamps.iter().position(|&s| s != stamp).expect("the mex is below the width") as u16
    }
}
