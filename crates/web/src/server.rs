//! The HTTP server: std `TcpListener` on a loopback address, one short-lived thread per
//! connection, a small HTTP/1.1 request reader of our own with limits, a table of the open
//! connections that sheds stalled ones when it is full, and a panic guard.
//!
//! Why not tiny_http any more: tiny_http 0.12 sets no read timeout on the sockets it
//! accepts and offers no way to set one (its `ServerConfig` has only the address and TLS;
//! the request's body reader is a plain blocking `Read` over the socket). Four clients that
//! announce a 16,000-byte body and send one byte held all four workers, and `GET /` waited
//! for as long as they stayed connected. Here every socket gets a read and a write timeout
//! (`set_read_timeout`), the request must arrive within its deadlines, and a slow client
//! holds only its own thread, never a worker another request needs.
//!
//! Why a table that sheds: a fixed cap that refuses newcomers lets 64 clients that connect
//! and send nothing shut everyone else out (`GET /` answered 503 until they left). Now the
//! newcomer is admitted and the connection that has waited longest without sending its
//! request makes room, so a quick request is always served and a stalled one only loses its
//! own connection. The acceptor decides, for each new connection:
//!
//! 1. Its address already holds `max_per_ip` connections: the oldest of them that is
//!    [sheddable](#what-may-be-shed) is closed, or, if none is, the newcomer is answered
//!    503 at once (a client at its limit hurts only itself).
//! 2. The table holds `max_connections`: the oldest sheddable connection of any address is
//!    closed and the newcomer waits for its place; if none is sheddable (every connection
//!    is being handled), the acceptor waits up to [`ADMIT_WAIT`] for one to finish or to
//!    become sheddable, and answers 503 only then.
//!
//! # What may be shed
//!
//! A connection that has been reading its request (head or body) or writing its reply for
//! longer than `shed_after` (250 ms: a request on a working connection arrives in one
//! round trip), and one whose reply is sent. Draining ones go first, then unfinished heads,
//! then unfinished bodies, then stuck replies; within each, the oldest. A connection whose
//! request has arrived (waiting for a worker, or being handled) is never shed. A shed
//! connection that was reading is answered 503 with the reason; one that was writing is
//! closed.
//!
//! # Bounds, all in [`Limits`]
//!
//! At most `max_connections` connections (256) and as many threads, plus the acceptor; at
//! most `max_per_ip` (64) from one address. The request line and headers must arrive within
//! `head_deadline` (2 s) and be at most `max_head` bytes (8 KiB); the whole request within
//! `request_deadline` (10 s, 408 otherwise), its body at most [`MAX_BODY`] bytes (80 KiB: a graph's text of 64 KiB and the rest;
//! 413 without reading it); every read waits at most `read_timeout`; the reply must be
//! written within `write_timeout` in all (not per write). At most `workers` requests are
//! *handled* (computed) at once: reading and writing do not take a worker. One request per
//! connection (`Connection: close`), which keeps the reader small.
//!
//! Memory is bounded: at most `max_connections` connection threads (256) and the acceptor;
//! each holds at most its request (2 KiB + `max_head` + [`MAX_BODY`] ≈ 90 KiB) and one
//! reply (at most about 3 MB: an analysis lists at most [`crate::api::MAX_MOVES`] moves;
//! the largest of the page's games, four Kayles rows of 1,000, is 0.8 MB), and has a 2 MiB
//! stack reserved, of which a connection touches a few pages. With the defaults that is
//! 256 × 90 KiB ≈ 23 MiB of requests; replies are made by at most `workers` threads at a
//! time but held until written (at most `write_timeout`), so at worst 256 × 3 MB ≈ 770 MB
//! if every connection asked for the largest analysis at once and read none of it (200 MB
//! with the page's games), one address at most a quarter of that.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::api::{handle, Reply, MAX_BODY};

mod read;
mod table;

use read::read_request_with;
pub use read::{parse_head, read_request, Head};

use table::{Leave, Phase, Slot, Table};

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Requests handled (computed) at once.
    pub workers: usize,
}

/// Time and size bounds on every connection.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest wait for any one read from the client.
    pub read_timeout: Duration,
    /// The whole reply must be written within this.
    pub write_timeout: Duration,
    /// The request line and headers must arrive within this.
    pub head_deadline: Duration,
    /// The whole request (line, headers, body) must arrive within this.
    pub request_deadline: Duration,
    /// Bytes of request line and headers.
    pub max_head: usize,
    /// Connections open at once.
    pub max_connections: usize,
    /// Connections open at once from one IP address.
    pub max_per_ip: usize,
    /// How long a connection may read its request (or write its reply) before it may be
    /// closed to make room for a new one when the table is full.
    pub shed_after: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read_timeout: Duration::from_secs(5),
            write_timeout: Duration::from_secs(5),
            head_deadline: Duration::from_secs(2),
            request_deadline: Duration::from_secs(10),
            max_head: 8 * 1024,
            max_connections: 256,
            max_per_ip: 64,
            shed_after: Duration::from_millis(250),
        }
    }
}

