//! `cargo xtask load`: the play server under the load of issue 38, on loopback only. It
//! starts `grundy serve` as its own process, then for a bounded time runs three kinds of
//! client at once, each from loopback source addresses (on Linux all of 127.0.0.0/8 is
//! loopback):
//!
//! - heavy: `--heavy` clients, each sending `POST /api/analyze` of a different four-digit
//!   octal code, misère, heaps of 200 to 1,000, one after another (after a 503 they wait
//!   what `Retry-After` says, at most a second), from 20 addresses;
//! - stalled: `--stalled` connections that send nothing, half a head, or a head and one byte
//!   of the body they announce, reopened when the server closes them, from 40 addresses;
//! - cheap: `--cheap` clients asking for the page's files, `/api/games`, a small analysis
//!   and five values, one after another, 10 ms apart.
//!
//! It records requests a second and the 50th/99th percentile latency of the cheap and the
//! heavy requests; then, every client gone (requests still in flight are abandoned: their
//! sockets close), how long the server takes to come back to idle CPU and its resident
//! memory; then a burst of requests with SIGTERM sent during it: every request accepted
//! must be answered whole and the server must exit 0. `--check` fails the task unless the
//! bounds of issue 38 hold (cheap p99 under 100 ms, idle within 2 s, memory within 50 MB
//! of the start, exit 0 on SIGTERM); `--record FILE` writes the result as the section
//! `--label` of a markdown file.

