//! Where the core computes: blocking threads beside the I/O, in two lanes. The cheap lane
//! (a semaphore of `cheap_workers` permits) reads and checks each request and does the work
//! the core estimates as cheap; the heavy lane runs at most `workers` computations and
//! queues the rest per client address, handing a freed place to the addresses in turn.
//! Every computation holds its place until it has stopped, so a cancelled one frees its
//! place only when its thread is free again.

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use grundy_core::ask::Cancel;
use tokio::sync::{oneshot, watch, Semaphore};
use tokio::task::JoinHandle;
use tokio::time::{sleep_until, Instant};

use super::ServerLimits;
use crate::api::{prepare, Prepared, Reply, Work};

/// An answer and, for a 503, the seconds after which to try again.
pub(super) struct Answer {
    pub reply: Reply,
    pub retry_after: Option<u64>,
}

impl From<Reply> for Answer {
    fn from(reply: Reply) -> Answer {
        Answer { reply, retry_after: None }
    }
}

/// The two lanes, and the switch that cancels every computation when the server stops.
pub(super) struct Pool {
    cheap: Arc<Semaphore>,
    heavy: Arc<Heavy>,
    limits: ServerLimits,
    cancel_all: watch::Sender<bool>,
}

/// Sets a request's token when its future is dropped: the client went away.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
}

/// What the cheap lane made of a request: its answer, or heavy work to queue.
enum Step {
    Done(Reply),
    Heavy(Work),
}

impl Pool {
    pub(super) fn new(workers: usize, limits: ServerLimits) -> Pool {
        Pool {
            cheap: Arc::new(Semaphore::new(limits.cheap_workers.max(1))),
            heavy: Arc::new(Heavy {
                workers,
                finished: AtomicBool::new(false),
                limits,
                admitting: AtomicBool::new(true),
                queue: Mutex::default(),
            }),
            limits,
            cancel_all: watch::channel(false).0,
        }
    }

    /// No more heavy work is queued (503); what waits is refused.
    pub(super) fn stop_admitting(&self) {
        self.heavy.admitting.store(false, Ordering::SeqCst);
        let mut q = self.heavy.lock();
        q.waiting.clear();
        q.turns.clear();
        q.queued = 0;
        q.queued_seconds = 0.0;
    }

    /// Every half second, once heavy computations have ended and none runs or waits, hands
    /// the memory they freed back to the system ([`super::memory`]); the answers they made are
    /// freed by the I/O threads after they are sent, so a moment after the lane is idle.
    pub(super) async fn give_back_memory(self: Arc<Self>) {
        let mut tick = tokio::time::interval(std::time::Duration::from_millis(500));
        loop {
            tick.tick().await;
            if self.heavy.finished.load(Ordering::SeqCst) && self.heavy.is_idle() {
                self.heavy.finished.store(false, Ordering::SeqCst);
                let _ = tokio::task::spawn_blocking(super::memory::give_back).await;
            }
        }
    }

    /// Sets the token of every computation (they answer 503).
    pub(super) fn cancel_all(&self) {
        let _ = self.cancel_all.send(true);
    }

