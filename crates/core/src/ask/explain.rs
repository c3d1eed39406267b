//! Worked solutions for learners: normal play's five textbook steps (the mex table, the
//! nim-sum in binary, the targets, every move, the total), the misère quotient's steps, and
//! practice problems checked against them. The command line, the page and the Python
//! package all show these words; none writes its own.

use super::values::check_heap;
use super::{AskError, Control, Session};
use crate::engine::EngineChoice;
use crate::game::Game;
use crate::learn::explain::{worked, ExplainError, Explanation, PeriodNote};
use crate::learn::practice::{problem, PRACTICE_MAX_HEAP};
use crate::period::{can_prove, search_period_from, Method};
use crate::position::exhaustive::SearchSize;
use crate::position::misere_play::{MisereContext, MisereOracle};
use crate::position::model::{analyze_by, check_move_count, Convention, Rule, MAX_LISTED_MOVES};

pub use crate::learn::misere::MisereSolution;

/// A position to explain.
#[derive(Clone, Debug)]
pub struct ExplainRequest {
    /// The game.
    pub game: Game,
    /// The heaps, in the order given.
    pub heaps: Vec<u64>,
    /// Normal play (the five steps) or misère play (the quotient's steps).
    pub rule: Rule,
    /// Which moves count as different.
    pub convention: Convention,
}

/// A worked solution.
#[derive(Clone, Debug)]
pub enum Explained {
    /// Normal play: the five steps.
    Normal {
        /// The game.
        game: Game,
        /// Every number of the solution.
        explanation: Box<Explanation>,
    },
    /// Misère play: the quotient's steps, or the rule or search that answered.
    Misere(Box<MisereSolution>),
}

impl Explained {
    /// The number of winning moves, counted in the request's convention.
    pub fn winning_moves(&self) -> u64 {
        match self {
            Explained::Normal { explanation, .. } => explanation.winning_moves() as u64,
            Explained::Misere(m) => m.winning_moves(),
        }
    }

    /// The solution as text, headed by the game's name and rules.
    pub fn render(&self) -> String {
        match self {
            Explained::Normal { game, explanation } => {
                explanation.render_named(&game.name(), &game.rules(), &|h| game.heap_name(h))
            }
            Explained::Misere(m) => m.render(),
        }
    }

    /// The solution as text headed by another name and rules (the page's, from its menu).
    pub fn render_titled(&self, name: &str, rules: &str) -> String {
        match self {
            Explained::Normal { game, explanation } => explanation.render_named(name, rules, &|h| game.heap_name(h)),
            Explained::Misere(m) => m.render(),
        }
    }
}

/// A practice problem: the heaps its seed draws, the answer (the number of winning moves in
/// the convention asked) and the worked solution.
#[derive(Clone, Debug)]
pub struct Practice {
    /// The seed.
    pub seed: u64,
    /// The heaps, in order.
    pub heaps: Vec<u64>,
    /// The number of winning moves.
    pub answer: u64,
    /// The worked solution.
    pub solution: Explained,
}

/// Values computed when looking for a proved period to mention in step 1 (Kayles proves
/// its period from 168; a game that needs more is explained without the note).
const PERIOD_NOTE_SEARCH: usize = 20_000;

/// Seconds a worked solution of a position past the table may spend looking for a period.
const LARGE_LOOK_SECONDS: f64 = 2.0;

impl Session {
    /// The worked solution of a position.
    pub fn explain(&self, req: &ExplainRequest, ctl: &mut Control) -> Result<Explained, AskError> {
        let game = &req.game;
        if req.heaps.is_empty() {
            return Err(ExplainError::NoHeaps.into());
        }
        for &h in &req.heaps {
            check_heap(game, h)?;
        }
        match req.rule {
            Rule::Normal => self.explain_normal(req, ctl),
            Rule::Misere => self.explain_misere(req, ctl),
        }
    }

