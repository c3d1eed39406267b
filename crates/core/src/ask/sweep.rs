//! Long sweeps: G(0..N) of Grundy's game or of an octal game as a job that runs in steps,
//! saves checkpoints between them and resumes from one, optionally in window mode (only
//! the first and the latest values held, so that memory does not grow with N). The job
//! behind `grundy sweep`, `grundy values --window` and `cargo xtask compute`.

use super::{AskError, Control, Session};
use crate::engine::cost::Cost;
use crate::engine::grundy::fast::{FastSweep, GrundyKernel};
use crate::engine::octal::{OctalKernel, OctalSweep, Tally};
use crate::engine::{Engine, EngineChoice, EngineError, EngineKind};
use crate::game::Game;
use crate::SweepStats;

/// A long sweep.
#[derive(Clone, Debug)]
pub struct SweepRequest {
    /// Grundy's game or an octal code.
    pub game: Game,
    /// G(0..to).
    pub to: u64,
    /// Window mode: keep G(0..window) and about the latest `window` values.
    pub window: Option<u64>,
    /// Octal games in window mode: keep the values the window lets go, packed, for the rare
    /// scans past it.
    pub archive: bool,
    /// One thread instead of two.
    pub single_thread: bool,
}

impl SweepRequest {
    /// A sweep of `game` to `to`, every value held, on two threads.
    pub fn new(game: Game, to: u64) -> SweepRequest {
        SweepRequest { game, to, window: None, archive: false, single_thread: false }
    }
}

enum Engineered {
    Grundy(Box<FastSweep>),
    Octal(Box<OctalSweep>),
}

/// A sweep under way.
pub struct Sweep {
    sweep: Engineered,
    engine: Engine,
    to: u64,
}

/// What a sweep has found so far, by its kind.
pub enum SweepStatus<'a> {
    /// Grundy's game: every statistic of the write-up.
    Grundy {
        /// The statistics.
        stats: &'a SweepStats,
        /// G(0..) held from heap 0 on (in window mode the first window's).
        first_values: &'a [u16],
    },
    /// An octal game: the statistics of Czajka's tables.
    Octal {
        /// The sparse/common mask.
        mask: u32,
        /// Whether the heap's parity is part of the rule.
        heap_parity: bool,
        /// The largest value, where it first came and the checksum of every value.
        tally: Tally,
        /// Sparse heaps found, and the last.
        sparse_heaps: usize,
        /// The last sparse heap.
        last_sparse: Option<usize>,
        /// The window, in window mode.
        window: Option<usize>,
        /// Whether the values let go are archived.
        archive: bool,
        /// Heaps whose scans read the archive.
        deep_scans: u64,
    },
}

/// The engine of a long sweep: Grundy's game's or the octal sweep; any other game is refused.
fn sweep_engine(game: &Game) -> Result<Engine, AskError> {
    let engine = Engine::choose(game, EngineChoice::Sparse).map_err(|_| {
        AskError::Input(format!("the long sweep is for Grundy's game and octal games, not {}", game.name()))
    })?;
    Ok(engine)
}

impl Session {
    /// Starts a long sweep, refused before it starts when its memory or time would pass the
    /// limits (with the estimate and what would fit).
    pub fn sweep(&self, req: &SweepRequest, ctl: &mut Control) -> Result<Sweep, AskError> {
        let engine = sweep_engine(&req.game)?;
        check_cost(Sweep::estimate(&engine, req)?, &engine, req, ctl)?;
        let sweep = match engine.kind() {
            EngineKind::GrundySweep => {
                if req.archive {
                    return Err(AskError::Input(
                        "--archive is for octal games: Grundy's-game sweep never reads past its window".into(),
                    ));
                }
                let mut s = FastSweep::new();
                if let Some(w) = req.window {
                    s.set_window(usize::try_from(w).map_err(|_| AskError::Input("--window is too large".into()))?);
                }
                Engineered::Grundy(Box::new(s))
            }
            _ => {
                let code =
                    req.game.octal().expect("the sparse engine of a game other than Grundy's is the octal sweep");
                let end = usize::try_from(req.to).map_err(|_| AskError::Input("--to is too large".into()))?;
                // The rule is chosen on the first heaps (up to 2^16), before a window lets any go.
                let mut s = OctalSweep::auto_with(code, end, ctl.cancel.clone()).map_err(EngineError::from)?;
                if let Some(w) = req.window {
                    let w = usize::try_from(w).map_err(|_| AskError::Input("--window is too large".into()))?;
                    s.set_window(w).map_err(EngineError::from)?;
                    if req.archive {
                        s.set_archive();
                    }
                }
                Engineered::Octal(Box::new(s))
            }
        };
        let mut sweep = Sweep { sweep, engine, to: req.to };
        sweep.set_threads(if req.single_thread { 1 } else { 2 });
        Ok(sweep)
    }