    /// Answers one API request from `client`.
    pub(super) async fn answer(&self, client: IpAddr, method: String, url: String, body: Vec<u8>) -> Answer {
        let cancel = Cancel::new();
        let _on_drop = CancelOnDrop(cancel.clone());
        let deadline = Instant::now() + self.limits.compute_deadline;
        let Ok(permit) = tokio::time::timeout_at(deadline, self.cheap.clone().acquire_owned()).await else {
            return self.busy("the server is busy reading other requests", 1);
        };
        let cheap_seconds = self.limits.cheap_seconds;
        let token = cancel.clone();
        let job = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            guarded(|| match prepare(&method, &url, &body) {
                Prepared::Ready(reply) => Step::Done(reply),
                Prepared::Work(work) if work.cost.seconds < cheap_seconds => Step::Done(work.run(&token)),
                Prepared::Work(work) => Step::Heavy(work),
            })
            .unwrap_or_else(Step::Done)
        });
        let work = match self.finish(job, &cancel, deadline).await {
            Ok(Step::Done(reply)) => return reply.into(),
            Err(answer) => return answer,
            Ok(Step::Heavy(work)) => work,
        };
        let slot = match self.heavy.admit(client, work.cost.seconds) {
            Admit::Now(slot) => slot,
            Admit::Full { retry_after } => {
                return self.busy("the server's queue for heavy work is full; try again shortly", retry_after)
            }
            Admit::Wait(waiting) => tokio::select! {
                slot = waiting.recv() => match slot {
                    Some(slot) => slot,
                    None => return self.busy("the server is stopping", 1),
                },
                () = sleep_until(deadline) => {
                    return self.busy("the server was too busy to start this request in time; try again shortly", 5)
                }
                () = stopped(self.cancel_all.subscribe()) => return self.busy("the server is stopping", 1),
            },
        };
        let token = cancel.clone();
        let job = tokio::task::spawn_blocking(move || {
            let reply = guarded(|| work.run(&token)).unwrap_or_else(|r| r);
            slot.0.finished.store(true, Ordering::SeqCst);
            drop(slot);
            reply
        });
        match self.finish(job, &cancel, deadline).await {
            Ok(reply) => reply.into(),
            Err(answer) => answer,
        }
    }

    /// Waits for a computation; past the deadline, or when the server stops, sets its
    /// token and waits for it to stop (within a fraction of a second).
    async fn finish<T>(&self, mut job: JoinHandle<T>, cancel: &Cancel, deadline: Instant) -> Result<T, Answer> {
        let internal = || Answer::from(Reply::error(500, "internal error: the computation stopped unexpectedly"));
        tokio::select! {
            done = &mut job => done.map_err(|_| internal()),
            () = sleep_until(deadline) => {
                cancel.cancel();
                let _ = job.await;
                let seconds = self.limits.compute_deadline.as_secs();
                Err(Reply::error(422, format!("the computation took longer than the {seconds} s a request may take, and was stopped")).into())
            }
            () = stopped(self.cancel_all.subscribe()) => {
                cancel.cancel();
                let _ = job.await;
                Err(self.busy("the server is stopping", 1))
            }
        }
    }

    fn busy(&self, reason: &str, retry_after: u64) -> Answer {
        Answer { reply: Reply::error(503, reason), retry_after: Some(retry_after) }
    }
}

/// Returns once the switch is set (a server's stop).
async fn stopped(mut switch: watch::Receiver<bool>) {
    let _ = switch.wait_for(|s| *s).await;
}

/// Runs `f`, turning a panic into a 500 (the core never panics on input; a broken invariant
/// must not take a worker with it).
fn guarded<T>(f: impl FnOnce() -> T) -> Result<T, Reply> {
    catch_unwind(AssertUnwindSafe(f))
        .map_err(|_| Reply::error(500, "internal error (a broken invariant; please report it)"))
}

/// The heavy lane: its places and its queue.
struct Heavy {
    workers: usize,
    /// Set when a computation ends, cleared when its memory is handed back.
    finished: AtomicBool,
    limits: ServerLimits,
    admitting: AtomicBool,
    queue: Mutex<Queue>,
}

/// Who runs and who waits.
#[derive(Default)]
struct Queue {
    running: usize,
    /// The waiting requests of each address, oldest first.
    waiting: HashMap<IpAddr, VecDeque<Waiter>>,
    /// The addresses with requests waiting, in the order they get the next place.
    turns: VecDeque<IpAddr>,
    queued: usize,
    queued_seconds: f64,
}

struct Waiter {
    tx: oneshot::Sender<()>,
    seconds: f64,
}

enum Admit {
    Now(Slot),
    Wait(Waiting),
    Full { retry_after: u64 },
}

/// A place on the heavy lane, handed on to the next waiting address when dropped.
pub(super) struct Slot(Arc<Heavy>);

impl Drop for Slot {
    fn drop(&mut self) {
        self.0.release();
    }
}

/// A request waiting for a place; dropped (its client gone), it gives back a place it was
/// handed meanwhile.
struct Waiting {
    rx: Option<oneshot::Receiver<()>>,
    heavy: Arc<Heavy>,
}

impl Waiting {
    async fn recv(mut self) -> Option<Slot> {
        let rx = self.rx.as_mut()?;
        let handed = rx.await.is_ok();
        self.rx = None;
        handed.then(|| Slot(self.heavy.clone()))
    }
}

impl Drop for Waiting {
    fn drop(&mut self) {
        if let Some(mut rx) = self.rx.take() {
            rx.close();
            if rx.try_recv().is_ok() {
                self.heavy.release();
            }
        }
    }
}

