//! Long sweeps: G(0..N) of Grundy's game or of an octal game as a job that runs in steps,
//! saves checkpoints between them and resumes from one, optionally in window mode (only
//! the first and the latest values held, so that memory does not grow with N). The job
//! behind `grundy sweep`, `grundy values --window` and `cargo xtask compute`.

use super::{AskError, Control, Session};
use crate::engine::cost::Cost;
use crate::engine::grundy::fast::{FastSweep, GrundyKernel};
use crate::engine::grundy::sweep::SparseSweep;
use crate::engine::grundy::Config as GrundyConfig;
use crate::engine::octal::{Config as OctalConfig, OctalKernel, OctalSweep, Tally};
use crate::engine::{Engine, EngineChoice, EngineError};
use crate::game::Game;
use crate::SweepStats;

/// A long sweep, with the settings of the engine that runs it (each engine reads only its
/// own: window, archive, kernel, threads).
#[derive(Clone, Debug)]
pub struct SweepRequest {
    /// Grundy's game or an octal code.
    pub game: Game,
    /// G(0..to).
    pub to: u64,
    /// How Grundy's game is swept.
    pub grundy: GrundyConfig,
    /// How an octal game is swept.
    pub octal: OctalConfig,
}

impl SweepRequest {
    /// A sweep of `game` to `to`, every value held, on two threads, by the fastest kernel.
    pub fn new(game: Game, to: u64) -> SweepRequest {
        SweepRequest { game, to, grundy: GrundyConfig::default(), octal: OctalConfig::default() }
    }

    /// Window mode for either engine: keep G(0..window) and about the latest `window` values.
    pub fn with_window(mut self, window: Option<usize>) -> SweepRequest {
        self.grundy.window = window;
        self.octal.window = window;
        self
    }

    fn window(&self, engine: &Engine) -> Option<usize> {
        if engine.game().is_grundys_game() {
            self.grundy.window
        } else {
            self.octal.window
        }
    }
}

enum Engineered {
    Grundy(Box<FastSweep>),
    Plain(Box<SparseSweep>),
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
        let sweep = match engine.game().is_grundys_game() {
            true => {
                let config = req.grundy;
                if config.plain {
                    if config.window.is_some() {
                        return Err(AskError::Input("the plain sweep has no window mode".into()));
                    }
                    Engineered::Plain(Box::default())
                } else {
                    let kernel = config.kernel.unwrap_or_else(GrundyKernel::detect);
                    if !GrundyKernel::available().contains(&kernel) {
                        return Err(AskError::Input(format!("this CPU cannot run the {} kernel", kernel.name())));
                    }
                    let mut s = FastSweep::with_options(crate::engine::grundy::stats::DEFAULT_INTERVAL_LOG2, kernel);
                    if let Some(w) = config.window {
                        s.set_window(w);
                    }
                    s.set_threads(if config.single_thread { 1 } else { 2 });
                    Engineered::Grundy(Box::new(s))
                }
            }
            false => {
                let config = req.octal;
                let code =
                    req.game.octal().expect("the sparse engine of a game other than Grundy's is the octal sweep");
                let end = usize::try_from(req.to).map_err(|_| AskError::Input("--to is too large".into()))?;
                // The rule is chosen on the first heaps (up to 2^16), before a window lets any go.
                let mut s = OctalSweep::auto_with(code, end, ctl.cancel.clone()).map_err(EngineError::from)?;
                if let Some(w) = config.window {
                    s.set_window(w).map_err(EngineError::from)?;
                    if config.archive {
                        s.set_archive();
                    }
                } else if config.archive {
                    return Err(AskError::Input("--archive keeps what a window lets go: give --window too".into()));
                }
                if let Some(kernel) = config.kernel {
                    s.set_kernel(kernel).map_err(EngineError::from)?;
                }
                s.set_threads(if config.single_thread { 1 } else { 2 });
                Engineered::Octal(Box::new(s))
            }
        };
        Ok(Sweep { sweep, engine, to: req.to })
    }

    /// What the sweep would take, by the engine's model, without starting it.
    pub fn estimate_sweep(&self, req: &SweepRequest) -> Result<Cost, AskError> {
        Sweep::estimate(&sweep_engine(&req.game)?, req)
    }

    /// Goes on from a checkpoint of the same request, refused when it is damaged, of
    /// another game, window or archive, or beyond `to`.
    pub fn resume_sweep(&self, req: &SweepRequest, checkpoint: &[u8]) -> Result<Sweep, AskError> {
        let engine = sweep_engine(&req.game)?;
        let refuse = |e: &dyn std::fmt::Display| AskError::Input(format!("refusing the checkpoint: {e}"));
        let window = req.window(&engine);
        let sweep = match engine.game().is_grundys_game() {
            true => {
                let kernel = req.grundy.kernel.unwrap_or_else(GrundyKernel::detect);
                let mut s = FastSweep::restore_with_window(checkpoint, kernel, window).map_err(|e| refuse(&e))?;
                s.set_threads(if req.grundy.single_thread { 1 } else { 2 });
                Engineered::Grundy(Box::new(s))
            }
            false => {
                let code = req.game.octal().expect("an octal game");
                let s = OctalSweep::restore(code, checkpoint).map_err(|e| refuse(&e))?;
                let expected = window.map(|w| w.max(crate::engine::octal::MIN_WINDOW));
                if s.window() != expected {
                    let kept =
                        |w: Option<usize>| w.map_or("every value".to_string(), |w| format!("a window of {w} heaps"));
                    return Err(refuse(&format!("it keeps {}, and this run {}", kept(s.window()), kept(expected))));
                }
                let archive = req.octal.archive;
                if s.archive_bytes().is_some() != archive {
                    return Err(refuse(&format!(
                        "it was written {} an archive, and this run {} one",
                        if archive { "without" } else { "with" },
                        if archive { "keeps" } else { "keeps no" }
                    )));
                }
                let mut s = s;
                s.set_threads(if req.octal.single_thread { 1 } else { 2 });
                Engineered::Octal(Box::new(s))
            }
        };
        let sweep = Sweep { sweep, engine, to: req.to };
        if sweep.len() > req.to {
            return Err(refuse(&format!("it holds {} heaps, more than --to {}", sweep.len(), req.to)));
        }
        Ok(sweep)
    }
}

