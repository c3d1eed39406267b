//! grundy-web: play Grundy's game (and the other heap games) in the browser.
//!
//! - [`api::prepare`]: every request read and checked as a pure function of method, path
//!   and body, giving its answer or the work for the core with the core's estimate of its
//!   cost; [`api::handle`] answers on the calling thread, so that the whole API is tested
//!   without a socket. Bad input is answered with a 4xx and a one-line reason.
//! - [`server::serve`]: the HTTP server: hyper through axum on tokio, tower-http layers for
//!   the limits, compression and headers, the core's computations on a bounded pool beside
//!   the I/O (cheap work at once, heavy work queued fairly per client address, refused with
//!   503 and `Retry-After` when the queue is full), each with a cancellation token that a
//!   client's leaving, a deadline or the server's stopping sets.
//! - `assets/`: the page, its script and style, and the API's OpenAPI document, compiled
//!   into the binary (no CDN).

#![deny(missing_docs)]

pub mod api;
pub mod server;

pub use server::{serve, serve_with, Running, ServeError, ServeOptions, ServerLimits};
