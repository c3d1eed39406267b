//! grundy-sources: the reference data grundy checks itself against.
//!
//! - [`catalog`]: the pinned sources (URL, where the raw snapshot and the parsed file live).
//! - Pure parsers, `&str -> Result<_, typed error>` with line numbers:
//!   [`grundy_core::bfile::parse_bfile`] (OEIS b-files, the core's one reader),
//!   [`oeis_text::parse_oeis_text`] (the OEIS text format), [`flammenkamp::parse_page`]
//!   (Achim Flammenkamp's page, with `scraper`).
//! - [`fetch`]: the only code that touches the network (reqwest, blocking, rustls).
//! - [`pipeline`]: raw snapshots -> parsed fixtures and `fixtures/manifest.toml`, written
//!   atomically ([`atomic::write_atomic`]).

#![deny(missing_docs)]

pub mod atomic;
pub mod catalog;
pub mod fetch;
pub mod flammenkamp;
pub mod manifest;
pub mod oeis_text;
pub mod pipeline;

/// sha256 of bytes as lowercase hex.
pub fn sha256_hex(bytes: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let digest = Sha256::digest(bytes);
    digest.iter().map(|b| format!("{b:02x}")).collect()
}
