//! Fuzzing the live server's request reading on stable Rust: property tests of arbitrary
//! and request-like bytes sent over a loopback socket. Whatever arrives, the server answers
//! with a status below 500 or closes the connection, within its head deadline, and keeps
//! answering. (The reading itself is hyper's; this checks what the server makes of it.) It
//! prints how many inputs it ran (`-- --nocapture`).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};

use grundy_testkit::fuzz;
use grundy_web::{serve_with, ServeOptions, ServerLimits};
use proptest::prelude::*;

/// Bytes that look like a request head: methods, targets, versions, headers, separators.
fn head_like() -> BoxedStrategy<Vec<u8>> {
    let pieces = prop_oneof![
        Just("GET ".to_string()),
        Just("POST ".to_string()),
        Just("HEAD ".to_string()),
        Just("/api/analyze ".to_string()),
        Just("/api/values?to=5 ".to_string()),
        Just("/ ".to_string()),
        Just("HTTP/1.1".to_string()),
        Just("HTTP/1.0".to_string()),
        Just("\r\n".to_string()),
        Just("Content-Length: ".to_string()),
        Just("Transfer-Encoding: chunked".to_string()),
        Just("If-None-Match: ".to_string()),
        "[0-9]{1,22}",
        "[ -~]{0,8}",
    ];
    proptest::collection::vec(pieces, 0..12).prop_map(|p| p.concat().into_bytes()).boxed()
}

#[test]
fn fuzz_the_live_server() {
    let limits = ServerLimits {
        head_timeout: Duration::from_millis(300),
        read_timeout: Duration::from_millis(200),
        body_timeout: Duration::from_millis(300),
        ..ServerLimits::default()
    };
    let running = serve_with(&ServeOptions { addr: "127.0.0.1:0".parse().unwrap(), workers: 2 }, limits).unwrap();
    let addr = running.addr;
    let send = |bytes: &[u8], close: bool| {
        let mut s = TcpStream::connect_timeout(&addr, Duration::from_secs(5)).unwrap();
        s.set_read_timeout(Some(Duration::from_secs(3))).unwrap();
        let started = Instant::now();
        let _ = s.write_all(bytes);
        if close {
            let _ = s.shutdown(std::net::Shutdown::Write);
        }
        let mut out = Vec::new();
        let _ = s.read_to_end(&mut out);
        let text = String::from_utf8_lossy(&out);
        // Every answer on the connection (keep-alive may bring several) is below 500.
        for status in text.match_indices("HTTP/1.1 ").filter_map(|(i, _)| text[i + 9..].get(..3)?.parse::<u16>().ok()) {
            assert!(status < 500, "{status} for {:?}", String::from_utf8_lossy(bytes));
        }
        assert!(started.elapsed() < Duration::from_secs(2), "took {:?}", started.elapsed());
    };
    fuzz("the live server, arbitrary bytes", 150, proptest::collection::vec(any::<u8>(), 0..256), |b| send(&b, true));
    let request = (head_like(), proptest::collection::vec(any::<u8>(), 0..64), any::<bool>());
    fuzz("the live server, request-like bytes", 300, request, |(head, body, blank_line)| {
        let mut bytes = head;
        if blank_line {
            bytes.extend_from_slice(b"\r\n\r\n");
        }
        bytes.extend_from_slice(&body);
        // Mostly the client closes; one time in four it stalls and a deadline ends it.
        send(&bytes, body.len() % 4 != 0);
    });
    let mut s = TcpStream::connect(addr).unwrap();
    s.write_all(b"GET /api/games HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").unwrap();
    let mut out = String::new();
    let _ = s.read_to_string(&mut out);
    assert!(out.starts_with("HTTP/1.1 200"), "still answering: {out:.60}");
    running.stop();
}
