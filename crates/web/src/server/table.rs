//! The table of open connections: who may come in, who is shed to make room, and how many
//! each address holds. The rules are in the documentation of [`super`]; the acceptor calls
//! [`Table::admit`] for each new connection, and each connection's thread reports its
//! [`Phase`] as it goes and leaves the table when it ends.

use std::net::{IpAddr, Shutdown, TcpStream};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use super::{Limits, ADMIT_WAIT};

/// What a connection is doing, in the order in which connections are shed (never the last
/// two: their request has arrived).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
#[repr(u8)]
pub(super) enum Phase {
    /// The reply is sent; waiting for the client to close.
    Draining,
    /// Reading the request line and headers.
    Head,
    /// Reading the body.
    Body,
    /// Writing the reply.
    Writing,
    /// The request has arrived; waiting for a worker.
    Queued,
    /// A worker is computing the reply.
    Handling,
}

const PHASES: [Phase; 6] = [Phase::Draining, Phase::Head, Phase::Body, Phase::Writing, Phase::Queued, Phase::Handling];
/// The value of [`Slot::phase`] once the connection is shed.
const SHED: u8 = u8::MAX;

/// One open connection in the table.
pub(super) struct Slot {
    id: u64,
    ip: IpAddr,
    /// A handle on the socket, to shut it down when the connection is shed.
    socket: TcpStream,
    /// A [`Phase`] as `u8`, or [`SHED`].
    phase: AtomicU8,
    /// When the current phase began, in nanoseconds since `epoch`.
    since: AtomicU64,
    /// The table's epoch.
    epoch: Instant,
}

impl Slot {
    pub(super) fn is_shed(&self) -> bool {
        self.phase.load(Ordering::SeqCst) == SHED
    }

    /// Moves to `phase`; false if the connection was shed (then it must stop).
    pub(super) fn enter(&self, phase: Phase) -> bool {
        self.since.store(nanos_since(self.epoch, Instant::now()), Ordering::SeqCst);
        let mut current = self.phase.load(Ordering::SeqCst);
        loop {
            if current == SHED {
                return false;
            }
            match self.phase.compare_exchange(current, phase as u8, Ordering::SeqCst, Ordering::SeqCst) {
                Ok(_) => return true,
                Err(now) => current = now,
            }
        }
    }

    /// Marks the connection shed if it is still in `phase`, and wakes its thread: a reader
    /// sees the end of the input and answers 503; a writer or a drain fails and closes.
    fn shed(&self, phase: Phase) -> bool {
        if self.phase.compare_exchange(phase as u8, SHED, Ordering::SeqCst, Ordering::SeqCst).is_err() {
            return false;
        }
        let how = if matches!(phase, Phase::Head | Phase::Body) { Shutdown::Read } else { Shutdown::Both };
        let _ = self.socket.shutdown(how);
        true
    }
}

fn nanos_since(epoch: Instant, at: Instant) -> u64 {
    u64::try_from(at.saturating_duration_since(epoch).as_nanos()).unwrap_or(u64::MAX)
}

/// The open connections: admission, shedding and the per-address count.
pub(super) struct Table {
    slots: Mutex<Vec<Arc<Slot>>>,
    /// Notified when a connection leaves.
    left: Condvar,
    epoch: Instant,
    next_id: AtomicU64,
    limits: Limits,
}

/// Removes its connection from the table when the connection's thread ends, however.
pub(super) struct Leave<'a> {
    pub(super) table: &'a Table,
    pub(super) slot: &'a Arc<Slot>,
}

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.table.leave(self.slot);
    }
}

impl Table {
    pub(super) fn new(limits: Limits) -> Table {
        Table {
            slots: Mutex::new(Vec::new()),
            left: Condvar::new(),
            epoch: Instant::now(),
            next_id: AtomicU64::new(0),
            limits,
        }
    }

    fn nanos(&self, at: Instant) -> u64 {
        nanos_since(self.epoch, at)
    }

    /// A place for a new connection from `ip`, or the reason for a 503. See the module
    /// documentation for the rules.
    pub(super) fn admit(&self, ip: IpAddr, socket: TcpStream) -> Result<Arc<Slot>, &'static str> {
        let give_up = Instant::now() + ADMIT_WAIT;
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        loop {
            let now = Instant::now();
            let from_ip = slots.iter().filter(|s| s.ip == ip && !s.is_shed()).count();
            if from_ip >= self.limits.max_per_ip && !self.shed_one(&slots, now, Some(ip)) {
                return Err("too many connections from your address; try again");
            }
            if slots.len() < self.limits.max_connections {
                let slot = Arc::new(Slot {
                    id: self.next_id.fetch_add(1, Ordering::SeqCst),
                    ip,
                    socket,
                    phase: AtomicU8::new(Phase::Head as u8),
                    since: AtomicU64::new(self.nanos(now)),
                    epoch: self.epoch,
                });
                slots.push(slot.clone());
                return Ok(slot);
            }
            // Full: make room unless a shed connection is already leaving, then wait for it.
            if !slots.iter().any(|s| s.is_shed()) {
                self.shed_one(&slots, now, None);
            }
            if now >= give_up {
                return Err("too many connections; try again");
            }
            let wait = give_up.saturating_duration_since(now).min(Duration::from_millis(20));
            slots = self.left.wait_timeout(slots, wait).unwrap_or_else(|e| e.into_inner()).0;
        }
    }

    /// Sheds the first connection (of `ip`, if given) in the order of the module
    /// documentation; false if none may be shed.
    fn shed_one(&self, slots: &[Arc<Slot>], now: Instant, ip: Option<IpAddr>) -> bool {
        let now = self.nanos(now);
        let patience = u64::try_from(self.limits.shed_after.as_nanos()).unwrap_or(u64::MAX);
        let victim = slots
            .iter()
            .filter(|s| ip.is_none_or(|ip| s.ip == ip))
            .filter_map(|s| {
                let phase = *PHASES.get(usize::from(s.phase.load(Ordering::SeqCst)))?;
                let since = s.since.load(Ordering::SeqCst);
                let sheddable = match phase {
                    Phase::Draining => true,
                    Phase::Head | Phase::Body | Phase::Writing => now.saturating_sub(since) >= patience,
                    Phase::Queued | Phase::Handling => false,
                };
                sheddable.then_some((phase, since, s))
            })
            .min_by_key(|&(phase, since, _)| (phase, since));
        // The connection may have moved on since it was looked at; then it is not shed,
        // and the caller looks again.
        victim.is_some_and(|(phase, _, s)| s.shed(phase))
    }

    pub(super) fn leave(&self, slot: &Slot) {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.retain(|s| s.id != slot.id);
        self.left.notify_all();
    }
}