/// Longest time the acceptor waits for a place in a full table in which no connection may
/// be shed (all are being handled) before it answers 503.
pub const ADMIT_WAIT: Duration = Duration::from_secs(1);

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    /// The address could not be bound (taken, or not this machine's).
    #[error("cannot listen on {addr}: {err}")]
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// Why the system refused.
        err: io::Error,
    },
    /// The bound socket could not say its address.
    #[error("cannot read the listening address: {err}")]
    LocalAddr {
        /// Why the system refused.
        err: io::Error,
    },
}

/// Why a request could not be read; each maps to one status code.
#[derive(Debug, Error)]
pub enum RequestError {
    /// The whole request took longer than its deadline (408).
    #[error("the request did not arrive within {seconds} s")]
    Timeout {
        /// The deadline, in seconds.
        seconds: u64,
    },
    /// The request line and headers took longer than the head deadline (408).
    #[error("the request line and headers did not arrive within {seconds} s")]
    HeadTimeout {
        /// The head deadline, in seconds.
        seconds: u64,
    },
    /// The client closed the connection mid-request (400).
    #[error("the connection closed before the request was complete")]
    Closed,
    /// The request line and headers were longer than allowed (431).
    #[error("request line and headers over {max} bytes")]
    HeadTooLarge {
        /// The limit, in bytes.
        max: usize,
    },
    /// The first line was not `METHOD /path HTTP/1.x` (400).
    #[error("bad request line {line:?}: expected METHOD /path HTTP/1.x")]
    BadRequestLine {
        /// The line as received.
        line: String,
    },
    /// A header line without a colon (400).
    #[error("bad header line {line:?}")]
    BadHeader {
        /// The line as received.
        line: String,
    },
    /// A Content-Length that is not a number (400).
    #[error("bad Content-Length {value:?}")]
    BadContentLength {
        /// The header's value as received.
        value: String,
    },
    /// A body announced longer than [`MAX_BODY`] (413, without reading it).
    #[error("request body over {MAX_BODY} bytes")]
    BodyTooLarge,
    /// A chunked body, which this reader does not take (411).
    #[error("Transfer-Encoding is not supported; send a Content-Length")]
    TransferEncoding,
    /// The socket failed while reading (400).
    #[error("cannot read the request: {err}")]
    Io {
        /// What the system said.
        err: io::Error,
    },
}

impl RequestError {
    fn status(&self) -> u16 {
        match self {
            RequestError::Timeout { .. } | RequestError::HeadTimeout { .. } => 408,
            RequestError::HeadTooLarge { .. } => 431,
            RequestError::BodyTooLarge => 413,
            RequestError::TransferEncoding => 411,
            RequestError::Closed
            | RequestError::BadRequestLine { .. }
            | RequestError::BadHeader { .. }
            | RequestError::BadContentLength { .. }
            | RequestError::Io { .. } => 400,
        }
    }
}

/// A request as read from the socket.
#[derive(Debug, PartialEq, Eq)]
pub struct Request {
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path with its query string, as sent.
    pub target: String,
    /// The body, exactly Content-Length bytes.
    pub body: Vec<u8>,
}

/// A counting semaphore: at most `workers` requests are handled at once.
struct Permits {
    free: Mutex<usize>,
    freed: Condvar,
}

impl Permits {
    fn acquire(&self) -> PermitGuard<'_> {
        let mut free = self.free.lock().unwrap_or_else(|e| e.into_inner());
        while *free == 0 {
            free = self.freed.wait(free).unwrap_or_else(|e| e.into_inner());
        }
        *free -= 1;
        PermitGuard(self)
    }
}

struct PermitGuard<'a>(&'a Permits);

impl Drop for PermitGuard<'_> {
    fn drop(&mut self) {
        *self.0.free.lock().unwrap_or_else(|e| e.into_inner()) += 1;
        self.0.freed.notify_one();
    }
}

/// A running server; dropping it does not stop it, [`Running::stop`] does.
pub struct Running {
    stopping: Arc<AtomicBool>,
    acceptor: thread::JoinHandle<()>,
    /// The address it listens on (the port chosen, when 0 was asked).
    pub addr: SocketAddr,
}

impl Running {
    /// Stops accepting connections; connections already open finish within their bounds.
    pub fn stop(self) {
        self.stopping.store(true, Ordering::SeqCst);
        // Wake the blocking accept with a connection of our own.
        let _ = TcpStream::connect_timeout(&self.addr, Duration::from_secs(1));
        let _ = self.acceptor.join();
    }

    /// Serves until the process ends.
    pub fn wait(self) {
        let _ = self.acceptor.join();
    }
}

/// Starts the server with the default [`Limits`].
pub fn serve(options: &ServeOptions) -> Result<Running, ServeError> {
    serve_with(options, Limits::default())
}

