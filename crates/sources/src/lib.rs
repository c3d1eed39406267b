//! grundy-sources: the reference data grundy checks itself against.
//!
//! - [`catalog`]: the pinned sources (URL, where the raw snapshot and the parsed file live).
//! - Pure parsers, `&str -> Result<_, typed error>` with line numbers:
//!   [`bfile::parse_bfile`] (OEIS b-files), [`oeis_text::parse_oeis_text`] (the OEIS text
//!   format), [`flammenkamp::parse_page`] (Achim Flammenkamp's page, with `scraper`).
//! - [`fetch`]: the only code that touches the network (reqwest, blocking, rustls).
//! - [`pipeline`]: raw snapshots -> parsed fixtures and `fixtures/manifest.toml`, written
//!   atomically ([`atomic::write_atomic`]).

#![warn(missing_docs)]

pub mod atomic;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod bfile;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod catalog;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod fetch;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod flammenkamp;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod manifest;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod oeis_text;
#[allow(missing_docs)] // Not yet documented: its owner writes the docs, then this line goes (issue 10).
pub mod pipeline;

/// sha256 of bytes as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
