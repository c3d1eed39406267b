//! Positions: the core's analysis (`Session::analyze`) and worked solution
//! (`Session::explain`) as dicts, every word of them the core's.

use grundy_core::ask::{
    Analyzed, AskError, Convention, ExplainRequest, Explained, Listed, Move, Outcome, PositionRequest, Rule,
};
use grundy_core::game::Game;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use crate::run::{run, Opts};
use crate::session;

/// The counting convention named by `count`, or a `ValueError` in the core's words.
fn convention(count: &str) -> Result<Convention, AskError> {
    count.parse::<Convention>().map_err(AskError::Input)
}

fn outcome(o: Outcome) -> &'static str {
    match o {
        Outcome::PlayerToMoveWins => "player-to-move-wins",
        Outcome::PlayerToMoveLoses => "player-to-move-loses",
    }
}

fn rule_name(r: Rule) -> &'static str {
    match r {
        Rule::Normal => "normal",
        Rule::Misere => "misere",
    }
}

fn move_dict<'py>(py: Python<'py>, a: &Analyzed, m: &Move) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("heap_index", m.heap_index)?;
    d.set_item("heap", m.heap)?;
    d.set_item("take", m.take)?;
    d.set_item("at", m.at)?;
    d.set_item("piece", m.piece.map(|[a, b]| (a, b)))?;
    d.set_item("left", m.left.clone())?;
    d.set_item("nim_sum_after", m.nim_sum_after)?;
    d.set_item("winning", m.winning)?;
    d.set_item("description", &m.description)?;
    d.set_item("reason", a.reason(m))?;
    d.set_item("after", a.analysis.position_after(m))?;
    Ok(d)
}

/// Analyzes a position of `game` under `rule`.
pub fn analyze<'py>(
    py: Python<'py>,
    game: &Game,
    heaps: Vec<u64>,
    rule: Rule,
    count: &str,
    opts: &Opts,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game.clone();
    let a = run(py, opts, move |ctl| {
        let req = PositionRequest::new(g, heaps, rule, convention(count)?);
        session().analyze(&req, ctl)
    })?;
    let an = &a.analysis;
    let d = PyDict::new(py);
    d.set_item("game", &an.game)?;
    d.set_item("rule", rule_name(an.rule))?;
    d.set_item("convention", an.convention.name())?;
    d.set_item("heaps", an.heaps.clone())?;
    d.set_item("values", an.values.clone())?;
    d.set_item("nim_sum", an.nim_sum)?;
    d.set_item("outcome", outcome(an.outcome))?;
    d.set_item("verdict", a.verdict())?;
    d.set_item("legal_moves", an.legal_moves)?;
    d.set_item("winning_moves", an.winning_moves)?;
    d.set_item("listed_every", an.listed == Listed::Every)?;
    let moves = PyList::empty(py);
    for m in &an.moves {
        moves.append(move_dict(py, &a, m)?)?;
    }
    d.set_item("moves", moves)?;
    d.set_item("computer_move", an.computer_move)?;
    d.set_item("misere_method", an.misere_method.as_ref().map(|m| m.describe()))?;
    d.set_item("end_reason", a.end_reason())?;
    d.set_item("hint", a.hint())?;
    Ok(d)
}

/// The worked solution of a position of `game` under `rule`.
pub fn explain<'py>(
    py: Python<'py>,
    game: &Game,
    heaps: Vec<u64>,
    rule: Rule,
    count: &str,
    opts: &Opts,
) -> PyResult<Bound<'py, PyDict>> {
    let g = game.clone();
    let e = run(py, opts, move |ctl| {
        let req = ExplainRequest { game: g, heaps, rule, convention: convention(count)? };
        session().explain(&req, ctl)
    })?;
    let d = PyDict::new(py);
    d.set_item("text", e.render())?;
    d.set_item("winning_moves", e.winning_moves())?;
    d.set_item("rule", rule_name(rule))?;
    // The mex table of normal play, for the notebook's HTML: heap, the values of its
    // options, its value.
    let table = PyList::empty(py);
    if let Explained::Normal { explanation, .. } = &e {
        for row in &explanation.table {
            let options: Vec<u64> = row.options.iter().map(|o| o.value).collect();
            table.append((row.heap, options, row.value))?;
        }
        d.set_item("nim_sum", explanation.nim_sum)?;
        d.set_item("values", explanation.values.clone())?;
    } else {
        d.set_item("nim_sum", py.None())?;
        d.set_item("values", py.None())?;
    }
    d.set_item("table", table)?;
    Ok(d)
}
