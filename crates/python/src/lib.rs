//! grundy-python: the extension module `grundy._grundy` of the Python package `grundy`
//! (the package itself, its stubs and `py.typed` are in `python/grundy/`; maturin builds
//! both: `pip install ./crates/python`).
//!
//! A thin binding, after rustworkx and pydantic-core: it converts Python's arguments to the
//! core's requests and the answers back (value tables to numpy arrays filled in Rust, the
//! rest to dicts that the Python layer turns into dataclasses), and runs every request with
//! the GIL released on a thread of its own, so that Ctrl-C cancels it through the request's
//! token ([`run`]). It asks only `grundy_core::ask` (and the game parser, `Game::parse` and
//! `Game::graph`, and `grundy_core::count`), and grundy-census for a census's folder: no
//! engine, no game logic, no words of its own.
//!
//! - [`game`]: `Game`, with values, one value, the period, positions, misère quotients and
//!   the genus;
//! - [`position`]: the analysis and the worked solution of a position;
//! - [`misere`]: quotients and genus as Python values;
//! - [`sweep`]: Grundy's game's long sweep and its statistics as arrays;
//! - [`census`]: a census as an iterator of records, resumable from a results folder.
//!
//! Architecture invariant: nothing here decides anything about games; a rule, a word or a
//! limit a Python user sees comes from the core (or grundy-census), as for the command line.

#![deny(missing_docs)]

use std::sync::OnceLock;

use grundy_core::ask::Session;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub mod census;
pub mod game;
pub mod misere;
pub mod position;
pub mod run;
pub mod sweep;

/// The one session of the process: its cache of small tables serves every call.
pub fn session() -> &'static Session {
    static SESSION: OnceLock<Session> = OnceLock::new();
    SESSION.get_or_init(Session::new)
}

/// A count as people write it (`2^22`, `1e6`, `4_194_304`), by the core's one count parser.
#[pyfunction]
fn parse_count(text: &str) -> PyResult<u64> {
    grundy_core::count::parse_count(text).map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Seconds since the first call: the clock the core's engines measure themselves by.
fn seconds() -> f64 {
    static START: OnceLock<std::time::Instant> = OnceLock::new();
    START.get_or_init(std::time::Instant::now).elapsed().as_secs_f64()
}

/// The module `grundy._grundy`.
#[pymodule]
fn _grundy(m: &Bound<'_, PyModule>) -> PyResult<()> {
    grundy_core::ask::set_clock(seconds);
    m.add_class::<game::PyGame>()?;
    m.add_class::<census::CensusIter>()?;
    m.add_function(wrap_pyfunction!(parse_count, m)?)?;
    m.add_function(wrap_pyfunction!(sweep::sweep, m)?)?;
    m.add_function(wrap_pyfunction!(census::census, m)?)?;
    m.add_function(wrap_pyfunction!(census::family, m)?)?;
    m.add("LimitError", m.py().get_type::<run::LimitError>())?;
    m.add("VERSION", env!("CARGO_PKG_VERSION"))?;
    let bounds = pyo3::types::PyDict::new(m.py());
    let census = grundy_census::misere::CENSUS_BOUNDS;
    bounds.set_item("max_order", census.max_order)?;
    bounds.set_item("trial_elements", census.trial_elements)?;
    bounds.set_item("search_bytes", census.search_bytes)?;
    m.add("MISERE_CENSUS_BOUNDS", bounds)?;
    Ok(())
}