/// Starts the server with the given limits.
pub fn serve_with(options: &ServeOptions, limits: Limits) -> Result<Running, ServeError> {
    // The value table first, so that the first page is answered at once.
    crate::api::warm_up();
    let listener = TcpListener::bind(options.addr).map_err(|err| ServeError::Bind { addr: options.addr, err })?;
    let addr = listener.local_addr().map_err(|err| ServeError::LocalAddr { err })?;
    let stopping = Arc::new(AtomicBool::new(false));
    let permits = Arc::new(Permits { free: Mutex::new(options.workers.max(1)), freed: Condvar::new() });
    let table = Arc::new(Table::new(limits));
    let flag = stopping.clone();
    let acceptor = thread::spawn(move || {
        for stream in listener.incoming() {
            if flag.load(Ordering::SeqCst) {
                break;
            }
            // A failed accept (the client left, too many open files) concerns that client
            // only; pause a moment so that a persistent failure does not spin.
            let Ok(stream) = stream else {
                thread::sleep(Duration::from_millis(10));
                continue;
            };
            let (Ok(peer), Ok(handle)) = (stream.peer_addr(), stream.try_clone()) else { continue };
            let slot = match table.admit(peer.ip(), handle) {
                Ok(slot) => slot,
                Err(reason) => {
                    // Say so at once, on this thread; the drain is kept short here.
                    send(&stream, &Reply::error(503, reason), limits.write_timeout, Duration::from_millis(50));
                    continue;
                }
            };
            let (permits, mine, leaving) = (permits.clone(), table.clone(), slot.clone());
            let spawned = thread::Builder::new().name("grundy-web-connection".into()).spawn(move || {
                let _leave = Leave { table: &mine, slot: &leaving };
                connection(stream, &leaving, &permits, limits);
            });
            if spawned.is_err() {
                table.leave(&slot);
            }
        }
    });
    Ok(Running { stopping, acceptor, addr })
}

/// One connection: read one request within the limits, answer it, close.
fn connection(stream: TcpStream, slot: &Slot, permits: &Permits, limits: Limits) {
    let shed = || Reply::error(503, "the server was full and this request had not arrived; send it at once");
    let reply = match read_request_with(&stream, limits, &mut || slot.enter(Phase::Body)) {
        Err(_) if slot.is_shed() => shed(),
        Err(e) => Reply::error(e.status(), e.to_string()),
        Ok(_) if !slot.enter(Phase::Queued) => shed(),
        Ok(request) => {
            let _permit = permits.acquire();
            slot.enter(Phase::Handling);
            catch_unwind(AssertUnwindSafe(|| handle(&request.method, &request.target, &request.body)))
                .unwrap_or_else(|_| Reply::error(500, "internal error (the request was logged)"))
        }
    };
    // A connection shed while it read is still answered (only its input was shut); one
    // shed while it writes or drains finds its socket shut and ends.
    slot.enter(Phase::Writing);
    let drain = limits.read_timeout.min(Duration::from_secs(1));
    send_then(&stream, &reply, limits.write_timeout, drain, || {
        slot.enter(Phase::Draining);
    });
}

/// Writes the reply (within `write_within` in all), then lets the client read it before the
/// socket closes: unread input (a body refused with 413) would otherwise make the close a
/// reset that can discard the reply. The drain is bounded in bytes and by `drain` in time.
fn send(stream: &TcpStream, reply: &Reply, write_within: Duration, drain: Duration) {
    send_then(stream, reply, write_within, drain, || {});
}

/// [`send`], calling `sent` between the writing and the drain.
fn send_then(mut stream: &TcpStream, reply: &Reply, write_within: Duration, drain: Duration, sent: impl FnOnce()) {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    let until = Instant::now() + write_within;
    // A client that went away is not our error.
    if write_by(stream, head.as_bytes(), until).and_then(|_| write_by(stream, &reply.body, until)).is_err() {
        return;
    }
    let _ = stream.flush();
    let _ = stream.shutdown(Shutdown::Write);
    sent();
    let until = Instant::now() + drain;
    let mut sink = [0u8; 4096];
    let mut drained = 0usize;
    while drained < 256 * 1024 {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() || stream.set_read_timeout(Some(left)).is_err() {
            break;
        }
        match stream.read(&mut sink) {
            Ok(0) | Err(_) => break,
            Ok(n) => drained += n,
        }
    }
}

/// Writes all of `bytes` by `until`: a client that reads a byte now and then cannot hold
/// the connection longer than that.
fn write_by(mut stream: &TcpStream, mut bytes: &[u8], until: Instant) -> io::Result<()> {
    while !bytes.is_empty() {
        let left = until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        stream.set_write_timeout(Some(left))?;
        match stream.write(bytes) {
            Ok(0) => return Err(io::ErrorKind::WriteZero.into()),
            Ok(n) => bytes = &bytes[n..],
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        400 => "Bad Request",
        404 => "Not Found",
        405 => "Method Not Allowed",
        408 => "Request Timeout",
        411 => "Length Required",
        413 => "Content Too Large",
        422 => "Unprocessable Content",
        431 => "Request Header Fields Too Large",
        500 => "Internal Server Error",
        503 => "Service Unavailable",
        _ => "",
    }
}
