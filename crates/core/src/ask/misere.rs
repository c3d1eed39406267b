//! Misère play beyond single positions: the misère quotient of a game for heaps up to a
//! bound, the genus of single heaps, and which single heaps are misère P-positions.

use super::{AskError, Control, Progress, Session};
use crate::engine::cost::{check_misere_quotient, genus_cost, misere_quotient_cost};
use crate::engine::misere::{Genus, MisereQuotient, QuotientBounds};
use crate::engine::Engine;
use crate::game::Game;
use crate::position::misere_play::losing_single_heaps;

/// The misère quotient of `game` for heaps 0..=`to`.
#[derive(Clone, Debug)]
pub struct QuotientRequest {
    /// The game.
    pub game: Game,
    /// The largest heap.
    pub to: u64,
    /// Go on to `to` even once the pretending function meets MisereSolver's stop rule.
    pub full: bool,
    /// How large the quotient and the work may grow (`None`: the defaults, |Q| <= 4096).
    pub bounds: Option<QuotientBounds>,
}

impl QuotientRequest {
    /// The quotient of `game` to heap `to`, stopping at the stop rule, within the default bounds.
    pub fn new(game: Game, to: u64) -> QuotientRequest {
        QuotientRequest { game, to, full: false, bounds: None }
    }
}

/// The genus of single heaps 0..=`to`.
#[derive(Clone, Debug)]
pub struct GenusRequest {
    /// The game.
    pub game: Game,
    /// The largest heap.
    pub to: u64,
}

impl Session {
    /// The misère quotient (Plambeck and Siegel), heap by heap, stopping at MisereSolver's
    /// stop rule unless `full`.
    pub fn quotient(&self, req: &QuotientRequest, ctl: &mut Control) -> Result<MisereQuotient, AskError> {
        match self.quotient_reached(req, ctl) {
            (Some(q), None) => Ok(q),
            (_, Some(e)) => Err(e),
            (None, None) => unreachable!("a quotient or an error"),
        }
    }

    /// [`Session::quotient`], keeping the quotient of the heaps done when a bound stops the
    /// work (a census records how far it got) beside the error.
    pub fn quotient_reached(
        &self,
        req: &QuotientRequest,
        ctl: &mut Control,
    ) -> (Option<MisereQuotient>, Option<AskError>) {
        if let Err(e) = super::loopy::refuse_misere(&req.game) {
            return (None, Some(e));
        }
        // Weighed before it starts (issue 35: `quotient --game .07 --to 10^6` was silent for
        // 12 s, then refused at heap 34), with progress that follows the same model.
        if let Err(e) = check_misere_quotient(&req.game, req.to, ctl.limits) {
            return (None, Some(AskError::QuotientCost(e)));
        }
        let cancel = ctl.cancel.clone();
        let total = req.to;
        let model_total = misere_quotient_cost(&req.game, total).seconds;
        let (q, e) = MisereQuotient::compute_partial(
            &req.game,
            req.to,
            !req.full,
            req.bounds.unwrap_or_default(),
            &mut |done| {
                let model_done = misere_quotient_cost(&req.game, done).seconds;
                ctl.report(Progress { done, total, unit: "heaps", model_done, model_total })
            },
            &cancel,
        );
        (q, e.map(AskError::from))
    }

    /// Conway's genus of each single heap 0..=`to`, as CGSuite prints it.
    pub fn genus(&self, req: &GenusRequest, ctl: &mut Control) -> Result<Vec<Genus>, AskError> {
        super::loopy::refuse_misere(&req.game)?;
        // The genus is bounded by its heap limit (40), and the slowest game measured takes
        // 1.5 s there: that bound is its estimate, refused past the limits like every job.
        let cost = genus_cost(req.to);
        if cost.seconds > ctl.limits.seconds || cost.bytes > ctl.limits.bytes {
            return Err(AskError::GenusCost { game: req.game.name(), to: req.to, cost, limits: ctl.limits });
        }
        Ok(Engine::genus(&req.game, req.to, &ctl.cancel)?)
    }

    /// The single heaps among 0..count that are misère P-positions (the player to move
    /// loses when whoever makes the last move loses).
    pub fn misere_p_heaps(&self, game: &Game, count: u64, ctl: &mut Control) -> Result<Vec<u64>, AskError> {
        ctl.cancel.check()?;
        super::loopy::refuse_misere(game)?;
        match count.checked_sub(1) {
            Some(last) => Ok(losing_single_heaps(game, last)?),
            None => Ok(Vec::new()),
        }
    }
}
