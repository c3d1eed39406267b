//! Estimates: what a request would cost before it runs, by the engines' models
//! ([`crate::engine::cost`]), so that a server can admit, queue or refuse work without
//! starting it. An estimate is a plan, not a promise: a request is still refused by its
//! [`super::Limits`] when it runs, and stopped by its token.

use super::{Cost, PositionRequest, Session, TableRequest};
use crate::engine::{Engine, EngineChoice};
use crate::game::Game;
use crate::position::model::Rule;

/// Seconds an analysis takes for each move it may list (its words, its reason and its
/// JSON in the page's server): four Kayles rows of 1,000, 12,036 moves, in about 30 ms on
/// the 2-core EPYC (debug profile at opt-level 2).
pub const SECONDS_PER_LISTED_MOVE: f64 = 2.5e-6;

/// Seconds a misère analysis outside misère Nim's rule is counted at, on top of its values:
/// the quotient's growth has no model, so a nominal cost that marks it as heavy work.
pub const MISERE_SECONDS: f64 = 0.1;

impl Session {
    /// What the table would cost: nothing when the session's cache or a closed form already
    /// covers it, else the chosen engine's model of G(0..count).
    pub fn estimate_table(&self, req: &TableRequest) -> Cost {
        if req.resume.is_some() {
            return free();
        }
        self.estimate_values(&req.game, req.engine, req.count.saturating_sub(1))
    }

    /// What the analysis would cost: its values (as [`Session::estimate_table`]), each move
    /// it may list ([`SECONDS_PER_LISTED_MOVE`]) and, under misère play outside misère Nim's
    /// rule, [`MISERE_SECONDS`].
    pub fn estimate_position(&self, req: &PositionRequest) -> Cost {
        let max = req.heaps.iter().copied().max().unwrap_or(0);
        let mut cost = self.estimate_values(&req.game, EngineChoice::Auto, max);
        let moves = req.heaps.iter().fold(0u64, |b, &n| b.saturating_add(req.game.heap_move_bound(n)));
        cost.seconds += moves.min(req.max_listed) as f64 * SECONDS_PER_LISTED_MOVE;
        if req.rule == Rule::Misere && !req.game.has_misere_nim_rule() {
            cost.seconds += MISERE_SECONDS;
        }
        cost
    }

    /// G(0..=max_heap): nothing when cached or by a closed form, else the engine's model (a
    /// game no engine takes costs nothing: it is refused at once when asked).
    fn estimate_values(&self, game: &Game, choice: EngineChoice, max_heap: u64) -> Cost {
        let Ok(engine) = Engine::choose(game, choice) else { return free() };
        if choice == EngineChoice::Auto && game.largest_heap().is_none() {
            let tables = self.cache.tables.lock().unwrap_or_else(|e| e.into_inner());
            if tables.get(&game.name()).is_some_and(|v| v.covers(max_heap)) {
                return free();
            }
        }
        engine.cost(max_heap.saturating_add(1))
    }
}

fn free() -> Cost {
    Cost { bytes: 0, seconds: 0.0 }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ask::{Control, Convention};

    #[test]
    fn a_cached_table_costs_nothing_and_misere_is_heavier() {
        let session = Session::new();
        let game = Game::parse("kayles").unwrap();
        let table = TableRequest::new(game.clone(), 2000, EngineChoice::Auto);
        assert!(session.estimate_table(&table).seconds > 0.0);
        session.table(&table, &mut Control::unlimited()).unwrap();
        assert_eq!(session.estimate_table(&table).seconds, 0.0);
        let normal = PositionRequest::new(game.clone(), vec![1000, 900], Rule::Normal, Convention::Heaps);
        let misere = PositionRequest { rule: Rule::Misere, ..normal.clone() };
        let (n, m) = (session.estimate_position(&normal).seconds, session.estimate_position(&misere).seconds);
        assert!(n > 0.0 && m >= n + MISERE_SECONDS, "{n} {m}");
        let nim = PositionRequest::new(Game::parse("nim").unwrap(), vec![3], Rule::Misere, Convention::Heaps);
        assert!(session.estimate_position(&nim).seconds < 1e-3);
    }
}
