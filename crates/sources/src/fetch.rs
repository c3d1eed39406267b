//! The only network code: download a pinned URL with a timeout, a user agent, a couple of
//! retries with backoff, and `error_for_status`.

use std::time::Duration;

use thiserror::Error;

/// Why a download failed.
#[derive(Debug, Error)]
pub enum FetchError {
    #[error("{url}: HTTP status {status}")]
    /// The server answered with an error status.
    Status {
        /// The URL asked for.
        url: String,
        /// The HTTP status code.
        status: u16,
    },
    #[error("{url}: timed out after {seconds} s")]
    /// An attempt took longer than the timeout (after the retries, for [`Fetcher::get`]).
    Timeout {
        /// The URL asked for.
        url: String,
        /// The timeout of one attempt, in seconds.
        seconds: u64,
    },
    #[error("{url}: {message}")]
    /// The request could not be made or its body read (DNS, TLS, connection), or the
    /// client could not be built (then `url` is empty).
    Transport {
        /// The URL asked for.
        url: String,
        /// The failure and its causes, as text.
        message: String,
    },
}

/// A blocking HTTP client for the fetcher.
pub struct Fetcher {
    client: reqwest::blocking::Client,
    timeout: Duration,
    retries: u32,
    backoff: Duration,
}

/// Settings of a [`Fetcher`].
#[derive(Clone, Copy, Debug)]
pub struct FetchOptions {
    /// The most one attempt may take, connecting included.
    pub timeout: Duration,
    /// Further attempts after the first, for timeouts, connection errors and 5xx.
    pub retries: u32,
    /// Wait before the first retry; doubled for each further one.
    pub backoff: Duration,
}

impl Default for FetchOptions {
    fn default() -> Self {
        FetchOptions { timeout: Duration::from_secs(30), retries: 2, backoff: Duration::from_secs(2) }
    }
}

/// The user agent sent with every request.
pub const USER_AGENT: &str =
    concat!("grundy/", env!("CARGO_PKG_VERSION"), " (reference fixtures; reproducible research)");

impl Fetcher {
    /// A client with these settings and [`USER_AGENT`]; fails only when reqwest cannot build one.
    pub fn new(options: FetchOptions) -> Result<Fetcher, FetchError> {
        let client = reqwest::blocking::Client::builder()
            .timeout(options.timeout)
            .connect_timeout(options.timeout)
            .user_agent(USER_AGENT)
            .build()
            .map_err(|e| FetchError::Transport { url: String::new(), message: e.to_string() })?;
        Ok(Fetcher { client, timeout: options.timeout, retries: options.retries, backoff: options.backoff })
    }

    /// The body of `url`, retried on transient failures.
    pub fn get(&self, url: &str) -> Result<Vec<u8>, FetchError> {
        let mut wait = self.backoff;
        let mut attempt = 0;
        loop {
            match self.get_once(url) {
                Ok(body) => return Ok(body),
                Err(e) if attempt < self.retries && transient(&e) => {
                    std::thread::sleep(wait);
                    wait *= 2;
                    attempt += 1;
                }
                Err(e) => return Err(e),
            }
        }
    }

    fn get_once(&self, url: &str) -> Result<Vec<u8>, FetchError> {
        let classify = |e: reqwest::Error| {
            if e.is_timeout() {
                FetchError::Timeout { url: url.to_string(), seconds: self.timeout.as_secs().max(1) }
            } else if let Some(status) = e.status() {
                FetchError::Status { url: url.to_string(), status: status.as_u16() }
            } else {
                FetchError::Transport { url: url.to_string(), message: chain(&e) }
            }
        };
        let response = self.client.get(url).send().map_err(classify)?.error_for_status().map_err(classify)?;
        // `bytes` fails when the connection ends before the announced length: a truncated
        // body is an error, not a shorter file.
        let body = response.bytes().map_err(classify)?;
        Ok(body.to_vec())
    }
}

fn transient(e: &FetchError) -> bool {
    match e {
        FetchError::Status { status, .. } => *status >= 500,
        FetchError::Timeout { .. } | FetchError::Transport { .. } => true,
    }
}

/// An error and its causes on one line.
fn chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut source = e.source();
    while let Some(c) = source {
        s.push_str(": ");
        s.push_str(&c.to_string());
        source = c.source();
    }
    s
}
