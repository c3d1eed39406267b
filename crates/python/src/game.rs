//! `grundy._grundy.Game`: a game as the core parses it (a name, a code, a subtraction set,
//! or a graph's text) with the rule it is played under, and every question one may ask of
//! it. Each method builds one request of `grundy_core::ask`, runs it through
//! [`crate::run::run`] (GIL released, Ctrl-C cancels) and converts the answer: value tables
//! to numpy arrays filled in Rust, the rest to dicts the Python layer turns into dataclasses.

use grundy_core::ask::{
    AskError, EngineChoice, GenusRequest, Method, PeriodRequest, QuotientBounds, QuotientRequest, Rule, TableRequest,
    ValueRequest,
};
use grundy_core::game::{Game, Played};
use numpy::PyArray1;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::run::{run, to_py, Opts};
use crate::{misere, position, session};

/// A game and its rule.
#[pyclass(frozen, name = "Game", module = "grundy._grundy")]
pub struct PyGame {
    pub(crate) game: Game,
    pub(crate) rule: Rule,
}

/// The engine named by `text`, or a `ValueError`.
fn engine(py: Python<'_>, text: &str) -> PyResult<EngineChoice> {
    EngineChoice::parse(text).map_err(|e| to_py(py, &AskError::from(e)))
}

/// A method's name and what it rests on, for people.
pub fn method_dict<'py>(py: Python<'py>, method: &Method) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    match method {
        Method::ClosedForm => d.set_item("method", "closed form")?,
        Method::Period(p) => {
            d.set_item("method", "period")?;
            d.set_item("preperiod", p.preperiod)?;
            d.set_item("period", p.period)?;
            d.set_item("saltus", p.saltus)?;
            d.set_item("proved", p.proved)?;
            d.set_item("computed", p.computed)?;
        }
        Method::Table { len } => {
            d.set_item("method", "table")?;
            d.set_item("computed", *len)?;
        }
    }
    Ok(d)
}

#[pymethods]
impl PyGame {
    /// A game by name, code or subtraction set (`kayles`, `.6`, `s1,2,3`), under the rule
    /// its name implies (`misere-nim` is misère).
    #[new]
    fn new(text: &str) -> PyResult<PyGame> {
        let played = Played::parse(text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGame { game: played.game, rule: played.rule })
    }

    /// A game on the graph in `text` (one vertex a line, `name: the vertices it may move to`).
    #[staticmethod]
    fn graph(label: &str, text: &str) -> PyResult<PyGame> {
        let game = Game::graph(label, text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGame { game, rule: Rule::Normal })
    }

    /// A game on the graph in `text`, cycles allowed: an acyclic graph is the game of
    /// `graph`; a graph with a cycle gets Smith's values (`loopy_values`, `loopy_analyze`).
    #[staticmethod]
    fn graph_with_cycles(label: &str, text: &str) -> PyResult<PyGame> {
        let game = Game::any_graph(label, text).map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok(PyGame { game, rule: Rule::Normal })
    }

    /// Whether the game is on a graph with a cycle.
    #[getter]
    fn loopy(&self) -> bool {
        self.game.loopy().is_some()
    }

    /// Smith's value of every vertex 1..=n as text (`"3"`, `"∞{0,2}"`), as `grundy values`
    /// prints them.
    fn loopy_values(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        let (game, rule) = (self.game.clone(), self.rule);
        run(py, &Opts::new(None, None, None)?, |ctl| {
            let table = session().loopy_values(&game, rule, ctl)?;
            Ok((1..=table.len()).map(|v| table.value(v).to_string()).collect())
        })
    }

    /// A position on a graph with cycles: the outcome ("P", "N" or "D"), the value of the
    /// sum as text, and every move as (token index, vertex it goes to, "Wins", "KeepsDraw"
    /// or "Loses", its words, the moves the game then lasts or None), winning moves soonest
    /// first.
    #[allow(clippy::type_complexity)] // the tuple is what Python receives
    fn loopy_analyze(
        &self,
        py: Python<'_>,
        tokens: Vec<u64>,
    ) -> PyResult<(String, String, Vec<(usize, u64, String, String, Option<u32>)>)> {
        let (game, rule) = (self.game.clone(), self.rule);
        run(py, &Opts::new(None, None, None)?, |ctl| {
            let answer = session().analyze_loopy(&game, &tokens, rule, ctl)?;
            let a = &answer.analysis;
            let moves = a
                .moves
                .iter()
                .map(|m| (m.token, m.to, format!("{:?}", m.kind), answer.describe(m), m.length))
                .collect();
            Ok((format!("{:?}", a.outcome), a.value.to_string(), moves))
        })
    }

