//! The HTTP server: std `TcpListener` on a loopback address, one short-lived thread per
//! connection, a small HTTP/1.1 request reader of our own with limits, and a panic guard.
//!
//! Why not tiny_http any more: tiny_http 0.12 sets no read timeout on the sockets it
//! accepts and offers no way to set one (its `ServerConfig` has only the address and TLS;
//! the request's body reader is a plain blocking `Read` over the socket). Four clients that
//! announce a 16,000-byte body and send one byte held all four workers, and `GET /` waited
//! for as long as they stayed connected. Here every socket gets a read and a write timeout
//! (`set_read_timeout`), a whole request must arrive within a deadline, and a slow client
//! holds only its own thread, never a worker another request needs.
//!
//! Bounds, all in [`Limits`]: at most `max_connections` connections at once (more are
//! answered 503 at once); the request line and headers at most `max_head` bytes; the body
//! at most [`MAX_BODY`] bytes (413 without reading it); every read waits at most
//! `read_timeout`, and the whole request must arrive within `request_deadline` (408
//! otherwise); writing the reply waits at most `write_timeout`. At most `workers` requests
//! are *handled* (computed) at once: reading and writing do not take a worker. One request
//! per connection (`Connection: close`), which keeps the reader small.

use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use thiserror::Error;

use crate::api::{handle, Reply, MAX_BODY};

/// Where and how to serve.
#[derive(Clone, Debug)]
pub struct ServeOptions {
    /// The address to listen on; port 0 lets the system choose one.
    pub addr: SocketAddr,
    /// Requests handled (computed) at once.
    pub workers: usize,
}

/// Time and size bounds on every connection.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Longest wait for any one read from the client.
    pub read_timeout: Duration,
    /// Longest wait for any one write to the client.
    pub write_timeout: Duration,
    /// The whole request (line, headers, body) must arrive within this.
    pub request_deadline: Duration,
    /// Bytes of request line and headers.
    pub max_head: usize,
    /// Connections open at once.
    pub max_connections: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            read_timeout: Duration::from_secs(5),
            write_timeout: Duration::from_secs(5),
            request_deadline: Duration::from_secs(10),
            max_head: 8 * 1024,
            max_connections: 64,
        }
    }
}

/// Why the server could not start.
#[derive(Debug, Error)]
pub enum ServeError {
    #[error("cannot listen on {addr}: {err}")]
    /// The address could not be bound (in use, or not allowed).
    Bind {
        /// The address asked for.
        addr: SocketAddr,
        /// The I/O error.
        err: io::Error,
    },
    #[error("cannot read the listening address: {err}")]
    /// The bound socket could not report its address.
    LocalAddr {
        /// The I/O error.
        err: io::Error,
    },
}

/// Why a request could not be read; each maps to one status code.
#[derive(Debug, Error)]
pub enum RequestError {
    #[error("the request did not arrive within {seconds} s")]
    /// The request was not complete within the deadline, or one read waited too long (408).
    Timeout {
        /// The request deadline, in whole seconds (at least 1).
        seconds: u64,
    },
    #[error("the connection closed before the request was complete")]
    /// The client closed the connection mid-request (400).
    Closed,
    #[error("request line and headers over {max} bytes")]
    /// The request line and headers are longer than the limit (431).
    HeadTooLarge {
        /// The limit, in bytes.
        max: usize,
    },
    #[error("bad request line {line:?}: expected METHOD /path HTTP/1.x")]
    /// The first line is not `METHOD /path HTTP/1.0` or `HTTP/1.1` (400).
    BadRequestLine {
        /// The line as found, cut to 80 characters.
        line: String,
    },
    #[error("bad header line {line:?}")]
    /// A header line has no colon (400).
    BadHeader {
        /// The line as found, cut to 80 characters.
        line: String,
    },
    #[error("bad Content-Length {value:?}")]
    /// A Content-Length is not digits, or two of them differ (400).
    BadContentLength {
        /// The value as found, cut to 40 characters.
        value: String,
    },
    #[error("request body over {MAX_BODY} bytes")]
    /// The announced body is longer than [`MAX_BODY`] (413).
    BodyTooLarge,
    #[error("Transfer-Encoding is not supported; send a Content-Length")]
    /// The request has a Transfer-Encoding, which this reader does not decode (411).
    TransferEncoding,
    #[error("cannot read the request: {err}")]
    /// Reading from or writing to the socket failed (400).
    Io {
        /// The I/O error.
        err: io::Error,
    },
}

