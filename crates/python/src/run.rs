//! How every request runs: on a Rust thread of its own while the calling thread waits with
//! the GIL released, waking every [`POLL`] to let Python see signals (a Ctrl-C sets the
//! request's cancellation token and the request stops within a second, as the request API
//! promises) and to hand the latest progress to the caller's callback; and how the core's
//! errors become the exceptions Python users expect ([`to_py`]).

use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use grundy_core::ask::{AskError, Cancel, Control, ErrorKind, Limits, Progress};
use pyo3::exceptions::{PyException, PyKeyboardInterrupt, PyRuntimeError, PyValueError};
use pyo3::prelude::*;

pyo3::create_exception!(
    _grundy,
    LimitError,
    PyException,
    "Work refused because it would pass max_time or max_memory (by the engine's estimate, before it \
     starts), or a bound of the method; carries the estimate and what would fit when there is one."
);

/// How often the waiting thread wakes: Ctrl-C is seen within this, and progress is shown
/// this often at most.
pub const POLL: Duration = Duration::from_millis(50);

/// The default `max_time`: an hour, as the command line's `--max-time`.
const DEFAULT_MAX_SECONDS: f64 = 3600.0;

/// What a call carries besides its question: its limits and where its progress goes.
pub struct Opts {
    /// `max_time` and `max_memory`.
    pub limits: Limits,
    /// Called as `progress(done, total, unit, fraction, eta_seconds_or_none)`.
    pub progress: Option<Py<PyAny>>,
}

impl Opts {
    /// The limits from the keyword arguments (`None`: an hour, three quarters of the memory
    /// available), refusing what is not a positive amount.
    pub fn new(max_time: Option<f64>, max_memory: Option<u64>, progress: Option<Py<PyAny>>) -> PyResult<Opts> {
        let seconds = max_time.unwrap_or(DEFAULT_MAX_SECONDS);
        if seconds.is_nan() || seconds <= 0.0 {
            return Err(PyValueError::new_err(format!("max_time must be a positive number of seconds, got {seconds}")));
        }
        let bytes = match max_memory {
            Some(0) => return Err(PyValueError::new_err("max_memory must be a positive number of bytes, got 0")),
            Some(b) => b,
            None => memory_available() / 4 * 3,
        };
        Ok(Opts { limits: Limits { bytes, seconds }, progress })
    }
}

/// Memory the system reports available (8 GiB where that cannot be read).
fn memory_available() -> u64 {
    let available = std::fs::read_to_string("/proc/meminfo").ok().and_then(|text| {
        let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
        let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
        Some(kb * 1024)
    });
    available.unwrap_or(8 << 30)
}

/// Runs `job` with the GIL released: on a thread of its own, with a fresh cancellation token
/// that a `KeyboardInterrupt` sets (which is then raised once the job has stopped), and its
/// progress handed to `opts.progress` from the calling thread.
pub fn run<T, F>(py: Python<'_>, opts: &Opts, job: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce(&mut Control<'_>) -> Result<T, AskError> + Send,
{
    let cancel = Cancel::new();
    let latest: Arc<Mutex<Option<Progress>>> = Arc::default();
    let limits = opts.limits;
    std::thread::scope(|scope| {
        let (tx, rx) = mpsc::channel();
        let (token, sink) = (cancel.clone(), latest.clone());
        scope.spawn(move || {
            let mut ctl = Control::new(limits)
                .with_cancel(token)
                .with_progress(move |p| *sink.lock().unwrap_or_else(|e| e.into_inner()) = Some(*p));
            let _ = tx.send(job(&mut ctl));
        });
        wait(py, opts, rx, &cancel, &latest)
    })
}

/// Waits for the job's answer (see [`run`]).
fn wait<T: Send>(
    py: Python<'_>,
    opts: &Opts,
    mut rx: Receiver<Result<T, AskError>>,
    cancel: &Cancel,
    latest: &Mutex<Option<Progress>>,
) -> PyResult<T> {
    let started = Instant::now();
    let mut stop: Option<PyErr> = None;
    let mut shown: Option<Progress> = None;
    loop {
        let (back, answer) = py.detach(move || {
            let answer = rx.recv_timeout(POLL);
            (rx, answer)
        });
        rx = back;
        match answer {
            Ok(answer) => {
                return match (stop, answer) {
                    (Some(e), _) => Err(e),
                    (None, Ok(t)) => Ok(t),
                    (None, Err(e)) => Err(to_py(py, &e)),
                };
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(stop.unwrap_or_else(|| PyRuntimeError::new_err("the computation stopped without an answer")))
            }
            Err(RecvTimeoutError::Timeout) => {}
        }
        if stop.is_some() {
            continue;
        }
        if let Err(e) = py.check_signals() {
            cancel.cancel();
            stop = Some(e);
            continue;
        }
        let now = *latest.lock().unwrap_or_else(|e| e.into_inner());
        if let (Some(p), Some(callback)) = (now, &opts.progress) {
            if shown != Some(p) {
                shown = Some(p);
                let eta = p.eta(started.elapsed().as_secs_f64());
                if let Err(e) = callback.call1(py, (p.done, p.total, p.unit, p.fraction(), eta)) {
                    cancel.cancel();
                    stop = Some(e);
                }
            }
        }
    }
}

/// The Python exception for a refusal or a failure of the core, with its one-line message:
/// `ValueError` for a bad input, [`LimitError`] (with the estimate) for a limit,
/// `KeyboardInterrupt` for a cancellation, `RuntimeError` for a failure.
pub fn to_py(py: Python<'_>, e: &AskError) -> PyErr {
    let message = e.to_string();
    match e.kind() {
        ErrorKind::BadInput => PyValueError::new_err(message),
        ErrorKind::Cancelled => PyKeyboardInterrupt::new_err(message),
        ErrorKind::Failed => PyRuntimeError::new_err(message),
        ErrorKind::Limit => {
            let err = LimitError::new_err(message);
            let value = err.value(py);
            let cost = e.cost();
            let fields: [(&str, Option<f64>); 4] = [
                ("estimate_seconds", cost.map(|c| c.cost.seconds)),
                ("estimate_bytes", cost.map(|c| c.cost.bytes as f64)),
                ("max_time", cost.map(|c| c.limits.seconds)),
                ("max_memory", cost.map(|c| c.limits.bytes as f64)),
            ];
            let set = || -> PyResult<()> {
                for (name, x) in fields {
                    match (name, x) {
                        ("estimate_bytes" | "max_memory", Some(x)) => value.setattr(name, x as u64)?,
                        _ => value.setattr(name, x)?,
                    }
                }
                value.setattr("heaps", cost.map(|c| c.heaps))?;
                value.setattr("fits", cost.map(|c| c.fits))?;
                value.setattr("engine", cost.map(|c| c.engine))
            };
            match set() {
                Ok(()) => err,
                Err(e) => e,
            }
        }
    }
}
