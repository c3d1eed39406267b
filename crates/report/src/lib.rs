//! grundy-report: from a sweep to findings, with no I/O.
//!
//! - [`Summary`]: the deterministic record of a sweep (what `cargo xtask compute` writes),
//!   with a format version; [`summary::SummaryError`] when text is not one.
//! - [`claims::Claims`]: the figures the write-up reports, from `fixtures/claims/`
//!   ([`claims::ClaimError`] for a bad file or field).
//! - [`verify::verify`]: every claim and reference checked against a summary, one
//!   [`verify::Check`] each; a claim id with no check is a [`verify::VerifyError`], and
//!   [`verify::References::load`] says which fixture it could not read
//!   ([`verify::ReferenceError`]).
//! - [`markdown::report`] and [`findings::Findings`]: the report text and the JSON the
//!   play page shows; [`plot`]: SVG pictures; [`periods`]: the periods proved from the
//!   command line against the published ones.

#![deny(missing_docs)]

pub mod claims;

pub mod findings;
pub mod markdown;
pub mod periods;
pub mod plot;
pub mod summary;
pub mod verify;

pub use summary::Summary;
