//! `grundy.census(...)`: every code of a family (grundy-census's families: `0.ddd`,
//! `tczajka`, a list) swept until its period is proved or the budget is reached, on worker
//! threads, yielded as records in the family's order. With a folder, each game goes through
//! grundy-census's folder logic one game at a time (`run_shard` of a one-code family named
//! as the census), so the folder is the command line's `grundy census` folder: results kept,
//! unsolved games continued from their stored values, a killed run resumed by the same
//! call; without one, the records live only in memory (`solve::solve`).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

use grundy_census::family::Family;
use grundy_census::record::{CensusKey, GameRecord};
use grundy_census::shard::Shard;
use grundy_census::store::Store;
use grundy_census::CensusError;
use grundy_core::ask::Cancel;
use pyo3::exceptions::{PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::run::POLL;

/// One game's answer from a worker: its record and what became of it in this run.
type Answer = Result<(GameRecord, &'static str), CensusError>;

/// What the iterator holds while games run.
struct State {
    rx: Receiver<(usize, Answer)>,
    workers: Vec<JoinHandle<()>>,
    /// Answers that came before the ones ahead of them in the family's order.
    buffer: BTreeMap<usize, Answer>,
    /// The next record to yield.
    next: usize,
}

/// The records of a census, in the family's order, as its games finish.
#[pyclass(name = "CensusIterator", module = "grundy._grundy")]
pub struct CensusIter {
    state: Mutex<State>,
    cancel: Cancel,
    total: usize,
    family: String,
}

/// Runs the census of `family` at `budget` on `threads` worker threads, into `folder` when
/// given.
#[pyfunction]
#[pyo3(signature = (family, budget, *, threads=None, folder=None))]
pub fn census(family: &str, budget: u64, threads: Option<usize>, folder: Option<PathBuf>) -> PyResult<CensusIter> {
    let family = Family::parse(family).map_err(|e| PyValueError::new_err(e.to_string()))?;
    grundy_census::check_budget(budget).map_err(PyValueError::new_err)?;
    let threads = threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .clamp(1, family.codes.len().max(1));
    let cancel = Cancel::new();
    let (tx, rx) = mpsc::channel();
    let next = Arc::new(AtomicUsize::new(0));
    let shared = Arc::new(family.clone());
    let store = folder.map(|f| Store::new(&f));
    let workers = (0..threads)
        .map(|_| {
            let (tx, next, family, cancel, store) =
                (tx.clone(), next.clone(), shared.clone(), cancel.clone(), store.clone());
            std::thread::spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                if i >= family.codes.len() || cancel.is_cancelled() {
                    break;
                }
                let answer = one(&family, i, budget, store.as_ref(), &cancel);
                let failed = answer.is_err();
                if tx.send((i, answer)).is_err() || failed {
                    break;
                }
            })
        })
        .collect();
    let state = State { rx, workers, buffer: BTreeMap::new(), next: 0 };
    Ok(CensusIter { state: Mutex::new(state), cancel, total: family.codes.len(), family: family.name })
}

/// Game `i` of `family`: through the folder's logic, or in memory.
fn one(family: &Family, i: usize, budget: u64, store: Option<&Store>, cancel: &Cancel) -> Answer {
    let code = &family.codes[i];
    let Some(store) = store else {
        let key = CensusKey::new(&family.name, budget);
        let solved = grundy_census::solve::solve(code, &key, None, cancel).map_err(|source| {
            if source.is_cancelled() {
                CensusError::Cancelled
            } else {
                CensusError::Solve { code: code.clone(), why: source }
            }
        })?;
        return Ok((solved.record, "computed"));
    };
    let one = Family { name: family.name.clone(), codes: vec![code.clone()] };
    let report = grundy_census::run_shard(&one, budget, Shard::ALL, store, 1, cancel, |_| {})?;
    let source = if report.kept > 0 {
        "kept"
    } else if report.current > 0 {
        "current"
    } else if report.continued > 0 {
        "continued"
    } else {
        "computed"
    };
    let record = store.read(code)?.ok_or_else(|| {
        CensusError::Store(grundy_census::store::StoreError::Corrupt {
            path: store.path(code),
            reason: "no result was written".into(),
        })
    })?;
    Ok((record, source))
}