use std::fmt::Write as _;
use std::io::{Read, Write};
use std::net::{Ipv4Addr, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use grundy_sources::atomic::write_atomic;
use socket2::{Domain, Socket, Type};

use crate::util;

/// The task's arguments.
#[derive(clap::Args)]
pub struct Args {
    /// The `grundy` binary to serve with (default: target/debug/grundy, built first).
    #[arg(long)]
    server: Option<PathBuf>,
    /// Heavy clients at once.
    #[arg(long, default_value_t = 500)]
    heavy: usize,
    /// Stalled connections held open.
    #[arg(long, default_value_t = 300)]
    stalled: usize,
    /// Cheap clients.
    #[arg(long, default_value_t = 4)]
    cheap: usize,
    /// How long the load lasts, in seconds.
    #[arg(long, default_value_t = 30)]
    seconds: u64,
    /// What the run is called in the record ("before", "after").
    #[arg(long, default_value = "run")]
    label: String,
    /// Write the result as the section `--label` of this markdown file.
    #[arg(long)]
    record: Option<PathBuf>,
    /// Fail unless issue 38's bounds hold.
    #[arg(long)]
    check: bool,
}

impl Args {
    /// The load CI runs: a fifth of issue 38's (100 heavy clients, 60 stalled connections)
    /// for 10 s, with the bounds checked.
    pub fn small() -> Args {
        Args {
            server: Some(util::root().join("target/debug/grundy")),
            heavy: 100,
            stalled: 60,
            cheap: 4,
            seconds: 10,
            label: "ci".into(),
            record: None,
            check: true,
        }
    }
}

/// What one kind of client saw.
#[derive(Default)]
struct Tally {
    /// Latency of every answered request, in seconds, with its status.
    answers: Vec<(u16, f64)>,
    /// Requests with no answer (a connection refused or closed, a timeout).
    unanswered: usize,
    /// Requests abandoned when the load ended.
    abandoned: usize,
}

impl Tally {
    fn merge(&mut self, other: Tally) {
        self.answers.extend(other.answers);
        self.unanswered += other.unanswered;
        self.abandoned += other.abandoned;
    }

    fn statuses(&self) -> String {
        let mut counts: Vec<(u16, usize)> = Vec::new();
        for &(s, _) in &self.answers {
            match counts.iter_mut().find(|(c, _)| *c == s) {
                Some((_, n)) => *n += 1,
                None => counts.push((s, 1)),
            }
        }
        counts.sort_unstable();
        let mut out: Vec<String> = counts.iter().map(|(s, n)| format!("{n} × {s}")).collect();
        if self.unanswered > 0 {
            out.push(format!("{} unanswered", self.unanswered));
        }
        if self.abandoned > 0 {
            out.push(format!("{} abandoned at the end", self.abandoned));
        }
        out.join(", ")
    }

    /// The latency at `q` (0 to 1) of the requests whose status `keep` accepts, in ms.
    fn percentile(&self, q: f64, keep: impl Fn(u16) -> bool) -> Option<f64> {
        let mut l: Vec<f64> = self.answers.iter().filter(|(s, _)| keep(*s)).map(|&(_, t)| t).collect();
        if l.is_empty() {
            return None;
        }
        l.sort_by(f64::total_cmp);
        let i = ((l.len() as f64 * q).ceil() as usize).clamp(1, l.len()) - 1;
        Some(l[i] * 1000.0)
    }
}

fn ms(v: Option<f64>) -> String {
    v.map_or_else(|| "–".into(), |v| format!("{v:.1} ms"))
}

/// Runs the load and reports it.
pub fn run(args: Args) -> Result<()> {
    let server = match &args.server {
        Some(path) => path.clone(),
        None => {
            let status = Command::new("cargo").args(["build", "--quiet", "-p", "grundy-cli"]).status()?;
            if !status.success() {
                bail!("building grundy failed");
            }
            util::root().join("target/debug/grundy")
        }
    };
    let (mut child, addr) = start(&server)?;
    let result = measure(&args, addr, &mut child);
    let _ = child.kill();
    let _ = child.wait();
    let report = result?;
    print!("{report}");
    if let Some(path) = &args.record {
        record(path, &args.label, &report)?;
    }
    Ok(())
}

/// Starts `grundy serve` on a free loopback port and waits until it answers.
pub fn start(server: &Path) -> Result<(Child, SocketAddr)> {
    let port = TcpListener::bind("127.0.0.1:0")?.local_addr()?.port();
    let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
    let mut child = Command::new(server)
        .args(["serve", "--port", &port.to_string()])
        .stdout(Stdio::null())
        .spawn()
        .with_context(|| format!("starting {}", server.display()))?;
    let started = Instant::now();
    while request(Ipv4Addr::LOCALHOST, addr, &get("/api/games"), Duration::from_secs(2)).is_none() {
        if started.elapsed() > Duration::from_secs(60) {
            let _ = child.kill();
            bail!("the server did not answer within 60 s");
        }
        thread::sleep(Duration::from_millis(100));
    }
    Ok((child, addr))
}

/// Everything measured on one running server, as the markdown section.
fn measure(args: &Args, addr: SocketAddr, child: &mut Child) -> Result<String> {
    let pid = child.id();
    for (raw, _) in cheap_requests() {
        request(Ipv4Addr::LOCALHOST, addr, &raw, Duration::from_secs(5));
    }
    let rss_start = proc_status_kib(pid, "VmRSS:")?;
    let load = Duration::from_secs(args.seconds);
    let until = Instant::now() + load;
    let stop = Arc::new(AtomicBool::new(false));
    let mut stallers = Vec::new();
    for i in 0..args.stalled {
        let stop = stop.clone();
        stallers.push(thread::spawn(move || stall(Ipv4Addr::new(127, 0, 1, 2 + (i % 40) as u8), addr, i % 3, &stop)));
    }
    let heavy = spawn_clients(args.heavy, |i| {
        let from = Ipv4Addr::new(127, 0, 2, 2 + (i % 20) as u8);
        move || heavy_client(i, from, addr, until)
    });
    thread::sleep(Duration::from_millis(500));
    let cheap = spawn_clients(args.cheap, |i| move || cheap_client(i, addr, until));
    let cheap = join(cheap);
    let heavy = join(heavy);
    let peak_during = proc_status_kib(pid, "VmRSS:")?;
    stop.store(true, Ordering::SeqCst);
    for s in stallers {
        let _ = s.join();
    }
    let gone = Instant::now();
    let (idle_after, cpu_seconds) = wait_idle(pid, Duration::from_secs(90))?;
    thread::sleep(Duration::from_secs(2).saturating_sub(gone.elapsed()));
    let rss_2s = proc_status_kib(pid, "VmRSS:")?;
    let peak = proc_status_kib(pid, "VmHWM:")?;
    let (term, whole, cut) = sigterm_during_load(pid, addr, child)?;

    let secs = load.as_secs_f64();
    let mut md = String::new();
    writeln!(md, "## {}\n", args.label)?;
    writeln!(
        md,
        "`cargo xtask load --heavy {} --stalled {} --cheap {} --seconds {}` against {} (xtask at {}).\n",
        args.heavy,
        args.stalled,
        args.cheap,
        args.seconds,
        args.server.as_ref().map_or("target/debug/grundy".into(), |p| p.display().to_string()),
        util::git_revision().get(..8).unwrap_or("unknown"),
    )?;
    writeln!(md, "| requests | answered a second | p50 | p99 | max | answers |")?;
    writeln!(md, "|---|---|---|---|---|---|")?;
    let any = |_: u16| true;
    for (name, t) in [("cheap", &cheap), ("heavy", &heavy)] {
        writeln!(
            md,
            "| {name} | {:.1} | {} | {} | {} | {} |",
            t.answers.len() as f64 / secs,
            ms(t.percentile(0.5, any)),
            ms(t.percentile(0.99, any)),
            ms(t.percentile(1.0, any)),
            t.statuses()
        )?;
    }
    let ok = |s: u16| s == 200;
    writeln!(
        md,
        "| heavy, 200 only | {:.1} | {} | {} | {} | |",
        heavy.answers.iter().filter(|(s, _)| *s == 200).count() as f64 / secs,
        ms(heavy.percentile(0.5, ok)),
        ms(heavy.percentile(0.99, ok)),
        ms(heavy.percentile(1.0, ok)),
    )?;
    let mib = |kib: u64| kib as f64 / 1024.0;
    writeln!(md)?;
    writeln!(
        md,
        "After the load: every client gone, the server's CPU idle after {}, having used {cpu_seconds:.1} s of CPU since; \
         resident memory {:.0} MiB at the start, {:.0} MiB at the end of the load, {:.0} MiB 2 s after the clients left \
         (peak {:.0} MiB).",
        idle_after.map_or_else(|| "more than 90 s".into(), |d| format!("{:.1} s", d.as_secs_f64())),
        mib(rss_start),
        mib(peak_during),
        mib(rss_2s),
        mib(peak),
    )?;
    writeln!(md)?;
    writeln!(md, "SIGTERM during a burst of 40 requests: {term}; {whole} answered whole, {cut} cut off.\n")?;
    if args.check {
        let p99 = cheap.percentile(0.99, any).unwrap_or(f64::INFINITY);
        let mut broken = Vec::new();
        if p99 >= 100.0 {
            broken.push(format!("cheap p99 {p99:.1} ms, not under 100 ms"));
        }
        if cheap.unanswered > 0 || cheap.answers.iter().any(|(s, _)| *s != 200) {
            broken.push(format!("cheap requests not all 200: {}", cheap.statuses()));
        }
        if heavy.answers.iter().any(|(s, _)| *s >= 500 && *s != 503) {
            broken.push(format!("a heavy request failed: {}", heavy.statuses()));
        }
        if idle_after.is_none_or(|d| d > Duration::from_secs(2)) {
            broken.push("CPU not idle within 2 s".into());
        }
        if rss_2s > rss_start + 50 * 1024 {
            broken.push(format!("memory {:.0} MiB, more than 50 MB over the start", mib(rss_2s)));
        }
        if !term.starts_with("exit 0 ") || cut > 0 {
            broken.push(format!("SIGTERM: {term}, {cut} cut off"));
        }
        if !broken.is_empty() {
            print!("{md}");
            bail!("the load test failed: {}", broken.join("; "));
        }
    }
    Ok(md)
}

fn spawn_clients<F>(n: usize, make: impl Fn(usize) -> F) -> Vec<thread::JoinHandle<Tally>>
where
    F: FnOnce() -> Tally + Send + 'static,
{
    (0..n).map(|i| thread::Builder::new().stack_size(128 * 1024).spawn(make(i)).expect("a client thread")).collect()
}

fn join(handles: Vec<thread::JoinHandle<Tally>>) -> Tally {
    let mut all = Tally::default();
    for h in handles {
        all.merge(h.join().unwrap_or_default());
    }
    all
}

/// The cheap requests, each with the status it must get.
fn cheap_requests() -> Vec<(Vec<u8>, u16)> {
    vec![
        (get("/"), 200),
        (get("/api/games"), 200),
        (get("/app.js"), 200),
        (post("/api/analyze", r#"{"game":"grundy","heaps":[5,9,12]}"#), 200),
        (get("/api/values?game=kayles&to=5"), 200),
        (post("/api/analyze", r#"{"game":"kayles","heaps":[10,7]}"#), 200),
    ]
}

fn cheap_client(i: usize, addr: SocketAddr, until: Instant) -> Tally {
    let requests = cheap_requests();
    let mut tally = Tally::default();
    let mut k = i;
    while Instant::now() < until {
        let (raw, _) = &requests[k % requests.len()];
        k += 1;
        let started = Instant::now();
        match request(Ipv4Addr::LOCALHOST, addr, raw, Duration::from_secs(30)) {
            Some((status, _)) => tally.answers.push((status, started.elapsed().as_secs_f64())),
            None => tally.unanswered += 1,
        }
        thread::sleep(Duration::from_millis(10));
    }
    tally
}

/// The i-th heavy request: a four-digit octal code of its own, misère, heaps 200 to 1,000.
fn heavy_body(i: usize) -> String {
    let code = 0o1000 + (i * 97) % (0o10000 - 0o1000);
    let heaps = [200 + (i * 131) % 801, 200 + (i * 37) % 801, 200 + (i * 53) % 801];
    format!(r#"{{"game":".{code:o}","heaps":[{},{},{}],"misere":true}}"#, heaps[0], heaps[1], heaps[2])
}

fn heavy_client(i: usize, from: Ipv4Addr, addr: SocketAddr, until: Instant) -> Tally {
    let mut tally = Tally::default();
    let mut k = i;
    while Instant::now() < until {
        let raw = post("/api/analyze", &heavy_body(k));
        k += 1000;
        let started = Instant::now();
        let left = until.saturating_duration_since(started).max(Duration::from_millis(1));
        match request(from, addr, &raw, left) {
            Some((status, retry)) => {
                tally.answers.push((status, started.elapsed().as_secs_f64()));
                if status == 503 {
                    thread::sleep(retry.unwrap_or(Duration::from_secs(1)).min(Duration::from_secs(1)));
                }
            }
            None if Instant::now() >= until => tally.abandoned += 1,
            None => {
                tally.unanswered += 1;
                thread::sleep(Duration::from_millis(100));
            }
        }
    }
    tally
}

/// One stalled connection, reopened whenever the server closes it, until `stop`.
fn stall(from: Ipv4Addr, addr: SocketAddr, kind: usize, stop: &AtomicBool) {
    let sent: &[u8] = match kind {
        0 => b"",
        1 => b"GET / HTTP/1.1\r\nHost: x\r\n",
        _ => b"POST /api/analyze HTTP/1.1\r\nHost: x\r\nContent-Length: 16000\r\n\r\n{",
    };
    while !stop.load(Ordering::SeqCst) {
        let Some(mut s) = connect_from(from, addr) else {
            thread::sleep(Duration::from_millis(100));
            continue;
        };
        if s.write_all(sent).is_err() {
            continue;
        }
        let _ = s.set_read_timeout(Some(Duration::from_millis(200)));
        let mut sink = [0u8; 1024];
        while !stop.load(Ordering::SeqCst) {
            match s.read(&mut sink) {
                Ok(0) => break,
                Ok(_) => {}
                Err(e) if matches!(e.kind(), std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut) => {}
                Err(_) => break,
            }
        }
    }
}

fn connect_from(from: Ipv4Addr, addr: SocketAddr) -> Option<TcpStream> {
    let socket = Socket::new(Domain::IPV4, Type::STREAM, None).ok()?;
    socket.bind(&SocketAddr::new(from.into(), 0).into()).ok()?;
    socket.connect_timeout(&addr.into(), Duration::from_secs(5)).ok()?;
    Some(socket.into())
}

fn get(path: &str) -> Vec<u8> {
    format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").into_bytes()
}

fn post(path: &str, body: &str) -> Vec<u8> {
    format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// A whole answer: its status and `Retry-After`, or `None` when none came within `wait`
/// or it was cut short of its `Content-Length`.
fn request(from: Ipv4Addr, addr: SocketAddr, raw: &[u8], wait: Duration) -> Option<(u16, Option<Duration>)> {
    let mut s = connect_from(from, addr)?;
    s.set_read_timeout(Some(wait)).ok()?;
    s.write_all(raw).ok()?;
    let mut out = Vec::new();
    let _ = s.read_to_end(&mut out);
    whole_answer(&out)
}

fn whole_answer(out: &[u8]) -> Option<(u16, Option<Duration>)> {
    let end = out.windows(4).position(|w| w == b"\r\n\r\n")?;
    let head = String::from_utf8_lossy(&out[..end]);
    let status = head.split_whitespace().nth(1)?.parse().ok()?;
    let header = |name: &str| {
        head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim().eq_ignore_ascii_case(name).then(|| v.trim().to_string())
        })
    };
    if let Some(len) = header("content-length").and_then(|v| v.parse::<usize>().ok()) {
        if out.len() - end - 4 != len {
            return None;
        }
    }
    let retry = header("retry-after").and_then(|v| v.parse().ok()).map(Duration::from_secs);
    Some((status, retry))
}

/// A number field of /proc/PID/status, in KiB.
fn proc_status_kib(pid: u32, field: &str) -> Result<u64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/status")).context("reading the server's status")?;
    text.lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.split_whitespace().next())
        .and_then(|v| v.parse().ok())
        .with_context(|| format!("no {field} in /proc/{pid}/status"))
}

/// CPU seconds the process has used (user and system).
fn cpu_seconds(pid: u32) -> Result<f64> {
    let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).context("reading the server's stat")?;
    let fields: Vec<&str> = text.rsplit_once(')').map(|(_, r)| r.split_whitespace().collect()).unwrap_or_default();
    let ticks = |i: usize| fields.get(i).and_then(|v| v.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 of stat (utime, stime), counted after the command's closing paren.
    Ok((ticks(11) + ticks(12)) / 100.0)
}

/// How long until the process uses under 5% of a core over 200 ms, and the CPU seconds it
/// used meanwhile; `None` if not within `most`.
fn wait_idle(pid: u32, most: Duration) -> Result<(Option<Duration>, f64)> {
    let started = Instant::now();
    let first = cpu_seconds(pid)?;
    let mut last = first;
    loop {
        thread::sleep(Duration::from_millis(200));
        let now = cpu_seconds(pid)?;
        if now - last < 0.011 {
            return Ok((Some(started.elapsed().saturating_sub(Duration::from_millis(200))), now - first));
        }
        last = now;
        if started.elapsed() > most {
            return Ok((None, now - first));
        }
    }
}

/// Sends 40 requests (cheap and heavy, from several addresses), SIGTERM 300 ms into them,
/// and waits up to 20 s for the server to exit: how it exited, the requests answered whole
/// and those cut off (a connection refused before the request was sent is neither).
fn sigterm_during_load(pid: u32, addr: SocketAddr, child: &mut Child) -> Result<(String, usize, usize)> {
    let outcomes = Arc::new(Mutex::new((0usize, 0usize)));
    let clients: Vec<_> = (0..40)
        .map(|i| {
            let outcomes = outcomes.clone();
            thread::spawn(move || {
                let raw =
                    if i % 2 == 0 { post("/api/analyze", &heavy_body(i)) } else { cheap_requests()[i % 6].0.clone() };
                let Some(mut s) = connect_from(Ipv4Addr::new(127, 0, 3, 2 + (i % 10) as u8), addr) else { return };
                let _ = s.set_read_timeout(Some(Duration::from_secs(20)));
                if s.write_all(&raw).is_err() {
                    return;
                }
                let mut out = Vec::new();
                let _ = s.read_to_end(&mut out);
                let mut o = outcomes.lock().unwrap_or_else(|e| e.into_inner());
                match whole_answer(&out) {
                    Some(_) => o.0 += 1,
                    None => o.1 += 1,
                }
            })
        })
        .collect();
    thread::sleep(Duration::from_millis(300));
    Command::new("kill").args(["-TERM", &pid.to_string()]).status().context("sending SIGTERM")?;
    let sent = Instant::now();
    let exit = loop {
        if let Some(status) = child.try_wait()? {
            break match status.code() {
                Some(code) => format!("exit {code}"),
                None => format!("killed by a signal ({status})"),
            };
        }
        if sent.elapsed() > Duration::from_secs(20) {
            break "still running 20 s after SIGTERM".into();
        }
        thread::sleep(Duration::from_millis(50));
    };
    let exit = format!("{exit} after {:.1} s", sent.elapsed().as_secs_f64());
    for c in clients {
        let _ = c.join();
    }
    let (whole, cut) = *outcomes.lock().unwrap_or_else(|e| e.into_inner());
    Ok((exit, whole, cut))
}

/// Writes `section` into the markdown file at `path`, replacing the section of the same
/// label if there is one.
fn record(path: &PathBuf, label: &str, section: &str) -> Result<()> {
    let heading = format!("## {label}\n");
    let old = std::fs::read_to_string(path).unwrap_or_else(|_| {
        "# The play server under load\n\nMade by `cargo xtask load` (xtask/src/load.rs); each section is one run.\n\n"
            .into()
    });
    let mut out = String::new();
    let mut rest = old.as_str();
    let mut replaced = false;
    while let Some(at) = rest.find("## ") {
        out.push_str(&rest[..at]);
        let tail = &rest[at..];
        let end = tail[3..].find("\n## ").map_or(tail.len(), |e| e + 4);
        if tail.starts_with(&heading) {
            out.push_str(section);
            replaced = true;
        } else {
            out.push_str(&tail[..end]);
        }
        rest = &tail[end..];
    }
    out.push_str(rest);
    if !replaced {
        out.push_str(section);
    }
    write_atomic(path, out.as_bytes()).with_context(|| format!("writing {}", path.display()))
}
