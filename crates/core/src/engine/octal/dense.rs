//! The dense kernel: every option of every heap marked, with no sparse space. For codes
//! whose sparse heaps stay many under every rule (.06 keeps about 40 % of its heaps
//! sparse), stage 1 alone costs the sparse heaps times the heaps, two nanoseconds an
//! option here, while marking every split is one stamp for an XOR of two runs of values
//! (the second read backwards), about 0.4 ns. The sweep turns to it when the rule leaves
//! at least [`dense_from`] of the heaps sparse, weighed again at every doubling.
//!
//! With AVX-512 or AVX2 only the first splits of a heap are marked ([`Prefix`]); the rest
//! are compared with the smallest values still missing (`candidates`), at a fraction of a
//! mark a split. Single-thread CPU time a heap against marking every split with AVX-512
//! (2026-12-02, `runs/bench/octal-dense-candidates-2026-12-02.md`): .04 and .007 at
//! 120,000 heaps 27 -> 14 µs, .76 61 -> 44 µs, .06 at 500,000 heaps 116 -> 93 µs. The
//! AVX-512 window scan (2026-12-07, `runs/bench/octal-dense-window-2026-12-07.md`) halved
//! that again: to 2^18 on one thread .04 and .007 4.8 -> 2.8 s, .06 6.0 -> 2.8 s, .76 15.2
//! -> 6.7 s.

use super::candidates::{Segment, MOST_SEGMENTS};
use super::Wide;

/// The share of sparse heaps (in 1/64ths, over the last half of the heaps) from which the
/// dense kernel replaces the block kernels. Measured against the sparse sweep with its
/// helper thread: .06 (40 % sparse) 2^17 in 2.3 s against 8.0 s; with the window scan
/// (AVX-512), .04 to 2^18, whose rule leaves 7.5 % of the heaps from 2^16 to 2^17 sparse,
/// in 1.6 s against 4.7 s with the block kernel from 2^17: 4/64 with it, 8/64 (the share
/// measured before it) with AVX2 or less.
pub(super) fn dense_from() -> usize {
    if crate::cpu::has_avx512() {
        4
    } else {
        8
    }
}

/// The same once values pass the block kernel's width and the scalar loop would run, whose
/// stage 1 costs several times more an option (.414 to 2^16: 1.2 s against 9.0 s).
pub(super) const DENSE_FROM_SCALAR: usize = 2;

/// The dense kernel's marks, kept between heaps: a stamp per value (the heap's number
/// since the marks were last cleared), so that nothing is cleared per heap.
#[derive(Default)]
pub(super) struct Dense {
    stamps: Vec<u32>,
    stamp: u32,
    prefix: Prefix,
    /// Whether the next step runs on two threads or one, by measure.
    pub(super) threads: ThreadChoice,
}

/// Whether the dense kernel's steps run as a pair of threads ([`run_pair`]) or on one,
/// chosen by the splits a second each way last did. The pair hands every heap to the
/// other thread, so it gains only while both threads run and their heaps cost alike, and
/// how much depends on the machine and what else runs on it: a rule on the waits
/// ("more than 4/64 of them outlast a spin: one thread", made on a loaded EPYC) ran .06
/// to 2^20 almost wholly on one thread on an idle 2-core Xeon, whose heaps of .06 differ
/// in cost by more than a spin. The clock does not guess. It is the front end's
/// (`control::set_clock`); given none, the pair always runs.
#[derive(Default)]
pub(super) struct ThreadChoice {
    /// Splits a second of the latest step each way: [one thread, the pair]; 0 until tried.
    rate: [f64; 2],
    /// Steps the faster way runs between two retries of the slower one.
    retry_every: usize,
    /// Steps left until the next retry.
    until_retry: usize,
}

/// Steps between retries of the slower way, at first and at most: the interval doubles
/// each time a retry loses, so a way that keeps losing costs one step in [`RETRY_MOST`].
const RETRY_FIRST: usize = 4;
const RETRY_MOST: usize = 64;

impl ThreadChoice {
    /// Whether the next step runs as a pair: each way is tried once, then the faster runs,
    /// and the slower is timed again now and then (the costs change as heaps grow and as
    /// other work comes and goes).
    pub(super) fn pair(&self) -> bool {
        let [one, two] = self.rate;
        if two == 0.0 {
            return true;
        }
        if one == 0.0 {
            return false;
        }
        (two >= one) != (self.until_retry == 0)
    }

    /// The step just run: as a pair or on one thread, `splits` splits in `seconds`.
    pub(super) fn timed(&mut self, pair: bool, splits: f64, seconds: f64) {
        let retry = self.rate.iter().all(|&r| r > 0.0) && self.until_retry == 0;
        if seconds > 0.0 {
            self.rate[usize::from(pair)] = splits / seconds;
        }
        let [one, two] = self.rate;
        if retry {
            let won = (two >= one) == pair;
            self.retry_every = if won { RETRY_FIRST } else { (2 * self.retry_every).clamp(RETRY_FIRST, RETRY_MOST) };
            self.until_retry = self.retry_every;
        } else if self.retry_every == 0 {
            self.retry_every = RETRY_FIRST;
            self.until_retry = RETRY_FIRST;
        } else {
            self.until_retry = self.until_retry.saturating_sub(1);
        }
    }
}