    /// Goes on from a checkpoint of the same request, refused when it is damaged, of
    /// another game, window or archive, or beyond `to`.
    pub fn resume_sweep(&self, req: &SweepRequest, checkpoint: &[u8]) -> Result<Sweep, AskError> {
        let engine = sweep_engine(&req.game)?;
        let refuse = |e: &dyn std::fmt::Display| AskError::Input(format!("refusing the checkpoint: {e}"));
        let window = req.window.map(|w| usize::try_from(w).unwrap_or(usize::MAX));
        let sweep = match engine.kind() {
            EngineKind::GrundySweep => Engineered::Grundy(Box::new(
                FastSweep::restore_with_window(checkpoint, GrundyKernel::detect(), window).map_err(|e| refuse(&e))?,
            )),
            _ => {
                let code = req.game.octal().expect("an octal game");
                let s = OctalSweep::restore(code, checkpoint).map_err(|e| refuse(&e))?;
                let expected = window.map(|w| w.max(crate::engine::octal::MIN_WINDOW));
                if s.window() != expected {
                    return Err(refuse(&format!(
                        "it keeps a window of {:?} heaps, this run {:?}",
                        s.window(),
                        expected
                    )));
                }
                if s.archive_bytes().is_some() != req.archive {
                    return Err(refuse(&format!(
                        "it was written {} an archive, and this run {} one",
                        if req.archive { "without" } else { "with" },
                        if req.archive { "keeps" } else { "keeps no" }
                    )));
                }
                Engineered::Octal(Box::new(s))
            }
        };
        let mut sweep = Sweep { sweep, engine, to: req.to };
        if sweep.len() > req.to {
            return Err(refuse(&format!("it holds {} heaps, more than --to {}", sweep.len(), req.to)));
        }
        sweep.set_threads(if req.single_thread { 1 } else { 2 });
        Ok(sweep)
    }
}

impl Sweep {
    fn estimate(engine: &Engine, req: &SweepRequest) -> Result<Cost, AskError> {
        Ok(match req.window {
            Some(w) if engine.kind() == EngineKind::GrundySweep => {
                let full = engine.cost(req.to);
                Cost { bytes: w.min(req.to).saturating_mul(engine.bytes_per_heap()), seconds: full.seconds }
            }
            Some(w) => engine.cost_in_window(req.to, w, req.archive),
            None => engine.cost(req.to),
        })
    }

    fn set_threads(&mut self, threads: usize) {
        match &mut self.sweep {
            Engineered::Grundy(s) => s.set_threads(threads),
            Engineered::Octal(s) => s.set_threads(threads),
        }
    }

    /// Heaps computed: G(0..len).
    pub fn len(&self) -> u64 {
        match &self.sweep {
            Engineered::Grundy(s) => s.len(),
            Engineered::Octal(s) => s.len() as u64,
        }
    }

    /// Whether nothing is computed yet.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The heaps the request asked for.
    pub fn target(&self) -> u64 {
        self.to
    }

