//! A server that holds (issues 25 and 38): stalled and slow clients, from several addresses,
//! do not shut the others out, and every limit is answered in words. The clients come from
//! loopback source addresses (127.0.0.2, 127.0.0.3, ...: on Linux the whole 127.0.0.0/8 is
//! loopback), bounded in count, and every socket has a timeout, so each test stops by itself
//! within a few seconds.

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use grundy_web::{serve, serve_with, ServeOptions, ServerLimits};
use socket2::{Domain, Socket, Type};

fn loopback(workers: usize) -> ServeOptions {
    ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers }
}

/// The n-th client address: 127.0.0.2, 127.0.0.3, ...
fn client(n: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, 2 + n)
}

/// A connection to `addr` from the source address `from`.
fn connect_from(from: Ipv4Addr, addr: SocketAddr) -> TcpStream {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).unwrap();
    socket.bind(&SocketAddr::new(from.into(), 0).into()).unwrap();
    socket.connect_timeout(&addr.into(), Duration::from_secs(5)).unwrap();
    let stream: TcpStream = socket.into();
    stream.set_read_timeout(Some(Duration::from_secs(15))).unwrap();
    stream
}

/// How a client stalls.
#[derive(Clone, Copy)]
enum Stall {
    /// Connects and sends nothing.
    Silent,
    /// Sends half a request head.
    HalfHead,
    /// Sends a head announcing 16,000 bytes of body, and one byte of it.
    Body,
}

fn stall(from: Ipv4Addr, addr: SocketAddr, how: Stall) -> TcpStream {
    let mut s = connect_from(from, addr);
    let sent: &[u8] = match how {
        Stall::Silent => b"",
        Stall::HalfHead => b"GET / HTTP/1.1\r\nHost: x\r\n",
        Stall::Body => b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 16000\r\n\r\n{",
    };
    s.write_all(sent).unwrap();
    s
}

/// The answer to `raw` sent from `from`: its status and the whole text.
fn request_from(from: Ipv4Addr, addr: SocketAddr, raw: &[u8]) -> (Option<u16>, String) {
    let mut s = connect_from(from, addr);
    if s.write_all(raw).is_err() {
        return (None, String::new());
    }
    answer_of(&mut s)
}

/// The status and text the server sends on `s` (read to the end, within the read timeout).
fn answer_of(s: &mut TcpStream) -> (Option<u16>, String) {
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    (text.split_whitespace().nth(1).and_then(|c| c.parse().ok()), text)
}

/// Whether the server has neither answered nor closed `s` within `wait`.
fn still_open(s: &mut TcpStream, wait: Duration) -> bool {
    s.set_read_timeout(Some(wait)).unwrap();
    let mut byte = [0u8; 1];
    matches!(s.read(&mut byte), Err(e) if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut))
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes()
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!("POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}", body.len())
        .into_bytes()
}

