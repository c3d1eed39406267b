//! The handoff between the main thread and the helper that does stage 1 blocks ahead: a
//! spinning queue, and read access to the values the main thread has finished.

/// A first-in first-out handoff between the two threads (it holds at most the few blocks in
/// flight). The threads hand a block's work back and forth every ~100 microseconds, so the
/// waiting side first spins briefly instead of sleeping in the kernel (a futex wake-up costs
/// several microseconds each way); after [`SPINS`] it sleeps on a condition variable, so that
/// on a machine busy with other work a waiting thread gives its core to the thread it waits
/// for (spinning on, 2^21 heaps took 22 to 100 s instead of 4 s next to one other busy
/// process).
pub(super) struct Handoff<T> {
    queue: std::sync::Mutex<std::collections::VecDeque<T>>,
    /// How many values the queue holds, read without the lock.
    count: std::sync::atomic::AtomicUsize,
    /// Set by a taker about to sleep (under the lock), so that `put` wakes it.
    sleeping: std::sync::atomic::AtomicBool,
    wake: std::sync::Condvar,
    /// Set when the thread that fills this handoff has ended (even by a panic).
    closed: std::sync::atomic::AtomicBool,
}

/// Spins before a taker sleeps: about 50 to 100 microseconds, a block's work.
const SPINS: u32 = 1 << 12;

impl<T> Handoff<T> {
    pub(super) fn new() -> Self {
        Handoff {
            queue: std::sync::Mutex::new(std::collections::VecDeque::new()),
            count: std::sync::atomic::AtomicUsize::new(0),
            sleeping: std::sync::atomic::AtomicBool::new(false),
            wake: std::sync::Condvar::new(),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    pub(super) fn put(&self, value: T) {
        use std::sync::atomic::Ordering;
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        queue.push_back(value);
        self.count.fetch_add(1, Ordering::SeqCst);
        drop(queue);
        self.wake_taker();
    }

    /// Wakes a taker that went to sleep. It sets `sleeping` under the lock before it checks
    /// `count` and waits (which releases the lock): either it sees `count`, or this sees
    /// `sleeping` and the notification finds it waiting.
    fn wake_taker(&self) {
        use std::sync::atomic::Ordering;
        if self.sleeping.load(Ordering::SeqCst) {
            drop(self.queue.lock().unwrap_or_else(|e| e.into_inner()));
            self.wake.notify_one();
        }
    }

    pub(super) fn take(&self) -> T {
        use std::sync::atomic::Ordering;
        let mut spins = 0u32;
        loop {
            if self.count.load(Ordering::SeqCst) > 0 {
                // Only this thread takes, so the value counted is there.
                let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
                self.count.fetch_sub(1, Ordering::SeqCst);
                return queue.pop_front().expect("a counted value is queued");
            }
            if self.closed.load(Ordering::SeqCst) && self.count.load(Ordering::SeqCst) == 0 {
                panic!("the helper thread of the sweep stopped unexpectedly");
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
                continue;
            }
            let guard = self.queue.lock().unwrap_or_else(|e| e.into_inner());
            self.sleeping.store(true, Ordering::SeqCst);
            if self.count.load(Ordering::SeqCst) == 0 && !self.closed.load(Ordering::SeqCst) {
                // The timeout only bounds the wait should a wake-up be lost; it is not needed.
                let wait = self.wake.wait_timeout(guard, core::time::Duration::from_millis(10));
                drop(wait.unwrap_or_else(|e| e.into_inner()));
            } else {
                drop(guard);
            }
            self.sleeping.store(false, Ordering::SeqCst);
            spins = 0;
        }
    }
}

/// Marks a handoff closed when dropped: the helper holds one for the handoff it fills,
/// so that a helper that dies cannot leave the main thread waiting forever.
pub(super) struct CloseOnDrop<'a, T>(pub(super) &'a Handoff<T>);

impl<T> Drop for CloseOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        self.0.wake_taker();
    }
}

/// Tells the helper thread to stop when dropped (after the jobs queued before): a `None`
/// after the jobs.
pub(super) struct StopHelper<'a, T>(pub(super) &'a Handoff<Option<T>>);

impl<T> Drop for StopHelper<'_, T> {
    fn drop(&mut self) {
        self.0.put(None);
    }
}