    /// Computes until G(0..end) are known (at most the request's `to`), reporting progress
    /// and stopping at the control's cancellation with the state whole, so that a
    /// checkpoint taken then resumes exactly.
    pub fn run_to(&mut self, end: u64, ctl: &mut Control) -> Result<(), AskError> {
        let end = end.min(self.to);
        let (engine, to, cancel) = (self.engine.clone(), self.to, ctl.cancel.clone());
        let mut progress = |done: u64| ctl.report_heaps(&engine, done, to);
        match &mut self.sweep {
            Engineered::Grundy(s) => {
                s.set_cancel(cancel.clone());
                s.run_to_with(end, &mut progress).map_err(EngineError::from)?;
            }
            Engineered::Octal(s) => {
                s.set_cancel(cancel.clone());
                let end = usize::try_from(end).map_err(|_| AskError::Input("--to is too large".into()))?;
                s.run_to_with(end, &mut progress).map_err(EngineError::from)?;
            }
        }
        Ok(())
    }

    /// G(n), for a heap held (every heap below `len`, or in window mode the first and the
    /// latest ones); `None` for one let go.
    pub fn value(&self, n: u64) -> Option<u64> {
        if n >= self.len() {
            return None;
        }
        match &self.sweep {
            Engineered::Grundy(s) => s.value(n).map(u64::from),
            Engineered::Octal(s) => s.held(usize::try_from(n).ok()?).map(u64::from),
        }
    }

    /// The whole state as checkpoint bytes, piece by piece.
    pub fn checkpoint_with(&mut self, mut sink: impl FnMut(&[u8])) {
        match &mut self.sweep {
            Engineered::Grundy(s) => s.checkpoint_with(sink),
            Engineered::Octal(s) => sink(&s.checkpoint()),
        }
    }

    /// What the sweep has found so far.
    pub fn status(&mut self) -> SweepStatus<'_> {
        match &mut self.sweep {
            Engineered::Grundy(s) => SweepStatus::Grundy { stats: s.stats(), first_values: s.first_values() },
            Engineered::Octal(s) => SweepStatus::Octal {
                mask: s.mask(),
                heap_parity: s.heap_parity(),
                tally: s.tally(),
                sparse_heaps: s.sparse_heaps().len(),
                last_sparse: s.sparse_heaps().last().map(|&(r, _)| r),
                window: s.window(),
                archive: s.archive_bytes().is_some(),
                deep_scans: s.deep_scans(),
            },
        }
    }

    /// The kernel that runs, for the record of a run.
    pub fn kernel_name(&self) -> &'static str {
        match &self.sweep {
            Engineered::Grundy(s) => s.kernel().name(),
            Engineered::Octal(s) => match s.kernel() {
                OctalKernel::Scalar => "scalar",
                OctalKernel::Portable => "portable",
                OctalKernel::Avx2 => "avx2",
                OctalKernel::Dense => "dense",
            },
        }
    }

    /// Threads the sweep runs on.
    pub fn threads(&self) -> usize {
        match &self.sweep {
            Engineered::Grundy(s) => s.threads(),
            Engineered::Octal(s) => s.threads(),
        }
    }

    /// The algorithm's name, as summaries and checkpoints record it (Grundy's game).
    pub fn algorithm(&self) -> &'static str {
        match &self.sweep {
            Engineered::Grundy(_) => FastSweep::ALGORITHM,
            Engineered::Octal(_) => "octal-sweep/1",
        }
    }
}

/// Refuses `req` when its estimate passes the control's limits.
fn check_cost(cost: Cost, engine: &Engine, req: &SweepRequest, ctl: &Control) -> Result<(), AskError> {
    {
        let limits = ctl.limits;
        if cost.bytes > limits.bytes || cost.seconds > limits.seconds {
            let per_heap = if req.window.is_some() { 0 } else { engine.bytes_per_heap() };
            let fits = if per_heap == 0 { req.to } else { engine.heaps_within(limits) };
            return Err(EngineError::Cost(crate::engine::CostError {
                game: req.game.name(),
                engine: engine.kind().name(),
                heaps: req.to,
                cost,
                limits,
                fits,
            })
            .into());
        }
        Ok(())
    }
}