impl Dense {
    /// Whether the dense kernel computes the next value: the values must stay below 2^15
    /// (every XOR and the mex then fit in 16 bits).
    pub(super) fn applies(max: Wide) -> bool {
        max < 1 << 15
    }

    /// G(g.len()..stop) on one thread (fewer if a value reaches 2^15; `max` is the largest
    /// of G(0..g.len()), below 2^15); returns how many heaps were done.
    pub(super) fn run_step(
        &mut self,
        digits: &[u8],
        split_takes: &[usize],
        g: &mut Vec<u16>,
        max: Wide,
        stop: usize,
    ) -> usize {
        let (start, mut max) = (g.len(), max);
        while g.len() < stop && Dense::applies(max) {
            let v = self.next(digits, split_takes, g, max);
            g.push(v);
            max = max.max(Wide::from(v));
        }
        g.len() - start
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
        let mut segments = Segments::default();
        for &k in split_takes {
            if k + 2 > n {
                continue;
            }
            segments.mark_prefix(g, n - k, 1, stamps, stamp, self.prefix.splits);
        }
        // Every option is below width / 2 (an XOR of values below it).
        let scan = segments.smallest_missing(g, stamps, stamp, width / 2, 1);
        self.prefix.adapt(&scan);
        if let Some(&[v, ..]) = scan.missing.as_deref() {
            return v;
        }
        segments.mark_all(g, stamps, stamp);
        stamps.iter().position(|&s| s != stamp).expect("the mex is below the width") as u16
    }
}

/// How many splits of a heap are marked one by one before the rest are compared with the
/// values still missing (`candidates`), adapted heap by heap: the marks find the common
/// values. With AVX2 each value they leave missing costs the comparison a candidate's
/// slot, so many passes ask for more marks and a single pass for fewer (.06 at 500,000
/// heaps settled at about a quarter of the splits marked and two passes); with AVX-512 a
/// value left costs a strike, a few marks' worth, and .06 to 2^20 settles at some 2,000
/// splits marked a heap.
#[derive(Clone, Copy)]
struct Prefix {
    splits: usize,
}

impl Default for Prefix {
    fn default() -> Prefix {
        Prefix { splits: 1 << 8 }
    }
}

impl Prefix {
    /// After a heap's scan: with AVX-512, more marks while the window scan strikes more
    /// values than the prefix has splits (a strike costs a few marks), fewer otherwise; with
    /// AVX2, more marks when the scan took three or more passes, fewer after one.
    fn adapt(&mut self, scan: &Scan) {
        let more = match scan {
            Scan { passes: 0, .. } => None,
            _ if crate::cpu::has_avx512() => Some(scan.struck > self.splits),
            Scan { passes: 1, .. } => Some(false),
            Scan { passes: 2, .. } => None,
            _ => Some(true),
        };
        match more {
            Some(true) => self.splits += self.splits / 4,
            Some(false) => self.splits -= self.splits / 32,
            None => {}
        }
        self.splits = self.splits.clamp(1 << 6, 1 << 24);
    }
}

/// Stamps the XOR of `low[i]` and `high[high.len() - 1 - i]` for every i (the splits of a
/// range: the second part read backwards); `stamps.len()` is a power of two above them.
/// Not inlined: inlined into the pair's closure, LLVM kept the pointers and the stamp on
/// the stack and reloaded them at every split (2.2 times the time a heap).
#[inline(never)]
fn mark_splits(low: &[u16], high: &[u16], stamps: &mut [u32], stamp: u32) {
    let mask = stamps.len() - 1;
    for (&a, &b) in low.iter().zip(high.iter().rev()) {
        stamps[usize::from(a ^ b) & mask] = stamp;
    }
}

/// Whether the splits past a prefix are compared with the candidates (`candidates`) rather
/// than marked: with AVX-512 or AVX2.
fn compares() -> bool {
    crate::cpu::has_avx512() || crate::cpu::has_avx2()
}

/// What a heap's scan found: the values missing (None if it could not tell) and what it
/// cost, for [`Prefix::adapt`].
struct Scan {
    missing: Option<Vec<u16>>,
    passes: usize,
    struck: usize,
}

/// The split ranges of one heap (one per split take) past their marked prefix.
#[derive(Default)]
struct Segments {
    list: [Segment; MOST_SEGMENTS],
    len: usize,
}

