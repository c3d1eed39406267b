//! The request reader: the request line, the headers and the body, each read within its
//! deadline and size limit.

use super::*;

/// Reads from the socket with every wait bounded by the read timeout and the deadline.
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
    read_timeout: Duration,
    /// The error when the deadline passes.
    late: fn(u64) -> RequestError,
    /// The deadline, in whole seconds, for the error.
    seconds: u64,
}

impl Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> Result<usize, RequestError> {
        loop {
            let left = self.until.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err((self.late)(self.seconds));
            }
            self.stream.set_read_timeout(Some(left.min(self.read_timeout))).map_err(|err| RequestError::Io { err })?;
            let mut stream = self.stream;
            match stream.read(buf) {
                Ok(n) => return Ok(n),
                Err(e) if matches!(e.kind(), io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut) => {
                    return Err((self.late)(self.seconds))
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(err) => return Err(RequestError::Io { err }),
            }
        }
    }
}

/// Reads one request within the limits: the request line and headers within
/// `head_deadline`, the whole request within `request_deadline`.
pub fn read_request(stream: &TcpStream, limits: Limits) -> Result<Request, RequestError> {
    read_request_with(stream, limits, &mut || true)
}

/// [`read_request`], calling `head_read` once the head has arrived, before the body.
pub(super) fn read_request_with(
    stream: &TcpStream,
    limits: Limits,
    head_read: &mut dyn FnMut() -> bool,
) -> Result<Request, RequestError> {
    let started = Instant::now();
    let head_deadline = limits.head_deadline.min(limits.request_deadline);
    let seconds = |d: Duration| d.as_secs_f64().ceil() as u64;
    let mut src = Deadline {
        stream,
        until: started + head_deadline,
        read_timeout: limits.read_timeout,
        late: |seconds| RequestError::HeadTimeout { seconds },
        seconds: seconds(head_deadline),
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
    if !head_read() {
        return Err(RequestError::Closed);
    }
    src.until = started + limits.request_deadline;
    (src.late, src.seconds) = (|seconds| RequestError::Timeout { seconds }, seconds(limits.request_deadline));
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
    /// `GET`, `POST`, ...
    pub method: String,
    /// The path with its query string.
    pub target: String,
    /// The body's length in bytes (0 when not given).
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