impl Heavy {
    fn lock(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Whether no heavy computation runs or waits.
    fn is_idle(&self) -> bool {
        let q = self.lock();
        q.running == 0 && q.queued == 0
    }

    fn admit(self: &Arc<Self>, client: IpAddr, seconds: f64) -> Admit {
        let limits = &self.limits;
        let mut q = self.lock();
        if !self.admitting.load(Ordering::SeqCst) {
            return Admit::Full { retry_after: 1 };
        }
        if q.running < self.workers && q.queued == 0 {
            q.running += 1;
            return Admit::Now(Slot(self.clone()));
        }
        let full = |q: &Queue| {
            q.queued >= limits.max_queued
                || q.waiting.get(&client).is_some_and(|w| w.len() >= limits.max_queued_per_address)
                || q.queued_seconds + seconds > limits.max_queued_seconds
        };
        if full(&q) {
            q.forget_the_gone();
        }
        if full(&q) {
            let wait = (q.queued_seconds + seconds) / self.workers as f64;
            return Admit::Full { retry_after: (wait.ceil() as u64).clamp(1, 60) };
        }
        let (tx, rx) = oneshot::channel();
        let waiting = q.waiting.entry(client).or_default();
        waiting.push_back(Waiter { tx, seconds });
        if waiting.len() == 1 {
            q.turns.push_back(client);
        }
        q.queued += 1;
        q.queued_seconds += seconds;
        Admit::Wait(Waiting { rx: Some(rx), heavy: self.clone() })
    }

    /// A place is free: hand it to the next address's oldest waiting request whose client
    /// is still there, or leave it free.
    fn release(&self) {
        let mut q = self.lock();
        while let Some(client) = q.turns.pop_front() {
            let Some(waiting) = q.waiting.get_mut(&client) else { continue };
            let next = waiting.pop_front();
            if waiting.is_empty() {
                q.waiting.remove(&client);
            } else {
                q.turns.push_back(client);
            }
            let Some(next) = next else { continue };
            q.queued -= 1;
            q.queued_seconds = (q.queued_seconds - next.seconds).max(0.0);
            if next.tx.send(()).is_ok() {
                return;
            }
        }
        q.running = q.running.saturating_sub(1);
    }
}

impl Queue {
    /// Drops the waiting requests whose clients have gone.
    fn forget_the_gone(&mut self) {
        let (mut queued, mut seconds) = (0, 0.0);
        self.waiting.retain(|_, w| {
            w.retain(|x| !x.tx.is_closed());
            queued += w.len();
            seconds += w.iter().map(|x| x.seconds).sum::<f64>();
            !w.is_empty()
        });
        let waiting = &self.waiting;
        self.turns.retain(|c| waiting.contains_key(c));
        self.queued = queued;
        self.queued_seconds = seconds;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn heavy(workers: usize) -> Arc<Heavy> {
        let limits = ServerLimits {
            max_queued: 4,
            max_queued_per_address: 2,
            max_queued_seconds: 100.0,
            ..ServerLimits::default()
        };
        Arc::new(Heavy {
            workers,
            finished: AtomicBool::new(false),
            limits,
            admitting: AtomicBool::new(true),
            queue: Mutex::default(),
        })
    }

    fn ip(n: u8) -> IpAddr {
        IpAddr::from([127, 0, 0, n])
    }

    /// Addresses take turns: one with many waiting requests does not go before another's
    /// first; past the bounds, a request is refused at once.
    #[tokio::test]
    async fn places_go_to_addresses_in_turn() {
        let h = heavy(1);
        let Admit::Now(first) = h.admit(ip(1), 1.0) else { panic!("a free place") };
        let a1 = match h.admit(ip(1), 1.0) {
            Admit::Wait(w) => w,
            _ => panic!("queued"),
        };
        let a2 = match h.admit(ip(1), 1.0) {
            Admit::Wait(w) => w,
            _ => panic!("queued"),
        };
        assert!(matches!(h.admit(ip(1), 1.0), Admit::Full { .. }), "two per address");
        let b1 = match h.admit(ip(2), 1.0) {
            Admit::Wait(w) => w,
            _ => panic!("queued"),
        };
        drop(first);
        let s = a1.recv().await.expect("the first address's oldest");
        drop(s);
        let s = b1.recv().await.expect("then the second address, before the first's second");
        drop(a2);
        drop(s);
        assert_eq!(h.lock().running, 0, "a place handed to a request gone is free again");
    }
}
