//! The handoff between the main thread and the helper that does stage 1 a block ahead:
//! a spinning one-slot mailbox, and read access to the values the main thread has finished.

use super::stage1::FarJob;
use crate::Value;

/// A one-slot handoff between the two threads. The threads hand a block's work back and
/// forth every ~100 microseconds, so the waiting side spins briefly instead of sleeping in
/// the kernel (a futex wake-up costs several microseconds each way).
pub(super) struct Mailbox<T> {
    slot: std::sync::Mutex<Option<T>>,
    full: std::sync::atomic::AtomicBool,
    /// Set when the thread that fills this mailbox has ended (even by a panic).
    closed: std::sync::atomic::AtomicBool,
}

impl<T> Mailbox<T> {
    pub(super) fn new() -> Self {
        Mailbox {
            slot: std::sync::Mutex::new(None),
            full: std::sync::atomic::AtomicBool::new(false),
            closed: std::sync::atomic::AtomicBool::new(false),
        }
    }

    pub(super) fn put(&self, value: T) {
        use std::sync::atomic::Ordering;
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(value);
        self.full.store(true, Ordering::Release);
    }

    pub(super) fn take(&self) -> T {
        use std::sync::atomic::Ordering;
        let mut spins = 0u32;
        loop {
            if self.full.swap(false, Ordering::Acquire) {
                return self
                    .slot
                    .lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .take()
                    .expect("a full mailbox holds a value");
            }
            if self.closed.load(Ordering::Acquire) && !self.full.load(Ordering::Acquire) {
                panic!("the helper thread of the sweep stopped unexpectedly");
            }
            spins += 1;
            if spins < 1 << 16 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Marks a mailbox closed when dropped: the helper holds one for the mailbox it fills,
/// so that a helper that dies cannot leave the main thread waiting forever.
pub(super) struct CloseOnDrop<'a, T>(pub(super) &'a Mailbox<T>);

impl<T> Drop for CloseOnDrop<'_, T> {
    fn drop(&mut self) {
        self.0.closed.store(true, std::sync::atomic::Ordering::Release);
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