/// 300 stalled connections from 40 addresses, of the three kinds; `GET /` and a POST from
/// another address are answered 200 within a second each (about a millisecond alone; the
/// bound leaves room for the other tests running beside it on two cores, and `cargo xtask
/// load --check` holds the p99 of such requests under 100 ms).
#[test]
fn get_is_answered_under_300_stalled_connections() {
    let running = serve(&loopback(2)).unwrap();
    let addr = running.addr;
    let kinds = [Stall::Silent, Stall::HalfHead, Stall::Body];
    let stalled: Vec<TcpStream> = (0..300).map(|i| stall(client((i % 40) as u8), addr, kinds[i % 3])).collect();
    thread::sleep(Duration::from_millis(300));
    let mut slowest = Duration::ZERO;
    for raw in [get("/"), get("/"), post("/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#), get("/")] {
        let started = Instant::now();
        assert_eq!(request_from(Ipv4Addr::LOCALHOST, addr, &raw).0, Some(200));
        let took = started.elapsed();
        assert!(took < Duration::from_secs(1), "answered in {took:?} under 300 stalled connections");
        slowest = slowest.max(took);
    }
    eprintln!("300 stalled connections: the slowest answer took {slowest:?}");
    drop(stalled);
    running.stop();
}

/// 2,000 requests from 4 addresses, 50 at a time from each: nearly all are answered 200.
#[test]
fn a_burst_of_2000_requests_is_served() {
    let running = serve(&loopback(2)).unwrap();
    let addr = running.addr;
    let served = Arc::new(AtomicUsize::new(0));
    let started = Instant::now();
    let threads: Vec<_> = (0..4u8)
        .flat_map(|c| (0..50).map(move |t| (c, t)))
        .map(|(c, t)| {
            let served = served.clone();
            thread::spawn(move || {
                for i in 0..10 {
                    let raw = if (t + i) % 2 == 0 {
                        post("/api/analyze", r#"{"game":"kayles","heaps":[30,11]}"#)
                    } else {
                        get("/api/games")
                    };
                    if request_from(client(c), addr, &raw).0 == Some(200) {
                        served.fetch_add(1, Ordering::Relaxed);
                    }
                }
            })
        })
        .collect();
    for t in threads {
        t.join().unwrap();
    }
    let served = served.load(Ordering::Relaxed);
    eprintln!("{served} of 2000 requests answered 200 in {:?}", started.elapsed());
    assert!(served >= 1990, "only {served} of 2000 requests answered 200");
    running.stop();
}

/// When the server holds `max_connections`, a newcomer is answered 503 at once, in words,
/// with `Retry-After`; once the stalled connections pass the head's deadline and are
/// closed, newcomers are served again.
#[test]
fn a_full_server_refuses_in_words_until_stalled_connections_are_closed() {
    let limits = ServerLimits { max_connections: 8, ..ServerLimits::default() };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let mut stalled: Vec<TcpStream> = (0..8).map(|i| stall(client(i % 2), addr, Stall::HalfHead)).collect();
    thread::sleep(Duration::from_millis(200));
    let started = Instant::now();
    let (status, text) = request_from(Ipv4Addr::LOCALHOST, addr, &get("/"));
    assert_eq!(status, Some(503), "{text}");
    assert!(text.contains("\"error\"") && text.to_ascii_lowercase().contains("retry-after"), "{text}");
    assert!(started.elapsed() < Duration::from_millis(500), "{:?}", started.elapsed());
    // The head's deadline (2 s) closes the stalled connections, without an answer.
    for s in &mut stalled {
        assert_eq!(answer_of(s).0, None);
    }
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    assert_eq!(request_from(Ipv4Addr::LOCALHOST, addr, &get("/")).0, Some(200));
    running.stop();
}

/// One address holds at most `max_per_address` connections: past that its new connections
/// are refused at once, in words, while other addresses are served.
#[test]
fn one_address_holds_at_most_max_per_address() {
    let limits = ServerLimits { max_per_address: 4, ..ServerLimits::default() };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let stalled: Vec<TcpStream> = (0..4).map(|_| stall(client(0), addr, Stall::HalfHead)).collect();
    let started = Instant::now();
    let (status, text) = request_from(client(0), addr, &get("/"));
    assert_eq!(status, Some(503), "a fifth at once from the same address");
    assert!(text.contains("connections open as one address may"), "{text}");
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(request_from(client(1), addr, &get("/")).0, Some(200), "another address");
    drop(stalled);
    thread::sleep(Duration::from_millis(100));
    assert_eq!(request_from(client(0), addr, &get("/")).0, Some(200), "once they are closed");
    running.stop();
}

/// The request line and headers have their own short deadline (2 s): a connection that
/// sends half a head is closed then; a body has the longer one, and is answered 408 in
/// words.
#[test]
fn the_head_has_a_short_deadline_of_its_own() {
    let limits = ServerLimits {
        body_timeout: Duration::from_secs(4),
        read_timeout: Duration::from_secs(10),
        ..ServerLimits::default()
    };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let started = Instant::now();
    let mut half = stall(Ipv4Addr::LOCALHOST, addr, Stall::HalfHead);
    let mut body = stall(Ipv4Addr::LOCALHOST, addr, Stall::Body);
    assert_eq!(answer_of(&mut half).0, None, "closed without an answer");
    let took = started.elapsed();
    assert!(took > Duration::from_millis(1500) && took < Duration::from_secs(3), "{took:?}");
    assert!(still_open(&mut body, Duration::from_millis(500)), "the body has the longer deadline");
    body.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let (status, text) = answer_of(&mut body);
    assert_eq!(status, Some(408), "{text}");
    assert!(text.contains("did not arrive within 4 s"), "{text}");
    let took = started.elapsed();
    assert!(took > Duration::from_millis(3500) && took < Duration::from_secs(6), "{took:?}");
    running.stop();
}
