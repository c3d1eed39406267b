//! `grundy.sweep(n)`: the long sweep of Grundy's game (`Session::sweep`) and the statistics
//! it records, as numpy arrays: the sparse heaps and their values, the records, and the
//! count, first and last heap of every value.

use grundy_core::ask::{SweepRequest, SweepStats, SweepStatus};
use grundy_core::game::Game;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::run::{run, Opts};
use crate::session;

/// What the sweep found and how it ran.
struct Swept {
    stats: SweepStats,
    kernel: &'static str,
    threads: usize,
}

/// Sweeps G(0..n) of Grundy's game (in window mode with `window`).
#[pyfunction]
#[pyo3(signature = (n, *, window=None, max_time=None, max_memory=None, progress=None))]
pub fn sweep<'py>(
    py: Python<'py>,
    n: u64,
    window: Option<u64>,
    max_time: Option<f64>,
    max_memory: Option<u64>,
    progress: Option<Py<PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let opts = Opts::new(max_time, max_memory, progress)?;
    let game = Game::parse("grundy").expect("Grundy's game has a name");
    let window = window.map(|w| usize::try_from(w).unwrap_or(usize::MAX));
    let req = SweepRequest::new(game, n).with_window(window);
    let swept = run(py, &opts, |ctl| {
        let mut sweep = session().sweep(&req, ctl)?;
        sweep.run_to(n, ctl)?;
        let (kernel, threads) = (sweep.kernel_name(), sweep.threads());
        let SweepStatus::Grundy { stats, .. } = sweep.status() else {
            unreachable!("a sweep of Grundy's game reports Grundy's statistics")
        };
        Ok(Swept { stats: stats.clone(), kernel, threads })
    })?;
    let s = &swept.stats;
    let d = PyDict::new(py);
    d.set_item("heaps", s.heaps)?;
    let heaps = |v: &[grundy_core::ask::HeapValue]| v.iter().map(|h| h.heap).collect::<Vec<u64>>();
    let values = |v: &[grundy_core::ask::HeapValue]| v.iter().map(|h| h.value).collect::<Vec<u16>>();
    d.set_item("sparse_heaps", PyArray1::from_vec(py, heaps(&s.sparse_heaps)))?;
    d.set_item("sparse_values", PyArray1::from_vec(py, values(&s.sparse_heaps)))?;
    d.set_item("record_heaps", PyArray1::from_vec(py, heaps(&s.records)))?;
    d.set_item("record_values", PyArray1::from_vec(py, values(&s.records)))?;
    // Every value up to the largest seen: how often, first and last heap.
    let seen = s.max_value().map_or(0, |m| usize::from(m) + 1);
    let values = &s.values[..seen.min(s.values.len())];
    d.set_item("value_counts", PyArray1::from_vec(py, values.iter().map(|v| v.count).collect::<Vec<u64>>()))?;
    d.set_item("value_first", PyArray1::from_vec(py, values.iter().map(|v| v.first).collect::<Vec<u64>>()))?;
    d.set_item("value_last", PyArray1::from_vec(py, values.iter().map(|v| v.last).collect::<Vec<u64>>()))?;
    d.set_item("scan_total", s.scan.total)?;
    d.set_item("scan_count", s.scan.count)?;
    d.set_item("longest_scan", s.scan.longest.map(|l| (l.heap, l.length)))?;
    d.set_item("kernel", swept.kernel)?;
    d.set_item("threads", swept.threads)?;
    Ok(d)
}
