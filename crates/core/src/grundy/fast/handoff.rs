//! The handoff between the main thread and the helper that does stage 1 a block ahead:
//! a spinning one-slot mailbox, and read access to the values the main thread has finished.

use super::stage1::FarJob;
use crate::Value;

/// A one-slot handoff between the two threads. The threads hand a block's work back and
/// forth every ~100 microseconds, so the waiting side first spins briefly instead of sleeping
/// in the kernel (a futex wake-up costs several microseconds each way); after [`SPINS`] it
/// sleeps on a condition variable, so that on a machine busy with other work a waiting
/// thread gives its core to the thread it waits for (spinning on, 2^21 heaps took 22 to 100 s
/// instead of 4 s next to one other busy process).
pub(super) struct Mailbox<T> {
    slot: std::sync::Mutex<Option<T>>,
    full: std::sync::atomic::AtomicBool,
    /// Set by a taker about to sleep (under the lock), so that `put` wakes it.
    sleeping: std::sync::atomic::AtomicBool,
    wake: std::sync::Condvar,
    /// Set when the thread that fills this mailbox has ended (even by a panic).
    closed: std::sync::atomic::AtomicBool,
}

/// Spins before a taker sleeps: about 50 to 100 microseconds, a block's work.
const SPINS: u32 = 1 << 12;

impl<T> Mailbox<T> {
    pub(super) fn new() -> Self {
        Mailbox {
            slot: std::sync::Mutex::new(None),
            full: std::sync::atomic::AtomicBool::new(false),
            sleeping: std::sync::atomic::AtomicBool::new(false),
            wake: std::sync::Condvar::new(),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    pub(super) fn put(&self, value: T) {
        use std::sync::atomic::Ordering;
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
        self.full.store(true, Ordering::SeqCst);
        self.wake_taker();
    }

    /// Wakes a taker that went to sleep. It sets `sleeping` under the lock before it checks
    /// `full` and waits (which releases the lock): either it sees `full`, or this sees
    /// `sleeping` and the notification finds it waiting.
    fn wake_taker(&self) {
        use std::sync::atomic::Ordering;
        if self.sleeping.load(Ordering::SeqCst) {
            drop(self.slot.lock().unwrap_or_else(|e| e.into_inner()));
            self.wake.notify_one();
        }
    }

    pub(super) fn take(&self) -> T {
        use std::sync::atomic::Ordering;
        let mut spins = 0u32;
        loop {
            if self.full.swap(false, Ordering::SeqCst) {
                return self
                    .slot
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .expect("a full mailbox holds a value");
            }
            if self.closed.load(Ordering::SeqCst) && !self.full.load(Ordering::SeqCst) {
                panic!("the helper thread of the sweep stopped unexpectedly");
            }
            spins += 1;
            if spins < SPINS {
                std::hint::spin_loop();
                continue;
            }
            let guard = self.slot.lock().unwrap_or_else(|e| e.into_inner());
            self.sleeping.store(true, Ordering::SeqCst);
            if !self.full.load(Ordering::SeqCst) && !self.closed.load(Ordering::SeqCst) {
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

/// Marks a mailbox closed when dropped: the helper holds one for the mailbox it fills,
/// so that a helper that dies cannot leave the main thread waiting forever.
pub(super) struct CloseOnDrop<'a, T>(pub(super) &'a Mailbox<T>);

impl<T> Drop for CloseOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.closed.store(true, std::sync::atomic::Ordering::SeqCst);
        self.0.wake_taker();
    }
}

/// Tells the helper thread to stop when dropped.
pub(super) struct StopHelper<'a>(pub(super) &'a Mailbox<Option<(FarJob, FinalValues)>>);

impl Drop for StopHelper<'_> {
    fn drop(&mut self) {
        // The helper may still be finishing a job: wait until it has taken its last one.
        while self.0.full.load(std::sync::atomic::Ordering::Acquire) {
            std::hint::spin_loop();
        }
        self.0.put(None);
    }
}

/// Read access to the values below a bound that the main thread no longer writes.
#[derive(Clone, Copy)]
pub(super) struct FinalValues {
    pub(super) ptr: *const Value,
    pub(super) len: usize,
    /// The heap of the first value.
    pub(super) base: usize,
}

// SAFETY: the pointer is only read below `len`, which the main thread wrote before it sent
// the job (the mailbox's release store and acquire swap order the writes before the reads) and never writes again; the
// buffer is reserved up front, so it does not move while the helper runs.
unsafe impl Send for FinalValues {}

impl FinalValues {
    pub(super) fn slice(&self) -> &[Value] {
        // SAFETY: see the `Send` impl.
        unsafe { std::slice::from_raw_parts(self.ptr, self.len) }
    }
}