/// A record as a dict.
fn record_dict<'py>(py: Python<'py>, r: &GameRecord, source: &str) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("code", &r.code)?;
    d.set_item("fate", r.status.name())?;
    d.set_item("preperiod", r.preperiod)?;
    d.set_item("period", r.period)?;
    d.set_item("saltus", r.saltus)?;
    d.set_item("computed", r.computed)?;
    d.set_item("largest", r.largest)?;
    d.set_item("largest_at", r.largest_at)?;
    d.set_item("mask", r.mask)?;
    d.set_item("heap_parity", r.heap_parity)?;
    d.set_item("sparse_heaps", r.sparse_heaps)?;
    d.set_item("last_sparse", r.last_sparse)?;
    d.set_item("candidate", r.candidate.map(|c| (c.preperiod, c.period, c.span)))?;
    d.set_item("head", &r.head)?;
    d.set_item("checksum", &r.checksum)?;
    d.set_item("engine", &r.engine)?;
    d.set_item("seconds", r.seconds)?;
    d.set_item("source", source)?;
    Ok(d)
}

impl CensusIter {
    /// Stops the workers and waits for them (within a second: they check the token).
    fn stop(&self) {
        self.cancel.cancel();
        let mut state = self.state.lock().unwrap_or_else(|e| e.into_inner());
        for w in state.workers.drain(..) {
            let _ = w.join();
        }
    }
}

#[pymethods]
impl CensusIter {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __len__(&self) -> usize {
        self.total
    }

    /// The family's name, as the result files record it.
    #[getter]
    fn family(&self) -> &str {
        &self.family
    }

    fn __next__<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        loop {
            let waited = py.detach(|| {
                let mut st = self.state.lock().unwrap_or_else(|e| e.into_inner());
                if st.next >= self.total {
                    return Some(None);
                }
                let next = st.next;
                if let Some(answer) = st.buffer.remove(&next) {
                    st.next += 1;
                    return Some(Some(answer));
                }
                match st.rx.recv_timeout(POLL) {
                    Ok((i, answer)) => {
                        st.buffer.insert(i, answer);
                        None
                    }
                    Err(RecvTimeoutError::Timeout) => None,
                    // Every worker has stopped: closed (or dropped) before the end.
                    Err(RecvTimeoutError::Disconnected) if self.cancel.is_cancelled() => Some(None),
                    Err(RecvTimeoutError::Disconnected) => Some(Some(Err(CensusError::Cancelled))),
                }
            });
            match waited {
                Some(None) => {
                    py.detach(|| self.stop());
                    return Ok(None);
                }
                Some(Some(Ok((record, source)))) => return record_dict(py, &record, source).map(Some),
                Some(Some(Err(e))) => {
                    py.detach(|| self.stop());
                    return Err(match e {
                        CensusError::Cancelled => PyKeyboardInterrupt::new_err("cancelled"),
                        e => PyRuntimeError::new_err(e.to_string()),
                    });
                }
                None => {
                    if let Err(e) = py.check_signals() {
                        py.detach(|| self.stop());
                        return Err(e);
                    }
                }
            }
        }
    }

    /// Stops the games still running (their finished results stay in the folder).
    fn close(&self, py: Python<'_>) {
        py.detach(|| self.stop());
    }
}

impl Drop for CensusIter {
    fn drop(&mut self) {
        let st = self.state.get_mut().unwrap_or_else(|e| e.into_inner());
        self.cancel.cancel();
        for w in st.workers.drain(..) {
            let _ = w.join();
        }
    }
}

/// The codes of a family, in census order.
#[pyfunction]
pub fn family(name: &str) -> PyResult<Vec<String>> {
    Family::parse(name).map(|f| f.codes).map_err(|e| PyValueError::new_err(e.to_string()))
}
