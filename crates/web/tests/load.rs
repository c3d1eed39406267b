//! The server on loopback under a bounded load of good and bad requests: it answers every
//! one, with the right status, and still answers afterwards; and clients that stall or
//! dribble (bounded in count and in time) neither starve the others nor stay forever: a
//! stalled body is answered 408 in words, a stalled or dribbled head is closed at its
//! deadline.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use grundy_web::{serve, serve_with, ServeOptions, ServerLimits};

fn request(addr: SocketAddr, raw: &[u8]) -> Option<u16> {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).ok()?;
    s.set_read_timeout(Some(Duration::from_secs(10))).ok()?;
    s.write_all(raw).ok()?;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    text.split_whitespace().nth(1)?.parse().ok()
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!("POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len()).into_bytes()
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes()
}

#[test]
fn keeps_answering_under_load() {
    let running = serve(&ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers: 4 }).unwrap();
    let addr = running.addr;
    let oversized = {
        let body = "x".repeat(100_000);
        format!(
            "POST /api/analyze HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
            body.len()
        )
        .into_bytes()
    };
    let cases: Vec<(Vec<u8>, u16)> = vec![
        (get("/"), 200),
        (get("/api/games"), 200),
        (post("/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#), 200),
        (post("/api/computer", r#"{"game":"kayles","heaps":[10,7]}"#), 200),
        (post("/api/analyze", r#"{"game":"grundy","heaps":[5,"#), 400),
        (post("/api/analyze", r#"{"game":"go","heaps":[5]}"#), 400),
        (post("/api/analyze", r#"{"game":"grundy","heaps":[5000000]}"#), 422),
        (oversized, 413),
        (get("/api/values?to=999999999"), 422),
        (get("/../../etc/passwd"), 404),
        (b"NONSENSE\r\n\r\n".to_vec(), 400),
    ];
    let started = Instant::now();
    let mut answered = 0;
    // Bounded in count and in time.
    'outer: for round in 0..40 {
        for (raw, status) in &cases {
            if started.elapsed() > Duration::from_secs(60) {
                break 'outer;
            }
            let got = request(addr, raw);
            assert_eq!(got, Some(*status), "round {round}: {}", String::from_utf8_lossy(&raw[..raw.len().min(60)]));
            answered += 1;
        }
    }
    assert!(answered >= 100, "only {answered} requests in 60 s");
    // Several clients at once.
    let handles: Vec<_> = (0..8)
        .map(|_| {
            std::thread::spawn(move || {
                (0..20)
                    .all(|_| request(addr, &post("/api/analyze", r#"{"game":"grundy","heaps":[30,40]}"#)) == Some(200))
            })
        })
        .collect();
    assert!(handles.into_iter().all(|h| h.join().unwrap()));
    assert_eq!(request(addr, &get("/api/games")), Some(200), "still answering");
    running.stop();
}

fn loopback(workers: usize) -> ServeOptions {
    ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers }
}

/// A client that announces a 16,000-byte body and sends one byte of it.
fn stall(addr: SocketAddr) -> TcpStream {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    s.write_all(b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 16000\r\n\r\n{").unwrap();
    s
}

/// The status the server finally sends on a stalled connection, and how long it took.
fn status_of(mut s: TcpStream, wait: Duration) -> (Option<u16>, Duration) {
    let started = Instant::now();
    s.set_read_timeout(Some(wait)).unwrap();
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out);
    (text.split_whitespace().nth(1).and_then(|c| c.parse().ok()), started.elapsed())
}

#[test]
fn stalled_clients_do_not_starve_the_others() {
    let running = serve(&loopback(4)).unwrap();
    let addr = running.addr;
    // Twice as many stalled clients as workers, and two that connect and send nothing.
    let mut stalled: Vec<TcpStream> = (0..8).map(|_| stall(addr)).collect();
    stalled.extend((0..2).map(|_| TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap()));
    std::thread::sleep(Duration::from_millis(200));
    for (raw, status) in [
        (get("/"), 200),
        (get("/api/games"), 200),
        (post("/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#), 200),
    ] {
        for _ in 0..5 {
            let started = Instant::now();
            assert_eq!(request(addr, &raw), Some(status));
            let took = started.elapsed();
            assert!(took < Duration::from_secs(2), "answered in {took:?} while clients stall");
        }
    }
    // Each stalled body is answered 408 when a part has not come for the read timeout
    // (5 s), not left open; a connection that sent nothing is closed at the head's deadline.
    let (status, took) = status_of(stalled.remove(0), Duration::from_secs(20));
    assert_eq!(status, Some(408), "after {took:?}");
    assert!(took < Duration::from_secs(7), "{took:?}");
    for (i, s) in stalled.into_iter().enumerate() {
        let (status, took) = status_of(s, Duration::from_secs(5));
        assert_eq!(status, if i < 7 { Some(408) } else { None }, "after {took:?}");
    }
    running.stop();
}

#[test]
fn a_dribbling_client_is_cut_at_the_head_deadline() {
    let limits = ServerLimits { head_timeout: Duration::from_secs(2), ..ServerLimits::default() };
    let running = serve_with(&loopback(2), limits).unwrap();
    let addr = running.addr;
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    let started = Instant::now();
    // One byte every 300 ms: the line and headers never end. Stop after 5 s whatever happens.
    for b in b"GET /api/games HTTP/1.1\r\nHost: x\r\n".iter().cycle() {
        if s.write_all(&[*b]).is_err() || started.elapsed() > Duration::from_secs(5) {
            break;
        }
        std::thread::sleep(Duration::from_millis(300));
    }
    let (status, _) = status_of(s, Duration::from_secs(5));
    let took = started.elapsed();
    assert_eq!(status, None, "closed without an answer after {took:?}");
    assert!(took < Duration::from_secs(4), "{took:?}");
    running.stop();
}