impl Segments {
    /// Marks the splits a + (rest - a), a from `from`, a <= rest - a: all of them without
    /// a scan that compares ([`compares`]), else the first `prefix`, keeping the rest as a
    /// segment to scan.
    fn mark_prefix(&mut self, g: &[u16], rest: usize, from: usize, stamps: &mut [u32], stamp: u32, prefix: usize) {
        let half = rest / 2;
        if from > half {
            return;
        }
        let marked = if self.len < self.list.len() && compares() { half.min(from - 1 + prefix) } else { half };
        mark_splits(&g[from..=marked], &g[rest - marked..=rest - from], stamps, stamp);
        if marked < half {
            self.list[self.len] = Segment { rest, from: marked + 1, to: half };
            self.len += 1;
        }
    }

    /// Marks the splits of every segment (when the scan could not decide).
    fn mark_all(&self, g: &[u16], stamps: &mut [u32], stamp: u32) {
        for s in &self.list[..self.len] {
            mark_splits(&g[s.from..=s.to], &g[s.rest - s.to..=s.rest - s.from], stamps, stamp);
        }
    }

    /// The `need` smallest values neither marked nor given by a segment's split, if the
    /// scan can tell (see `candidates`; every split is marked when there are no segments),
    /// and what the scan cost ([`Scan`]).
    #[cfg_attr(not(target_arch = "x86_64"), allow(unused_variables))]
    fn smallest_missing(&self, g: &[u16], stamps: &[u32], stamp: u32, bound: usize, need: usize) -> Scan {
        #[cfg(target_arch = "x86_64")]
        if self.len > 0 {
            let segments = &self.list[..self.len];
            let m = if crate::cpu::has_avx512() {
                // SAFETY: the CPU has AVX-512 F and BW (asked above).
                unsafe { super::candidates::smallest_missing(g, segments, stamps, stamp, bound, need) }
            } else {
                // SAFETY: the CPU has AVX2 (a segment is kept only where `compares()`).
                unsafe { super::candidates::smallest_missing_avx2(g, segments, stamps, stamp, bound, need) }
            };
            return Scan {
                missing: (m.len == need).then(|| m.values[..m.len].to_vec()),
                passes: m.passes,
                struck: m.struck,
            };
        }
        if self.len > 0 {
            return Scan { missing: None, passes: 0, struck: 0 };
        }
        let missing: Vec<u16> = (0..=bound).filter(|&v| stamps[v] != stamp).take(need).map(|v| v as u16).collect();
        Scan { missing: (missing.len() == need).then_some(missing), passes: 0, struck: 0 }
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
/// many heaps were done. Whether a pair is faster than one thread is for the caller to
/// measure ([`ThreadChoice`]).
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
    // Waits until G(0..n) are final; false if the other thread halted. After a spin it
    // yields, so that on a busy machine the other thread can run.
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
        let (mut top, mut seen) = (0u16, 0usize);
        let mut prefix = Prefix::default();
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
            // A power of two above every value so far: the options are below it.
            for &v in &known[seen..] {
                top = top.max(v);
            }
            seen = known.len();
            let bound = (usize::from(top) + 1).next_power_of_two();
            let segments = mark_known(digits, split_takes, known, m, &mut stamps, stamp, prefix.splits);
            // The options that wait for G(m - 1): taking one, and the split 1 + (m - 1).
            let take_one = digits.get(1).is_some_and(|d| d & 2 != 0);
            let split_one = split_takes.first() == Some(&0);
            let need = 1 + usize::from(take_one) + usize::from(split_one);
            let scan = segments.smallest_missing(known, &stamps[..], stamp, bound, need);
            prefix.adapt(&scan);
            if !wait(m) {
                return;
            }
            // SAFETY: G(m - 1) is final now.
            let last = unsafe { *base_ref.0.add(m - 1) };
            if last >= 1 << 15 {
                halt_ref.store(true, Ordering::Relaxed);
                return;
            }
            let late = [take_one.then_some(last), split_one.then(|| known[1] ^ last)];
            let found = scan.missing.and_then(|m| m.into_iter().find(|v| !late.contains(&Some(*v))));
            let v = match found {
                Some(v) => v,
                None => {
                    segments.mark_all(known, &mut stamps[..], stamp);
                    for v in late.into_iter().flatten() {
                        stamps[v as usize] = stamp;
                    }
                    stamps.iter().position(|&s| s != stamp).expect("fewer options than 2^16") as u16
                }
            };
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

/// Stamps every option of heap m that does not involve G(m - 1) (`known` is G(0..m - 1)),
/// past a prefix of each split range only when the candidates' scan runs (the ranges
/// left are returned).
#[inline(always)]
fn mark_known(
    digits: &[u8],
    split_takes: &[usize],
    known: &[u16],
    m: usize,
    stamps: &mut Stamps,
    stamp: u32,
    prefix: usize,
) -> Segments {
    let mut segments = Segments::default();
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
        let _ = half;
        segments.mark_prefix(known, rest, from, &mut stamps[..], stamp, prefix);
    }
    segments
}
