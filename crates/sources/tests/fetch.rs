//! The fetcher against a real HTTP server on 127.0.0.1, started by the test and serving the
//! committed raw files. No mocking of reqwest.

use std::collections::BTreeMap;
use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use grundy_sources::catalog::{Format, SOURCES};
use grundy_sources::fetch::{FetchOptions, Fetcher};
use grundy_sources::pipeline;
use grundy_testkit::{repo_fixtures, scratch_fixtures as scratch};

/// How the server answers one path.
#[derive(Clone)]
enum Answer {
    Body(Vec<u8>),
    NotFound,
    /// Waits longer than the client's timeout.
    Stall,
    /// Announces more bytes than it sends, then closes.
    Truncated(Vec<u8>),
}

struct Server {
    port: u16,
    stop: Arc<AtomicBool>,
    handle: Option<thread::JoinHandle<()>>,
}

impl Server {
    fn start(routes: BTreeMap<String, Answer>) -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        listener.set_nonblocking(true).unwrap();
        let port = listener.local_addr().unwrap().port();
        let stop = Arc::new(AtomicBool::new(false));
        let stop2 = stop.clone();
        let handle = thread::spawn(move || {
            // Bounded: the server stops when told to, or after 60 s at most.
            let deadline = std::time::Instant::now() + Duration::from_secs(60);
            while !stop2.load(Ordering::Relaxed) && std::time::Instant::now() < deadline {
                match listener.accept() {
                    Ok((stream, _)) => {
                        let routes = routes.clone();
                        thread::spawn(move || serve(stream, &routes));
                    }
                    Err(_) => thread::sleep(Duration::from_millis(5)),
                }
            }
        });
        Server { port, stop, handle: Some(handle) }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::Relaxed);
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

fn serve(mut stream: TcpStream, routes: &BTreeMap<String, Answer>) {
    stream.set_nonblocking(false).unwrap();
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut request = String::new();
    if reader.read_line(&mut request).is_err() {
        return;
    }
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
    }
    let path = request.split_whitespace().nth(1).unwrap_or("/").trim_start_matches('/').to_string();
    let reply = |s: &mut TcpStream, status: &str, len: usize, body: &[u8]| {
        let head = format!("HTTP/1.1 {status}\r\nContent-Length: {len}\r\nConnection: close\r\n\r\n");
        let _ = s.write_all(head.as_bytes());
        let _ = s.write_all(body);
    };
    match routes.get(&path) {
        Some(Answer::Body(b)) => reply(&mut stream, "200 OK", b.len(), b),
        Some(Answer::Truncated(b)) => reply(&mut stream, "200 OK", b.len() * 2, b),
        Some(Answer::Stall) => thread::sleep(Duration::from_secs(3)),
        Some(Answer::NotFound) | None => reply(&mut stream, "404 Not Found", 9, b"not found"),
    }
}

/// What the server sends for each source: the committed raw snapshot, or for the sources
/// whose raw form is the OEIS text format, that format made from the stored terms.
fn normal_routes() -> BTreeMap<String, Answer> {
    let root = repo_fixtures();
    let mut routes = BTreeMap::new();
    for s in SOURCES {
        let body = if root.join(s.raw).exists() {
            fs::read(root.join(s.raw)).unwrap()
        } else {
            let stored = fs::read_to_string(root.join(s.stored.unwrap().path)).unwrap();
            match s.format {
                Format::OeisText => {
                    let b = grundy_core::bfile::parse_bfile(&stored).unwrap();
                    let terms: Vec<String> = b.terms.iter().map(|t| t.1.to_string()).collect();
                    format!("%I {id}\n%S {id} {}\n%N {id} test\n%O {id} {},1\n", terms.join(","), b.offset(), id = s.id)
                        .into_bytes()
                }
                _ => stored.into_bytes(),
            }
        };
        routes.insert(s.id.to_string(), Answer::Body(body));
    }
    routes
}

/// Every file under `dir` with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<PathBuf, Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for e in fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else {
                out.insert(p.strip_prefix(dir).unwrap().to_path_buf(), fs::read(&p).unwrap());
            }
        }
    }
    out
}

/// The files that differ between two snapshots (names only: the bytes are too long to print).
fn changed<'a>(a: &'a BTreeMap<PathBuf, Vec<u8>>, b: &'a BTreeMap<PathBuf, Vec<u8>>) -> Vec<&'a PathBuf> {
    a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))).filter(|k| a.get(*k) != b.get(*k)).collect()
}

