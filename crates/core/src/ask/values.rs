//! Values: G(n) of one heap, a table G(0..N), and the period of a game's values, each by the
//! cheapest exact method (a closed form, a period proved as soon as the values allow, a
//! table), within the request's limits.

use std::sync::Arc;

use super::{AskError, Control, Saved, Session};
use crate::engine::{Engine, EngineChoice};
use crate::game::Game;
use crate::period::{heap_values_in, search_period_from, HeapValues, Method, PeriodSearch};

/// G(n) of one heap.
#[derive(Clone, Debug)]
pub struct ValueRequest {
    /// The game.
    pub game: Game,
    /// The heap (on a graph: a vertex's number).
    pub heap: u64,
    /// The engine: `Auto` (the fastest that applies) or one forced.
    pub engine: EngineChoice,
}

/// G(n), with the method that answered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Valued {
    /// G(n).
    pub value: u64,
    /// How it was found.
    pub method: Method,
}

/// The table G(0..count).
#[derive(Clone, Debug)]
pub struct TableRequest {
    /// The game.
    pub game: Game,
    /// How many heaps: G(0), ..., G(count - 1).
    pub count: u64,
    /// The engine: `Auto` (the fastest that applies) or one forced.
    pub engine: EngineChoice,
    /// Go on from the checkpoint an interrupted request of the same table saved
    /// ([`AskError::Interrupted`]).
    pub resume: Option<Vec<u8>>,
    /// Compute every value with the engine: no period is looked for, so a periodic game's
    /// table is not filled from its period once that is proved (for timing the engine
    /// against programs that compute every value).
    pub every_value: bool,
}

impl TableRequest {
    /// G(0..count) of `game` by `engine`, the period shortcut allowed, from the start.
    pub fn new(game: Game, count: u64, engine: EngineChoice) -> TableRequest {
        TableRequest { game, count, engine, resume: None, every_value: false }
    }
}

/// A table of values, answered heap by heap by the method that found it (a closed form and
/// a proved period answer any heap without holding the table).
#[derive(Clone, Debug)]
pub struct Table {
    values: Arc<HeapValues>,
    count: u64,
    first: u64,
}

impl Table {
    /// G(n) for n below [`Table::len`].
    pub fn get(&self, n: u64) -> u64 {
        self.values.get(n)
    }

    /// The heaps asked for: G(0..len).
    pub fn len(&self) -> u64 {
        self.count
    }

    /// Whether the table is empty (never: a table has at least one heap).
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// The first heap worth listing: 0, or 1 on a graph (heap 0 is no token at all).
    pub fn first(&self) -> u64 {
        self.first
    }

    /// How the values were found.
    pub fn method(&self) -> &Method {
        self.values.method()
    }

    /// The largest value, by a pass over the table.
    pub fn largest(&self) -> u64 {
        (0..self.count).map(|n| self.get(n)).max().unwrap_or(0)
    }

    /// Writes G(start..start + out.len()) into `out`, values as `T` (the caller checks with
    /// [`Table::largest`] that they fit; a value too wide for `T` is cut to its low bits).
    pub fn fill<T: TryFrom<u64> + Copy + Default>(&self, start: u64, out: &mut [T]) {
        for (i, slot) in out.iter_mut().enumerate() {
            *slot = T::try_from(self.get(start + i as u64)).unwrap_or_default();
        }
    }
}

/// The period of a game's values.
#[derive(Clone, Debug)]
pub struct PeriodRequest {
    /// The game.
    pub game: Game,
    /// Values to compute at most: G(0..max); by default as many as fit the limits.
    pub max: Option<u64>,
    /// The engine: `Auto` (the fastest that applies) or one forced.
    pub engine: EngineChoice,
}