    /// The same game under the misère rule (or normal play).
    fn with_rule(&self, misere: bool) -> PyGame {
        PyGame { game: self.game.clone(), rule: if misere { Rule::Misere } else { Rule::Normal } }
    }

    /// The game's name for people.
    #[getter]
    fn name(&self) -> String {
        self.game.name()
    }

    /// The rules in one line.
    #[getter]
    fn rules(&self) -> String {
        self.game.rules()
    }

    /// Whether the game is played misère.
    #[getter]
    fn misere(&self) -> bool {
        self.rule == Rule::Misere
    }

    /// The number of the last vertex of a game on a graph (vertices are 1..=it); `None`
    /// for heap games.
    #[getter]
    fn largest_heap(&self) -> Option<u64> {
        self.game.largest_heap()
    }

    /// The number of the vertex called `name`, on a graph.
    fn heap_named(&self, name: &str) -> Option<u64> {
        self.game.heap_named(name)
    }

    /// How heap (vertex) `n` is written for people.
    fn heap_name(&self, n: u64) -> String {
        self.game.heap_name(n)
    }

    fn __repr__(&self) -> String {
        format!("<grundy._grundy.Game {}{}>", self.game.name(), if self.misere() { ", misère" } else { "" })
    }

    /// G(0..count) as a numpy array of the narrowest unsigned type that holds them (uint16,
    /// uint32 or uint64), filled in Rust.
    #[pyo3(signature = (count, *, engine="auto", max_time=None, max_memory=None, progress=None))]
    fn values<'py>(
        &self,
        py: Python<'py>,
        count: u64,
        engine: &str,
        max_time: Option<f64>,
        max_memory: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let req = TableRequest::new(self.game.clone(), count, self::engine(py, engine)?);
        let opts = Opts::new(max_time, max_memory, progress)?;
        let filled = run(py, &opts, |ctl| {
            let table = session().table(&req, ctl)?;
            let len =
                usize::try_from(table.len()).map_err(|_| AskError::Input(format!("{count} values do not fit here")))?;
            let largest = table.largest();
            Ok(if largest <= u64::from(u16::MAX) {
                Filled::U16(fill(&table, len))
            } else if largest <= u64::from(u32::MAX) {
                Filled::U32(fill(&table, len))
            } else {
                Filled::U64(fill(&table, len))
            })
        })?;
        Ok(match filled {
            Filled::U16(v) => PyArray1::from_vec(py, v).into_any(),
            Filled::U32(v) => PyArray1::from_vec(py, v).into_any(),
            Filled::U64(v) => PyArray1::from_vec(py, v).into_any(),
        })
    }

    /// G(n) for one heap by the cheapest exact way, and how it was found.
    #[pyo3(signature = (heap, *, engine="auto", max_time=None, max_memory=None, progress=None))]
    fn value<'py>(
        &self,
        py: Python<'py>,
        heap: u64,
        engine: &str,
        max_time: Option<f64>,
        max_memory: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<(u64, Bound<'py, PyDict>)> {
        let req = ValueRequest { game: self.game.clone(), heap, engine: self::engine(py, engine)? };
        let opts = Opts::new(max_time, max_memory, progress)?;
        let valued = run(py, &opts, |ctl| session().value(&req, ctl))?;
        Ok((valued.value, method_dict(py, &valued.method)?))
    }

    /// The pre-period and period, computing until a periodicity theorem proves them or
    /// `max` values (by default as many as fit the limits).
    #[pyo3(signature = (max=None, *, engine="auto", max_time=None, max_memory=None, progress=None))]
    fn period<'py>(
        &self,
        py: Python<'py>,
        max: Option<u64>,
        engine: &str,
        max_time: Option<f64>,
        max_memory: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let req = PeriodRequest { game: self.game.clone(), max, engine: self::engine(py, engine)? };
        let opts = Opts::new(max_time, max_memory, progress)?;
        let s = run(py, &opts, |ctl| session().period(&req, ctl))?;
        let d = PyDict::new(py);
        let found = match &s.found {
            Some(p) => {
                let f = PyDict::new(py);
                f.set_item("preperiod", p.preperiod)?;
                f.set_item("period", p.period)?;
                f.set_item("saltus", p.saltus)?;
                f.set_item("proved", p.proved)?;
                f.set_item("computed", p.computed)?;
                Some(f)
            }
            None => None,
        };
        d.set_item("found", found)?;
        d.set_item("computed", s.computed)?;
        d.set_item("largest", s.largest)?;
        d.set_item("sparse", s.sparse)?;
        d.set_item("unbounded", s.unbounded)?;
        d.set_item("theorem", s.theorem)?;
        d.set_item("engine", s.engine.name())?;
        Ok(d)
    }

    /// The analysis of a position: outcome, nim-sum, every move with its words, whether it
    /// wins and why, the computer's move.
    #[pyo3(signature = (heaps, *, misere, count="heaps", max_time=None, max_memory=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn analyze<'py>(
        &self,
        py: Python<'py>,
        heaps: Vec<u64>,
        misere: bool,
        count: &str,
        max_time: Option<f64>,
        max_memory: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let opts = Opts::new(max_time, max_memory, progress)?;
        position::analyze(py, &self.game, heaps, rule(misere), count, &opts)
    }

    /// The worked solution of a position, as text, with the numbers it shows.
    #[pyo3(signature = (heaps, *, misere, count="heaps", max_time=None, max_memory=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn explain<'py>(
        &self,
        py: Python<'py>,
        heaps: Vec<u64>,
        misere: bool,
        count: &str,
        max_time: Option<f64>,
        max_memory: Option<u64>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let opts = Opts::new(max_time, max_memory, progress)?;
        position::explain(py, &self.game, heaps, rule(misere), count, &opts)
    }

    /// The misère quotient for heaps 0..=`to`. With `partial`, a quotient stopped by a bound
    /// is returned as far as it got, with the reason in `stopped`.
    #[pyo3(signature = (to, *, full=false, partial=false, max_order=None, trial_elements=None, search_bytes=None, progress=None))]
    #[allow(clippy::too_many_arguments)]
    fn quotient<'py>(
        &self,
        py: Python<'py>,
        to: u64,
        full: bool,
        partial: bool,
        max_order: Option<usize>,
        trial_elements: Option<usize>,
        search_bytes: Option<usize>,
        progress: Option<Py<PyAny>>,
    ) -> PyResult<Bound<'py, PyDict>> {
        let d = QuotientBounds::default();
        let bounds = QuotientBounds {
            max_order: max_order.unwrap_or(d.max_order),
            trial_elements: trial_elements.unwrap_or(d.trial_elements),
            search_bytes: search_bytes.unwrap_or(d.search_bytes),
        };
        let req = QuotientRequest { game: self.game.clone(), to, full, bounds: Some(bounds) };
        let opts = Opts::new(None, None, progress)?;
        let (q, stopped) = run(py, &opts, |ctl| match session().quotient_reached(&req, ctl) {
            (_, Some(AskError::Cancelled)) => Err(AskError::Cancelled),
            (Some(q), Some(e)) if partial => Ok((q, Some(e))),
            (Some(q), None) => Ok((q, None)),
            (_, Some(e)) => Err(e),
            (None, None) => Err(AskError::Input("no quotient was computed".into())),
        })?;
        misere::quotient_dict(py, &self.game, &q, stopped.map(|e| e.to_string()))
    }

    /// Conway's genus of single heaps 0..=`to`, as CGSuite prints it.
    #[pyo3(signature = (to, *, progress=None))]
    fn genus<'py>(&self, py: Python<'py>, to: u64, progress: Option<Py<PyAny>>) -> PyResult<Bound<'py, PyList>> {
        let req = GenusRequest { game: self.game.clone(), to };
        let opts = Opts::new(None, None, progress)?;
        let list = run(py, &opts, |ctl| session().genus(&req, ctl))?;
        misere::genus_list(py, &list)
    }

    /// The single heaps among 0..count that are misère P-positions.
    fn misere_p_heaps(&self, py: Python<'_>, count: u64) -> PyResult<Vec<u64>> {
        let opts = Opts::new(None, None, None)?;
        run(py, &opts, |ctl| session().misere_p_heaps(&self.game, count, ctl))
    }
}

/// The rule asked for.
fn rule(misere: bool) -> Rule {
    if misere {
        Rule::Misere
    } else {
        Rule::Normal
    }
}

/// A table's values in the narrowest type that holds them.
enum Filled {
    U16(Vec<u16>),
    U32(Vec<u32>),
    U64(Vec<u64>),
}

/// G(0..len) of `table` as `T` (the caller checked that they fit).
fn fill<T: TryFrom<u64> + Copy + Default>(table: &grundy_core::ask::Table, len: usize) -> Vec<T> {
    let mut out = vec![T::default(); len];
    table.fill(0, &mut out);
    out
}
