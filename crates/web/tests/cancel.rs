//! Abandoned work is cancelled (issue 38, Must 3): when a client goes away or its request
//! passes its deadline, the computation stops through the request's cancellation token and
//! its worker takes the next request, while the page's requests are answered meanwhile.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::{Duration, Instant};

use grundy_web::{serve_with, ServeOptions, ServerLimits};

fn send(addr: SocketAddr, raw: &[u8], wait: Duration) -> TcpStream {
    let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
    s.set_read_timeout(Some(wait)).unwrap();
    s.write_all(raw).unwrap();
    s
}

/// The status and text of the answer on `s`, `None` if none came within its read timeout.
fn answer(mut s: TcpStream) -> (Option<u16>, String) {
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    let text = String::from_utf8_lossy(&out).to_string();
    (text.split_whitespace().nth(1).and_then(|c| c.parse().ok()), text)
}

fn post(body: &str) -> Vec<u8> {
    format!(
        "POST /api/analyze HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

const GAMES: &[u8] = b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";

/// One heavy worker, busy with a misère analysis of Dawson's Kayles 300+300+300 (about 11 s
/// before it gives up on the quotient). A second heavy request waits for it; the page's
/// requests are answered at once. The first client leaves: its computation stops and the
/// worker is free within a second, so a third heavy request is answered within 2 s.
#[test]
fn a_client_that_leaves_frees_its_worker() {
    let running =
        serve_with(&ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers: 1 }, ServerLimits::default())
            .unwrap();
    let addr = running.addr;
    let long =
        send(addr, &post(r#"{"game":"dawsons-kayles","heaps":[300,300,300],"misere":true}"#), Duration::from_secs(30));
    std::thread::sleep(Duration::from_millis(300));
    // Four Kayles rows of 1,000: 12,036 moves, heavy work by the estimate, 0.1 s of it.
    let heavy = post(r#"{"game":"kayles","heaps":[1000,1000,1000,1000]}"#);
    let waiting = send(addr, &heavy, Duration::from_millis(1000));
    for _ in 0..5 {
        let started = Instant::now();
        assert_eq!(answer(send(addr, GAMES, Duration::from_secs(5))).0, Some(200));
        assert!(started.elapsed() < Duration::from_millis(500), "{:?} while the worker is busy", started.elapsed());
    }
    assert_eq!(answer(waiting).0, None, "the worker is busy: a heavy request waits");
    let left = Instant::now();
    drop(long);
    let (status, text) = answer(send(addr, &heavy, Duration::from_secs(10)));
    let took = left.elapsed();
    assert_eq!(status, Some(200), "{text:.200}");
    eprintln!("the worker was free and a heavy request answered {took:?} after the client left");
    assert!(took < Duration::from_secs(2), "answered {took:?} after the client left");
    running.stop();
}

/// A request past its deadline is stopped through its token and answered 422 in words, and
/// its worker is free at once for the next.
#[test]
fn a_request_past_its_deadline_is_stopped_and_answered_in_words() {
    let limits = ServerLimits { compute_deadline: Duration::from_secs(1), ..ServerLimits::default() };
    let running = serve_with(&ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers: 1 }, limits).unwrap();
    let addr = running.addr;
    let started = Instant::now();
    let (status, text) =
        answer(send(addr, &post(r#"{"game":".1356","heaps":[600,900,250],"misere":true}"#), Duration::from_secs(30)));
    let took = started.elapsed();
    assert_eq!(status, Some(422), "{text}");
    assert!(text.contains("took longer than the 1 s a request may take"), "{text}");
    assert!(took < Duration::from_secs(2), "answered after {took:?}");
    let started = Instant::now();
    let (status, _) = answer(send(addr, &post(r#"{"game":"kayles","heaps":[1000,900]}"#), Duration::from_secs(5)));
    assert_eq!(status, Some(200));
    assert!(started.elapsed() < Duration::from_secs(1), "{:?}", started.elapsed());
    running.stop();
}
