//! The HTTP server: hyper through axum on tokio, with tower-http layers, and the core's
//! computations on a bounded pool beside the I/O.
//!
//! - `listen`: the accept loop. hyper's HTTP/1.1 connections with a deadline for the
//!   request line and headers (`head_timeout`, then the connection is closed) and a buffer
//!   of at most 16 KiB; at most `max_connections` open and `max_per_address` from one client
//!   address (past either, the newcomer is answered 503 in words and closed). A stalled
//!   connection costs a socket and a few kilobytes, never a thread.
//! - `http`: the router. The page's files (and the findings and the OpenAPI document) with
//!   an ETag, answered 304 to a matching `If-None-Match`, and HEAD; every API path through
//!   [`crate::api::prepare`]. Layers: the head's size (`max_head`, 431 in words), the body's
//!   size ([`crate::api::MAX_BODY`], 413 in words, refused from its Content-Length before it
//!   is read), the body's time (a gap of `read_timeout` between its parts, or
//!   `body_timeout` in all: 408 in words), the whole request's (`request_timeout`, 408),
//!   gzip for answers over 4 KiB to clients that accept it, `X-Content-Type-Options`.
//! - `pool`: where the core computes, never on the executor. A request is read and checked
//!   on a *cheap* lane of `cheap_workers` blocking threads; work the core estimates under
//!   `cheap_seconds` runs there at once. Heavier work goes to the *heavy* lane: at most
//!   `heavy_workers` at a time, the rest queued per client address and taken in turn (one
//!   address cannot starve another), refused at once with 503 and `Retry-After` when the
//!   queue holds `max_queued` requests, `max_queued_per_address` of one address, or
//!   `max_queued_seconds` of estimated work.
//!
//! Every computation carries its request's cancellation token: the token is set when the
//! client goes away (hyper drops the request's future when it reads the connection's end),
//! when the request passes `compute_deadline` (answered 422 in words), and when the server
//! stops; the core then stops within a fraction of a second and its worker and memory are
//! free. On SIGINT or SIGTERM ([`Running::wait`]) the server stops accepting, lets the
//! requests in flight finish for up to `shutdown_grace`, cancels what is left (answered 503),
//! and returns, so that `grundy serve` exits 0.

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use thiserror::Error;
use tokio::sync::watch;

mod http;
mod listen;
mod memory;
mod pool;

/// The client's address, which the accept loop puts in each request's extensions and the
/// router reads (for the fair queue per client).
#[derive(Clone, Copy, Debug)]
struct Peer(SocketAddr);

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on (port 0: any free port).
    pub addr: SocketAddr,
    /// Heavy computations at once (the heavy lane's workers).
    pub workers: usize,
}

/// Time and size bounds on every connection, and the pool's.
#[derive(Clone, Copy, Debug)]
pub struct ServerLimits {
    /// The request line and headers must arrive within this (then the connection closes).
    pub head_timeout: Duration,
    /// Longest gap between two parts of a body.
    pub read_timeout: Duration,
    /// The whole body must arrive within this (408).
    pub body_timeout: Duration,
    /// The whole request, answer included (408): a backstop above the others.
    pub request_timeout: Duration,
    /// Longest a computation may take, queue included; then its token is set (422).
    pub compute_deadline: Duration,
    /// Bytes of request line and headers (431).
    pub max_head: usize,
    /// Connections open at once.
    pub max_connections: usize,
    /// Connections open at once from one client address.
    pub max_per_address: usize,
    /// Threads that read requests and do cheap work.
    pub cheap_workers: usize,
    /// Work the core estimates under this many seconds is cheap.
    pub cheap_seconds: f64,
    /// Heavy requests waiting at most, in all.
    pub max_queued: usize,
    /// Heavy requests waiting at most from one address.
    pub max_queued_per_address: usize,
    /// Estimated seconds of heavy work waiting at most.
    pub max_queued_seconds: f64,
    /// On SIGINT or SIGTERM, how long requests in flight may go on before they are cancelled.
    pub shutdown_grace: Duration,
}

impl Default for ServerLimits {
    fn default() -> ServerLimits {
        ServerLimits {
            head_timeout: Duration::from_secs(2),
            read_timeout: Duration::from_secs(5),
            body_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(60),
            compute_deadline: Duration::from_secs(20),
            max_head: 8 * 1024,
            max_connections: 4096,
            max_per_address: 512,
            cheap_workers: 8,
            cheap_seconds: 0.02,
            max_queued: 64,
            max_queued_per_address: 16,
            max_queued_seconds: 30.0,
            shutdown_grace: Duration::from_secs(5),
        }
    }
}

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
    /// The runtime or the signal handlers could not be set up.
    #[error("cannot start the server: {err}")]
    Runtime {
        /// Why the system refused.
        err: io::Error,
    },
}

/// A running server: [`Running::stop`] stops it, [`Running::wait`] serves until SIGINT or
/// SIGTERM; each stops gracefully.
pub struct Running {
    stop: watch::Sender<bool>,
    thread: thread::JoinHandle<()>,
    /// The address it listens on (the port chosen, when 0 was asked).
    pub addr: SocketAddr,
}

impl Running {
    /// Stops gracefully: no new connection, the requests in flight finish (or are cancelled
    /// after the grace), then returns.
    pub fn stop(self) {
        let _ = self.stop.send(true);
        let _ = self.thread.join();
    }

    /// Serves until SIGINT or SIGTERM, then stops as [`Running::stop`] does.
    pub fn wait(self) {
        let _ = self.thread.join();
    }
}

/// Starts the server with the default [`ServerLimits`].
pub fn serve(options: &ServeOptions) -> Result<Running, ServeError> {
    serve_with(options, ServerLimits::default())
}

/// Starts the server with the given limits, on a thread of its own running a tokio runtime
/// (two I/O threads; the computations on the pool's blocking threads).
pub fn serve_with(options: &ServeOptions, limits: ServerLimits) -> Result<Running, ServeError> {
    memory::limit_arenas();
    // The value table first, so that the first page is answered at once.
    crate::api::warm_up();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("grundy-web-io")
        .enable_all()
        .build()
        .map_err(|err| ServeError::Runtime { err })?;
    // A long queue of connections not yet accepted: with the default of 1,024, 800
    // clients connecting at once overflowed it and some waited for a SYN resent after 1 s.
    let listener = runtime
        .block_on(async {
            let socket = match options.addr {
                SocketAddr::V4(_) => tokio::net::TcpSocket::new_v4()?,
                SocketAddr::V6(_) => tokio::net::TcpSocket::new_v6()?,
            };
            socket.set_reuseaddr(true)?;
            socket.bind(options.addr)?;
            socket.listen(4096)
        })
        .map_err(|err| ServeError::Bind { addr: options.addr, err })?;
    let addr = listener.local_addr().map_err(|err| ServeError::LocalAddr { err })?;
    let (stop, stopping) = watch::channel(false);
    let signals = {
        let _entered = runtime.enter();
        listen::Signals::install().map_err(|err| ServeError::Runtime { err })?
    };
    let pool = Arc::new(pool::Pool::new(options.workers.max(1), limits));
    let thread = thread::Builder::new()
        .name("grundy-web".into())
        .spawn(move || {
            runtime.block_on(listen::run(listener, pool, limits, stopping, signals));
            // Every computation has been cancelled by now; give their threads a moment.
            runtime.shutdown_timeout(Duration::from_secs(2));
        })
        .map_err(|err| ServeError::Runtime { err })?;
    Ok(Running { stop, thread, addr })
}
