//! A server that holds (issue 25): stalled and slow clients, from several addresses, do not
//! shut the others out. The clients come from loopback source addresses (127.0.0.2,
//! 127.0.0.3, ...: on Linux the whole 127.0.0.0/8 is loopback), bounded in count, and every
//! socket has a timeout, so each test stops by itself within a few seconds.

use std::io::{ErrorKind, Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::{Duration, Instant};

use grundy_web::{serve, serve_with, Limits, ServeOptions};
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
    stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
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

/// The status of the answer to `raw` sent from `from`.
fn request_from(from: Ipv4Addr, addr: SocketAddr, raw: &[u8]) -> Option<u16> {
    let mut s = connect_from(from, addr);
    s.write_all(raw).ok()?;
    status_of(&mut s)
}

/// The status the server sends on `s` (reads to the end, within the read timeout).
fn status_of(s: &mut TcpStream) -> Option<u16> {
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    String::from_utf8_lossy(&out).split_whitespace().nth(1)?.parse().ok()
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
    format!("POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

/// 200 stalled connections from 8 addresses, of the three kinds; `GET /` and a POST from
/// another address are answered 200 within a second each: with the default table (256
/// places) and with one of 64, which the stalled connections overfill.
#[test]
fn get_is_answered_under_200_stalled_connections() {
    for limits in [Limits::default(), Limits { max_connections: 64, ..Limits::default() }] {
        let running = serve_with(&loopback(2), limits).unwrap();
        let addr = running.addr;
        let kinds = [Stall::Silent, Stall::HalfHead, Stall::Body];
        let stalled: Vec<TcpStream> = (0..200).map(|i| stall(client(i % 8), addr, kinds[i as usize % 3])).collect();
        thread::sleep(Duration::from_millis(300));
        let mut slowest = Duration::ZERO;
        for raw in [get("/"), get("/"), post("/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#), get("/")] {
            let started = Instant::now();
            assert_eq!(request_from(Ipv4Addr::LOCALHOST, addr, &raw), Some(200), "{limits:?}");
            let took = started.elapsed();
            assert!(took < Duration::from_secs(1), "answered in {took:?} under 200 stalled connections");
            slowest = slowest.max(took);
        }
        eprintln!("{} places, 200 stalled connections: the slowest answer took {slowest:?}", limits.max_connections);
        drop(stalled);
        running.stop();
    }
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
                    if request_from(client(c), addr, &raw) == Some(200) {
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

/// When the table is full, a new connection takes the place of the oldest one whose
/// request has not arrived, which is answered 503 and closed; the others stay.
#[test]
fn a_full_table_sheds_its_oldest_unfinished_connection() {
    let limits = Limits { max_connections: 8, max_per_ip: 4, ..Limits::default() };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let mut stalled: Vec<TcpStream> = (0..8).map(|i| stall(client(i % 2), addr, Stall::HalfHead)).collect();
    thread::sleep(Duration::from_millis(400));
    let started = Instant::now();
    assert_eq!(request_from(Ipv4Addr::LOCALHOST, addr, &get("/")), Some(200));
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    stalled[0].set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    assert_eq!(status_of(&mut stalled[0]), Some(503), "the oldest is shed");
    for s in &mut stalled[1..] {
        assert!(still_open(s, Duration::from_millis(20)), "only the oldest is shed");
    }
    running.stop();
}

/// One address holds at most `max_per_ip` connections: past that its new connections are
/// refused at once, while other addresses are served; once its connections have stalled a
/// while, a new one from it replaces its oldest.
#[test]
fn one_address_holds_at_most_max_per_ip() {
    // A patience of a second, so that the first five connections are surely within it.
    let limits = Limits { max_per_ip: 4, shed_after: Duration::from_secs(1), ..Limits::default() };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let mut stalled: Vec<TcpStream> = (0..4).map(|_| stall(client(0), addr, Stall::HalfHead)).collect();
    let started = Instant::now();
    assert_eq!(request_from(client(0), addr, &get("/")), Some(503), "a fifth at once from the same address");
    assert!(started.elapsed() < Duration::from_millis(500));
    assert_eq!(request_from(client(1), addr, &get("/")), Some(200), "another address");
    thread::sleep(Duration::from_millis(1100));
    assert_eq!(request_from(client(0), addr, &get("/")), Some(200), "after a while, in place of the oldest");
    stalled[0].set_read_timeout(Some(Duration::from_secs(1))).unwrap();
    assert_eq!(status_of(&mut stalled[0]), Some(503));
    running.stop();
}

/// The request line and headers have their own short deadline (2 s): a client that sends
/// half a head is answered 408 then, not at the body's deadline (10 s).
#[test]
fn the_head_has_a_short_deadline_of_its_own() {
    let running = serve(&loopback(2)).unwrap();
    let addr = running.addr;
    let started = Instant::now();
    let mut half = stall(Ipv4Addr::LOCALHOST, addr, Stall::HalfHead);
    let mut body = stall(Ipv4Addr::LOCALHOST, addr, Stall::Body);
    assert_eq!(status_of(&mut half), Some(408));
    let took = started.elapsed();
    assert!(took > Duration::from_millis(1500) && took < Duration::from_secs(3), "{took:?}");
    assert!(still_open(&mut body, Duration::from_millis(500)), "the body has the longer deadline");
    running.stop();
}