    fn explain_normal(&self, req: &ExplainRequest, ctl: &mut Control) -> Result<Explained, AskError> {
        let game = &req.game;
        let largest = req.heaps.iter().copied().max().unwrap_or(0);
        let large = largest > crate::learn::explain::MAX_EXPLAINED_HEAP;
        let values = if large {
            // Only a closed form or a proved period answers such heaps: a short look.
            let limits = ctl.limits;
            ctl.limits.seconds = limits.seconds.min(LARGE_LOOK_SECONDS);
            let values = self.remembered_values(game, EngineChoice::Auto, largest, ctl);
            ctl.limits = limits;
            match values {
                Err(AskError::Cancelled) => return Err(AskError::Cancelled),
                Err(_) => return Err(ExplainError::HeapTooLarge { found: largest }.into()),
                Ok(v) => v,
            }
        } else {
            self.remembered_values(game, EngineChoice::Auto, largest, ctl)?
        };
        let period = match values.method() {
            Method::Period(p) => {
                Some(PeriodNote { preperiod: p.preperiod as u64, period: p.period as u64, proved: true })
            }
            // Only games with a periodicity theorem can have a proved period; for the
            // others a search would compute values (seconds for Grundy's game) for nothing.
            _ if can_prove(game) && !large => self.period_note(game, ctl)?,
            _ => None,
        };
        let explanation = worked(game, &req.heaps, req.convention, &values, period)?;
        Ok(Explained::Normal { game: game.clone(), explanation: Box::new(explanation) })
    }

    /// The period proved within [`PERIOD_NOTE_SEARCH`] values, for step 1.
    fn period_note(&self, game: &Game, ctl: &mut Control) -> Result<Option<PeriodNote>, AskError> {
        let engine = super::position::auto_engine(game)?;
        let mut run = engine.run();
        run.set_cancel(ctl.cancel.clone());
        let (search, _) = search_period_from(&engine, run, PERIOD_NOTE_SEARCH, &mut |_| {})?;
        Ok(search.found.filter(|p| p.proved).map(|p| PeriodNote {
            preperiod: p.preperiod as u64,
            period: p.period as u64,
            proved: true,
        }))
    }

    fn explain_misere(&self, req: &ExplainRequest, ctl: &mut Control) -> Result<Explained, AskError> {
        let game = &req.game;
        let heaps = &req.heaps;
        // A position too large to list (misère Nim at any size): the analysis's own answer.
        if check_move_count(game, heaps, MAX_LISTED_MOVES).is_err() {
            let analyzed = self.analyze(
                &super::PositionRequest::new(game.clone(), heaps.clone(), Rule::Misere, req.convention),
                ctl,
            )?;
            return Ok(Explained::Misere(Box::new(MisereSolution {
                game: game.clone(),
                analysis: analyzed.analysis,
                quotient: None,
            })));
        }
        let max = heaps.iter().copied().max().unwrap_or(0);
        let values = self.remembered_values(game, EngineChoice::Auto, max, ctl)?;
        let context = MisereContext { failures: Some(&self.cache.failures), cancel: ctl.cancel.clone() };
        let mut oracle = MisereOracle::new(game, max, SearchSize::of(game, heaps), &context)?;
        let analysis = analyze_by(game, heaps, req.convention, |n| values.get(n), Some(&mut oracle))?;
        let quotient = oracle.quotient().cloned();
        Ok(Explained::Misere(Box::new(MisereSolution { game: game.clone(), analysis, quotient })))
    }

    /// The practice problem of `seed` (two to four heaps of 1 to [`PRACTICE_MAX_HEAP`]),
    /// with its answer and worked solution.
    pub fn practice(
        &self,
        game: &Game,
        rule: Rule,
        seed: u64,
        convention: Convention,
        ctl: &mut Control,
    ) -> Result<Practice, AskError> {
        // On a graph the heaps are vertices: drawn among those it has.
        let p = problem(seed, game.largest_heap().map_or(PRACTICE_MAX_HEAP, |l| l.min(PRACTICE_MAX_HEAP)));
        let req = ExplainRequest { game: game.clone(), heaps: p.heaps.clone(), rule, convention };
        let solution = self.explain(&req, ctl)?;
        Ok(Practice { seed, heaps: p.heaps, answer: solution.winning_moves(), solution })
    }
}
