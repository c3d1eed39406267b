//! Misère answers as Python values: a quotient (its presentation, P-portion and pretending
//! function, the last as a numpy array of element numbers) and the genus of single heaps.

use grundy_core::ask::{Genus, MisereQuotient};
use grundy_core::game::Game;
use numpy::PyArray1;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

/// The quotient `q` of `game` as a dict; `stopped` says why it ends before the bound asked.
pub fn quotient_dict<'py>(
    py: Python<'py>,
    game: &Game,
    q: &MisereQuotient,
    stopped: Option<String>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    let pres = q.presentation();
    let name = |x: u32| q.name(x);
    d.set_item("game", q.game())?;
    d.set_item("bound", q.bound())?;
    d.set_item("order", q.order())?;
    d.set_item("p_portion", q.p_portion())?;
    d.set_item("tame", q.is_tame())?;
    d.set_item("generators", pres.generator_heaps.clone())?;
    d.set_item("generator_lines", pres.generator_lines(&|h| game.heap_name(h)))?;
    d.set_item("relations", pres.relation_lines())?;
    let order = u32::try_from(q.order()).unwrap_or(u32::MAX);
    d.set_item("elements", (0..order).map(name).collect::<Vec<_>>())?;
    d.set_item("p_elements", q.p_elements().into_iter().map(name).collect::<Vec<_>>())?;
    d.set_item("pretending", PyArray1::from_slice(py, q.pretending()))?;
    d.set_item("pretending_names", q.pretending().iter().map(|&x| name(x)).collect::<Vec<_>>())?;
    let p_heaps: Vec<u64> = (0..=q.bound()).filter(|&h| q.is_p_position(&[h]) == Some(true)).collect();
    d.set_item("p_heaps", p_heaps)?;
    d.set_item("changes", q.changes().to_vec())?;
    let periodicity = match q.periodicity() {
        Some(p) => {
            let pd = PyDict::new(py);
            pd.set_item("preperiod", p.preperiod)?;
            pd.set_item("period", p.period)?;
            pd.set_item("values", p.values)?;
            pd.set_item("needed", p.needed)?;
            pd.set_item("stop_rule_met", p.needed <= p.values)?;
            Some(pd)
        }
        None => None,
    };
    d.set_item("periodicity", periodicity)?;
    d.set_item("stopped_periodic", q.stopped_periodic())?;
    d.set_item("stopped", stopped)?;
    Ok(d)
}

/// The genus of heaps 0, 1, ... as a list of dicts.
pub fn genus_list<'py>(py: Python<'py>, list: &[Genus]) -> PyResult<Bound<'py, PyList>> {
    let out = PyList::empty(py);
    for (heap, g) in list.iter().enumerate() {
        let d = PyDict::new(py);
        d.set_item("heap", heap)?;
        d.set_item("text", g.to_string())?;
        d.set_item("value", g.value)?;
        d.set_item("printed", g.printed.clone())?;
        d.set_item("superscript", g.superscript.clone())?;
        d.set_item("tame", g.is_tame())?;
        d.set_item("phylum", g.phylum_name())?;
        d.set_item("nim_heap", g.is_nim_heap)?;
        out.append(d)?;
    }
    Ok(out)
}
