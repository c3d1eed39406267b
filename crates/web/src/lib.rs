//! grundy-web: play Grundy's game (and the other heap games) in the browser.
//!
//! - [`api::handle`]: every request as a pure function of method, path and body, so that
//!   the whole API is tested without a socket; it validates everything and answers bad
//!   input with a 4xx and a one-line reason.
//! - [`server::serve`]: the HTTP server (std `TcpListener` and a small request reader of
//!   its own) on 127.0.0.1, with read timeouts, a short deadline for the request head and a
//!   longer one for the whole request, size limits, a table of connections capped per
//!   address that sheds the oldest stalled connection when full, a few workers for the
//!   handling, and a guard that turns any panic into a 500 instead of a dead thread.
//! - `assets/`: the page, its script and style, compiled into the binary (no CDN).

#![deny(missing_docs)]

pub mod api;
pub mod server;

pub use server::{serve, serve_with, Limits, ServeError, ServeOptions};