impl RequestError {
    fn status(&self) -> u16 {
        match self {
            RequestError::Timeout { .. } => 408,
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
    /// The method, upper case (`GET`, `POST`).
    pub method: String,
    /// The request target: the path, with any query.
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
    /// The address listened on, with the port the system chose if 0 was asked for.
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
    let open = Arc::new(AtomicUsize::new(0));
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
            if open.fetch_add(1, Ordering::SeqCst) >= limits.max_connections {
                open.fetch_sub(1, Ordering::SeqCst);
                // Busy: say so at once, on this thread, within the write timeout.
                let _ = stream.set_write_timeout(Some(limits.write_timeout));
                // The drain is kept short here: this is the accepting thread.
                send(&stream, &Reply::error(503, "too many connections; try again"), Duration::from_millis(50));
                continue;
            }
            let (permits, mine) = (permits.clone(), open.clone());
            let spawned = thread::Builder::new().name("grundy-web-connection".into()).spawn(move || {
                connection(stream, &permits, limits);
                mine.fetch_sub(1, Ordering::SeqCst);
            });
            if spawned.is_err() {
                open.fetch_sub(1, Ordering::SeqCst);
            }
        }
    });
    Ok(Running { stopping, acceptor, addr })
}

/// One connection: read one request within the limits, answer it, close.
fn connection(stream: TcpStream, permits: &Permits, limits: Limits) {
    if stream.set_write_timeout(Some(limits.write_timeout)).is_err() {
        return;
    }
    let reply = match read_request(&stream, limits) {
        Err(e) => Reply::error(e.status(), e.to_string()),
        Ok(request) => {
            let _permit = permits.acquire();
            catch_unwind(AssertUnwindSafe(|| handle(&request.method, &request.target, &request.body)))
                .unwrap_or_else(|_| Reply::error(500, "internal error (the request was logged)"))
        }
    };
    send(&stream, &reply, limits.read_timeout.min(Duration::from_secs(1)));
}

/// Writes the reply, then lets the client read it before the socket closes: unread input
/// (a body refused with 413) would otherwise make the close a reset that can discard the
/// reply. The drain is bounded in bytes and by `drain` in time.
fn send(mut stream: &TcpStream, reply: &Reply, drain: Duration) {
    let head = format!(
        "HTTP/1.1 {} {}\r\nContent-Type: {}\r\nX-Content-Type-Options: nosniff\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
        reply.status,
        reason(reply.status),
        reply.content_type,
        reply.body.len()
    );
    // A client that went away is not our error.
    if stream
        .write_all(head.as_bytes())
        .and_then(|_| stream.write_all(&reply.body))
        .and_then(|_| stream.flush())
        .is_err()
    {
        return;
    }
    let _ = stream.shutdown(Shutdown::Write);
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

/// Reads from the socket with every wait bounded by the read timeout and the deadline.
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
    read_timeout: Duration,
    deadline: Duration,
}

impl Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, RequestError> {
        let timeout = || RequestError::Timeout { seconds: self.deadline.as_secs().max(1) };
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(timeout());
        }
        self.stream.set_read_timeout(Some(left.min(self.read_timeout))).map_err(|err| RequestError::Io { err })?;
        let mut stream = self.stream;
        match stream.read(buf) {
            Ok(n) => Ok(n),
            Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => Err(timeout()),
            Err(e) if e.kind() == io::ErrorKind::Interrupted => self.read(buf),
            Err(err) => Err(RequestError::Io { err }),
        }
    }
}

