//! Fuzzing the server's own HTTP/1.1 request reader on stable Rust: property tests over
//! arbitrary bytes. `parse_head` (pure) must answer every input with a head or a typed
//! error whose status is a 4xx; `read_request` over a real loopback socket must do the same
//! for whole requests, bodies included, within its deadline. Each prints how many inputs it
//! ran (`-- --nocapture`).

use std::io::Write;
use std::net::{TcpListener, TcpStream};
use std::time::Duration;

use grundy_testkit::fuzz;
use grundy_web::server::{parse_head, read_request, Limits, RequestError};
use proptest::prelude::*;

fn refused_in_one_line(e: RequestError) {
    let m = e.to_string();
    assert!(!m.trim().is_empty() && !m.contains('\n'), "{m:?}");
}

/// Bytes that look like a request head: methods, targets, versions, headers, separators.
fn head_like() -> BoxedStrategy<Vec<u8>> {
    let pieces = prop_oneof![
        Just("GET ".to_string()),
        Just("POST ".to_string()),
        Just("/api/analyze ".to_string()),
        Just("HTTP/1.1".to_string()),
        Just("HTTP/1.0".to_string()),
        Just("\r\n".to_string()),
        Just("Content-Length: ".to_string()),
        Just("Transfer-Encoding: chunked".to_string()),
        "[0-9]{1,22}",
        "[ -~]{0,8}",
    ];
    proptest::collection::vec(pieces, 0..12).prop_map(|p| p.concat().into_bytes()).boxed()
}

#[test]
fn fuzz_parse_head() {
    fuzz("parse_head, arbitrary bytes", 50_000, proptest::collection::vec(any::<u8>(), 0..256), |b| {
        if let Err(e) = parse_head(&b) {
            refused_in_one_line(e);
        }
    });
    fuzz("parse_head, request-like bytes", 50_000, head_like(), |b| match parse_head(&b) {
        Ok(h) => assert!(h.content_length <= grundy_web::api::MAX_BODY && h.target.starts_with('/')),
        Err(e) => refused_in_one_line(e),
    });
}

#[test]
fn fuzz_read_request_over_a_socket() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let limits = Limits {
        read_timeout: Duration::from_millis(50),
        request_deadline: Duration::from_millis(100),
        max_head: 1024,
        ..Limits::default()
    };
    let request = (head_like(), proptest::collection::vec(any::<u8>(), 0..64), any::<bool>());
    fuzz("read_request, whole requests", 400, request, |(head, body, blank_line)| {
        let mut client = TcpStream::connect(addr).unwrap();
        let (server, _) = listener.accept().unwrap();
        let mut bytes = head;
        if blank_line {
            bytes.extend_from_slice(b"\r\n\r\n");
        }
        bytes.extend_from_slice(&body);
        client.write_all(&bytes).unwrap();
        // Mostly the client closes; one time in four it stalls and the deadline ends it.
        if body.len() % 4 != 0 {
            let _ = client.shutdown(std::net::Shutdown::Write);
        }
        match read_request(&server, limits) {
            Ok(r) => assert!(r.body.len() <= grundy_web::api::MAX_BODY),
            Err(e) => refused_in_one_line(e),
        }
    });
}