fn fetcher() -> Fetcher {
    Fetcher::new(FetchOptions { timeout: Duration::from_millis(800), retries: 1, backoff: Duration::from_millis(20) })
        .unwrap()
}

#[test]
fn a_successful_fetch_writes_the_same_parsed_fixtures_as_offline() {
    let server = Server::start(normal_routes());
    let dir = scratch("ok");
    let url = |s: &grundy_sources::catalog::Source| format!("http://127.0.0.1:{}/{}", server.port, s.id);
    let report = pipeline::fetch_all(&dir, &fetcher(), url, "2026-11-30").unwrap();
    // One line per source, plus a note for each b-file whose bytes are not the official
    // ones: here A180120 and A180121, served from their partial stored copies.
    let notes: Vec<&String> = report.lines.iter().filter(|l| l.contains("differs from the official")).collect();
    assert_eq!(report.lines.len(), SOURCES.len() + notes.len());
    assert_eq!(notes.len(), 2, "{notes:?}");
    assert!(notes[0].starts_with("A180120: ") && notes[1].starts_with("A180121: "), "{notes:?}");
    let committed = repo_fixtures();
    for s in SOURCES {
        let ours = fs::read(dir.join(s.parsed)).unwrap();
        let theirs = fs::read(committed.join(s.parsed)).unwrap();
        assert!(ours == theirs, "{}: the fetched parse differs from the offline one", s.id);
        assert!(dir.join(s.raw).exists(), "{}: the response is saved as it came", s.id);
    }
    let manifest = fs::read_to_string(dir.join("manifest.toml")).unwrap();
    assert!(manifest.contains("raw_origin = \"network\""));
    // Regenerating offline from what was fetched changes nothing.
    let before = snapshot(&dir);
    pipeline::regenerate(&dir).unwrap();
    assert_eq!(snapshot(&dir), before);
    fs::remove_dir_all(&dir).unwrap();
}

fn failing_fetch_leaves_everything(name: &str, bad: &str, answer: Answer, expect: &str) {
    let mut routes = normal_routes();
    routes.insert(bad.to_string(), answer);
    let server = Server::start(routes);
    let dir = scratch(name);
    let before = snapshot(&dir);
    let url = |s: &grundy_sources::catalog::Source| format!("http://127.0.0.1:{}/{}", server.port, s.id);
    let failures = pipeline::fetch_all(&dir, &fetcher(), url, "2026-11-30").unwrap_err();
    assert_eq!(failures.len(), 1, "{failures:?}");
    let failure = failures[0].to_string();
    assert!(failure.starts_with(&format!("{bad}: ")), "{failure}");
    assert!(failure.contains(expect), "{failure}");
    assert!(!failure.contains('\n'));
    assert_eq!(snapshot(&dir), before, "a failed fetch must change nothing");
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn not_found_is_a_clear_error_and_changes_nothing() {
    failing_fetch_leaves_everything("404", "A036685", Answer::NotFound, "HTTP status 404");
}

#[test]
fn timeout_is_a_clear_error_and_changes_nothing() {
    failing_fetch_leaves_everything("timeout", "A002188", Answer::Stall, "timed out");
}

#[test]
fn truncated_body_is_a_clear_error_and_changes_nothing() {
    let body = fs::read(repo_fixtures().join("raw/oeis/b002187.txt")).unwrap();
    failing_fetch_leaves_everything(
        "truncated",
        "A002187",
        Answer::Truncated(body[..body.len() / 2].to_vec()),
        "A002187",
    );
}

#[test]
fn an_unreadable_page_is_refused_and_changes_nothing() {
    failing_fetch_leaves_everything(
        "junk",
        "flammenkamp-grundy",
        Answer::Body(b"<html><body><h1>Moved</h1></body></html>".to_vec()),
        "no section about sparse values",
    );
}

#[test]
fn offline_regeneration_twice_changes_nothing() {
    let dir = scratch("offline");
    let before = snapshot(&dir);
    pipeline::regenerate(&dir).unwrap();
    assert_eq!(
        changed(&before, &snapshot(&dir)),
        Vec::<&PathBuf>::new(),
        "the committed fixtures are what --offline makes"
    );
    pipeline::regenerate(&dir).unwrap();
    assert_eq!(changed(&before, &snapshot(&dir)), Vec::<&PathBuf>::new());
    fs::remove_dir_all(&dir).unwrap();
}
