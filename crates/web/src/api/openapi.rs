//! The API described: an OpenAPI 3 document of every route (`assets/openapi.json`), served
//! at `/api/openapi.json`. It is written by hand, since the answers are built as JSON
//! documents rather than Rust types, and kept equal to the handlers by tests
//! (`tests/openapi.rs`: every path and method of [`super::ROUTES`] and no other, and
//! answers to requests of every operation valid against its schemas), and fuzzed from in CI
//! by schemathesis against the live server (`cargo xtask ci`).

/// The document.
pub const DOCUMENT: &str = include_str!("../../assets/openapi.json");
