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

/// Heaps from which the dense kernel runs on two threads: below it a heap's splits take
/// less time than the threads spend waiting for each other.
pub(super) const PAIR_FROM: usize = 1 << 13;

/// Heaps per call of [`run_pair`] (a thread is started per call, some 20 µs; a heap past
/// [`PAIR_FROM`] takes more than 3 µs).
pub(super) const PAIR_STEP: usize = 1 << 14;

/// Marks in stamps: one entry for every value below 2^16.
type Stamps = [u32; 1 << 16];

/// The dense kernel on two threads, heaps of one parity each: heap m needs G(m - 1), the
/// other thread's, only for the options that leave m - 1 stones (taking one) or split m
/// into 1 and m - 1 (taking none), so a thread marks every other option of its heap while
/// the other finishes m - 1, then waits for G(m - 1), adds those and takes the mex.
/// Computes G(g.len()..stop) (g must hold at least [`PAIR_FROM`] values, all below
/// 2^15); stops early, before a heap whose previous value is 2^15 or more. Returns how
/// many heaps were done.
pub(super) fn run_pair(digits: &[u8], split_takes: &[usize], g: &mut Vec<u16>, stop: usize) -> usize {
    use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
    let start = g.len();
    assert!(start >= PAIR_FROM.min(2) && stop >= start);
    g.reserve_exact(stop - start);
    // The values live in g's buffer, which does not move (room was reserved): G(0..done)
    // are final; each thread writes only its own heaps, beyond `done`.
    let done = AtomicUsize::new(start);
    let halt = AtomicBool::new(false);
    let base = Shared(g.as_mut_ptr());
    let (done_ref, halt_ref, base_ref) = (&done, &halt, &base);
    // Waits until G(0..n) are final; false if the other thread halted.
    let wait = |n: usize| -> bool {
        let mut spins = 0u32;
        while done_ref.load(Ordering::Acquire) < n {
            if halt_ref.load(Ordering::Relaxed) {
                return false;
            }
            spins += 1;
            if spins < 1 << 10 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
        true
    };
    let work = |first: usize| {
        let mut stamps: Box<Stamps> = vec![0u32; 1 << 16].into_boxed_slice().try_into().expect("2^16 stamps");
        let mut stamp = 0u32;
        let mut m = first;
        while m < stop {
            if !wait(m - 1) {
                return;
            }
            stamp = stamp.wrapping_add(1);
            if stamp == 0 {
                stamps.fill(0);
                stamp = 1;
            }
            // SAFETY: G(0..m - 1) are final (waited for) and nobody writes them again.
            let known = unsafe { std::slice::from_raw_parts(base_ref.0, m - 1) };
            mark_known(digits, split_takes, known, m, &mut stamps, stamp);
            if !wait(m) {
                return;
            }
            // SAFETY: G(m - 1) is final now.
            let last = unsafe { *base_ref.0.add(m - 1) };
            if last >= 1 << 15 {
                halt_ref.store(true, Ordering::Relaxed);
                return;
            }
            if digits.get(1).is_some_and(|d| d & 2 != 0) {
                stamps[last as usize] = stamp;
            }
            if split_takes.first() == Some(&0) {
                stamps[(known[1] ^ last) as usize] = stamp;
            }
            let v = stamps.iter().position(|&s| s != stamp).expect("fewer options than 2^16") as u16;
            // SAFETY: heap m is this thread's; the buffer has room up to `stop`.
            unsafe { *base_ref.0.add(m) = v };
            done_ref.store(m + 1, Ordering::Release);
            m += 2;
        }
    };
    std::thread::scope(|scope| {
        let other = scope.spawn(|| work(start + 1));
        work(start);
        other.join().expect("the dense helper thread does not panic");
    });
    let n = done.load(Ordering::Acquire);
    // SAFETY: G(start..n) were written (published in order by `done`), within the room.
    unsafe { g.set_len(n) };
    n - start
}

/// The values' buffer, shared by the two threads of [`run_pair`].
struct Shared(*mut u16);

// SAFETY: the threads write disjoint heaps and read only heaps published through an
// atomic counter (release/acquire), and the buffer outlives the scope they run in.
unsafe impl Sync for Shared {}

/// Stamps every option of heap m that does not involve G(m - 1): `known` is G(0..m - 1).
#[inline(always)]
fn mark_known(digits: &[u8], split_takes: &[usize], known: &[u16], m: usize, stamps: &mut Stamps, stamp: u32) {
    for (k, &d) in digits.iter().enumerate().skip(2).take_while(|&(k, _)| k <= m) {
        if d & 1 != 0 && m == k {
            stamps[0] = stamp;
        }
        if d & 2 != 0 && m > k {
            stamps[known[m - k] as usize] = stamp;
        }
    }
    for &k in split_takes {
        if k + 2 > m {
            continue;
        }
        let rest = m - k;
        let half = rest / 2;
        // Splits a + b = rest, a <= b; with k = 0 the split 1 + (m - 1) waits for G(m - 1).
        let from = if k == 0 { 2 } else { 1 };
        if from > half {
            continue;
        }
        for (&a, &b) in known[from..=half].iter().zip(known[rest - half..=rest - from].iter().rev()) {
            stamps[(a ^ b) as usize] = stamp;
        }
    }
}