impl Sweep {
    fn estimate(engine: &Engine, req: &SweepRequest) -> Result<Cost, AskError> {
        Ok(match req.window(engine).map(|w| w as u64) {
            Some(w) if engine.game().is_grundys_game() => {
                let full = engine.cost(req.to);
                Cost { bytes: w.min(req.to).saturating_mul(engine.bytes_per_heap()), seconds: full.seconds }
            }
            Some(w) => engine.cost_in_window(req.to, w, req.octal.archive),
            None => engine.cost(req.to),
        })
    }

    /// Heaps computed: G(0..len).
    pub fn len(&self) -> u64 {
        match &self.sweep {
            Engineered::Grundy(s) => s.len(),
            Engineered::Plain(s) => s.values().len() as u64,
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
            Engineered::Plain(s) => {
                // The reference, in steps between which the token is checked.
                while (s.values().len() as u64) < end {
                    cancel.check()?;
                    let next = (s.values().len() as u64 + (1 << 16)).min(end);
                    s.run_to(next).map_err(EngineError::from)?;
                    progress(next);
                }
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
            Engineered::Plain(s) => s.values().get(usize::try_from(n).ok()?).map(|&v| u64::from(v)),
            Engineered::Octal(s) => s.held(usize::try_from(n).ok()?).map(u64::from),
        }
    }

    /// The whole state as checkpoint bytes, piece by piece.
    pub fn checkpoint_with(&mut self, mut sink: impl FnMut(&[u8])) {
        match &mut self.sweep {
            Engineered::Grundy(s) => s.checkpoint_with(sink),
            Engineered::Plain(s) => {
                sink(&crate::engine::grundy::checkpoint::encode(SparseSweep::ALGORITHM, s.values(), s.stats()))
            }
            Engineered::Octal(s) => sink(&s.checkpoint()),
        }
    }

    /// What the sweep has found so far.
    pub fn status(&mut self) -> SweepStatus<'_> {
        match &mut self.sweep {
            Engineered::Grundy(s) => SweepStatus::Grundy { stats: s.stats(), first_values: s.first_values() },
            Engineered::Plain(s) => SweepStatus::Grundy { stats: s.stats(), first_values: s.values() },
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
            Engineered::Plain(_) => "plain",
            Engineered::Octal(s) => match s.kernel() {
                OctalKernel::Scalar => "scalar",
                OctalKernel::Portable => "portable",
                OctalKernel::Avx2 => "avx2",
                OctalKernel::Avx512 => "avx512",
                OctalKernel::Dense => "dense",
            },
        }
    }

    /// Threads the sweep runs on.
    pub fn threads(&self) -> usize {
        match &self.sweep {
            Engineered::Grundy(s) => s.threads(),
            Engineered::Plain(_) => 1,
            Engineered::Octal(s) => s.threads(),
        }
    }

    /// The algorithm's name, as summaries and checkpoints record it (Grundy's game).
    pub fn algorithm(&self) -> &'static str {
        match &self.sweep {
            Engineered::Grundy(_) => FastSweep::ALGORITHM,
            Engineered::Plain(_) => SparseSweep::ALGORITHM,
            Engineered::Octal(_) => "octal-sweep/1",
        }
    }
}

/// Refuses `req` when its estimate passes the control's limits.
fn check_cost(cost: Cost, engine: &Engine, req: &SweepRequest, ctl: &Control) -> Result<(), AskError> {
    {
        let limits = ctl.limits;
        if cost.bytes > limits.bytes || cost.seconds > limits.seconds {
            let per_heap = if req.window(engine).is_some() { 0 } else { engine.bytes_per_heap() };
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