/// G(n) for every n up to `max_heap` by the cheapest exact way, within the control's
/// limits, with its progress and cancellation; going on from `resume` (a checkpoint) when
/// given. Cancelled, it saves what it computed where the engine keeps checkpoints.
pub(super) fn heap_values_under(
    engine: &Engine,
    max_heap: u64,
    ctl: &mut Control,
    resume: Option<&[u8]>,
    every_value: bool,
) -> Result<HeapValues, AskError> {
    let mut run = match resume {
        Some(bytes) => engine.restore(bytes)?,
        None => engine.run(),
    };
    run.set_cancel(ctl.cancel.clone());
    let mut slot = Some(run);
    let limits = ctl.limits;
    let values = heap_values_in(engine, &mut slot, max_heap, limits, every_value, &mut |done, total| {
        ctl.report_heaps(engine, done, total)
    });
    match (values, slot) {
        (Ok(values), _) => Ok(values),
        (Err(e), Some(mut run)) if ctl.cancel.is_cancelled() => match run.checkpoint() {
            Some(checkpoint) if !run.is_empty() => {
                Err(AskError::Interrupted(Saved { checkpoint, heaps: run.len() as u64 }))
            }
            _ => Err(e.into()),
        },
        (Err(e), _) => Err(e.into()),
    }
}

impl Session {
    /// G(n) of one heap: any n at once for a closed form or a proved period; otherwise a
    /// table up to n, refused beyond the limits with the estimate (after a short look for
    /// a period, for a game a periodicity theorem covers).
    pub fn value(&self, req: &ValueRequest, ctl: &mut Control) -> Result<Valued, AskError> {
        check_heap(&req.game, req.heap)?;
        let values = self.remembered_values(&req.game, req.engine, req.heap, ctl)?;
        Ok(Valued { value: values.get(req.heap), method: values.method().clone() })
    }

    /// The table G(0..count) (on a graph at most every vertex), by the cheapest exact way.
    pub fn table(&self, req: &TableRequest, ctl: &mut Control) -> Result<Table, AskError> {
        if req.count == 0 {
            return Err(AskError::Input(
                "no values asked for: G(0..0) is empty, a table needs at least one heap".into(),
            ));
        }
        if let Some(largest) = req.game.largest_heap() {
            if req.count > largest + 1 {
                return Err(AskError::Input(format!(
                    "--to {} asks for more heaps than {} has: G(0..{}) is all of it",
                    req.count,
                    req.game.name(),
                    largest + 1
                )));
            }
        }
        let values = match (&req.resume, req.every_value) {
            (None, false) => self.remembered_values(&req.game, req.engine, req.count - 1, ctl)?,
            (resume, every_value) => {
                let engine = Engine::choose(&req.game, req.engine)?;
                Arc::new(heap_values_under(&engine, req.count - 1, ctl, resume.as_deref(), every_value)?)
            }
        };
        let first = u64::from(req.game.largest_heap().is_some());
        Ok(Table { values, count: req.count, first })
    }

    /// The pre-period and period of the game's values, computing until a periodicity
    /// theorem proves them or until `max` values (by default as many as fit the limits).
    pub fn period(&self, req: &PeriodRequest, ctl: &mut Control) -> Result<PeriodSearch, AskError> {
        let engine = Engine::choose(&req.game, req.engine)?;
        let max = match req.max {
            Some(m) if m < 2 => {
                return Err(AskError::Input(format!("--max {m}: a period needs at least two heaps' values")))
            }
            Some(m) => {
                engine.check(m, ctl.limits).map_err(crate::engine::EngineError::from)?;
                m
            }
            None => engine.heaps_within(ctl.limits),
        };
        let max = usize::try_from(max).map_err(|_| AskError::Input(format!("{max} heaps do not fit this platform")))?;
        let mut run = engine.run();
        run.set_cancel(ctl.cancel.clone());
        let (search, _) =
            search_period_from(&engine, run, max, &mut |done| ctl.report_heaps(&engine, done, max as u64))?;
        Ok(search)
    }
}

/// A heap a finite game has (a graph's vertices are numbered from 1).
pub(super) fn check_heap(game: &Game, heap: u64) -> Result<(), AskError> {
    match game.largest_heap() {
        Some(largest) if heap > largest => {
            Err(AskError::Input(format!("{} has no vertex numbered {heap} (it has {largest})", game.name())))
        }
        _ => Ok(()),
    }
}