/// Reads one request within the limits.
pub fn read_request(stream: &TcpStream, limits: Limits) -> Result<Request, RequestError> {
    let mut src = Deadline {
        stream,
        until: Instant::now() + limits.request_deadline,
        read_timeout: limits.read_timeout,
        deadline: limits.request_deadline,
    };
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    let head_end = loop {
        if let Some(i) = find_head_end(&buf) {
            break i;
        }
        if buf.len() > limits.max_head {
            return Err(RequestError::HeadTooLarge { max: limits.max_head });
        }
        let n = src.read(&mut chunk)?;
        if n == 0 {
            return Err(RequestError::Closed);
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    if head_end > limits.max_head {
        return Err(RequestError::HeadTooLarge { max: limits.max_head });
    }
    let head = parse_head(&buf[..head_end])?;
    let mut body = buf[head_end + 4..].to_vec();
    body.truncate(head.content_length);
    // curl and others wait (a second, for curl) for this before they send a body.
    if head.expect_continue && body.len() < head.content_length {
        let mut out = stream;
        out.write_all(b"HTTP/1.1 100 Continue\r\n\r\n").map_err(|err| RequestError::Io { err })?;
    }
    while body.len() < head.content_length {
        let want = (head.content_length - body.len()).min(chunk.len());
        let n = src.read(&mut chunk[..want])?;
        if n == 0 {
            return Err(RequestError::Closed);
        }
        body.extend_from_slice(&chunk[..n]);
    }
    Ok(Request { method: head.method, target: head.target, body })
}

fn find_head_end(buf: &[u8]) -> Option<usize> {
    buf.windows(4).position(|w| w == b"\r\n\r\n")
}

/// The request line and the one header that matters here.
#[derive(Debug, PartialEq, Eq)]
pub struct Head {
    /// The method, upper case.
    pub method: String,
    /// The request target: the path, with any query.
    pub target: String,
    /// The body's length in bytes, from Content-Length (0 when absent).
    pub content_length: usize,
    /// `Expect: 100-continue` was sent.
    pub expect_continue: bool,
}

/// Parses the request line and headers (without the blank line). Pure, so that it can be
/// tested on any bytes.
pub fn parse_head(bytes: &[u8]) -> Result<Head, RequestError> {
    let text = String::from_utf8_lossy(bytes);
    let mut lines = text.split("\r\n");
    let line = lines.next().unwrap_or_default();
    let bad_line = || RequestError::BadRequestLine { line: line.chars().take(80).collect() };
    let mut parts = line.split(' ');
    let (Some(method), Some(target), Some(version), None) = (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(bad_line());
    };
    let method_ok = !method.is_empty() && method.bytes().all(|b| b.is_ascii_uppercase());
    if !method_ok || !target.starts_with('/') || !matches!(version, "HTTP/1.0" | "HTTP/1.1") {
        return Err(bad_line());
    }
    let mut content_length: Option<usize> = None;
    let mut expect_continue = false;
    for header in lines {
        let Some((name, value)) = header.split_once(':') else {
            return Err(RequestError::BadHeader { line: header.chars().take(80).collect() });
        };
        let (name, value) = (name.trim(), value.trim());
        if name.eq_ignore_ascii_case("transfer-encoding") {
            return Err(RequestError::TransferEncoding);
        }
        if name.eq_ignore_ascii_case("expect") && value.eq_ignore_ascii_case("100-continue") {
            expect_continue = true;
        }
        if name.eq_ignore_ascii_case("content-length") {
            let bad = || RequestError::BadContentLength { value: value.chars().take(40).collect() };
            if value.is_empty() || !value.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            // Too many digits for usize is certainly too large.
            let n = value.parse::<usize>().map_err(|_| RequestError::BodyTooLarge)?;
            if content_length.is_some_and(|c| c != n) {
                return Err(bad());
            }
            content_length = Some(n);
        }
    }
    let content_length = content_length.unwrap_or(0);
    if content_length > MAX_BODY {
        return Err(RequestError::BodyTooLarge);
    }
    Ok(Head { method: method.to_string(), target: target.to_string(), content_length, expect_continue })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn heads() {
        let h = parse_head(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\ncontent-length: 12").unwrap();
        assert_eq!((h.method.as_str(), h.target.as_str(), h.content_length), ("POST", "/api/analyze", 12));
        assert_eq!(parse_head(b"GET / HTTP/1.0").unwrap().content_length, 0);
        assert!(parse_head(b"POST / HTTP/1.1\r\nExpect: 100-continue\r\nContent-Length: 3").unwrap().expect_continue);
        for bad in [
            &b"NONSENSE"[..],
            b"GET /",
            b"GET / HTTP/2",
            b"get / HTTP/1.1",
            b"GET x HTTP/1.1",
            b"GET / HTTP/1.1 extra",
            b"GET / HTTP/1.1\r\nno colon",
            b"POST / HTTP/1.1\r\nContent-Length: -1",
            b"POST / HTTP/1.1\r\nContent-Length: 1\r\nContent-Length: 2",
        ] {
            assert!(matches!(parse_head(bad), Err(e) if e.status() == 400), "{}", String::from_utf8_lossy(bad));
        }
        let big = parse_head(b"POST / HTTP/1.1\r\nContent-Length: 99999999999999999999999999");
        assert!(matches!(big, Err(RequestError::BodyTooLarge)));
        let big = parse_head(format!("POST / HTTP/1.1\r\nContent-Length: {}", MAX_BODY + 1).as_bytes());
        assert!(matches!(big, Err(RequestError::BodyTooLarge)));
        let chunked = parse_head(b"POST / HTTP/1.1\r\nTransfer-Encoding: chunked");
        assert!(matches!(chunked, Err(RequestError::TransferEncoding)));
    }
}
